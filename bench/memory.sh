#!/usr/bin/env bash
# The memory of one verification on a 7.x kernel (make bench KVER=7.3): bench/memory.c.
set -euo pipefail
prog=memory.sh

usage() {
	cat <<'EOF'
Usage: bench/memory.sh KSRC [OUT]

Builds bench/memory.c in userspace on scripts/pgp-shim with the 7.x side of the
project's interfaces: crypto/mldsa_verify_lib.c on the tree KSRC's own
lib/crypto/mldsa.c and lib/crypto/sha3.c (mainline's mldsa_verify() and SHAKE,
compiled unchanged; KSRC is a 7.x tree, e.g. build/src-7.3) and crypto/ed448.c on
that SHAKE, and runs it: the heap (bytes held at once), stack (deepest use) and
kmalloc() sizes of one ML-DSA-65, ML-DSA-87 and Ed448 verification.  Writes the
lines to OUT (default stdout) as "- ..." Markdown items, for bench/report.py
--kver 7.3 (OUTDIR/memory.txt).  Exit 1 when a verification fails or the build does.
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
ksrc=$(cd "$1" && pwd)
out=${2:-/dev/stdout}
top=$(cd "$(dirname "$0")/.." && pwd)
[[ -f $ksrc/lib/crypto/mldsa.c && -f $ksrc/lib/crypto/sha3.c ]] ||
	{ echo "$prog: $ksrc: no lib/crypto/mldsa.c and sha3.c (a 7.x tree)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the shim first, then the tree's include/ (crypto/sha3.h, crypto/mldsa.h), then ours
flags=(-O2 -w -include linux/kconfig.h -D__initconst= -DCONFIG_CRYPTO_LIB_SHA3=1 -DCONFIG_CRYPTO_LIB_MLDSA=1 -DCONFIG_64BIT=1
	-DCONFIG_ARCH_SUPPORTS_INT128=1 -I"$top/scripts/pgp-shim" -I"$top/include"
	-idirafter "$ksrc/include")
# (crypto/sha3.h and crypto/mldsa.h: the tree's; include/crypto of the project has neither)
${HOSTCC:-cc} "${flags[@]}" -I"$ksrc/lib/crypto" -Dkmalloc=mem_kmalloc -c \
	-o "$tmp/mldsa.o" "$ksrc/lib/crypto/mldsa.c"
${HOSTCC:-cc} "${flags[@]}" -I"$ksrc/lib/crypto" -c -o "$tmp/sha3.o" "$ksrc/lib/crypto/sha3.c"
${HOSTCC:-cc} "${flags[@]}" -o "$tmp/memory" "$top/bench/memory.c" \
	"$top/crypto/mldsa_verify_lib.c" "$top/crypto/ed448.c" "$tmp/mldsa.o" "$tmp/sha3.o" \
	"$top/scripts/pgp-shim/compat.c" -lpthread
"$tmp/memory" | sed 's/^/- /' >"$tmp/memory.txt"
cat "$tmp/memory.txt" >"$out"
