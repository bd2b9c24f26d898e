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
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import pgpmod  # noqa: E402  (tests/lib/pgpmod.py)


def die(msg):
    sys.stderr.write("pktedit.py: %s\n" % msg)
    sys.exit(1)


def read_packets(data):
    """Yield (tag, header+body bytes, body bytes)."""
    i = 0
    while i < len(data):
        if not data[i] & 0x80:
            die("offset %d: not a packet header" % i)
        try:
            tag, hl, n = pgpmod.packet_header(data, i)
        except pgpmod.PacketError as e:
            die("offset %d: %s" % (i, e.kind))
        except pgpmod.HEADER_ERRORS:
            die("offset %d: packet header cut short" % i)
        if i + hl + n > len(data):
            die("offset %d: packet runs past the end" % i)
        yield tag, data[i:i + hl + n], data[i + hl:i + hl + n]
        i += hl + n


def edit_subpackets(area, fn):
    """The area with each subpacket's (type, data) replaced by fn(type, data), or dropped
    where fn returns None; lengths are re-encoded in the shortest form, as gpg writes them."""
    out = b""
    for typ, sp in pgpmod.subpackets(area):
        r = fn(typ, sp)
        if r is not None:
            out += pgpmod.subpacket(*r)
    return out


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
    return edit_subpackets(unh, lambda t, d: None if t & 0x7F == 32 else (t, d))


def corrupt_backsig(unh):
    return edit_subpackets(
        unh, lambda t, d: (t, d[:-1] + bytes([d[-1] ^ 0x01])) if t & 0x7F == 32 else (t, d))


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
        out += raw if nb == body else pgpmod.packet(2, nb)
    with open(dst, "wb") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
