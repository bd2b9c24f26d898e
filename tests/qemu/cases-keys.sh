#!/usr/bin/env bash
# Guest cases of the keyrings: the built-in OpenPGP keys in .builtin_trusted_keys, run-time
# keys in .secondary_trusted_keys (the vendor flow), run-time and build-time revocation.
# Called by tests/qemu/make-cases.sh.
set -euo pipefail
prog=cases-keys.sh

usage() {
	cat <<'EOF_USAGE'
Usage: tests/qemu/cases-keys.sh OBJDIR MODULE OUTDIR

OBJDIR is the kernel build, MODULE the built test module (pgptest.ko), OUTDIR the case
directory of tests/qemu/make-cases.sh: writes OUTDIR/mods/{kr-*.ko,*.pgp,keyadd} and
appends the cases to OUTDIR/cases.list.  KEYS_DIR must name the tests/qemu/make-keys.sh
output (its runtime/ certificates).

In each boot, in this order: /proc/keys lists the built-in keys (fingerprint, user ID);
root cannot take a built-in key out of its keyring; the vendor's module is refused until
the vendor's certificate (certified by the built-in distro key) is added with add_key(2)
("keyctl padd asymmetric '' %:.secondary_trusted_keys"), then loads with the vendor as
signer; a certified signing subkey joins by a second add and its module loads;
certificates certified by nobody, by an untrusted key or by a built-in key after it
expired are refused, and so are their modules; a built-in key cannot be added again; a
vendor key and a built-in key revoked at run time (their revocation certificate added
the same way) refuse every later module, and the vendor's certificate cannot come back;
a key listed in CONFIG_PGP_KEYS_REVOKED refuses its modules.
EOF_USAGE
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -eq 3 ]] || { usage >&2; exit 2; }
obj=$(cd "$1" && pwd) module=$2 out=$(cd "$3" && pwd)
keys=${KEYS_DIR:?KEYS_DIR must name the tests/qemu/make-keys.sh output}
top=$(cd "$(dirname "$0")/../.." && pwd)
list=$out/cases.list mods=$out/mods
[[ -f $list && -d $mods ]] || { echo "$prog: $out: no cases.list or mods/" >&2; exit 1; }
[[ -d $keys/runtime ]] || { echo "$prog: $keys/runtime: no run-time certificates" >&2; exit 1; }
# shellcheck source=/dev/null
. "$keys/keys.env"
export GNUPGHOME=$keys/gnupg

# case EXPECT_PERMISSIVE EXPECT_ENFORCE FILE SIGNER DESCRIPTION
case_line() {
	printf '%s|%s|/mods/%s|pgptest|%s|%s\n' "$1" "$2" "$3" "$4" "$5" >>"$list"
}
lc() { tr 'A-F' 'a-f' <<<"$1"; }
sign() { # sign OUT KEY
	cp "$module" "$mods/$1"
	"$top/scripts/sign-module.sh" --quiet -u "$2" --digest sha256 "$mods/$1"
}
# add CERT EXPECT DESCRIPTION: add_key(2) of runtime/CERT.pgp to .secondary_trusted_keys;
# EXPECT "ok" or the errno add_key must fail with
add() {
	local opt=
	[[ $2 == ok ]] || opt="--expect $2 "
	cp "$keys/runtime/$1.pgp" "$mods/$1.pgp"
	printf 'exec|exec|/mods/keyadd|-|%sasymmetric "" /mods/%s.pgp .secondary_trusted_keys|%s\n' \
		"$opt" "$1" "$3" >>"$list"
}
listing() { # listing WORDS DESCRIPTION: a line of /proc/keys holds every word
	printf 'listing|listing|/proc/keys|-|%s|%s\n' "$1" "$2" >>"$list"
}

# keyadd (a guest program) is built by tests/qemu/cases-loader.sh when it runs first
[[ -x $mods/keyadd ]] ||
	"${CROSS_COMPILE:-}gcc" -static -O2 -Wall -o "$mods/keyadd" "$top/tests/qemu/keyadd.c"

uid() { echo "<$1@pgp-modsign.test>:"; }
# ---- the built-in keys in .builtin_trusted_keys ----
listing "$(uid distro) $(lc "$FPR_distro"): OpenPGP $(lc "$FPR_distro") eddsa255 primary usable" \
	"/proc/keys: the built-in distro key with its user ID and fingerprint"
