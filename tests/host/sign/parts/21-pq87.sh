# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "pq87": ML-DSA-87+Ed448 (RFC 9980, algorithm 31) and v6 Ed448 (RFC
# 9580, algorithm 28) in the tool: its ML-DSA-87 signer against @noble/post-quantum byte for
# byte, --secret-key signing (Ed448 through libcrypto) read back and verified by the kernel's
# code and the test side's verifier (tests/vectors/pgpv6.mjs: noble) and, for Ed448, by
# OpenPGP.js, --gen-key and the build's throw-away key (pgp-modsign-genkey.sh --algo
# mldsa87-ed448), --attach of signatures made elsewhere, a rollover beside gpg's v4
# signature, and verify-module.sh --pq-only (only post-quantum signatures count).
# Sourced by run.sh after its setup (SIGN_TEST_PART=pq87 runs it alone).

pgpv6=$top/tests/vectors/pgpv6.mjs
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if ! node_env --check 2> /dev/null; then
	skip "ML-DSA-87+Ed448 signing: node or build/node missing (make deps, mk/node-deps.sh)"
else
P=$T/pq87
mkdir -p "$P"
node "$pgpv6" seckey mldsa87-ed448:host-sign-87 > "$P/pq.sec"
node "$pgpv6" cert mldsa87-ed448:host-sign-87 > "$P/pq.pub"
node "$pgpv6" seckey ed448:host-sign-448 > "$P/ed.sec"
node "$pgpv6" cert ed448:host-sign-448 > "$P/ed.pub"
# p87_agree NAME CERT [ojs]: the signature the tool wrote into $P/NAME.ko as the kernel's
# code reads it back (--verify --data), verified by the test side's verifier (and OpenPGP.js)
p87_agree()
{
	local d=$P/$1.d

	rm -rf -- "$d"
	mkdir -p "$d"
	"$sign" --verify --keyring "$2" --data "$d" "$P/$1.ko" > "$d/out" || return 1
	node "$pgpv6" verify "$2" "$d/sig.1" "$d/data" | grep -q '^OK ' || return 1
	[[ -z ${3:-} ]] || node "$pgpv6" openpgpjs-verify "$2" "$d/sig.1" "$d/data" | grep -q '^OK '
}

# --- the tool's ML-DSA-87 signer against @noble/post-quantum (mldsa_sign_test --set 87)
if objs=$(bash "$scripts/pgp-sign-module-build.sh" --objects "$P/objs/tool" 2> "$T/err") &&
   gcc -O2 -o "$P/mldsa_sign_test" "$here/mldsa_sign_test.c" $objs -lcrypto -llzma 2>> "$T/err"; then
	for c in 1 2 3; do
		seed=$(printf 'seed87 %d' "$c" | sha256sum | cut -c1-64)
		rnd=$(printf 'rnd87 %d' "$c" | sha256sum | cut -c1-64)
		msg=$(printf 'message87 %d' "$c" | sha512sum | cut -c1-128)
		if "$P/mldsa_sign_test" --set 87 "$seed" "$rnd" "$msg" > "$P/kat.$c" &&
		   node --input-type=module -e "
const { ml_dsa87 } = await import('$NODE_MODULES_DIR/@noble/post-quantum/ml-dsa.js');
const fs = await import('node:fs');
const [pk, sig] = fs.readFileSync('$P/kat.$c', 'utf8').split('\n');
const h = (s) => Uint8Array.from(Buffer.from(s, 'hex'));
const kp = ml_dsa87.keygen(h('$seed'));
const s2 = ml_dsa87.sign(h('$msg'), kp.secretKey, { extraEntropy: h('$rnd') });
if (Buffer.from(kp.publicKey).toString('hex') !== pk) throw new Error('public keys differ');
if (Buffer.from(s2).toString('hex') !== sig) throw new Error('signatures differ');"; then
			ok "ML-DSA-87 signer, case $c: the kernel verifies it; key and signature equal @noble/post-quantum's"
		else
			nok "ML-DSA-87 signer, case $c"
		fi
	done
else
	nok "ML-DSA-87 signer test: build"
	sed 's/^/# /' "$T/err"
fi

