#pragma once
// A lobby's key as its secure channel proves it (lobby/protocol/handshake.hpp), asked by a
// connection that never logs in; and a person's yes or no to trusting it.
#include <chrono>
#include <optional>
#include <string>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"

namespace parley::cli {

// The key the lobby at `endpoint` proves, or why there is none (no answer within `patience`,
// another protocol, a failed handshake).
game::Result<crypto::PublicKey, std::string> ask_lobby_key(const lobby::Endpoint& endpoint,
                                                           std::chrono::milliseconds patience = std::chrono::seconds(10));

// Asks `question` on standard error and reads a line from standard input: true for y or yes.
// `assume_yes` answers yes without asking; input that ends or is not a terminal answers no
// (unless assume_yes).
bool confirm(const std::string& question, bool assume_yes);

}  // namespace parley::cli
