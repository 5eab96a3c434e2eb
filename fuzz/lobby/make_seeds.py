#!/usr/bin/env python3
"""Writes the seed corpora of the lobby fuzz targets (docs/lobby.md has the encodings).
Run from this folder: python3 make_seeds.py. Envelopes and entries are signed by keys other than
the ones the fuzz targets check against, as a forger's would be."""
import os
import struct
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives import serialization


def u8(v): return struct.pack('<B', v)
def u16(v): return struct.pack('<H', v)
def u32(v): return struct.pack('<I', v)
def u64(v): return struct.pack('<Q', v)
def field(b): return u32(len(b)) + b
def label(p): return field(b'parley/' + p + b'/v1')


def key(seed):
    sk = Ed25519PrivateKey.from_private_bytes(seed)
    return sk, sk.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def sign(sk, purpose, ctx, msg): return sk.sign(label(purpose) + field(ctx) + field(msg))


lobby_sk, lobby_pk = key(bytes([7] * 32))
a_sk, a_pk = key(bytes([8] * 32))
b_sk, b_pk = key(bytes([9] * 32))
session = bytes(range(32))


def hdr(tag): return u8(tag) + u8(1)


envelope = hdr(128) + session + u8(1) + u64(0) + bytes(32) + u16(3) + field(b'e2e4')
signed_envelope = envelope + sign(b_sk, b'envelope', session, envelope)
genesis = hdr(129) + u64(0) + u64(1700000000000) + bytes(32) + u8(0) + field(b'chess') + field(b'') + u8(2) + a_pk + b_pk + session
presence = hdr(129) + u64(2) + u64(1700000000005) + bytes(32) + u8(2) + u8(1) + u8(1)
env_entry = hdr(129) + u64(1) + u64(1700000000001) + bytes(32) + u8(1) + signed_envelope
# A cluster: the lobby key certifies node key a; a certified genesis and a handover.
cert_body = hdr(130) + lobby_pk + a_pk + u64(1600000000000) + u64(1800000000000)
certificate = cert_body + sign(lobby_sk, b'lobby-node-certificate', lobby_pk, cert_body)
certified_genesis = (hdr(129) + u64(0) + u64(1700000000000) + bytes(32) + u8(3) + field(b'chess') + field(b'') + u8(2) +
                     a_pk + b_pk + session + certificate)
handover = hdr(129) + u64(3) + u64(1700000000009) + bytes(32) + u8(4) + certificate + u64(2)

def lan_answer(sk, nonce, fields):
    body = u8(75) + u8(2) + nonce + fields
    return body + sign(sk, b'lan-answer', nonce, body)


CLIENT_HELLO = '0e010200358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254'
LOBBY_HELLO = ('4c0179a631eede1bf9c98f12032cdeadd0e7a079398fc786b88cc846ec89af85a51adce5481de49293efd2aa2a41672b7377821fe0'
               'bd8c9f7235d44d9b5ac1bd635273cfe328c2afcb7b14d76b2c415f3c61d9483b069e7c857bf45efb77889af9f6de46d126b89680bc'
               '42dea103c564f3437a5468187f02eba1182b32d7d4611486b088d128bbab8e4602ecbe70c42cc8d2')
CLIENT_PROOF = ('0f014df12a2a7ae1271fcc9d94bcac4efb7e57f1e419c4de763907eb107c187ee8163b54a82923ab1d0ef9f5e7fdcadf378e152197'
                '2398457fe952e4733d3f2ecf3ff6b7a5a3ff3a23e8b0757587f2d427205df5819330cf89f844b774bbae29b2d056aa1cb66b16d374'
                '9e70dd826b81d4d6')

