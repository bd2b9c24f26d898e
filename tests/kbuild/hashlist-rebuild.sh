#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Kbuild of the list of module hashes on a built kernel tree (CONFIG_MODULE_HASH_LIST):
# a make with nothing changed rewrites nothing (vmlinux, the boot image, the modules
# and modules.hashlist keep their time stamps); one source line of a module changed,
# make rebuilds the module, lists its new hash in vmlinux (the old one gone, the other
# modules' entries kept), makes the boot image again and leaves the modules no older
# than vmlinux (Makefile.modfinal would redo their BTF otherwise); then again nothing
# on a second make.  Changes SRC (a scratch tree: check-reproducible's second build).
# Prints TAP; exit status 0 only if all passed.
#
# Usage: tests/kbuild/hashlist-rebuild.sh SRC OBJ CONFIG_FRAGMENT...
#   (SRC, OBJ: a tree built by mk/kernel.sh with those fragments)

set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	awk 'NR > 2 && !/^#/ { exit } NR > 2 { sub(/^# ?/, ""); print }' "$0"
	exit 0
fi
(($# >= 3)) || { echo "Usage: $0 SRC OBJ CONFIG_FRAGMENT...  (see --help)" >&2; exit 2; }
top=$(cd -- "$(dirname -- "$0")/../.." && pwd)
src=$(cd -- "$1" && pwd) obj=$(cd -- "$2" && pwd)
shift 2
frags=("$@")
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
T=$(mktemp -d)
trap 'rm -rf -- "$T"' EXIT
tool=$obj/scripts/pgp-sign-module
mod=kernel/module/tests/modhash_small
image=$obj/arch/x86/boot/bzImage
build() { "$top/mk/kernel.sh" --ksrc "$src" --obj "$obj" --mods "$obj-mods" "${frags[@]}" >>"$T/make.log" 2>&1; }
# stamps: the time stamps of what the list touches
stamps() {
	stat -c '%n %.9Y' "$obj/vmlinux" "$image" "$obj/modules.hashlist" "$obj"/kernel/module/tests/*.ko
}
listed() { "$tool" --hash-list "$image" "$@" >"$T/listed.out" 2>&1; }

echo "1..8"
grep -q '^CONFIG_MODULE_HASH_LIST=y' "$obj/.config" ||
	{ echo "Bail out! $obj: not a kernel with CONFIG_MODULE_HASH_LIST"; exit 1; }
strip --strip-debug -o "$T/old.ko" "$obj/$mod.ko"
strip --strip-debug -o "$T/big.ko" "$obj/kernel/module/tests/modhash_big.ko"
check "before: the module (stripped) is in the list of the boot image" listed "$T/old.ko"
stamps >"$T/s0"
sleep 1
check "make with nothing changed succeeds" build
stamps >"$T/s1"
check "... and rewrites nothing (vmlinux, boot image, list and modules keep their time stamps)" \
	cmp "$T/s0" "$T/s1"

sed -i 's/listed by the build that made it/listed by the rebuild that made it/' "$src/$mod.c"
grep -q 'listed by the rebuild' "$src/$mod.c" || { echo "Bail out! $mod.c: no line to change"; exit 1; }
t0=$(date +%s)
check "one source line of $mod.c changed: make succeeds" build
strip --strip-debug -o "$T/new.ko" "$obj/$mod.ko"
check "the rebuilt module is listed in the new boot image, the old one no longer, the other module still ($(($(date +%s) - t0)) s)" \
	eval 'listed "$T/new.ko" "$T/big.ko" && ! listed "$T/old.ko"'
check "vmlinux, the modules and the list share one time stamp, the boot image is newer" \
	eval 'v=$(stat -c %.9Y "$obj/vmlinux"); for f in "$obj/modules.hashlist" "$obj"/kernel/module/tests/*.ko; do [[ $(stat -c %.9Y "$f") == "$v" ]] || exit 1; done; [[ "$image" -nt "$obj/vmlinux" ]]'
stamps >"$T/s2"
sleep 1
check "a second make: nothing rewritten" eval 'build && stamps >"$T/s3" && cmp "$T/s2" "$T/s3"'
check "make modules_install INSTALL_MOD_STRIP=1: every installed module as vmlinux lists it (HASHCHK)" \
	eval 'make -s -C "$obj" INSTALL_MOD_STRIP=1 INSTALL_MOD_PATH="$T/inst" modules_install >>"$T/make.log" 2>&1'
((failed)) && sed 's/^/# /' "$T/make.log" | tail -n 20
((failed == 0))
