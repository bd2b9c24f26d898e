#!/usr/bin/env bash
# Pack the guest initramfs: busybox, init, modtest, the case list and its modules.
set -euo pipefail
prog=initramfs.sh
if [[ ${1:-} == -h || ${1:-} == --help || $# -ne 2 ]]; then
	cat <<'USAGE'
Usage: mk/initramfs.sh CASEDIR OUT.cpio

CASEDIR holds cases.list and mods/ (from tests/qemu/make-cases.sh) and optionally
bench.list and cases-pqonly.list (the boots with pgp_keys.pq_only=1); the result is an uncompressed newc cpio with /init, /bin/busybox,
/modtest, /cases.list and /mods/.  For another architecture's guest, BUSYBOX names
its static busybox and MODTEST_CC its C compiler (e.g. aarch64-linux-gnu-gcc).
USAGE
	[[ ${1:-} == -h || ${1:-} == --help ]] && exit 0
	exit 2
fi
top=$(cd "$(dirname "$0")/.." && pwd)
casedir=$1 out=$2
busybox=${BUSYBOX:-$(command -v busybox || true)}
[[ -z ${BUSYBOX:-} && -x /bin/busybox ]] && busybox=/bin/busybox
file -L "$busybox" 2>/dev/null | grep -q 'statically linked' ||
	{ echo "$prog: a static busybox is needed (apt-get install busybox-static)" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,proc,sys,dev,tmp,mods}
cp "$busybox" "$stage/bin/busybox"
cp "$top/tests/qemu/init" "$stage/init"
${MODTEST_CC:-gcc} -static -O2 -Wall -o "$stage/modtest" "$top/tests/qemu/modtest.c"
cp "$casedir/cases.list" "$stage/cases.list"
cp -r "$casedir/mods/." "$stage/mods/"
[[ -f $casedir/bench.list ]] && cp "$casedir/bench.list" "$stage/bench.list"
[[ -f $casedir/cases-pqonly.list ]] && cp "$casedir/cases-pqonly.list" "$stage/cases-pqonly.list"
(cd "$stage" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --owner=0:0 --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
