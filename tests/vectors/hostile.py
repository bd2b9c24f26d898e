#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Hostile OpenPGP certificates: what any user can hand add_key() to make the kernel's
key parser (security/pgp_keys) work as hard as it can, each at most 1 MiB, from fixed
seeds (the same bytes every run).  The signatures in them need not verify: a junk
signature with the right 2-octet digest prefix costs the kernel a full public-key
operation, which is all an attacker wants.

Usage: hostile.py shapes DIR [MAX] DIR/NAME.pgp for each shape below, each at most MAX
                                   bytes (default 1 MiB - 1, what add_key() takes; the
                                   kernel's X.509 parser, tried first, claims anything
                                   over 64 KiB), DIR/shapes.txt ("NAME EXPECT WHAT" lines:
                                   EXPECT the errno add_key() must give to a secondary
                                   trusted keyring that trusts none of their keys, from
                                   the limits of include/keys/pgp_keys.h they exceed)
       hostile.py ca DIR           DIR/ca.pgp: an Ed25519 key to build in (and its seed)
       hostile.py throwaway DIR N  DIR/tw-vendor.pgp, a valid Ed25519 certificate, and
                                   DIR/tw-I.pgp (I = 1..N): one more subkey of it, bound
                                   (with its back-signature) and revoked by it (0x28);
                                   appended to the vendor's certificate once a trusted
                                   key certified it

Shapes: certs (bogus certifications by other keys, the reviewer's M), certs-revs
(certifications each taken back by a certification revocation, up to the cap),
rsa-selfsigs (an RSA-8192 key with the largest exponent the policy takes, 2^32 - 1,
and junk self-signatures), rsa-hugee (the same with e = n - 2), dsa-selfsigs
(DSA-3072), p521-selfsigs (ECDSA P-521, its point the generator; openssl gives the
curve), subkeys (RSA-8192 subkeys with junk bindings), uids (user IDs with junk
self-signatures), long-uid, junk-sigs (signature packets that do not parse: log
lines), packets (1 MiB of marker packets), checks-64 and checks-65 (a valid key with
63 and 64 junk self-signatures: 64 and 65 signatures to verify).
"""
import hashlib
import os
import random
import re
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pgpcraft  # noqa: E402
from pgpcraft import T0, mpi, pkt, sub, uid_hashed  # noqa: E402

MAX = 1024 * 1024 - 1        # add_key() takes at most this many bytes


class RawKey:
    """A v4 public key of any material (no secret: its signatures are junk)."""

    def __init__(self, algo, material, created=T0):
        self.algo, self.created = algo, created
        self.body = bytes([4]) + struct.pack('>I', created) + bytes([algo]) + material
        self.fpr = hashlib.sha1(self.hashed()).digest()
        self.keyid = self.fpr[12:]

    def hashed(self):
        return b'\x99' + struct.pack('>H', len(self.body)) + self.body


def rsa_key(rnd, bits, e_of_n):
    n = rnd.getrandbits(bits) | 1 << (bits - 1) | 1
    e = e_of_n(n)
    k = RawKey(1, mpi(n) + mpi(e))
    k.n = n
    return k


def dsa_key(rnd, pbits=3072):
    p = rnd.getrandbits(pbits) | 1 << (pbits - 1) | 1
    q = rnd.getrandbits(256) | 1 << 255 | 1
    g, y = rnd.randrange(2, p - 1), rnd.randrange(2, p - 1)
    k = RawKey(17, mpi(p) + mpi(q) + mpi(g) + mpi(y))
    k.q = q
    return k


def p521_key():
    """An ECDSA P-521 key whose point is the curve's generator (a valid public point,
    from openssl's explicit parameters), and the group order."""
    text = subprocess.run(['openssl', 'ecparam', '-name', 'secp521r1', '-param_enc', 'explicit',
                           '-text', '-noout'], check=True, capture_output=True, text=True).stdout

    def field(name):
        m = re.search(name + r'[^:]*:\s*\n((?:\s+[0-9a-f:]+\n)+)', text)
        return bytes.fromhex(re.sub(r'[\s:]', '', m.group(1)))
    point, order = field('Generator'), int.from_bytes(field('Order'), 'big')
    oid = bytes.fromhex('2b81040023')
    k = RawKey(19, bytes([len(oid)]) + oid + mpi(point))
    k.q = order
    return k


def junk_sig(signer, typ, prefix, created, sig_mpis, issuer=None, hash_id=8):
    """A v4 signature by signer (or naming issuer) with the right digest prefix and
    junk key material: it costs a verification and fails it."""
    fpr = issuer if issuer is not None else signer.fpr
    hashed = sub(2, struct.pack('>I', created)) + sub(33, b'\x04' + fpr)
    head = bytes([4, typ, signer.algo if signer else 22, hash_id]) + \
        struct.pack('>H', len(hashed)) + hashed
    unhashed = sub(16, fpr[12:])
    digest = pgpcraft.HASHES[hash_id](prefix + head + b'\x04\xff' +
                                      struct.pack('>I', len(head))).digest()
    return pkt(2, head + struct.pack('>H', len(unhashed)) + unhashed + digest[:2] + sig_mpis)


def bogus_cert(rnd, uid_prefix, created, revocation=False, issuer=None):
    """A 31-octet certification (or 0x30) by a random other Ed25519 key."""
    issuer = issuer or rnd.randbytes(20)
    hashed = sub(2, struct.pack('>I', created)) + sub(33, b'\x04' + issuer)
    head = bytes([4, 0x30 if revocation else 0x10, 22, 8]) + struct.pack('>H', len(hashed)) + hashed
    return pkt(2, head + b'\x00\x00' + b'\x00\x00' + mpi(1) + mpi(1)), issuer


def valid_ed25519(seed, uid, created=T0):
    key = pgpcraft.Key(pgpcraft.Ed25519(seed), created)
    return key, pgpcraft.cert(key, uid, created + 60)


def fill(head, unit, limit):
    """head, then as many copies of unit() as fit in limit; and how many."""
    out, n = bytearray(head), 0
    while True:
        u = unit()
        if len(out) + len(u) > limit:
            return bytes(out), n
        out += u
        n += 1


def limits():
    """The run-time limits (PGP_KEYS_CERT_*) of include/keys/pgp_keys.h."""
    h = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'include', 'keys',
                     'pgp_keys.h')
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r'#define PGP_KEYS_CERT_([A-Z_]+)_MAX\s+(\d+)', open(h).read())}


