#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Malformed-signature corpus for the QEMU tests.

  make-corpus.py SIGNED.ko SIGNER-FPR OUTDIR CASELIST

Takes a module signed by sign-module.sh, and writes OUTDIR/corpus-*.ko, each with a
module_sig section that is wrong in exactly one way (container header, packet framing,
signature packet fields, subpackets, MPIs), and appends one case line per module to
CASELIST (format: tests/qemu/modtest.c) with the errno the kernel must return.

Expectations: malformed data is -EBADMSG, fatal in both boots; an unsupported version,
algorithm or hash is -ENOPKG, which mainline lets through as unsigned (expectation
'taint': loads with 'E') when not enforcing and turns into -EKEYREJECTED when enforcing.
Every case pins one outcome per boot (tests/host/harness checks that no "A/B"
alternative creeps back); where only this project's rules decide, the case says so.
"""
import os
import struct
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
import pgpmod  # noqa: E402  (tests/lib/pgpmod.py)
from pgpmod import container, new_len, packet, subpackets  # noqa: E402
from pgpmod import subpacket as sub  # noqa: E402

MAGIC = pgpmod.SIG_MAGIC
SIGNER = ''


def read_elf_section(data, name):
    """(offset, size) of the content of section name."""
    s = pgpmod.find_section(pgpmod.elf_sections(data), name)
    if s is None:
        raise SystemExit(f'no section {name}')
    return s['offset'], s['size']


def parse_packet(buf):
    """One new- or old-format packet: (tag, body, rest)."""
    tag, hl, n = pgpmod.packet_header(buf)
    return tag, bytes(buf[hl:hl + n]), bytes(buf[hl + n:])


class Sig:
    """A v4 signature packet body, split into its fields."""

    def __init__(self, body):
        (self.ver, self.type, self.pk, self.hash, hashed, unhashed, self.prefix,
         self.mpis) = pgpmod.split_sig_v4(body)
        self.hashed = subpackets(hashed)
        self.unhashed = subpackets(unhashed)

    def build(self, hashed_raw=None, unhashed_raw=None):
        h = hashed_raw if hashed_raw is not None else b''.join(sub(t, d) for t, d in self.hashed)
        u = unhashed_raw if unhashed_raw is not None else b''.join(sub(t, d) for t, d in self.unhashed)
        return (bytes([self.ver, self.type, self.pk, self.hash]) + struct.pack('>H', len(h)) + h +
                struct.pack('>H', len(u)) + u + self.prefix + self.mpis)


def main():
    global SIGNER
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    signed, SIGNER, outdir, caselist = sys.argv[1:]
    SIGNER = SIGNER.lower()
    data = open(signed, 'rb').read()
    off, size = read_elf_section(data, 'module_sig')
    sec = data[off:off + size]
    assert sec[:8] == MAGIC, 'not a signed module'
    start, plen = pgpmod.container_payload(sec, 0)
    payload = sec[start:start + plen]
    tag, body, rest = parse_packet(payload)
    assert tag == 2 and not rest
    sig = Sig(body)

    def mut(**kw):
        s = Sig(body)
        for k, v in kw.items():
            setattr(s, k, v)
        return s

    # MPI helpers: the signature's MPIs re-encoded.
    def mpi(bits, data):
        return struct.pack('>H', bits) + data

    no_issuer = mut(hashed=[x for x in sig.hashed if x[0] not in (16, 33)],
                    unhashed=[x for x in sig.unhashed if x[0] not in (16, 33)])
    no_ctime = mut(hashed=[x for x in sig.hashed if x[0] != 2])
    crit = mut(hashed=sig.hashed + [(0x80 | 100, b'x')])
    noncrit = mut(hashed=sig.hashed + [(100, b'x')])
    big_hashed = mut(hashed=sig.hashed + [(20, b'\0' * (65535 - 300))])  # a 64 KiB notation
    pk_bytes = packet(2, body)

    cases = [
        # (name, section content, expect permissive, expect enforce, description)
        ('empty-payload', container(b'', size=size), 'EBADMSG', 'EBADMSG', 'container with no signature packet'),
        ('bad-magic', b'X' + container(pk_bytes, size=size)[1:], 'EBADMSG', 'EBADMSG', 'container magic wrong'),
        ('bad-version', container(pk_bytes, version=2, size=size), 'EBADMSG', 'EBADMSG', 'container version 2'),
        ('reserved-set', container(pk_bytes, reserved=b'\0\1\0', size=size), 'EBADMSG', 'EBADMSG', 'container reserved bytes not zero'),
        ('claims-more', container(pk_bytes, claimed=size, size=size), 'EBADMSG', 'EBADMSG', 'header claims more payload than the section holds'),
        ('claims-4g', container(pk_bytes, claimed=0xffffffff, size=size), 'EBADMSG', 'EBADMSG', 'header payload length 0xffffffff'),
        ('garbage-after', container(pk_bytes + b'\x01\x02\x03', size=size), 'EBADMSG', 'EBADMSG', 'garbage after the last packet inside the payload'),
        ('trunc-header', container(b'\xc2', size=size), 'EBADMSG', 'EBADMSG', 'truncated packet header'),
        ('trunc-header2', container(b'\xc2\xc5', size=size), 'EBADMSG', 'EBADMSG', 'two-octet length cut short'),
        ('len-past-end', container(b'\xc2' + new_len(len(body) + 50) + body, size=size), 'EBADMSG', 'EBADMSG', 'packet length past the end of the payload'),
        ('len5-overflow', container(b'\xc2\xff\xff\xff\xff\xff' + body, size=size), 'EBADMSG', 'EBADMSG', 'five-octet length 0xffffffff'),
        ('partial-len', container(b'\xc2\xe5' + body[:32], size=size), 'EBADMSG', 'EBADMSG', 'partial body length'),
        ('old-indeterminate', container(b'\x8b' + body, size=size), 'EBADMSG', 'EBADMSG', 'old-format indeterminate length'),
        ('new-format-header', container(packet(2, body), size=size), 'ok', 'ok',
         'the same signature with a new-format packet header still verifies'),
        ('not-a-sig', container(packet(6, body), size=size), 'EBADMSG', 'EBADMSG', 'a public-key packet instead of a signature'),
        ('sig-v3', container(packet(2, bytes([3]) + body[1:]), size=size), 'taint', 'EKEYREJECTED', 'signature version 3 (an unsupported version: ENOPKG)'),
        ('sig-v5', container(packet(2, bytes([5]) + body[1:]), size=size), 'taint', 'EKEYREJECTED', 'signature version 5'),
        ('sig-type-text', container(packet(2, mut(type=1).build()), size=size), 'EBADMSG', 'EBADMSG', 'text-document signature (type 0x01)'),
        ('algo-unknown', container(packet(2, mut(pk=99).build()), size=size), 'taint', 'EKEYREJECTED', 'unknown public-key algorithm 99'),
        ('algo-elgamal', container(packet(2, mut(pk=16).build()), size=size), 'taint', 'EKEYREJECTED', 'Elgamal (16) signature'),
        ('hash-md5', container(packet(2, mut(hash=1).build()), size=size), 'taint', 'EKEYREJECTED', 'MD5 digest'),
        ('hash-ripemd', container(packet(2, mut(hash=3).build()), size=size), 'taint', 'EKEYREJECTED', 'RIPEMD-160 digest'),
        ('hash-sha1', container(packet(2, mut(hash=2).build()), size=size), 'taint', 'EKEYREJECTED', 'SHA-1 digest without the legacy option'),
        ('hash-unknown', container(packet(2, mut(hash=77).build()), size=size), 'taint', 'EKEYREJECTED', 'unknown digest 77'),
        ('crit-subpacket', container(packet(2, crit.build()), size=size), 'EBADMSG', 'EBADMSG', 'unknown critical subpacket'),
        ('noncrit-subpacket', container(packet(2, noncrit.build()), size=size), 'EKEYREJECTED', 'EKEYREJECTED', 'unknown non-critical subpacket: parsed, signature then bad'),
        ('no-ctime', container(packet(2, no_ctime.build()), size=size), 'EBADMSG', 'EBADMSG', 'no creation time subpacket'),
        ('no-issuer', container(packet(2, no_issuer.build()), size=size), 'EBADMSG', 'EBADMSG', 'no issuer subpacket'),
        ('hashed-past-end', container(packet(2, body[:4] + b'\xff\xf0' + body[6:]), size=size), 'EBADMSG', 'EBADMSG', 'hashed area length past the packet'),
        ('subpkt-past-area', container(packet(2, sig.build(hashed_raw=b'\x40' + b'\x02' + b'\0' * 5)), size=size), 'EBADMSG', 'EBADMSG', 'subpacket longer than the hashed area'),
        ('subpkt-zero-len', container(packet(2, sig.build(hashed_raw=b'\x00' + b''.join(sub(t, d) for t, d in sig.hashed))), size=size), 'EBADMSG', 'EBADMSG', 'zero-length subpacket'),
        # A well-formed hashed area that grew by a non-critical notation: the data the
        # signature covers changed (RFC 4880 5.2.4), so the signature does not verify.
        ('hashed-64k', container(packet(2, big_hashed.build())), 'EBADMSG', 'EBADMSG', 'hashed area of 64 KiB: more than module_sig may hold (64 KiB cap)'),
        ('mpi-bits-over', container(packet(2, Sig(body).build()[:-len(sig.mpis)] + mpi(4096, sig.mpis[2:])), size=size), 'EBADMSG', 'EBADMSG', 'MPI bit count larger than its bytes'),
        # RFC 4880 3.2 allows the encoding (the value 0); refusing a signature MPI of 0 bits
        # as malformed is this project's parser rule (tests/host/pgp pins the same), so our
        # own code is the only oracle here.
        ('mpi-zero', container(packet(2, Sig(body).build()[:-len(sig.mpis)] + mpi(0, b'')), size=size), 'EBADMSG', 'EBADMSG', 'zero-length MPI'),
        # RFC 8017 5.2.2 (RSAVP1): s outside [0, n-1] is "signature representative out of
        # range", an invalid signature, not a malformed packet.
        ('mpi-too-big', container(packet(2, Sig(body).build()[:-len(sig.mpis)] + mpi(4096, b'\xff' * 512)), size=size), 'EKEYREJECTED', 'EKEYREJECTED', 'MPI larger than the key (s >= n)'),
        ('mpi-missing', container(packet(2, Sig(body).build()[:-len(sig.mpis)]), size=size), 'EBADMSG', 'EBADMSG', 'no MPI at all'),
        ('1000-sigs', container(pk_bytes * 1000), 'EBADMSG', 'EBADMSG', '1000 signature packets'),
    ]

    os.makedirs(outdir, exist_ok=True)
    with open(caselist, 'a') as cl:
        for name, content, ep, ee, desc in cases:
            out = os.path.join(outdir, f'corpus-{name}.ko')
            if len(content) == size:
                # in place: every byte outside module_sig stays as signed (objcopy
                # would lay out a module whose placeholder the signer added anew)
                with open(out, 'wb') as f:
                    f.write(data[:off] + content + data[off + size:])
            else:
                secfile = os.path.join(outdir, f'corpus-{name}.sec')
                with open(secfile, 'wb') as f:
                    f.write(content)
                # the target's objcopy (OBJCOPY, as for make-cases.sh) for a cross module
                subprocess.run([os.environ.get('OBJCOPY') or 'objcopy', '--update-section',
                                f'module_sig={secfile}',
                                signed, out], check=True)
                os.unlink(secfile)
            signer = SIGNER if ep == 'ok' else ''
            cl.write(f'{ep}|{ee}|/mods/corpus-{name}.ko|pgptest|{signer}|signature corpus: {desc}\n')
    print(f'make-corpus: {len(cases)} malformed modules in {outdir}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
