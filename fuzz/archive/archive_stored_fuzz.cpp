// The archive's decoders of stored data: the movetext and comments of PositionSearch/Comment
// (rebuild_pgn), a compressed log with its recorded size (inflate_bytes), a log on its way in
// (record_from_log), and a packed block of the position index (decode_position_block). The first
// byte picks one; none may crash, a game that rebuilds must go through the archive again
// unchanged, and a block that decodes must encode to the same bytes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "archive/compress.hpp"
#include "archive/position_index.hpp"
#include "archive/record.hpp"

using namespace parley;

namespace {

game::Result<game::chess::pgn::Game, archive::RebuildError> through_archive(const game::chess::pgn::Game& game) {
  archive::GameRecord record = archive::record_from_pgn(game);
  archive::StoredPgn stored{{}, record.result, *record.moves, record.comments};
  for (const auto& t : record.extra_tags) stored.tags.push_back(t);
  return archive::rebuild_pgn(stored);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const std::uint8_t mode = data[0] % 4;
  const std::size_t n = data[1] | std::size_t{data[2]} << 8;
  std::span<const std::uint8_t> rest(data + 3, size - 3);
  switch (mode) {
    case 0: {
      archive::StoredPgn stored;
      stored.result = "*";
      stored.moves.assign(reinterpret_cast<const char*>(rest.data()), rest.size());
      stored.comments.assign(n % 8, "c");
      auto game = archive::rebuild_pgn(stored);
      if (!game) break;
      // Whatever the reader accepts must go through the archive and come back, and a second
      // pass must change nothing (PGN → archive → PGN is stable).
      auto once = through_archive(*game);
      if (!once) __builtin_trap();
      auto twice = through_archive(*once);
      if (!twice || game::chess::pgn::write(*twice) != game::chess::pgn::write(*once)) __builtin_trap();
      break;
    }
    case 1: {
      auto inflated = archive::inflate_bytes(rest, n);
      if (inflated && archive::inflate_bytes(archive::deflate_bytes(*inflated), n).value() != *inflated)
        __builtin_trap();
      break;
    }
    case 3: {
      // n picks the key group. Only the canonical encoding decodes, so it must encode back to
      // the very same bytes.
      auto entries = archive::decode_position_block(n, 0, rest);
      if (entries && archive::encode_position_block(*entries, 0) != game::Bytes(rest.begin(), rest.end()))
        __builtin_trap();
      break;
    }
    default: {
      auto record = archive::record_from_log(rest);
      (void)record;
      break;
    }
  }
  return 0;
}
