# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "append": reproducible signatures (SOURCE_DATE_EPOCH); --append, key rollover (sign.c, placeholder.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=append runs it alone).

# --- reproducibility -------------------------------------------------------------
for a in rsa2048 ed25519 dsa3072; do
	[[ -n ${fpr[$a]:-} ]] || continue
	cp -- "$base" "$T/m/r1.ko"
	cp -- "$base" "$T/m/r2.ko"
	SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" "$T/m/r1.ko"
	SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" "$T/m/r2.ko"
	if cmp -s "$T/m/r1.ko" "$T/m/r2.ko"; then
		ok "$a: SOURCE_DATE_EPOCH gives byte-identical modules"
	else
		nok "$a: SOURCE_DATE_EPOCH gives byte-identical modules"
	fi
	cp -- "$T/m/r1.ko" "$T/m/r3.ko"
	# Re-sign an already signed module (first with another key, then back).
	SOURCE_DATE_EPOCH=$((key_epoch + 500)) "$sign" -q --homedir "$H" -u "${fpr[untrusted]}" "$T/m/r3.ko"
	SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" "$T/m/r3.ko"
	if cmp -s "$T/m/r1.ko" "$T/m/r3.ko"; then
		ok "$a: re-signing a signed module gives the bytes of signing the unsigned one"
	else
		nok "$a: re-signing a signed module gives the bytes of signing the unsigned one"
	fi
	check "$a: reproducible module verifies" all_accept "$T/keys/$a.pub" "$T/m/r1.ko"
done
cp -- "$base" "$T/m/old.ko"
want="older than key"
expect_fail "SOURCE_DATE_EPOCH before the key's creation" "$T/m/old.ko" \
	env SOURCE_DATE_EPOCH=$((key_epoch - 1)) "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/old.ko"

# --- --append (key rollover) ------------------------------------------------------
ap=$T/m/append.ko
cp -- "$base" "$ap"
"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" "$ap"
"$sign" -q --homedir "$H" -u "${fpr[rsa2048]:-${fpr[ed25519]}}" --digest sha256 --append "$ap"
newkey=rsa2048
[[ -n ${fpr[rsa2048]:-} ]] || newkey=ed25519
cat -- "$T/keys/untrusted.pub" "$T/keys/$newkey.pub" > "$T/both.pub"
out=$("$verify" --keyring "$T/both.pub" "$ap" 2>&1) && rc=0 || rc=$?
if ((rc == 0)) && [[ $(grep -c ': good$' <<< "$out") -eq 2 ]] &&
   grep -q "good (2 of 2" <<< "$out"; then
	ok "--append: two signatures, each verifies"
else
	nok "--append: two signatures, each verifies (rc $rc)"
	sed 's/^/# /' <<< "$out"
fi
for v in "" --sqv; do
	rc=0
	"$verify" $v --keyring "$T/keys/$newkey.pub" "$ap" > "$T/out" 2>&1 || rc=$?
	((rc == 0)) && grep -q "good (1 of 2" "$T/out" &&
		ok "--append: old untrusted + new trusted key passes ${v:-gpgv}" ||
		nok "--append: old untrusted + new trusted key passes ${v:-gpgv} (rc $rc)"
done
check "--append: sqv (independent) accepts with only the new key" raw_sqv "$T/keys/$newkey.pub" "$ap"
check "--append: with only the old untrusted key, still 1 good" \
	"$verify" --quiet --keyring "$T/keys/untrusted.pub" "$ap"
check "--append: rejected by a keyring with neither key" \
	all_reject "$T/keys/dsa3072.pub" "$ap"
cp -- "$ap" "$T/m/append-tamper.ko"
flip "$T/m/append-tamper.ko" 100
check "--append: one byte changed, both signatures fail" all_reject "$T/both.pub" "$T/m/append-tamper.ko"
cp -- "$ap" "$T/m/append3.ko"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/append3.ko"
out=$("$verify" --keyring "$T/all.pub" "$T/m/append3.ko" 2>&1 || true)
grep -q "good (1 of 1" <<< "$out" && ok "re-signing without --append replaces all signatures" ||
	nok "re-signing without --append replaces all signatures"
