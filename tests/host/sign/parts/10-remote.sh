# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "remote": --prepare, a detached signature made elsewhere, --attach (remote.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=remote runs it alone).

# --- signing elsewhere: --prepare, a detached signature made by another
# GnuPG home (the build side has only the public key), --attach -------------
RS=$T/keys/remote
homes+=("$RS")
mkdir -m 700 "$RS"
gpg --homedir "$T/keys/ed25519" --batch --export-secret-keys 2> /dev/null |
	gpg --homedir "$RS" --batch --import > /dev/null 2>&1
for c in ko ko.xz; do
	f=$T/ma/remote.$c
	if [[ $c == ko ]]; then cp -- "$base" "$f"; else xz --check=crc32 -c "$base" > "$f"; fi
	rm -f -- "$f.tbs" "$f.sig"
	if "$sign" -q --prepare "$f" 2> "$T/err" && [[ -s $f.tbs ]] &&
	   gpg --homedir "$RS" --batch --yes --detach-sign --digest-algo SHA512 -o "$f.sig" "$f.tbs" 2>> "$T/err" &&
	   env GNUPGHOME="$T/empty-gnupg" "$sign" -q --attach --keyring "$kr" "$f" 2>> "$T/err"; then
		check "remote signing ($c): prepare, gpg elsewhere, attach (gpgv): verifies three ways" all_accept "$kr" "$f"
	else
		nok "remote signing ($c): prepare, gpg elsewhere, attach"
		sed 's/^/# /' "$T/err"
	fi
done
f=$T/ma/remote2.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
gpg --homedir "$RS" --batch --yes --detach-sign -o "$f.sig" "$f.tbs" 2> /dev/null
if "$sign" -q --attach --sqv --keyring "$T/ed25519.asc" "$f" 2> "$T/err"; then
	check "remote signing: attach checked with sqv (armoured keyring): verifies three ways" all_accept "$kr" "$f"
else
	nok "remote signing: attach checked with sqv"
	sed 's/^/# /' "$T/err"
fi
if command -v sq > /dev/null 2>&1; then
	f=$T/ma/remote-sq.ko
	cp -- "$base" "$f"
	"$sign" -q --prepare "$f"
	gpg --homedir "$RS" --batch --export-secret-keys > "$T/remote.tsk" 2> /dev/null
	# sq 0.27 (Debian 12) names the key --signer-key, later versions --signer-file
	sqkey=--signer-key
	sq sign --help 2> /dev/null | grep -q -- --signer-file && sqkey=--signer-file
	if sq sign --detached "$sqkey" "$T/remote.tsk" --binary "$f.tbs" > "$f.sig" 2> "$T/err" &&
	   "$sign" -q --attach --sqv --keyring "$kr" "$f" 2>> "$T/err"; then
		check "remote signing with sq (Sequoia) as the signer: verifies three ways" all_accept "$kr" "$f"
	else
		nok "remote signing with sq as the signer"
		sed 's/^/# /' "$T/err"
	fi
else
	deps_result "remote signing with sq as the signer" sq
fi
# A signature with a binary notation (Sequoia salts each signature so): its
# raw bytes in gpgv's status lines must not hide the VALIDSIG line after them
# (in a UTF-8 locale a trailing 0xeb took the newline with it).
f=$T/ma/notation.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
if python3 "$top/tests/vectors/pgpcraft.py" notation-sig "$f.tbs" "$T/note" &&
   cp -- "$T/note/ed.sig" "$f.sig" && "$sign" -q --attach --keyring "$T/note/ed.pub" "$f" 2> "$T/err"; then
	check "a signature with a binary notation (raw bytes in gpgv's status): verifies three ways" \
		all_accept "$T/note/ed.pub" "$f"
else
	nok "a signature with a binary notation: made and attached"
	sed 's/^/# /' "$T/err"
fi
f=$T/ma/remote3.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
gpg --homedir "$T/keys/untrusted" --batch --yes --detach-sign -o "$f.sig" "$f.tbs" 2> /dev/null
want="does not verify"
expect_fail "remote signing: a signature by another key is refused" "$f" \
	"$sign" -q --attach --keyring "$kr" "$f"
gpg --homedir "$RS" --batch --yes --detach-sign -o "$f.sig" "$T/blob" 2> /dev/null
want="does not verify"
expect_fail "remote signing: a signature over other data is refused" "$f" \
	"$sign" -q --attach --keyring "$kr" "$f"
rc=0
"$verify" --keyring "$kr" "$f" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok "prepared but not attached: the empty placeholder is refused (exit 1)" ||
	nok "prepared but not attached: the empty placeholder is refused (exit $rc)"
