#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Edit the packets of a binary OpenPGP keyring to build broken test keyrings.

Usage: pktedit.py IN OUT [--drop-sigtype HEX]... [--strip-backsig]
                         [--corrupt-backsig] [--corrupt-sigtype HEX]...
                         [--drop-subkeys]

  --drop-sigtype HEX     drop every v4 signature packet of that type (e.g. 13)
  --strip-backsig        remove subpacket 32 (embedded 0x19 back-signature)
                         from the unhashed area of subkey binding signatures
  --corrupt-backsig      flip a bit in the last byte of each back-signature
  --corrupt-sigtype HEX  flip a bit in the last byte (an MPI) of each
                         signature of that type
  --drop-subkeys         drop public-subkey packets and everything after them
                         up to the next primary key

Unchanged packets are copied byte for byte (gpg writes old-format headers);
changed packets are written with new-format headers.
"""
import sys


def die(msg):
    sys.stderr.write("pktedit.py: %s\n" % msg)
    sys.exit(1)


def read_packets(data):
    """Yield (tag, header+body bytes, body bytes)."""
    i = 0
    while i < len(data):
        start = i
        ctb = data[i]
        i += 1
        if not ctb & 0x80:
            die("offset %d: not a packet header" % start)
        if ctb & 0x40:
            tag = ctb & 0x3F
            o = data[i]
            if o < 192:
                n, i = o, i + 1
            elif o < 224:
                n, i = ((o - 192) << 8) + data[i + 1] + 192, i + 2
            elif o == 255:
                n, i = int.from_bytes(data[i + 1:i + 5], "big"), i + 5
            else:
                die("offset %d: partial body length" % start)
        else:
            tag = (ctb >> 2) & 0x0F
            lt = ctb & 3
            if lt == 3:
                die("offset %d: indeterminate length" % start)
            w = 1 << lt
            n, i = int.from_bytes(data[i:i + w], "big"), i + w
        if i + n > len(data):
            die("offset %d: packet runs past the end" % start)
        yield tag, data[start:i + n], data[i:i + n]
        i += n


def new_header(tag, n):
    if n < 192:
        return bytes([0xC0 | tag, n])
    if n < 8384:
        n -= 192
        return bytes([0xC0 | tag, (n >> 8) + 192, n & 0xFF])
    return bytes([0xC0 | tag, 255]) + n.to_bytes(4, "big")


def subpackets(area):
    """Yield (start, end, type) of each subpacket in area."""
    i = 0
    while i < len(area):
        s = i
        o = area[i]
        if o < 192:
            n, i = o, i + 1
        elif o < 255:
            n, i = ((o - 192) << 8) + area[i + 1] + 192, i + 2
        else:
            n, i = int.from_bytes(area[i + 1:i + 5], "big"), i + 5
        yield s, i + n, area[i] & 0x7F
        i += n


def split_sig(body):
    """v4 signature: (prefix incl. hashed area, unhashed area, rest)."""
    if body[0] != 4:
        return None
    hl = int.from_bytes(body[4:6], "big")
    u = 6 + hl
    ul = int.from_bytes(body[u:u + 2], "big")
    return body[:u], body[u + 2:u + 2 + ul], body[u + 2 + ul:]


def edit_unhashed(body, fn):
    parts = split_sig(body)
    if parts is None:
        return body
    pre, unh, rest = parts
    unh = fn(unh)
    return pre + len(unh).to_bytes(2, "big") + unh + rest


def strip_backsig(unh):
    out = b""
    for s, e, t in subpackets(unh):
        if t != 32:
            out += unh[s:e]
    return out


def corrupt_backsig(unh):
    out = bytearray(unh)
    for s, e, t in subpackets(unh):
        if t == 32:
            out[e - 1] ^= 0x01
    return bytes(out)


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0 if len(argv) > 1 and argv[1] in ("-h", "--help") else 2
    src, dst, opts = argv[1], argv[2], argv[3:]
    drop, corrupt = set(), set()
    strip_bs = corrupt_bs = drop_sub = False
    i = 0
    while i < len(opts):
        o = opts[i]
        if o in ("--drop-sigtype", "--corrupt-sigtype") and i + 1 < len(opts):
            (drop if o == "--drop-sigtype" else corrupt).add(int(opts[i + 1], 16))
            i += 2
            continue
        if o == "--strip-backsig":
            strip_bs = True
        elif o == "--corrupt-backsig":
            corrupt_bs = True
        elif o == "--drop-subkeys":
            drop_sub = True
        else:
            die("unknown option %s" % o)
        i += 1
    try:
        data = open(src, "rb").read()
    except OSError as e:
        die("%s: %s" % (src, e.strerror))
    out = b""
    in_sub = False
    for tag, raw, body in read_packets(data):
        if tag == 6:
            in_sub = False
        elif tag == 14:
            in_sub = True
        if drop_sub and in_sub:
            continue
        if tag != 2 or len(body) < 2 or body[0] != 4:
            out += raw
            continue
        st = body[1]
        if st in drop:
            continue
        nb = body
        if st == 0x18 and strip_bs:
            nb = edit_unhashed(nb, strip_backsig)
        if st == 0x18 and corrupt_bs:
            nb = edit_unhashed(nb, corrupt_backsig)
        if st in corrupt:
            nb = nb[:-1] + bytes([nb[-1] ^ 0x01])
        out += raw if nb == body else new_header(2, len(nb)) + nb
    with open(dst, "wb") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
