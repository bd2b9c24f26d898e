#!/usr/bin/env bash
# Install the Debian 12 packages pgp-modsign needs (only the missing ones).
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: mk/deps.sh [--matrix]    install missing build/test dependencies with apt-get (needs root)"
	echo "  then the test-only Node.js packages into build/node (mk/node-deps.sh, npm ci)"
	echo "  --matrix  also what make check-matrix needs: the arm64 and s390x cross"
	echo "            compilers and QEMUs, Debian's kernel configurations, sparse"
	exit 0
fi
pkgs=(linux-source-6.12 linux-source-6.1 gnupg gpgv sqv binutils gcc make flex bison bc
	libelf-dev libssl-dev cpio busybox-static qemu-system-x86 ccache clang libclang-rt-dev
	xz-utils zstd gzip file python3 python3-docutils quilt diffstat perl openssl kmod dkms
	liblzma-dev sq gcc-i686-linux-gnu libc6-dev-i386-cross libssl-dev:i386 qemu-user
	libc6-dev-s390x-cross binutils-s390x-linux-gnu libgcc-12-dev-s390x-cross valgrind strace
	softhsm2 gnupg-pkcs11-scd opensc argon2)
# linux-source-6.1: host-patches applies the 6.1 series to it (and check-matrix builds it).
# sq: host-sign's remote signer.  The last four: tests/host/crypto's i386 build, with the
# i686 cross compiler, which coexists with the arm64 and s390x ones of --matrix (Debian 12's
# gcc-multilib conflicts with every cross compiler: each install would remove the other).
# gcc-multilib is not installed; a machine that has it loses it to the cross compilers.
# The s390x libc, binutils and libgcc: tests/host/crypto's big-endian run (clang
# --target=s390x-linux-gnu, qemu-s390x).  valgrind, strace: host-sign (uninitialised paths,
# the fsync before the rename).  softhsm2, gnupg-pkcs11-scd, opensc (pkcs11-tool): host-sign
# signs through a key on a SoftHSM token, gpg-agent's scdaemon being gnupg-pkcs11-scd.
if [[ ${1:-} == --matrix ]]; then
	pkgs+=(linux-config-6.12 linux-config-6.1 gcc-aarch64-linux-gnu
		gcc-s390x-linux-gnu libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-system-arm
		qemu-system-misc sparse lld llvm)
fi
missing=()
# one status line per architecture the package is installed for (libssl-dev: amd64 and i386)
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${db:Status-Status}\n' "$p" 2>/dev/null | grep -qx installed || missing+=("$p")
done
# The test-only Node.js packages (an independent ML-DSA for the vectors and the
# differential test), after the Debian packages.
node_deps() {
	"$(dirname "$0")/node-deps.sh"
}
if ((${#missing[@]} == 0)); then
	echo "deps: all ${#pkgs[@]} packages present"
	node_deps
	exit 0
fi
# A package of another architecture (libssl-dev:i386) needs that architecture in dpkg
# first (Debian multiarch), and then an apt-get update.
archs=()
for p in "${missing[@]}"; do
	[[ $p == *:* ]] || continue
	a=${p##*:}
	[[ $a == "$(dpkg --print-architecture)" || " ${archs[*]} " == *" $a "* ]] && continue
	dpkg --print-foreign-architectures | grep -qx "$a" || archs+=("$a")
done
echo "deps: installing ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
	add=
	for a in "${archs[@]}"; do
		add+="sudo dpkg --add-architecture $a && "
	done
	echo "deps: not root; run: ${add}sudo apt-get update && sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
for a in "${archs[@]}"; do
	dpkg --add-architecture "$a"
	echo "deps: added the dpkg architecture $a"
done
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
echo "deps: installed ${#missing[@]} package(s)"
node_deps
