# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "attach": --attach: each signature checked as the kernel checks it, and by gpgv or sqv (remote.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=attach runs it alone).

# --- --attach: each signature checked as the kernel checks it, and by gpgv or sqv ------------
# The review: with --sqv a .sig holding one good signature and one by a key outside the
# keyring was accepted (sqv needs one) and both were written; a signature made after its
# key expired was accepted (gpgv says EXPKEYSIG, the kernel EKEYREJECTED).
before=$(find "$T/tmp" -mindepth 1 -maxdepth 1 -name 'sign-module.*' | wc -l)
if [[ -d $T/craft ]]; then
	for v in gpgv sqv; do
		vo=()
		[[ $v == sqv ]] && vo=(--sqv)
		f=$T/ma/mixed-$v.ko
		cp -- "$T/agree-base.ko" "$f"
		"$sign" -q --prepare "$f"
		cp -- "$T/craft/mixed.sig" "$f.sig"
		want="signature 2 of 2 does not verify .*ENOKEY"
		expect_fail "--attach ($v): one good signature and one by a key in no keyring: refused" \
			"$f" "$sign" -q --attach "${vo[@]}" --keyring "$T/craft/ring-a.gpg" "$f"
		f=$T/ma/expired-$v.ko
		cp -- "$T/agree-base.ko" "$f"
		"$sign" -q --prepare "$f"
		cp -- "$T/craft/expired.sig" "$f.sig"
		want="signature 1 of 1 does not verify .*EKEYREJECTED"
		expect_fail "--attach ($v): a signature made after its key expired: refused" \
			"$f" "$sign" -q --attach "${vo[@]}" --keyring "$T/craft/ring-expiring.gpg" "$f"
		cp -- "$T/craft/in-time.sig" "$f.sig"
		if "$sign" -q --attach "${vo[@]}" --keyring "$T/craft/ring-expiring.gpg" "$f" 2> "$T/err" &&
		   "$verify" -q "${vo[@]}" --keyring "$T/craft/ring-expiring.gpg" "$f"; then
			ok "--attach ($v): a signature made before its key expired: written, verifies"
		else
			nok "--attach ($v): a signature made before its key expired: written, verifies"
			sed 's/^/# /' "$T/err"
		fi
	done
else
	nok "--attach: the crafted signatures are missing"
fi
left=$(($(find "$T/tmp" -mindepth 1 -maxdepth 1 -name 'sign-module.*' | wc -l) - before))
((left == 0)) && ok "--attach leaves no work directory (its gnupg/ included)" ||
	nok "--attach leaves no work directory ($left in \$TMPDIR)"

# --- --prepare on a signed module (issue 33, U1) ----------------------------------------------
# The review: --prepare on a module signed with a v4 key said "1 prepared, 0 failed" and the
# module was left without its signature (EBADMSG); the rollover the guide describes (a
# composite signature appended later) needs the bytes to sign with the signature kept.
f=$T/ma/roll.ko
cp -- "$base" "$f"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 8192 "$f"
rm -f -- "$f.tbs" "$f.sig"
want="module_sig holds 1 signature (by ${fpr[ed25519]}); --prepare would drop it: --prepare --append keeps it"
expect_fail "--prepare on a signed module: refused, naming the signature it would drop" "$f" \
	"$sign" -q --prepare "$f"
[[ ! -e $f.tbs ]] && ok "--prepare refused: no MODULE.tbs written" || nok "--prepare refused: no MODULE.tbs written"
cp -- "$f" "$T/ma/roll.before"
# --prepare --append: the module as it was, MODULE.tbs its signed data (readelf and dd's)
raw_split "$f" "$T/ma/roll.raw" || true
if "$sign" -q --prepare --append "$f" 2> "$T/err" && cmp -s "$f" "$T/ma/roll.before" &&
   cmp -s "$f.tbs" "$T/ma/roll.raw/data"; then
	ok "--prepare --append: the module keeps its signature, MODULE.tbs is its signed data"
else
	nok "--prepare --append: the module keeps its signature, MODULE.tbs is its signed data"
	sed 's/^/# /' "$T/err"
fi
# the signer elsewhere (another key, RSA-2048) signs MODULE.tbs; --attach --append adds its
# signature: kernels that know either key accept the module
gpg --homedir "$T/keys/rsa2048" --batch --yes --detach-sign --digest-algo SHA512 -o "$f.sig" \
	"$f.tbs" 2> /dev/null
if "$sign" -q --attach --append --keyring "$T/keys/rsa2048.pub" "$f" 2> "$T/err" &&
   "$verify" -q --keyring "$kr" "$f" && "$verify" -q --keyring "$T/keys/rsa2048.pub" "$f" &&
   [[ $("$verify" --keyring "$kr" "$f" | grep -c ': signature [0-9]/2: ') == 2 ]]; then
	ok "rollover: signed, --prepare --append, signed elsewhere, --attach --append: both keys' kernels accept it"
else
	nok "rollover: --prepare --append then --attach --append"
	sed 's/^/# /' "$T/err"
fi
