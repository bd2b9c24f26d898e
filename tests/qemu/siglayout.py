#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where each byte of a signed module lies, and what a change to it must cause.

  siglayout.py map MODULE MASK OUT         every byte's allowed outcomes for xor MASK
  siglayout.py expect MODULE OFFSET MASK   the enforcing boot's errno set for one change
  siglayout.py extract MODULE DATA SIG     the signed data and the signature packets

A reader of its own, written from the specifications (ELF gABI section headers;
the module_sig container of Documentation/admin-guide/module-signing-pgp.rst:
16-byte header "OPGPMSIG", version 1, three zero octets, be32 payload length,
payload, zeros; RFC 4880 4.2 packets, 5.2.3 v4 signatures, 3.2 MPIs; RFC 9580
5.2.3 v6 signatures (four-octet area counts, a salt sized by the hash), 5.2.3.35:
an issuer key ID must match the issuer fingerprint; RFC 9980 5.3.1: ML-DSA-65+Ed25519
values), sharing no code
with scripts/ or tests/lib/, so the tamper sweep and the differential cases do
not take their expectations from the code under test.

Outcome classes: EKEYREJECTED, EBADMSG, ENOEXEC (refusals), "unsigned" (the
kernel found no usable signature -- ENODATA, ENOKEY, ENOPKG -- which loads with
taint E when not enforcing and is EKEYREJECTED when enforcing) and "signed" (loads,
signed by the expected key: only where the change touches nothing signed and the
specification lets a verifier ignore it).  The rules, by
where the changed byte lies:
  signed data (anything the locator does not read)      EKEYREJECTED
  ELF magic                                             EBADMSG or ENOEXEC
  ELF class/encoding                                    also EKEYREJECTED
  other ELF header fields                               EKEYREJECTED or EBADMSG,
    those locating the section table also "unsigned"   (module_sig not found)
  section header table                                  EKEYREJECTED or EBADMSG
    module_sig's sh_name, .shstrtab's offset/size      also "unsigned"
  the "module_sig" name in .shstrtab                    unsigned
  container header, packet headers, padding, area lengths   EBADMSG
  signature version / algorithm (unsupported)           unsigned (ENOPKG)
  hash algorithm: another supported one                 EKEYREJECTED, else unsigned
    (SHA-224 with DSA or Ed25519: unsigned, RFC 9580 minimum digest sizes)
  headers the locator cannot read                       also unsigned / ENOEXEC
  signature type                                        EBADMSG
  issuer fingerprint: octets a key ID also states       EBADMSG (mismatch)
                      other octets                      unsigned (ENOKEY)
  v6: hash algorithm with another salt size, salt length  EBADMSG
  v6: salt, Ed25519 and ML-DSA-65 signature values      EKEYREJECTED
  hashed subpackets, digest prefix, MPIs                EKEYREJECTED
    (hashed subpacket type octets and MPI lengths: EBADMSG or EKEYREJECTED; an
     unhashed one's: EBADMSG, that area carries issuer key IDs and fingerprints only)

extract writes DATA (the file with module_sig's content zeroed) and SIG (the payload)
and exits 0; 3 with "malformed: WHY" when the container breaks the rules above
(the kernel must say EBADMSG), 4 when there is no module_sig.
"""
import struct
import sys

REJ, BAD, NOEXEC, UNS, SIGNED = 1, 2, 4, 8, 16
NAMES = [(REJ, 'EKEYREJECTED'), (BAD, 'EBADMSG'), (NOEXEC, 'ENOEXEC'), (UNS, 'unsigned'),
         (SIGNED, 'signed')]
MAGIC = b'OPGPMSIG'
PK_SUPPORTED = {1, 3, 17, 19, 22, 27, 28, 30, 31}  # RSA, RSA sign-only, DSA, ECDSA, EdDSA,
                                           # Ed25519, Ed448, ML-DSA-65+Ed25519 and
                                           # ML-DSA-87+Ed448 (RFC 9980, v6 only)
HASH_SUPPORTED = {8, 9, 10, 11, 12, 14}    # SHA2-256, -384, -512, -224, SHA3-256, -512
SALT = {8: 16, 9: 24, 10: 32, 11: 16, 12: 16, 14: 32}     # RFC 9580 9.5, v6 signatures
WEAK = {1, 2, 3}                           # MD5, SHA-1, RIPEMD-160: no v6 salt size
MPI_COUNT = {1: 1, 3: 1, 17: 2, 19: 2, 22: 2}


def v6_hash(h, pk, m):
    """Outcome of a v6 signature's hash octet h changed by xor m: the salt's size is fixed
    by the hash (RFC 9580 5.2.3), a digest under 256 bits is unsupported for Ed25519 and
    ML-DSA+EdDSA (RFC 9980 5.3.1), one under 512 bits for Ed448."""
    n = h ^ m
    if n in WEAK:
        return BAD
    if n not in SALT:
        return UNS
    if SALT[n] != SALT[h]:
        return BAD
    if n == 11 and pk in (27, 30, 31):
        return UNS
    if pk == 28 and n not in (10, 14):
        return UNS
    return REJ


def names(c):
    return '/'.join(n for b, n in NAMES if c & b)


class Elf:
    """Section headers of an ELF file, either class and byte order."""

    def __init__(self, data):
        if data[:4] != b'\x7fELF' or data[4] not in (1, 2) or data[5] not in (1, 2):
            raise ValueError('not an ELF file')
        self.is64 = data[4] == 2
        e = '<' if data[5] == 1 else '>'
        if self.is64:
            self.shoff, = struct.unpack_from(e + 'Q', data, 0x28)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(e + 'HHH', data, 0x3a)
            self.fields = {'shoff': (0x28, 8), 'shentsize': (0x3a, 2), 'shnum': (0x3c, 2),
                           'shstrndx': (0x3e, 2)}
            self.ehsize = 64
            fmt, self.soff = e + 'IIQQQQIIQQ', {'name': (0, 4), 'offset': (24, 8), 'size': (32, 8)}
        else:
            self.shoff, = struct.unpack_from(e + 'I', data, 0x20)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(e + 'HHH', data, 0x2e)
            self.fields = {'shoff': (0x20, 4), 'shentsize': (0x2e, 2), 'shnum': (0x30, 2),
                           'shstrndx': (0x32, 2)}
            self.ehsize = 52
            fmt, self.soff = e + 'IIIIIIIIII', {'name': (0, 4), 'offset': (16, 4), 'size': (20, 4)}
        if self.shoff + self.shnum * self.shentsize > len(data) or self.shstrndx >= self.shnum:
            raise ValueError('section header table outside the file')
        self.sections = []
        for i in range(self.shnum):
            at = self.shoff + i * self.shentsize
            f = struct.unpack_from(fmt, data, at)
            self.sections.append({'at': at, 'name_off': f[0], 'type': f[1], 'flags': f[2],
                                  'offset': f[4], 'size': f[5]})
        strtab = self.sections[self.shstrndx]
        self.strtab = strtab
        for s in self.sections:
            a = strtab['offset'] + s['name_off']
            z = data.index(b'\0', a)
            s['name'] = data[a:z]
            s['name_at'] = (a, z + 1)

    def named(self, name):
        return [s for s in self.sections if s['name'] == name]


def new_len(buf, i):
    """RFC 4880 4.2.2 new-format length at buf[i]: (length, octets) or None (partial)."""
    o = buf[i]
    if o < 192:
        return o, 1
    if o < 224:
        return ((o - 192) << 8) + buf[i + 1] + 192, 2
    if o == 255:
        return struct.unpack_from('>I', buf, i + 1)[0], 5
    return None


def packets(payload):
    """(header start, body start, body end, tag) of each packet."""
    i, out = 0, []
    while i < len(payload):
        h = payload[i]
        if h & 0xc0 == 0xc0:
            tag, (n, ln) = h & 0x3f, new_len(payload, i + 1)
            body = i + 1 + ln
        else:
            tag, lt = (h >> 2) & 0xf, h & 3
            ln = {0: 1, 1: 2, 2: 4}[lt]
            n = int.from_bytes(payload[i + 1:i + 1 + ln], 'big')
            body = i + 1 + ln
        out.append((i, body, body + n, tag))
        i = body + n
    return out


def subpackets(buf, start, end):
    """(start, type octet index, data start, data end, type) of each subpacket."""
    i, out = start, []
    while i < end:
        n, ln = new_len(buf, i)
        t = i + ln
        out.append((i, t, t + 1, t + n, buf[t] & 0x7f))
        i = t + n
    return out


def subpacket_regions(add, at, b, subs, hashed_end, v6):
    """Regions of the subpackets subs of signature body b (at: its file offset)."""
    types = {s[4] for s in subs}
    for s, t, ds, de, typ in subs:
        hashed = s < hashed_end
        add(at + s, at + t, 'subpacket length', BAD)
        # hashed: another type breaks a rule or changes what is signed; unhashed: the
        # area may carry issuer key IDs and fingerprints only, the type octet exactly
        # (module-signing-pgp.rst)
        add(at + t, at + t + 1, 'subpacket type', BAD | REJ if hashed else BAD)
        if typ == 33:       # issuer fingerprint: version octet, then the fingerprint
            add(at + ds, at + ds + 1, 'issuer fingerprint version', BAD | UNS)
            if 16 not in types:
                add(at + ds + 1, at + de, 'issuer fingerprint', UNS)
            elif v6:        # a v6 key ID is the fingerprint's first 8 octets
                add(at + ds + 1, at + ds + 9, 'issuer fingerprint (key ID part)', BAD)
                add(at + ds + 9, at + de, 'issuer fingerprint', UNS)
            else:           # a v4 key ID is its last 8 octets
                add(at + ds + 1, at + de - 8, 'issuer fingerprint', UNS)
                add(at + de - 8, at + de, 'issuer fingerprint (key ID part)', BAD)
        elif typ == 16:
            add(at + ds, at + de, 'issuer key ID', BAD if 33 in types else UNS)
        elif hashed:
            add(at + ds, at + de, f'hashed subpacket {typ}', REJ)
        else:
            add(at + ds, at + de, f'unhashed subpacket {typ}', BAD | REJ)


def layout_v6(add, at, b):
    """A v6 signature (RFC 9580 5.2.3): four-octet area counts, salt after the prefix;
    Ed25519 (27) 64 native octets, ML-DSA-65+Ed25519 (30) 64 + 3309 (RFC 9980 5.3.1)."""
    pk, h = b[2], b[3]
    add(at, at + 1, 'signature version', lambda m: BAD if 6 ^ m == 4 else UNS)
    add(at + 1, at + 2, 'signature type', BAD)
    add(at + 2, at + 3, 'public-key algorithm',
        lambda m, pk=pk: (BAD | REJ) if pk ^ m in PK_SUPPORTED else UNS)
    add(at + 3, at + 4, 'hash algorithm', lambda m, h=h, pk=pk: v6_hash(h, pk, m))
    hl, = struct.unpack_from('>I', b, 4)
    add(at + 4, at + 8, 'hashed area length', BAD)
    ul, = struct.unpack_from('>I', b, 8 + hl)
    add(at + 8 + hl, at + 12 + hl, 'unhashed area length', BAD)
    subs = subpackets(b, 8, 8 + hl) + subpackets(b, 12 + hl, 12 + hl + ul)
    subpacket_regions(add, at, b, subs, 8 + hl, True)
    p = 12 + hl + ul
    add(at + p, at + p + 2, 'digest prefix', REJ)
    add(at + p + 2, at + p + 3, 'salt length', BAD)
    n = b[p + 2]
    add(at + p + 3, at + p + 3 + n, 'salt', REJ)
    v = p + 3 + n
    if pk == 30:
        add(at + v, at + v + 64, 'Ed25519 signature', REJ)
        add(at + v + 64, at + len(b), 'ML-DSA-65 signature', REJ)
    else:
        add(at + v, at + len(b), 'signature values', REJ)


def layout(data):
    """[(start, end, label, classes or a function of the mask)] for a signed module."""
    size = len(data)
    el = Elf(data)
    regions = []

    def add(a, b, label, cls):
        regions.append((a, b, label, cls))

    # headers the locator cannot read are "no module_sig" (unsigned); the loader's ELF
    # checks then refuse the file (ENOEXEC when not enforcing)
    add(0, 4, 'ELF magic', BAD | NOEXEC | UNS)
    # class and encoding: the kernel's locator takes its own; a stricter reader refuses
    add(4, 6, 'ELF class/encoding', REJ | BAD | NOEXEC)
    add(6, el.ehsize, 'ELF header', REJ | BAD)
    for f, (a, n) in el.fields.items():
        add(a, a + n, f'ELF header {f}', REJ | BAD | UNS | NOEXEC)
    add(el.shoff, el.shoff + el.shnum * el.shentsize, 'section header table', REJ | BAD | NOEXEC)
    (sig,) = el.named(b'module_sig')
    a, n = el.soff['name']
    add(sig['at'] + a, sig['at'] + a + n, 'module_sig sh_name', UNS | BAD | NOEXEC)
    # sh_type 0 (SHT_NULL) hides module_sig: the module is unsigned
    add(sig['at'] + 4, sig['at'] + 8, 'module_sig sh_type', REJ | BAD | UNS | NOEXEC)
    for f in ('offset', 'size'):
        a, n = el.soff[f]
        add(el.strtab['at'] + a, el.strtab['at'] + a + n, f'.shstrtab sh_{f}', REJ | BAD | UNS | NOEXEC)
    add(*sig['name_at'], '"module_sig" in .shstrtab', UNS | NOEXEC)

    off, secsize = sig['offset'], sig['size']
    plen, = struct.unpack_from('>I', data, off + 12)
    add(off, off + 16, 'container header', BAD)
    add(off + 16 + plen, off + secsize, 'container padding', BAD)
    pay = data[off + 16:off + 16 + plen]
    base = off + 16
    for hs, bs, be, tag in packets(pay):
        add(base + hs, base + bs, 'packet header', BAD)
        b = pay[bs:be]
        at = base + bs
        if tag == 2 and b[0] == 6:
            layout_v6(add, at, b)
            continue
        if tag != 2 or b[0] != 4:
            add(at, at + len(b), 'packet body', BAD | REJ | UNS)
            continue
        pk, h = b[2], b[3]
        # version 6 reads the v4 fields as four-octet counts: malformed
        add(at, at + 1, 'signature version', lambda m: BAD if 4 ^ m == 6 else UNS)
        add(at + 1, at + 2, 'signature type', BAD)
        add(at + 2, at + 3, 'public-key algorithm',
            lambda m, pk=pk: (BAD | REJ) if pk ^ m in PK_SUPPORTED else UNS)
        add(at + 3, at + 4, 'hash algorithm',
            lambda m, h=h, pk=pk: (UNS if h ^ m == 11 and pk in (17, 22, 27) else REJ)
            if h ^ m in HASH_SUPPORTED else UNS)
        hl, = struct.unpack_from('>H', b, 4)
        add(at + 4, at + 6, 'hashed area length', BAD)
        ul, = struct.unpack_from('>H', b, 6 + hl)
        add(at + 6 + hl, at + 8 + hl, 'unhashed area length', BAD)
        subs = subpackets(b, 6, 6 + hl) + subpackets(b, 8 + hl, 8 + hl + ul)
        subpacket_regions(add, at, b, subs, 6 + hl, False)
        p = 8 + hl + ul
        add(at + p, at + p + 2, 'digest prefix', REJ)
        p += 2
        for _ in range(MPI_COUNT.get(pk, 0)):
            bits, = struct.unpack_from('>H', b, p)
            add(at + p, at + p + 2, 'MPI length', BAD | REJ)
            nb = (bits + 7) // 8
            add(at + p + 2, at + p + 3, 'MPI first octet', BAD | REJ)
            add(at + p + 3, at + p + 2 + nb, 'MPI', REJ)
            p += 2 + nb
        add(at + p, at + len(b), 'packet body', BAD | REJ | UNS)
    # Later regions refine earlier ones.
    label = ['signed data'] * size
    cls = [REJ] * size
    for a, b, lab, c in regions:
        for i in range(max(a, 0), min(b, size)):
            label[i], cls[i] = lab, c
    return label, cls


def classes_at(cls, i, mask):
    c = cls[i]
    return c(mask) if callable(c) else c


def cmd_map(module, mask, out):
    data = open(module, 'rb').read()
    label, cls = layout(data)
    rows = []
    for i in range(len(data)):
        c, lab = classes_at(cls, i, mask), label[i]
        if rows and rows[-1][2] == c and rows[-1][3] == lab:
            rows[-1][1] = i + 1
        else:
            rows.append([i, i + 1, c, lab])
    with open(out, 'w') as f:
        for a, b, c, lab in rows:
            f.write(f'{a} {b} {names(c)} {lab}\n')
    return 0


def cmd_expect(module, offset, mask):
    data = open(module, 'rb').read()
    label, cls = layout(data)
    c = classes_at(cls, offset, mask)
    if c & UNS:         # enforcing: no usable signature is EKEYREJECTED
        c = (c & ~UNS) | REJ
    print(names(c), label[offset])
    return 0


def cmd_extract(module, datafile, sigfile):
    data = bytearray(open(module, 'rb').read())
    try:
        el = Elf(data)
    except (ValueError, struct.error, IndexError) as e:
        print(f'malformed: {e}')
        return 3
    sigs = el.named(b'module_sig')
    if not sigs:
        print('unsigned: no module_sig')
        return 4
    why = None
    s = sigs[0]
    off, size = s['offset'], s['size']
    if len(sigs) > 1:
        why = 'two module_sig sections'
    elif s['flags'] & 2:
        why = 'module_sig has SHF_ALLOC'
    elif off + size > len(data) or size < 16:
        why = 'module_sig outside the file or too small'
    elif data[off:off + 8] != MAGIC or data[off + 8] != 1 or any(data[off + 9:off + 12]):
        why = 'container magic, version or reserved octets wrong'
    else:
        plen, = struct.unpack_from('>I', data, off + 12)
        if plen == 0 or plen > size - 16:
            why = f'payload length {plen} does not fit'
        elif any(data[off + 16 + plen:off + size]):
            why = 'padding after the payload not zero'
    if why:
        print(f'malformed: {why}')
        return 3
    with open(sigfile, 'wb') as f:
        f.write(data[off + 16:off + 16 + plen])
    data[off:off + size] = bytes(size)
    with open(datafile, 'wb') as f:
        f.write(data)
    print('container ok')
    return 0


def main():
    a = sys.argv[1:]
    if a[:1] in (['-h'], ['--help']):
        print(__doc__)
        return 0
    if len(a) == 4 and a[0] == 'map':
        return cmd_map(a[1], int(a[2], 0), a[3])
    if len(a) == 4 and a[0] == 'expect':
        return cmd_expect(a[1], int(a[2]), int(a[3], 0))
    if len(a) == 4 and a[0] == 'extract':
        return cmd_extract(a[1], a[2], a[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main())
