#!/usr/bin/env python3
"""Independent reference for the secure channel (docs/lobby.md, "Secure channel"), written from
the documentation alone with hashlib and the `cryptography` package: the three handshake
messages, the transcript hashes, the derived keys and sealed packets for fixed keys. Prints the
known answers that tests/lobby/channel_test.cpp pins. Run: python3 tests/lobby/reference_channel.py"""
import hashlib
import struct
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives import serialization

RAW = serialization.Encoding.Raw, serialization.PublicFormat.Raw


def u8(v): return struct.pack('<B', v)
def u16(v): return struct.pack('<H', v)
def u32(v): return struct.pack('<I', v)
def u64(v): return struct.pack('<Q', v)
def field(b): return u32(len(b)) + b
def label(purpose): return field(b'parley/' + purpose + b'/v1')


def identity(seed):
    sk = Ed25519PrivateKey.from_private_bytes(seed)
    return sk, sk.public_key().public_bytes(*RAW)


def sign(sk, purpose, context, message):
    return sk.sign(label(purpose) + field(context) + field(message))


def ephemeral(secret):
    sk = X25519PrivateKey.from_private_bytes(secret)
    return sk, sk.public_key().public_bytes(*RAW)


def transcript(*fields):
    return hashlib.blake2b(label(b'channel-transcript') + b''.join(field(f) for f in fields), digest_size=32).digest()


def key(shared, h, purpose):
    return hashlib.blake2b(label(b'channel-key') + field(h) + u8(purpose), digest_size=32, key=shared).digest()


def seal_packet(k, channel, counter, plaintext):
    return u64(counter) + ChaCha20Poly1305(k).encrypt(u32(channel) + u64(counter), plaintext, b'')


lobby_sk, lobby_pk = identity(bytes(range(32)))
player_sk, player_pk = identity(bytes([0x42] * 32))
client_e, client_e_pk = ephemeral(bytes(range(0x20, 0x40)))
lobby_e, lobby_e_pk = ephemeral(bytes(range(0x40, 0x60)))

client_hello = u8(14) + u8(1) + u16(2) + client_e_pk
shared = client_e.exchange(X25519PublicKey.from_public_bytes(lobby_e_pk))
assert shared == lobby_e.exchange(X25519PublicKey.from_public_bytes(client_e_pk))

h1 = transcript(client_hello, lobby_e_pk)
lobby_sig = sign(lobby_sk, b'channel-lobby', h1, lobby_pk)
lobby_box = ChaCha20Poly1305(key(shared, h1, 1)).encrypt(bytes(12), lobby_pk + lobby_sig, h1)
lobby_hello = u8(76) + u8(1) + lobby_e_pk + lobby_box

h2 = transcript(h1, lobby_pk, lobby_sig)
player_sig = sign(player_sk, b'channel-player', h2, player_pk)
player_box = ChaCha20Poly1305(key(shared, h2, 2)).encrypt(bytes(12), player_pk + player_sig, h2)
client_proof = u8(15) + u8(1) + player_box

h3 = transcript(h2, player_pk, player_sig)
to_lobby = key(shared, h3, 3)
to_client = key(shared, h3, 4)

# The client's first packet (its Login, request 1, "Ada"), and the lobby's first two.
login = u8(1) + u8(2) + u32(1) + field(b'Ada')
packet_c0 = seal_packet(to_lobby, 0, 0, login)
packet_l0 = seal_packet(to_client, 0, 0, b'first')
packet_l1 = seal_packet(to_client, 0, 1, b'second')

for name, value in [('client_hello', client_hello), ('lobby_hello', lobby_hello), ('client_proof', client_proof),
                    ('h1', h1), ('h2', h2), ('h3', h3), ('to_lobby', to_lobby), ('to_client', to_client),
                    ('packet_c0', packet_c0), ('packet_l0', packet_l0), ('packet_l1', packet_l1)]:
    print(f'{name} = "{value.hex()}"')
