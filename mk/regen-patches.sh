#!/usr/bin/env bash
# Developer helper: rewrite patches/ from staged copies of the touched kernel files.
#   WORK/a   pristine copies        WORK/c   after patch 1 (crypto algorithms)
#   WORK/b   after the whole series DESC/desc-000N  the descriptions
# Usage: mk/regen-patches.sh WORK DESCDIR
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help || $# -ne 2 ]]; then
	sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
	[[ ${1:-} == -h || ${1:-} == --help ]] && exit 0
	exit 2
fi
w=$(cd "$1" && pwd) d=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
mk=$top/mk/mkpatch.sh
p=$top/patches
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/w1" "$tmp/w2"
ln -s "$w/a" "$tmp/w1/a"; ln -s "$w/c" "$tmp/w1/b"
ln -s "$w/c" "$tmp/w2/a"; ln -s "$w/b" "$tmp/w2/b"
"$mk" "$tmp/w1" "$p/0001-crypto-add-DSA-and-RSASSA-verification.patch" \
	"crypto: add DSA, RSASSA-PKCS1-v1_5, Ed25519 and raw ECDSA signature verification" \
	"$d/desc-0001" crypto/Kconfig crypto/Makefile
"$mk" "$tmp/w2" "$p/0002-crypto-pgp-add-an-OpenPGP-signature-parser.patch" \
	"crypto: pgp - add an OpenPGP v4 signature parser" "$d/desc-0002" crypto/Kconfig crypto/Makefile
"$mk" "$w" "$p/0003-security-add-the-built-in-OpenPGP-keyring.patch" \
	"security: add the built-in OpenPGP keyring for module signatures" "$d/desc-0003" \
	security/Kconfig security/Makefile
"$mk" "$w" "$p/0004-module-verify-OpenPGP-module-signatures.patch" \
	"module: verify OpenPGP signatures in the module_sig section" "$d/desc-0004" \
	kernel/module/Kconfig kernel/module/Makefile kernel/module/internal.h \
	kernel/module/signing.c kernel/module/main.c include/linux/module.h
"$mk" "$w" "$p/0005-kbuild-sign-modules-with-gpg.patch" \
	"kbuild: sign modules with gpg at modules_install and modules_sign" "$d/desc-0005" \
	scripts/Makefile scripts/Makefile.modinst
"$mk" "$w" "$p/0006-docs-admin-guide-link-module-signing-pgp.patch" \
	"docs: admin-guide: document OpenPGP module signing" "$d/desc-0006" \
	Documentation/admin-guide/index.rst
