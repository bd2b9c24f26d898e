#!/usr/bin/env bash
# make check-series: every prefix of the exported patch series builds (bisectability).
set -euo pipefail
prog=check-series.sh

usage() {
	cat <<'EOF'
Usage: mk/check-series.sh [--kver 7.3] [FIRST [LAST]]

Exports the series (mk/export-patches.sh) and, for each prefix 1..N of it (or FIRST..LAST),
applies the prefix with quilt to linux-source-6.12 unpacked in build/series/src (one patch
more per prefix, from a pristine tree at FIRST), configures it with the test fragments
(options that do not exist yet in that prefix are simply not set), builds bzImage
incrementally in build/series/obj (log: build/series/build-N.log) and boots it under
QEMU (console: build/series/console-N.log), where its built-in KUnit suites run: every
suite the prefix's patches add (the kunit_suite of each *_kunit.c they create) must run
and pass (tests/tap.py kunit), and no other result may fail.  Prints TAP, one build and
one KUnit line per prefix.  Uses ccache when installed; the first prefix is a whole
kernel build, each next one an incremental build.  Not part of make check.
--kver 7.3 (make check-series KVER=7.3): the 7.3 series (as git format-patch exports it)
on linux-source-7.3, in build/series-7.3, with the 7.3 test configuration (mainline's
ML-DSA X.509 keys trusted: tests/qemu/mainline-mldsa.sh keys).
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
kver=6.12
if [[ ${1:-} == --kver ]]; then
	kver=${2:?--kver needs a version}
	shift 2
fi
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. mk/lib.sh
series_dir "$kver" >/dev/null || { echo "check-series.sh: $kver: no series" >&2; exit 2; }
out=$top/build/series
[[ $kver == 6.12 ]] || out=$top/build/series-$kver
mkdir -p "$out"
mk/export-patches.sh --kver "$kver" "$out/patches" >/dev/null
mapfile -t series <"$out/patches/series"
first=${1:-1} last=${2:-${#series[@]}}
tests/qemu/make-keys.sh build/keys >/dev/null
tarball=$(mk/linux-source.sh "$kver")
if [[ $kver == 7.* ]]; then
	mkdir -p "$out/mlsrc"
	tar -C "$out/mlsrc" --strip-components=1 -xf "$tarball" "linux-source-$kver/scripts/sign-file.c" \
		"linux-source-$kver/scripts/ssl-common.h" \
		"linux-source-$kver/tools/include/uapi/linux/module_signature.h"
	tests/qemu/mainline-mldsa.sh keys build/keys "$out/mlsrc" >/dev/null
fi
mapfile -t configs < <(guest_configs x86_64 "$kver")
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
# The guest has nothing to do after KUnit: an /init that reboots (QEMU runs -no-reboot).
bb=$(busybox_for x86_64)
rm -rf "$out/initramfs"
mkdir -p "$out/initramfs/bin"
cp "$bb" "$out/initramfs/bin/busybox"
printf '#!/bin/busybox sh\n/bin/busybox reboot -f\n' >"$out/initramfs/init"
chmod +x "$out/initramfs/init"
(cd "$out/initramfs" && find . | cpio -o -H newc --quiet) >"$out/initramfs.cpio"
# suites_of PATCH: the KUnit suites PATCH adds (the .name of each struct kunit_suite in
# a new *_kunit.c; not other structures' .name, as mldsa_kunit.c's parameter sets), one
# per line.
suites_of() {
	awk '/^\+\+\+ / { k = ($2 ~ /_kunit\.c$/); s = 0; next }
		k && /^\+.*struct kunit_suite [A-Za-z0-9_]+ = \{/ { s = 1; next }
		k && s && /^\+[ \t]*\.name = "/ { sub(/^[^"]*"/, ""); sub(/".*$/, ""); print; s = 0 }' "$1"
}
echo "1..$((2 * (last - first + 1)))"
suites=()
for ((n = 1; n < first; n++)); do
	mapfile -t -O "${#suites[@]}" suites < <(suites_of "$out/patches/${series[n - 1]}")
done
# One tree and one object directory: prefix N+1 is prefix N plus one quilt push and an
# incremental build (as git rebase -x make checks a branch); the tree starts pristine.
rm -rf "$out/src" "$out/q" "$out/obj"
mkdir -p "$out/src" "$out/q" "$out/obj"
tar -C "$out/src" --strip-components=1 -xf "$tarball"
cp "$out/patches/"*.patch "$out/patches/series" "$out/q/"
obj=$out/obj
fail=0 t=0
for ((n = first; n <= last; n++)); do
	t0=$(date +%s)
	(cd "$out/src" && QUILT_PATCHES="$out/q" quilt push -q "${series[n - 1]}" >/dev/null)
	make -s -C "$out/src" O="$obj" ARCH=x86_64 tinyconfig >/dev/null
	(cd "$obj" && "$out/src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		"${configs[@]/#/$top/}" >/dev/null 2>&1)
	make -s -C "$out/src" O="$obj" ARCH=x86_64 olddefconfig >/dev/null
	mapfile -t -O "${#suites[@]}" suites < <(suites_of "$out/patches/${series[n - 1]}")
	t=$((t + 1))
	if make -s -C "$out/src" O="$obj" ARCH=x86_64 CC="$cc" -j"$(nproc)" bzImage \
		>"$out/build-$n.log" 2>&1; then
		echo "ok $t - prefix 1..$n (${series[n - 1]}) builds ($(($(date +%s) - t0)) s)"
	else
		echo "not ok $t - prefix 1..$n (${series[n - 1]}) does not build: $out/build-$n.log"
		tail -n 5 "$out/build-$n.log" | sed 's/^/# /'
		fail=1
		t=$((t + 1))
		echo "not ok $t - prefix 1..$n: KUnit not run (no kernel)"
		continue
	fi
	# Boot it: its KUnit suites run; each suite of the prefix must be there and pass.
	t=$((t + 1)) t0=$(date +%s)
	log=$out/console-$n.log
	missing=()
	if mk/qemu.sh --timeout 1200 "$obj/arch/x86/boot/bzImage" "$out/initramfs.cpio" "$log" \
		>"$out/qemu-$n.log" 2>&1; then
		for su in "${suites[@]}"; do
			grep -Eq "^(\[[ 0-9.]*\] )?ok [0-9]+ $su\b" <(tr -d '\r' <"$log") || missing+=("$su")
		done
		res=$(python3 tests/tap.py kunit "$log" | tail -n 1)
	else
		res="counts 0 1 0"
	fi
	read -r _ kp kf _ <<<"$res"
	if [[ ${kf:-1} == 0 && ${#missing[@]} == 0 ]]; then
		echo "ok $t - prefix 1..$n: KUnit $kp passed, suites ${suites[*]:-(none yet)} ($(($(date +%s) - t0)) s)"
	else
		echo "not ok $t - prefix 1..$n: KUnit ${kf:-?} failed; missing or failed suites: ${missing[*]:-none} (log: $log)"
		python3 tests/tap.py kunit "$log" | grep -v '^counts' | head -n 10 | sed 's/^/# /'
		fail=1
	fi
done
exit $fail
