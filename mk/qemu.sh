#!/usr/bin/env bash
# Boot the test kernel with an initramfs under QEMU and capture its console.
set -euo pipefail
prog=qemu.sh

usage() {
	cat <<'EOF'
Usage: mk/qemu.sh [--arch A] [--timeout SECONDS] BZIMAGE INITRAMFS LOG [KERNEL-ARGS...]

Boots BZIMAGE with INITRAMFS under QEMU (TCG; QEMU_ACCEL=kvm to opt into KVM,
QEMU_ICOUNT=0 for -icount shift=0 deterministic timing; QEMU_SMP=N CPUs, default 2, so the
concurrency case loads modules on two CPUs at once), the console written
to LOG.  --arch (default x86_64): x86_64 (q35, ttyS0), arm64 (virt, ttyAMA0;
the image is arch/arm64/boot/Image) or s390x (s390-ccw-virtio, ttysclp0).
The guest ends with `reboot -f`; -no-reboot makes that exit QEMU.  Fails when QEMU does not exit within the timeout (default 600 s) and
then shows the tail of the console.
EOF
}

timeout=600 arch=x86_64
while [[ $# -gt 0 ]]; do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--timeout) timeout=$2; shift 2 ;;
	--arch) arch=$2; shift 2 ;;
	*) break ;;
	esac
done
[[ $# -ge 3 ]] || { usage >&2; exit 2; }
kernel=$1 initrd=$2 log=$3
shift 3

accel=tcg
[[ ${QEMU_ACCEL:-} == kvm ]] && accel=kvm
extra=()
[[ -n ${QEMU_ICOUNT:-} ]] && extra+=(-icount "shift=$QEMU_ICOUNT")

# The machine of each architecture and its console.
case $arch in
x86_64) qemu=(qemu-system-x86_64 -machine q35,accel="$accel" -cpu max) console=ttyS0 ;;
arm64) qemu=(qemu-system-aarch64 -machine virt,accel="$accel" -cpu max) console=ttyAMA0 ;;
s390x) qemu=(qemu-system-s390x -machine s390-ccw-virtio,accel="$accel" -cpu max) console=ttysclp0 ;;
*) echo "$prog: $arch: unknown architecture" >&2; exit 2 ;;
esac

cmdline="console=$console panic=-1 oops=panic loglevel=7 rdinit=/init $*"
set +e
timeout --foreground -k 5 "$timeout" "${qemu[@]}" -m 512 -smp "${QEMU_SMP:-2}" \
	-display none -monitor none -serial "file:$log" -no-reboot \
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline" "${extra[@]}" \
	</dev/null
rc=$?
set -e
if ((rc == 124 || rc == 137)); then
	echo "$prog: guest did not finish within ${timeout}s; console tail:" >&2
	tail -n 30 "$log" >&2
	exit 1
fi
if ((rc != 0)); then
	echo "$prog: qemu exited with status $rc; console tail:" >&2
	tail -n 30 "$log" >&2
	exit 1
fi
