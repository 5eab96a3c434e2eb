#pragma once
// libpq, loaded the first time a PostgreSQL archive is opened rather than linked: most `parley`
// commands never open one, and linking it made every command load some twenty more libraries
// (Kerberos, LDAP, TLS) at start, about 7 ms of each (docs/performance.md, "Archive").
#include <libpq-fe.h>

namespace parley::archive {

// The libpq functions PostgresConnection calls, by their libpq names less the "PQ".
struct Libpq {
  decltype(&PQconnectdb) connectdb;
  decltype(&PQstatus) status;
  decltype(&PQerrorMessage) errorMessage;
  decltype(&PQfinish) finish;
  decltype(&PQexec) exec;
  decltype(&PQprepare) prepare;
  decltype(&PQexecPrepared) execPrepared;
  decltype(&PQresultStatus) resultStatus;
  decltype(&PQclear) clear;
  decltype(&PQntuples) ntuples;
  decltype(&PQnfields) nfields;
  decltype(&PQgetisnull) getisnull;
  decltype(&PQgetvalue) getvalue;
  decltype(&PQgetlength) getlength;
  decltype(&PQftype) ftype;
};

// Loaded once per process, on the first call from any thread. Throws SqlError naming the library
// and why it could not be loaded (not installed, or a function missing from it).
const Libpq& libpq();

}  // namespace parley::archive
