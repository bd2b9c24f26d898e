#!/usr/bin/env bash
# make check-matrix: the guest matrix on the other kernel versions and architectures.
set -uo pipefail
prog=check-matrix.sh

usage() {
	cat <<'EOF'
Usage: mk/check-matrix.sh [--list] [COMBINATION...]

Runs make check's kernel pipeline on other kernels: apply the series for the version,
build the test kernel (cross-compiled for arm64 and s390x), sign the module cases on
this host, pack the initramfs for the guest's architecture, boot it permissive (KUnit
runs there) and enforcing, and count the TAP/KTAP results.  One summary line per
combination ("6.1 x86_64: N passed, N failed (T s)") and a closing total.

COMBINATION is VERSION:ARCH with VERSION 6.12, 6.1 or 7.3 and ARCH x86_64, arm64 or
s390x.  Default (and --list, which prints them): 6.1:x86_64 6.12:arm64 6.12:s390x
7.3:x86_64 7.3:arm64.  (6.12:x86_64 is make check.)
Trees: build/src (6.12), build/src-6.1, build/src-7.3 (Debian's linux-source-7.3 of
trixie-backports, mk/linux-source.sh); objects: build/obj-VERSION-ARCH; logs:
build/logs/matrix-VERSION-ARCH/.  On 7.3 the kernel also trusts two ML-DSA X.509 keys
and the cases include mainline's own ML-DSA module signatures, made by 7.3's
scripts/sign-file built against OpenSSL 3.5 in a Debian 13 root
(tests/qemu/mainline-mldsa.sh).  Needs the cross toolchains and QEMUs that
mk/deps.sh --matrix installs; the guest's static busybox is taken from Debian's
busybox-static package of that architecture (mk/apt-private.sh --arch ARCH download,
kept in build/debs); dpkg's foreign architectures must be as they were at the start (a
change is one failure).
EOF
}

defaults=(6.1:x86_64 6.12:arm64 6.12:s390x 7.3:x86_64 7.3:arm64)
combos=()
for a in "$@"; do
	case $a in
	-h|--help) usage; exit 0 ;;
	--list) printf '%s\n' "${defaults[@]}"; exit 0 ;;
	*:*) combos+=("$a") ;;
	*) usage >&2; exit 2 ;;
	esac
done
((${#combos[@]})) || combos=("${defaults[@]}")

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. mk/lib.sh
export KEYS_DIR=$top/build/keys
summary=() total_p=0 total_f=0 total_s=0 t_all=$(date +%s)
# dpkg's architectures as found (the arm64 and s390x busybox come through mk/apt-private.sh)
archs_before=$(dpkg --print-foreign-architectures)

# step NAME CMD...: a step of the guest pipeline (mk/lib.sh), its output in $logs/NAME.log.
step() {
	local dir=$logs name=$1 t0 rc
	shift
	t0=$(date +%s)
	"$@" >"$dir/$name.log" 2>&1
	rc=$?
	printf '   %-10s %5ds%s\n' "$name" $(($(date +%s) - t0)) "$( ((rc)) && echo "  FAILED (exit $rc)")"
	if ((rc)); then
		tail -n 15 "$dir/$name.log" | sed 's/^/   | /'
	fi
	return $rc
}

# run_combo VERSION ARCH: build, sign, boot twice; adds to the totals.
run_combo() {
	local ver=$1 arch=$2 tag=$1-$2 t0 boot mode
	local passed=0 failed=0 skipped=0
	t0=$(date +%s)
	echo "== $ver $arch"
	logs=$top/build/logs/matrix-$tag
	rm -rf "$logs"
	mkdir -p "$logs"
	if guest_kernel step "$ver" "$arch" && guest_cases step "$ver" "$arch"; then
		for boot in permissive enforce pq-permissive pq-enforce; do
			guest_boot step "boot-$boot" "$ver" "$arch" "$boot" "$logs/console-$boot.log"
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

archs_after=$(dpkg --print-foreign-architectures)
if [[ $archs_after != "$archs_before" ]]; then
	summary+=("dpkg's foreign architectures changed: '${archs_before//$'\n'/ }' before, '${archs_after//$'\n'/ }' after: FAILED")
	total_f=$((total_f + 1))
fi
echo "== matrix"
printf '%s\n' "${summary[@]}"
echo "matrix: $total_p passed, $total_f failed, $total_s skipped ($(($(date +%s) - t_all)) s)"
((total_f == 0))
