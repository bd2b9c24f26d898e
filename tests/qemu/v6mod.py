#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Put v6 signature packets made by the test-side signer into a module's module_sig.

Usage:
  v6mod.py attach MODULE OUT SIG...   OUT is MODULE with its module_sig section holding
                                      the container of the SIG packet files, in order
                                      (the section keeps its size: the rest is zeros)
  v6mod.py fields SIG                 "NAME OFFSET LENGTH" of a v6 signature packet's
                                      fields, offsets into the file: version, hash,
                                      salt-length, salt, prefix, values, and a
                                      composite's halves: ed25519 or ed448, mldsa;
                                      an SLH-DSA signature's parts (FIPS 205): r,
                                      fors, ht (the hypertree)
  v6mod.py flip FILE OFFSET MASK      xor one byte of FILE in place

The signed data of a module is the file with module_sig's content zeroed
(tests/qemu/siglayout.py extract writes it); tests/vectors/pgpv6.mjs signs it.  The
signing tool makes v6 signatures later; until then this is the guest cases' way to them.
"""
import os
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
import pgpmod  # noqa: E402  (tests/lib/pgpmod.py)

prog = 'v6mod.py'


def die(msg):
    print(f'{prog}: {msg}', file=sys.stderr)
    sys.exit(1)


def attach(module, out, sigs):
    data = bytearray(open(module, 'rb').read())
    s = pgpmod.find_section(pgpmod.elf_sections(data), 'module_sig')
    if s is None:
        die(f'{module}: no module_sig section')
    payload = b''.join(open(f, 'rb').read() for f in sigs)
    if pgpmod.SIG_HEADER_LEN + len(payload) > s['size']:
        die(f'{module}: {len(payload)} octets of signatures do not fit its {s["size"]}-octet module_sig')
    data[s['offset']:s['offset'] + s['size']] = pgpmod.container(payload, size=s['size'])
    with open(out + '.tmp', 'wb') as f:
        f.write(data)
    os.replace(out + '.tmp', out)


# SLH-DSA-SHAKE-128s, -128f, -256s (RFC 9980 algorithms 32 to 34): n, k, a (FIPS 205 Table 2)
SLHDSA = {32: (16, 14, 12), 33: (16, 33, 6), 34: (32, 22, 14)}


def fields(sigfile):
    buf = open(sigfile, 'rb').read()
    tag, hl, n = pgpmod.packet_header(buf)
    b = buf[hl:hl + n]
    if tag != 2 or b[0] != 6:
        die(f'{sigfile}: not a v6 signature packet')
    hlen, = struct.unpack_from('>I', b, 4)
    ulen, = struct.unpack_from('>I', b, 8 + hlen)
    p = 12 + hlen + ulen
    slen = b[p + 2]
    out = [('version', 0, 1), ('hash', 3, 1), ('prefix', p, 2), ('salt-length', p + 2, 1),
           ('salt', p + 3, slen), ('values', p + 3 + slen, n - p - 3 - slen)]
    v = p + 3 + slen
    if b[2] == 30:
        out += [('ed25519', v, 64), ('mldsa', v + 64, 3309)]
    elif b[2] == 31:
        out += [('ed448', v, 114), ('mldsa', v + 114, 4627)]
    elif b[2] in SLHDSA:
        # R (n), the FORS signature (k (1 + a) n), the hypertree's (the rest)
        nn, k, a = SLHDSA[b[2]]
        out += [('r', v, nn), ('fors', v + nn, k * (1 + a) * nn),
                ('ht', v + nn + k * (1 + a) * nn, n - v - nn - k * (1 + a) * nn)]
    for name, off, ln in out:
        print(name, hl + off, ln)


def flip(path, off, mask):
    with open(path, 'r+b') as f:
        f.seek(off)
        b = f.read(1)
        if len(b) != 1:
            die(f'{path}: no octet at {off}')
        f.seek(off)
        f.write(bytes([b[0] ^ mask]))


def main():
    a = sys.argv[1:]
    if a[:1] in (['-h'], ['--help']):
        print(__doc__)
        return 0
    if len(a) >= 4 and a[0] == 'attach':
        attach(a[1], a[2], a[3:])
    elif len(a) == 2 and a[0] == 'fields':
        fields(a[1])
    elif len(a) == 4 and a[0] == 'flip':
        flip(a[1], int(a[2], 0), int(a[3], 0))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main())
