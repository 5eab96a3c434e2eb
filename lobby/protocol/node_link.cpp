#include "lobby/protocol/node_link.hpp"

#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace {

using game::ByteWriter;

void write(ByteWriter& w, const LinkLogin& m) {
  write_header(w, WireTag::link_login);
  write_certificate(w, m.certificate);
}
LinkLogin read_link_login(WireReader& r) { return LinkLogin{read_certificate(r)}; }

void write(ByteWriter& w, const LinkWelcome&) { write_header(w, WireTag::link_welcome); }
LinkWelcome read_link_welcome(WireReader&) { return LinkWelcome{}; }

void write(ByteWriter& w, const LinkAttach& m) {
  write_header(w, WireTag::link_attach);
  w.u64(m.vc);
  w.raw(m.key.bytes());
  w.text(m.name);
  w.u32(m.address);
}
LinkAttach read_link_attach(WireReader& r) {
  std::uint64_t vc = r.u64();
  auto key = read_key(r);
  std::string name = r.text(kMaxDisplayNameBytes);
  std::uint32_t address = r.u32();
  return LinkAttach{vc, key.value_or(any_valid_key()), std::move(name), address};
}

void write(ByteWriter& w, const LinkDetach& m) {
  write_header(w, WireTag::link_detach);
  w.u64(m.vc);
}
LinkDetach read_link_detach(WireReader& r) { return LinkDetach{r.u64()}; }

void write(ByteWriter& w, const LinkRequest& m) {
  write_header(w, WireTag::link_request);
  w.u64(m.vc);
  w.bytes(m.message);
}
LinkRequest read_link_request(WireReader& r) {
  std::uint64_t vc = r.u64();
  return LinkRequest{vc, r.bytes(kMaxMessageBytes)};
}

void write(ByteWriter& w, const LinkDeliver& m) {
  write_header(w, WireTag::link_deliver);
  w.u32(static_cast<std::uint32_t>(m.vcs.size()));
  for (std::uint64_t vc : m.vcs) w.u64(vc);
  w.bytes(m.message);
}
LinkDeliver read_link_deliver(WireReader& r) {
  LinkDeliver m;
  std::size_t n = r.count(kMaxDeliverRecipients);
  // Each recipient takes 8 bytes: a count the input cannot hold fails before anything is reserved.
  if (!r.failed() && n > r.remaining() / 8) r.fail(WireError::truncated);
  if (!r.failed()) m.vcs.reserve(n);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) m.vcs.push_back(r.u64());
  if (!r.failed() && n == 0) r.fail(WireError::bad_value);
  m.message = r.bytes(kMaxMessageBytes);
  return m;
}

void write(ByteWriter& w, const LinkClose& m) {
  write_header(w, WireTag::link_close);
  w.u64(m.vc);
}
LinkClose read_link_close(WireReader& r) { return LinkClose{r.u64()}; }

template <class ReadFn>
auto decode_link_with(std::span<const std::uint8_t> bytes, WireTag tag, ReadFn read) {
  WireReader r(bytes);
  r.header(tag);
  auto value = read(r);
  return r.finish(std::move(value));
}

template <class T>
game::Result<LinkMessage, WireError> widen_link(game::Result<T, WireError>&& r) {
  if (!r) return r.error();
  return LinkMessage{std::move(r).value()};
}

}  // namespace

Bytes encode(const LinkMessage& message) {
  ByteWriter w;
  std::visit([&](const auto& m) { write(w, m); }, message);
  return std::move(w).take();
}

Bytes encode_link_deliver(std::span<const std::uint64_t> vcs, std::span<const std::uint8_t> message) {
  ByteWriter w;
  write_header(w, WireTag::link_deliver);
  w.u32(static_cast<std::uint32_t>(vcs.size()));
  for (std::uint64_t vc : vcs) w.u64(vc);
  w.bytes(message);
  return std::move(w).take();
}

Bytes encode_link_request(std::uint64_t vc, std::span<const std::uint8_t> message) {
  ByteWriter w;
  write_header(w, WireTag::link_request);
  w.u64(vc);
  w.bytes(message);
  return std::move(w).take();
}

game::Result<LinkMessage, WireError> decode_link_message(std::span<const std::uint8_t> bytes) {
  auto tag = peek_tag(bytes);
  if (!tag) return WireError::truncated;
  switch (*tag) {
    case WireTag::link_login: return widen_link(decode_link_with(bytes, *tag, read_link_login));
    case WireTag::link_welcome: return widen_link(decode_link_with(bytes, *tag, read_link_welcome));
    case WireTag::link_attach: return widen_link(decode_link_with(bytes, *tag, read_link_attach));
    case WireTag::link_detach: return widen_link(decode_link_with(bytes, *tag, read_link_detach));
    case WireTag::link_request: return widen_link(decode_link_with(bytes, *tag, read_link_request));
    case WireTag::link_deliver: return widen_link(decode_link_with(bytes, *tag, read_link_deliver));
    case WireTag::link_close: return widen_link(decode_link_with(bytes, *tag, read_link_close));
    default: return WireError::wrong_kind;
  }
}

}  // namespace parley::lobby
