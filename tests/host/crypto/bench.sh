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
-O2 and prints microseconds per verification, ours next to OpenSSL's.

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

for h in linux/errno.h linux/export.h linux/kernel.h linux/module.h linux/slab.h \
	 linux/string.h linux/types.h linux/unaligned.h linux/err.h asm/bitsperlong.h asm/cpufeature.h \
	 crypto/hash_info.h crypto/utils.h crypto/hash.h crypto/sha2.h; do
	mkdir -p "$out/shim/$(dirname "$h")"
	{
		[ "$h" = linux/errno.h ] && printf '#include_next <%s>\n' "$h"
		printf '#include "%s/kshim.h"\n' "$here"
	} > "$out/shim/$h"
done
srcs=("$top/crypto/mont.c" "$top/crypto/dsa.c" "$top/crypto/rsassa.c")
defs=()
if [ -f "$top/crypto/ed25519.c" ]; then
	srcs+=("$top/crypto/ed25519.c")
	defs+=(-DBENCH_ED25519)
fi
if ! ${CC:-gcc} -std=gnu11 -O2 -Wno-deprecated-declarations "${defs[@]}" \
	-I"$out/shim" -I"$top/include" -I"$here" -o "$out/bench" \
	"$here/bench.c" "$here/kshim.c" "${srcs[@]}" -lcrypto; then
	echo "$prog: bench.c: build failed" >&2
	exit 1
fi
"$out/bench" "$secs"
