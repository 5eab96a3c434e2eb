#pragma once
// The game log (.plog) is defined beside the transcript it stores (lobby/protocol/game_log.hpp)
// because the lobby archives rooms in it too; the session layer reads and writes it by these
// names.
#include "lobby/protocol/game_log.hpp"

namespace parley::peer {

using lobby::decode_log;
using lobby::GameLog;
using lobby::kMaxLogEntries;
using lobby::LogError;
using lobby::LogErrorKind;

}  // namespace parley::peer
