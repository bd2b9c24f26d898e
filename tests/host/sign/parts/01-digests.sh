# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "digests": the key and digest matrix, digests too short for the key (sign.c, packet.c, preflight.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=digests runs it alone).

# --- key x digest matrix --------------------------------------------------------
matrix=()
for a in "${algos[@]}"; do
	# (gpg signs with P-384 only with a digest of 384 bits or more)
	if [[ $a == nistp384 ]]; then
		matrix+=("$a sha384" "$a sha512")
	else
		matrix+=("$a sha256" "$a sha512")
	fi
done
matrix+=("rsa2048 sha224" "rsa2048 sha384" "ed25519 sha384")
for kd in "${matrix[@]}"; do
	read -r a d <<< "$kd"
	f=$T/m/$a-$d.ko
	cp -- "$base" "$f"
	if ! "$sign" --quiet --homedir "$H" --local-user "${fpr[$a]}" --digest "$d" "$f" 2> "$T/err"; then
		nok "sign $a $d"
		sed 's/^/# /' "$T/err"
		continue
	fi
	check "$a $d: verify-module.sh, gpgv and sqv accept" all_accept "$T/all.pub" "$f"
	out=$("$verify" --keyring "$T/all.pub" "$f" 2>&1 || true)
	if grep -q "signer ${fpr[$a]} .* digest ${d^^} created .*: good" <<< "$out"; then
		ok "$a $d: verify-module.sh reports signer, digest and verdict"
	else
		nok "$a $d: verify-module.sh reports signer, digest and verdict"
		sed 's/^/# /' <<< "$out"
	fi
done

# --- digests too short for the key ------------------------------------------------
# RFC 9580 forbids a DSA digest shorter than q and Ed25519 below 256 bits; gpgv
# accepts both, the kernel refuses them (ENOPKG), so verify-module.sh must too
# (the kernel agreement check below compares the same files).
# gpg itself will not make a DSA signature over a digest shorter than q:
f=$T/m/short-dsa3072-sha224.ko
cp -- "$base" "$f"
if ! "$sign" --quiet --homedir "$H" --local-user "${fpr[dsa3072]}" --digest sha224 "$f" 2> /dev/null &&
   cmp -s "$base" "$f"; then
	ok "dsa3072 sha224 (digest shorter than q): the signer refuses, module unchanged"
else
	nok "dsa3072 sha224 (digest shorter than q): the signer refuses, module unchanged"
fi
rm -f -- "$f"
# short_digest_case KEYRING MODULE WANT: verify-module.sh's verdict (good or short)
short_digest_case()
{
	local kr=$1 f=$2 want=$3 rc=0 out

	out=$("$verify" --keyring "$kr" "$f" 2>&1) || rc=$?
	if [[ $want == good ]] && ((rc == 0)) && grep -q ": good (1 of 1" <<< "$out"; then
		ok "${f##*/}: verify-module.sh accepts (the control)"
	elif [[ $want == short ]] && ((rc == 1)) &&
	     grep -q "digest 224 bits is shorter than .*(the kernel refuses it, ENOPKG)" <<< "$out"; then
		ok "${f##*/}: verify-module.sh refuses a digest shorter than the key needs, as the kernel does"
	else
		nok "${f##*/}: verify-module.sh says $want (exit $rc)"
		sed 's/^/# /' <<< "$out"
	fi
}
# ... so the DSA case is crafted (tests/vectors/pgpcraft.py: q of 256 bits, SHA-224 and
# a SHA-256 control); gpg signs Ed25519 over SHA-224 when asked.
if python3 "$top/tests/vectors/pgpcraft.py" weak-module "$T/m/ed25519-sha512.ko" "$T/weak-dsa" \
	2> "$T/err"; then
	cp -- "$T/weak-dsa/dsa-q256-sha224.ko" "$T/weak-dsa/dsa-q256-sha256.ko" "$T/m/"
	short_digest_case "$T/weak-dsa/dsa-q256.pub" "$T/m/dsa-q256-sha256.ko" good
	short_digest_case "$T/weak-dsa/dsa-q256.pub" "$T/m/dsa-q256-sha224.ko" short
else
	nok "pgpcraft.py weak-module: DSA q=256 modules"
	sed 's/^/# /' "$T/err"
fi
# The signer refuses to make what the kernel refuses (with the kernel's rule:
# pgp_sig_verify_digest()'s digest size), through gpg and through gpg-agent ...
f=$T/m/short-ed25519-sha224.ko
cp -- "$base" "$f"
want="a 224-bit digest is too short for EdDSA-ed25519 keys (ENOPKG): use --digest sha256 or longer"
expect_fail "ed25519 sha224: the signer refuses it before signing, with the kernel's reason" \
	"$f" "$sign" --quiet --homedir "$H" --local-user "${fpr[ed25519]}" --digest sha224 "$f"
want="too short for EdDSA-ed25519"
expect_fail "ed25519 sha224 through gpg-agent (--agent): refused" \
	"$f" "$sign" --quiet --agent --homedir "$H" --local-user "${fpr[ed25519]}" --digest sha224 "$f"
if [[ -n ${fpr[nistp384]:-} ]]; then
	want="a 256-bit digest is too short for ECDSA-nistp384 keys (ENOPKG): use --digest sha384 or longer"
	expect_fail "nistp384 sha256: the signer refuses it, naming the digest to use" \
		"$f" "$sign" --quiet --homedir "$H" --local-user "${fpr[nistp384]}" --digest sha256 "$f"
fi
# ... so the module for verify-module.sh is made by gpg and written with dd.
if "$sign" -q --prepare "$f" && rm -f -- "$f.tbs.sig" &&
   gpg --homedir "$H" --batch --local-user "${fpr[ed25519]}" --digest-algo sha224 \
	--detach-sign -o "$f.sig" -- "$f.tbs" 2> "$T/err" && raw_attach "$f" "$f.sig"; then
	rm -f -- "$f.tbs" "$f.sig"
	short_digest_case "$T/all.pub" "$f" short
else
	nok "ed25519 sha224 signature made by gpg and written with dd (for verify-module.sh)"
	sed 's/^/# /' "$T/err"
fi

# Reference signed module for the rest: Ed25519, the default digest.
