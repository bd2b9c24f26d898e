#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest cases of the list of the build's module hashes (CONFIG_MODULE_HASH_LIST):
# the kernel's own modules, installed by "make modules_install" (stripped, .ko.xz), load
# with no signature; the same module from a second build with one source line changed, a
# module of the build with one byte changed, stripped further or not stripped as
# installed, and an out-of-tree module claiming "intree=Y" are refused when enforcing
# (tainting otherwise), with the kernel's message naming why; an unsigned out-of-tree
# module is refused, one signed by a trusted OpenPGP key loads; a listed module whose
# hash is blacklisted is refused; under lockdown (raised at run time, last) listed
# modules still load.  Called by tests/qemu/make-cases.sh (and mk/check-reproducible.sh
# for a kernel without OpenPGP); does nothing for a kernel without the option.
set -euo pipefail
prog=cases-hashlist.sh

usage() {
	cat <<'EOF'
Usage: tests/qemu/cases-hashlist.sh OBJDIR MODULE OUTDIR

OBJDIR is the kernel build (built with INSTALL_MOD_STRIP=1, as mk/kernel.sh does),
MODULE an out-of-tree module built for it (pgptest.ko), OUTDIR the case directory of
tests/qemu/make-cases.sh: writes OUTDIR/mods/hl-* and appends to OUTDIR/cases.list.
With CONFIG_MODULE_SIG_PGP, KEYS_DIR must name the tests/qemu/make-keys.sh output (a
trusted key signs; the build's X.509 key signs the blacklist entry, which needs
CONFIG_SYSTEM_BLACKLIST_AUTH_UPDATE).  The second build (one source line of
kernel/module/tests/modhash_small.c changed) is a single-module build in a scratch
object directory of a hard-linked copy of the source tree (its log:
OUTDIR/hashlist-rebuild.log).  For a cross-built kernel set ARCH and CROSS_COMPILE as
for its build.
EOF
}
# shellcheck source=tests/qemu/cases-lib.sh
. "$(dirname "$0")/cases-lib.sh"
cases_args "$@"
grep -q '^CONFIG_MODULE_HASH_LIST=y' "$obj/.config" || exit 0
grep -q '^CONFIG_MODULE_HASH_LIST_TEST_MODULES=m' "$obj/.config" ||
	{ echo "$prog: $obj: CONFIG_MODULE_HASH_LIST_TEST_MODULES=m is needed" >&2; exit 1; }
