#include "lobby/server/round.hpp"

#include <utility>

namespace parley::lobby {

void RoundInProgress::send(std::vector<ConnectionId> to, Bytes message) {
  if (to.empty()) return;
  out.messages.push_back(Outgoing{std::make_shared<const Bytes>(std::move(message)), std::move(to)});
}

}  // namespace parley::lobby
