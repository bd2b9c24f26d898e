#!/usr/bin/env bash
# Configure and build the test kernel and the test modules.
set -euo pipefail
prog=kernel.sh

usage() {
	cat <<'EOF'
Usage: mk/kernel.sh [--arch A] [--ksrc DIR] [--obj DIR] [--mods DIR] [--target T] FRAGMENT...

Merges the config FRAGMENTs onto tinyconfig (scripts/kconfig/merge_config.sh; a later
fragment overrides an earlier one), runs olddefconfig, fails if any requested option
did not survive, then builds the boot image (bzImage; Image on arm64) and the
out-of-tree test modules in tests/modules/.  Uses ccache when installed.
Defaults: --arch x86_64 --ksrc build/src --obj build/obj --mods build/mods.
--arch arm64 or s390x cross-compiles with Debian's gcc-aarch64-linux-gnu or
gcc-s390x-linux-gnu (CROSS_COMPILE may name another prefix).
--target T builds only the kbuild target T (e.g. certs/pgp_keyring.o)
after configuring, instead of the image and the modules.
EOF
}

top=$(cd "$(dirname "$0")/.." && pwd)
ksrc=$top/build/src obj=$top/build/obj mods=$top/build/mods target='' arch=x86_64
while [[ $# -gt 0 ]]; do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--ksrc) ksrc=$2; shift 2 ;;
	--obj) obj=$2; shift 2 ;;
	--mods) mods=$2; shift 2 ;;
	--target) target=$2; shift 2 ;;
	--arch) arch=$2; shift 2 ;;
	--) shift; break ;;
	-*) echo "$prog: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[[ $# -gt 0 ]] || { usage >&2; exit 2; }
# make -C changes directory: every path must be absolute.
mkdir -p "$obj" "$mods"
ksrc=$(cd "$ksrc" && pwd) obj=$(cd "$obj" && pwd) mods=$(cd "$mods" && pwd)
frags=()
for f in "$@"; do
	[[ -f $f ]] || { echo "$prog: $f: no such config fragment" >&2; exit 2; }
	frags+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
done

. "$top/mk/lib.sh"
karch=$(kernel_arch "$arch") || { echo "$prog: $arch: unknown architecture" >&2; exit 2; }
cross=${CROSS_COMPILE-$(cross_prefix "$arch")}
image=$(kernel_image "$arch")
command -v "${cross}gcc" >/dev/null ||
	{ echo "$prog: ${cross}gcc: not found (make deps-matrix installs the cross compilers)" >&2; exit 1; }
jobs=$(nproc)
cc=${cross}gcc hostcc=gcc
command -v ccache >/dev/null && cc="ccache $cc" hostcc="ccache gcc"
# Fixed build metadata keeps ccache hits and the image reproducible.
export KBUILD_BUILD_TIMESTAMP='2024-11-17 00:00:00 UTC' KBUILD_BUILD_USER=pgp-modsign \
	KBUILD_BUILD_HOST=pgp-modsign KBUILD_BUILD_VERSION=1
# INSTALL_MOD_STRIP=1: with CONFIG_MODULE_HASH_LIST the build lists the modules stripped,
# as "make modules_install INSTALL_MOD_STRIP=1" installs them.
kmake() {
	make -s -C "$ksrc" O="$obj" ARCH="$karch" CROSS_COMPILE="$cross" CC="$cc" HOSTCC="$hostcc" \
		INSTALL_MOD_STRIP=1 -j"$jobs" "$@"
}

mkdir -p "$obj" "$mods"
cfg=$(mktemp -d)
trap 'rm -rf "$cfg"' EXIT

# Build the wanted .config in a scratch object dir; replace the real one only when it
# differs, so an unchanged configuration does not trigger a rebuild.
make -s -C "$ksrc" O="$cfg" ARCH="$karch" CROSS_COMPILE="$cross" tinyconfig >/dev/null
(cd "$cfg" && "$ksrc/scripts/kconfig/merge_config.sh" -m -O "$cfg" "$cfg/.config" "${frags[@]}" >/dev/null)
make -s -C "$ksrc" O="$cfg" ARCH="$karch" CROSS_COMPILE="$cross" olddefconfig >/dev/null

# Every option the fragments ask for (the last fragment's word, as merge_config.sh
# takes it) must have survived olddefconfig.
declare -A want=()
order=()
while IFS= read -r line; do
	if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
		sym=${BASH_REMATCH[1]}
		[[ -v want[$sym] ]] || order+=("$sym")
		want[$sym]=${BASH_REMATCH[2]}
	elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set ]]; then
		sym=${BASH_REMATCH[1]}
		[[ -v want[$sym] ]] || order+=("$sym")
		want[$sym]=n
	fi
done < <(cat "${frags[@]}")
missing=0
for sym in "${order[@]}"; do
	val=${want[$sym]}
	if [[ $val == n ]]; then
		if grep -qE "^$sym=" "$cfg/.config"; then
			echo "$prog: $sym requested off but .config has '$(grep -E "^$sym=" "$cfg/.config")'" >&2
			missing=1
		fi
	else
		got=$(grep -E "^(# )?$sym[= ]" "$cfg/.config" || true)
		if [[ $got != "$sym=$val" ]]; then
			echo "$prog: $sym=$val requested but .config has '${got:-nothing}'" >&2
			missing=1
		fi
	fi
done
((missing == 0)) || { echo "$prog: config fragments not satisfied (see above)" >&2; exit 1; }

if ! cmp -s "$cfg/.config" "$obj/.config"; then
	cp "$cfg/.config" "$obj/.config"
	echo "$prog: configuration updated"
fi

kmake olddefconfig >/dev/null
if [[ -n $target ]]; then
	echo "$prog: building $target ($jobs jobs, CC=$cc)"
	kmake "$target"
	exit 0
fi
echo "$prog: building $(basename "$image") for $arch ($jobs jobs, CC=$cc)"
kmake "$(basename "$image")"
if grep -q '^CONFIG_MODULES=y' "$obj/.config"; then
	kmake modules
	# The test modules are built out of tree from a copy, so no output lands in tests/.
	for f in "$top"/tests/modules/*; do
		cmp -s "$f" "$mods/$(basename "$f")" || cp "$f" "$mods/"
	done
	kmake M="$mods" modules
fi
echo "$prog: $obj/$image"
