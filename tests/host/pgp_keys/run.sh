#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of the built-in OpenPGP keyring, security/pgp_keys (TAP).
set -euo pipefail

usage() {
	cat <<'USAGE'
Usage: tests/host/pgp_keys/run.sh [--keep]

Builds, with ASan and UBSan through tests/compat, the KUnit suite
security/pgp_keys/tests/keyring_kunit.c (run on the host), the boot glue
(security/pgp_keys/keyring.c) and keyring_test.c, a driver for the keyring
parser (security/pgp_keys/keyring_parse.c) that tests/host/module/run.sh
uses for the loader check, then:
  * runs the driver with the in-kernel maths and with the OpenSSL oracle of
    tests/compat, which must agree on every answer;
  * makes real keyrings with gpg (good key, certify-only primary with a
    signing subkey, no self-signature, bad self-signature, subkey without or
    with a bad back-signature, subkey without the sign flag, revoked primary,
    revoked subkey, bogus revocation, expired key and subkey judged at the
    signature time, SHA-1 self-signature and DSA-1024 with and without the
    legacy option, Ed25519, revoked user ID, repeated certificates,
    truncation) and checks the listing and lookups;
  * runs the boot glue on certs/pgp_keyring.S assembled around a keyring: boot log lines,
    securityfs listing, and an out-of-memory failure at each allocation (no
    key may be trusted then);
  * converts binary and armoured keyrings as the kernel build does
    (certs/pgp-keyring-bin.sh, with and without gpg) and checks that
    certs/pgp_keyring_check.c refuses secret keys and every keyring the kernel would
    not read completely.
Prints TAP ("ok N - ...", plan "1..N"); exits non-zero on any failure.
Environment: CC (default clang, else gcc).  --keep keeps the work directory.
USAGE
}

top=$(cd "$(dirname "$0")/../../.." && pwd)
here=$top/tests/host/pgp_keys
# shellcheck source=tests/lib/plan.sh
. "$top/tests/lib/plan.sh"
# (the options, the work directory $tmp and its cleanup)
# shellcheck source=tests/lib/keyring-host.sh
. "$top/tests/lib/keyring-host.sh" "$@"
plan_first 148

# ---- build ----
if build_driver >"$tmp/build-driver.log" 2>&1; then
	ok "build keyring_test ($cc, ASan+UBSan, ${#pgp_srcs[@]} crypto/pgp files)"
else
	notok "build keyring_test ($cc, ASan+UBSan)"
	diag <"$tmp/build-driver.log"
	plan_check
	exit 1
fi

# ---- the KUnit suite on the host ----
kunit pgp_keys "$top/security/pgp_keys/tests/keyring_kunit.c" \
	"$top/security/pgp_keys/keyring_parse.c"

# kt (tests/lib/keyring-host.sh) runs the driver with the in-kernel maths and with the
# OpenSSL oracle; the boot glue below is built with the same maths.
algs=("${kmath[@]}")
if build_driver_kmath >"$tmp/build-kmath.log" 2>&1; then
	ok "build keyring_test with the in-kernel maths (${#kmath[@]} files)"
else
	notok "build keyring_test with the in-kernel maths"
	diag <"$tmp/build-kmath.log"
	cp "$tmp/keyring_test" "$tmp/keyring_test_kmath"
	algs=("$top/tests/compat/stubs/algs_openssl.c")
fi
# self-test of the harness itself: a TAP plan with fewer results than planned fails
selftest=$( (n=0; plan_first 3 >/dev/null; echo "ok 1"; echo "ok 2"; n=2; plan_check; echo "rc=$?") 2>&1)
if [[ $selftest == *"not ok 3 - TAP plan: 3 results planned, 2 made"*"rc=1" ]]; then
	ok "self-test: a run with fewer results than its TAP plan fails (tests/lib/plan.sh)"
else
	notok "self-test: a run with fewer results than its TAP plan fails (tests/lib/plan.sh)"
	diag <<<"$selftest"
fi

# ---- keys ----
make_keys
revoke_keys
export_keys

# ---- keyring: good keys ----
expect "good dsa2048 key: listed usable with its user ID" \
	"$G dsa 2048 usable primary \"Good Key <good@example.org>\"
count 1" kt "$k/G.gpg" list
expect "good key: lookup by fingerprint" "0 $G" kt "$k/G.gpg" lookup "$G" "$now"
expect "good key: lookup by key ID" "0 $G" kt "$k/G.gpg" lookup "${G:24}" "$now"
expect "good key: unknown fingerprint -> ENOKEY" "ENOKEY" kt "$k/G.gpg" lookup "$U" "$now"
expect "good key: signature older than the key -> EKEYEXPIRED" "EKEYEXPIRED" \
	kt "$k/G.gpg" lookup "$G" "$t2019"

expect "certify-only primary + signing subkey: auth subkey skipped" \
	"$S rsa 2048 certify-only primary \"Sub Primary <sub@example.org>\"
$SS rsa 2048 usable subkey-of-$S \"Sub Primary <sub@example.org>\"
count 2" kt "$k/S.gpg" list
expect "signing subkey: lookup -> usable" "0 $SS" kt "$k/S.gpg" lookup "$SS" "$now"
expect "certify-only primary may not sign -> ENOKEY" "ENOKEY" kt "$k/S.gpg" lookup "$S" "$now"
expect "subkey without the sign flag (auth) -> ENOKEY" "ENOKEY" kt "$k/S.gpg" lookup "$SA" "$now"

# ---- keyring: broken self-signatures and bindings ----
python3 "$here/pktedit.py" "$k/G.gpg" "$k/G-noself.gpg" --drop-sigtype 13
expect "primary without self-signature: skipped" "count 0" kt "$k/G-noself.gpg" list
python3 "$here/pktedit.py" "$k/G.gpg" "$k/G-badself.gpg" --corrupt-sigtype 13
expect "primary with a bad self-signature: skipped" "count 0" kt "$k/G-badself.gpg" list
python3 "$here/pktedit.py" "$k/S.gpg" "$k/S-noself.gpg" --drop-sigtype 13
expect "subkeys of a primary without self-signature: skipped too" "count 0" \
	kt "$k/S-noself.gpg" list
python3 "$here/pktedit.py" "$k/S.gpg" "$k/S-noback.gpg" --strip-backsig
expect_grep "subkey without back-signature: skipped, primary kept" "^count 1$" \
	kt "$k/S-noback.gpg" list
expect "subkey without back-signature: lookup -> ENOKEY" "ENOKEY" \
	kt "$k/S-noback.gpg" lookup "$SS" "$now"
python3 "$here/pktedit.py" "$k/S.gpg" "$k/S-badback.gpg" --corrupt-backsig
expect "subkey with a bad back-signature: lookup -> ENOKEY" "ENOKEY" \
	kt "$k/S-badback.gpg" lookup "$SS" "$now"
python3 "$here/pktedit.py" "$k/S.gpg" "$k/S-badbind.gpg" --corrupt-sigtype 18
expect "subkey with a bad binding signature: lookup -> ENOKEY" "ENOKEY" \
	kt "$k/S-badbind.gpg" lookup "$SS" "$now"
python3 "$here/pktedit.py" "$k/S.gpg" "$k/S-nobind.gpg" --drop-sigtype 18
expect_grep "subkey without binding signature: skipped" "^count 1$" kt "$k/S-nobind.gpg" list

# ---- keyring: revocation ----
expect_grep "revoked primary: listed as revoked" "^$R rsa 2048 revoked primary " \
	kt "$k/R.gpg" list
expect "revoked primary: lookup -> EKEYREVOKED" "EKEYREVOKED" kt "$k/R.gpg" lookup "$R" "$now"
expect "subkey of a revoked primary: lookup -> EKEYREVOKED" "EKEYREVOKED" \
	kt "$k/R.gpg" lookup "$RS" "$now"
