#include "archive/libpq.hpp"

#include <string>

#include "archive/sql.hpp"

namespace parley::archive {

const Libpq& libpq() {
  std::string why;
  const Libpq* pq = pg::load_libpq(why);
  if (pq == nullptr) throw SqlError(why);
  return *pq;
}

}  // namespace parley::archive
