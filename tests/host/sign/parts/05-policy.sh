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
cp -- "$base" "$T/m/expired.ko"
SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$EH" "$T/m/expired.ko"
check "key expired now but valid at signing time: accepted (like the kernel)" \
	all_accept "$T/expiring.pub" "$T/m/expired.ko"
cp -- "$base" "$T/m/expired2.ko"
want="gpg failed"
expect_fail "signing with an expired key" "$T/m/expired2.ko" "$sign" -q --homedir "$EH" "$T/m/expired2.ko"

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
if [[ -s $T/weak.pub ]] && "$sign" -q --homedir "$WH" --digest sha256 "$T/m/weak.ko" 2> "$T/err"; then
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
	grep -q "signer $pfpr algo RSA-3072 " <<< "$out" &&
		ok "signing subkey: reported with the primary fingerprint and the subkey's algorithm" ||
		{ nok "signing subkey: reported with the primary fingerprint"; sed 's/^/# /' <<< "$out"; }
else
	nok "signing subkey: signed"
	sed 's/^/# /' "$T/err"
fi
