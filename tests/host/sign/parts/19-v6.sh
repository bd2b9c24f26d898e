# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "v6": remote signing with OpenPGP v6 (RFC 9580) and ML-DSA-65+Ed25519
# (RFC 9980) signatures made elsewhere, the test side's signer (tests/vectors/pgpv6.mjs:
# @noble/post-quantum, @noble/curves) and OpenPGP.js (openpgpjs.mjs), each checked by the
# kernel's code in the tool before anything is written (remote.c, v6.c), and
# verify-module.sh's report on them ("not checked by gpgv: v6", never bad).
# Sourced by run.sh after its setup (SIGN_TEST_PART=v6 runs it alone).

pgpv6=$top/tests/vectors/pgpv6.mjs
ojs=$here/openpgpjs.mjs
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if ! node_env --check 2> /dev/null; then
	skip "v6 remote signing: node or build/node missing (make deps, mk/node-deps.sh)"
else
V=$T/v6
mkdir -p "$V"
node "$pgpv6" cert mldsa65-ed25519:host-sign-pq > "$V/pq.pub"
node "$pgpv6" cert mldsa65-ed25519:host-sign-other > "$V/other.pub"
node "$pgpv6" cert ed25519:host-sign-ed > "$V/ed.pub"
node "$ojs" keygen "$V/oj.pub" "$V/oj.sec"
# the v4 keyring of the setup beside the v6 certificates: gpgv 2.2 refuses a keyring that
# holds a v6 key, so the tool must give it the v4 keys alone
cat -- "$kr" "$V/pq.pub" "$V/ed.pub" "$V/oj.pub" > "$V/all.pub"

# v6_prepare NAME [OPTS]: $V/NAME.ko prepared, its signed data kept in $V/NAME.tbs
v6_prepare()
{
	local f=$V/$1.ko

	shift
	cp -- "$base" "$f"
	rm -f -- "$f.tbs" "$f.sig"
	"$sign" -q --prepare "$@" "$f" && cp -- "$f.tbs" "$V/${f##*/}.data"
}
# v6_sign SIGNER HASH < DATA > SIG: pq, ed, other (pgpv6.mjs) or oj (OpenPGP.js)
v6_sign()
{
	case $1 in
	pq) node "$pgpv6" sign mldsa65-ed25519:host-sign-pq --hash "$2" ;;
	other) node "$pgpv6" sign mldsa65-ed25519:host-sign-other --hash "$2" ;;
	ed) node "$pgpv6" sign ed25519:host-sign-ed --hash "$2" ;;
	oj) node "$ojs" sign "$V/oj.sec" --hash "$2" ;;
	esac
}
# v6_agree NAME CERT SIGNER: the signature the tool wrote into $V/NAME.ko, as the kernel's
# code reads it back (--verify --data), verified by the test side's verifier, and by
# OpenPGP.js for Ed25519 (it has no algorithm 30)
v6_agree()
{
	local d=$V/$1.d

	rm -rf -- "$d"
	mkdir -p "$d"
	"$sign" --verify --keyring "$2" --data "$d" "$V/$1.ko" > "$d/out" || return 1
	node "$pgpv6" verify "$2" "$d/sig.1" "$d/data" | grep -q '^OK ' || return 1
	[[ $3 == pq || $3 == other ]] && return 0
	node "$ojs" verify "$2" "$d/sig.1" "$d/data" | grep -q '^OK '
}

f=$V/size.ko
v6_prepare size
read -r o s < <(sec module_sig "$f")
[[ $s == 8192 ]] && ok "--prepare without --reserve: a module_sig of 8192 bytes (room for ML-DSA-65+Ed25519)" ||
	nok "--prepare without --reserve: module_sig of $s bytes, not 8192"

# --- the tool's ML-DSA-65 signer against @noble/post-quantum: the same public key and, for
# the same rnd, the same signature byte for byte (mldsa_sign_test.c, the tool's objects)
if objs=$(bash "$scripts/pgp-sign-module-build.sh" --objects "$V/objs/tool" 2> "$T/err") &&
   gcc -O2 -o "$V/mldsa_sign_test" "$here/mldsa_sign_test.c" $objs -lcrypto -llzma 2>> "$T/err"; then
	for c in 1 2 3; do
		seed=$(printf 'seed %d' "$c" | sha256sum | cut -c1-64)
		rnd=$(printf 'rnd %d' "$c" | sha256sum | cut -c1-64)
		msg=$(printf 'message %d' "$c" | sha512sum | cut -c1-128)
		if "$V/mldsa_sign_test" "$seed" "$rnd" "$msg" > "$V/kat.$c" &&
		   node --input-type=module -e "
