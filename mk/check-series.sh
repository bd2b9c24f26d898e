#!/usr/bin/env bash
# make check-series: every prefix of the exported patch series builds (bisectability).
set -euo pipefail
prog=check-series.sh

usage() {
	cat <<'EOF'
Usage: mk/check-series.sh [FIRST [LAST]]

Exports the series (mk/export-patches.sh) and, for each prefix 1..N of it (or FIRST..LAST),
unpacks a fresh linux-source-6.12 into build/series/src, applies the prefix with quilt,
configures it with the test fragments (options that do not exist yet in that prefix are
simply not set) and builds bzImage into build/series/obj-N.  Uses ccache when installed;
each prefix takes a kernel build (minutes).  Not part of make check.
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=$top/build/series
mkdir -p "$out"
mk/export-patches.sh "$out/patches" >/dev/null
mapfile -t series <"$out/patches/series"
first=${1:-1} last=${2:-${#series[@]}}
. mk/lib.sh
tests/qemu/make-keys.sh build/keys >/dev/null
mapfile -t configs < <(guest_configs)
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
fail=0
for ((n = first; n <= last; n++)); do
	t0=$(date +%s)
	rm -rf "$out/src"
	mkdir -p "$out/src"
	tar -C "$out/src" --strip-components=1 -xf /usr/src/linux-source-6.12.tar.xz
	head -n "$n" "$out/patches/series" >"$out/series.$n"
	mkdir -p "$out/q"
	cp "$out/patches/"*.patch "$out/q/"
	cp "$out/series.$n" "$out/q/series"
	(cd "$out/src" && QUILT_PATCHES="$out/q" quilt push -a -q >/dev/null)
	obj=$out/obj-$n
	mkdir -p "$obj"
	make -s -C "$out/src" O="$obj" ARCH=x86_64 tinyconfig >/dev/null
	(cd "$obj" && "$out/src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		"${configs[@]/#/$top/}" >/dev/null 2>&1)
	make -s -C "$out/src" O="$obj" ARCH=x86_64 olddefconfig >/dev/null
	if make -s -C "$out/src" O="$obj" ARCH=x86_64 CC="$cc" -j"$(nproc)" bzImage \
		>"$obj/build.log" 2>&1; then
		echo "ok $n - prefix 1..$n (${series[n - 1]}) builds ($(($(date +%s) - t0)) s)"
	else
		echo "not ok $n - prefix 1..$n (${series[n - 1]}) does not build: $obj/build.log"
		tail -n 5 "$obj/build.log" | sed 's/^/# /'
		fail=1
	fi
done
exit $fail
