#!/usr/bin/env python3
"""Independent reference for the lobby's transcript encodings (docs/lobby.md), written from the
documentation alone with hashlib and the `cryptography` package. Prints the known answers that
tests/lobby/protocol_test.cpp pins. Run: python3 tests/lobby/reference_chain.py"""
import hashlib
import struct
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives import serialization


def u8(v): return struct.pack('<B', v)
def u16(v): return struct.pack('<H', v)
def u32(v): return struct.pack('<I', v)
def u64(v): return struct.pack('<Q', v)
def field(b): return u32(len(b)) + b
def label(purpose): return field(b'parley/' + purpose + b'/v1')


def key(seed):
    sk = Ed25519PrivateKey.from_private_bytes(seed)
    pk = sk.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return sk, pk


def sign(sk, purpose, context, message):
    return sk.sign(label(purpose) + field(context) + field(message))


def chain(prev, entry):
    return hashlib.blake2b(label(b'entry-hash') + field(prev) + field(entry), digest_size=32).digest()


lobby_sk, lobby_pk = key(bytes(range(32)))
seat0_sk, seat0_pk = key(bytes.fromhex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'))
seat1_sk, seat1_pk = key(bytes([0x42] * 32))
session = bytes(range(0xA0, 0xC0))
t0 = 1_700_000_000_000

# Entry 0: genesis.
genesis = (u8(129) + u8(1) + u64(0) + u64(t0) + bytes(32) + u8(0) +
           field(b'chess') + field(b'\x01\x02') + u8(2) + seat0_pk + seat1_pk + session)
h0 = chain(bytes(32), genesis)
sig0 = sign(lobby_sk, b'lobby-entry', session, genesis)

# Entry 1: seat 1 posts kind 7, body "e2e4", having seen entry 0.
envelope = u8(128) + u8(1) + session + u8(1) + u64(0) + h0 + u16(7) + field(b'e2e4')
env_sig = sign(seat1_sk, b'envelope', session, envelope)
entry1 = u8(129) + u8(1) + u64(1) + u64(t0 + 5) + h0 + u8(1) + envelope + env_sig
h1 = chain(h0, entry1)
sig1 = sign(lobby_sk, b'lobby-entry', session, entry1)

# Entry 2: seat 0 disconnected.
entry2 = u8(129) + u8(1) + u64(2) + u64(t0 + 9) + h1 + u8(2) + u8(0) + u8(1)
h2 = chain(h1, entry2)
sig2 = sign(lobby_sk, b'lobby-entry', session, entry2)

# A cluster (docs/lobby.md, "Cluster"): the deployment key (the lobby key above) certifies two
# nodes; node A stamps a certified genesis, node B takes the room over with a handover.
node_a_sk, node_a_pk = key(bytes([0x0A] * 32))
node_b_sk, node_b_pk = key(bytes([0x0B] * 32))


def certificate(node_pk, valid_from, valid_until):
    body = u8(130) + u8(1) + lobby_pk + node_pk + u64(valid_from) + u64(valid_until)
    return body + sign(lobby_sk, b'lobby-node-certificate', lobby_pk, body)


cert_a = certificate(node_a_pk, t0 - 1000, t0 + 86_400_000)
cert_b = certificate(node_b_pk, t0 - 1000, t0 + 86_400_000)
cgenesis = (u8(129) + u8(1) + u64(0) + u64(t0) + bytes(32) + u8(3) +
            field(b'chess') + field(b'\x01\x02') + u8(2) + seat0_pk + seat1_pk + session + cert_a)
ch0 = chain(bytes(32), cgenesis)
csig0 = sign(node_a_sk, b'lobby-entry', session, cgenesis)
handover = u8(129) + u8(1) + u64(1) + u64(t0 + 7) + ch0 + u8(4) + cert_b + u64(2)
ch1 = chain(ch0, handover)
csig1 = sign(node_b_sk, b'lobby-entry', session, handover)

for name, value in [('lobby_pk', lobby_pk), ('genesis', genesis), ('h0', h0), ('sig0', sig0),
                    ('envelope', envelope), ('env_sig', env_sig), ('h1', h1), ('sig1', sig1),
                    ('entry2', entry2), ('h2', h2), ('sig2', sig2),
                    ('cert_a', cert_a), ('cgenesis', cgenesis), ('ch0', ch0), ('csig0', csig0),
                    ('handover', handover), ('ch1', ch1), ('csig1', csig1)]:
    print(f'{name} = "{value.hex()}"')