const { ml_dsa65 } = await import('$top/build/node/node_modules/@noble/post-quantum/ml-dsa.js');
const fs = await import('node:fs');
const [pk, sig] = fs.readFileSync('$V/kat.$c', 'utf8').split('\n');
const h = (s) => Uint8Array.from(Buffer.from(s, 'hex'));
const kp = ml_dsa65.keygen(h('$seed'));
const s2 = ml_dsa65.sign(h('$msg'), kp.secretKey, { extraEntropy: h('$rnd') });
if (Buffer.from(kp.publicKey).toString('hex') !== pk) throw new Error('public keys differ');
if (Buffer.from(s2).toString('hex') !== sig) throw new Error('signatures differ');"; then
			ok "ML-DSA-65 signer, case $c: the kernel verifies it; key and signature equal @noble/post-quantum's"
		else
			nok "ML-DSA-65 signer, case $c"
		fi
	done
else
	nok "ML-DSA-65 signer test: build"
	sed 's/^/# /' "$T/err"
fi

# --- Argon2id (argon2.c) and the Argon2 S2K (s2k.c): RFC 9106's own vector, BLAKE2b against
# coreutils' b2sum, Argon2id against the reference implementation's argon2 command, and the
# Argon2 S2K specifiers seckey_unprotect() must refuse ------------------------------------
hx() { printf %s "$1" | od -An -tx1 -v | tr -d ' \n'; }
rep() { local i; for ((i = 0; i < $2; i++)); do printf %s "$1"; done; }
if [[ -n ${objs:-} ]] && gcc -O2 -o "$V/argon2_test" "$here/argon2_test.c" $objs -lcrypto -llzma 2> "$T/err"; then
	a2=$V/argon2_test
	# RFC 9106 5.3: Argon2id, t 3, p 4, m 32 KiB, a secret and associated data
	[[ $("$a2" argon2id 3 4 32 32 "$(rep 01 32)" "$(rep 02 16)" "$(rep 03 8)" "$(rep 04 12)") == \
	   0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659 ]] &&
		ok "Argon2id: RFC 9106's test vector (5.3)" || nok "Argon2id: RFC 9106's test vector (5.3)"
	bad=0
	for dl in 1 16 24 32 48 63 64; do
		for ml in 0 3 127 128 129 256 1000; do
			msg=$(head -c "$ml" /dev/zero | tr '\0' 'k')
			[[ $("$a2" blake2b "$dl" "$(hx "$msg")") == "$(printf %s "$msg" | b2sum -l $((8 * dl)) | cut -d' ' -f1)" ]] ||
				{ bad=$((bad + 1)); echo "# BLAKE2b-$((8 * dl)) of $ml octets differs from b2sum's"; }
		done
	done
	((bad == 0)) && ok "BLAKE2b: 49 digests (1 to 64 octets, inputs of 0 to 1000 octets) equal b2sum's" ||
		nok "BLAKE2b: $bad of 49 digests differ from b2sum's"
	if command -v argon2 > /dev/null; then
		bad=0
		for c in "3 4 16 32" "1 1 3 16" "2 3 10 24" "4 2 12 100" "1 1 8 64" "1 1 8 65" "2 8 11 4"; do
			read -r at ap am al <<< "$c"
			[[ $(printf %s "module signing pass" | argon2 saltsaltsaltsalt -id -t "$at" -p "$ap" -m "$am" -l "$al" -r) == \
			   "$("$a2" argon2id "$at" "$ap" $((1 << am)) "$al" "$(hx "module signing pass")" "$(hx saltsaltsaltsalt)")" ]] ||
				{ bad=$((bad + 1)); echo "# Argon2id t $at p $ap m 2^$am, $al octets: differs from argon2's"; }
		done
		((bad == 0)) && ok "Argon2id: 7 parameter sets (up to 64 MiB in 4 lanes, tags of 4 to 100 octets) equal the argon2 command's" ||
			nok "Argon2id: $bad of 7 parameter sets differ from the argon2 command's"
	else
		deps_result "Argon2id against the argon2 command" argon2
	fi
	# big-endian: argon2.c for s390x under qemu-s390x (make deps), OPENSSL_cleanse() from a
	# stand-in header; the same vector and BLAKE2b-512("abc")
	if be_skip=$(deps_unavailable qemu-user libc6-dev-s390x-cross binutils-s390x-linux-gnu \
		libgcc-12-dev-s390x-cross); then
		skip "Argon2id big-endian: $be_skip"
	elif command -v clang > /dev/null && command -v qemu-s390x > /dev/null; then
		mkdir -p "$V/be/openssl"
		printf '#include <string.h>\n#define OPENSSL_cleanse(p, n) memset((p), 0, (n))\n' \
			> "$V/be/openssl/crypto.h"
		if clang --target=s390x-linux-gnu -static -O2 -w -I"$V/be" -I"$top/scripts/pgp-shim" \
			-I"$top/include" -o "$V/be/argon2" "$here/argon2_be.c" "$top/scripts/pgp-sign/argon2.c" \
			2> "$T/err" && [[ $(qemu-s390x "$V/be/argon2" | tr '\n' ' ') == \
			"0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659 ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923 " ]]; then
			ok "Argon2id and BLAKE2b big-endian (s390x, qemu-s390x): RFC 9106's and RFC 7693's vectors"
		else
			nok "Argon2id and BLAKE2b big-endian (s390x, qemu-s390x)"
			sed 's/^/# /' "$T/err" | head -n 5
		fi
	else
		deps_result "Argon2id big-endian" qemu-user clang
	fi
	# seckey_unprotect() on protection fields (usage 253: count, AES-256, OCB, the S2K, a
	# nonce of 15, a 16-octet tag); the Argon2 specifier: 4, salt, t, p, encoded_m
	spec() { printf '04%s%02x%02x%02x' "$(rep 5a 16)" "$1" "$2" "$3"; }
	aead() { printf '%02x0902%02x%s%s%s' $((3 + ${#1} / 2 + 15)) $((${#1} / 2)) "$1" "$(rep 00 15)" "$(rep 00 48)"; }
	for c in "253 $(aead "$(spec 3 4 16)")|wrong passphrase" \
		"254 26091404$(rep 5a 16)030410$(rep 00 16)$(rep 00 48)|the Argon2 S2K with usage 254, not AEAD 253" \
		"253 $(aead "$(spec 0 4 16)")|malformed Argon2 S2K specifier (t 0, p 4, encoded_m 16)" \
		"253 $(aead "$(spec 1 0 16)")|malformed Argon2 S2K specifier (t 1, p 0, encoded_m 16)" \
		"253 $(aead "$(spec 1 4 4)")|malformed Argon2 S2K specifier (t 1, p 4, encoded_m 4)" \
		"253 $(aead "$(spec 1 5 5)")|malformed Argon2 S2K specifier (t 1, p 5, encoded_m 5)" \
		"253 $(aead "$(spec 1 1 32)")|malformed Argon2 S2K specifier (t 1, p 1, encoded_m 32)" \
		"253 $(aead "$(spec 1 1 22)")|asks for 4096 MiB and 1 passes: more than this tool gives" \
		"253 $(aead "$(spec 9 1 21)")|asks for 2048 MiB and 9 passes: more than this tool gives" \
		"253 $(aead "$(spec 1 1 3 | cut -c3-)")|the secret key's S2K type 90 is not supported" \
		"253 $(aead "$(spec 1 1 3)00")|malformed Argon2 S2K specifier (21 octets, not 20)"; do
		want=${c#*|}
		read -r u f <<< "${c%%|*}"
		out=$("$a2" s2k "$u" "$f" "module signing pass") || true
		[[ $out == *"$want"* ]] && ok "Argon2 S2K refused: $want" ||
			nok "Argon2 S2K: wanted \"$want\", got \"$out\""
	done
else
	nok "Argon2 test: build"
	sed 's/^/# /' "$T/err"
fi

# --- good signatures: attached, verified by the kernel's code, the independent verifiers,
# verify-module.sh with gpgv and with sqv -------------------------------------------------
for c in "pq sha512 pq.pub" "pq sha256 pq.pub" "pq sha3-256 pq.pub" "ed sha512 ed.pub" \
	"ed sha256 ed.pub" "oj sha512 oj.pub" "oj sha3-512 oj.pub" "pq sha512 all.pub"; do
	read -r who h cert <<< "$c"
	name=good-$who-$h-${cert%.pub}
	f=$V/$name.ko
	desc="v6 remote signing ($who, $h, keyring ${cert%.pub})"
	if v6_prepare "$name" && v6_sign "$who" "$h" < "$f.tbs" > "$f.sig" &&
	   "$sign" --attach --keyring "$V/$cert" "$f" 2> "$T/err"; then
		grep -q "not checked by gpgv: v6 (it reads v4 only); the kernel's check passed" "$T/err" &&
			ok "$desc: attached, with a note that gpgv did not check it" ||
			nok "$desc: attached, but no note about gpgv ($(head -c 200 "$T/err"))"
		check "$desc: the kernel's code, the test side's verifier and OpenPGP.js agree" \
			v6_agree "$name" "$V/$cert" "$who"
		for vo in gpgv sqv; do
			o=()
			[[ $vo == sqv ]] && o=(--sqv)
			if "$verify" "${o[@]}" --keyring "$V/$cert" "$f" > "$T/out" 2>&1 &&
			   grep -q "good (the kernel's code; not checked by $vo: v6)" "$T/out" &&
			   grep -q ": good (1 of 1 signatures verified)" "$T/out" && ! grep -qE "BAD[ :]" "$T/out"; then
				ok "$desc: verify-module.sh ($vo): good, 'not checked by $vo: v6'"
			else
				nok "$desc: verify-module.sh ($vo)"
				sed 's/^/# /' "$T/out"
			fi
		done
	else
		nok "$desc: attach"
		sed 's/^/# /' "$T/err"
	fi
done

# --- refused before anything is written ---------------------------------------------------
# flip_at FILE OFFSET-FROM-END: one bit of the byte that far before the end changed
flip_at()
{
	flip "$1" $(($(stat -c %s "$1") - $2))
}
v6_prepare broken
f=$V/broken.ko
v6_sign pq sha512 < "$f.tbs" > "$V/pq.sig"
# the composite signature ends with Ed25519 (64 octets) then ML-DSA-65 (3309)
for c in "ML-DSA-65 half:1000" "Ed25519 half:3340" "ML-DSA-65 hint:3" "salt:3400"; do
	cp -- "$V/pq.sig" "$f.sig"
	flip_at "$f.sig" "${c#*:}"
	want="does not verify with .*EKEYREJECTED"
	expect_fail "v6 --attach: a composite signature with its ${c%%:*} changed is refused" "$f" \
		"$sign" -q --attach --keyring "$V/all.pub" "$f"
done
v6_sign other sha512 < "$f.tbs" > "$f.sig"
want="does not verify with .*ENOKEY"
expect_fail "v6 --attach: a composite signature by a v6 key not in the keyring is refused" "$f" \
	"$sign" -q --attach --keyring "$V/all.pub" "$f"
v6_sign pq sha512 < "$T/blob" > "$f.sig"
want="does not verify with .*EKEYREJECTED"
expect_fail "v6 --attach: a composite signature over other data is refused" "$f" \
	"$sign" -q --attach --keyring "$V/all.pub" "$f"
v6_sign pq sha512 < "$f.tbs" > "$f.sig"
want="ENOKEY: .*refused by the key policy"
expect_fail "v6 --attach: ML-DSA-65+Ed25519 for a kernel without CONFIG_CRYPTO_MLDSA_VERIFY (--algos): its key is refused" \
	"$f" "$sign" -q --attach --algos rsa,dsa,eddsa --keyring "$V/all.pub" "$f"
v6_prepare small --reserve 2048
f=$V/small.ko
v6_sign pq sha512 < "$f.tbs" > "$f.sig"
want="signature needs 3[0-9]* bytes but module_sig has 2048"
expect_fail "v6 --attach: a composite signature into a 2048-byte placeholder is refused" "$f" \
	"$sign" -q --attach --keyring "$V/all.pub" "$f"

# verify-module.sh: a kernel without ML-DSA refuses the composite; a tampered module is bad
f=$V/good-pq-sha512-pq.ko
if "$verify" --algos rsa,dsa,eddsa --keyring "$V/pq.pub" "$f" > "$T/out" 2>&1; then
	nok "verify-module.sh --algos without mldsa: a composite signature is refused"
	sed 's/^/# /' "$T/out"
else
	grep -q "key mldsa65-ed25519 is not supported by this kernel, ENOKEY" "$T/out" &&
		! grep -q ": good" "$T/out" &&
		ok "verify-module.sh --algos without mldsa: a composite signature is refused (not supported)" ||
		{ nok "verify-module.sh --algos without mldsa: the reason"; sed 's/^/# /' "$T/out"; }
fi
cp -- "$f" "$V/tampered.ko"
flip "$V/tampered.ko" 100
if "$verify" --keyring "$V/pq.pub" "$V/tampered.ko" > "$T/out" 2>&1; then
	nok "verify-module.sh: a tampered composite-signed module is bad"
	sed 's/^/# /' "$T/out"
else
	grep -q "BAD (bad signature" "$T/out" && ! grep -q "not checked" "$T/out" &&
		ok "verify-module.sh: a tampered composite-signed module is bad (the kernel's code)" ||
		{ nok "verify-module.sh: a tampered composite-signed module: the reason"; sed 's/^/# /' "$T/out"; }
fi

# --- rollover: a v4 signature by gpg, then ML-DSA-65+Ed25519 appended ---------------------
v6_prepare roll
f=$V/roll.ko
if gpg --homedir "$H" --batch --yes -u "${fpr[ed25519]}" --detach-sign -o "$f.sig" "$f.tbs" 2> "$T/err" &&
   "$sign" -q --attach --keyring "$V/all.pub" "$f" 2>> "$T/err" &&
   v6_sign pq sha512 < "$V/roll.ko.data" > "$f.sig" &&
   "$sign" -q --attach --append --keyring "$V/all.pub" "$f" 2>> "$T/err" &&
   v6_sign pq sha256 < "$V/roll.ko.data" > "$f.sig" &&
   "$sign" -q --attach --append --keyring "$V/all.pub" "$f" 2>> "$T/err"; then
	ok "rollover: a v4 Ed25519 signature (gpg) and two ML-DSA-65+Ed25519 appended fit the default placeholder"
	for vo in gpgv sqv; do
		o=()
		[[ $vo == sqv ]] && o=(--sqv)
		if "$verify" "${o[@]}" --keyring "$V/all.pub" "$f" > "$T/out" 2>&1 &&
		   grep -q ": good (3 of 3 signatures verified)" "$T/out" &&
		   (($(grep -c "not checked by $vo: v6" "$T/out") == 2)); then
			ok "rollover: verify-module.sh ($vo) with both keys: 3 of 3, the v4 one by $vo"
		else
			nok "rollover: verify-module.sh ($vo) with both keys"
			sed 's/^/# /' "$T/out"
		fi
	done
	# --json: the v6 signatures are good, with the note as their reason
	"$verify" --json --keyring "$V/all.pub" "$f" > "$T/json" 2>&1
	check "rollover: verify-module.sh --json: 3 good signatures, the v6 ones with a note" \
		python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d)
s = d[0]["signatures"]
assert d[0]["verdict"] == "good" and len(s) == 3, d
assert [x["verdict"] for x in s] == ["good"] * 3, s
assert s[0]["reason"] is None and s[0]["key"] == "EdDSA-ed25519", s[0]
for x in s[1:]:
    assert x["algorithm"] == "ML-DSA-65+Ed25519" and x["kernel"] == "0", x
    assert x["reason"] == "the kernel\x27s code; not checked by gpgv: v6", x' "$T/json"
	"$verify" --keyring "$kr" "$f" > "$T/out" 2>&1 && grep -q "good (1 of 3" "$T/out" &&
		ok "rollover: verify-module.sh with the v4 key alone: good by it (1 of 3)" ||
		{ nok "rollover: the v4 key alone"; sed 's/^/# /' "$T/out"; }
	"$verify" --keyring "$V/pq.pub" "$f" > "$T/out" 2>&1 && grep -q "good (2 of 3" "$T/out" &&
		ok "rollover: verify-module.sh with the composite key alone: good by it (2 of 3)" ||
		{ nok "rollover: the composite key alone"; sed 's/^/# /' "$T/out"; }
	# the first packet alone (gpgv 2.2 stops at a v6 one): gpg's, an old-format header
	# with a one- or two-octet length
	if raw_split "$f" "$V/raw" && read -r c0 l1 l2 < <(od -An -t u1 -N 3 -- "$V/raw/sig") &&
	   ((c0 == 0x88 || c0 == 0x89)); then
		((c0 == 0x88)) && l=$((l1 + 2)) || l=$((l1 * 256 + l2 + 3))
		head -c "$l" -- "$V/raw/sig" > "$V/raw/sig4"
		check "rollover: gpgv verifies the v4 signature on data rebuilt without the scripts" \
			gpgv --homedir "$T/empty-gnupg" --keyring "$kr" -- "$V/raw/sig4" "$V/raw/data"
	else
		nok "rollover: the v4 signature's packet"
	fi
else
	nok "rollover: a v4 signature, then ML-DSA-65+Ed25519 appended"
	sed 's/^/# /' "$T/err"
fi

# --- local signing with an RFC 9580 transferable secret key (--secret-key) ------------------
# Debian 12's sq makes no v6 keys: the secret key files come from the test side's signer
# (pgpv6.mjs seckey: composite, and a certify-only primary with a composite signing subkey)
# and from OpenPGP.js (v6 Ed25519).  Each signature the tool makes is read back and
# verified by the kernel's code, the test side's verifier and, for Ed25519, OpenPGP.js.
node "$pgpv6" seckey mldsa65-ed25519:host-sign-pq > "$V/pq.sec"
node "$pgpv6" seckey ed25519:host-sign-prim --flags 1 --sub mldsa65-ed25519:host-sign-sub > "$V/sub.sec"
node "$pgpv6" cert ed25519:host-sign-prim --flags 1 --sub mldsa65-ed25519:host-sign-sub > "$V/sub.pub"
for c in "pq sha512 pq" "pq sha256 pq" "pq sha384 pq" "sub sha256 pq" "oj sha512 oj" "oj sha384 oj"; do
	read -r who h kind <<< "$c"
	name=local-$who-$h
	f=$V/$name.ko
	cp -- "$base" "$f"
	desc="--secret-key ($who, $h)"
	if "$sign" -q --secret-key "$V/$who.sec" --digest "$h" "$f" 2> "$T/err"; then
		also=
		[[ $kind == oj ]] && also=" and OpenPGP.js"
		check "$desc: the kernel's code and the test side's verifier$also agree" \
			v6_agree "$name" "$V/$who.pub" "$kind"
		"$verify" --keyring "$V/$who.pub" "$f" > "$T/out" 2>&1 &&
			grep -q "good (the kernel's code; not checked by gpgv: v6)" "$T/out" &&
			ok "$desc: verify-module.sh good" ||
			{ nok "$desc: verify-module.sh"; sed 's/^/# /' "$T/out"; }
	else
		nok "$desc"
		sed 's/^/# /' "$T/err"
	fi
done
read -r o s < <(sec module_sig "$V/local-pq-sha512.ko")
[[ $s == 8192 ]] && ok "--secret-key with a composite key: module_sig of 8192 bytes" ||
	nok "--secret-key with a composite key: module_sig of $s bytes"
# two modules, two jobs, compressed
cp -- "$base" "$V/j1.ko"
xz --check=crc32 -c "$base" > "$V/j2.ko.xz"
if "$sign" -q -j 2 --secret-key "$V/pq.sec" "$V/j1.ko" "$V/j2.ko.xz" 2> "$T/err" &&
   "$verify" -q --keyring "$V/pq.pub" "$V/j1.ko" "$V/j2.ko.xz"; then
	ok "--secret-key -j 2 over a .ko and a .ko.xz: both verify"
else
	nok "--secret-key -j 2"
	sed 's/^/# /' "$T/err"
fi
# local rollover: gpg's v4 signature in an 8192-byte placeholder, the composite appended
f=$V/lroll.ko
cp -- "$base" "$f"
if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 8192 "$f" 2> "$T/err" &&
   "$sign" -q --append --secret-key "$V/pq.sec" "$f" 2>> "$T/err" &&
   "$verify" --keyring "$V/all.pub" "$f" > "$T/out" 2>&1 && grep -q "good (2 of 2" "$T/out"; then
	ok "--secret-key --append after gpg's v4 signature: both verify (gpgv checks the v4 one)"
else
	nok "--secret-key --append after gpg's v4 signature"
	sed 's/^/# /' "$T/err" "$T/out"
fi
f=$V/lroll2.ko
cp -- "$base" "$f"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$f"
want="signature needs 3[0-9]* bytes but module_sig has 2048"
expect_fail "--secret-key --append into gpg's 2048-byte placeholder: refused" "$f" \
	"$sign" -q --append --secret-key "$V/pq.sec" "$f"

# broken secret key files: refused, the module unchanged
# the first packet (new format, a two-octet length): the composite's secret ends it, the
# Ed25519 secret (32) then the ML-DSA-65 seed (32), after the S2K usage octet
read -r b0 b1 b2 < <(od -An -t u1 -N 3 -- "$V/pq.sec")
end=$((3 + (b1 - 192) * 256 + b2 + 192))
f=$V/local-broken.ko
cp -- "$base" "$f"
for c in "ML-DSA-65 seed:1:does not give its public key" \
	"Ed25519 secret:33:Ed25519 secret key does not match" \
	"S2K usage (protected):65:passphrase-protected"; do
	IFS=: read -r what back want <<< "$c"
	cp -- "$V/pq.sec" "$V/broken.sec"
	flip "$V/broken.sec" $((end - back))
	expect_fail "--secret-key with its $what changed: refused" "$f" \
		"$sign" -q --secret-key "$V/broken.sec" "$f"
done
node "$pgpv6" seckey mldsa65-ed25519:host-sign-nosign --flags 1 > "$V/nosign.sec"
want="no key of it may sign"
expect_fail "--secret-key whose only key may not sign: refused" "$f" \
	"$sign" -q --secret-key "$V/nosign.sec" "$f"
# the kernel's keyring rules, as for gpg's keys: expired, revoked, back-dated (an hour's
# validity from 2024-01-01)
node "$pgpv6" seckey mldsa65-ed25519:host-sign-exp --expires 3600 > "$V/exp.sec"
node "$pgpv6" seckey mldsa65-ed25519:host-sign-rev --revoked > "$V/rev.sec"
want="the kernel would refuse this signature: key [0-9A-F]*: .*expired"
expect_fail "--secret-key with an expired key: refused with the kernel's reason" "$f" \
	"$sign" -q --secret-key "$V/exp.sec" "$f"
want="SOURCE_DATE_EPOCH dates the signature before that"
expect_fail "--secret-key with an expired key back-dated by SOURCE_DATE_EPOCH: refused" "$f" \
	env SOURCE_DATE_EPOCH=1704069000 "$sign" -q --secret-key "$V/exp.sec" "$f"
want="no key of it may sign: key [0-9A-F]*: .*revoked"
expect_fail "--secret-key with a revoked key: refused with the kernel's reason" "$f" \
	"$sign" -q --secret-key "$V/rev.sec" "$f"
# --append by the same key replaces its own signature (sign_module(), as for gpg's keys)
cp -- "$base" "$V/again.ko"
if "$sign" -q --secret-key "$V/pq.sec" "$V/again.ko" 2> "$T/err" &&
   "$sign" -q --append --secret-key "$V/pq.sec" "$V/again.ko" 2>> "$T/err" &&
   "$verify" --keyring "$V/pq.pub" "$V/again.ko" > "$T/out" 2>&1 &&
   grep -q "good (1 of 1 signatures" "$T/out"; then
	ok "--secret-key --append by the same key: its own signature replaced (1 of 1)"
else
	nok "--secret-key --append by the same key: its own signature replaced"
	sed 's/^/# /' "$T/err" "$T/out"
fi
gpg --homedir "$T/keys/ed25519" --batch --export-secret-keys > "$V/v4.sec" 2> /dev/null
want="a v4 secret key (only v6"
expect_fail "--secret-key with gpg's v4 secret key: refused" "$f" \
	"$sign" -q --secret-key "$V/v4.sec" "$f"
# random bytes: not armour, so read as packets, whose first header is malformed or not a key
want="cannot read an OpenPGP secret key\|malformed packet\|takes no key\|may sign"
expect_fail "--secret-key with a file that is no key (random bytes): refused" "$f" \
	"$sign" -q --secret-key "$T/blob" "$f"

# --- --gen-key reads SOURCE_DATE_EPOCH as signing does (issue 33, T7) ------------------------
# The review: --gen-key took it with atoll(): garbage gave a key made in 1970, a value beyond
# 2^32 - 1 one truncated; signing refuses both.
for e in garbage 4294967296 -1 12x; do
	rm -f -- "$V/sde.key" "$V/sde.pub"
	rc=0
	SOURCE_DATE_EPOCH=$e "$sign" --gen-key ed25519-v6 "SDE <sde@example.org>" "$V/sde.key" \
		"$V/sde.pub" > /dev/null 2> "$T/err" || rc=$?
	((rc == 2)) && [[ ! -e $V/sde.key && ! -e $V/sde.pub ]] && grep -q "SOURCE_DATE_EPOCH" "$T/err" &&
		ok "--gen-key with SOURCE_DATE_EPOCH=$e: refused as signing refuses it (exit 2), no key" ||
		{ nok "--gen-key with SOURCE_DATE_EPOCH=$e: refused (exit $rc)"; sed 's/^/# /' "$T/err"; }
done
rm -f -- "$V/sde.key" "$V/sde.pub"
SOURCE_DATE_EPOCH=4294967295 "$sign" --gen-key ed25519-v6 "SDE <sde@example.org>" "$V/sde.key" \
	"$V/sde.pub" > /dev/null 2> "$T/err" &&
	[[ $(od -An -tu1 -j 3 -N 4 "$V/sde.pub" | tr -s ' ') == " 255 255 255 255" ]] &&
	ok "--gen-key with SOURCE_DATE_EPOCH=4294967295: the key's creation time" ||
	{ nok "--gen-key with SOURCE_DATE_EPOCH=4294967295: the key's creation time"; sed 's/^/# /' "$T/err"; }

# --- v6 keys made by the tool: pgp-modsign-genkey.sh (the build's throw-away key) -----------
for a in mldsa65-ed25519 ed25519-v6; do
	gh=$T/keys/v6-$a
	if f6=$(SOURCE_DATE_EPOCH=$key_epoch "$genkey" --homedir "$gh" --algo "$a" \
		--name "Build time autogenerated kernel key" --export "$V/gen-$a.pgp" 2> "$T/err") &&
	   [[ $f6 =~ ^[0-9A-F]{64}$ && $(stat -c %a "$gh/pgp-modsign-v6.key") == 600 ]]; then
		ok "genkey --algo $a: a v6 key, fingerprint $f6, secret key file mode 0600"
	else
		nok "genkey --algo $a"
		sed 's/^/# /' "$T/err"
		continue
	fi
	again=$("$genkey" --homedir "$gh" --algo "$a" --export "$V/gen-$a.again" 2>&1) &&
		[[ $again == "$f6" ]] && cmp -s "$V/gen-$a.pgp" "$V/gen-$a.again" &&
		ok "genkey --algo $a reuses the existing key" || nok "genkey --algo $a reuses the existing key"
	# as Makefile.modinst signs: sign-module.sh --homedir, no -u
	f=$V/gen-$a.ko
	cp -- "$base" "$f"
	if "$sign" -q --homedir "$gh" --digest sha512 "$f" 2> "$T/err" &&
	   "$verify" --keyring "$V/gen-$a.pgp" "$f" > "$T/out" 2>&1 &&
	   grep -q "signer $f6 .*good (the kernel's code; not checked by gpgv: v6)" "$T/out"; then
		ok "sign-module.sh --homedir with genkey's $a key: signed by it, verifies"
	else
		nok "sign-module.sh --homedir with genkey's $a key"
		sed 's/^/# /' "$T/err" "$T/out"
	fi
	kind=pq
	[[ $a == ed25519-v6 ]] && kind=oj
	also=
	[[ $kind == oj ]] && also=" and OpenPGP.js"
	check "genkey's $a key: the kernel's code and the test side's verifier$also agree on its signature" \
		v6_agree "gen-$a" "$V/gen-$a.pgp" "$kind"
done
# OpenPGP.js reads the tool's v6 Ed25519 certificate and checks its self-signatures
if [[ -s $V/gen-ed25519-v6.pgp ]]; then
	check "OpenPGP.js checks the self-signatures of a v6 key made by --gen-key" \
		node --input-type=module -e "
const openpgp = await import('$top/build/node/node_modules/openpgp/dist/node/openpgp.mjs');
const fs = await import('node:fs');
const k = await openpgp.readKey({ binaryKey: new Uint8Array(fs.readFileSync('$V/gen-ed25519-v6.pgp')) });
if (k.keyPacket.version !== 6) throw new Error('not v6');
await k.verifyPrimaryKey();
await k.getSigningKey();"
fi
want="unknown algorithm"
cp -- "$base" "$V/x.ko"
"$sign" --gen-key rsa "x" "$V/x.sec" "$V/x.pub" > /dev/null 2> "$T/err" && nok "--gen-key rsa: refused" ||
	{ grep -q "unknown algorithm rsa" "$T/err" && [[ ! -e $V/x.sec ]] &&
		ok "--gen-key rsa: refused, nothing written" || nok "--gen-key rsa: the message"; }
"$sign" --gen-key ed25519-v6 "x" "$V/gen-mldsa65-ed25519.pgp" "$V/x.pub" > /dev/null 2> "$T/err" &&
	nok "--gen-key over an existing file: refused" ||
	{ grep -q "cannot create (it must not exist)" "$T/err" && [[ ! -e $V/x.pub ]] &&
		ok "--gen-key over an existing file: refused, nothing written" ||
		nok "--gen-key over an existing file: the message"; }

# --- passphrase-protected secret keys (OpenPGP.js): iterated and salted S2K with AES-256 CFB
# and a SHA-1 checksum, AEAD GCM and OCB (HKDF-SHA256), and Argon2 (S2K type 4; OpenPGP.js:
# 3 passes over 64 MiB in 4 lanes) with OCB ------------------------------------------------
printf 'module signing pass\n' > "$V/pass"
printf 'not it\n' > "$V/wrong"
for how in cfb gcm ocb argon2; do
	node "$ojs" keygen "$V/p-$how.pub" "$V/p-$how.sec" --protect "$how" "module signing pass"
	f=$V/p-$how.ko
	cp -- "$base" "$f"
	if "$sign" -q --secret-key "$V/p-$how.sec" --passphrase-file "$V/pass" "$f" 2> "$T/err"; then
		check "--secret-key protected ($how): signed, OpenPGP.js and the test side agree" \
			v6_agree "p-$how" "$V/p-$how.pub" oj
	else
		nok "--secret-key protected ($how)"
		sed 's/^/# /' "$T/err"
	fi
	cp -- "$base" "$f"
	want="wrong passphrase"
	expect_fail "--secret-key protected ($how), wrong passphrase: refused" "$f" \
		"$sign" -q --secret-key "$V/p-$how.sec" --passphrase-file "$V/wrong" "$f"
done
want="passphrase-protected: give --passphrase-file"
expect_fail "--secret-key protected, no passphrase file: refused" "$f" \
	"$sign" -q --secret-key "$V/p-cfb.sec" "$f"
fi