pgp=0
grep -q '^CONFIG_MODULE_SIG_PGP=y' "$obj/.config" && pgp=1
tool=$obj/scripts/pgp-sign-module
ksrc=$(readlink -f "$obj/source")
kver=$(<"$obj/include/config/kernel.release")
karch=${ARCH:-x86_64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# line EXPECT_PERMISSIVE EXPECT_ENFORCE PATH MODNAME SIGNER DESCRIPTION
line() {
	printf '%s|%s|%s|%s|%s|%s\n' "$@" >>"$list"
}
lc() { tr 'A-F' 'a-f' <<<"$1"; }
# script NAME LINE...: a shell script in the guest's /mods, for an "exec" case
script() {
	local name=$1
	shift
	printf '#!/bin/sh\n' >"$mods/$name"
	printf '%s\n' "$@" >>"$mods/$name"
	chmod +x "$mods/$name"
}

# ---- the modules as make modules_install installs them: stripped and xz-compressed ----
# (compression on the command line: the test kernel itself has none configured)
comp=(CONFIG_MODULE_COMPRESS=y CONFIG_MODULE_COMPRESS_XZ=y CONFIG_MODULE_COMPRESS_ALL=y)
make -C "$obj" ARCH="$karch" ${CROSS_COMPILE:+CROSS_COMPILE="$CROSS_COMPILE"} \
	INSTALL_MOD_PATH="$tmp/inst" INSTALL_MOD_STRIP=1 "${comp[@]}" modules_install \
	>"$out/hashlist-install.log" 2>&1 ||
	{ cat "$out/hashlist-install.log" >&2; echo "$prog: make modules_install failed" >&2; exit 1; }
inst=$tmp/inst/lib/modules/$kver
grep -q 'HASHCHK' "$out/hashlist-install.log" ||
	{ echo "$prog: modules_install did not check the modules against the list" >&2; exit 1; }
for m in modhash_small modhash_big; do
	[[ -f $inst/kernel/kernel/module/tests/$m.ko.xz ]] ||
		{ echo "$prog: $m.ko.xz not installed" >&2; exit 1; }
done
[[ -f $inst/modules.hashlist ]] || { echo "$prog: modules.hashlist not installed" >&2; exit 1; }
# modules_install without the build's INSTALL_MOD_STRIP stops, and a stopped install leaves
# no module a later step could pick up (neither stripped nor compressed)
if make -C "$obj" ARCH="$karch" ${CROSS_COMPILE:+CROSS_COMPILE="$CROSS_COMPILE"} \
	INSTALL_MOD_PATH="$tmp/bad" "${comp[@]}" modules_install >"$out/hashlist-install-bad.log" 2>&1; then
	echo "$prog: make modules_install without the build's INSTALL_MOD_STRIP did not stop" >&2
	exit 1
fi
grep -q 'modules not as vmlinux lists them' "$out/hashlist-install-bad.log" ||
	{ cat "$out/hashlist-install-bad.log" >&2; echo "$prog: the stopped install does not say why" >&2; exit 1; }
left=$(find "$tmp/bad" -name '*.ko*' | head -n 3)
[[ -z $left ]] || { echo "$prog: the stopped modules_install left modules behind: $left" >&2; exit 1; }
cp "$inst/kernel/kernel/module/tests/modhash_small.ko.xz" "$mods/hl-small.ko.xz"
xz -dc "$mods/hl-small.ko.xz" >"$mods/hl-small.ko"
xz -dc "$inst/kernel/kernel/module/tests/modhash_big.ko.xz" >"$mods/hl-big.ko"
# the host's view of the same: the tool with the kernel's code says it is listed
"$tool" --hash-list "$obj/vmlinux" -q "$mods/hl-small.ko" "$mods/hl-big.ko" \
	"$mods/hl-small.ko.xz" >"$tmp/check" ||
	{ cat "$tmp/check" >&2; echo "$prog: installed modules not in vmlinux's list" >&2; exit 1; }

line ok ok /mods/hl-small.ko modhash_small "" \
	"hash list: an in-tree module as installed (stripped), no signature, loads by its hash"
line ok ok /mods/hl-big.ko modhash_big "" \
	"hash list: the 1 MiB in-tree module as installed, no signature, loads by its hash"
if grep -q '^CONFIG_MODULE_DECOMPRESS=y' "$obj/.config"; then
	line ok ok /mods/hl-small.ko.xz modhash_small "" \
		"hash list: the installed .ko.xz, decompressed by the kernel, loads by its hash"
else
	# kmod decompresses when the kernel does not: the kernel hashes what it is given
	script hl-unxz.sh 'unxz -c /mods/hl-small.ko.xz > /tmp/hl-small-unxz.ko'
	line exec exec /mods/hl-unxz.sh - "" "hash list: the installed .ko.xz decompressed in the guest (busybox unxz, as kmod does)"
	line ok ok /tmp/hl-small-unxz.ko modhash_small "" \
		"hash list: that .ko.xz, decompressed in userspace, loads by its hash"
fi

# ---- modules of this build that are not as installed ----
cp "$obj/kernel/module/tests/modhash_small.ko" "$mods/hl-unstripped.ko"
line taint EKEYREJECTED /mods/hl-unstripped.ko modhash_small "" \
	"hash list: the same module from the build tree, not stripped as installed: not listed, unsigned"
"${CROSS_COMPILE:-}strip" --strip-unneeded -o "$mods/hl-stripmore.ko" "$mods/hl-small.ko"
line taint EKEYREJECTED /mods/hl-stripmore.ko modhash_small "" \
	"hash list: the installed module stripped further after the build: not listed, unsigned"
cp "$mods/hl-small.ko" "$mods/hl-byte.ko"
python3 "$top/tests/elfedit.py" flip "$mods/hl-byte.ko" .rodata >/dev/null
line taint EKEYREJECTED /mods/hl-byte.ko modhash_small "" \
	"hash list: the installed module with one byte of .rodata changed: not listed, unsigned"
script hl-why.sh "dmesg | grep -q \"modhash: Module hash \$1 is not in this kernel's list: not a module of its build as installed (changed, stripped or rebuilt since)\""
why=$("$tool" --hash-list "$obj/vmlinux" "$mods/hl-byte.ko" | sed -n 's/.*(sha256 \([0-9A-F]*\)).*/\1/p') ||
	true	# (not listed: exit 1)
[[ -n $why ]] || { echo "$prog: no hash for hl-byte.ko" >&2; exit 1; }
line exec exec /mods/hl-why.sh - "$(lc "$why")" \
	"hash list: the kernel's message names the changed module's hash and why it is refused"
# the checks themselves, on what they must not take ("not:" inverts a case)
line not:ok not:ok /mods/hl-byte.ko modhash_small "" \
	"self-test: the changed module is not taken for a listed one"
line not:taint not:EKEYREJECTED /mods/hl-small.ko modhash_small "" \
	"self-test: the listed module is not taken for an unsigned one"
line not:exec not:exec /mods/hl-why.sh - "$(lc "$("$tool" --hash-list "$obj/vmlinux" "$mods/hl-small.ko" |
	sed -n 's/.*(sha256 \([0-9A-F]*\)).*/\1/p')")" \
	"self-test: no such message for the listed module"

# ---- the same module from a second build, one source line changed ----
src2=$tmp/src2 obj2=$tmp/obj2
cp -al "$ksrc" "$src2"
sed 's/listed by the build that made it/listed by another build/' \
	"$ksrc/kernel/module/tests/modhash_small.c" >"$tmp/modhash_small.c"
cmp -s "$tmp/modhash_small.c" "$ksrc/kernel/module/tests/modhash_small.c" &&
	{ echo "$prog: the source line to change was not found" >&2; exit 1; }
rm "$src2/kernel/module/tests/modhash_small.c"
cp "$tmp/modhash_small.c" "$src2/kernel/module/tests/modhash_small.c"
mkdir -p "$obj2"
cp "$obj/.config" "$obj2/.config"
export KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-'2024-11-17 00:00:00 UTC'}
cc=${CROSS_COMPILE:-}gcc
command -v ccache >/dev/null && cc="ccache $cc"
if ! make -s -C "$src2" O="$obj2" ARCH="$karch" ${CROSS_COMPILE:+CROSS_COMPILE="$CROSS_COMPILE"} \
	CC="$cc" KBUILD_MODPOST_WARN=1 -j2 olddefconfig kernel/module/tests/modhash_small.ko \
	>"$out/hashlist-rebuild.log" 2>&1; then
	tail -n 20 "$out/hashlist-rebuild.log" >&2
	echo "$prog: the second build failed" >&2
	exit 1
