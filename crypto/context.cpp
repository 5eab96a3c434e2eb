#include "crypto/context.hpp"

#include <sodium.h>

#include "crypto/sodium.hpp"

namespace parley::crypto {

SessionId SessionId::random() {
  ensure_sodium();
  SessionId id;
  randombytes_buf(id.bytes.data(), id.bytes.size());
  return id;
}

}  // namespace parley::crypto
