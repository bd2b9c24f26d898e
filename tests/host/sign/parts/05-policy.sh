# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "policy": expiry and revocation judged at signature time, weak keys, signing subkeys (kernel.c: the kernel's keyring rules).
# Sourced by run.sh after its setup (SIGN_TEST_PART=policy runs it alone).

# --- key life cycle: expiry is judged at signature time, revocation is final --------
EH=$T/keys/expiring
homes+=("$EH")
mkdir -m 700 "$EH"
gpg --homedir "$EH" --batch --faked-system-time "$key_epoch!" --pinentry-mode loopback \
	--passphrase '' --quick-gen-key "Expiring <exp@example.org>" ed25519 sign 1d > /dev/null 2>&1
gpg --homedir "$EH" --batch --export > "$T/expiring.pub" 2> /dev/null
# The signer refuses a key past its expiry even when SOURCE_DATE_EPOCH dates the
# signature before it (the kernel would accept that signature); the module
# "expired now, valid when signed" is made with a key whose expiry is set after signing.
EH2=$T/keys/expiring-later
homes+=("$EH2")
mkdir -m 700 "$EH2"
gpg --homedir "$EH2" --batch --faked-system-time "$key_epoch!" --pinentry-mode loopback \
	--passphrase '' --quick-gen-key "Expiring later <expl@example.org>" ed25519 sign never > /dev/null 2>&1 || true
