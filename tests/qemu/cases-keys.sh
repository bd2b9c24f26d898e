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
What any user can do: an unprivileged user's hostile certificates of up to 1 MiB
(tests/vectors/hostile.py) added to their own keyring are refused by the parser's limits
(E2BIG) or its key policy; a revocation they add to a keyring of their own restricted
with builtin_and_secondary_trusted revokes nothing (the vendor's module still loads).
A vendor that binds and revokes 1030 throw-away subkeys fills nothing: the built-in key's
revocation after them still takes effect.  A certification the distro takes back (0x30)
stays taken back: the vendor's module is refused, and the certificate without the 0x30
cannot come back.
EOF_USAGE
}
# shellcheck source=tests/qemu/cases-lib.sh
. "$(dirname "$0")/cases-lib.sh"
cases_args --keys "$@"
[[ -d $keys/runtime ]] || { echo "$prog: $keys/runtime: no run-time certificates" >&2; exit 1; }
# shellcheck source=/dev/null
. "$keys/keys.env"
export GNUPGHOME=$keys/gnupg

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
# keyadd_case EXPECT ARGS DESCRIPTION: a keyadd run (ARGS) in each boot
keyadd_case() {
	local opt=
	[[ $1 == ok ]] || opt="--expect $1 "
	printf 'exec|exec|/mods/keyadd|-|%s|%s\n' "${opt}$2" "$3" >>"$list"
}
# A GnuPG home of its own for the keys made here (a copy of the test keys' home, so that
# distro certifies): the shared one stays as tests/qemu/make-keys.sh made it.
kr=$(mktemp -d)
trap 'gpgconf --homedir "$kr/gnupg" --kill gpg-agent 2>/dev/null || true; rm -rf "$kr"' EXIT
cp -a "$keys/gnupg" "$kr/gnupg"
krg() { GNUPGHOME=$kr/gnupg gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" 2>/dev/null; }
krfpr() { GNUPGHOME=$kr/gnupg gpg --batch --with-colons --list-keys "$1" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }'; }

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

# ---- what any user can make the key parser do: limits, key policy (uid 1000, @u) ----
# (at most 64 KiB: the X.509 parser, tried first, claims anything larger with EMSGSIZE)
python3 "$top/tests/vectors/hostile.py" shapes "$kr/hostile" 65535
python3 "$top/tests/vectors/hostile.py" shapes "$kr/hostile-1m"
mkdir -p "$mods/hostile"
cp "$kr/hostile-1m/certs.pgp" "$mods/hostile/certs-1m.pgp"
keyadd_case EMSGSIZE "--uid 1000 asymmetric \"\" /mods/hostile/certs-1m.pgp @u" \
	"an unprivileged user's certificate of 1 MiB: the X.509 parser claims it (EMSGSIZE)"
for name in certs certs-revs rsa-selfsigs dsa-selfsigs p521-selfsigs subkeys uids long-uid \
	rsa-hugee junk-sigs checks-65 checks-64; do
	cp "$kr/hostile/$name.pgp" "$mods/hostile/"
	what=$(sed -n "s/^$name [A-Z0-9]* //p" "$kr/hostile/shapes.txt")
	expect=$(awk -v n="$name" '$1 == n { print $2 }' "$kr/hostile/shapes.txt")
	# into a keyring of the user's own, unrestricted: what no limit refuses is added
	[[ $expect == ENOKEY ]] && expect=ok
	keyadd_case "$expect" "--uid 1000 asymmetric \"\" /mods/hostile/$name.pgp @u" \
		"an unprivileged user's certificate, $what: $expect"
done

# ---- revocation at run time ----
sign kr-revvendor.ko "$FPR_revvendor"
add revvendor ok "add a second vendor's certificate (certified by distro)"
case_line ok ok kr-revvendor.ko "$(lc "$FPR_revvendor")" "its module loads"
# a user's keyring restricted like the secondary one runs verify_signature(): nothing recorded
cp "$keys/runtime/revvendor-revoked.pgp" "$mods/revvendor-revoked.pgp"
keyadd_case ok "--uid 1000 asymmetric \"\" /mods/revvendor-revoked.pgp restricted:builtin_and_secondary_trusted" \
	"an unprivileged user adds the vendor's revocation to a keyring of their own (builtin_and_secondary_trusted)"
case_line ok ok kr-revvendor.ko "$(lc "$FPR_revvendor")" "the vendor's module still loads: that revoked nothing"
add revvendor-revoked ok "add its revocation certificate (0x20 by the vendor's primary)"
case_line EKEYREJECTED EKEYREJECTED kr-revvendor.ko "" "after the revocation its module is refused"
listing "$(lc "$FPR_revvendor") primary revoked" "/proc/keys: the vendor's key is listed revoked"
add revvendor EKEYREJECTED "the vendor's certificate without the revocation cannot come back"

# ---- a certification taken back (0x30) stays so until reboot ----
krg --quick-gen-key "pgp-modsign test vendor3 <vendor3@pgp-modsign.test>" ed25519 sign never
v3=$(krfpr "<vendor3@pgp-modsign.test>")
krg -u "$FPR_distro" --quick-sign-key "$v3"
GNUPGHOME=$kr/gnupg gpg --batch --export "$v3" >"$mods/vendor3.pgp"
krg --quick-revoke-sig "$v3" "$FPR_distro"
GNUPGHOME=$kr/gnupg gpg --batch --export "$v3" >"$mods/vendor3-certrev.pgp"
cp "$module" "$mods/kr-vendor3.ko"
GNUPGHOME=$kr/gnupg "$top/scripts/sign-module.sh" --quiet -u "$v3" --digest sha256 "$mods/kr-vendor3.ko"
v3add() { # v3add CERT EXPECT DESCRIPTION
	keyadd_case "$2" "asymmetric \"\" /mods/$1.pgp .secondary_trusted_keys" "$3"
}
v3add vendor3 ok "add a third vendor's certificate (certified by distro)"
case_line ok ok kr-vendor3.ko "$(lc "$v3")" "its module loads"
v3add vendor3-certrev ok "add its certificate with distro's certification revocation (0x30)"
case_line EKEYREJECTED EKEYREJECTED kr-vendor3.ko "" "the certification taken back: its module is refused"
listing "$(lc "$v3"): certification by $(lc "$FPR_distro") revoked: OpenPGP $(lc "$v3") eddsa255 primary certification-revoked by $(lc "$FPR_distro")" \
	"/proc/keys: the certification taken back, by distro"
v3add vendor3 ENOKEY "the certificate without the 0x30 cannot come back (no trusted key vouches)"
case_line EKEYREJECTED EKEYREJECTED kr-vendor3.ko "" "its module stays refused"

# ---- throw-away subkeys a vendor binds and revokes take no room (the store has 1024) ----
if [[ -z ${DEMO:-} ]]; then
	python3 "$top/tests/vectors/hostile.py" throwaway "$kr/tw" 1030
	krg --import "$kr/tw/tw-vendor.pgp"
	tw=$(krfpr "<tw@example.org>")
	krg -u "$FPR_distro" --quick-sign-key "$tw"
	GNUPGHOME=$kr/gnupg gpg --batch --export "$tw" >"$kr/twv.pgp"
	cp "$kr/twv.pgp" "$mods/twv.pgp"
	mkdir -p "$mods/tw"
	: >"$mods/tw.list"
	for ((i = 1; i <= 1030; i++)); do
		cat "$kr/twv.pgp" "$kr/tw/tw-$i.pgp" >"$mods/tw/$i.pgp"
		echo "0 - /mods/tw/$i.pgp" >>"$mods/tw.list"
	done
	keyadd_case ok "asymmetric \"\" /mods/twv.pgp .secondary_trusted_keys" \
		"add a vendor's certificate (certified by distro)"
	keyadd_case ok "--each /mods/tw.list .secondary_trusted_keys" \
		"add it 1030 times with one more throw-away subkey it binds and revokes: each accepted, nothing recorded"
fi
sign kr-brt.ko "$FPR_brt"
case_line ok ok kr-brt.ko "$(lc "$FPR_brt")" "a built-in key's module loads"
add brt-revoked ok "add the built-in key's revocation certificate"
case_line EKEYREJECTED EKEYREJECTED kr-brt.ko "" "after the revocation the built-in key's module is refused"
# ---- revocation at build time (CONFIG_PGP_KEYS_REVOKED) ----
sign kr-bdrev.ko "$FPR_bdrev"
case_line EKEYREJECTED EKEYREJECTED kr-bdrev.ko "" \
	"a key listed in CONFIG_PGP_KEYS_REVOKED: its module is refused"

echo "$prog: $(grep -c . "$list") cases in $list"
