#!/usr/bin/env bash
# Configure and build the test kernel and the test modules.
set -euo pipefail
prog=kernel.sh

usage() {
	cat <<'EOF'
Usage: mk/kernel.sh [--ksrc DIR] [--obj DIR] [--mods DIR] [--target T] FRAGMENT...

Merges the config FRAGMENTs onto tinyconfig (scripts/kconfig/merge_config.sh),
runs olddefconfig, fails if any requested option did not survive, then builds
bzImage and the out-of-tree test modules in tests/modules/.  Uses ccache when
installed.  Defaults: --ksrc build/src --obj build/obj --mods build/mods.
--target T builds only the kbuild target T (e.g. security/pgp_keys/keys.o)
after configuring, instead of bzImage and the modules.
EOF
}

top=$(cd "$(dirname "$0")/.." && pwd)
ksrc=$top/build/src obj=$top/build/obj mods=$top/build/mods target=''
while [[ $# -gt 0 ]]; do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--ksrc) ksrc=$2; shift 2 ;;
	--obj) obj=$2; shift 2 ;;
	--mods) mods=$2; shift 2 ;;
	--target) target=$2; shift 2 ;;
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

jobs=$(nproc)
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
# Fixed build metadata keeps ccache hits and the image reproducible.
export KBUILD_BUILD_TIMESTAMP='2024-11-17 00:00:00 UTC' KBUILD_BUILD_USER=pgp-modsign \
	KBUILD_BUILD_HOST=pgp-modsign KBUILD_BUILD_VERSION=1
kmake() { make -s -C "$ksrc" O="$obj" ARCH=x86_64 CC="$cc" HOSTCC="$cc" -j"$jobs" "$@"; }

mkdir -p "$obj" "$mods"
cfg=$(mktemp -d)
trap 'rm -rf "$cfg"' EXIT

# Build the wanted .config in a scratch object dir; replace the real one only when it
# differs, so an unchanged configuration does not trigger a rebuild.
make -s -C "$ksrc" O="$cfg" ARCH=x86_64 tinyconfig >/dev/null
(cd "$cfg" && "$ksrc/scripts/kconfig/merge_config.sh" -m -O "$cfg" "$cfg/.config" "${frags[@]}" >/dev/null)
make -s -C "$ksrc" O="$cfg" ARCH=x86_64 olddefconfig >/dev/null

# Every option a fragment asks for must have survived olddefconfig.
missing=0
while IFS= read -r line; do
	if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
		sym=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
		got=$(grep -E "^(# )?$sym[= ]" "$cfg/.config" || true)
		if [[ $got != "$sym=$val" ]]; then
			echo "$prog: $sym=$val requested but .config has '${got:-nothing}'" >&2
			missing=1
		fi
	elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set ]]; then
		sym=${BASH_REMATCH[1]}
		if grep -qE "^$sym=" "$cfg/.config"; then
			echo "$prog: $sym requested off but .config has '$(grep -E "^$sym=" "$cfg/.config")'" >&2
			missing=1
		fi
	fi
done < <(cat "${frags[@]}")
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
echo "$prog: building bzImage ($jobs jobs, CC=$cc)"
kmake bzImage
if grep -q '^CONFIG_MODULES=y' "$obj/.config"; then
	kmake modules
	# The test modules are built out of tree from a copy, so no output lands in tests/.
	for f in "$top"/tests/modules/*; do
		cmp -s "$f" "$mods/$(basename "$f")" || cp "$f" "$mods/"
	done
	kmake M="$mods" modules
fi
echo "$prog: $obj/arch/x86/boot/bzImage"
