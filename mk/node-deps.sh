#!/usr/bin/env bash
# The test-only Node.js packages (tests/vectors/node/package.json, pinned by its
# package-lock.json) installed into build/node/node_modules with npm ci.
set -euo pipefail
prog=node-deps.sh

usage() {
	cat <<'EOF'
Usage: mk/node-deps.sh [--check] [--print]

Installs the test dependencies of tests/vectors/node/package.json (@noble/post-quantum,
an independent ML-DSA; @noble/curves, an independent Ed25519; openpgp, OpenPGP.js 6, an
independent OpenPGP v6 implementation) into build/node/node_modules with `npm ci` and the
versions of its package-lock.json: the vector generators (tests/vectors/gen-*-vectors.sh,
the test-side v6 signer tests/vectors/pgpv6.mjs) and the differential checks (tests/host/crypto,
tests/host/pgp, the guest cases) use them; nothing the kernel or the tools need at run time.  Does nothing when build/node already holds that lock file's install.
Needs node >= 20.19 and npm on PATH (not from make deps: Debian 12's nodejs is 18).

  --check   only check: exit 1 (with the reason on stderr) when not installed
  --print   print the node_modules directory on success
EOF
}
check=0 print=0
for a in "$@"; do
	case $a in
	-h|--help) usage; exit 0 ;;
	--check) check=1 ;;
	--print) print=1 ;;
	*) usage >&2; exit 2 ;;
	esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/tests/vectors/node
dst=$top/build/node
die() { echo "$prog: $*" >&2; exit 1; }

# Debian 12's own nodejs is 18: too old, so make deps does not install it.
nodehelp="make check's test-only packages need Node.js >= 20.19 with npm on PATH (Debian 12's nodejs is 18; NodeSource's nodejs 20 or 22, or a Node.js binary tarball, will do)"
command -v node >/dev/null || die "node: not found: $nodehelp"
command -v npm >/dev/null || die "npm: not found: $nodehelp"
# @noble/post-quantum wants node >= 20.19
node -e 'const [a, b] = process.versions.node.split(".").map(Number);
	process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
	die "node $(node --version) is older than 20.19, which @noble/post-quantum needs: $nodehelp"

if ! cmp -s "$src/package-lock.json" "$dst/.installed-lock.json" 2>/dev/null ||
   [[ ! -d $dst/node_modules/@noble/post-quantum || ! -d $dst/node_modules/@noble/curves ||
      ! -d $dst/node_modules/openpgp ]]; then
	((check == 0)) || die "build/node is not installed: run mk/node-deps.sh (make deps)"
	mkdir -p "$dst"
	cp "$src/package.json" "$src/package-lock.json" "$dst/"
	echo "$prog: npm ci in build/node ($(node --version))" >&2
	(cd "$dst" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >&2) ||
		die "npm ci failed in build/node"
	cp "$src/package-lock.json" "$dst/.installed-lock.json"
fi
((print == 0)) || echo "$dst/node_modules"