# --- --secret-key: ML-DSA-87+Ed448 over three hashes, Ed448 over SHA-512 (the tool's
# --digest has no SHA-3; --attach takes SHA3-512 signatures below)
for c in "pq sha512" "pq sha256" "pq sha384" "ed sha512 ojs"; do
	read -r who h o <<< "$c"
	name=local-$who-$h
	f=$P/$name.ko
	cp -- "$base" "$f"
	desc="--secret-key ($who, $h)"
	if "$sign" -q --secret-key "$P/$who.sec" --digest "$h" "$f" 2> "$T/err"; then
		also=
		[[ -n $o ]] && also=" and OpenPGP.js"
		check "$desc: the kernel's code and the test side's verifier$also agree" \
			p87_agree "$name" "$P/$who.pub" $o
		"$verify" --keyring "$P/$who.pub" "$f" > "$T/out" 2>&1 &&
			grep -q "good (the kernel's code; not checked by gpgv: v6)" "$T/out" &&
			ok "$desc: verify-module.sh good" ||
			{ nok "$desc: verify-module.sh"; sed 's/^/# /' "$T/out"; }
	else
		nok "$desc"
		sed 's/^/# /' "$T/err"
	fi
done
f=$P/local-ed-256.ko
cp -- "$base" "$f"
want="512 bits\|digest\|ENOPKG"
expect_fail "--secret-key Ed448 with SHA-256 (RFC 9580: 512 bits for Ed448): refused" "$f" \
	"$sign" -q --secret-key "$P/ed.sec" --digest sha256 "$f"
read -r o s < <(sec module_sig "$P/local-pq-sha512.ko")
[[ $s == 8192 ]] && ok "--secret-key with an ML-DSA-87+Ed448 key: module_sig of 8192 bytes" ||
	nok "--secret-key with an ML-DSA-87+Ed448 key: module_sig of $s bytes"
# broken secret key files: the Ed448 secret (57) then the ML-DSA-87 seed (32) end the packet
read -r b0 b1 b2 < <(od -An -t u1 -N 3 -- "$P/pq.sec")
end=$((3 + (b1 - 192) * 256 + b2 + 192))
f=$P/local-broken.ko
cp -- "$base" "$f"
for c in "ML-DSA-87 seed:1:ML-DSA-87 seed does not give its public key" \
	"Ed448 secret:40:Ed448 secret key does not match"; do
	IFS=: read -r what back want <<< "$c"
	cp -- "$P/pq.sec" "$P/broken.sec"
	flip "$P/broken.sec" $((end - back))
	expect_fail "--secret-key with its $what changed: refused" "$f" \
		"$sign" -q --secret-key "$P/broken.sec" "$f"
done

# --- rollover: gpg's v4 Ed25519 signature, then the composite appended; --pq-only
f=$P/roll.ko
cp -- "$base" "$f"
cat -- "$kr" "$P/pq.pub" > "$P/all.pub"
if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 8192 "$f" 2> "$T/err" &&
   "$sign" -q --append --secret-key "$P/pq.sec" "$f" 2>> "$T/err" &&
   "$verify" --keyring "$P/all.pub" "$f" > "$T/out" 2>&1 && grep -q "good (2 of 2" "$T/out"; then
	ok "rollover: gpg's v4 Ed25519 signature and an ML-DSA-87+Ed448 one appended: both verify"
else
	nok "rollover: gpg's v4 Ed25519 signature and an ML-DSA-87+Ed448 one appended"
	sed 's/^/# /' "$T/err" "$T/out"
fi
"$verify" --pq-only --keyring "$P/all.pub" "$f" > "$T/out" 2>&1 &&
	grep -q "good (1 of 2" "$T/out" && grep -q "only post-quantum signatures count" "$T/out" &&
	ok "verify-module.sh --pq-only on the rollover module: good by the composite, the v4 signature not counted" ||
	{ nok "verify-module.sh --pq-only on the rollover module"; sed 's/^/# /' "$T/out"; }
# the same with a well-formed appended PKCS#7 block (id_type 2, zero parameters) of 40 random
# bytes: the kernel checks it first, also with pgp_keys.pq_only=1, and refuses these (its
# PKCS#7 parser: EBADMSG) before it reads module_sig; a good one would not count there, a bad
# one still refuses the module.  So with --pq-only too: exit 3, the kernel's to check first,
# never "good" (exit 0).
cp -- "$f" "$P/roll-p7.ko"
{ head -c 40 /dev/urandom; printf '\0\0\002\0\0\0\0\0\0\0\0\050~Module signature appended~\n'; } \
	>> "$P/roll-p7.ko"
