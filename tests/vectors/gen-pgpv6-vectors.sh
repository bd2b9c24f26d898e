#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Generate the OpenPGP v6 / ML-DSA-65+Ed25519 KUnit vector headers with
# gen-pgpv6-vectors.mjs: the standards' samples (tests/vectors/rfc/) and keys and
# signatures made by tests/vectors/pgpv6.mjs with the test-only npm packages
# @noble/curves and @noble/post-quantum, installed into build/node by mk/node-deps.sh.
set -euo pipefail

prog=gen-pgpv6-vectors.sh
usage() {
	cat <<EOF2
Usage: tests/vectors/gen-pgpv6-vectors.sh [--out DIR] [--help]

Writes crypto/pgp/tests/pgp_v6_kunit_vectors.h, security/pgp_keys/tests/keyring_kunit_v6.h
and security/pgp_keys/tests/pgp_key_type_kunit_v6.h under DIR (default: this repository).
Needs the tests' Node.js and their npm packages (make deps: mk/node-deps.sh, build/node).
EOF2
}

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
outdir=$top
while [ $# -gt 0 ]; do
	case "$1" in
	--out) outdir="${2:?}"; shift 2 ;;
	--help|-h) usage; exit 0 ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done
for d in crypto/pgp/tests security/pgp_keys/tests; do
	[ -d "$outdir/$d" ] || { echo "$prog: $outdir/$d: no such directory" >&2; exit 1; }
done
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
node_env || { echo "$prog: the test-only npm packages are missing" >&2; exit 1; }
node "$here/gen-pgpv6-vectors.mjs" "$outdir" ||
	{ echo "$prog: gen-pgpv6-vectors.mjs failed" >&2; exit 1; }
