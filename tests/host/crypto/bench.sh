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
if ! ( cd "$out" && ${CC:-gcc} "${cflags[@]}" -c "$top/scripts/pgp-shim/compat.c" \
	"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" ) ||
   ! ${CC:-gcc} "${cflags[@]}" "${defs[@]}" -include "$here/kshim.h" -o "$out/bench" \
	"$here/bench.c" "${srcs[@]}" "$out/compat.o" "$out/shash_openssl.o" \
	"$out/hash_info.o" -lcrypto -Wl,--wrap=kmalloc; then
	echo "$prog: bench.c: build failed" >&2
	exit 1
fi
"$out/bench" "$secs"