python3 "$here/pktedit.py" "$k/R.gpg" "$k/R-badrev.gpg" --corrupt-sigtype 20
expect "revocation that does not verify is ignored" "0 $R" \
	kt "$k/R-badrev.gpg" lookup "$R" "$now"
expect "revoked subkey: lookup -> EKEYREVOKED" "EKEYREVOKED" kt "$k/V.gpg" lookup "$VS" "$now"
expect "primary of a revoked subkey stays usable" "0 $V" kt "$k/V.gpg" lookup "$V" "$now"
# a revocation appended after the key (as "cat key.gpg revocation.sig" gives)
gpg --batch --dearmor <"$tmp/rev.asc" >"$k/rev.sig" 2>/dev/null
python3 "$here/pktedit.py" "$k/R.gpg" "$k/R-unrevoked.gpg" --drop-sigtype 20
cat "$k/R-unrevoked.gpg" "$k/rev.sig" >"$k/R-appended.gpg"
expect "without its revocation the key is usable" "0 $R" \
	kt "$k/R-unrevoked.gpg" lookup "$R" "$now"
expect "revocation certificate appended after the key: EKEYREVOKED" "EKEYREVOKED" \
	kt "$k/R-appended.gpg" lookup "$R" "$now"
cat "$k/R-unrevoked.gpg" "$k/R.gpg" >"$k/R-twice.gpg"
expect_grep "old export + newer revoked export: stored once" "^count 2$" \
	kt "$k/R-twice.gpg" list
expect "old export + newer revoked export: EKEYREVOKED" "EKEYREVOKED" \
	kt "$k/R-twice.gpg" lookup "$R" "$now"
python3 "$here/pktedit.py" "$k/V.gpg" "$k/V-unrevoked.gpg" --drop-sigtype 28
cat "$k/V-unrevoked.gpg" "$k/V.gpg" >"$k/V-twice.gpg"
expect "old export + export with the subkey revoked: subkey EKEYREVOKED" "EKEYREVOKED" \
	kt "$k/V-twice.gpg" lookup "$VS" "$now"
expect "without the subkey revocation the subkey is usable" "0 $VS" \
	kt "$k/V-unrevoked.gpg" lookup "$VS" "$now"
python3 "$here/pktedit.py" "$k/S.gpg" "$k/S-nosub.gpg" --drop-subkeys
cat "$k/S-nosub.gpg" "$k/S.gpg" >"$k/S-twice.gpg"
expect "export without subkeys + full export: the signing subkey is added" "0 $SS" \
	kt "$k/S-twice.gpg" lookup "$SS" "$now"

# ---- keyring: expiry against the signature time ----
expect_grep "expiring key: listed with its expiry date" \
	"^$E rsa 2048 expired-2020-12-31 primary " kt "$k/E.gpg" list
expect "expiring key: signature before expiry -> usable" "0 $E" \
	kt "$k/E.gpg" lookup "$E" "$t2020_06"
expect "expiring key: signature after expiry -> EKEYEXPIRED" "EKEYEXPIRED" \
	kt "$k/E.gpg" lookup "$E" "$t2021_06"
expect "expiring key: signature before key creation -> EKEYEXPIRED" "EKEYEXPIRED" \
	kt "$k/E.gpg" lookup "$E" "$t2019"
expect "expiring subkey: signature within its 30 days -> usable" "0 $ES" \
	kt "$k/E.gpg" lookup "$ES" "$t2020_02_15"
expect "expiring subkey: signature after its 30 days -> EKEYEXPIRED" "EKEYEXPIRED" \
	kt "$k/E.gpg" lookup "$ES" "$t2020_06"

# ---- keyring: Ed25519 (legacy EdDSA, algorithm 22) ----
expect_grep "Ed25519 key: listed usable" "^$X eddsa 255 usable primary " kt "$k/X.gpg" list
expect "Ed25519 key: lookup" "0 $X" kt "$k/X.gpg" lookup "$X" "$now"

# ---- keyring: legacy policy ----
expect "SHA-1 self-signature: skipped without the legacy option" "count 0" kt "$k/H.gpg" list
expect "SHA-1 self-signature: accepted with the legacy option" "0 $H" \
	kt --legacy "$k/H.gpg" lookup "$H" "$now"
expect "DSA-1024 key: skipped without the legacy option" "count 0" kt "$k/D.gpg" list
expect "DSA-1024 key: accepted with the legacy option" "0 $D" \
	kt --legacy "$k/D.gpg" lookup "$D" "$now"

# ---- keyring: user IDs, several certificates, damage ----
expect_grep "revoked first user ID: the listing shows the valid one" \
	"^$O rsa 2048 usable primary \"New Uid <new@example.org>\"$" kt "$k/O.gpg" list
cat "$k/G.gpg" "$k/G-noself.gpg" "$k/S.gpg" "$k/R.gpg" >"$k/multi.gpg"
expect_grep "several certificates: good ones kept, broken one skipped" "^count 5$" \
	kt "$k/multi.gpg" list
cat "$k/G.gpg" "$k/G.gpg" >"$k/dup.gpg"
expect_grep "the same key twice is stored once" "^count 1$" kt "$k/dup.gpg" list
glen=$(stat -c %s "$k/G.gpg")
cat "$k/G.gpg" "$k/S.gpg" | head -c $((glen + 200)) >"$k/trunc.gpg"
expect_grep "truncated second certificate: the first key is kept" "^count 1$" kt "$k/trunc.gpg" list
{ cat "$k/G.gpg"; printf 'garbage after the keyring'; } >"$k/garbage.gpg"
expect_grep "garbage after the keyring: the key is kept" "^count 1$" kt "$k/garbage.gpg" list
: >"$k/empty.gpg"
expect "empty keyring" "count 0" kt "$k/empty.gpg" list

# ---- boot glue (security/pgp_keys/keyring.c) on certs/pgp_keyring.S-embedded keyrings ----
# boot_with NAME KEYRING: assemble pgp_keyring.S around KEYRING and link $tmp/boot-NAME.
boot_with() {
	local d=$tmp/bootsrc-$1
	mkdir -p "$d/certs"
	cp "$2" "$d/certs/pgp_keyring.bin"
	(cd "$d" && "$cc" -c -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -o pgp_keyring.o "$top/certs/pgp_keyring.S") &&
		build "$tmp/boot-$1" "$here/boot_test.c" "$top/security/pgp_keys/keyring_parse.c" \
			"$top/security/pgp_keys/pgp_key_type.c" "$top/security/pgp_keys/policy.c" "$top/tests/compat/keys.c" \
			"${pgp_srcs[@]}" "${algs[@]}" "$top/scripts/pgp-shim/compat.c" \
			"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" \
			"$d/pgp_keyring.o" -lcrypto
}
cat "$k/G.gpg" "$k/S.gpg" "$k/R.gpg" "$k/E.gpg" >"$k/boot.gpg"
# boot_test's output: the securityfs listing (between the "files" line and "end"), and
# .builtin_trusted_keys as /proc/keys shows it (from "keyring N" on)
boot_listing() { sed -n '3,/^end$/p' | sed '$d'; }
boot_keyring() { sed -n '/^keyring /,$p'; }
printf 'garbage, not a keyring' >"$k/garbage-only.gpg"
if boot_with good "$k/boot.gpg" >"$tmp/boot.log" 2>&1 &&
	boot_with garbage "$k/garbage-only.gpg" >>"$tmp/boot.log" 2>&1; then
	ok "build the boot glue with pgp_keyring.S on the host"
	normal=$(KCOMPAT_VERBOSE=1 "$tmp/boot-good" 2>"$tmp/boot.err")
	listing=$(kt "$k/boot.gpg" list | grep -v '^count ')
	expect "boot: initcall returns 0, registers pgp_keys/keys (0444)" \
		"init 0
