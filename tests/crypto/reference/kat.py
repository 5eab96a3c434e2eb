"""Prints the known-answer values pinned in parley's crypto tests (see ristretto.py)."""
import hashlib
import struct

from ristretto import *

# RFC 9496 appendix A: the generator's encoding and a hash-to-group vector.
assert encode(BASE).hex() == "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"
assert encode(from_hash(hashlib.sha512(b"Ristretto is traditionally a short shot of espresso coffee").digest())).hex() \
    == "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46"

session = bytes(range(32))


def context(*fields):
    # ProofContext(session).position(...)...: session as a length-prefixed field, then fields
    return field(session) + b"".join(fields)


print("G", encode(BASE).hex())
print("H", encode(PEDERSEN_H).hex())
print("5H", encode(mul(5, PEDERSEN_H)).hex())
print("100H", encode(mul(100, PEDERSEN_H)).hex())
print("3H+7G", encode(add(mul(3, PEDERSEN_H), mul(7, BASE))).hex())
print("Hs(test,abc)", scalar_bytes(hash_to_scalar(label("test") + field(b"abc"))).hex())

# Schnorr: x = 11, k = 5, position 9.
ctx = context(u64(9))
x, k = 11, 5
Y = mul(x, BASE)
T = mul(k, BASE)
e = hash_to_scalar(label("schnorr") + field(ctx) + point_field(Y) + point_field(T))
z = (k + e * x) % L
print("schnorr Y", encode(Y).hex())
print("schnorr proof", (bytes([12, 1]) + scalar_bytes(e) + scalar_bytes(z)).hex())

# DLEQ: x = 11, A = 23·G, S = x·A, k = 6.
A = mul(23, BASE)
S = mul(x, A)
k = 6
T1, T2 = mul(k, BASE), mul(k, A)
e = hash_to_scalar(label("dleq") + field(ctx) + point_field(Y) + point_field(A) + point_field(S)
                   + point_field(T1) + point_field(T2))
z = (k + e * x) % L
print("dleq A", encode(A).hex())
print("dleq S", encode(S).hex())
print("dleq proof", (bytes([13, 1]) + scalar_bytes(e) + scalar_bytes(z)).hex())

# Membership: C = 4·H + 9·G in V = {2, 4}; branch 0 simulated with e0 = 3, z0 = 8; k = 10.
n = 9
C = add(mul(4, PEDERSEN_H), mul(n, BASE))
lhs0 = add(C, neg(mul(2, PEDERSEN_H)))
lhs1 = add(C, neg(mul(4, PEDERSEN_H)))
e0, z0 = 3, 8
T0 = add(mul(z0, BASE), neg(mul(e0, lhs0)))
k = 10
T1 = mul(k, BASE)
e = hash_to_scalar(label("membership") + field(ctx) + point_field(C) + u32(2) + u32(2) + u32(4)
                   + point_field(T0) + point_field(T1))
e1 = (e - e0) % L
z1 = (k + e1 * n) % L
print("membership C", encode(C).hex())
print("membership proof", (bytes([14, 1]) + u32(2) + scalar_bytes(e0) + scalar_bytes(z0) + scalar_bytes(e1)
                           + scalar_bytes(z1)).hex())

# Deck: deck id 0 of the counting session and its card points.
deck_id = hashlib.blake2b(label("deck-id") + field(session) + u32(0), digest_size=32).digest()
print("deck id", deck_id.hex())
for i in (0, 1, 43):
    m = from_hash(blake512(label("card") + field(deck_id) + struct.pack("<H", i)))
    print("card", i, encode(m).hex())
