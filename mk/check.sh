#!/usr/bin/env bash
# make check: host tests, the patched kernel, and the QEMU boots; one summary line at the end.
set -uo pipefail
prog=check.sh

usage() {
	cat <<'EOF'
Usage: mk/check.sh [--host-only] [--no-host] [--full]

Runs every host test (tests/host/*/run.sh), applies the patch set to build/src,
builds the test kernel and modules, makes the module cases, boots the guest
permissive (KUnit runs in that boot) and with module.sig_enforce=1, and prints
each stage's time and the closing line "N passed, N failed".  Logs: build/logs/.
--full (make check-full) also runs 1000 differential cases instead of 100 and boots a
second kernel built with KASAN and UBSAN (tests/config/sanitizers.config) through the
same cases; any sanitizer report on the console is a failure.
EOF
}

host=1 qemu=1 full=0
for a in "$@"; do
	case $a in
	--full) full=1 ;;
	-h|--help) usage; exit 0 ;;
	--host-only) qemu=0 ;;
	--no-host) host=0 ;;
	*) usage >&2; exit 2 ;;
	esac
done

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
logs=$top/build/logs
mkdir -p "$logs"
passed=0 failed=0
t_all=$(date +%s)
timings=()

# stage NAME CMD...: run a build step, record its time; a failed step counts as one failure.
stage() {
	local name=$1 t0 rc
	shift
	t0=$(date +%s)
	echo "== $name"
	"$@" >"$logs/$name.log" 2>&1
	rc=$?
	timings+=("$(printf '%-22s %5ds' "$name" $(($(date +%s) - t0)))")
	if ((rc != 0)); then
		echo "   FAILED (exit $rc); last lines of $logs/$name.log:"
		tail -n 25 "$logs/$name.log" | sed 's/^/   | /'
		failed=$((failed + 1))
		return 1
	fi
	tail -n 2 "$logs/$name.log" | sed 's/^/   /'
	return 0
}

# count MODE LOG: add a TAP/console log's results to the totals.
count() {
	local out p f
	out=$(python3 "$top/tests/tap.py" "$1" "$2")
	printf '%s\n' "$out" | grep -v '^counts ' || true
	read -r _ p f < <(printf '%s\n' "$out" | grep '^counts ')
	echo "   $(basename "$2" .log): $p passed, $f failed"
	passed=$((passed + p)) failed=$((failed + f))
}

# tap_stage NAME CMD...: a test printing TAP, timed, its results counted.
tap_stage() {
	local name=$1 t0
	shift
	t0=$(date +%s)
	echo "== $name"
	"$@" >"$logs/$name.log" 2>&1
	timings+=("$(printf '%-22s %5ds' "$name" $(($(date +%s) - t0)))")
	count tap "$logs/$name.log"
}

stage deps "$top/mk/deps.sh" || { echo "$failed failed: cannot install dependencies"; exit 1; }

if ((host)); then
	for t in tests/host/*/run.sh; do
		[[ -f $t ]] || continue
		tap_stage "host-$(basename "$(dirname "$t")")" bash "$t"
	done
fi

if ((qemu)); then
	. "$top/mk/lib.sh"
	mapfile -t configs < <(guest_configs)
	export KEYS_DIR=$top/build/keys
	((full)) && export DIFF_COUNT=${DIFF_COUNT:-1000}
	if stage keys "$top/tests/qemu/make-keys.sh" "$KEYS_DIR" &&
	   stage apply make -s -C "$top" apply &&
	   stage kernel "$top/mk/kernel.sh" "${configs[@]}" &&
	   stage cases "$top/tests/qemu/make-cases.sh" "$top/build/obj" \
		"$top/build/mods/pgptest.ko" "$top/build/cases" &&
	   stage initramfs "$top/mk/initramfs.sh" "$top/build/cases" "$top/build/initramfs.cpio"; then
		bz=$top/build/obj/arch/x86/boot/bzImage
		for boot in permissive enforce; do
			args="modtest.boot=$boot"
			[[ $boot == enforce ]] && args+=" module.sig_enforce=1 kunit.enable=0"
			stage "boot-$boot" "$top/mk/qemu.sh" "$bz" "$top/build/initramfs.cpio" \
				"$logs/console-$boot.log" $args
			count console "$logs/console-$boot.log"
		done
		# The default key path (a throw-away key made by the kernel build).
		tap_stage kbuild-genkey bash "$top/tests/kbuild/genkey-default.sh" "$top/build/src"
		# The sanitizer kernel gets its own build of the test modules (a module built
		# against another configuration is refused with ENOEXEC) and its own cases.
		if ((full)) &&
		   stage kernel-sanitizers "$top/mk/kernel.sh" --obj "$top/build/obj-san" \
			--mods "$top/build/mods-san" "${configs[@]}" tests/config/sanitizers.config &&
		   stage cases-san "$top/tests/qemu/make-cases.sh" "$top/build/obj-san" \
			"$top/build/mods-san/pgptest.ko" "$top/build/cases-san" &&
		   stage initramfs-san "$top/mk/initramfs.sh" "$top/build/cases-san" \
			"$top/build/initramfs-san.cpio"; then
			bz=$top/build/obj-san/arch/x86/boot/bzImage
			for boot in permissive enforce; do
				args="modtest.boot=$boot"
				[[ $boot == enforce ]] && args+=" module.sig_enforce=1 kunit.enable=0"
				stage "boot-san-$boot" "$top/mk/qemu.sh" --timeout 1800 "$bz" \
					"$top/build/initramfs-san.cpio" "$logs/console-san-$boot.log" $args
				count console "$logs/console-san-$boot.log"
			done
		fi
	fi
fi

# Differential testing summary: gpgv/sqv disagreements found on the host plus cases where
# the kernel disagreed with them in either boot.
if [[ -f $top/build/cases/differential.txt ]]; then
	read -r _ dn _ dh <"$top/build/cases/differential.txt"
	dk=$(cat "$logs"/console-*.log 2>/dev/null | grep -c '^not ok .* differential ' || true)
	echo "differential: $dn cases, $((dh + dk)) disagreements (kernel, gpgv, sqv)"
	failed=$((failed + dh))
fi

timings+=("$(printf '%-22s %5ds' total $(($(date +%s) - t_all)))")
echo "== stage times"
printf '   %s\n' "${timings[@]}"
echo "$passed passed, $failed failed"
((failed == 0))
