#include "cli/event_folder.hpp"

#include <sys/stat.h>

#include <chrono>
#include <fstream>

#include "event/bundle.hpp"
#include "peer/net/store.hpp"

namespace parley::cli {

namespace fs = std::filesystem;

game::Result<game::Bytes, std::string> read_file_bounded(const fs::path& path, std::size_t max) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return path.string() + ": " + (fs::exists(path, ec) ? "not a regular file" : "no such file");
  const auto size = fs::file_size(path, ec);
  if (ec) return path.string() + ": " + ec.message();
  if (size > max) return path.string() + ": larger than " + std::to_string(max) + " bytes";
  std::ifstream in(path, std::ios::binary);
  game::Bytes bytes(static_cast<std::size_t>(size));
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!in || static_cast<std::size_t>(in.gcount()) != bytes.size()) return path.string() + ": cannot read";
  return bytes;
}

game::Result<bool, std::string> write_document(const fs::path& path, std::span<const std::uint8_t> bytes) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);  // its folder is synced too: never ""
  auto written = peer::write_file_durably(ec ? path : absolute, bytes, 0644);
  if (!written) return written.error().detail;
  return true;
}

std::vector<event::Pairings> EventFolder::plain_pairings() const {
  std::vector<event::Pairings> out;
  for (const auto& p : pairings) out.push_back(p.pairings);
  return out;
}

std::vector<event::Results> EventFolder::plain_results() const {
  std::vector<event::Results> out;
  for (const auto& r : results) out.push_back(r.results);
  return out;
}

game::Result<event::History, event::HistoryError> EventFolder::history() const {
  const auto p = plain_pairings();
  const auto r = plain_results();
  return event::History::build(event(), p, r);
}

game::Result<EventFolder, std::string> open_event_folder(const std::string& file) {
  EventFolder f;
  f.file = file;
  f.dir = f.file.has_parent_path() ? f.file.parent_path() : fs::path(".");
  auto bytes = read_file_bounded(f.file, kMaxDocumentBytes);
  if (!bytes) return bytes.error();
  auto decoded = event::decode_event(*bytes);
  if (!decoded) return file + ": not an event file (" + std::string(event::describe(decoded.error())) + ")";
  if (!event::verify_event(*decoded)) return file + ": the organizer's signature does not verify";
  f.signed_event = std::move(decoded).value();
  if (auto problem = event::check_event(f.event()))
    return file + ": " + std::string(event::describe(problem->problem));
  const crypto::PublicKey& organizer = f.event().organizer;
  for (std::uint16_t round = 1; round <= f.event().rounds; ++round) {
    const fs::path p = f.path(event::pairings_file(round));
    std::error_code ec;
    if (!fs::exists(p, ec)) break;
    auto pb = read_file_bounded(p, kMaxDocumentBytes);
    if (!pb) return pb.error();
    auto pairings = event::decode_pairings(*pb);
    if (!pairings) return p.string() + ": " + std::string(event::describe(pairings.error()));
    if (!event::verify_pairings(organizer, *pairings)) return p.string() + ": the organizer's signature does not verify";
    f.pairings.push_back(std::move(pairings).value());
    const fs::path r = f.path(event::results_file(round));
    if (!fs::exists(r, ec)) continue;
    if (f.results.size() + 1 != f.pairings.size()) return r.string() + ": an earlier round has no results";
    auto rb = read_file_bounded(r, kMaxDocumentBytes);
    if (!rb) return rb.error();
    auto results = event::decode_results(*rb);
    if (!results) return r.string() + ": " + std::string(event::describe(results.error()));
    if (!event::verify_results(organizer, *results)) return r.string() + ": the organizer's signature does not verify";
    f.results.push_back(std::move(results).value());
  }
  if (f.pairings.size() > f.results.size() + 1)
    return f.path(event::pairings_file(static_cast<std::uint16_t>(f.results.size() + 2))).string() +
           ": paired before the round before it has results";
  if (auto h = f.history(); !h)
    return file + ": round " + std::to_string(h.error().round) + ": " + std::string(event::describe(h.error().problem));
  return f;
}

game::Result<crypto::Identity, std::string> load_signing_identity(const std::string& file) {
  fs::path path = file;
  if (path.empty()) {
    auto default_path = crypto::default_identity_path();
    if (!default_path) return "no place for your key: " + std::string(crypto::describe(default_path.error()));
    path = *default_path;
  }
  auto identity = crypto::load_or_create_identity(path);
  if (!identity) return path.string() + ": " + std::string(crypto::describe(identity.error()));
  return std::move(identity).value();
}

std::uint64_t now_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}

}  // namespace parley::cli
