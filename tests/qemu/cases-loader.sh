#!/usr/bin/env bash
# Guest cases of the loader side: the module hash blacklist over the signed data, an appended
# PKCS#7 signature that cannot be checked beside a good OpenPGP one, a file that is not ELF,
# and the bound on hash passes per module.  Called by tests/qemu/make-cases.sh.
set -euo pipefail
prog=cases-loader.sh

usage() {
	cat <<'EOF_USAGE'
Usage: tests/qemu/cases-loader.sh OBJDIR MODULE OUTDIR

OBJDIR is the kernel build (scripts/sign-file, certs/signing_key.pem), MODULE the built
test module (pgptest.ko), OUTDIR the case directory of tests/qemu/make-cases.sh: writes
OUTDIR/mods/{bl,p7,hp}-*.ko, OUTDIR/mods/keyadd (tests/qemu/keyadd.c, static) and the
blacklist entries, and appends their lines to OUTDIR/cases.list.  KEYS_DIR must name the
tests/qemu/make-keys.sh output.

The blacklist is filled at run time: an "exec" case runs keyadd, which adds
"bin:<SHA-256>" to the .blacklist keyring with a PKCS#7 signature of that text by the
build's X.509 key (CONFIG_SYSTEM_BLACKLIST_AUTH_UPDATE).  Each module is loaded before
(it loads) and after (it is refused) its hash is blacklisted, in both boots.
EOF_USAGE
}
# shellcheck source=tests/qemu/cases-lib.sh
. "$(dirname "$0")/cases-lib.sh"
cases_args --keys "$@"
# shellcheck source=/dev/null
. "$keys/keys.env"
export GNUPGHOME=$keys/gnupg
export TOP=$top
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

lc() { tr 'A-F' 'a-f' <<<"$1"; }
# helper data-sha256|file-sha256 MODULE: the hex SHA-256 of its signed data (module_sig
# zeroed) or of the file.  helper reencode SIGNED [UNKNOWN] PREFIX: SIGNED's signature
# packet re-encoded into PREFIX-{newfmt,nonmin,twice}.ko and, with UNKNOWN (the same
# module signed by another key), PREFIX-extra.ko: the other packet, then SIGNED's.
helper() {
	python3 - "$@" <<'PY'
import hashlib
import os
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ['TOP'], 'tests', 'lib'))
import pgpmod  # noqa: E402


def load(path):
    data = bytearray(open(path, 'rb').read())
    s = pgpmod.find_section(pgpmod.elf_sections(data), 'module_sig')
    start, n = pgpmod.container_payload(data, s['offset'])
    return data, s['offset'], s['size'], bytes(data[start:start + n])


cmd = sys.argv[1]
if cmd in ('data-sha256', 'file-sha256'):
    data, off, size, _ = load(sys.argv[2])
    if cmd == 'data-sha256':
        data[off:off + size] = bytes(size)
    print(hashlib.sha256(data).hexdigest())
elif cmd == 'reencode':
    data, off, size, payload = load(sys.argv[2])
    tag, hl, n = pgpmod.packet_header(payload)
    assert tag == 2 and hl + n == len(payload) and not payload[0] & 0x40, 'one old-format packet'
    body = payload[hl:]
    forms = {
        'newfmt': pgpmod.packet(2, body),
        'nonmin': bytes([0x80 | 2 << 2 | 2]) + struct.pack('>I', len(body)) + body,
        'twice': payload + payload,
    }
    assert forms['nonmin'] != payload and forms['newfmt'] != payload
    if sys.argv[3]:
        forms['extra'] = load(sys.argv[3])[3] + payload
    for name, p in forms.items():
        out = bytearray(data)
        out[off:off + size] = pgpmod.container(p, size=size)
        assert len(out) == len(data)
        open('%s-%s.ko' % (sys.argv[4], name), 'wb').write(out)
PY
}
sign() { # sign OUT KEY DIGEST [sign-module options...]
	local o=$1 k=$2 d=$3
	shift 3
	[[ -f $mods/$o ]] || cp "$module" "$mods/$o"
	"$top/scripts/sign-module.sh" --quiet -u "$k" --digest "$d" "$@" "$mods/$o"
}

