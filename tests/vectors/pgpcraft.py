#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Build OpenPGP v4 keys and signatures that gpg will not make, from fixed secrets.

Pure Python (hashlib only): Ed25519 after RFC 8032 section 5.1 and DSA after
FIPS 186-4 section 4.6, with deterministic nonces, so every run writes the same
bytes.  Used for test vectors the kernel's rules must refuse or tell apart:
a certificate whose primary revokes another certificate's key, designated
revokers, a later copy of a certificate with a newer self-signature, a DSA key
with q of 256 bits signing a SHA-224 digest, Ed25519 over SHA-224, ECDSA P-384
over SHA-256 (ECDSA after FIPS 186-4 section 6.4).

Usage: pgpcraft.py keyring-c OUT.h     C arrays for security/pgp_keys KUnit
       pgpcraft.py keyring-dir DIR     the same keyrings as DIR/NAME.gpg files
       pgpcraft.py weak-c OUT.h        DSA/Ed25519/ECDSA weak-hash vectors for crypto/pgp KUnit
       pgpcraft.py weak-module MODULE DIR
                                       DIR/dsa-q256.pub (certificate of a DSA key with q of
                                       256 bits) and MODULE (which has a module_sig section)
                                       signed by it over SHA-224 (DIR/dsa-q256-sha224.ko) and
                                       SHA-256 (DIR/dsa-q256-sha256.ko), which gpg will not make
       pgpcraft.py agree MODULE DIR    every crafted keyring and key (DIR/ring-*.gpg) and
                                       MODULE signed in every crafted way (DIR/sig-*.ko: the
                                       review's weak-key, unhashed-issuer, DSA q=160, 17-packet
                                       and expired-key cases among them), DIR/mixed.sig,
                                       DIR/expired.sig and DIR/in-time.sig for --attach
       pgpcraft.py notation-sig DATA DIR
                                       DIR/ed.pub (an Ed25519 certificate) and DIR/ed.sig, its
                                       detached signature over DATA with a binary notation (as
                                       Sequoia's salt) whose last bytes are "\\xeb": gpgv prints
                                       them raw in its NOTATION_DATA status line
"""
import hashlib
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
import pgpmod  # noqa: E402

# ---- Ed25519 (RFC 8032 5.1) ----
P = 2 ** 255 - 19
L = 2 ** 252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)


def _add(a, b):
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    A = (y1 - x1) * (y2 - x2) % P
    B = (y1 + x1) * (y2 + x2) % P
    C = 2 * t1 * t2 * D % P
    Dd = 2 * z1 * z2 % P
    E, F, G, H = B - A, Dd - C, Dd + C, B + A
    return (E * F % P, G * H % P, F * G % P, E * H % P)


def _mul(s, pt):
    q = (0, 1, 1, 0)
    while s:
        if s & 1:
            q = _add(q, pt)
        pt = _add(pt, pt)
        s >>= 1
    return q


def _enc(pt):
    x, y, z, _ = pt
    zi = pow(z, P - 2, P)
    x, y = x * zi % P, y * zi % P
    return int.to_bytes(y | ((x & 1) << 255), 32, 'little')


def _recover_x(y, sign):
    x2 = (y * y - 1) * pow(D * y * y + 1, P - 2, P) % P
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P:
        x = x * SQRT_M1 % P
    if x & 1 != sign:
        x = P - x
    return x


_GY = 4 * pow(5, P - 2, P) % P
_G = (_recover_x(_GY, 0), _GY, 1, _recover_x(_GY, 0) * _GY % P)


def _h512(*parts):
    return hashlib.sha512(b''.join(parts)).digest()


class Ed25519:
    def __init__(self, seed):
        self.seed = hashlib.sha256(seed).digest()
        h = _h512(self.seed)
        a = int.from_bytes(h[:32], 'little')
        a &= (1 << 254) - 8
        a |= 1 << 254
        self.a, self.prefix = a, h[32:]
        self.pub = _enc(_mul(a, _G))

    def sign(self, msg):
        r = int.from_bytes(_h512(self.prefix, msg), 'little') % L
        R = _enc(_mul(r, _G))
        k = int.from_bytes(_h512(R, self.pub, msg), 'little') % L
        s = (r + k * self.a) % L
        return R + int.to_bytes(s, 32, 'little')


# ---- DSA (FIPS 186-4 4.6), parameters from a seeded search ----
def _is_prime(n, rnd):
    if n < 2:
        return False
    for sp in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % sp == 0:
            return n == sp
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for _ in range(40):
        a = 2 + rnd() % (n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


class _Rand:
    """A deterministic stream of integers (SHA-256 in counter mode)."""

    def __init__(self, seed):
        self.seed, self.n = seed, 0

    def bits(self, k):
        out = b''
        while len(out) * 8 < k:
            out += hashlib.sha256(self.seed + struct.pack('>Q', self.n)).digest()
            self.n += 1
        return int.from_bytes(out, 'big') >> (len(out) * 8 - k)

    def __call__(self):
        return self.bits(64)


class DSA:
    def __init__(self, seed, lbits=2048, nbits=256):
        rnd = _Rand(seed)
        while True:
            q = rnd.bits(nbits) | (1 << (nbits - 1)) | 1
            if _is_prime(q, rnd):
                break
        while True:
            x = rnd.bits(lbits) | (1 << (lbits - 1))
            p = x - (x % (2 * q)) + 1
            if p.bit_length() == lbits and _is_prime(p, rnd):
                break
        h = 2
        while pow(h, (p - 1) // q, p) == 1:
            h += 1
        self.p, self.q, self.g = p, q, pow(h, (p - 1) // q, p)
        self.x = 1 + rnd.bits(nbits) % (q - 1)
        self.y = pow(self.g, self.x, p)
        self.rnd = rnd

    def sign(self, digest):
        q = self.q
        z = int.from_bytes(digest[:(q.bit_length() + 7) // 8], 'big')
        if len(digest) * 8 > q.bit_length():
            z >>= max(0, min(len(digest), (q.bit_length() + 7) // 8) * 8 - q.bit_length())
        while True:
            k = 1 + self.rnd.bits(q.bit_length() + 64) % (q - 1)
            r = pow(self.g, k, self.p) % q
            s = pow(k, q - 2, q) * (z + self.x * r) % q
            if r and s:
                return r, s


# ---- ECDSA over NIST P-384 (FIPS 186-4 6.4, curve from FIPS 186-4 D.1.2.4) ----
class P384:
    p = 2 ** 384 - 2 ** 128 - 2 ** 96 + 2 ** 32 - 1
    n = int('ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf'
            '581a0db248b0a77aecec196accc52973', 16)
    b = int('b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875a'
            'c656398d8a2ed19d2a85c8edd3ec2aef', 16)
    G = (int('aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a38'
             '5502f25dbf55296c3a545e3872760ab7', 16),
         int('3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c0'
             '0a60b1ce1d7e819d7a431d7c90ea0e5f', 16))
    oid = bytes.fromhex('2b81040022')

    @classmethod
    def add(cls, a, b):
        p = cls.p
        if a is None:
            return b
        if b is None:
            return a
        if a[0] == b[0] and (a[1] + b[1]) % p == 0:
            return None
        if a == b:
            lam = (3 * a[0] * a[0] - 3) * pow(2 * a[1], p - 2, p) % p
        else:
            lam = (b[1] - a[1]) * pow(b[0] - a[0], p - 2, p) % p
        x = (lam * lam - a[0] - b[0]) % p
        return x, (lam * (a[0] - x) - a[1]) % p

    @classmethod
    def mul(cls, k, pt):
        acc = None
        while k:
            if k & 1:
                acc = cls.add(acc, pt)
            pt, k = cls.add(pt, pt), k >> 1
        return acc

    def __init__(self, seed):
        assert (self.G[1] ** 2 - self.G[0] ** 3 + 3 * self.G[0] - self.b) % self.p == 0
        assert self.mul(self.n, self.G) is None
        self.rnd = _Rand(seed)
        self.d = 1 + self.rnd.bits(448) % (self.n - 1)
        x, y = self.mul(self.d, self.G)
        self.point = b'\x04' + x.to_bytes(48, 'big') + y.to_bytes(48, 'big')

    def sign(self, digest):
        n = self.n
        z = int.from_bytes(digest[:48], 'big')	# leftmost min(N, outlen) bits
        while True:
            k = 1 + self.rnd.bits(448) % (n - 1)
            r = self.mul(k, self.G)[0] % n
            s = pow(k, n - 2, n) * (z + r * self.d) % n
            if r and s:
                return r, s


# ---- OpenPGP v4 packets ----
ED25519_OID = bytes.fromhex('2b06010401da470f01')


def mpi(n):
    if isinstance(n, bytes):
        n = int.from_bytes(n, 'big')
    b = n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return struct.pack('>H', n.bit_length()) + b


class Key:
    """A v4 key packet body for a signer, and how it signs."""

    def __init__(self, signer, created):
        self.signer, self.created = signer, created
        if isinstance(signer, Ed25519):
            self.algo = 22
            material = bytes([len(ED25519_OID)]) + ED25519_OID + mpi(b'\x40' + signer.pub)
        elif isinstance(signer, P384):
            self.algo = 19
            material = bytes([len(signer.oid)]) + signer.oid + mpi(signer.point)
        else:
            self.algo = 17
            material = b''.join(mpi(v) for v in (signer.p, signer.q, signer.g, signer.y))
        self.body = bytes([4]) + struct.pack('>I', created) + bytes([self.algo]) + material
        self.fpr = hashlib.sha1(self.hashed()).digest()
        self.keyid = self.fpr[12:]

    def hashed(self):
        return b'\x99' + struct.pack('>H', len(self.body)) + self.body


HASHES = {2: hashlib.sha1, 8: hashlib.sha256, 9: hashlib.sha384, 10: hashlib.sha512,
          11: hashlib.sha224, 1: hashlib.md5}


def sub(typ, data, critical=False):
    return pgpmod.subpacket(typ | (0x80 if critical else 0), data)


def signature(signer, typ, prefix, created, hash_id=8, extra=b'', unhashed=None,
              issuer=True):
    """A v4 signature packet body by Key signer over prefix (the bytes hashed
    before the signature's own hashed part).  extra: more hashed subpackets."""
    hashed_sub = sub(2, struct.pack('>I', created))
    if issuer:
        hashed_sub += sub(33, b'\x04' + signer.fpr)
    hashed_sub += extra
    head = bytes([4, typ, signer.algo, hash_id]) + struct.pack('>H', len(hashed_sub)) + hashed_sub
    if unhashed is None:
        unhashed = sub(16, signer.keyid) if issuer else b''
    digest = HASHES[hash_id](prefix + head + b'\x04\xff' + struct.pack('>I', len(head))).digest()
    if isinstance(signer.signer, Ed25519):
        rs = signer.signer.sign(digest)
        sigmpis = mpi(rs[:32]) + mpi(rs[32:])
    else:
        r, s = signer.signer.sign(digest)
        sigmpis = mpi(r) + mpi(s)
    return head + struct.pack('>H', len(unhashed)) + unhashed + digest[:2] + sigmpis


def uid_hashed(uid):
    return b'\xb4' + struct.pack('>I', len(uid)) + uid


def pkt(tag, body):
    return pgpmod.packet(tag, body)


def cert(primary, uid, self_time, subkeys=(), flags=0x03, self_extra=b'', hash_id=8):
    """A transferable public key: primary, user ID, positive certification,
    then (subkey Key, binding time) pairs bound for signing with back-signatures."""
    out = pkt(6, primary.body) + pkt(13, uid)
    out += pkt(2, signature(primary, 0x13, primary.hashed() + uid_hashed(uid), self_time,
                            hash_id=hash_id, extra=sub(27, bytes([flags])) + self_extra))
    for sk, t in subkeys:
        out += pkt(14, sk.body) + binding(primary, sk, t)
    return out


def binding(primary, sk, t):
    back = signature(sk, 0x19, primary.hashed() + sk.hashed(), t)
    return pkt(2, signature(primary, 0x18, primary.hashed() + sk.hashed(), t,
                            extra=sub(27, b'\x02') + sub(32, back)))


T0 = 1704067200         # 2024-01-01
T1 = T0 + 86400 * 30


def keyrings():
    """(name, bytes, comment) of the crafted keyrings."""
    a = Key(Ed25519(b'keyring A primary'), T0)
    sa = Key(Ed25519(b'keyring A subkey'), T0)
    b = Key(Ed25519(b'keyring B primary'), T0)
    c = Key(Ed25519(b'keyring C primary'), T0)
    uid_a, uid_b, uid_c = b'Craft A <a@kunit.example>', b'Craft B <b@kunit.example>', \
        b'Craft C <c@kunit.example>'
    cert_a = cert(a, uid_a, T0, [(sa, T0)])
    cert_b = cert(b, uid_b, T0)
    rings = []
    rings.append(('a', cert_a, 'certificate A: primary and signing subkey SA'))
    rings.append(('b', cert_b, 'certificate B: primary only'))
    # B lists A's subkey and revokes it (0x28 by B over B and SA)
    rings.append(('b_revokes_sa', cert_b + pkt(14, sa.body) +
                  pkt(2, signature(b, 0x28, b.hashed() + sa.hashed(), T1, extra=sub(29, b'\x02'))),
                  "certificate B with A's subkey SA and a subkey revocation of it by B"))
    # B lists A's primary as a subkey and revokes it
    rings.append(('b_revokes_a', cert_b + pkt(14, a.body) +
                  pkt(2, signature(b, 0x28, b.hashed() + a.hashed(), T1, extra=sub(29, b'\x02'))),
                  "certificate B with A's primary as a subkey and a subkey revocation of it by B"))
    # A with a key revocation issued by B (a designated revoker's, without subpacket 12)
    rev_by_b = pkt(2, signature(b, 0x20, a.hashed(), T1, extra=sub(29, b'\x02')))
    rings.append(('a_revoked_by_b', pkt(6, a.body) + rev_by_b + cert_a[len(pkt(6, a.body)):],
                  'certificate A with a key revocation issued by B'))
    # C designates B as its revoker (subpacket 12: class 0x80, algorithm, fingerprint)
    rings.append(('c_designates_b', cert(c, uid_c, T0, self_extra=sub(12, b'\x80' + bytes([b.algo]) + b.fpr)),
                  'certificate C whose self-signature designates B as a revoker'))
    # A's own key revocation with an unsupported hash (MD5): cannot be parsed
    rev_md5 = pkt(2, signature(a, 0x20, a.hashed(), T1, hash_id=1, extra=sub(29, b'\x02')))
    rings.append(('a_revoked_md5', pkt(6, a.body) + rev_md5 + cert_a[len(pkt(6, a.body)):],
                  'certificate A with its own key revocation hashed with MD5'))
    # a later copy of A with a newer self-signature
    rings.append(('a_then_newer_a', cert_a + cert(a, uid_a, T1),
                  'certificate A, then a later copy of A with a newer self-signature'))
    # a revocation before the first key
    rings.append(('sig_before_key', pkt(2, signature(a, 0x20, a.hashed(), T1)) + cert_a,
                  'a key revocation of A before the first public key packet'))
    # a malformed packet after A, then B
    rings.append(('a_malformed_b', cert_a + b'\xc2\xff\x00\x00\x10\x00' + cert_b,
                  'certificate A, a signature packet whose length runs past the end, certificate B'))
    rings.append(('a_b', cert_a + cert_b, 'certificates A and B'))
    return rings, {'a': a, 'sa': sa, 'b': b, 'c': c}


def c_array(name, data):
    lines = [f'static const u8 {name}[] __maybe_unused = {{']
    for i in range(0, len(data), 12):
        lines.append('\t' + ' '.join(f'0x{x:02x},' for x in data[i:i + 12]))
    lines.append('};')
    return '\n'.join(lines) + '\n'


def write(path, text):
    tmp = path + '.tmp'
    with open(tmp, 'w' if isinstance(text, str) else 'wb') as f:
        f.write(text)
    os.replace(tmp, path)


def keyring_c(out):
    rings, keys = keyrings()
    text = ['/* SPDX-License-Identifier: GPL-2.0 */',
            '/*', ' * Crafted keyrings (pure-Python Ed25519 signatures from fixed secrets):',
            ' * what gpg does not make but a keyring file can hold.', ' */',
            '#ifndef _KEYRING_KUNIT_CRAFTED_H', '#define _KEYRING_KUNIT_CRAFTED_H', '']
    for name, data, comment in rings:
        text.append(f'/* {comment} */')
        text.append(c_array(f'kx_{name}', data))
    for name, k in keys.items():
        text.append(c_array(f'kx_{name}_fpr', k.fpr))
    text += [f'#define KX_T0\t{T0}U', f'#define KX_T1\t{T1}U', '',
             '#endif /* _KEYRING_KUNIT_CRAFTED_H */', '']
    write(out, '\n'.join(text))


def keyring_dir(out):
    os.makedirs(out, exist_ok=True)
    for name, data, _ in keyrings()[0]:
        write(os.path.join(out, name + '.gpg'), data)


def weak_c(out):
    msg = b'pgp-modsign weak combinations\n'
    dsa = Key(DSA(b'dsa 2048/256'), T0)
    ed = Key(Ed25519(b'ed25519 weak hash'), T0)
    p384 = Key(P384(b'ecdsa p-384 weak hash'), T0)
    text = ['/* SPDX-License-Identifier: GPL-2.0 */', '/*',
            ' * Valid signatures in combinations RFC 9580 forbids: DSA with q of 256',
            ' * bits over SHA-224 (a digest shorter than q), Ed25519 over SHA-224 and',
            ' * ECDSA P-384 over SHA-256 (shorter than the curve); with SHA-256',
            ' * (SHA-384 for P-384) each is accepted.  Pure-Python DSA, Ed25519 and',
            ' * ECDSA from fixed secrets.', ' */',
            '#ifndef _PGP_KUNIT_WEAK_H', '#define _PGP_KUNIT_WEAK_H', '',
            c_array('pgp_weak_msg', msg),
            c_array('pgp_weak_dsa_key', dsa.body), c_array('pgp_weak_ed_key', ed.body),
            c_array('pgp_weak_p384_key', p384.body)]
    for key, name, hashes in ((dsa, 'dsa', ((11, 'sha224'), (8, 'sha256'))),
                              (ed, 'ed', ((11, 'sha224'), (8, 'sha256'))),
                              (p384, 'p384', ((8, 'sha256'), (9, 'sha384')))):
        for hid, hname in hashes:
            text.append(c_array(f'pgp_weak_{name}_{hname}', signature(key, 0x00, msg, T1, hash_id=hid)))
    text += ['#endif /* _PGP_KUNIT_WEAK_H */', '']
    write(out, '\n'.join(text))


def weak_module(module, out):
    """The whole file with module_sig zeroed is signed (binary document, class 0x00)."""
    with open(module, 'rb') as f:
        data = bytearray(f.read())
    sec = pgpmod.find_section(pgpmod.elf_sections(data), 'module_sig')
    if sec is None:
        sys.exit(f'pgpcraft.py: {module}: no module_sig section')
    off, size = sec['offset'], sec['size']
    data[off:off + size] = bytes(size)
    key = Key(DSA(b'dsa 2048/256'), T0)
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, 'dsa-q256.pub'), cert(key, b'weak dsa <weak@example.org>', T0))
    for hid, hname in ((11, 'sha224'), (8, 'sha256')):
        payload = pkt(2, signature(key, 0x00, bytes(data), T1, hash_id=hid))
        box = pgpmod.container(payload, size=size)
        if len(box) != size:
            sys.exit(f'pgpcraft.py: {module}: module_sig of {size} bytes is too small')
        signed = bytearray(data)
        signed[off:off + size] = box
        write(os.path.join(out, f'dsa-q256-{hname}.ko'), bytes(signed))


