#ifndef UDF_CSQLITE_SHIM_H
#define UDF_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot call C variadic functions, so each sqlite3_db_config verb we use
// gets a fixed-signature wrapper.
static inline int udf_sqlite3_db_config_int(sqlite3 *db, int op, int value) {
    int current = 0;
    return sqlite3_db_config(db, op, value, &current);
}

// sqlite3_config is variadic too; this verb takes an int.
static inline int udf_sqlite3_config_int(int op, int value) {
    return sqlite3_config(op, value);
}

// SQLITE_TRANSIENT is a macro cast of -1 that Swift cannot import.
static inline sqlite3_destructor_type udf_sqlite3_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
