#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Wrap OpenPGP signature payloads into module_sig containers of a signed module.

Usage: wrap-corpus.py MODULE CORPUS OUTDIR

MODULE  a module (or any ELF object) signed by scripts/sign-module.sh, whose
        module_sig section is large enough for the payloads (--reserve 65536,
        the most the kernel takes; larger payloads are left out)
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
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import pgpmod  # noqa: E402  (tests/lib/pgpmod.py)

PROG = os.path.basename(sys.argv[0])
MAX_SIGS = 16


def die(msg):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    sys.exit(1)


def module_sig(data):
    """(offset, size) of the module_sig section content of an ELF64 LE file."""
    if not pgpmod.is_elf64le(data):
        die("not a little-endian ELF64 file")
    s = pgpmod.find_section(pgpmod.elf_sections(data), "module_sig")
    if s is None:
        die("no module_sig section")
    return s["offset"], s["size"]


def packet_tags(payload):
    """Tags of the packets in payload, or None when a header is malformed."""
    tags = []
    p = 0
    while p < len(payload):
        try:
            tag, hl, ln = pgpmod.packet_header(payload, p)
        except pgpmod.HEADER_ERRORS:
            return None
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
        start, n = pgpmod.container_payload(data, off)
        open(argv[3], "wb").write(data[start:start + n])
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
        if len(payload) > size - pgpmod.SIG_HEADER_LEN:
            # module_sig is at most 64 KiB (MODULE_PGP_SIG_MAX_SIZE)
            sys.stderr.write("%s: %s: payload of %d bytes does not fit module_sig (%d): left out\n"
                             % (PROG, fn, len(payload), size))
            continue
        d = bytearray(data)
        d[off:off + size] = pgpmod.container(payload, size=size)
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
