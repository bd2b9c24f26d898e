#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The DKMS flow, with Debian's real dkms: the out-of-tree module in
# tests/dkms/pgpdkms-1.0 is added, built against the test kernel's build tree
# and signed by dkms through its sign_file setting (scripts/sign-file-pgp.sh,
# with mok_signing_key naming the gpg key and mok_certificate the exported
# public key), then checked offline with verify-module.sh, and given to the
# guest as a case that must load with its signer in sysfs.  The scripts dkms
# runs sit beside the program they run, as a kernel's build tree (or a
# headers package) has them: PGP_SIGN_MODULE's program, Kbuild's for OBJDIR.
#
# dkms reads its signing settings only from /etc/dkms/framework.conf(.d); it
# runs here in a private mount namespace where a temporary directory is
# mounted on /etc/dkms, with a private dkms, source and install tree, so
# nothing on the host changes.
set -euo pipefail
prog=${0##*/}

usage() {
	cat <<'EOF'
Usage: tests/qemu/cases-dkms.sh OBJDIR OUTDIR

OBJDIR is the kernel build tree (with CONFIG_MODULE_SIG_PGP=y), OUTDIR the
case directory of tests/qemu/make-cases.sh: writes OUTDIR/mods/dkms-pgpdkms.ko
and appends its case to OUTDIR/cases.list.  KEYS_DIR names the
tests/qemu/make-keys.sh output (the Ed25519 key signs).  Needs root (a mount
namespace) and the dkms package.  The dkms log: OUTDIR/dkms.log.  For a
cross-built kernel set ARCH and CROSS_COMPILE as for its build: dkms runs
Kbuild, which reads both from the environment.
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -eq 2 ]] || { usage >&2; exit 2; }
obj=$(cd "$1" && pwd) out=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
keys=${KEYS_DIR:?KEYS_DIR must name the tests/qemu/make-keys.sh output}
. "$keys/keys.env"
command -v dkms >/dev/null || { echo "$prog: dkms not installed (make deps)" >&2; exit 1; }
[[ -f $obj/include/config/kernel.release ]] || { echo "$prog: $obj: not a built kernel tree" >&2; exit 1; }
kver=$(<"$obj/include/config/kernel.release")
# Kbuild (run by dkms) takes ARCH and CROSS_COMPILE from the environment.
[[ -z ${ARCH:-} ]] || export ARCH CROSS_COMPILE=${CROSS_COMPILE:-}
fpr=$FPR_ed25519
log=$out/dkms.log

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cases-dkms.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT
mkdir -p "$tmp/etc/framework.conf.d" "$tmp/var" "$tmp/src" "$tmp/modules/$kver"
cp -r "$top/tests/dkms/pgpdkms-1.0" "$tmp/src/"
# scripts/ of a kernel's build tree: the scripts and, beside them, the program
mkdir -p "$tmp/scripts"
cp "$top"/scripts/{sign-file-pgp,sign-module,verify-module}.sh "$tmp/scripts/"
cp "${PGP_SIGN_MODULE:-$obj/scripts/pgp-sign-module}" "$tmp/scripts/pgp-sign-module"
unset PGP_SIGN_MODULE

# The settings a site puts in /etc/dkms/framework.conf to sign with gpg.
printf 'key %s\nhomedir %s\n' "$fpr" "$keys/gnupg" >"$tmp/pgp-signing.key"
gpg --homedir "$keys/gnupg" --batch --export -- "$fpr" >"$tmp/pgp-signing.pgp"
cat >"$tmp/etc/framework.conf" <<EOF
dkms_tree="$tmp/var"
source_tree="$tmp/src"
install_tree="$tmp/modules"
sign_file="$tmp/scripts/sign-file-pgp.sh"
mok_signing_key="$tmp/pgp-signing.key"
mok_certificate="$tmp/pgp-signing.pgp"
EOF

# add + build + install (no depmod: the install tree is private) in the namespace
unshare --mount --propagation private bash -euo pipefail -c '
	mount --bind "$1/etc" /etc/dkms
	dkms add -m pgpdkms -v 1.0
	dkms build -m pgpdkms -v 1.0 -k "$2" --kernelsourcedir "$3"
	dkms install -m pgpdkms -v 1.0 -k "$2" --kernelsourcedir "$3" --no-depmod --force
	dkms status -m pgpdkms -k "$2"
' _ "$tmp" "$kver" "$obj" >"$log" 2>&1 || {
	echo "$prog: dkms failed (log: $log):" >&2
	tail -n 20 "$log" >&2
	exit 1
}

# dkms says it signed with our command and the module it installed verifies.
built=$tmp/modules/$kver/updates/dkms/pgpdkms.ko
if ! grep -q "^Sign command: $tmp/scripts/sign-file-pgp.sh" "$log" ||
   ! grep -q '^Signing module ' "$log" || grep -q "won't be signed" "$log"; then
	echo "$prog: dkms did not sign through sign-file-pgp.sh (log: $log)" >&2
	exit 1
fi
[[ -f $built ]] || { echo "$prog: $built: dkms installed no module (log: $log)" >&2; exit 1; }
"$tmp/scripts/verify-module.sh" --keyring "$tmp/pgp-signing.pgp" "$built" >>"$log" 2>&1 || {
	echo "$prog: $built: the module dkms signed does not verify (log: $log)" >&2
	exit 1
}
cp "$built" "$out/mods/dkms-pgpdkms.ko"
printf 'ok|ok|/mods/dkms-pgpdkms.ko|pgpdkms|%s|%s\n' "${fpr,,}" \
	"module built and signed by dkms $(dkms --version | sed 's/^dkms-//') (sign_file=sign-file-pgp.sh) loads with its signer" \
	>>"$out/cases.list"
echo "$prog: dkms built, signed and installed pgpdkms for $kver; verified"