fi
"${CROSS_COMPILE:-}strip" --strip-debug -o "$mods/hl-rebuilt.ko" \
	"$obj2/kernel/module/tests/modhash_small.ko"
cmp -s "$mods/hl-rebuilt.ko" "$mods/hl-small.ko" &&
	{ echo "$prog: the second build gave the same module" >&2; exit 1; }
line taint EKEYREJECTED /mods/hl-rebuilt.ko modhash_small "" \
	"hash list: the same module from a second build with one source line changed (stripped): not listed"

# ---- out-of-tree modules ----
cp "$module" "$mods/hl-oot.ko"
line taint EKEYREJECTED /mods/hl-oot.ko pgptest "" \
	"hash list on: an out-of-tree module, unsigned: unsigned (never looked up)"
cp "$module" "$mods/hl-claims.ko"
python3 - "$mods/hl-claims.ko" <<'PY'
import sys
p = sys.argv[1]
d = bytearray(open(p, 'rb').read())
# the out-of-tree module's empty "depends=" entry of .modinfo becomes "intree=Y"
i = d.find(b'\0depends=\0')
assert i >= 0
d[i + 1:i + 10] = b'intree=Y\0'
open(p, 'wb').write(d)
PY
line taint EKEYREJECTED /mods/hl-claims.ko pgptest "" \
	"hash list: an out-of-tree module that claims intree=Y: hashed, not listed, unsigned"
