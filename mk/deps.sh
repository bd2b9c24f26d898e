#!/usr/bin/env bash
# Install the Debian 12 packages pgp-modsign needs (only the missing ones), without multi-arch.
set -euo pipefail
prog=deps.sh

usage() {
	cat <<'EOF'
Usage: mk/deps.sh [--demo | --check | --matrix] [--list]

Installs the missing Debian 12 packages with apt-get (needs root):
  --demo    what make demo needs: the kernel build, gpg, QEMU, the signing tool's
            libraries (no test-only package, no Node.js)
  --check   (the default, make deps and make check) the demo's packages, every
            test's, and the tests' Node.js (mk/node-deps.sh, into build/node): the
            system's node when it is >= 20.19, else Node.js 22 from the npm registry,
            which Debian's npm installs (nodejs and npm are installed for that when
            missing, without their recommends), and the test-only npm packages
  --matrix  the --check set and what make check-matrix needs: the arm64 and s390x
            cross compilers and QEMUs, Debian's kernel configurations, sparse
  --list    print the packages of the chosen set (optional ones marked) and exit

No package of another architecture is installed and dpkg gains no architecture.
An index that apt-get update cannot fetch (a mirror in sync, say) is a one-line
warning: the install goes on with the indexes apt has.  A package that still cannot
be installed is named with apt's reason.  When the demo or the tests as a whole need
it, the set-up fails (exit 1) after installing the rest; when only some optional
results need it, they are reported as skipped with that reason (the package and the
reason are kept in build/deps/unavailable, which tests/lib/deps.sh reads) and the
set-up succeeds.

Environment (for tests/host/deps): DEPS_STATE (default build/deps), DEPS_NODE (the
Node.js step, default mk/node-deps.sh; run with --debian-packages for the Debian
packages it needs, then alone).
EOF
}

mode=check list=0
for a in "$@"; do
	case $a in
	-h|--help) usage; exit 0 ;;
	--demo) mode=demo ;;
	--check) mode=check ;;
	--matrix) mode=matrix ;;
	--list) list=1 ;;
	*) echo "$prog: $a: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done

top=$(cd "$(dirname "$0")/.." && pwd)
state=${DEPS_STATE:-$top/build/deps}

# make demo: unpack, patch and build Linux 6.12, make keys and sign with gpg, boot QEMU;
# autoconf ... liblzma-dev: Debian's kmod 30 built with the kmod patch (modinfo; its
# configure --with-xz --with-zstd --with-openssl).
demo_pkgs=(linux-source-6.12 gnupg gpgv binutils gcc libc6-dev make flex bison bc libelf-dev
	libssl-dev pkg-config cpio busybox-static qemu-system-x86 xz-utils file python3 openssl
	autoconf automake libtool libzstd-dev liblzma-dev
	kmod patch procps)
# make check: the tests as a whole need these too.  linux-source-6.1: host-patches applies
# the 6.1 series to it; sqv: verify-module.sh's independent check; clang, libclang-rt-dev:
# the fuzz targets; python3-docutils: the guide (host-docs); dkms: the DKMS flow; xxd: the
# fuzz targets' seeds (tests/fuzz/build-signer.sh) and the vector generators; man-db (and
# groff with it): the man pages of make install-tools (host-install);
# meson ... linux-headers-amd64 (and the demo's autoconf ... libzstd-dev): Debian's kmod 30
# (autotools) and 34.2 (meson) built from source with the kmod patch, and kmod 34.2's
# testsuite, whose test modules build against the newest kernel headers (host-kmod).
check_pkgs=(linux-source-6.1 sqv clang libclang-rt-dev zstd gzip python3-docutils quilt
	diffstat perl dkms xxd man-db meson ninja-build linux-headers-amd64)
