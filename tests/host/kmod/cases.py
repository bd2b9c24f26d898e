#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Crafted module_sig sections for the kmod patch's reader, and what modinfo must show.

  cases.py write DIR     DIR/NAME.sec (a section's content) and DIR/NAME.expect (the
                         lines from the first sig_id on, as `cases.py norm` gives them)
  cases.py norm [FILE]   modinfo's output (stdin or FILE) from its first sig_id line on,
                         a hex value's continuation lines joined and its colons dropped
  cases.py strip IN OUT  IN without its appended PKCS#7 signature (a Debian module)

The expected lines are written out here by hand, from the bytes each case puts in; they
are not computed by another reader.  Packets are built with tests/lib/pgpmod.py.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import pgpmod  # noqa: E402

FPR4 = bytes(range(0xa0, 0xb4))            # 20 octets
FPR6 = bytes(range(0x40, 0x60))            # 32 octets
KEYID = bytes.fromhex('0102030405060708')
EMPTY = 'OpenPGP: empty module_sig placeholder (not signed)'


def hexs(b):
    return b.hex().upper()


def sub(t, d):
    return pgpmod.subpacket(t, d)


def ctime():
    return sub(2, struct.pack('>I', 1700000000))


def v4(algo=1, hash_algo=10, hashed=None, unhashed=b'', fields=b'\x00\x08\xff', typ=0):
    hashed = ctime() + sub(33, b'\x04' + FPR4) if hashed is None else hashed
    return (bytes([4, typ, algo, hash_algo]) + struct.pack('>H', len(hashed)) + hashed +
            struct.pack('>H', len(unhashed)) + unhashed + b'\xbe\xef' + fields)


def v6(algo=27, hash_algo=10, hashed=None, unhashed=b'', salt=b'\x55' * 32, fields=b'\x66' * 64):
    hashed = ctime() + sub(33, b'\x06' + FPR6) if hashed is None else hashed
    return (bytes([6, 0, algo, hash_algo]) + struct.pack('>I', len(hashed)) + hashed +
            struct.pack('>I', len(unhashed)) + unhashed + b'\xbe\xef' + bytes([len(salt)]) + salt +
            fields)


def sig(pkt_body, old=False):
    return pgpmod.packet(2, pkt_body, old=old)


def lines(ver, key, hash_name, algo, fields, signer=''):
    return ['sig_id:         OpenPGP v%d' % ver,
            'signer:         ' + signer,
            'sig_key:        ' + hexs(key),
            'sig_hashalgo:   ' + hash_name,
            'sig_algo:       ' + algo,
            'signature:      ' + hexs(fields)]


def bad(msg):
    return ['sig_id:         ' + msg]


