#include "pg/libpq.hpp"

#include <dlfcn.h>

#include <variant>

namespace parley::pg {

namespace {

// libpq's soname has been libpq.so.5 since PostgreSQL 8.0; Debian ships it in libpq5.
constexpr const char* kLibpqSoname = "libpq.so.5";

template <class Function>
bool bind(void* library, const char* name, Function& out) {
  out = reinterpret_cast<Function>(::dlsym(library, name));
  return out != nullptr;
}

std::variant<Libpq, std::string> load() {
  // Never closed: connections may live until the process ends.
  void* library = ::dlopen(kLibpqSoname, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* why = ::dlerror();
    return std::string("PostgreSQL needs libpq (Debian package libpq5): ") + (why ? why : kLibpqSoname);
  }
  Libpq pq{};
  const char* missing = nullptr;
  auto need = [&](const char* name, auto& function) {
    if (!missing && !bind(library, name, function)) missing = name;
  };
  need("PQconnectdb", pq.connectdb);
  need("PQconnectdbParams", pq.connectdbParams);
  need("PQstatus", pq.status);
  need("PQerrorMessage", pq.errorMessage);
  need("PQfinish", pq.finish);
  need("PQexec", pq.exec);
  need("PQprepare", pq.prepare);
  need("PQexecPrepared", pq.execPrepared);
  need("PQresultStatus", pq.resultStatus);
  need("PQresultErrorField", pq.resultErrorField);
  need("PQresultErrorMessage", pq.resultErrorMessage);
  need("PQclear", pq.clear);
  need("PQntuples", pq.ntuples);
  need("PQnfields", pq.nfields);
  need("PQgetisnull", pq.getisnull);
  need("PQgetvalue", pq.getvalue);
  need("PQgetlength", pq.getlength);
  need("PQftype", pq.ftype);
  need("PQcmdTuples", pq.cmdTuples);
  need("PQsocket", pq.socket);
  need("PQconsumeInput", pq.consumeInput);
  need("PQnotifies", pq.notifies);
  need("PQfreemem", pq.freemem);
  need("PQsendQueryPrepared", pq.sendQueryPrepared);
  need("PQgetResult", pq.getResult);
  need("PQenterPipelineMode", pq.enterPipelineMode);
  need("PQexitPipelineMode", pq.exitPipelineMode);
  need("PQpipelineSync", pq.pipelineSync);
  need("PQtransactionStatus", pq.transactionStatus);
  if (missing) return std::string(kLibpqSoname) + " has no " + missing + ": too old a libpq (14 or later is needed)";
  return pq;
}

}  // namespace

const Libpq* load_libpq(std::string& why) {
  static const std::variant<Libpq, std::string> loaded = load();
  if (const auto* failure = std::get_if<std::string>(&loaded)) {
    why = *failure;
    return nullptr;
  }
  return &std::get<Libpq>(loaded);
}

}  // namespace parley::pg
