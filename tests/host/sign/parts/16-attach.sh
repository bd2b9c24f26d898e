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
