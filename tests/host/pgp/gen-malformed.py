#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Build a malformed-signature corpus from one good binary OpenPGP signature.

Each output file is a signature payload (what module_sig carries after its
header) that is wrong in exactly one way.  The manifest lists, per file, the
errno the OpenPGP layer returns for it when checked against the signer's key
(tests/host/pgp/pgp_check "verify"), and what is wrong.  The same files can be
wrapped into module_sig containers for the in-kernel tests; note there that the
loader may map some codes (e.g. a non-binary signature type) itself.
"""

import argparse
import os
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import pgpmod  # noqa: E402  (tests/lib/pgpmod.py)
from pgpmod import new_len, subpacket, subpackets  # noqa: E402

PROG = os.path.basename(sys.argv[0])


def die(msg):
    print(f"{PROG}: {msg}", file=sys.stderr)
    sys.exit(1)


def packet(tag, body, old=True):
    """A whole packet: old format with the smallest length type, or new."""
    return pgpmod.packet(tag, body, old)


def split_packet(data):
    """(tag, body, rest) of the first packet of data."""
    try:
        tag, hl, n = pgpmod.packet_header(data)
    except pgpmod.PacketError as e:
        die({e.NOT_PACKET: "input is not a binary OpenPGP packet (armoured?)",
             e.PARTIAL: "input uses partial lengths",
             e.INDETERMINATE: "input uses an indeterminate length"}[e.kind])
    return tag, data[hl:hl + n], data[hl + n:]


class Sig:
    """A v4 signature body split into its fields."""

    def __init__(self, body):
        if body[0] != 4:
            die("input is not a v4 signature")
        (self.version, self.type, self.algo, self.hash, self.hashed, self.unhashed,
         self.prefix, raw) = pgpmod.split_sig_v4(body)
        self.mpis = []
        p = 0
        while p < len(raw):
            bits = struct.unpack(">H", raw[p:p + 2])[0]
            n = (bits + 7) // 8
            self.mpis.append(raw[p + 2:p + 2 + n])
            p += 2 + n

    def body(self, hashed=None, unhashed=None, mpis=None, raw_mpis=None, **kw):
        h = self.hashed if hashed is None else hashed
        u = self.unhashed if unhashed is None else unhashed
        head = bytes([kw.get("version", self.version), kw.get("type", self.type),
                      kw.get("algo", self.algo), kw.get("hash", self.hash)])
        if raw_mpis is None:
            raw_mpis = b"".join(mpi(m) for m in (self.mpis if mpis is None else mpis))
        return (head + struct.pack(">H", len(h)) + h + struct.pack(">H", len(u)) + u +
                kw.get("prefix", self.prefix) + raw_mpis)


def bitlen(b):
    b = b.lstrip(b"\0")
    return 0 if not b else (len(b) - 1) * 8 + b[0].bit_length()


def mpi(b, bits=None):
    b = b.lstrip(b"\0")
    return struct.pack(">H", bitlen(b) if bits is None else bits) + b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("signature", help="binary detached signature made by gpg")
    ap.add_argument("outdir", help="directory for the corpus (created)")
    args = ap.parse_args()

    try:
        raw = open(args.signature, "rb").read()
    except OSError as e:
        die(f"{args.signature}: {e.strerror}")
    if not raw:
        die(f"{args.signature}: empty")
    tag, body, rest = split_packet(raw)
    if tag != 2 or rest:
        die(f"{args.signature}: not exactly one signature packet")
    s = Sig(body)
    subs = subpackets(s.hashed)
    if not any(t & 0x7f == 2 for t, _ in subs):
        die(f"{args.signature}: no creation time subpacket")

    def hashed_without(*types):
        return b"".join(subpacket(t, d) for t, d in subs if t & 0x7f not in types)

    good = packet(2, body)
    m0 = s.mpis[0]
    cases = []

    def add(name, errno, what, data):
        cases.append((name, errno, what, data))

    add("good", "OK", "the unmodified signature (control)", good)
    add("empty", "ENODATA", "no packet at all", b"")
    add("trunc-header-ctb", "EBADMSG", "packet header cut after the tag octet", good[:1])
    add("trunc-header-len", "EBADMSG", "two-octet old-format length cut after one octet",
        bytes([0x89]) + struct.pack(">H", len(body))[:1])
    add("trunc-body", "EBADMSG", "body one octet shorter than the length", good[:-1])
    add("len-past-end", "EBADMSG", "length one more than the bytes present",
        bytes([0x89]) + struct.pack(">H", len(body) + 1) + body)
    add("len-5octet-overflow", "EBADMSG", "new-format 5-octet length 0xffffffff",
        b"\xc2\xff\xff\xff\xff\xff" + body)
    add("len-old-4octet-overflow", "EBADMSG", "old-format 4-octet length 0xffffffff",
        b"\x8a\xff\xff\xff\xff" + body)
    chunks = b"\xe0" + body[:1] + new_len(len(body) - 1) + body[1:]
    add("partial-length", "EBADMSG", "body split with a partial length (1 octet + rest)",
        b"\xc2" + chunks)
    add("indeterminate-length", "EBADMSG", "old-format indeterminate length", b"\x8b" + body)
    add("wrong-tag", "EBADMSG", "the body in a user ID packet (tag 13)", packet(13, body))
    add("trailing-octet", "EBADMSG", "one octet after the last MPI, length adjusted",
        packet(2, body + b"\0"))
    add("mpi-bits-past-end", "EBADMSG", "last MPI claims 8 more bits than present",
        packet(2, s.body(raw_mpis=b"".join(mpi(m) for m in s.mpis[:-1]) +
                         mpi(s.mpis[-1], bitlen(s.mpis[-1]) + 8))))
    add("mpi-zero-length", "EBADMSG", "first MPI has bit count 0",
        packet(2, s.body(raw_mpis=b"\0\0" + b"".join(mpi(m) for m in s.mpis[1:]))))
    add("mpi-noncanonical", "EBADMSG", "first MPI bit count one too large (same octets)",
        packet(2, s.body(raw_mpis=mpi(m0, bitlen(m0) + 1 if bitlen(m0) % 8 else
                                      bitlen(m0) - 1) +
                         b"".join(mpi(m) for m in s.mpis[1:]))))
    add("mpi-leading-zero", "EBADMSG", "first MPI has a zero leading octet",
        packet(2, s.body(raw_mpis=struct.pack(">H", 8 * (len(m0) + 1)) + b"\0" + m0 +
                         b"".join(mpi(m) for m in s.mpis[1:]))))
    add("mpi-larger-than-key", "EKEYREJECTED", "first MPI one octet longer than the key allows",
        packet(2, s.body(mpis=[b"\xff" * (len(m0) + 1)] + s.mpis[1:])))
    add("mpi-over-limit", "EBADMSG", "first MPI of 16401 bits",
        packet(2, s.body(mpis=[b"\x01" + b"\0" * 2050] + s.mpis[1:])))
    add("mpi-missing", "EBADMSG", "last MPI removed",
        packet(2, s.body(mpis=s.mpis[:-1])) if len(s.mpis) > 1 else
        packet(2, s.body(mpis=[])))
    for v in (3, 5, 7, 0xff):
        add(f"version-{v}", "ENOPKG", f"signature version {v}", packet(2, s.body(version=v)))
    add("version-6", "EBADMSG", "a v4 signature body labelled version 6 (four-octet counts, salt)",
        packet(2, s.body(version=6)))
    add("algo-unknown", "ENOPKG", "public-key algorithm 100", packet(2, s.body(algo=100)))
    add("algo-elgamal", "ENOPKG", "public-key algorithm 16 (Elgamal)",
        packet(2, s.body(algo=16)))
    for name, h in (("md5", 1), ("sha1", 2), ("ripemd160", 3), ("reserved-13", 13),
                    ("unknown", 100)):
        add(f"hash-{name}", "ENOPKG", f"hash algorithm {h}", packet(2, s.body(hash=h)))
    add("hash-sha3-256", "EKEYREJECTED", "hash algorithm 12 (SHA3-256, supported): another digest",
        packet(2, s.body(hash=12)))
    add("critical-unknown-subpacket", "EBADMSG", "hashed subpacket type 100, critical",
        packet(2, s.body(hashed=s.hashed + subpacket(100 | 0x80, b"x"))))
    add("critical-notation", "EBADMSG", "hashed notation (20), critical",
        packet(2, s.body(hashed=s.hashed + subpacket(20 | 0x80, b"\x80\0\0\0\0\x01\0\x01ab"))))
    add("missing-creation-time", "EBADMSG", "hashed creation time removed",
        packet(2, s.body(hashed=hashed_without(2))))
    add("missing-issuer", "EBADMSG", "issuer fingerprint and key ID removed",
        packet(2, s.body(hashed=hashed_without(16, 33), unhashed=b"")))
    add("duplicate-creation-time", "EBADMSG", "two hashed creation times",
        packet(2, s.body(hashed=s.hashed + subpacket(2, b"\0\0\0\1"))))
    add("subpacket-zero-length", "EBADMSG", "hashed subpacket of length 0",
        packet(2, s.body(hashed=s.hashed + b"\0")))
    add("subpacket-past-area", "EBADMSG", "last hashed subpacket longer than the area",
        packet(2, s.body(hashed=s.hashed + b"\x05\x64")))
    add("subpacket-len-overflow", "EBADMSG", "hashed subpacket 5-octet length 0xffffffff",
        packet(2, s.body(hashed=s.hashed + b"\xff\xff\xff\xff\xff\x64")))
    pad = 65535 - len(s.hashed) - 6
    add("hashed-area-64k", "EKEYREJECTED", "hashed area of 65535 octets (non-critical padding)",
        packet(2, s.body(hashed=s.hashed + b"\xff" + struct.pack(">I", pad + 1) + b"\x64" +
                         b"\0" * pad)))
    add("unhashed-extra-subpacket", "EBADMSG",
        "unhashed area of a document signature carries more than issuer key IDs",
        packet(2, s.body(unhashed=s.unhashed + subpacket(100, b"x"))))
    if s.unhashed:
        u = bytearray(s.unhashed)
        u[-1] ^= 0x01
        add("issuer-keyid-mismatch", "EBADMSG", "unhashed issuer key ID disagrees with the "
            "hashed fingerprint", packet(2, s.body(unhashed=bytes(u))))
    add("prefix-flipped", "EKEYREJECTED", "digest prefix changed",
        packet(2, s.body(prefix=bytes([s.prefix[0] ^ 0x80, s.prefix[1]]))))
    add("value-flipped", "EKEYREJECTED", "lowest bit of the last MPI changed",
        packet(2, s.body(mpis=s.mpis[:-1] + [s.mpis[-1][:-1] +
                                             bytes([s.mpis[-1][-1] ^ 1])])))
    add("new-format-header", "OK", "the same packet with a new-format header",
        packet(2, body, old=False))
    add("two-signatures", "OK", "bad copy (prefix changed) then the good signature",
        packet(2, s.body(prefix=bytes([s.prefix[0] ^ 0x80, s.prefix[1]]))) + good)
    h = bytearray(s.hashed)
    # an unknown issuer: change the fingerprint's first octet in the hashed area
    p = 0
    for t, d in subs:
        hl = len(new_len(len(d) + 1)) + 1
        if t & 0x7f == 33:
            h[p + hl + 1] ^= 0x01
        p += hl + len(d)
    add("unknown-issuer", "ENOKEY", "issuer fingerprint of a key not in the ring",
        packet(2, s.body(hashed=bytes(h), unhashed=b"")))
    add("sigs-1000-unknown", "ENOKEY", "1000 signatures by an unknown key",
        packet(2, s.body(hashed=bytes(h), unhashed=b"")) * 1000)

    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, "MANIFEST"), "w") as mf:
        mf.write("# file\terrno\twhat is wrong (gen-malformed.py from "
                 f"{os.path.basename(args.signature)})\n")
        for i, (name, errno, what, data) in enumerate(cases):
            fn = f"{i:02d}-{name}.sig"
            with open(os.path.join(args.outdir, fn), "wb") as f:
                f.write(data)
            mf.write(f"{fn}\t{errno}\t{what}\n")
    print(f"{PROG}: {len(cases)} cases in {args.outdir}", file=sys.stderr)


if __name__ == "__main__":
    main()