seeds = {
    'lobby_client_message_fuzz': {
        # Login is at format version 2: the key is the one the secure channel proved.
        'login': u8(1) + u8(2) + u32(1) + field(b'Ada'),
        'create_room': hdr(2) + u32(2) + field(b'risiko') + u8(6) + field(b'\x01') + u8(1),
        # Reserved seats (an event's board): CreateRoom at version 2, a key a seat.
        'create_reserved': u8(2) + u8(2) + u32(2) + field(b'chess') + u8(2) + field(b'\x01') + u8(1) + u8(2) + a_pk + b_pk,
        'list_rooms': hdr(3) + u32(3) + field(b'') + u64(0),
        'join_room': hdr(4) + u32(4) + u64(0) + field(b'abcdefgh23') + u8(1),
        'chat': hdr(9) + u32(5) + u64(1) + field('héllo'.encode()),
        'post': hdr(10) + u32(6) + u64(1) + signed_envelope,
        'fetch': hdr(11) + u32(7) + u64(1) + u64(0),
        'status': hdr(12) + u32(8),
        # The lobby's common room: watch it, list who is online (from the first; after a key), chat in it.
        'watch_lobby': hdr(16) + u32(9) + u8(1),
        'list_players': hdr(17) + u32(10) + u8(0),
        'list_players_after': hdr(17) + u32(11) + u8(1) + a_pk,
        'lobby_chat': hdr(9) + u32(12) + u64(0) + field(b'anyone for chess?'),
    },
    'lobby_lobby_message_fuzz': {
        'welcome': hdr(65) + u32(1) + field(b'Ada') + u32(1) + u64(3),
        'refused': hdr(66) + u32(2) + u16(15) + field(b'full'),
        'refused_reserved': hdr(66) + u32(2) + u16(37) + field(b'reserved'),
        'room_state': hdr(68) + u32(0) + u64(1) + field(b'chess') + field(b'') + u8(0) + field(b'') + u8(0) +
                      bytes(32) + u64(0) + u8(2) + u8(1) + a_pk + field(b'Ada') + u8(1) + u8(1) + u8(0) + u16(0),
        # RoomList is at format version 2: named seats and the room's options.
        'room_list': u8(69) + u8(2) + u32(3) + u32(1) + u64(1) + field(b'chess') + u8(2) + u8(1) + field(b'Ada') +
                     u8(0) + u16(0) + u8(0) + u8(1) + field(bytes([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])) + u8(0),
        'entry': hdr(71) + u64(1) + genesis + sign(lobby_sk, b'lobby-entry', session, genesis),
        'entries_end': hdr(72) + u32(4) + u64(1) + u64(1) + u64(3),
        'status_report': hdr(74) + u32(5) + u32(1) * 7 + u64(9) + u32(2) + u64(1000),
        'queued': hdr(70) + u32(6) + field(b'chess') + u8(2) + u16(1),
        'chat_line': hdr(73) + u64(1) + a_pk + field(b'Ada') + u8(0) + field(b'gg'),
        'refused_unavailable': hdr(66) + u32(2) + u16(39) + field(b'away'),
        'node_list': hdr(77) + u32(2) + field(b'127.0.0.1:7777') + field(b'lobby-2.example.org:7778'),
        # Players by key, ratings by game; queues by (game, seats), none empty.
        'player_list': hdr(78) + u32(10) + u32(2) + min(a_pk, b_pk) + field(b'Ada') + u8(2) + u32(2) +
                       field(b'chess') + u16(1712) + u16(64) + field(b'risiko') + u16(1500) + u16(350) +
                       max(a_pk, b_pk) + field(b'Bob') + u8(3) + u32(0) + u8(1),
        'lobby_pulse': hdr(79) + u32(0) + u32(42) + u32(3) + field(b'chess') + u8(2) + u16(3) +
                       field(b'gunjin') + u8(2) + u16(1) + field(b'risiko') + u8(6) + u16(5),
        'lobby_chat_line': hdr(73) + u64(0) + a_pk + field(b'Ada') + u8(0) + field(b'anyone for chess?'),
    },
    'lobby_node_link_fuzz': {
        'login': hdr(101) + certificate,
        'welcome': hdr(102),
        'attach': hdr(103) + u64(42) + a_pk + field(b'Ada') + u32(0x0100007F),
        'detach': hdr(104) + u64(42),
        'request': hdr(105) + u64(42) + field(hdr(12) + u32(8)),
        'deliver': hdr(106) + u32(2) + u64(42) + u64(43) + field(hdr(67) + u32(1)),
        'close': hdr(107) + u64(43),
    },
    'lobby_node_certificate_fuzz': {'certificate': certificate},
    'lobby_envelope_fuzz': {'envelope': signed_envelope},
    'lobby_entry_fuzz': {
        'genesis': genesis + sign(lobby_sk, b'lobby-entry', session, genesis),
        'envelope_entry': env_entry + sign(lobby_sk, b'lobby-entry', session, env_entry),
        'presence': presence + sign(lobby_sk, b'lobby-entry', session, presence),
        'certified_genesis': certified_genesis + sign(a_sk, b'lobby-entry', session, certified_genesis),
        'handover': handover + sign(a_sk, b'lobby-entry', session, handover),
    },
    'lobby_text_fuzz': {
        'name': ' Ada\tLovelace '.encode(),
        'bidi': '\u202egnip\u200bJosé'.encode(),
        'chat': 'good luck 🎲\nhave fun'.encode(),
    },
    # core_fuzz reads ops: (op, slot, args…). A login, a room, a game of two, posts, a fetch.
    'lobby_core_fuzz': {
        # connect: (0, slot, proven player, address); login: (2, slot, name length, name).
        'game_of_two': bytes([0, 0, 0, 0, 2, 0, 3, 65, 66, 67,
                              0, 1, 1, 0, 2, 1, 3, 66, 111, 98,
                              4, 0, 0, 0, 0, 0,
                              5, 1, 0, 0,
                              6, 0, 0, 1, 6, 1, 0, 1,
                              8, 0, 0, 0, 0, 1, 4, 1, 2, 3, 4,
                              8, 1, 0, 1, 0, 1, 2, 9, 9,
                              9, 1, 0, 0,
                              1, 1, 11, 0, 4, 0, 1, 0, 2, 1, 1, 0, 5, 1, 0, 0]),
        'quick_match': bytes([0, 2, 2, 0, 2, 2, 1, 65, 0, 3, 3, 0, 2, 3, 1, 66, 7, 2, 0, 7, 3, 0, 13, 2, 0]),
        'garbage': bytes([0, 4, 4, 0, 3, 4, 6, 10, 1, 0, 0, 0, 0]),
        # Two players watch the common room; ratings; a queue; a list; lobby chat; time for a pulse.
        'common_room': bytes([0, 0, 0, 0, 2, 0, 1, 65, 0, 1, 1, 1, 2, 1, 1, 66,
                              14, 0, 0, 0, 14, 1, 0, 0,
                              14, 0, 3, 3, 0, 0, 40, 7, 1, 1, 1, 60, 9, 0, 2, 50, 2,
                              7, 1, 0, 14, 0, 1, 0, 14, 0, 1, 1,
                              14, 1, 2, 2, 104, 105, 11, 0, 5, 14, 0, 0, 1]),
    },
    # LAN discovery at format version 2: a probe (padded to 320 bytes) and an answer signed by
    # the key it names over the probe's nonce (lan_discovery.hpp).
    'lobby_lan_discovery_fuzz': {
        'probe': (u8(13) + u8(2) + bytes(range(16))).ljust(320, b'\0'),
        'answer': lan_answer(lobby_sk, bytes(range(16)), u32(0) + u16(7777) + lobby_pk + field('Anna’s table'.encode()) +
                             u32(3) + u32(1) + u32(2)),
        'answer_at_address': lan_answer(a_sk, bytes(16), bytes([192, 168, 1, 5]) + u16(40000) + a_pk + field(b'Club') +
                                        u32(0) + u32(0) + u32(0)),
    },
    # The secure channel's handshake (tests/lobby/reference_channel.py's known answers): who reads
    # (0 the lobby, 1 the client, 2 the lobby again), then the message.
    'lobby_handshake_fuzz': {
        'client_hello': u8(0) + bytes.fromhex(CLIENT_HELLO),
        'lobby_hello': u8(1) + bytes.fromhex(LOBBY_HELLO),
        # A cluster node's: its certificate sealed after the proof (146 bytes and a 16-byte tag).
        'certified_lobby_hello': u8(1) + bytes.fromhex(LOBBY_HELLO) + bytes(range(162)),
        'client_proof': u8(2) + bytes.fromhex(CLIENT_PROOF),
    },
    # channel_fuzz reads ops: 0 seal (channel, length), 1 deliver (which), 2 flip (which, byte,
    # bit), 3 other channel (which), 4 own bytes (channel, length, bytes), 5 reflected.
    'lobby_channel_fuzz': {
        'in_order': bytes([0, 0, 5, 1, 0, 0, 0, 9, 1, 1, 0, 1, 2, 1, 2]),
        'replays_and_flips': bytes([0, 0, 3, 0, 1, 3, 1, 0, 1, 0, 2, 0, 4, 3, 3, 1, 5, 4, 0, 30, 1, 2, 3, 1, 1]),
        'gap': bytes([0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 2, 1, 0, 1, 1]),
    },
}

for target, files in seeds.items():
    os.makedirs(os.path.join('corpus', target), exist_ok=True)
    for name, data in files.items():
        with open(os.path.join('corpus', target, name), 'wb') as f:
            f.write(data)
