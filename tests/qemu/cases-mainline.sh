#!/usr/bin/env bash
# Guest cases of mainline's own ML-DSA module signatures (Linux 7.x: PKCS#7/CMS, FIPS 204)
# beside the OpenPGP ones, with and without the post-quantum-only policy.  Called by
# tests/qemu/make-cases.sh when the kernel has mainline's ML-DSA (CONFIG_CRYPTO_MLDSA).
set -euo pipefail
prog=cases-mainline.sh

usage() {
	cat <<'EOF_USAGE'
Usage: tests/qemu/cases-mainline.sh OBJDIR MODULE OUTDIR

OBJDIR is the kernel build (a 7.x kernel with CONFIG_CRYPTO_MLDSA and
CONFIG_PKCS7_WAIVE_AUTHATTRS_REJECTION_FOR_MLDSA, trusting the ML-DSA X.509 keys of
tests/qemu/mainline-mldsa.sh keys), MODULE the built test module, OUTDIR the case
directory of tests/qemu/make-cases.sh: writes OUTDIR/mods/ml-*.ko and appends their lines
to OUTDIR/cases.list and OUTDIR/cases-pqonly.list.  KEYS_DIR must name the
tests/qemu/make-keys.sh output with KEYS_DIR/mainline (the ML-DSA keys and the sign-file
of the 7.x tree built against OpenSSL 3.5).

Cases: a module signed by mainline's sign-file with ML-DSA-65 and with ML-DSA-87
(sha512) loads in both boots; changed in .rodata, or with its ML-DSA signature's c~
changed, it is refused; a module with an OpenPGP ML-DSA-87+Ed448 signature and then a
mainline ML-DSA-87 one appended loads (a kernel that trusts both kinds of key).  With
pgp_keys.pq_only=1 the ML-DSA PKCS#7 modules still load (post-quantum), the mainline
RSA-4096 one (x509.ko of make-cases.sh) counts as unsigned.
EOF_USAGE
}
# shellcheck source=tests/qemu/cases-lib.sh
. "$(dirname "$0")/cases-lib.sh"
cases_args --keys "$@"
[[ -x $keys/mainline/sign-file ]] ||
	{ echo "$prog: $keys/mainline: no sign-file (tests/qemu/mainline-mldsa.sh keys)" >&2; exit 1; }
grep -q '^CONFIG_PKCS7_WAIVE_AUTHATTRS_REJECTION_FOR_MLDSA=y' "$obj/.config" ||
	{ echo "$prog: $obj: CONFIG_PKCS7_WAIVE_AUTHATTRS_REJECTION_FOR_MLDSA is off: OpenSSL 3.5's ML-DSA signatures would be refused" >&2; exit 1; }
touch "$pol"

section_offset() {
	local hex
	hex=$(readelf -S -W "$1" | awk -v s="$2" '{ sub(/^.*\] /, "") } $1 == s { print $4; exit }')
	[[ -n $hex ]] || { echo "$prog: $1: no section $2" >&2; return 1; }
	echo $((16#$hex))
}
mlsign() { # mlsign SET IN OUT
	"$top/tests/qemu/mainline-mldsa.sh" sign "$keys" "$1" sha512 "$2" "$mods/$3"
}

mlsign 65 "$module" ml65.ko
mlsign 87 "$module" ml87.ko
case_line ok ok ml65.ko "" "mainline PKCS#7 ML-DSA-65 (sign-file on OpenSSL 3.5, sha512) loads"
case_line ok ok ml87.ko "" "mainline PKCS#7 ML-DSA-87 (sign-file on OpenSSL 3.5, sha512) loads"

cp "$mods/ml87.ko" "$mods/ml87-tampered.ko"
off=$(section_offset "$mods/ml87-tampered.ko" .rodata)
flip_byte "$mods/ml87-tampered.ko" "$((off + 3))"
case_line EKEYREJECTED EKEYREJECTED ml87-tampered.ko "" \
	"mainline PKCS#7 ML-DSA-87 with .rodata changed: refused"
# The signature value ends the CMS (no unsigned attributes), before the 12-octet
# module_signature and the 28-octet marker: its first octets are c~.
cp "$mods/ml87.ko" "$mods/ml87-ctilde.ko"
size=$(stat -c %s "$mods/ml87-ctilde.ko")
flip_byte "$mods/ml87-ctilde.ko" "$((size - 40 - 4627 + 5))"
case_line EKEYREJECTED EKEYREJECTED ml87-ctilde.ko "" \
	"mainline PKCS#7 ML-DSA-87 with a c~ octet of its signature changed: refused"

# Both kinds on one module: the OpenPGP ML-DSA-87+Ed448 signature (module_sig), then the
# mainline ML-DSA-87 one appended (over the file with module_sig filled in)
if [[ -f $mods/pq87-sha512.ko ]]; then
	mlsign 87 "$mods/pq87-sha512.ko" ml87-pgp.ko
	case_line ok ok ml87-pgp.ko "" \
		"an OpenPGP ML-DSA-87+Ed448 and a mainline ML-DSA-87 signature on one module: loads"
	pol_line ok ok ml87-pgp.ko "" \
		"pq-only: an OpenPGP ML-DSA-87+Ed448 and a mainline ML-DSA-87 signature: loads"
fi

# ---- the post-quantum-only policy ----
pol_line ok ok ml65.ko "" "pq-only: mainline PKCS#7 ML-DSA-65 counts as post-quantum: loads"
pol_line ok ok ml87.ko "" "pq-only: mainline PKCS#7 ML-DSA-87 counts as post-quantum: loads"
pol_line EKEYREJECTED EKEYREJECTED ml87-tampered.ko "" \
	"pq-only: mainline PKCS#7 ML-DSA-87 with .rodata changed: refused"
if [[ -f $mods/x509.ko ]]; then
	pol_line taint EKEYREJECTED x509.ko "" \
		"pq-only: a mainline PKCS#7 RSA-4096 module (classical) is treated as unsigned"
fi
echo "$prog: $(grep -c '/mods/ml' "$list") cases, $(grep -c '/mods/\(ml\|x509\)' "$pol") with the policy on"
