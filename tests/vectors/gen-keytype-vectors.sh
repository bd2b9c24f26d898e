#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Generate security/pgp_keys/tests/pgp_key_type_kunit_vectors.h: certificates for the
# KUnit suite of the OpenPGP asymmetric key parser and subtype.
set -euo pipefail
prog=gen-keytype-vectors.sh

usage() {
	cat <<'EOF_USAGE'
Usage: tests/vectors/gen-keytype-vectors.sh [OUT]

Makes certificates with gpg (Ed25519 keys at fixed faked times) and writes them as C
arrays to OUT (default security/pgp_keys/tests/pgp_key_type_kunit_vectors.h):
  d        the certifier D (sign+certify)
  v        V, certified by D (gpg --quick-sign-key)
  vbad     V with D's certification corrupted (a bit of its signature flipped)
  u        U, certified by nobody
  x, w     X (not trusted) and W, certified by X
  de       the certifier De: made 2024-01-01, expiring 2024-06-01 (self-signature of
           2024-05-01)
  late     L, certified by De on 2024-07-01 (after De expired)
  early    E, certified by De on 2024-03-01
  dr       the certifier Dr, revoked (its revocation certificate imported)
  r        R, certified by Dr before the revocation
  ps       P (certify-only) with a signing subkey S
  psnoback P and S with the back-signature removed from the binding signature
  psbadback P and S with the back-signature corrupted
and the fingerprints the tests need.  The output differs between runs (new keys); it is
checked in, not generated at build time.
EOF_USAGE
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$top/security/pgp_keys/tests/pgp_key_type_kunit_vectors.h}
tmp=$(mktemp -d)
export GNUPGHOME=$tmp/gnupg
cleanup() { gpgconf --kill gpg-agent >/dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup EXIT
mkdir -m 700 "$GNUPGHOME"

gpgq() { gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" 2>/dev/null; }
fpr() { gpg --batch --with-colons --list-keys "$1" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }'; }
subfpr() {
	gpg --batch --with-colons --list-keys "$1" 2>/dev/null |
		awk -F: '$1 == "sub" { s = 1 } s && $1 == "fpr" { print $10; exit }'
}
gen() { # gen NAME TIME [USAGE]
	gpgq --faked-system-time "$2" --quick-gen-key "KUnit $1 <$1@kunit.example>" ed25519 "${3:-sign}" 0 \
		>/dev/null
}
id() { fpr "<$1@kunit.example>"; }
certify() { # certify SIGNER KEY TIME
	gpgq --faked-system-time "$3" -u "$(id "$1")" --quick-sign-key "$(id "$2")"
}
for n in D V U X W De L E Dr R; do
	gen "$n" 20240101T000000
done
gen P 20240101T000000 cert
gpgq --faked-system-time 20240102T000000 --quick-add-key "$(id P)" ed25519 sign 0
certify D V 20240103T000000
certify X W 20240103T000000
certify De L 20240701T000000
certify De E 20240301T000000
certify Dr R 20240103T000000
# De expires 2024-06-01, by a self-signature of 2024-05-01 (the newest one counts)
gpgq --faked-system-time 20240501T000000 --quick-set-expire "$(id De)" 2024-06-01
DR=$(id Dr)
sed 's/^:-----BEGIN/-----BEGIN/' "$GNUPGHOME/openpgp-revocs.d/$DR.rev" >"$tmp/rev.asc"
gpgq --faked-system-time 20240201T000000 --import "$tmp/rev.asc"

ex() { gpg --batch --export "$(id "$1")" >"$tmp/$2.gpg"; }
for n in D:d V:v U:u X:x W:w De:de L:late E:early Dr:dr R:r P:ps; do
	ex "${n%:*}" "${n#*:}"
done
ed=$top/tests/host/pgp_keys/pktedit.py
python3 "$ed" "$tmp/v.gpg" "$tmp/vbad.gpg" --corrupt-sigtype 10
python3 "$ed" "$tmp/ps.gpg" "$tmp/psnoback.gpg" --strip-backsig
python3 "$ed" "$tmp/ps.gpg" "$tmp/psbadback.gpg" --corrupt-backsig
cmp -s "$tmp/v.gpg" "$tmp/vbad.gpg" && { echo "$prog: no certification corrupted" >&2; exit 1; }

carray() { # carray NAME FILE
	echo "static const u8 $1[] = {"
	od -An -v -tx1 "$2" | awk '{ s = "\t"; for (i = 1; i <= NF; i++) s = s "0x" $i ","; print s }'
	echo "};"
	echo
}
fprarray() { # fprarray NAME HEXFPR
	local h=${2,,}
	printf 'static const u8 %s[20] = {\n\t' "$1"
	for ((i = 0; i < 40; i += 2)); do
		printf '0x%s,' "${h:i:2}"
		((i == 18)) && printf '\n\t'
	done
	printf '\n};\n\n'
}

{
	echo "/* SPDX-License-Identifier: GPL-2.0 */"
	echo "/*"
	echo " * Certificates for pgp_key_type_kunit.c, made by"
	echo " * tests/vectors/gen-keytype-vectors.sh with $(gpg --version | head -n1)."
	echo " * Do not edit."
	echo " */"
	echo
	echo "#ifndef _PGP_KEY_TYPE_KUNIT_VECTORS_H"
	echo "#define _PGP_KEY_TYPE_KUNIT_VECTORS_H"
	echo
	for v in d v vbad u x w de late early dr r ps psnoback psbadback; do
		carray "kt_$v" "$tmp/$v.gpg"
	done
	fprarray kt_d_fpr "$(id D)"
	fprarray kt_v_fpr "$(id V)"
	fprarray kt_p_fpr "$(id P)"
	fprarray kt_s_fpr "$(subfpr "$(id P)")"
	echo "#define KT_S_FPR_HEX \"$(subfpr "$(id P)" | tr 'A-F' 'a-f')\""
	echo
	echo "#endif /* _PGP_KEY_TYPE_KUNIT_VECTORS_H */"
} >"$tmp/out.h"
python3 "$(dirname "$0")/reflow-c-arrays.py" "$tmp/out.h"
mv "$tmp/out.h" "$out"
echo "$prog: wrote $out"
