// read_client_memory on arbitrary text (<data>/client.txt, which a person may edit): never a
// crash; what it keeps is within its bounds, every lobby a HOST:PORT once, and it reads back the
// same from the text format_client_memory writes for it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "lobby/protocol/endpoint.hpp"
#include "ui/core/client_memory.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parley;
  const ui::ClientMemory memory = ui::read_client_memory({reinterpret_cast<const char*>(data), size});
  if (memory.lobbies.size() > ui::kMaxRememberedLobbies) std::abort();
  for (const auto& address : memory.lobbies) {
    if (!lobby::parse_endpoint(address)) std::abort();
    if (std::count(memory.lobbies.begin(), memory.lobbies.end(), address) != 1) std::abort();
  }
  if (ui::read_client_memory(ui::format_client_memory(memory)) != memory) std::abort();
  return 0;
}
