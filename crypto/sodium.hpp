#pragma once
// libsodium must be initialised once before its random generator and its fastest
// implementations are used. Every entry point of parley_crypto that needs it calls
// ensure_sodium(); the first call runs sodium_init(), later calls cost one atomic load.

namespace parley::crypto {

// Aborts the process if libsodium cannot initialise (no entropy source): nothing in this
// library can be used safely without it.
void ensure_sodium();

}  // namespace parley::crypto
