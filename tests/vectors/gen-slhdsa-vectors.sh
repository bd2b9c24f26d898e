#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Generate crypto/tests/slhdsa_kunit_vectors.h (SLH-DSA-SHAKE-128s, -128f, -256s) with
# @noble/post-quantum (an SLH-DSA independent of crypto/slhdsa.c), installed into build/node
# by mk/node-deps.sh, and the ACVP known answers of tests/vectors/acvp-slhdsa.txt: see
# gen-slhdsa-vectors.mjs for what the vectors are.  noble signs slowly: about four minutes.
set -euo pipefail

prog=gen-slhdsa-vectors.sh
usage() {
	cat <<EOF
Usage: tests/vectors/gen-slhdsa-vectors.sh [--out DIR] [--help]

Writes slhdsa_kunit_vectors.h into DIR (default: crypto/tests/ of this repository); noble
signs slowly, so this takes some minutes.  Needs node >= 20.19 and npm: the test-only package
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
out="$outdir/slhdsa_kunit_vectors.h"
NOBLE_DIR=$noble node "$here/gen-slhdsa-vectors.mjs" > "$out.tmp" ||
	{ rm -f "$out.tmp"; echo "$prog: gen-slhdsa-vectors.mjs failed" >&2; exit 1; }
mv "$out.tmp" "$out"
echo "$prog: wrote $out"
