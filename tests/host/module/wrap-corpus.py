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
        MANIFEST "module<TAB>expected<TAB>what<TAB>pinned": expected is "ok" or
        the errno module_pgp_sig_check() returns (kernel/module/signing_pgp.c),
        mapped from the OpenPGP layer's answer: an empty payload and a packet
        other than a signature are malformed containers (EBADMSG), and more than
        MODULE_PGP_MAX_SIGS (16) packets is EBADMSG.

Where each expectation comes from ("pinned"):
  openpgp    the payload as an OpenPGP signature: whether it is accepted at all
             is checked against an independent verifier (Sequoia's sqv, in
             tests/host/module/run.sh); the errno is the kernel's documented
             mapping of the reason (RFC 4880/9580: malformed -> EBADMSG,
             unknown algorithm or version -> ENOPKG, unknown key -> ENOKEY,
             bad signature -> EKEYREJECTED; admin guide, "Enforcing").
  strict     a rule by which the kernel is stricter than OpenPGP verifiers, so
             that no byte of a signed module can change unnoticed (admin guide,
             "The signature container"): every packet consumed exactly, only
             issuer subpackets that agree with the hashed issuer in the unhashed
             area, and the 16-bit digest prefix of RFC 4880 5.2.4 binding.  The
             independent verifier must ACCEPT these payloads (the signature is
             otherwise good), which pins the refusal on that rule alone.
  container  a rule of the module_sig container itself (admin guide, "The
             signature container": one or more signature packets, at most 16),
             which no tool but this project's code knows: the kernel's own
             documented rule is the only oracle, so it is written out here
             rather than taken from the loader's code.

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
    """(offset, size) of the module_sig section content of an ELF64 file (either byte
    order: an s390x module is big-endian)."""
    if not pgpmod.is_elf64(data):
        die("not an ELF64 file")
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


# gen-malformed.py cases refused only by the kernel's stricter rules (see "strict")
STRICT = ("trailing-octet", "unhashed-extra-subpacket", "issuer-keyid-mismatch",
          "prefix-flipped")


def expected(layer, payload, name=""):
    """(What module_pgp_sig_check() says for a container holding payload,
    where that expectation is pinned: "openpgp" or "container")."""
    tags = packet_tags(payload)
    if tags is None:
        return "EBADMSG", "openpgp"         # RFC 4880 4.2: no packet stream
    # empty payload (payload_len 0), a packet that is not a signature, or too
    # many packets: a malformed container
    if not payload or len(tags) > MAX_SIGS or set(tags) != {2}:
        return "EBADMSG", "container"
    if any(name.endswith("-" + s) for s in STRICT):
        return layer, "strict"
    return ("ok" if layer == "OK" else layer), "openpgp"


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
        want, pinned = expected(layer, payload, os.path.splitext(fn)[0])
        rows.append("%s\t%s\t%s\t%s" % (name, want, what, pinned))
    with open(os.path.join(out, "MANIFEST"), "w") as f:
        f.write("# module\texpected\twhat is wrong\tpinned to (wrap-corpus.py)\n")
        f.write("\n".join(rows) + "\n")
    sys.stderr.write("%s: %d modules in %s\n" % (PROG, len(rows), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