rc=0
"$verify" --pq-only --keyring "$P/all.pub" "$P/roll-p7.ko" > "$T/out" 2>&1 || rc=$?
((rc == 3)) && grep -q "good OpenPGP signature (1 of 2 .*the kernel checks it first" "$T/out" &&
	ok "verify-module.sh --pq-only on the rollover module with an appended PKCS#7 block: exit 3, the kernel checks the block first (a bad one refuses the module)" ||
	{ nok "verify-module.sh --pq-only with an appended PKCS#7 block: exit $rc, want 3"; sed 's/^/# /' "$T/out"; }
f=$P/classical.ko
cp -- "$base" "$f"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$f" 2> "$T/err"
if ! "$verify" --pq-only --keyring "$P/all.pub" "$f" > "$T/out" 2>&1 &&
   grep -q "BAD (.*only post-quantum signatures count (--pq-only, ENOKEY)" "$T/out" &&
   "$verify" -q --keyring "$P/all.pub" "$f"; then
	ok "verify-module.sh --pq-only on a module signed by gpg's v4 key only: BAD, ENOKEY (good without it)"
else
	nok "verify-module.sh --pq-only on a classical-only module"
	sed 's/^/# /' "$T/out"
fi

# --- --attach of an ML-DSA-87+Ed448 signature made elsewhere (SHA3-512), and one with its
# ML-DSA-87 half broken (refused, the module unchanged)
f=$P/remote.ko
cp -- "$base" "$f"
rm -f -- "$f.tbs" "$f.sig"
if "$sign" -q --prepare "$f" 2> "$T/err" &&
   node "$pgpv6" sign mldsa87-ed448:host-sign-87 --hash sha3-512 < "$f.tbs" > "$f.sig" &&
   "$sign" -q --attach --keyring "$P/pq.pub" "$f" 2>> "$T/err" &&
   "$verify" --keyring "$P/pq.pub" "$f" > "$T/out" 2>&1 &&
   grep -q "algo mldsa87-ed448 digest SHA3-512 .*good (the kernel's code; not checked by gpgv: v6)" "$T/out"; then
	ok "--attach of an ML-DSA-87+Ed448 signature made elsewhere: attached, verify-module.sh good"
else
	nok "--attach of an ML-DSA-87+Ed448 signature made elsewhere"
	sed 's/^/# /' "$T/err" "$T/out"
fi
f=$P/remote-bad.ko
cp -- "$base" "$f"
rm -f -- "$f.tbs" "$f.sig"
"$sign" -q --prepare "$f" 2> "$T/err"
node "$pgpv6" sign mldsa87-ed448:host-sign-87 --hash sha512 < "$f.tbs" > "$f.sig"
flip "$f.sig" $(($(stat -c %s "$f.sig") - 200))
want="EKEYREJECTED\|bad signature\|does not verify"
expect_fail "--attach of an ML-DSA-87+Ed448 signature, its ML-DSA-87 half changed: refused" "$f" \
	"$sign" -q --attach --keyring "$P/pq.pub" "$f"

# --- the build's throw-away key: pgp-modsign-genkey.sh --algo mldsa87-ed448 (--gen-key)
gh=$T/keys/v6-mldsa87-ed448
if f6=$(SOURCE_DATE_EPOCH=$key_epoch "$genkey" --homedir "$gh" --algo mldsa87-ed448 \
	--name "Build time autogenerated kernel key" --export "$P/gen.pgp" 2> "$T/err") &&
   [[ $f6 =~ ^[0-9A-F]{64}$ && $(stat -c %a "$gh/pgp-modsign-v6.key") == 600 ]]; then
	ok "genkey --algo mldsa87-ed448: a v6 key, fingerprint $f6, secret key file mode 0600"
	f=$P/gen.ko
	cp -- "$base" "$f"
	if "$sign" -q --homedir "$gh" "$f" 2> "$T/err" &&
	   "$verify" --keyring "$P/gen.pgp" "$f" > "$T/out" 2>&1 &&
	   grep -q "signer $f6 algo mldsa87-ed448 .*good (the kernel's code; not checked by gpgv: v6)" "$T/out"; then
		ok "sign-module.sh --homedir with genkey's mldsa87-ed448 key: signed by it, verifies"
	else
		nok "sign-module.sh --homedir with genkey's mldsa87-ed448 key"
		sed 's/^/# /' "$T/err" "$T/out"
	fi
	check "genkey's mldsa87-ed448 key: the kernel's code and the test side's verifier agree" \
		p87_agree gen "$P/gen.pgp"
else
	nok "genkey --algo mldsa87-ed448"
	sed 's/^/# /' "$T/err"
	nok "sign-module.sh --homedir with genkey's mldsa87-ed448 key: no key"
	nok "genkey's mldsa87-ed448 key: no key"
fi
fi