# Packages only some results need: "PACKAGE|the results that are skipped without it".
# When one cannot be installed those results print a skip naming it and apt's reason.
# The i386 results use the i686 cross compiler with its own libc (/usr/i686-linux-gnu),
# never multi-arch i386 packages (whose versions can drift from amd64's: a Multi-Arch:
# same pair must have one version).
optional=(
	"ccache|none: the kernel builds just take longer"
	"sq|host-sign part remote: Sequoia's sq as the remote signer"
	"softhsm2|host-sign part token: signing with a key on a PKCS#11 token"
	"gnupg-pkcs11-scd|host-sign part token: signing with a key on a PKCS#11 token"
	"opensc|host-sign part token: signing with a key on a PKCS#11 token (pkcs11-tool)"
	"argon2|host-sign part v6: Argon2id against the reference argon2 command"
	"valgrind|host-sign part sanitize: --attach under valgrind"
	"strace|host-sign part review: the fsync before the rename"
	"gcc-i686-linux-gnu|host-crypto and host-sign: the i386 (BITS_PER_LONG == 32) results"
	"libc6-dev-i386-cross|host-crypto and host-sign: the i386 (BITS_PER_LONG == 32) results"
	"qemu-user|host-crypto: the i386 and s390x results (qemu-i386, qemu-s390x); host-sign part v6: Argon2id big-endian"
	"libc6-dev-s390x-cross|host-crypto: the big-endian (s390x) results; host-sign part v6: Argon2id big-endian"
	"binutils-s390x-linux-gnu|host-crypto: the big-endian (s390x) results; host-sign part v6: Argon2id big-endian"
	"libgcc-12-dev-s390x-cross|host-crypto: the big-endian (s390x) results; host-sign part v6: Argon2id big-endian"
)
matrix_pkgs=(linux-config-6.12 linux-config-6.1 gcc-aarch64-linux-gnu gcc-s390x-linux-gnu
	libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-system-arm qemu-system-misc sparse lld llvm)

