#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Generate crypto/tests/mldsa_kunit_vectors.h (ML-DSA-65) and mldsa87_kunit_vectors.h
# (ML-DSA-87) with @noble/post-quantum (an ML-DSA
# independent of crypto/mldsa_verify.c), installed into build/node by mk/node-deps.sh:
# see gen-mldsa-vectors.mjs for what the vectors are.
set -euo pipefail

prog=gen-mldsa-vectors.sh
usage() {
	cat <<EOF
Usage: tests/vectors/gen-mldsa-vectors.sh [--out DIR] [--help]

Writes mldsa_kunit_vectors.h and mldsa87_kunit_vectors.h into DIR (default: crypto/tests/ of this
repository).  Needs node >= 20.19 and npm: the test-only package
@noble/post-quantum is installed into build/node (mk/node-deps.sh, make deps).
EOF
}

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
outdir="$top/crypto/tests"
while [ $# -gt 0 ]; do
	case "$1" in
	--out) outdir="${2:?}"; shift 2 ;;
	--help|-h) usage; exit 0 ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done
[ -d "$outdir" ] || { echo "$prog: $outdir: no such directory" >&2; exit 1; }
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
node_env || { echo "$prog: no @noble/post-quantum" >&2; exit 1; }
noble=$NODE_MODULES_DIR
for set in 65 87; do
	out="$outdir/mldsa${set#65}_kunit_vectors.h"
	NOBLE_DIR=$noble node "$here/gen-mldsa-vectors.mjs" "$set" > "$out.tmp" ||
		{ rm -f "$out.tmp"; echo "$prog: gen-mldsa-vectors.mjs $set failed" >&2; exit 1; }
	mv "$out.tmp" "$out"
	echo "$prog: wrote $out"
done