files pgp_keys/keys(444)" sed -n '1,2p' <<<"$normal"
	expect "boot: securityfs listing = the parser's listing" "$listing" \
		boot_listing <<<"$normal"
	# every key joins .builtin_trusted_keys, described with its fingerprint and user ID
	keyring=$(boot_keyring <<<"$normal")
	expect "boot: .builtin_trusted_keys holds the $(wc -l <<<"$listing") keys" \
		"keyring $(wc -l <<<"$listing")" head -n 1 <<<"$keyring"
	expect_grep "boot: /proc/keys line of the DSA key: user ID, fingerprint, algorithm, state" \
		"^Good Key <good@example.org>: $G: OpenPGP $G dsa2048 primary usable$" \
		cat <<<"$keyring"
	expect_grep "boot: /proc/keys line of the signing subkey (its primary's user ID)" \
		"^Sub Primary <sub@example.org>: $SS: OpenPGP $SS rsa2048 subkey usable$" \
		cat <<<"$keyring"
	expect_grep "boot: /proc/keys line of the revoked key says revoked" \
		"^[^:]*: $R: OpenPGP $R rsa2048 primary revoked$" cat <<<"$keyring"
	# The same keys as an independent tool sees them: gpg's fingerprint, algorithm, size
	# and revocation of each primary and each signing subkey, against the boot listing.
	gpg_view() {
		gpg --batch --with-colons --fixed-list-mode --list-keys "$G" "$S" "$R" "$E" 2>/dev/null |
			awk -F: '$1 == "pub" || $1 == "sub" {
					want = $1 == "pub" || $12 ~ /s/
					st = $2 == "r" ? "revoked" : "not-revoked"
					a = $4 == 17 ? "dsa" : $4 == 1 ? "rsa" : "algo" $4
					bits = $3
					next
				}
				$1 == "fpr" && want { print tolower($10), a, bits, st; want = 0 }' | sort
	}
	ours_view() { awk '{ print $1, $2, $3, ($4 == "revoked" ? "revoked" : "not-revoked") }' | sort; }
	boot_listing=$(boot_listing <<<"$normal")
	gpg_listing=$(gpg_view)
	expect "boot: securityfs listing agrees with gpg --list-keys (fingerprint, algorithm, size, revoked)" \
		"$gpg_listing" ours_view <<<"$boot_listing"
	# self-test: a listing that lost a revocation no longer agrees with gpg
	selftest=$(expect "self" "$gpg_listing" ours_view <<<"$(sed '0,/ revoked /s// usable /' <<<"$boot_listing")")
	if [[ $selftest == "not ok "* ]]; then
		ok "self-test: a boot listing without the revocation disagrees with gpg"
	else
		notok "self-test: a boot listing without the revocation disagrees with gpg"
		diag <<<"$selftest"
	fi
	expect_grep "boot log: primary key line" \
		"^<6>modsign-pgp: Loaded key $G \\(dsa2048, primary\\) \"Good Key <good@example.org>\"$" \
		cat "$tmp/boot.err"
	expect_grep "boot log: signing subkey line" \
		"^<6>modsign-pgp: Loaded key $SS \\(rsa2048, signing subkey of $S\\) \"Sub Primary <sub@example.org>\"$" \
		cat "$tmp/boot.err"
	expect_grep "boot log: revoked key line" \
		"^<6>modsign-pgp: Loaded key $R \\(rsa2048, primary, revoked\\) " cat "$tmp/boot.err"
	expect_grep "boot log: the DSA signing key gets fixed-base tables" \
		"^<6>modsign-pgp: Key $G: DSA tables of [0-9]+ KiB built in [0-9]+ us$" cat "$tmp/boot.err"
	expect "boot log: no tables for the RSA keys" "1" grep -c "DSA tables" "$tmp/boot.err"
	expect "boot log: one line per key ($(wc -l <<<"$listing"))" "$(wc -l <<<"$listing")" \
		grep -c "Loaded key" "$tmp/boot.err"
	expect "boot with a garbage keyring: empty listing, empty keyring" "init 0
files pgp_keys/keys(444)
end
keyring 0" "$tmp/boot-garbage"
	KCOMPAT_VERBOSE=1 "$tmp/boot-garbage" >/dev/null 2>"$tmp/boot.err" || true
	expect_grep "boot with a garbage keyring: warns, no key" "No usable key in the built-in keyring" \
		cat "$tmp/boot.err"
	# out of memory at each allocation of the boot: all keys, none (the parse failed: a
	# revocation may have gone unseen), or only keys that could be added, each as listed
	bad=0 failed_boots=0 partial_boots=0
	for ((i = 0; i < 1000; i++)); do
		out=$(KCOMPAT_VERBOSE=1 "$tmp/boot-good" --fail-alloc "$i" 2>"$tmp/boot.err") || { bad=1; break; }
		if [[ $out == "$normal" ]] && ! grep -q "(-12)" "$tmp/boot.err"; then
			break	# no allocation failed: past the last one
		fi
		# a key that could not be prepared works without (same listing and keyring)
		if [[ $out == "$normal" ]] && grep -q "no [A-Z]* [a-z]* (-12), verifying without" "$tmp/boot.err"; then
			continue
		fi
		if [[ $out == $'init 0\nfiles pgp_keys/keys(444)\nend\nkeyring 0' ]] &&
			grep -q "Cannot parse the built-in keyring.*no key loaded" "$tmp/boot.err"; then
			failed_boots=$((failed_boots + 1))
			continue
		fi
		# keys that could not be added are missing; those added are as in a normal boot
		if grep -q "cannot add it to the built-in trusted keys (-12)" "$tmp/boot.err" &&
			[[ $(boot_listing <<<"$out") == "$(boot_listing <<<"$normal")" ]] &&
			[[ -z $(comm -23 <(boot_keyring <<<"$out" | sed 1d | sort) \
				<(boot_keyring <<<"$normal" | sed 1d | sort)) ]]; then
			partial_boots=$((partial_boots + 1))
			continue
		fi
		bad=1
		{ echo "allocation $i failing gives:"; echo "$out"; cat "$tmp/boot.err"; } | diag
		break
	done
	if ((bad == 0 && failed_boots > 0 && partial_boots > 0 && i < 1000)); then
		ok "boot out of memory at each of the $((failed_boots + partial_boots)) allocations: no key trusted, or only keys as a normal boot has them (fail closed)"
	else
		notok "boot out of memory at each allocation: no key trusted (fail closed)"
	fi
else
	notok "build the boot glue with pgp_keyring.S on the host"
	diag <"$tmp/boot.log"
fi