# ---- the blacklist: SHA-256 of the signed data and of the whole file ----
# a guest program: the target's compiler for a cross-built kernel (CROSS_COMPILE)
"${CROSS_COMPILE:-}gcc" -static -O2 -Wall -o "$mods/keyadd" "$top/tests/qemu/keyadd.c"
# blacklist KIND MODULE ENTRY: an "exec" case blacklisting a SHA-256 of MODULE (KIND
# "data": its signed data; "file": the file as it is), with the PKCS#7 entry ENTRY.
blacklist() {
	local kind=$1 m=$2 entry=$3 hex
	hex=$(helper "$kind-sha256" "$mods/$m")
	printf 'bin:%s' "$hex" >"$tmp/desc"
	openssl smime -sign -nocerts -noattr -binary -md sha256 -outform DER -in "$tmp/desc" \
		-inkey "$obj/certs/signing_key.pem" -signer "$obj/certs/signing_key.pem" \
		-out "$mods/$entry"
	printf 'exec|exec|/mods/keyadd|-|blacklist bin:%s /mods/%s .blacklist|%s\n' "$hex" \
		"$entry" "blacklist the SHA-256 of the $kind of $m (add_key, signed entry)" >>"$list"
}
# Reserves no other case uses, so that these signed data are blacklisted nowhere else.
sign bl-signed.ko "$FPR_rsa2048" sha256 --reserve 3000
sign bl-unknown.ko "$FPR_unknown" sha256 --reserve 3000
helper reencode "$mods/bl-signed.ko" "$mods/bl-unknown.ko" \
	"$mods/bl"
rm "$mods/bl-unknown.ko"
forms=(signed "as signed" newfmt "new-format packet header" nonmin
	"non-minimal (four-octet) length" twice "the signature packet twice" extra
	"an extra signature by an unknown key first")
