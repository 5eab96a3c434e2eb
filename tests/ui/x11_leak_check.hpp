#pragma once
// Leak checking in the end-to-end tests that open a real X11 window (Xvfb).
//
// SDL loads and unloads the X11 and D-Bus libraries, which keep a few blocks for the process's
// life; their frames cannot be named after the unload, and LeakSanitizer's end-of-process scan
// of the threads' TLS can even crash on what the unload left behind (seen as "Tracer caught
// signal 11" after a passing test). So these binaries run without LeakSanitizer; our own code is
// checked for leaks by every other test (dummy video driver, no X). AddressSanitizer's other
// checks stay on.
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>

// Defined here, so this header belongs to one source file per test binary.
extern "C" int __lsan_is_turned_off() { return 1; }
using LeakCheckPause = __lsan::ScopedDisabler;
#else
// Without AddressSanitizer there is nothing to pause; the destructor makes it a guard to the
// compiler too, so that a test that only declares one is not warned about an unused variable.
struct LeakCheckPause {
  ~LeakCheckPause() {}
};
#endif
