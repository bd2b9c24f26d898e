#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Generate security/pgp_keys/tests/keyring_kunit_vectors.h: gpg-made keyrings for the KUnit suite.
set -euo pipefail
prog=gen-keyring-vectors.sh

usage() {
	cat <<'EOF'
Usage: tests/vectors/gen-keyring-vectors.sh [OUT]

Makes keyrings with gpg (keys created at fixed faked times) and writes them as
C arrays to OUT (default security/pgp_keys/tests/keyring_kunit_vectors.h):
  good     DSA-2048 sign+certify primary
  sub      RSA-2048 certify-only primary, RSA-2048 signing subkey, RSA-2048
           authentication subkey
  noself   "good" without its self-signature
  noback   "sub" with the back-signature removed from the binding signature
  badback  "sub" with a corrupted back-signature
  revoked  RSA-2048 primary (revocation certificate imported) with a subkey
  subrev   RSA-2048 primary with a revoked signing subkey
  expiring RSA-2048 primary created 2020-01-01 expiring after 365 days, with
           a signing subkey created 2020-02-01 expiring after 30 days
  ed25519  EdDSA (Ed25519) sign+certify primary
and the fingerprints and creation times the tests need.  The output differs
between runs (new keys); it is checked in, not generated at build time.
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$top/security/pgp_keys/tests/keyring_kunit_vectors.h}
tmp=$(mktemp -d)
export GNUPGHOME=$tmp/gnupg
cleanup() { gpgconf --kill gpg-agent >/dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup EXIT
mkdir -m 700 "$GNUPGHOME"

gpgq() { gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" 2>/dev/null; }
fpr() { gpg --batch --with-colons --list-keys "$1" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }'; }
subfpr() {
	gpg --batch --with-colons --list-keys "$1" 2>/dev/null |
		awk -F: -v n="$2" '$1 == "sub" { s++ } s == n && $1 == "fpr" { print $10; exit }'
}
gpgq --faked-system-time 20240101T000000 --quick-gen-key "KUnit Good <good@kunit.example>" dsa2048 sign 0
gpgq --faked-system-time 20240101T000000 --quick-gen-key "KUnit Sub <sub@kunit.example>" rsa2048 cert 0
gpgq --faked-system-time 20240101T000100 --quick-add-key "$(fpr 'KUnit Sub')" rsa2048 sign 0
gpgq --faked-system-time 20240101T000200 --quick-add-key "$(fpr 'KUnit Sub')" rsa2048 auth 0
gpgq --faked-system-time 20240101T000000 --quick-gen-key "KUnit Revoked <rev@kunit.example>" rsa2048 sign 0
gpgq --faked-system-time 20240101T000100 --quick-add-key "$(fpr 'KUnit Revoked')" rsa2048 sign 0
gpgq --faked-system-time 20240101T000000 --quick-gen-key "KUnit Subrev <subrev@kunit.example>" rsa2048 sign 0
gpgq --faked-system-time 20240101T000100 --quick-add-key "$(fpr 'KUnit Subrev')" rsa2048 sign 0
gpgq --faked-system-time 20240101T000000 --quick-gen-key "KUnit Ed25519 <ed25519@kunit.example>" \
	ed25519 sign 0
gpgq --faked-system-time 20200101T000000 --quick-gen-key "KUnit Expiring <exp@kunit.example>" rsa2048 sign 365d
gpgq --faked-system-time 20200201T000000 --quick-add-key "$(fpr 'KUnit Expiring')" rsa2048 sign 30d

R=$(fpr 'KUnit Revoked')
sed 's/^:-----BEGIN/-----BEGIN/' "$GNUPGHOME/openpgp-revocs.d/$R.rev" >"$tmp/rev.asc"
gpgq --import "$tmp/rev.asc"
printf 'key 1\nrevkey\ny\n0\n\ny\nsave\n' |
	gpg --batch --no-tty --pinentry-mode loopback --passphrase '' --command-fd 0 \
		--edit-key "$(fpr 'KUnit Subrev')" >/dev/null 2>&1

ex() { gpg --batch --export "$(fpr "$1")" >"$tmp/$2.gpg"; }
ex 'KUnit Good' good
ex 'KUnit Sub' sub
ex 'KUnit Revoked' revoked
ex 'KUnit Subrev' subrev
ex 'KUnit Expiring' expiring
ex 'KUnit Ed25519' ed25519
ed=$top/tests/host/pgp_keys/pktedit.py
python3 "$ed" "$tmp/good.gpg" "$tmp/noself.gpg" --drop-sigtype 13
python3 "$ed" "$tmp/sub.gpg" "$tmp/noback.gpg" --strip-backsig
python3 "$ed" "$tmp/sub.gpg" "$tmp/badback.gpg" --corrupt-backsig

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
	echo " * Keyrings for keyring_kunit.c, made by tests/vectors/gen-keyring-vectors.sh"
	echo " * with $(gpg --version | head -n1).  Do not edit."
	echo " */"
	echo
	echo "#ifndef _KEYRING_KUNIT_VECTORS_H"
	echo "#define _KEYRING_KUNIT_VECTORS_H"
	echo
	for v in good sub noself noback badback revoked subrev expiring ed25519; do
		carray "kv_$v" "$tmp/$v.gpg"
	done
	fprarray kv_good_fpr "$(fpr 'KUnit Good')"
	fprarray kv_sub_fpr "$(fpr 'KUnit Sub')"
	fprarray kv_sub_sign_fpr "$(subfpr 'KUnit Sub' 1)"
	fprarray kv_sub_auth_fpr "$(subfpr 'KUnit Sub' 2)"
	fprarray kv_revoked_fpr "$R"
	fprarray kv_revoked_sub_fpr "$(subfpr 'KUnit Revoked' 1)"
	fprarray kv_subrev_fpr "$(fpr 'KUnit Subrev')"
	fprarray kv_subrev_sub_fpr "$(subfpr 'KUnit Subrev' 1)"
	fprarray kv_expiring_fpr "$(fpr 'KUnit Expiring')"
	fprarray kv_expiring_sub_fpr "$(subfpr 'KUnit Expiring' 1)"
	fprarray kv_ed25519_fpr "$(fpr 'KUnit Ed25519')"
	# The signatures of the pgp suite that keyring_kunit.c checks against a keyring,
	# copied so that each directory's tests/ holds its own vectors.
	echo "/* From crypto/pgp/tests/pgp_kunit_vectors.h (gen-pgp-vectors.sh) */"
	awk -v want=" pgp_vec_msg pgp_vec_ed25519_key pgp_vec_ed25519_sig pgp_vec_rsa2048_key " '
		/^static const u8 [a-z0-9_]*\[\]/ { n = $4; sub(/\[\].*/, "", n); on = index(want, " " n " ") > 0 }
		on { print }
		on && /^};/ { print ""; on = 0 }' "$top/crypto/pgp/tests/pgp_kunit_vectors.h"
	echo "#define KV_T_2024		1704067200u	/* keys made 2024-01-01 */"
	echo "#define KV_T_2020		1577836800u	/* expiring key made 2020-01-01 */"
	echo "#define KV_T_2020_EXPIRY	1609372800u	/* + 365 days */"
	echo "#define KV_T_2020_SUB		1580515200u	/* subkey made 2020-02-01 */"
	echo "#define KV_T_2020_SUB_EXPIRY	1583107200u	/* + 30 days */"
	echo
	echo "#endif /* _KEYRING_KUNIT_VECTORS_H */"
} >"$tmp/out.h"
python3 "$(dirname "$0")/reflow-c-arrays.py" "$tmp/out.h"
mv "$tmp/out.h" "$out"
echo "$prog: wrote $out"
