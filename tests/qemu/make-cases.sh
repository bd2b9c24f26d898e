#!/usr/bin/env bash
# Build the module variants the guest loads and the case list that says what each must do.
set -euo pipefail
prog=make-cases.sh

usage() {
	cat <<'EOF'
Usage: tests/qemu/make-cases.sh OBJDIR MODULE OUTDIR

OBJDIR is the kernel build (for scripts/sign-file and certs/), MODULE the built
test module (pgptest.ko).  Writes OUTDIR/mods/*.ko and OUTDIR/cases.list
(format: see tests/qemu/modtest.c).
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -eq 3 ]] || { usage >&2; exit 2; }
obj=$1 module=$2 out=$3
rm -rf "$out"
mkdir -p "$out/mods"
list=$out/cases.list
: >"$list"

# case EXPECT_PERMISSIVE EXPECT_ENFORCE FILE SIGNER DESCRIPTION
case_line() {
	printf '%s|%s|/mods/%s|pgptest|%s|%s\n' "$1" "$2" "$3" "$4" "$5" >>"$list"
}

# Flip one byte of FILE at OFFSET (xor MASK).
flip_byte() {
	local file=$1 off=$2 mask=${3:-1} b
	b=$(od -An -tu1 -j "$off" -N1 "$file" | tr -d ' ')
	printf "$(printf '\\%03o' $(((b ^ mask) & 255)))" |
		dd of="$file" bs=1 seek="$off" conv=notrunc status=none
}

# Offset of the first byte of a section's content.
section_offset() {
	local hex
	hex=$(readelf -S -W "$1" | awk -v s="$2" '{ sub(/^.*\] /, "") } $1 == s { print $4; exit }')
	[[ -n $hex ]] || { echo "$prog: $1: no section $2" >&2; return 1; }
	echo $((16#$hex))
}

cp "$module" "$out/mods/unsigned.ko"
case_line taint EKEYREJECTED unsigned.ko "" "unsigned module"

# Mainline PKCS#7 signature with the build's X.509 key.
signfile=$obj/scripts/sign-file
hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"/\1/p' "$obj/.config")
"$signfile" "$hash" "$obj/certs/signing_key.pem" "$obj/certs/signing_key.x509" \
	"$module" "$out/mods/x509.ko"
case_line ok ok x509.ko "" "mainline sign-file ($hash, X.509) signed module"

cp "$out/mods/x509.ko" "$out/mods/x509-tampered.ko"
off=$(section_offset "$out/mods/x509-tampered.ko" .rodata)
flip_byte "$out/mods/x509-tampered.ko" "$((off + 3))"
case_line EKEYREJECTED EKEYREJECTED x509-tampered.ko "" "mainline-signed module with .rodata changed"

echo "$prog: $(grep -c . "$list") cases in $list"
