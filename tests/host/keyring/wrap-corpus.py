#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Wrap OpenPGP signature payloads into module_sig containers of a signed module.

Usage: wrap-corpus.py MODULE CORPUS OUTDIR

MODULE  a module (or any ELF object) signed by scripts/sign-module.sh, whose
        module_sig section is large enough for every payload (e.g. --reserve
        262144 for the 1000-signature case)
CORPUS  a directory made by tests/host/pgp/gen-malformed.py (MANIFEST + *.sig),
        best made from MODULE's own signature, so that the controls verify
OUTDIR  gets one module per payload, same size and layout as MODULE, and a
        MANIFEST "module<TAB>expected<TAB>what": expected is "ok" or the errno
        module_pgp_sig_check() returns (kernel/module/signing_pgp.c), mapped
        from the OpenPGP layer's answer: an empty payload and a packet other
        than a signature are malformed containers (EBADMSG), and more than
        MODULE_PGP_MAX_SIGS (16) packets is EBADMSG.

"wrap-corpus.py --extract MODULE SIG" writes MODULE's signature payload to SIG.
"""
import os
import struct
import sys

PROG = os.path.basename(sys.argv[0])
MAX_SIGS = 16


def die(msg):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    sys.exit(1)


def module_sig(data):
    """(offset, size) of the module_sig section content of an ELF64 LE file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        die("not a little-endian ELF64 file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    def shdr(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
    strtab = shdr(shstrndx)
    for i in range(1, shnum):
        s = shdr(i)
        o = strtab[4] + s[0]
        if data[o:o + 11] == b"module_sig\0":
            return s[4], s[5]
    die("no module_sig section")


def packet_tags(payload):
    """Tags of the packets in payload, or None when a header is malformed."""
    tags = []
    p = 0
    while p < len(payload):
        c = payload[p]
        if not c & 0x80:
            return None
        if c & 0x40:
            tag = c & 0x3f
            if p + 1 >= len(payload):
                return None
            o = payload[p + 1]
            if o < 192:
                hl, ln = 2, o
            elif o < 224:
                if p + 2 >= len(payload):
                    return None
                hl, ln = 3, ((o - 192) << 8) + payload[p + 2] + 192
            elif o == 255:
                if p + 6 > len(payload):
                    return None
                hl, ln = 6, struct.unpack_from(">I", payload, p + 2)[0]
            else:
                return None
        else:
            tag = (c >> 2) & 0xf
            lt = c & 3
            if lt == 3:
                return None
            w = 1 << lt
            if p + 1 + w > len(payload):
                return None
            hl, ln = 1 + w, int.from_bytes(payload[p + 1:p + 1 + w], "big")
        if p + hl + ln > len(payload):
            return None
        p += hl + ln
        tags.append(tag)
    return tags


def expected(layer, payload):
    """What module_pgp_sig_check() says for a container holding payload."""
    tags = packet_tags(payload)
    # empty payload (payload_len 0), a bad packet header, a packet that is
    # not a signature, or too many packets: a malformed container
    if not payload or tags is None or len(tags) > MAX_SIGS or set(tags) != {2}:
        return "EBADMSG"
    return "ok" if layer == "OK" else layer


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0
    if len(argv) == 4 and argv[1] == "--extract":
        data = open(argv[2], "rb").read()
        off, size = module_sig(data)
        n, = struct.unpack_from(">I", data, off + 12)
        open(argv[3], "wb").write(data[off + 16:off + 16 + n])
        return 0
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    module, corpus, out = argv[1:]
    try:
        data = open(module, "rb").read()
        manifest = open(os.path.join(corpus, "MANIFEST")).read().splitlines()
    except OSError as e:
        die("%s: %s" % (e.filename, e.strerror))
    off, size = module_sig(data)
    os.makedirs(out, exist_ok=True)
    rows = []
    for line in manifest:
        if line.startswith("#") or not line.strip():
            continue
        fn, layer, what = line.split("\t", 2)
        payload = open(os.path.join(corpus, fn), "rb").read()
        if len(payload) > size - 16:
            die("%s: payload of %d bytes does not fit module_sig (%d)" % (fn, len(payload), size))
        sec = b"OPGPMSIG\x01\x00\x00\x00" + struct.pack(">I", len(payload)) + payload
        d = bytearray(data)
        d[off:off + size] = sec + bytes(size - len(sec))
        name = os.path.splitext(fn)[0] + os.path.splitext(module)[1]
        with open(os.path.join(out, name), "wb") as f:
            f.write(d)
        rows.append("%s\t%s\t%s" % (name, expected(layer, payload), what))
    with open(os.path.join(out, "MANIFEST"), "w") as f:
        f.write("# module\texpected\twhat is wrong (wrap-corpus.py)\n")
        f.write("\n".join(rows) + "\n")
    sys.stderr.write("%s: %d modules in %s\n" % (PROG, len(rows), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
