"""An independent, slow ristretto255 (RFC 9496) for parley's known-answer tests.

Pure Python integers, written from the RFC's pseudo-code; shares no code with libsodium.
`python3 kat.py` prints the values pinned in tests/crypto/*_test.cpp.
"""
import hashlib
import struct

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = (-121665 * pow(121666, P - 2, P)) % P


def inv(x):
    return pow(x, P - 2, P)


def is_negative(x):
    return x % P & 1


def ct_abs(x):
    x %= P
    return (P - x) % P if is_negative(x) else x


# Constants as RFC 9496 section 4.1 gives them (the specific roots matter, not just any root).
SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838
D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952
assert SQRT_M1 * SQRT_M1 % P == P - 1
assert SQRT_AD_MINUS_ONE ** 2 % P == (-D - 1) % P
assert INVSQRT_A_MINUS_D ** 2 * (-1 - D) % P == 1
assert ONE_MINUS_D_SQ == (1 - D * D) % P and D_MINUS_ONE_SQ == (D - 1) ** 2 % P


def sqrt_ratio_m1(u, v):
    u %= P
    v %= P
    r = (u * pow(v, 3, P)) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    check = v * r * r % P
    correct = check == u
    flipped = check == (-u) % P
    flipped_i = check == (-u * SQRT_M1) % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return (correct or flipped), ct_abs(r)



# Points are affine (x, y) on −x² + y² = 1 + d·x²·y².
IDENTITY = (0, 1)


def add(p1, p2):
    x1, y1 = p1
    x2, y2 = p2
    t = D * x1 * x2 * y1 * y2 % P
    return ((x1 * y2 + y1 * x2) * inv(1 + t) % P, (y1 * y2 + x1 * x2) * inv(1 - t) % P)


def neg(p):
    return ((-p[0]) % P, p[1])


def mul(k, p):
    k %= L
    acc = IDENTITY
    while k:
        if k & 1:
            acc = add(acc, p)
        p = add(p, p)
        k >>= 1
    return acc


BASE_Y = 4 * inv(5) % P
_x2 = (BASE_Y * BASE_Y - 1) * inv(D * BASE_Y * BASE_Y + 1) % P
_ok, BASE_X = sqrt_ratio_m1(_x2, 1)
BASE = (BASE_X, BASE_Y)  # ct_abs picks the even (non-negative) root, as Ed25519's base point


def encode(p):
    x0, y0 = p
    z0, t0 = 1, x0 * y0 % P
    u1 = (z0 + y0) * (z0 - y0) % P
    u2 = x0 * y0 % P
    _, invsqrt = sqrt_ratio_m1(1, u1 * u2 * u2)
    den1 = invsqrt * u1 % P
    den2 = invsqrt * u2 % P
    z_inv = den1 * den2 * t0 % P
    ix0 = x0 * SQRT_M1 % P
    iy0 = y0 * SQRT_M1 % P
    enchanted = den1 * INVSQRT_A_MINUS_D % P
    rotate = is_negative(t0 * z_inv)
    x, y = (iy0, ix0) if rotate else (x0, y0)
    den_inv = enchanted if rotate else den2
    if is_negative(x * z_inv):
        y = (-y) % P
    s = ct_abs(den_inv * (z0 - y))
    return s.to_bytes(32, "little")


def _map(t):
    r = SQRT_M1 * t * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = sqrt_ratio_m1(u, v)
    s_prime = (-ct_abs(s * t)) % P
    if not was_square:
        s = s_prime
    c = P - 1 if was_square else r
    n = (c * (r - 1) * D_MINUS_ONE_SQ - v) % P
    w0 = 2 * s * v % P
    w1 = n * SQRT_AD_MINUS_ONE % P
    w2 = (1 - s * s) % P
    w3 = (1 + s * s) % P
    # Extended (X, Y, Z, T) = (w0·w3, w2·w1, w1·w3, w0·w2) → affine
    z = w1 * w3 % P
    return (w0 * w3 * inv(z) % P, w2 * w1 * inv(z) % P)


def from_hash(b64):
    t1 = int.from_bytes(b64[:32], "little") & ((1 << 255) - 1)
    t2 = int.from_bytes(b64[32:], "little") & ((1 << 255) - 1)
    return add(_map(t1 % P), _map(t2 % P))


# ---- parley's labelled hashing (docs/crypto.md) ----------------------------------------------

def label(purpose):
    t = ("parley/%s/v1" % purpose).encode()
    return struct.pack("<I", len(t)) + t


def field(b):
    return struct.pack("<I", len(b)) + b


def u32(v):
    return struct.pack("<I", v)


def u64(v):
    return struct.pack("<Q", v)


def blake512(data):
    return hashlib.blake2b(data, digest_size=64).digest()


def hash_to_scalar(data):
    return int.from_bytes(blake512(data), "little") % L


def scalar_bytes(k):
    return (k % L).to_bytes(32, "little")


def point_field(p):
    return field(encode(p))


PEDERSEN_H = from_hash(blake512(label("pedersen-H")))
