#pragma once
// libpq, loaded the first time a PostgreSQL database is opened rather than linked: most `parley`
// commands never open one, and linking it made every command load some twenty more libraries
// (Kerberos, LDAP, TLS) at start, about 7 ms of each (docs/performance.md, "Archive"). Shared by
// the archive's PostgreSQL back end and the lobby's cluster store (docs/lobby.md, "Cluster").
#include <libpq-fe.h>

#include <string>

namespace parley::pg {

// The libpq functions parley calls, by their libpq names less the "PQ".
struct Libpq {
  decltype(&PQconnectdb) connectdb;
  decltype(&PQconnectdbParams) connectdbParams;
  decltype(&PQstatus) status;
  decltype(&PQerrorMessage) errorMessage;
  decltype(&PQfinish) finish;
  decltype(&PQexec) exec;
  decltype(&PQprepare) prepare;
  decltype(&PQexecPrepared) execPrepared;
  decltype(&PQresultStatus) resultStatus;
  decltype(&PQresultErrorField) resultErrorField;
  decltype(&PQresultErrorMessage) resultErrorMessage;
  decltype(&PQclear) clear;
  decltype(&PQntuples) ntuples;
  decltype(&PQnfields) nfields;
  decltype(&PQgetisnull) getisnull;
  decltype(&PQgetvalue) getvalue;
  decltype(&PQgetlength) getlength;
  decltype(&PQftype) ftype;
  decltype(&PQcmdTuples) cmdTuples;
  decltype(&PQsocket) socket;
  decltype(&PQconsumeInput) consumeInput;
  decltype(&PQnotifies) notifies;
  decltype(&PQfreemem) freemem;
  decltype(&PQsendQueryPrepared) sendQueryPrepared;
  decltype(&PQgetResult) getResult;
  decltype(&PQenterPipelineMode) enterPipelineMode;
  decltype(&PQexitPipelineMode) exitPipelineMode;
  decltype(&PQpipelineSync) pipelineSync;
  decltype(&PQtransactionStatus) transactionStatus;
};

// Loaded once per process, on the first call from any thread: the functions, or nullptr with
// `why` naming the library and why it could not be loaded (not installed, or a function missing
// from it: pipelines need libpq 14).
const Libpq* load_libpq(std::string& why);

}  // namespace parley::pg