def shapes(d, limit=MAX):
    """Each shape at most limit bytes; its expected errno from the limits it exceeds."""
    rnd = random.Random(33)
    lim = limits()
    os.makedirs(d, exist_ok=True)
    rows = []
    uid = b'Hostile <hostile@example.org>'
    t = T0 + 3600

    def write(name, data, expect, what):
        assert len(data) <= limit, name
        with open(os.path.join(d, name + '.pgp'), 'wb') as f:
            f.write(data)
        rows.append(f'{name} {expect} {what} ({len(data)} bytes)')

    def over(otherwise, **counts):
        """E2BIG when a count is beyond its limit (checks: signatures to verify)."""
        return 'E2BIG' if any(v > lim[k.upper()] for k, v in counts.items()) else otherwise

    ed, base = valid_ed25519(b'hostile ed25519', uid)
    data, n = fill(base, lambda: bogus_cert(rnd, uid, t)[0], limit)
    write('certs', data, over('ENOKEY', others=n), f'{n} bogus certifications by other keys')

    def cert_and_rev():
        c, issuer = bogus_cert(rnd, uid, t)
        return c + bogus_cert(rnd, uid, t + 1, revocation=True, issuer=issuer)[0]
    write('certs-revs', base + b''.join(cert_and_rev() for _ in range(128)), 'ENOKEY',
          '128 certifications each taken back (0x30): 256 signatures by other keys')

    def selfsigs(key, sig_mpis):
        prefix = key.hashed() + uid_hashed(uid)
        head = pkt(6, key.body) + pkt(13, uid)
        return fill(head, lambda: junk_sig(key, 0x13, prefix, t + rnd.randrange(1 << 20),
                                           sig_mpis()), limit)
    # no valid self-signature among them: no usable key when the limits let it through
    rsa = rsa_key(rnd, 8192, lambda n: (1 << 32) - 1)
    data, n = selfsigs(rsa, lambda: mpi(rnd.randrange(rsa.n // 2, rsa.n)))
    write('rsa-selfsigs', data, over('EKEYREJECTED', checks=n, sigs=n),
          f'RSA-8192, e = 2^32 - 1, {n} junk self-signatures')
    rsa_huge = rsa_key(rnd, 8192, lambda n: n - 2)
    data, n = selfsigs(rsa_huge, lambda: mpi(rnd.randrange(rsa_huge.n // 2, rsa_huge.n)))
    write('rsa-hugee', data, 'EKEYREJECTED', f'RSA-8192, e = n - 2, {n} junk self-signatures')
    dsa = dsa_key(rnd)
    data, n = selfsigs(dsa, lambda: mpi(rnd.randrange(1, dsa.q)) + mpi(rnd.randrange(1, dsa.q)))
    write('dsa-selfsigs', data, over('EKEYREJECTED', checks=n, sigs=n),
          f'DSA-3072, {n} junk self-signatures')
    ec = p521_key()
    data, n = selfsigs(ec, lambda: mpi(rnd.randrange(1, ec.q)) + mpi(rnd.randrange(1, ec.q)))
    # an ECDSA verification counts as 4
    write('p521-selfsigs', data, over('EKEYREJECTED', checks=4 * n, sigs=n),
          f'ECDSA P-521, {n} junk self-signatures')

    def subkey():
        sk = rsa_key(rnd, 8192, lambda n: (1 << 32) - 1)
        return pkt(14, sk.body) + junk_sig(ed, 0x18, ed.hashed() + sk.hashed(), t,
                                           mpi(rnd.getrandbits(255)) + mpi(rnd.getrandbits(255)))
    data, n = fill(base, subkey, limit)
    write('subkeys', data, over('ENOKEY', subkeys=n, checks=1 + n),
          f'{n} RSA-8192 subkeys with junk bindings')

    def uid_block():
        u = b'U%d <u@example.org>' % rnd.getrandbits(40)
        return pkt(13, u) + junk_sig(ed, 0x13, ed.hashed() + uid_hashed(u), t,
                                     mpi(rnd.getrandbits(255)) + mpi(rnd.getrandbits(255)))
    data, n = fill(base, uid_block, limit)
    write('uids', data, over('ENOKEY', uids=1 + n, checks=1 + n),
          f'{n} user IDs with junk self-signatures')
    long_uid = b'L' * (limit - len(base) - 256)
    write('long-uid', base + pkt(13, long_uid) +
          junk_sig(ed, 0x13, ed.hashed() + uid_hashed(long_uid), t, mpi(1) + mpi(1)),
          'E2BIG', f'a user ID of {len(long_uid)} bytes')
    write('junk-sigs', base + b''.join(pkt(2, bytes([4, 0x13, 22, 8, 0xff, 0xff]))
                                       for _ in range(1000)),
          'ENOKEY', '1000 signature packets that do not parse')
    data, n = fill(base, lambda: pkt(10, b'PGP'), limit)
    write('packets', data, 'ENOKEY', f'{n} marker packets')
    for n in (lim['CHECKS'] - 1, lim['CHECKS']):
        prefix = ed.hashed() + uid_hashed(uid)
        write('checks-%d' % (n + 1), base + b''.join(
            junk_sig(ed, 0x13, prefix, t + i, mpi(rnd.getrandbits(255)) + mpi(rnd.getrandbits(255)))
            for i in range(n)), over('ENOKEY', checks=n + 1), '%d signatures to verify' % (n + 1))
    with open(os.path.join(d, 'shapes.txt'), 'w') as f:
        f.write('\n'.join(rows) + '\n')


def ca(d):
    os.makedirs(d, exist_ok=True)
    _, c = valid_ed25519(b'hostile ca', b'Hostile CA <ca@example.org>')
    with open(os.path.join(d, 'ca.pgp'), 'wb') as f:
        f.write(c)


def throwaway(d, n):
    """A vendor key and n throw-away signing subkeys, each bound and revoked by it."""
    os.makedirs(d, exist_ok=True)
    vendor, c = valid_ed25519(b'throwaway vendor', b'Throwaway Vendor <tw@example.org>')
    with open(os.path.join(d, 'tw-vendor.pgp'), 'wb') as f:
        f.write(c)
    signer = pgpcraft.Ed25519(b'throwaway subkey')
    for i in range(1, n + 1):
        # one secret, a new creation time: a new key (fingerprint) each time
        sk = pgpcraft.Key(signer, T0 + i)
        t = T0 + 86400 + i
        revocation = pgpcraft.signature(vendor, 0x28, vendor.hashed() + sk.hashed(), t + 1,
                                        extra=sub(29, b'\x03'))
        with open(os.path.join(d, 'tw-%d.pgp' % i), 'wb') as f:
            f.write(pkt(14, sk.body) + pgpcraft.binding(vendor, sk, t) + pkt(2, revocation))


def main(argv):
    if len(argv) in (3, 4) and argv[1] == 'shapes':
        shapes(argv[2], int(argv[3]) if len(argv) == 4 else MAX)
    elif len(argv) == 3 and argv[1] == 'ca':
        ca(argv[2])
    elif len(argv) == 4 and argv[1] == 'throwaway':
        throwaway(argv[2], int(argv[3]))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
