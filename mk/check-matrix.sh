#!/usr/bin/env bash
# make check-matrix: the guest matrix on the other kernel versions and architectures.
set -uo pipefail
prog=check-matrix.sh

usage() {
	cat <<'EOF'
Usage: mk/check-matrix.sh [COMBINATION...]

Runs make check's kernel pipeline on other kernels: apply the series for the version,
build the test kernel (cross-compiled for arm64 and s390x), sign the module cases on
this host, pack the initramfs for the guest's architecture, boot it permissive (KUnit
runs there) and enforcing, and count the TAP/KTAP results.  One summary line per
combination ("6.1 x86_64: N passed, N failed (T s)") and a closing total.

COMBINATION is VERSION:ARCH with VERSION 6.12 or 6.1 and ARCH x86_64, arm64 or s390x.
Default: 6.1:x86_64 6.12:arm64 6.12:s390x.  (6.12:x86_64 is make check.)
Trees: build/src (6.12), build/src-6.1; objects: build/obj-VERSION-ARCH; logs:
build/logs/matrix-VERSION-ARCH/.  Needs the cross toolchains and QEMUs that
mk/deps.sh --matrix installs; the guest's static busybox is taken from Debian's
busybox-static package of that architecture (apt-get download, kept in build/debs).
EOF
}

combos=()
for a in "$@"; do
	case $a in
	-h|--help) usage; exit 0 ;;
	*:*) combos+=("$a") ;;
	*) usage >&2; exit 2 ;;
	esac
done
((${#combos[@]})) || combos=(6.1:x86_64 6.12:arm64 6.12:s390x)

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. mk/lib.sh
export KEYS_DIR=$top/build/keys
summary=() total_p=0 total_f=0 total_s=0 t_all=$(date +%s)

# stage LOGDIR NAME CMD...: a build step, its output in LOGDIR/NAME.log.
stage() {
	local dir=$1 name=$2 t0 rc
	shift 2
	t0=$(date +%s)
	"$@" >"$dir/$name.log" 2>&1
	rc=$?
	printf '   %-10s %5ds%s\n' "$name" $(($(date +%s) - t0)) "$( ((rc)) && echo "  FAILED (exit $rc)")"
	if ((rc)); then
		tail -n 15 "$dir/$name.log" | sed 's/^/   | /'
	fi
	return $rc
}

# busybox_for ARCH: a static busybox for the guest (the host's for x86_64).
busybox_for() {
	local arch=$1 deb dir=$top/build/debs
	if [[ $arch == x86_64 ]]; then
		command -v busybox
		return
	fi
	local darch=$arch	# Debian's architecture names are the same here
	mkdir -p "$dir"
	if [[ ! -x $dir/busybox-$arch/bin/busybox ]]; then
		deb=$(ls "$dir"/busybox-static_*_"$darch".deb 2>/dev/null | head -n 1)
		if [[ -z $deb ]]; then
			dpkg --print-foreign-architectures | grep -qx "$darch" ||
				{ dpkg --add-architecture "$darch" && apt-get update -qq; } >&2
			(cd "$dir" && apt-get download "busybox-static:$darch") >&2 || return 1
			deb=$(ls "$dir"/busybox-static_*_"$darch".deb | head -n 1)
		fi
		rm -rf "$dir/busybox-$arch"
		dpkg-deb -x "$deb" "$dir/busybox-$arch" || return 1
	fi
	echo "$dir/busybox-$arch/bin/busybox"
}

# run_combo VERSION ARCH: build, sign, boot twice; adds to the totals.
run_combo() {
	local ver=$1 arch=$2 tag=$1-$2 t0 src tarball obj mods cases cpio logs cross bb p f
	local passed=0 failed=0 skipped=0 boot args mode
	t0=$(date +%s)
	echo "== $ver $arch"
	logs=$top/build/logs/matrix-$tag
	rm -rf "$logs"
	mkdir -p "$logs"
	tarball=/usr/src/linux-source-$ver.tar.xz
	src=$top/build/src
	[[ $ver == 6.12 ]] || src=$top/build/src-$ver
	obj=$top/build/obj-$tag mods=$top/build/mods-$tag cases=$top/build/cases-$tag
	cpio=$top/build/initramfs-$tag.cpio
	cross=${CROSS_COMPILE-$(cross_prefix "$arch")}
	mapfile -t configs < <(guest_configs "$arch")
	if stage "$logs" keys tests/qemu/make-keys.sh "$KEYS_DIR" &&
	   stage "$logs" apply mk/default-tree.sh "$tarball" "$src" &&
	   stage "$logs" kernel nice -n 5 mk/kernel.sh --arch "$arch" --ksrc "$src" --obj "$obj" \
		--mods "$mods" "${configs[@]}" &&
	   stage "$logs" cases env OBJCOPY="${cross}objcopy" ARCH="$(kernel_arch "$arch")" \
		CROSS_COMPILE="$cross" tests/qemu/make-cases.sh "$obj" \
		"$mods/pgptest.ko" "$cases" &&
	   bb=$(busybox_for "$arch" 2>>"$logs/initramfs.log") &&
	   stage "$logs" initramfs env BUSYBOX="$bb" MODTEST_CC="${cross}gcc" \
		mk/initramfs.sh "$cases" "$cpio"; then
		for boot in permissive enforce; do
			args="modtest.boot=$boot"
			[[ $boot == enforce ]] && args+=" module.sig_enforce=1 kunit.enable=0"
			stage "$logs" "boot-$boot" mk/qemu.sh --arch "$arch" --timeout 1800 \
				"$obj/$(kernel_image "$arch")" "$cpio" "$logs/console-$boot.log" $args
			mode=console
			[[ $boot == permissive ]] && mode=console-kunit	# KUnit runs in this boot
			count "$mode" "$logs/console-$boot.log"
		done
	else
		failed=$((failed + 1))
	fi
	summary+=("$(printf '%s %s: %d passed, %d failed, %d skipped (%d s)' "$ver" "$arch" \
		"$passed" "$failed" "$skipped" $(($(date +%s) - t0)))")
	total_p=$((total_p + passed)) total_f=$((total_f + failed)) total_s=$((total_s + skipped))
}

for c in "${combos[@]}"; do
	ver=${c%%:*} arch=${c#*:}
	if ! series_dir "$ver" >/dev/null || ! kernel_arch "$arch" >/dev/null; then
		echo "$prog: $c: unknown version or architecture" >&2
		exit 2
	fi
	run_combo "$ver" "$arch"
done

echo "== matrix"
printf '%s\n' "${summary[@]}"
echo "matrix: $total_p passed, $total_f failed, $total_s skipped ($(($(date +%s) - t_all)) s)"
((total_f == 0))
