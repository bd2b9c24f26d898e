#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Native timing of our DSA/RSA (and Ed25519) verification against OpenSSL's,
# same keys and signatures.  Built like the kernel builds it: -O2, no -march.
set -euo pipefail

prog=bench.sh
usage() {
	cat <<USAGE
Usage: tests/host/crypto/bench.sh [--seconds S] [--help]

Builds tests/host/crypto/bench.c with crypto/{mont,dsa,rsassa,ed25519}.c at
-O2 and prints microseconds per verification, ours next to OpenSSL's; then
ML-DSA-65 (crypto/mldsa_verify.c) and SLH-DSA-SHAKE-128s, -128f, -256s (crypto/slhdsa.c):
microseconds and heap (OpenSSL 3.0 has neither), and
SHAKE128/256 throughput (crypto/shake.c) next to OpenSSL's.

  --seconds S  measuring time per figure (default 1)
  --help       this text
USAGE
}

secs=1
while [ $# -gt 0 ]; do
	case "$1" in
	--seconds) secs="${2:?}"; shift 2 ;;
	--help|-h) usage; exit 0 ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

srcs=("$top"/crypto/{mont,dsa,rsassa,ed25519,ed448,shake,mldsa_verify,slhdsa}.c)
defs=(-DBENCH_ED25519 -DBENCH_ED448 -DBENCH_MLDSA -DBENCH_SLHDSA -I"$top/crypto/tests")
# on tests/compat, as run.sh builds them (kshim.h first in each of this
# project's files, tests/compat's own built as they are)
cflags=(-std=gnu11 -O2 -Wno-deprecated-declarations
	-I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include" -I"$here")
# crypto/keccak_x4.c, SLH-DSA's four-way Keccak-f, where this machine has AVX2: built
# alone with -mavx2, as the x86-64 kernel builds it (the SLH-DSA rows are then timed
# with it and again without it)
x4=()
if [ "$(uname -m)" = x86_64 ] && grep -qw avx2 /proc/cpuinfo; then
	defs+=(-DCONFIG_CRYPTO_KECCAK_X4=1)
	x4=("$out/keccak_x4.o")
fi
if ! ( cd "$out" && ${CC:-gcc} "${cflags[@]}" -c "$top/scripts/pgp-shim/compat.c" \
	"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" ) ||
   { ((${#x4[@]})) && ! ${CC:-gcc} "${cflags[@]}" -mavx2 -include "$here/kshim.h" \
	-c -o "$out/keccak_x4.o" "$top/crypto/keccak_x4.c"; } ||
   ! ${CC:-gcc} "${cflags[@]}" "${defs[@]}" -include "$here/kshim.h" -o "$out/bench" \
	"$here/bench.c" "${srcs[@]}" "${x4[@]}" "$out/compat.o" "$out/shash_openssl.o" \
	"$out/hash_info.o" -lcrypto -Wl,--wrap=kmalloc; then
	echo "$prog: bench.c: build failed" >&2
	exit 1
fi
"$out/bench" "$secs"