if ((pgp)); then
	keys=${KEYS_DIR:?KEYS_DIR must name the tests/qemu/make-keys.sh output}
	# shellcheck source=/dev/null
	. "$keys/keys.env"
	export GNUPGHOME=$keys/gnupg
	# the scripts run the program make-cases.sh named, else the one Kbuild built
	export PGP_SIGN_MODULE=${PGP_SIGN_MODULE:-$tool}
	cp "$module" "$mods/hl-oot-signed.ko"
	"$top/scripts/sign-module.sh" --quiet -u "$FPR_ed25519" --digest sha512 "$mods/hl-oot-signed.ko"
	line ok ok /mods/hl-oot-signed.ko pgptest "$(lc "$FPR_ed25519")" \
		"hash list on: an out-of-tree module signed by a trusted OpenPGP key loads with its signer"
	cp "$mods/hl-small.ko" "$mods/hl-small-signed.ko"
	"$top/scripts/sign-module.sh" --quiet -u "$FPR_rsa2048" --digest sha256 "$mods/hl-small-signed.ko"
	line ok ok /mods/hl-small-signed.ko modhash_small "$(lc "$FPR_rsa2048")" \
		"hash list: an in-tree module signed after the build by a trusted key loads by its signature"

	# ---- blacklisted: the listed hash of the 1 MiB module ----
	if grep -q '^CONFIG_SYSTEM_BLACKLIST_AUTH_UPDATE=y' "$obj/.config"; then
		[[ -x $mods/keyadd ]] ||
			"${CROSS_COMPILE:-}gcc" -static -O2 -Wall -o "$mods/keyadd" "$top/tests/qemu/keyadd.c"
		hex=$(sha256sum <"$mods/hl-big.ko" | cut -c1-64)
		printf 'bin:%s' "$hex" >"$tmp/desc"
		openssl smime -sign -nocerts -noattr -binary -md sha256 -outform DER -in "$tmp/desc" \
			-inkey "$obj/certs/signing_key.pem" -signer "$obj/certs/signing_key.pem" \
			-out "$mods/hl-big.p7s"
		line exec exec /mods/keyadd - "blacklist bin:$hex /mods/hl-big.p7s .blacklist" \
			"hash list: blacklist the listed hash of modhash_big (add_key, signed entry)"
		line EKEYREJECTED EKEYREJECTED /mods/hl-big.ko modhash_big "" \
			"hash list: a listed module whose hash is blacklisted is refused"
	fi
fi

# ---- lockdown, raised at run time (one way): the last cases of the boot ----
if grep -q '^CONFIG_SECURITY_LOCKDOWN_LSM=y' "$obj/.config"; then
	script hl-lockdown.sh 'echo integrity > /sys/kernel/security/lockdown' \
		'grep -q "\[integrity\]" /sys/kernel/security/lockdown'
	line exec exec /mods/hl-lockdown.sh - "" "lockdown=integrity raised at run time (the last cases)"
	line ok ok /mods/hl-small.ko modhash_small "" \
		"hash list under lockdown: the listed module loads"
	line EPERM EKEYREJECTED /mods/hl-oot.ko pgptest "" \
		"hash list under lockdown: an unsigned out-of-tree module is refused (EPERM; EKEYREJECTED when enforcing)"
	if ((pgp)); then
		line ok ok /mods/hl-oot-signed.ko pgptest "$(lc "$FPR_ed25519")" \
			"hash list under lockdown: the module signed by a trusted key loads"
	fi
fi
echo "$prog: $(grep -c '|/mods/hl-\||/tmp/hl-' "$list") hash list cases in $list"