required=("${demo_pkgs[@]}")
declare -A why_optional=() is_node=()
if [[ $mode != demo ]]; then
	required+=("${check_pkgs[@]}")
	# The tests' Node.js: Debian's nodejs and npm when this machine has no node or no npm
	# (mk/node-deps.sh --debian-packages), installed without their recommends (npm's,
	# node-tap, would add some 300 packages)
	mapfile -t node_debs < <("${DEPS_NODE:-$top/mk/node-deps.sh}" --debian-packages)
	for p in "${node_debs[@]}"; do
		required+=("$p")
		is_node[$p]=1
	done
	for e in "${optional[@]}"; do
		why_optional[${e%%|*}]=${e#*|}
	done
fi
if [[ $mode == matrix ]]; then
	required+=("${matrix_pkgs[@]}")
	for p in "${matrix_pkgs[@]}"; do	# required there
		unset "why_optional[$p]"
	done
fi
pkgs=("${required[@]}")
for e in "${optional[@]}"; do
	[[ -v why_optional[${e%%|*}] ]] && pkgs+=("${e%%|*}")
done

if ((list)); then
	for p in "${pkgs[@]}"; do
		if [[ -v why_optional[$p] ]]; then
			echo "$p (optional: ${why_optional[$p]})"
		elif [[ -v is_node[$p] ]]; then
			echo "$p (the tests' Node.js, without recommends: none on this machine's PATH)"
		else
			echo "$p"
		fi
	done
	exit 0
fi

# node_step: the tests' Node.js and npm packages (mk/node-deps.sh), timed
node_step() {
	local t0=$SECONDS dir=${NODE_DEPS_DIR:-$top/build/node}
	[[ $mode == demo ]] && return 0
	"${DEPS_NODE:-$top/mk/node-deps.sh}" || return 1
	echo "deps: the tests' Node.js: $("$dir/bin/node" --version 2> /dev/null || echo none) ($(readlink "$dir/bin/node" || echo none)), ready in $((SECONDS - t0)) s"
}

# forget PKG...: the packages this run considers leave build/deps/unavailable (a run
# records again what it could not install).
forget() {
	local f=$state/unavailable
	[[ -f $f ]] || return 0
	awk -F'\t' 'NR == FNR { drop[$0] = 1; next } !($1 in drop)' \
		<(printf '%s\n' "$@") "$f" > "$f.tmp"
	mv "$f.tmp" "$f"
}

installed() {	# installed PKG: dpkg has it installed (for this machine's architecture)
	dpkg-query -W -f='${db:Status-Status}\n' "$1" 2> /dev/null | grep -qx installed
}

missing=()
for p in "${pkgs[@]}"; do
	installed "$p" || missing+=("$p")
done
mkdir -p "$state"
forget "${pkgs[@]}"
if ((${#missing[@]} == 0)); then
	echo "deps: all ${#pkgs[@]} packages present ($mode)"
	node_step
	exit 0
fi
echo "deps: installing ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
	echo "$prog: not root; run: sudo apt-get update && sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
log=$state/apt.log
: > "$log"

# apt-get update exits 100 when any one index fails (a mirror in sync: "File has unexpected
# size"), having fetched the others: a warning, and the install goes on with what apt has.
if ! apt-get update -q >> "$log" 2>&1; then
	mapfile -t errs < <(grep -E '^(E|W): Failed to fetch' "$log" || true)
	if ((${#errs[@]})); then
		first=${errs[0]#?: Failed to fetch }
		echo "deps: warning: apt-get update could not fetch ${#errs[@]} index(es) (first: ${first:0:160}); going on with the indexes apt has"
	else
		echo "deps: warning: apt-get update failed ($(grep -E '^E: ' "$log" | head -n 1 | cut -c1-160)); going on with the indexes apt has"
	fi
fi

# reason PKG: why apt cannot install PKG alone (a simulated install), on one line.
reason() {
	local out r
	out=$(apt-get install -s -q "$1" 2>&1) && return 1
	r=$(printf '%s\n' "$out" | grep -E '^ \S+ : |^ +(Depends|PreDepends|Conflicts|Breaks): |^E: ' |
		sed -E 's/^ +//; s/ +/ /g' | paste -sd ';' | sed 's/;/; /g' | cut -c1-400) || true
	echo "${r:-apt-get install -s $1 failed}"
}

# install_all PKG...: apt-get install, the Node.js packages (is_node) without recommends
node_apt=
install_all() {
	local rec=() norec=() p t0
	for p; do
		if [[ -v is_node[$p] ]]; then norec+=("$p"); else rec+=("$p"); fi
	done
	{ ((${#rec[@]} == 0)) || apt-get install -y -q "${rec[@]}"; } || return 1
	((${#norec[@]})) || return 0
	t0=$SECONDS
	apt-get install -y -q --no-install-recommends "${norec[@]}" || return 1
	node_apt=" (${norec[*]} without recommends: $((SECONDS - t0)) s of it)"
}

if install_all "${missing[@]}" >> "$log" 2>&1; then
	echo "deps: installed ${#missing[@]} package(s) in $SECONDS s$node_apt"
	node_step
	exit 0
fi

# Some package cannot be installed: find which (and apt's reason), install the others.
bad=() good=()
declare -A why=()
for p in "${missing[@]}"; do
	if r=$(reason "$p"); then
		bad+=("$p")
		why[$p]=$r
	else
		good+=("$p")
	fi
done
if ((${#good[@]})) && ! install_all "${good[@]}" >> "$log" 2>&1; then
	echo "$prog: apt-get install failed for ${good[*]}; last lines of $log:" >&2
	tail -n 8 "$log" | sed 's/^/   | /' >&2
	exit 1
fi
((${#bad[@]})) || { echo "$prog: apt-get install failed (see $log)" >&2; exit 1; }
echo "deps: installed ${#good[@]} package(s) in $SECONDS s$node_apt; ${#bad[@]} could not be installed"
fatal=0
for p in "${bad[@]}"; do
	if [[ -v why_optional[$p] ]]; then
		printf '%s\t%s\n' "$p" "${why[$p]}" >> "$state/unavailable"
		echo "deps: $p could not be installed (apt: ${why[$p]}); skipped without it: ${why_optional[$p]}"
	else
		echo "$prog: cannot install $p, which make $mode needs; apt says: ${why[$p]}" >&2
		fatal=1
	fi
done
if ((fatal)); then
	cat >&2 <<EOF
$prog: what you can do: run 'apt-get update' again later (a mirror that is in sync
  serves consistent indexes again), or point /etc/apt/sources.list at another Debian
  mirror, or install the packages named above by hand; then run make again.
EOF
	exit 1
fi
node_step