def notation_sig(data, out):
    """A detached binary-document signature with a hashed, not human-readable notation."""
    with open(data, 'rb') as f:
        msg = f.read()
    key = Key(Ed25519(b'ed25519 binary notation'), T0)
    name, value = b'salt@notations.example.org', bytes(range(0xe0, 0xf0)) + b'\xeb'
    note = struct.pack('>IHH', 0, len(name), len(value)) + name + value
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, 'ed.pub'), cert(key, b'binary notation <note@example.org>', T0))
    write(os.path.join(out, 'ed.sig'), pkt(2, signature(key, 0x00, msg, T1, hash_id=10,
                                                         extra=sub(20, note))))


def agree(module, out):
    """Every key and signature this file can craft, on one module, for the
    check that the offline verifier and the kernel agree: DIR/ring-*.gpg (the
    crafted keyrings and one certificate per crafted key) and DIR/sig-*.ko
    (MODULE, whose module_sig must hold 17 Ed25519 signatures, signed in
    every way below); DIR/mixed.sig and DIR/expired.sig, detached signatures
    of MODULE's signed data for --attach."""
    with open(module, 'rb') as f:
        data = bytearray(f.read())
    sec = pgpmod.find_section(pgpmod.elf_sections(data), 'module_sig')
    if sec is None:
        sys.exit(f'pgpcraft.py: {module}: no module_sig section')
    off, size = sec['offset'], sec['size']
    data[off:off + size] = bytes(size)
    data = bytes(data)
    os.makedirs(out, exist_ok=True)
    rings, keys = keyrings()
    for name, ring, _ in rings:
        write(os.path.join(out, f'ring-{name}.gpg'), ring)
    a, sa, b, c = keys['a'], keys['sa'], keys['b'], keys['c']
    dsa1024 = Key(DSA(b'dsa 1024/160', 1024, 160), T0)
    dsa_q160 = Key(DSA(b'dsa 2048/160', 2048, 160), T0)
    dsa_q256 = Key(DSA(b'dsa 2048/256'), T0)
    ed = Key(Ed25519(b'ed25519 weak hash'), T0)
    p384 = Key(P384(b'ecdsa p-384 weak hash'), T0)
    exp = Key(Ed25519(b'expiring in a day'), T0)
    unknown = Key(Ed25519(b'in no keyring'), T0)
    certs = {
        'dsa1024': cert(dsa1024, b'dsa1024 <dsa1024@example.org>', T0),
        'dsa-q160': cert(dsa_q160, b'dsa q160 <q160@example.org>', T0),
        'dsa-q256': cert(dsa_q256, b'weak dsa <weak@example.org>', T0),
        'ed': cert(ed, b'ed <ed@example.org>', T0),
        'p384': cert(p384, b'p384 <p384@example.org>', T0, hash_id=9),
        'expiring': cert(exp, b'expiring <exp@example.org>', T0,
                         self_extra=sub(9, struct.pack('>I', 86400))),
    }
    for name, ring in certs.items():
        write(os.path.join(out, f'ring-{name}.gpg'), ring)
    a_b = next(r for n, r, _ in rings if n == 'a_b')
    write(os.path.join(out, 'ring-all.gpg'), a_b + b''.join(certs.values()))

    def sig(key, hash_id=10, t=T1, **kw):
        return pkt(2, signature(key, 0x00, data, t, hash_id=hash_id, **kw))

    keyid_only = dict(issuer=False, extra=b'')
    mods = {
        'a': [sig(a)], 'sa': [sig(sa)], 'b': [sig(b)], 'c': [sig(c)],
        'a-then-b': [sig(a), sig(b)], 'unknown-then-a': [sig(unknown), sig(a)],
        'unknown': [sig(unknown)],
        # the review's cases
        'dsa1024-keyid-only': [pkt(2, signature(dsa1024, 0x00, data, T1, hash_id=8, issuer=False,
                                                 extra=sub(16, dsa1024.keyid)))],
        'dsa1024': [sig(dsa1024, 8)],
        'dsa1024-unhashed-ed-fpr': [pkt(2, signature(dsa1024, 0x00, data, T1, hash_id=8,
                                                      issuer=False, extra=sub(16, dsa1024.keyid),
                                                      unhashed=sub(33, b'\x04' + ed.fpr)))],
        'dsa1024-fpr-unhashed-ed-fpr': [pkt(2, signature(dsa1024, 0x00, data, T1, hash_id=8,
                                                          unhashed=sub(33, b'\x04' + ed.fpr)))],
        'ed-unhashed-keyid': [pkt(2, signature(ed, 0x00, data, T1, hash_id=10, issuer=False,
                                                extra=sub(33, b'\x04' + ed.fpr),
                                                unhashed=sub(16, ed.keyid)))],
        'dsa-q160': [sig(dsa_q160, 8)],
        'dsa-q256-sha224': [sig(dsa_q256, 11)], 'dsa-q256-sha256': [sig(dsa_q256, 8)],
        'ed-sha224': [sig(ed, 11)], 'ed-sha512': [sig(ed, 10)],
        'ed-sha1': [sig(ed, 2)],
        'p384-sha256': [sig(p384, 8)], 'p384-sha384': [sig(p384, 9)],
        'expired-key': [sig(exp, 10, T1)], 'expiring-in-time': [sig(exp, 10, T0 + 3600)],
        'before-key': [sig(a, 10, T0 - 86400)],
        'sixteen': [sig(a)] * 16, 'seventeen': [sig(a)] * 17,
        'keyid-only-a': [pkt(2, signature(a, 0x00, data, T1, **keyid_only,
                                          unhashed=sub(16, a.keyid)))],
    }
    for name, packets in mods.items():
        box = pgpmod.container(b''.join(packets), size=size)
        if len(box) != size:
            sys.exit(f'pgpcraft.py: {module}: module_sig of {size} bytes is too small for {name}')
        write(os.path.join(out, f'sig-{name}.ko'), data[:off] + box + data[off + size:])
    # for --attach: one good signature and one by a key in no keyring; one made
    # after its key expired
    write(os.path.join(out, 'mixed.sig'), sig(a) + sig(unknown))
    write(os.path.join(out, 'expired.sig'), sig(exp, 10, T1))
    write(os.path.join(out, 'in-time.sig'), sig(exp, 10, T0 + 3600))


def main(argv):
    cmds = {'keyring-c': keyring_c, 'keyring-dir': keyring_dir, 'weak-c': weak_c,
            'weak-module': weak_module, 'notation-sig': notation_sig, 'agree': agree}
    nargs = {'weak-module': 4, 'notation-sig': 4, 'agree': 4}
    if len(argv) < 2 or argv[1] not in cmds or len(argv) != nargs.get(argv[1], 3):
        sys.stdout.write(__doc__)
        return 0 if len(argv) == 2 and argv[1] in ('-h', '--help') else 2
    cmds[argv[1]](*argv[2:])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