fpr=$(lc "$FPR_rsa2048")
for ((i = 0; i < ${#forms[@]}; i += 2)); do
	case_line ok ok "bl-${forms[i]}.ko" "$fpr" "blacklist: ${forms[i + 1]}: loads before its signed data is blacklisted"
done
blacklist data bl-signed.ko bl-data.p7s
for ((i = 0; i < ${#forms[@]}; i += 2)); do
	case_line EKEYREJECTED EKEYREJECTED "bl-${forms[i]}.ko" "" \
		"blacklist: ${forms[i + 1]}: refused once the SHA-256 of its signed data is blacklisted"
done
# The whole-file hash is still checked; alone it does not follow a re-encoding.
sign bl-file-signed.ko "$FPR_rsa2048" sha256 --reserve 3100
helper reencode "$mods/bl-file-signed.ko" "" "$mods/bl-file"
rm "$mods"/bl-file-{nonmin,twice}.ko
case_line ok ok bl-file-signed.ko "$fpr" "blacklist: control module loads before its file hash is blacklisted"
blacklist file bl-file-signed.ko bl-file.p7s
case_line EKEYREJECTED EKEYREJECTED bl-file-signed.ko "" \
	"blacklist: refused once the SHA-256 of the whole file is blacklisted"
case_line ok ok bl-file-newfmt.ko "$fpr" \
	"blacklist: its new-format re-encoding (another file hash, signed data not blacklisted) loads"

# ---- an appended PKCS#7 signature by an unknown X.509 key (-ENOKEY) ----
openssl req -new -nodes -utf8 -batch -x509 -days 36500 -outform PEM -newkey rsa:2048 \
	-subj "/CN=pgp-modsign unknown X.509 key" -keyout "$tmp/unknown.key" \
	-out "$tmp/unknown.crt" 2>/dev/null
p7() { # p7 IN OUT: append a PKCS#7 signature by the unknown key
	"$obj/scripts/sign-file" sha256 "$tmp/unknown.key" "$tmp/unknown.crt" "$1" "$2"
}
sign p7-pgp.ko "$FPR_rsa2048" sha256
p7 "$mods/p7-pgp.ko" "$mods/p7-unknown-pgp.ko"
rm "$mods/p7-pgp.ko"
case_line ok ok p7-unknown-pgp.ko "$fpr" \
	"PKCS#7 by an unknown key (ENOKEY) beside a good OpenPGP signature: loads with its pgp_signer"
sign p7-bad.ko "$FPR_rsa2048" sha256
python3 "$top/tests/elfedit.py" flip "$mods/p7-bad.ko" .rodata >/dev/null
p7 "$mods/p7-bad.ko" "$mods/p7-unknown-badpgp.ko"
rm "$mods/p7-bad.ko"
case_line EKEYREJECTED EKEYREJECTED p7-unknown-badpgp.ko "" \
	"PKCS#7 by an unknown key beside an OpenPGP signature of other data: refused"
p7 "$module" "$mods/p7-unknown.ko"
case_line taint EKEYREJECTED p7-unknown.ko "" \
	"PKCS#7 by an unknown key and no module_sig: the PKCS#7 error stands (unavailable key)"

# ---- other appended blocks, as mod_check_sig() reads them; verify-module.sh must agree ----
# block FILE ID_TYPE ALGO [LEN]: a 40-byte block appended to FILE (in mods/), its struct
# module_signature's id_type, algo and signature length LEN (default 40)
block() {
	python3 -c '
import struct, sys
f, idt, algo, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
d = open(f, "rb").read()
n = int(n) if n else 40
open(f, "wb").write(d + bytes(range(40)) + struct.pack(">BBBBB3xI", algo, 0, idt, 0, 0, n) +
                     b"~Module signature appended~\n")' "$mods/$1" "$2" "$3" "${4:-}"
}
# agree FILE ERRNO: the offline verdict (verify-module.sh, the kernel's code) is ERRNO too
agree() {
	local out
	out=$("$top/scripts/verify-module.sh" --keyring "$keys/trusted.pgp" "$mods/$1" 2>&1) || true
	[[ $out == *"; the kernel: $2)"* ]] ||
		{ echo "$prog: $1: verify-module.sh does not say what the kernel does ($2): $out" >&2; exit 1; }
}
for t in 0 1 3; do
	sign "ap-type$t.ko" "$FPR_rsa2048" sha256
	block "ap-type$t.ko" "$t" 0
	agree "ap-type$t.ko" EKEYREJECTED
	case_line EKEYREJECTED EKEYREJECTED "ap-type$t.ko" "" \
		"an appended block of id_type $t (not PKCS#7) after a good OpenPGP signature: only its marker is removed (ENOPKG), module_sig then covers other data: refused"
done
sign ap-algo.ko "$FPR_rsa2048" sha256
block ap-algo.ko 2 1
agree ap-algo.ko EBADMSG
case_line EBADMSG EBADMSG ap-algo.ko "" "an appended PKCS#7 block with a non-zero parameter: EBADMSG"
sign ap-all.ko "$FPR_rsa2048" sha256
block ap-all.ko 2 0 $(($(stat -c %s "$mods/ap-all.ko") + 40))
agree ap-all.ko EBADMSG
case_line EBADMSG EBADMSG ap-all.ko "" \
	"an appended PKCS#7 block whose length is all that precedes it: EBADMSG (>=)"

# ---- not an ELF file: no module_sig, the loader's ELF checks refuse it as mainline ----
python3 -c 'import sys; open(sys.argv[1], "wb").write(b"not a module\n" * 300)' "$mods/nonelf.ko"
case_line ENOEXEC EKEYREJECTED nonelf.ko "" \
	"a file that is not ELF: ENOEXEC from the ELF checks; unsigned (rejected) when enforcing"

# ---- at most two hash passes per module ----
# Signatures of other data (made over a changed .rodata, then changed back) cost a pass each.
cp "$module" "$mods/hp-2.ko"
python3 "$top/tests/elfedit.py" flip "$mods/hp-2.ko" .rodata >/dev/null
sign hp-2.ko "$FPR_rsa2048" sha256 --reserve 4000
cp "$mods/hp-2.ko" "$mods/hp-3.ko"
sign hp-3.ko "$FPR_rsa3072" sha384 --append
for m in hp-2.ko hp-3.ko; do
	python3 "$top/tests/elfedit.py" flip "$mods/$m" .rodata >/dev/null
	sign "$m" "$FPR_rsa4096" sha512 --append
done
case_line ok ok hp-2.ko "$(lc "$FPR_rsa4096")" \
	"hash passes: bad SHA-256 signature, then a good SHA-512 one: loads"
case_line EKEYREJECTED EKEYREJECTED hp-3.ko "" \
	"hash passes: bad SHA-256 and SHA-384 signatures; a SHA-512 one would need a third pass: refused"
echo "$prog: $(grep -c . "$list") cases in $list"