def cases():
    c = pgpmod.container
    rsa = b'\x00\x08\xff'
    out = {}
    # the container
    out['empty-placeholder'] = (b'\0' * 64, bad(EMPTY))
    out['one-zero'] = (b'\0', bad(EMPTY))
    out['no-magic'] = (b'OPGPMSIX' + c(sig(v4()))[8:], bad('OpenPGP: malformed module_sig (no OPGPMSIG header)'))
    out['short-header'] = (b'OPGPMSIG\x01\x00\x00', bad('OpenPGP: malformed module_sig (no OPGPMSIG header)'))
    out['version-2'] = (c(sig(v4()), version=2), bad('OpenPGP: module_sig container version 2 not known'))
    out['reserved'] = (c(sig(v4()), reserved=b'\0\1\0'), bad('OpenPGP: malformed module_sig (reserved octets not zero)'))
    out['payload-0'] = (c(sig(v4()), claimed=0), bad('OpenPGP: malformed module_sig (payload of 0 octets, room for 44)'))
    out['payload-over'] = (c(sig(v4()), claimed=45), bad('OpenPGP: malformed module_sig (payload of 45 octets, room for 44)'))
    out['reserved-last'] = (c(sig(v4()), reserved=b'\0\0\1'), bad('OpenPGP: malformed module_sig (reserved octets not zero)'))
    out['tail-first'] = (c(sig(v4()), tail=b'\1', size=64), bad('OpenPGP: malformed module_sig (data after the payload)'))
    out['payload-short'] = (c(sig(v4()), claimed=41), bad('OpenPGP: malformed module_sig (data after the payload)'))
    out['payload-huge'] = (c(sig(v4()), claimed=0xffffffff),
                           bad('OpenPGP: malformed module_sig (payload of 4294967295 octets, room for 44)'))
    out['tail'] = (c(sig(v4()), tail=b'\0\0\1', size=100), bad('OpenPGP: malformed module_sig (data after the payload)'))
    out['over-64k'] = (c(sig(v4()), size=65537), bad('OpenPGP: module_sig larger than 64 KiB (the kernel refuses it)'))
    # signatures that are read
    out['v4-rsa'] = (c(sig(v4(), old=True), size=2048), lines(4, FPR4, 'sha512', 'RSA', rsa))
    uid = b'Build Key <build@example.org>'
    out['v4-signer'] = (c(sig(v4(hashed=ctime() + sub(28, uid) + sub(33, b'\x04' + FPR4), algo=17,
                                 hash_algo=8, fields=b'\x00\x01\x01\x00\x01\x02'))),
                        lines(4, FPR4, 'sha256', 'DSA', b'\x00\x01\x01\x00\x01\x02', uid.decode()))
    out['v4-keyid'] = (c(sig(v4(hashed=ctime(), unhashed=sub(16, KEYID), algo=22, hash_algo=9))),
                       lines(4, KEYID, 'sha384', 'EdDSA', rsa))
    out['v4-no-issuer'] = (c(sig(v4(hashed=ctime(), algo=19, hash_algo=11))), lines(4, b'', 'sha224', 'ECDSA', rsa))
    out['v4-keyid-bad-length'] = (c(sig(v4(hashed=ctime(), unhashed=sub(16, KEYID[:4])))),
                                  lines(4, b'', 'sha512', 'RSA', rsa))
    out['v4-bad-after-fpr'] = (c(sig(v4(unhashed=sub(16, KEYID) + b'\x00'))),
                               bad('OpenPGP v4: malformed signature packet'))
    out['v4-unhashed-fpr'] = (c(sig(v4(hashed=ctime(), unhashed=sub(16, KEYID) + sub(33, b'\x04' + FPR4)))),
                              lines(4, FPR4, 'sha512', 'RSA', rsa))
    other = bytes(20)
    out['v4-hashed-fpr-first'] = (c(sig(v4(hashed=ctime() + sub(33, b'\x04' + FPR4),
                                           unhashed=sub(33, b'\x04' + other)))),
                                  lines(4, FPR4, 'sha512', 'RSA', rsa))
    out['v4-fpr-bad-length'] = (c(sig(v4(hashed=ctime() + sub(33, b'\x04' + FPR6), unhashed=sub(16, KEYID)))),
                                lines(4, KEYID, 'sha512', 'RSA', rsa))
    out['v4-fpr-bad-version'] = (c(sig(v4(hashed=ctime() + sub(33, b'\x06' + FPR4)))),
                                 lines(4, b'', 'sha512', 'RSA', rsa))
    out['v4-unhashed-signer'] = (c(sig(v4(unhashed=sub(28, uid)))), lines(4, FPR4, 'sha512', 'RSA', rsa))
    out['v4-critical-signer'] = (c(sig(v4(hashed=ctime() + sub(0x80 | 28, uid) + sub(33, b'\x04' + FPR4)))),
                                 lines(4, FPR4, 'sha512', 'RSA', rsa, uid.decode()))
    evil = b'Evil\x1b[31m\nName\x00\x7f\xc2\x9b\xc3\xa9'
    out['v4-signer-controls'] = (c(sig(v4(hashed=ctime() + sub(28, evil)))),
                                 lines(4, b'', 'sha512', 'RSA', rsa, 'Evil?[31m?Name????\u00e9'))
    long_uid = b'x' * 300
    out['v4-signer-long'] = (c(sig(v4(hashed=ctime() + sub(28, long_uid)))),
                             lines(4, b'', 'sha512', 'RSA', rsa, 'x' * 255))
    out['v4-unknown-algos'] = (c(sig(v4(algo=99, hash_algo=99))),
                               lines(4, FPR4, 'unknown (hash 99)', 'unknown (algorithm 99)', rsa))
    out['v4-no-fields'] = (c(sig(v4(fields=b''))), lines(4, FPR4, 'sha512', 'RSA', b''))
    ed = b'\x66' * 64
    out['v6-ed25519'] = (c(sig(v6())), lines(6, FPR6, 'sha512', 'Ed25519', ed))
    out['v6-ed448'] = (c(sig(v6(algo=28, hash_algo=14, fields=b'\x77' * 114))),
                       lines(6, FPR6, 'sha3-512', 'Ed448', b'\x77' * 114))
    f30 = b'\x11' * 64 + b'\x22' * 3309
    out['v6-mldsa65'] = (c(sig(v6(algo=30, fields=f30))), lines(6, FPR6, 'sha512', 'ML-DSA-65+Ed25519', f30))
    f31 = b'\x33' * 114 + b'\x44' * 4627
    out['v6-mldsa87'] = (c(sig(v6(algo=31, hash_algo=12, fields=f31)), size=8192),
                         lines(6, FPR6, 'sha3-256', 'ML-DSA-87+Ed448', f31))
    out['v6-salt-16'] = (c(sig(v6(hash_algo=8, salt=b'\x55' * 16))), lines(6, FPR6, 'sha256', 'Ed25519', ed))
    out['v6-long-length'] = (c(b'\xc2\xff' + struct.pack('>I', len(v6())) + v6()),
                             lines(6, FPR6, 'sha512', 'Ed25519', ed))
    out['v4-4-octet-old-length'] = (c(b'\x8a' + struct.pack('>I', len(v4())) + v4()),
                                    lines(4, FPR4, 'sha512', 'RSA', rsa))
    mid = v4(fields=b'\x12' * 300)
    out['v4-2-octet-old-length'] = (c(b'\x89' + struct.pack('>H', len(mid)) + mid),
                                    lines(4, FPR4, 'sha512', 'RSA', b'\x12' * 300))
    # several: rollover, v4 + v6, every composite
    out['rollover'] = (c(sig(v4(), old=True) + sig(v6()) + sig(v6(algo=30, fields=f30)), size=8192),
                       lines(4, FPR4, 'sha512', 'RSA', rsa) + lines(6, FPR6, 'sha512', 'Ed25519', ed) +
                       lines(6, FPR6, 'sha512', 'ML-DSA-65+Ed25519', f30))
    # packets that are not read, and the reading goes on
    out['not-a-signature'] = (c(pgpmod.packet(6, b'\x04' * 10) + sig(v4())),
                              bad('OpenPGP: packet 1 is not a signature (tag 6)') + lines(4, FPR4, 'sha512', 'RSA', rsa))
    out['v3'] = (c(sig(b'\x03' + b'\0' * 20) + sig(v6())),
                 bad('OpenPGP v3: signature version not read') + lines(6, FPR6, 'sha512', 'Ed25519', ed))
    out['v5'] = (c(sig(b'\x05' + v4()[1:])), bad('OpenPGP v5: signature version not read'))
    out['empty-body'] = (c(sig(b'') + sig(v4())), bad('OpenPGP: empty signature packet') +
                         lines(4, FPR4, 'sha512', 'RSA', rsa))
    body = v4()
    out['v4-cut-in-hashed'] = (c(sig(body[:10]) + sig(v4())), bad('OpenPGP v4: malformed signature packet') +
                               lines(4, FPR4, 'sha512', 'RSA', rsa))
    out['v4-cut-at-prefix'] = (c(sig(v4(fields=b'')[:-1])), bad('OpenPGP v4: malformed signature packet'))
    out['v4-hashed-len-over'] = (c(sig(body[:4] + b'\xff\xff' + body[6:])), bad('OpenPGP v4: malformed signature packet'))
    out['v6-cut-in-salt'] = (c(sig(v6(fields=b'')[:-5])), bad('OpenPGP v6: malformed signature packet'))
    out['v6-hashed-len-over'] = (c(sig(v6()[:4] + b'\x7f\xff\xff\xff' + v6()[8:])),
                                 bad('OpenPGP v6: malformed signature packet'))
    out['subpacket-len-0'] = (c(sig(v4(hashed=ctime() + b'\x00')) + sig(v6())),
                              bad('OpenPGP v4: malformed signature packet') + lines(6, FPR6, 'sha512', 'Ed25519', ed))
    out['subpacket-over'] = (c(sig(v4(hashed=ctime() + b'\x10\x21'))), bad('OpenPGP v4: malformed signature packet'))
    out['subpacket-2-octet-over'] = (c(sig(v4(hashed=b'\xc0'))), bad('OpenPGP v4: malformed signature packet'))
    out['subpacket-5-octet'] = (c(sig(v4(hashed=b'\xff\x00\x00\x00\x05\x02' + struct.pack('>I', 1)))),
                                lines(4, b'', 'sha512', 'RSA', rsa))
    out['subpacket-5-octet-huge'] = (c(sig(v4(hashed=b'\xff\xff\xff\xff\xff\x02'))),
                                     bad('OpenPGP v4: malformed signature packet'))
    # packet headers: reading stops
    out['header-cut'] = (c(b'\xc2'), bad('OpenPGP: malformed packet 1 (its header or length)'))
    out['length-over'] = (c(sig(v4()) + b'\xc2\x40' + b'\0' * 10),
                          lines(4, FPR4, 'sha512', 'RSA', rsa) + bad('OpenPGP: malformed packet 2 (its header or length)'))
    out['partial-length'] = (c(b'\xc2\xe0' + b'\0' * 10), bad('OpenPGP: malformed packet 1 (its header or length)'))
    out['indeterminate'] = (c(b'\x8b' + v4()), bad('OpenPGP: malformed packet 1 (its header or length)'))
    out['not-a-packet'] = (c(b'\x42' + v4()), bad('OpenPGP: malformed packet 1 (its header or length)'))
    out['5-octet-huge'] = (c(b'\xc2\xff\xff\xff\xff\xf0' + v4()), bad('OpenPGP: malformed packet 1 (its header or length)'))
    out['old-2-octet-cut'] = (c(b'\x89\x01'), bad('OpenPGP: malformed packet 1 (its header or length)'))
    # the kernel reads 16 packets at most
    out['16-packets'] = (c(sig(v4()) * 16), lines(4, FPR4, 'sha512', 'RSA', rsa) * 16)
    out['17-packets'] = (c(sig(v4()) * 17), lines(4, FPR4, 'sha512', 'RSA', rsa) * 16 +
                         bad('OpenPGP: more than 16 packets in module_sig (the kernel refuses it)'))
    out['17-small-packets'] = (c(b'\xc6\x00' * 17), bad('OpenPGP: packet 1 is not a signature (tag 6)') +
                               ['sig_id:         OpenPGP: packet %d is not a signature (tag 6)' % i
                                for i in range(2, 17)] +
                               bad('OpenPGP: more than 16 packets in module_sig (the kernel refuses it)'))
    return out


