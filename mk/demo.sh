#!/usr/bin/env bash
# make demo: build the patched kernel, make the module cases, boot permissive and enforcing,
# and show what the kernel decided for each module.
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	cat <<'USAGE'
Usage: mk/demo.sh

Builds the patched kernel and the test module (about 4 minutes cold, seconds warm),
signs and tampers copies of it, boots the kernel under QEMU twice (permissive, then
module.sig_enforce=1) and prints each module's verdict. Logs in build/logs/.
USAGE
	exit 0
fi
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
logs=build/logs
mkdir -p "$logs"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
run() { # run a step quietly, show its log on failure
	local log=$logs/demo-$1.log
	shift
	if ! "$@" >"$log" 2>&1; then
		tail -n 30 "$log" >&2
		echo "demo: step failed, full log in $log" >&2
		exit 1
	fi
}

step "1. dependencies"
mk/deps.sh
step "2. patch Linux 6.12 (Debian linux-source-6.12) and build a minimal kernel + test module"
t0=$(date +%s)
. mk/lib.sh
export KEYS_DIR=$top/build/keys
run keys tests/qemu/make-keys.sh "$KEYS_DIR"
run apply make -s apply
run kernel mk/kernel.sh $(guest_configs)
echo "   built in $(($(date +%s) - t0)) s: build/obj/arch/x86/boot/bzImage"
step "3. sign and tamper copies of the test module"
run cases tests/qemu/make-cases.sh build/obj build/mods/pgptest.ko build/cases
mk/initramfs.sh build/cases build/initramfs.cpio
sed 's/^/   /' build/cases/cases.list | awk -F'|' '{ printf "   %-45s %s\n", $3, $6 }'
for boot in permissive enforce; do
	if [[ $boot == permissive ]]; then
		step "4. boot under QEMU, permissive (unsigned modules load but taint the kernel)"
		args="modtest.boot=permissive kunit.enable=0"
	else
		step "5. boot under QEMU with module.sig_enforce=1 (only validly signed modules load)"
		args="modtest.boot=enforce module.sig_enforce=1 kunit.enable=0"
	fi
	mk/qemu.sh build/obj/arch/x86/boot/bzImage build/initramfs.cpio "$logs/demo-$boot.log" $args
	tr -d '\r' <"$logs/demo-$boot.log" | sed -n '/^# modtest: begin/,/^# modtest: end/p' |
		grep -E '^(not )?ok|^# modtest: end' |
		sed -E 's/^ok [0-9]+ - /   [pass] /; s/^not ok [0-9]+ - /   [FAIL] /; s/^# modtest: end [a-z]+: /   /'
	tr -d '\r' <"$logs/demo-$boot.log" | grep -E 'module verification failed|Loading of .* is rejected|modsign-pgp' |
		sed 's/^/   kernel: /' | head -n 8 || true
done
echo
echo "demo: done (console logs: $logs/demo-permissive.log, $logs/demo-enforce.log)"
