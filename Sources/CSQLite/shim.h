// The system's SQLite for the sandbox's state: pkg-config's on Linux, the SDK's on Apple
// platforms.
#ifndef CARD_SERVICE_CSQLITE_SHIM_H
#define CARD_SERVICE_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift does not import: the
// destructor argument that makes SQLite copy a bound text or blob before the call returns.
static inline sqlite3_destructor_type card_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