listing "$(uid sub) $(lc "$FPR_subkey"): OpenPGP $(lc "$FPR_subkey") rsa2048 subkey usable" \
	"/proc/keys: a built-in signing subkey, by its own fingerprint"
listing "$(uid revoked) $(lc "$FPR_revoked") rsa2048 primary revoked" \
	"/proc/keys: the built-in key revoked in the keyring file, as revoked"
listing "$(lc "$FPR_bdrev") primary revoked" \
	"/proc/keys: the key revoked by CONFIG_PGP_KEYS_REVOKED, as revoked"
printf 'exec|exec|/mods/keyadd|-|--remove %s .builtin_trusted_keys|%s\n' "$(lc "$FPR_distro"):" \
	"root cannot unlink, invalidate or revoke a built-in key" >>"$list"

# ---- the vendor flow ----
sign kr-vendor.ko "$FPR_vendor"
case_line taint EKEYREJECTED kr-vendor.ko "" "vendor's module before its key is added: unknown key"
add vendor ok "add the vendor's certificate (certified by the built-in distro key)"
case_line ok ok kr-vendor.ko "$(lc "$FPR_vendor")" "vendor's module loads, signed by the vendor"
listing "$(uid vendor) $(lc "$FPR_vendor"): OpenPGP $(lc "$FPR_vendor") primary usable" \
	"/proc/keys: the vendor's key in .secondary_trusted_keys"
# a certify-only primary certified by distro, then its signing subkey (rotation)
sign kr-rotate.ko "$FPR_rotatesub!"
add rotate ok "add a certify-only vendor primary (certified by distro)"
case_line taint EKEYREJECTED kr-rotate.ko "" "its subkey's module before the subkey is added"
add rotate ok "add the same certificate again: its signing subkey, bound by the trusted primary"
case_line ok ok kr-rotate.ko "$(lc "$FPR_rotatesub")" "the subkey's module loads, signed by the subkey"
listing "$(lc "$FPR_rotatesub"): OpenPGP $(lc "$FPR_rotatesub") eddsa255 subkey usable" \
	"/proc/keys: the run-time subkey"

# ---- what no trusted key vouches for ----
sign kr-uncert.ko "$FPR_uncert"
add uncert ENOKEY "a certificate certified by nobody is refused (ENOKEY)"
case_line taint EKEYREJECTED kr-uncert.ko "" "its module: unknown key"
sign kr-roguecert.ko "$FPR_roguecert"
add roguecert ENOKEY "a certificate certified by an untrusted key is refused (ENOKEY)"
case_line taint EKEYREJECTED kr-roguecert.ko "" "its module: unknown key"
sign kr-latecert.ko "$FPR_latecert"
add latecert EKEYREJECTED "certified by a built-in key after that key expired: refused (EKEYREJECTED)"
case_line taint EKEYREJECTED kr-latecert.ko "" "its module: unknown key"
add rsa2048-certified EKEYREJECTED \
	"a built-in key cannot be added again (replaced) even when a trusted key certified it"

# ---- revocation at run time ----
sign kr-revvendor.ko "$FPR_revvendor"
add revvendor ok "add a second vendor's certificate (certified by distro)"
case_line ok ok kr-revvendor.ko "$(lc "$FPR_revvendor")" "its module loads"
add revvendor-revoked ok "add its revocation certificate (0x20 by the vendor's primary)"
case_line EKEYREJECTED EKEYREJECTED kr-revvendor.ko "" "after the revocation its module is refused"
listing "$(lc "$FPR_revvendor") primary revoked" "/proc/keys: the vendor's key is listed revoked"
add revvendor EKEYREJECTED "the vendor's certificate without the revocation cannot come back"
sign kr-brt.ko "$FPR_brt"
case_line ok ok kr-brt.ko "$(lc "$FPR_brt")" "a built-in key's module loads"
add brt-revoked ok "add the built-in key's revocation certificate"
case_line EKEYREJECTED EKEYREJECTED kr-brt.ko "" "after the revocation the built-in key's module is refused"
# ---- revocation at build time (CONFIG_PGP_KEYS_REVOKED) ----
sign kr-bdrev.ko "$FPR_bdrev"
case_line EKEYREJECTED EKEYREJECTED kr-bdrev.ko "" \
	"a key listed in CONFIG_PGP_KEYS_REVOKED: its module is refused"

echo "$prog: $(grep -c . "$list") cases in $list"
