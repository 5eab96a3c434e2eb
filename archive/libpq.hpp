#pragma once
// The archive's handle on libpq (pg/libpq.hpp loads it on first use), failing as the archive's
// SqlError when it cannot be loaded.
#include "pg/libpq.hpp"

namespace parley::archive {

using Libpq = pg::Libpq;

// Throws SqlError naming the library and why it could not be loaded.
const Libpq& libpq();

}  // namespace parley::archive