# ---- OpenPGP keys in the system's keyrings (pgp_key_type.c, keyring.c, tests/compat/keys.c) ----
# Ed25519 keys: distro, oldca, brt, bdrev built in; run-time certificates certified by distro
# (vendor, revvendor, rotate with a signing subkey), by vendor (vendor2), by nobody (uncert),
# by an untrusted key (roguecert), by oldca after it expired (latecert).
kr=$tmp/keytype
mkdir -p "$kr" && mkdir -m 700 "$kr/gnupg"
kg() { gpg --homedir "$kr/gnupg" --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" 2>/dev/null; }
kfpr() { gpg --homedir "$kr/gnupg" --batch --with-colons --list-keys "<$1@kt.example>" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }'; }
ksub() { gpg --homedir "$kr/gnupg" --batch --with-colons --list-keys "<$1@kt.example>" 2>/dev/null | awk -F: '$1 == "sub" { s = 1 } s && $1 == "fpr" { print $10; exit }'; }
kgen() { kg ${3:+--faked-system-time "$3"} --quick-gen-key "KT $1 <$1@kt.example>" ed25519 "${2:-sign}" never >/dev/null; }
kcert() { kg ${3:+--faked-system-time "$3"} -u "$(kfpr "$1")" --quick-sign-key "$(kfpr "$2")"; }
kexp() { gpg --homedir "$kr/gnupg" --batch --export "$(kfpr "$1")" >"$kr/${2:-$1}.pgp"; }
krevoked() { # krevoked NAME: NAME-revoked.pgp, the certificate with its revocation
	local f
	f=$(kfpr "$1")
	rm -rf "$kr/scratch" && mkdir -m 700 "$kr/scratch"
	gpg --homedir "$kr/gnupg" --batch --export "$f" | gpg --homedir "$kr/scratch" --batch --quiet --import 2>/dev/null
	sed 's/^:-----/-----/' "$kr/gnupg/openpgp-revocs.d/$f.rev" |
		gpg --homedir "$kr/scratch" --batch --quiet --import 2>/dev/null
	gpg --homedir "$kr/scratch" --batch --export "$f" >"$kr/$1-revoked.pgp"
	gpgconf --homedir "$kr/scratch" --kill gpg-agent 2>/dev/null || true
}
for kk in distro brt bdrev vendor vendor2 vendor3 revvendor uncert rogue roguecert; do kgen "$kk"; done
kgen rotate cert
kg --quick-add-key "$(kfpr rotate)" ed25519 sign never
kgen oldca sign 20240101T000000
kgen latecert sign 20240101T000000
for kk in vendor vendor3 revvendor rotate oldca; do kcert distro "$kk"; done
kcert vendor vendor2
kcert rogue roguecert
kcert oldca latecert 20240701T000000
kg --faked-system-time 20240501T000000 --quick-set-expire "$(kfpr oldca)" 2024-06-01
gpg --homedir "$kr/gnupg" --batch --export "$(kfpr distro)" "$(kfpr oldca)" "$(kfpr brt)" \
	"$(kfpr bdrev)" >"$kr/builtin.gpg"
for kk in vendor vendor2 revvendor uncert roguecert rotate latecert oldca; do kexp "$kk"; done
for kk in revvendor brt vendor; do krevoked "$kk"; done
# vendor3: certified by distro, then the certification revoked by distro (0x30)
kexp vendor3
kg --quick-revoke-sig "$(kfpr vendor3)" "$(kfpr distro)"
kexp vendor3 vendor3-certrev
# vendor's certificate with distro's certification corrupted
python3 "$here/pktedit.py" "$kr/vendor.pgp" "$kr/vendor-bad.pgp" --corrupt-sigtype 10
# k5: certified first by vendor (a run-time key), then by distro (a built-in one)
kgen k5
kcert vendor k5
kcert distro k5
kexp k5
# a vendor certified by distro (tests/vectors/hostile.py), with throw-away signing subkeys
# it binds and revokes (0x28): tw-I.pgp is its certificate with the I-th of them
python3 "$top/tests/vectors/hostile.py" throwaway "$kr/tw" 8
kg --import "$kr/tw/tw-vendor.pgp"
TW=$(gpg --homedir "$kr/gnupg" --batch --with-colons --list-keys "<tw@example.org>" 2>/dev/null |
	awk -F: '$1 == "fpr" { print $10; exit }')
kg -u "$(kfpr distro)" --quick-sign-key "$TW"
gpg --homedir "$kr/gnupg" --batch --export "$TW" >"$kr/twv.pgp"
for ((i = 1; i <= 8; i++)); do cat "$kr/twv.pgp" "$kr/tw/tw-$i.pgp" >"$kr/tw-$i.pgp"; done
# the hostile certificates of K1 (what any user can hand add_key())
python3 "$top/tests/vectors/hostile.py" shapes "$kr/h"
gpgconf --homedir "$kr/gnupg" --kill gpg-agent 2>/dev/null || true
D=$(kfpr distro) V=$(kfpr vendor) V2=$(kfpr vendor2) RV=$(kfpr revvendor) RS=$(ksub rotate)
BRT=$(kfpr brt) BD=$(kfpr bdrev) RO=$(kfpr rotate)
lower() { tr 'A-F' 'a-f' <<<"$1"; }
d=$tmp/bootsrc-keytype
mkdir -p "$d/certs"
cp "$kr/builtin.gpg" "$d/certs/pgp_keyring.bin"
now=$(date +%s)
# the boot glue with CONFIG_PGP_KEYS_REVOKED naming bdrev
if (cd "$d" && "$cc" -c -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -o pgp_keyring.o "$top/certs/pgp_keyring.S") &&
	"$cc" "${cflags[@]}" -UCONFIG_PGP_KEYS_REVOKED -DCONFIG_PGP_KEYS_REVOKED="\"$BD\"" \
		-c -o "$d/keytype_test.o" "$here/keytype_test.c" >"$tmp/keytype-build.log" 2>&1 &&
	build "$tmp/keytype_test" "$d/keytype_test.o" \
		"$top/security/pgp_keys/keyring_parse.c" "$top/security/pgp_keys/pgp_key_type.c" "$top/security/pgp_keys/policy.c" \
		"$top/tests/compat/keys.c" "${pgp_srcs[@]}" "${algs[@]}" "$top/scripts/pgp-shim/compat.c" \
		"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" \
		"$d/pgp_keyring.o" -lcrypto >>"$tmp/keytype-build.log" 2>&1; then
	ok "build keytype_test (the boot glue, the key parser and subtype, tests/compat/keys.c)"
	ktt() { "$tmp/keytype_test" "$@"; }
	expect "vendor flow: unknown before, certified by the built-in distro key it joins, found by fingerprint and key ID" \
		"find $V: ENOKEY
add vendor.pgp: 0
find $V: 0 $(lower "$V")
find ${V:24}: 0 $(lower "$V")
find $V: EKEYEXPIRED
leaks 0" ktt find "$V" "$now" add "$kr/vendor.pgp" find "$V" "$now" find "${V:24}" "$now" \
		find "$V" 1000
	expect "refused: certified by nobody, by an untrusted key, by a built-in key after it expired, with a bad signature, certification revoked by its issuer; a built-in key again" \
		"add uncert.pgp: ENOKEY
add roguecert.pgp: ENOKEY
add latecert.pgp: EKEYREJECTED
add vendor-bad.pgp: EKEYREJECTED
add vendor3-certrev.pgp: ENOKEY
add vendor3.pgp: 0
add oldca.pgp: EKEYREJECTED
find $(kfpr latecert): ENOKEY
leaks 0" ktt add "$kr/uncert.pgp" add "$kr/roguecert.pgp" add "$kr/latecert.pgp" \
		add "$kr/vendor-bad.pgp" add "$kr/vendor3-certrev.pgp" add "$kr/vendor3.pgp" \
		add "$kr/oldca.pgp" find "$(kfpr latecert)" "$now"
	expect "rotation: the certified primary, then its signing subkey (a second add), bound by it" \
		"add rotate.pgp: 0
find $RS: ENOKEY
add rotate.pgp: 0
find $RS: 0 $(lower "$RS")
find $RO: ENOKEY
add rotate.pgp: 0
find $RS: 0 $(lower "$RS")
leaks 0" ktt add "$kr/rotate.pgp" find "$RS" "$now" add "$kr/rotate.pgp" find "$RS" "$now" \
		find "$RO" "$now" add "$kr/rotate.pgp" find "$RS" "$now"
	expect "the subkey named by its fingerprint as the description; before its primary: no key vouches" \
		"add rotate.pgp: ENOKEY
add rotate.pgp: 0
add rotate.pgp: 0
find $RS: 0 $(lower "$RS")
leaks 0" ktt add-as "$RS" "$kr/rotate.pgp" add "$kr/rotate.pgp" add-as "$RS" "$kr/rotate.pgp" \
		find "$RS" "$now"
	expect "run-time revocation: for every later lookup, for what the key certified, after the key is removed" \
		"add revvendor.pgp: 0
find $RV: 0 $(lower "$RV")
add revvendor-revoked.pgp: 0
find $RV: EKEYREVOKED
add revvendor.pgp: EKEYREJECTED
add vendor.pgp: 0
add vendor2.pgp: 0
find $V2: 0 $(lower "$V2")
add vendor-revoked.pgp: 0
find $V: EKEYREVOKED
find $V2: EKEYREVOKED
unlinked
find $RV: ENOKEY
add revvendor.pgp: EKEYREJECTED
leaks 0" ktt add "$kr/revvendor.pgp" find "$RV" "$now" add "$kr/revvendor-revoked.pgp" \
		find "$RV" "$now" add "$kr/revvendor.pgp" add "$kr/vendor.pgp" add "$kr/vendor2.pgp" \
		find "$V2" "$now" add "$kr/vendor-revoked.pgp" find "$V" "$now" find "$V2" "$now" \
		unlink-all find "$RV" "$now" add "$kr/revvendor.pgp"
	expect "built-in keys: revoked at run time, and by CONFIG_PGP_KEYS_REVOKED" \
		"find $BRT: 0 $(lower "$BRT")
add brt-revoked.pgp: 0
find $BRT: EKEYREVOKED
find $BD: EKEYREVOKED
leaks 0" ktt find "$BRT" "$now" add "$kr/brt-revoked.pgp" find "$BRT" "$now" find "$BD" "$now"
	expect "SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN: a run-time key does not vouch" \
		"signed-by-builtin
add vendor.pgp: 0
add vendor2.pgp: ENOKEY
leaks 0" ktt signed-by-builtin add "$kr/vendor.pgp" add "$kr/vendor2.pgp"
	# ---- run-time parsing has a stated worst case (pgp_keys_parse_runtime()) ----
	# each hostile certificate is refused the way tests/vectors/hostile.py says: beyond a
	# limit (E2BIG: more than 256 signatures by other keys, 64 to verify, 64 user IDs or
	# subkeys, a user ID over 4 KiB), or with its key refused (the RSA exponent policy)
	want="" args=()
	while read -r name expect _; do
		# no ECDSA in this build (the kernel's is crypto/ecc.c): no usable key
		[[ $name == p521-* ]] && expect=EKEYREJECTED
		args+=(add "$kr/h/$name.pgp")
		want+="add $name.pgp: $expect"$'\n'
	done <"$kr/h/shapes.txt"
	expect "hostile certificates of up to 1 MiB: each refused by its limit ($(grep -c . "$kr/h/shapes.txt") shapes)" \
		"${want}leaks 0" ktt "${args[@]}"
	KCOMPAT_VERBOSE=1 ktt add "$kr/h/rsa-hugee.pgp" >/dev/null 2>"$tmp/hugee.err" || true
	expect_grep "an RSA key whose public exponent has more than 32 bits is refused by the key policy" \
		"Skipping key [0-9a-f]+: rsa8192 refused: RSA exponent over 32 bits" cat "$tmp/hugee.err"
	# killable: a fatal signal during the parse (fatal_signal_pending(), tests/compat) ends it
	expect "a fatal signal during a parse (after 40 packets, after 5 verifications): EINTR, nothing added, no leak" \
		"add certs.pgp: EINTR
add checks-64.pgp: EINTR
keyring secondary 0
records 4 runtime 0
leaks 0" ktt signal 40 add "$kr/h/certs.pgp" signal 47 add "$kr/h/checks-64.pgp" \
		keyring secondary records
	# its log: at most PGP_KEYS_CERT_LOG_MAX (16) lines about a certificate, then one summary
	for name in junk-sigs rsa-selfsigs; do
		KCOMPAT_VERBOSE=1 ktt add "$kr/h/$name.pgp" >/dev/null 2>"$tmp/log-$name.err" || true
	done
	# (after the boot's lines)
	expect "log of a parse: 1000 unreadable signatures, 64 failed verifications: 16 lines, the summary, the verdict" \
		"18 18" echo "$(sed '1,/ built-in keys; /d' "$tmp/log-junk-sigs.err" | grep -c modsign-pgp)" \
		"$(sed '1,/ built-in keys; /d' "$tmp/log-rsa-selfsigs.err" | grep -c modsign-pgp)"
	# ---- verify_signature() changes nothing; only .secondary_trusted_keys records ----
	expect "a revocation added to a user's own keyring (builtin_and_secondary_trusted) revokes nothing" \
		"add revvendor.pgp: 0
uadd revvendor-revoked.pgp: 0
find $RV: 0 $(lower "$RV")
records 5 runtime 1
add revvendor-revoked.pgp: 0
find $RV: EKEYREVOKED
leaks 0" ktt add "$kr/revvendor.pgp" uadd "$kr/revvendor-revoked.pgp" find "$RV" "$now" \
		records add "$kr/revvendor-revoked.pgp" find "$RV" "$now"
	expect "a key a user's own keyring took is not trusted (nor recorded)" \
		"uadd vendor.pgp: 0
find $V: ENOKEY
records 4 runtime 0
leaks 0" ktt uadd "$kr/vendor.pgp" find "$V" "$now" records
	# ---- revocations of keys never trusted take no room; a full store refuses keys ----
	expect "throw-away subkeys a trusted vendor binds and revokes: nothing recorded for them" \
		"add twv.pgp: 0
records 5 runtime 1
$(for ((i = 1; i <= 8; i++)); do echo "add tw-$i.pgp: 0"; done)
records 5 runtime 1
leaks 0" ktt add "$kr/twv.pgp" records $(for ((i = 1; i <= 8; i++)); do echo add "$kr/tw-$i.pgp"; done) records
	# ---- a certification revocation (0x30) lasts until reboot ----
	# (without it, no trusted key vouches: ENOKEY)
	expect "the certification revoked: the key leaves, and its certificate without the 0x30 cannot come back" \
		"add vendor3.pgp: 0
find $(kfpr vendor3): 0 $(lower "$(kfpr vendor3)")
add vendor3-certrev.pgp: 0
find $(kfpr vendor3): EKEYREVOKED
add vendor3.pgp: ENOKEY
find $(kfpr vendor3): EKEYREVOKED
leaks 0" ktt add "$kr/vendor3.pgp" find "$(kfpr vendor3)" "$now" add "$kr/vendor3-certrev.pgp" \
		find "$(kfpr vendor3)" "$now" add "$kr/vendor3.pgp" find "$(kfpr vendor3)" "$now"
	ring3=$(ktt add "$kr/vendor3.pgp" add "$kr/vendor3-certrev.pgp" keyring secondary)
	expect_grep "/proc/keys: the record of the certification taken back, and by whom" \
		"^KT vendor3 <vendor3@kt.example>: $(lower "$(kfpr vendor3)"): certification by $(lower "$D") revoked: OpenPGP $(lower "$(kfpr vendor3)") eddsa255 primary certification-revoked by $(lower "$D")$" \
		cat <<<"$ring3"
	KCOMPAT_VERBOSE=1 ktt add "$kr/vendor3-certrev.pgp" >/dev/null 2>"$tmp/certrev.err" || true
	expect_grep "a certificate whose only certification was revoked: the log says so" \
		"its certification by $(lower "$D") was revoked \(0x30\), and no other key certified it" \
		cat "$tmp/certrev.err"
	# CONFIG_PGP_KEYS_RUNTIME_MAX=6: the store fills with keys, then refuses keys, never a
	# revocation of a key that is or was trusted
	if "$cc" "${cflags[@]}" -UCONFIG_PGP_KEYS_REVOKED -DCONFIG_PGP_KEYS_REVOKED="\"$BD\"" \
		-UCONFIG_PGP_KEYS_RUNTIME_MAX -DCONFIG_PGP_KEYS_RUNTIME_MAX=6 \
		-c -o "$d/keytype_test_small.o" "$here/keytype_test.c" >>"$tmp/keytype-build.log" 2>&1 &&
		build "$tmp/keytype_test_small" "$d/keytype_test_small.o" \
			"$top/security/pgp_keys/keyring_parse.c" "$top/security/pgp_keys/pgp_key_type.c" "$top/security/pgp_keys/policy.c" \
			"$top/tests/compat/keys.c" "${pgp_srcs[@]}" "${algs[@]}" "$top/scripts/pgp-shim/compat.c" \
			"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" \
			"$d/pgp_keyring.o" -lcrypto >>"$tmp/keytype-build.log" 2>&1; then
		expect "a full store (CONFIG_PGP_KEYS_RUNTIME_MAX=6) refuses a 7th key (ENOSPC), still records revocations, takes known keys again" \
			"add twv.pgp: 0
add vendor.pgp: 0
add vendor3.pgp: 0
add revvendor.pgp: 0
add rotate.pgp: 0
add rotate.pgp: 0
add k5.pgp: ENOSPC
find $(kfpr k5): ENOKEY
add brt-revoked.pgp: 0
find $BRT: EKEYREVOKED
add vendor-revoked.pgp: 0
find $V: EKEYREVOKED
add vendor3-certrev.pgp: 0
find $(kfpr vendor3): EKEYREVOKED
add tw-1.pgp: 0
records 10 runtime 6
leaks 0" "$tmp/keytype_test_small" add "$kr/twv.pgp" add "$kr/vendor.pgp" add "$kr/vendor3.pgp" \
			add "$kr/revvendor.pgp" add "$kr/rotate.pgp" add "$kr/rotate.pgp" add "$kr/k5.pgp" \
			find "$(kfpr k5)" "$now" add "$kr/brt-revoked.pgp" find "$BRT" "$now" \
			add "$kr/vendor-revoked.pgp" find "$V" "$now" add "$kr/vendor3-certrev.pgp" \
			find "$(kfpr vendor3)" "$now" add "$kr/tw-1.pgp" records
	else
		notok "build keytype_test with CONFIG_PGP_KEYS_RUNTIME_MAX=6"
		diag <"$tmp/keytype-build.log"
	fi
	# CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN: a key certified by a run-time key
	# and by a built-in one joins by the built-in one's certification
	if "$cc" "${cflags[@]}" -DCONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN=1 \
		-c -o "$d/pgp_key_type_sbb.o" "$top/security/pgp_keys/pgp_key_type.c" >>"$tmp/keytype-build.log" 2>&1 &&
		"$cc" "${cflags[@]}" -DCONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN=1 \
			-UCONFIG_PGP_KEYS_REVOKED -DCONFIG_PGP_KEYS_REVOKED="\"$BD\"" \
			-c -o "$d/keytype_test_sbb.o" "$here/keytype_test.c" >>"$tmp/keytype-build.log" 2>&1 &&
		build "$tmp/keytype_test_sbb" "$d/keytype_test_sbb.o" "$d/pgp_key_type_sbb.o" \
			"$top/security/pgp_keys/keyring_parse.c" "$top/security/pgp_keys/policy.c" \
			"$top/tests/compat/keys.c" "${pgp_srcs[@]}" "${algs[@]}" "$top/scripts/pgp-shim/compat.c" \
			"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" \
			"$d/pgp_keyring.o" -lcrypto >>"$tmp/keytype-build.log" 2>&1; then
		expect "SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN: of a run-time key's and a built-in key's certifications, the built-in one's is chosen" \
			"add vendor.pgp: 0
add k5.pgp: 0
find $(kfpr k5): 0 $(lower "$(kfpr k5)")
add vendor2.pgp: ENOKEY
leaks 0" "$tmp/keytype_test_sbb" add "$kr/vendor.pgp" add "$kr/k5.pgp" find "$(kfpr k5)" "$now" \
			add "$kr/vendor2.pgp"
	else
		notok "build keytype_test with SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN"
		diag <"$tmp/keytype-build.log"
	fi
	ring=$(ktt add "$kr/vendor.pgp" add "$kr/revvendor.pgp" add "$kr/revvendor-revoked.pgp" \
		keyring builtin keyring secondary)
	expect_grep "/proc/keys: the built-in distro key (user ID, fingerprint, state)" \
		"^KT distro <distro@kt.example>: $(lower "$D"): OpenPGP $(lower "$D") eddsa255 primary usable$" \
		cat <<<"$ring"
	expect_grep "/proc/keys: the key CONFIG_PGP_KEYS_REVOKED lists, revoked" \
		"^KT bdrev <bdrev@kt.example>: $(lower "$BD"): OpenPGP $(lower "$BD") eddsa255 primary revoked$" \
		cat <<<"$ring"
	expect_grep "/proc/keys: the vendor's key in the secondary keyring" \
		"^KT vendor <vendor@kt.example>: $(lower "$V"): OpenPGP $(lower "$V") eddsa255 primary usable$" \
		cat <<<"$ring"
	expect_grep "/proc/keys: the revoked vendor key, its record in the secondary keyring" \
		"^KT revvendor <revvendor@kt.example>: $(lower "$RV"): OpenPGP $(lower "$RV") eddsa255 primary revoked$" \
		cat <<<"$ring"
	expect "keyrings: 4 built-in keys; 2 run-time ones (the revocation replaced its key)" \
		"keyring builtin 4
keyring secondary 2" grep '^keyring ' <<<"$ring"
	# out of memory at each allocation of an add: refused or added (what fails may be only
	# a preparation or a search for a key ID index), never a leak
	shopt -s extglob
	bad=0 refused=0
	for ((i = 0; i < 400; i++)); do
		out=$(ktt --fail-alloc "$i" add "$kr/vendor.pgp" find "$V" "$now" 2>&1) || { bad=1; break; }
		if [[ $out == "add vendor.pgp: 0"$'\n'"find $V: 0 $(lower "$V")"$'\n'"leaks 0" ]]; then
			grep -q "^leaks 0$" <<<"$out" && ((refused > 0)) && break
		fi
		# (mainline's restrict_link_by_signature() reports a failed search for the
		# certifier, for lack of memory too, as ENOKEY)
		if [[ $out == "add vendor.pgp: "@(ENOMEM|ENOKEY)$'\n'"find $V: ENOKEY"$'\n'"leaks 0" ]]; then
			refused=$((refused + 1))
			continue
		fi
		bad=1
		{ echo "allocation $i failing gives:"; echo "$out"; } | diag
		break
	done
	if ((bad == 0 && refused > 0 && i < 400)); then
		ok "add out of memory at each of its $refused allocations: refused, nothing trusted, no leak"
	else
		notok "add out of memory at each allocation: refused, nothing trusted, no leak"
	fi
else
	notok "build keytype_test"
	diag <"$tmp/keytype-build.log"
	for ((i = 0; i < 26; i++)); do notok "keytype_test not built"; done
fi

# ---- run-time ML-DSA-65+Ed25519 keys: the first 16 get their NTT tables (about 37 KiB each),
# the ones after verify without (pgp_key_type.c).  v6 certificates from tests/vectors/pgpv6.mjs:
# a composite key built in, 17 composite keys it certified added at run time.
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if ! node_env --check 2>/dev/null; then
	for ((i = 0; i < 4; i++)); do ok "run-time composite keys # SKIP node or build/node missing (make deps)"; done
else
	pv6() { node "$top/tests/vectors/pgpv6.mjs" "$@"; }
	d=$tmp/bootsrc-keytype-pq
	mkdir -p "$d/certs" "$tmp/pq"
	pv6 cert mldsa65-ed25519:kt-pq-ca >"$d/certs/pgp_keyring.bin"
	for ((i = 1; i <= 17; i++)); do
		pv6 cert "mldsa65-ed25519:kt-pq-$i" --certify-by mldsa65-ed25519:kt-pq-ca >"$tmp/pq/rt$i.pgp"
	done
	pv6 cert ed25519:kt-pq-ed --certify-by mldsa65-ed25519:kt-pq-ca >"$tmp/pq/ed6.pgp"
	if (cd "$d" && "$cc" -c -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -o pgp_keyring.o "$top/certs/pgp_keyring.S") &&
		build "$tmp/keytype_test_pq" "$here/keytype_test.c" \
			"$top/security/pgp_keys/keyring_parse.c" "$top/security/pgp_keys/pgp_key_type.c" "$top/security/pgp_keys/policy.c" \
			"$top/tests/compat/keys.c" "${pgp_srcs[@]}" "${algs[@]}" "$top/scripts/pgp-shim/compat.c" \
			"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" \
			"$d/pgp_keyring.o" -lcrypto >"$tmp/keytype-pq-build.log" 2>&1; then
		args=()
		want=""
		for ((i = 1; i <= 17; i++)); do
			args+=(add "$tmp/pq/rt$i.pgp")
			want+="add rt$i.pgp: 0"$'\n'
		done
		last=$(pv6 fpr mldsa65-ed25519:kt-pq-17)
		out=$(KCOMPAT_VERBOSE=1 "$tmp/keytype_test_pq" "${args[@]}" find "$last" "$now" 2>"$tmp/pq.err")
		if [[ $out == "${want}find $last: 0 $(lower "$last")"$'\n'"leaks 0" ]]; then
			ok "17 run-time ML-DSA-65+Ed25519 keys certified by a built-in one: all added, the last found"
		else
			notok "17 run-time ML-DSA-65+Ed25519 keys certified by a built-in one: all added" "$out"
		fi
		# the notice names the 17th key only
		if [[ $(grep -c "no tables (more run-time keys of its algorithm have them)" "$tmp/pq.err") == 1 ]] &&
		   grep -qi "Key $last: no tables" "$tmp/pq.err"; then
			ok "the first 16 run-time composite keys get their tables, the 17th verifies without (one notice, naming it)"
		else
			notok "the 17th run-time composite key alone goes without tables" "$(cat "$tmp/pq.err")"
		fi
		# keys a user's own keyring takes spend no table slot: the 17 there, then one in
		# .secondary_trusted_keys, which gets its tables
		uargs=()
		for ((i = 1; i <= 17; i++)); do uargs+=(uadd "$tmp/pq/rt$i.pgp"); done
		KCOMPAT_VERBOSE=1 "$tmp/keytype_test_pq" "${uargs[@]}" add "$tmp/pq/rt1.pgp" \
			>"$tmp/pq-user.out" 2>"$tmp/pq-user.err" || true
		if [[ $(grep -c ': 0$' "$tmp/pq-user.out") == 18 ]] &&
		   ! grep -q "no tables" "$tmp/pq-user.err"; then
			ok "17 composite keys in a user's own keyring spend no table slot: the next system key gets its tables"
		else
			notok "17 composite keys in a user's own keyring spend no table slot" \
				"$(cat "$tmp/pq-user.out"; grep "no tables" "$tmp/pq-user.err")"
		fi
		# /proc/keys: a v6 Ed25519 key as "ed25519", the composite key by its name
		expect "/proc/keys: algorithm names of v6 keys, no size run into them (ed25519, mldsa65-ed25519)" \
			"mldsa65-ed25519 ed25519" sh -c '"$1" add "$2" add "$3" keyring secondary |
				sed -n "s/.*: OpenPGP [0-9a-f]* \([^ ]*\) primary usable$/\1/p" | tr "\n" " " | sed "s/ \$//"' \
			sh "$tmp/keytype_test_pq" "$tmp/pq/rt2.pgp" "$tmp/pq/ed6.pgp"
	else
		notok "build keytype_test with a composite key built in"
		diag <"$tmp/keytype-pq-build.log"
		notok "keytype_test with a composite key built in: not built"
		notok "keytype_test with a composite key built in: not built"
		notok "keytype_test with a composite key built in: not built"
	fi
	# CONFIG_PGP_KEYS_PQ_ONLY (security/pgp_keys/policy.c): only composite keys join, and only
	# when a composite key vouched for them.  Built in: an ML-DSA-87+Ed448 and an Ed25519 key.
	d=$tmp/bootsrc-keytype-pqonly
	mkdir -p "$d/certs"
	{ pv6 cert mldsa87-ed448:kt-po-ca; pv6 cert ed25519:kt-po-cl; } >"$d/certs/pgp_keyring.bin"
	pv6 cert mldsa87-ed448:kt-po-1 --certify-by mldsa87-ed448:kt-po-ca >"$tmp/pq/po-pq.pgp"
	pv6 cert ed25519:kt-po-2 --certify-by mldsa87-ed448:kt-po-ca >"$tmp/pq/po-ed.pgp"
	pv6 cert mldsa65-ed25519:kt-po-3 --certify-by ed25519:kt-po-cl >"$tmp/pq/po-bycl.pgp"
	if (cd "$d" && "$cc" -c -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -o pgp_keyring.o "$top/certs/pgp_keyring.S") &&
		"$cc" "${cflags[@]}" -DCONFIG_PGP_KEYS_PQ_ONLY=1 -c -o "$d/policy.o" "$top/security/pgp_keys/policy.c" \
			>"$tmp/keytype-po-build.log" 2>&1 &&
		build "$tmp/keytype_test_po" "$here/keytype_test.c" \
			"$top/security/pgp_keys/keyring_parse.c" "$top/security/pgp_keys/pgp_key_type.c" "$d/policy.o" \
			"$top/tests/compat/keys.c" "${pgp_srcs[@]}" "${algs[@]}" "$top/scripts/pgp-shim/compat.c" \
			"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" \
			"$d/pgp_keyring.o" -lcrypto >>"$tmp/keytype-po-build.log" 2>&1; then
		out=$(KCOMPAT_VERBOSE=1 "$tmp/keytype_test_po" add "$tmp/pq/po-pq.pgp" add "$tmp/pq/po-ed.pgp" \
			add "$tmp/pq/po-bycl.pgp" 2>"$tmp/po.err")
		if [[ $out == "add po-pq.pgp: 0"$'\n'"add po-ed.pgp: EKEYREJECTED"$'\n'"add po-bycl.pgp: EKEYREJECTED"$'\n'"leaks 0" ]]; then
			ok "pq-only: an ML-DSA-87+Ed448 key certified by a built-in one joins; an Ed25519 key it certified, and a composite key a built-in Ed25519 key certified, are refused"
		else
			notok "pq-only: only composite keys vouched for by composite keys join" "$out"
		fi
		if [[ $(grep -c "only post-quantum keys count (pgp_keys.pq_only)" "$tmp/po.err") == 2 ]]; then
			ok "pq-only: each refusal logged with its reason"
		else
			notok "pq-only: each refusal logged" "$(cat "$tmp/po.err")"
		fi
		# mainline's X.509 keys that its restriction admitted (keyring.c's policy on them)
		x5=(x509 rsa rsa x509 ecdsa-nist-p384 ecdsa x509 mldsa65 rsa x509 rsa mldsa65
			x509 mldsa65 - x509 mldsa65 mldsa65 x509 mldsa87 mldsa44)
		out=$(KCOMPAT_VERBOSE=1 "$tmp/keytype_test_po" "${x5[@]}" 2>"$tmp/po-x509.err")
		want="x509 rsa rsa: EKEYREJECTED
x509 ecdsa-nist-p384 ecdsa: EKEYREJECTED
x509 mldsa65 rsa: EKEYREJECTED
x509 rsa mldsa65: EKEYREJECTED
x509 mldsa65 -: EKEYREJECTED
x509 mldsa65 mldsa65: 0
x509 mldsa87 mldsa44: 0
leaks 0"
		if [[ $out == "$want" ]] &&
		   [[ $(grep -c "X.509 key 5eed refused: .*only post-quantum keys count (pgp_keys.pq_only)" "$tmp/po-x509.err") == 5 ]]; then
			ok "pq-only: an X.509 key joins only when it and its issuer's signature are ML-DSA; each refusal logged with the key"
		else
			notok "pq-only: X.509 keys of classical algorithms (or vouched for by one) refused" \
				"$out"$'\n'"$(cat "$tmp/po-x509.err")"
		fi
		out=$("$tmp/keytype_test" "${x5[@]}" 2>&1)
		if [[ $out == "${want//EKEYREJECTED/0}" ]]; then
			ok "policy off: every such X.509 key is left to mainline's restriction (the control)"
		else
			notok "policy off: X.509 keys left to mainline's restriction" "$out"
		fi
	else
		notok "build keytype_test with CONFIG_PGP_KEYS_PQ_ONLY"
		diag <"$tmp/keytype-po-build.log"
		notok "keytype_test with CONFIG_PGP_KEYS_PQ_ONLY: not built"
		notok "keytype_test with CONFIG_PGP_KEYS_PQ_ONLY: not built (X.509 keys)"
		notok "keytype_test with CONFIG_PGP_KEYS_PQ_ONLY: not built (X.509 control)"
	fi
fi

# ---- build-time conversion and check (certs/pgp-keyring-bin.sh, pgp_keyring_check.c) ----
kb=$top/certs/pgp-keyring-bin.sh
kc=$tmp/pgp_keyring_check
if CC=$cc bash "$top/tests/lib/keyring-check-build.sh" "$kc" >"$tmp/kc-build.log" 2>&1; then
	ok "build pgp_keyring_check (the build-time keyring check on the kernel's packet reader, -Wall -Wextra -Werror)"
else
	notok "build pgp_keyring_check"
	diag <"$tmp/kc-build.log"
fi
nogpg=$tmp/nogpg-bin
mkdir "$nogpg"
for t in sh awk base64 od tr grep cat mv rm mktemp sed head; do
	ln -s "$(command -v "$t")" "$nogpg/$t"
done
cat "$k/G.gpg" "$k/S.gpg" >"$k/GS.gpg"
gpg --batch --armor --export "$G" >"$k/G.asc"
gpg --batch --armor --export "$S" >"$k/S.asc"
cat "$k/G.asc" "$k/S.asc" >"$k/GS.asc"
sed 's/$/\r/' "$k/G.asc" >"$k/G-crlf.asc"
conv() { # conv DESC EXPECTED-BINARY INPUT [env PATH]
	local desc=$1 want=$2 in=$3
	rm -f "$tmp/conv.bin"
	if ${4:+env PATH="$4"} sh "$kb" "$in" "$tmp/conv.bin" "$kc" 2>"$tmp/conv.err" &&
		cmp -s "$want" "$tmp/conv.bin"; then
		ok "pgp-keyring-bin.sh: $desc"
	else
		notok "pgp-keyring-bin.sh: $desc"
		diag <"$tmp/conv.err"
	fi
}
conv "binary keyring copied unchanged" "$k/GS.gpg" "$k/GS.gpg"
conv "armoured keyring decoded with gpg" "$k/G.gpg" "$k/G.asc"
conv "two armoured blocks decoded with gpg" "$k/GS.gpg" "$k/GS.asc"
conv "armoured keyring decoded without gpg (base64)" "$k/G.gpg" "$k/G.asc" "$nogpg"
conv "two armoured blocks decoded without gpg" "$k/GS.gpg" "$k/GS.asc" "$nogpg"
conv "CRLF armour decoded without gpg" "$k/G.gpg" "$k/G-crlf.asc" "$nogpg"
printf 'not a keyring\n' >"$tmp/bad.txt"
if sh "$kb" "$tmp/bad.txt" "$tmp/bad.bin" "$kc" 2>"$tmp/conv.err"; then
	notok "pgp-keyring-bin.sh: a text file is refused"
else
	if grep -q "not an OpenPGP keyring" "$tmp/conv.err" && [[ ! -e $tmp/bad.bin ]]; then
		ok "pgp-keyring-bin.sh: a text file is refused, no output left"
	else
		notok "pgp-keyring-bin.sh: a text file is refused, no output left"
	fi
fi
gpg --batch --pinentry-mode loopback --passphrase '' --export-secret-keys "$G" \
	>"$k/G-secret.gpg" 2>/dev/null
if sh "$kb" "$k/G-secret.gpg" "$tmp/bad.bin" "$kc" 2>"$tmp/conv.err"; then
	notok "pgp-keyring-bin.sh: a secret keyring is refused"
else
	if grep -q "secret key material" "$tmp/conv.err" && [[ ! -e $tmp/bad.bin ]]; then
		ok "pgp-keyring-bin.sh: a secret keyring is refused (no secret key in the kernel image)"
	else
		notok "pgp-keyring-bin.sh: a secret keyring is refused (no secret key in the kernel image)"
	fi
fi
# refuse KEYRING "what" "pattern": pgp-keyring-bin.sh stops, names the packet, leaves no output
refuse() {
	local in=$1 what=$2 pattern=$3
	rm -f "$tmp/refused.bin"
	if sh "$kb" "$in" "$tmp/refused.bin" "$kc" 2>"$tmp/conv.err"; then
		notok "pgp-keyring-bin.sh: $what: refused"
		return
	fi
	if grep -qE "^pgp_keyring_check: $in: offset [0-9]+(, packet tag [0-9]+)?: .*$pattern" "$tmp/conv.err" &&
		[[ ! -e $tmp/refused.bin ]]; then
		ok "pgp-keyring-bin.sh: $what: refused, naming the packet"
	else
		notok "pgp-keyring-bin.sh: $what: refused, naming the packet"
		diag <"$tmp/conv.err"
	fi
}
head -c 500 "$k/S.gpg" >"$k/S-cut.gpg"
refuse "$k/S-cut.gpg" "a truncated keyring" "the kernel would ignore the rest"
# crafted keyrings (tests/vectors/pgpcraft.py): each holds one thing the kernel cannot
# read or honour, which security/pgp_keys KUnit (kv_lost) counts in the kernel's parser
x=$tmp/crafted
python3 "$top/tests/vectors/pgpcraft.py" keyring-dir "$x"
cat "$x/a.gpg" "$x/b_revokes_sa.gpg" >"$x/a_b_revokes_sa.gpg"
cat "$x/a.gpg" "$x/b_revokes_a.gpg" >"$x/a_b_revokes_a.gpg"
conv "crafted certificates A and B pass the check" "$x/a_b.gpg" "$x/a_b.gpg"
refuse "$x/a_malformed_b.gpg" "a malformed packet between certificates" "the kernel would ignore the rest"
refuse "$x/a_revoked_md5.gpg" "a revocation hashed with MD5" "revocation signature \(type 0x20\) that the kernel cannot parse"
refuse "$x/a_revoked_by_b.gpg" "a key revocation by another key" "issued by another key .*designated revoker"
refuse "$x/c_designates_b.gpg" "a designated revoker" "designates a revocation key \(subpacket 12\)"
refuse "$x/a_then_newer_a.gpg" "a later copy of a certificate" "a later copy of the certificate at offset 0"
refuse "$x/sig_before_key.gpg" "a signature before the first key" "before the first public key"
refuse "$x/a_b_revokes_sa.gpg" "another certificate's subkey revoked by B" "key already present at offset"
refuse "$x/a_b_revokes_a.gpg" "another certificate's primary as B's subkey" "key already present at offset 0"
# pgp_keyring_check alone (the guide's check of a keyring before a build)
if "$kc" "$k/GS.gpg" 2>"$tmp/conv.err"; then
	ok "pgp_keyring_check alone: a keyring gpg --export wrote passes (exit 0)"
else
	notok "pgp_keyring_check alone: a keyring gpg --export wrote passes (exit 0)"
	diag <"$tmp/conv.err"
fi
: >"$tmp/empty.gpg"
rc=0
"$kc" "$tmp/empty.gpg" 2>"$tmp/conv.err" || rc=$?
if ((rc == 1)) && grep -q "empty keyring" "$tmp/conv.err"; then
	ok "pgp_keyring_check alone: an empty keyring (an export that matched nothing) is refused (exit 1)"
else
	notok "pgp_keyring_check alone: an empty keyring is refused (exit 1, rc $rc)"
	diag <"$tmp/conv.err"
fi
if sh "$kb" "$tmp/missing.gpg" "$tmp/bad.bin" "$kc" 2>/dev/null; then
	notok "pgp-keyring-bin.sh: a missing keyring is refused"
else
	ok "pgp-keyring-bin.sh: a missing keyring is refused"
fi

plan_check || failed=$((failed + 1))
if ((failed)); then
	echo "# $failed of $n failed" >&2
	exit 1
fi