cp -- "$base" "$T/m/expired.ko"
SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$EH2" "$T/m/expired.ko"
efpr=$(gpg --homedir "$EH2" --batch --with-colons --list-keys 2> /dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
gpg --homedir "$EH2" --batch --faked-system-time "$((key_epoch + 50))!" --pinentry-mode loopback \
	--passphrase '' --quick-set-expire "$efpr" 1d > /dev/null 2>&1 || true
gpg --homedir "$EH2" --batch --export > "$T/expiring-later.pub" 2> /dev/null
check "key expired now but valid at signing time: accepted (like the kernel)" \
	all_accept "$T/expiring-later.pub" "$T/m/expired.ko"
cp -- "$base" "$T/m/expired2.ko"
want="the key expired on 2023-11-15 22:13:20 UTC, before .* (EKEYEXPIRED): extend it (gpg --quick-set-expire)"
expect_fail "signing with an expired key: refused before gpg runs, saying what to do" \
	"$T/m/expired2.ko" "$sign" -q --homedir "$EH" "$T/m/expired2.ko"
want="SOURCE_DATE_EPOCH dates the signature before that, but a key past its expiry makes no new signatures"
expect_fail "signing with an expired key back-dated by SOURCE_DATE_EPOCH: refused" \
	"$T/m/expired2.ko" env SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$EH" "$T/m/expired2.ko"
want="SOURCE_DATE_EPOCH dates the signature before that"
expect_fail "the same through gpg-agent (--agent): refused" \
	"$T/m/expired2.ko" env SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --agent --homedir "$EH" "$T/m/expired2.ko"
want="expired on .* before 2023-11-16 22:13:20 UTC"
expect_fail "SOURCE_DATE_EPOCH after the key's expiry: refused, the kernel's reason" \
	"$T/m/expired2.ko" env SOURCE_DATE_EPOCH=$((key_epoch + 172800)) "$sign" -q --homedir "$EH" "$T/m/expired2.ko"

RH=$T/keys/revoked
homes+=("$RH")
mkdir -m 700 "$RH"
gpg --homedir "$RH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Revoked <rev@example.org>" ed25519 sign never > /dev/null 2>&1
cp -- "$base" "$T/m/revoked.ko"
"$sign" -q --homedir "$RH" "$T/m/revoked.ko"
gpg --homedir "$RH" --batch --export > "$T/before-revocation.pub" 2> /dev/null
check "before revocation: accepted" all_accept "$T/before-revocation.pub" "$T/m/revoked.ko"
rev=$(find "$RH/openpgp-revocs.d" -name '*.rev' 2> /dev/null | head -n 1)
if [[ -n $rev ]]; then
	sed 's/^:-----/-----/' "$rev" | gpg --homedir "$RH" --batch --import > /dev/null 2>&1
	gpg --homedir "$RH" --batch --export > "$T/revoked.pub" 2> /dev/null
	check "key revoked in the keyring: all three reject" all_reject "$T/revoked.pub" "$T/m/revoked.ko"
	cp -- "$base" "$T/m/revoked2.ko"
	want="the key is revoked (EKEYREVOKED): the kernel refuses every signature it makes"
	expect_fail "signing with a revoked key: refused with the kernel's reason" \
		"$T/m/revoked2.ko" "$sign" -q --homedir "$RH" "$T/m/revoked2.ko"
else
	skip "revoked key: gpg wrote no revocation certificate"
fi

# --- weak keys: DSA-1024 only with --legacy (CONFIG_MODULE_SIG_PGP_LEGACY) -------------
WH=$T/keys/weak
homes+=("$WH")
mkdir -m 700 "$WH"
gpg --homedir "$WH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Weak <weak@example.org>" dsa1024 sign never > /dev/null 2>&1
gpg --homedir "$WH" --batch --export > "$T/weak.pub" 2> /dev/null
cp -- "$base" "$T/m/weak.ko"
if [[ -s $T/weak.pub ]]; then
	want="DSA-1024 keys are below the kernel's minimum .*--legacy here; EKEYREJECTED"
	expect_fail "DSA-1024 key: the signer refuses it without --legacy" \
		"$T/m/weak.ko" "$sign" -q --homedir "$WH" --digest sha256 "$T/m/weak.ko"
fi
if [[ -s $T/weak.pub ]] && "$sign" -q --legacy --homedir "$WH" --digest sha256 "$T/m/weak.ko" 2> "$T/err"; then
	rc=0
	"$verify" --keyring "$T/weak.pub" "$T/m/weak.ko" > "$T/out" 2>&1 || rc=$?
	((rc == 1)) && grep -q "below the minimum" "$T/out" &&
		ok "DSA-1024 key: refused without --legacy" ||
		{ nok "DSA-1024 key: refused without --legacy (rc $rc)"; sed 's/^/# /' "$T/out"; }
	check "DSA-1024 key: accepted with --legacy" "$verify" -q --legacy --keyring "$T/weak.pub" "$T/m/weak.ko"
else
	skip "DSA-1024: gpg cannot make or use such a key"
	skip "DSA-1024: gpg cannot make or use such a key"
fi

# --- signing subkey (primary key certifies only) --------------------------------------
SH=$T/keys/subkey
homes+=("$SH")
mkdir -m 700 "$SH"
gpg --homedir "$SH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Subkey <sub@example.org>" ed25519 cert never > /dev/null 2>&1
pfpr=$(gpg --homedir "$SH" --batch --with-colons --list-keys 2> /dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
gpg --homedir "$SH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-add-key "$pfpr" rsa3072 sign never > /dev/null 2>&1
gpg --homedir "$SH" --batch --export > "$T/subkey.pub" 2> /dev/null
cp -- "$base" "$T/m/subkey.ko"
if "$sign" -q --homedir "$SH" "$T/m/subkey.ko" 2> "$T/err"; then
	check "signing subkey: verifies three ways" all_accept "$T/subkey.pub" "$T/m/subkey.ko"
	out=$("$verify" --keyring "$T/subkey.pub" "$T/m/subkey.ko" 2>&1 || true)
	sfpr=$(gpg --homedir "$SH" --batch --with-colons --list-keys 2> /dev/null |
		awk -F: '$1 == "fpr" { n++; if (n == 2) { print $10; exit } }')
	grep -q "signer $sfpr (subkey of $pfpr) algo RSA-3072 " <<< "$out" &&
		ok "signing subkey: reported as the subkey (the issuer) first, then its primary, with the subkey's algorithm" ||
		{ nok "signing subkey: reported as the subkey first, then its primary"; sed 's/^/# /' <<< "$out"; }
	out=$("$verify" --keyring "$T/keys/ed25519.pub" "$good" 2>&1 || true)
	grep -q "signer ${fpr[ed25519]} algo " <<< "$out" && ! grep -q "subkey of" <<< "$out" &&
		ok "primary key signature: one fingerprint, no subkey" ||
		{ nok "primary key signature: one fingerprint, no subkey"; sed 's/^/# /' <<< "$out"; }
else
	nok "signing subkey: signed"
	sed 's/^/# /' "$T/err"
fi
