#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The worst case of run-time key parsing: CPU time of add_key() for each hostile 1 MiB
# certificate of tests/vectors/hostile.py (make bench).
set -euo pipefail
prog=bench.sh

usage() {
	cat <<'USAGE'
Usage: tests/host/pgp_keys/bench.sh [--runs N] [--keep]

Builds tests/host/pgp_keys/keytype_test.c (the boot glue, the key parser and
subtype of security/pgp_keys, the key system of tests/compat/keys.c) with the
in-kernel maths at -O2, as the kernel is built, and adds each certificate of
"tests/vectors/hostile.py shapes" to .secondary_trusted_keys (a built-in
Ed25519 key trusted, none of theirs): each line gives the CPU time of that
add_key() (the best of N runs, default 3), and a closing line the worst one,
for certificates of 1 MiB (what add_key() takes) and of 64 KiB (the largest
the kernel's X.509 parser, tried before this one, lets through):

  keyparse worst 1 MiB certificate: dsa-selfsigs 47.7 ms CPU (...)

A certificate that is not refused the way shapes.txt says (say, accepted, or
refused for another reason) makes the run fail and print no figure: the figure
is only worth something for the parse it claims to measure.
  --keep  keep the work directory
Environment: CC (default gcc).
USAGE
}
runs=3 keep=0
while (($#)); do
	case $1 in
	--runs) runs=${2:?}; shift 2 ;;
	--keep) keep=1; shift ;;
	-h|--help) usage; exit 0 ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d)
cleanup() { if ((keep)); then echo "# work directory kept: $tmp"; else rm -rf "$tmp"; fi; }
trap cleanup EXIT
cc=${CC:-gcc}

python3 "$top/tests/vectors/hostile.py" shapes "$tmp/h"
python3 "$top/tests/vectors/hostile.py" shapes "$tmp/h64" 65535
python3 "$top/tests/vectors/hostile.py" ca "$tmp/h"
mkdir -p "$tmp/certs"
cp "$tmp/h/ca.pgp" "$tmp/certs/pgp_keyring.bin"
cflags=(-O2 -Wno-deprecated-declarations -include "$top/tests/host/crypto/kshim.h"
	-I"$top/scripts/pgp-shim/module" -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim"
	-I"$top/include" -DCONFIG_64BIT=1 -DCONFIG_PGP_BUILTIN_KEYS=1
	-DCONFIG_CRYPTO_ED25519=1 -DCONFIG_CRYPTO_MLDSA_VERIFY=1 -DCONFIG_PGP_KEYS_REVOKED='""'
	-DCONFIG_PGP_KEYS_RUNTIME_MAX=1024)
srcs=("$here/keytype_test.c" "$top/security/pgp_keys/keyring_parse.c"
	"$top/security/pgp_keys/pgp_key_type.c" "$top/security/pgp_keys/policy.c"
	"$top/tests/compat/keys.c")
for f in "$top"/crypto/pgp/*.c; do
	[[ $f != *_kunit.c ]] && srcs+=("$f")
done
srcs+=("$top"/crypto/{shake,mldsa_verify,mont,dsa,rsassa,ed25519}.c "$top/scripts/pgp-shim/compat.c"
	"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c")
if ! (cd "$tmp" && "$cc" -c -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" \
		-o pgp_keyring.o "$top/certs/pgp_keyring.S") ||
	! "$cc" "${cflags[@]}" -o "$tmp/keytype_bench" "${srcs[@]}" "$tmp/pgp_keyring.o" \
		-lcrypto >"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log" >&2
	echo "$prog: build failed" >&2
	exit 1
fi

# measure DIR SIZE: a line per shape of DIR, then the worst one
measure() {
	local dir=$1 size=$2 worst=0 worst_name= bad=0 name expect what best out us r
	while read -r name expect what; do
		if [[ $name == p521-* ]]; then
			# ECDSA is the kernel's generic curve arithmetic (crypto/ecc.c), not here
			echo "keyparse $size $name: not measured here (no ECDSA in a userspace build); at most 16 P-521 verifications (ECDSA counts 4 of the 64)"
			continue
		fi
		best=
		for ((r = 0; r < runs; r++)); do
			out=$("$tmp/keytype_bench" --cpu add "$dir/$name.pgp" 2>/dev/null | head -n 1)
			if [[ ! $out =~ ^add\ $name.pgp:\ ([A-Z0-9]+)\ cpu_us\ ([0-9]+)$ ]]; then
				echo "$prog: $name: unexpected output: $out" >&2
				bad=1
				break
			fi
			if [[ ${BASH_REMATCH[1]} != "$expect" ]]; then
				echo "$prog: $name: add_key() gave ${BASH_REMATCH[1]}, not $expect" >&2
				bad=1
				break
			fi
			us=${BASH_REMATCH[2]}
			[[ -z $best ]] || ((us < best)) && best=$us
		done
		((bad)) && return 1
		printf 'keyparse %s %-14s %8.1f ms CPU  %s: %s\n' "$size" "$name" \
			"$(bc -l <<<"$best / 1000")" "$expect" "$what"
		if ((best > worst)); then
			worst=$best worst_name=$name
		fi
	done <"$dir/shapes.txt"
	printf 'keyparse worst %s certificate: %s %.1f ms CPU (at most %s signatures verified, RSA e < 2^32, DSA p <= 3072 bits)\n' \
		"$size" "$worst_name" "$(bc -l <<<"$worst / 1000")" \
		"$(sed -n 's/^#define PGP_KEYS_CERT_CHECKS_MAX[[:space:]]*\([0-9]*\).*/\1/p' "$top/include/keys/pgp_keys.h")"
}
if ! measure "$tmp/h" "1 MiB" || ! measure "$tmp/h64" "64 KiB"; then
	echo "$prog: a certificate was not refused as expected: no figure" >&2
	exit 1
fi