def norm(text):
    out = []
    for line in text.splitlines():
        if line.startswith('\t'):
            if out:
                out[-1] += line.strip().replace(':', '')
            continue
        if not out and not line.startswith('sig_id:'):
            continue
        key, _, value = line.partition(':')
        if key in ('sig_key', 'signature'):
            line = '%s:%s%s' % (key, ' ' * (15 - len(key)), value.strip().replace(':', ''))
        out.append(line)
    return out


def strip_pkcs7(data):
    magic = b'~Module signature appended~\n'
    if not data.endswith(magic):
        raise SystemExit('no appended PKCS#7 signature')
    (sig_len,) = struct.unpack('>I', data[-len(magic) - 4:-len(magic)])
    return data[:len(data) - len(magic) - 12 - sig_len]


def main(argv):
    if len(argv) >= 2 and argv[1] in ('-h', '--help'):
        print(__doc__.strip())
        return 0
    if len(argv) == 3 and argv[1] == 'write':
        os.makedirs(argv[2], exist_ok=True)
        for name, (sec, expect) in cases().items():
            with open(os.path.join(argv[2], name + '.sec'), 'wb') as f:
                f.write(sec)
            with open(os.path.join(argv[2], name + '.expect'), 'w', encoding='utf-8') as f:
                f.write(''.join(x + '\n' for x in expect))
        return 0
    if len(argv) in (2, 3) and argv[1] == 'norm':
        if len(argv) == 3:
            with open(argv[2], encoding='utf-8', errors='surrogateescape') as f:
                text = f.read()
        else:
            text = sys.stdin.read()
        sys.stdout.write(''.join(x + '\n' for x in norm(text)))
        return 0
    if len(argv) == 4 and argv[1] == 'strip':
        with open(argv[2], 'rb') as f:
            data = strip_pkcs7(f.read())
        with open(argv[3], 'wb') as f:
            f.write(data)
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
