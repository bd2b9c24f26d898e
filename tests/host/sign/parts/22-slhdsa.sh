# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "slhdsa": SLH-DSA-SHAKE-128s, -128f and -256s (RFC 9980, algorithms
# 32 to 34) in the tool: its FIPS 205 signer (slhdsa_sign.c) against ACVP's known answers
# (tests/vectors/acvp-slhdsa.txt) and @noble/post-quantum byte for byte (deterministic and
# hedged), --gen-key of each set and --secret-key signing read back and verified by the
# kernel's code and the test side's verifier (tests/vectors/pgpv6.mjs: noble), broken secret
# keys refused, a rollover beside an ML-DSA-87+Ed448 signature (--pq-only), --attach of a
# signature made elsewhere, verify-module.sh --algos without slhdsa, and the build's
# throw-away key (pgp-modsign-genkey.sh --algo slhdsa128s).
# Sourced by run.sh after its setup (SIGN_TEST_PART=slhdsa runs it alone).

pgpv6=$top/tests/vectors/pgpv6.mjs
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if ! node_env --check 2> /dev/null; then
	skip "SLH-DSA signing: node or build/node missing (make deps, mk/node-deps.sh)"
else
S=$T/slhdsa
mkdir -p "$S"

# --- the signer alone: ACVP's known answers, then @noble/post-quantum (-128f: noble signs
# -128s and -256s in minutes); the same checks then fail on mutants of slhdsa_sign.c
seed=$(printf 'slh seed' | sha512sum | cut -c1-96)
msg=$(printf 'slh message' | sha512sum | cut -c1-128)
rnd=$(printf 'slh rnd' | sha256sum | cut -c1-32)
# slh_noble BIN HOW: BIN's SLH-DSA-SHAKE-128f key and signature (deterministic or hedged)
# equal noble's
slh_noble()
{
	local r=

	[[ $2 == hedged ]] && r=$rnd
	"$1" sign 33 "$seed" "$msg" $r > "$S/noble.$2" &&
	node --input-type=module -e "
const { slh_dsa_shake_128f } = await import('$top/build/node/node_modules/@noble/post-quantum/slh-dsa.js');
const fs = await import('node:fs');
const [pk, sig] = fs.readFileSync('$S/noble.$2', 'utf8').split('\n');
const h = (s) => Uint8Array.from(Buffer.from(s, 'hex'));
const kp = slh_dsa_shake_128f.keygen(h('$seed'));
const s2 = slh_dsa_shake_128f.sign(h('$msg'), kp.secretKey, { extraEntropy: '$r' ? h('$r') : false });
if (Buffer.from(kp.publicKey).toString('hex') !== pk) throw new Error('public keys differ');
if (Buffer.from(s2).toString('hex') !== sig) throw new Error('signatures differ');"
}
# slh_dethedge BIN: -128s deterministic signatures repeat, a hedged one differs
slh_dethedge()
{
	local a b c

	a=$("$1" sign 32 "$seed" "$msg" | tail -n 1 | sha256sum) &&
	b=$("$1" sign 32 "$seed" "$msg" | tail -n 1 | sha256sum) &&
	c=$("$1" sign 32 "$seed" "$msg" "$rnd" | tail -n 1 | sha256sum) &&
	[[ $a == "$b" && $a != "$c" ]]
}
if objs=$(bash "$scripts/pgp-sign-module-build.sh" --objects "$S/objs/tool" 2> "$T/err") &&
   gcc -O2 -o "$S/slhdsa_sign_test" "$here/slhdsa_sign_test.c" $objs -lcrypto -llzma 2>> "$T/err"; then
	if "$S/slhdsa_sign_test" kat "$top/tests/vectors/acvp-slhdsa.txt" > "$S/kat" 2>&1; then
		ok "SLH-DSA signer: ACVP known answers ($(grep -c '^ok' "$S/kat") of keygen 128s, 128f, 256s, sigGen 128s deterministic, 128f hedged)"
	else
		nok "SLH-DSA signer: ACVP known answers"
		sed 's/^/# /' "$S/kat"
	fi
	for how in deterministic hedged; do
		if slh_noble "$S/slhdsa_sign_test" "$how" 2> "$T/err"; then
			ok "SLH-DSA-SHAKE-128f signer, $how: key and signature equal @noble/post-quantum's"
		else
			nok "SLH-DSA-SHAKE-128f signer, $how"
			sed 's/^/# /' "$T/err"
		fi
	done
	slh_dethedge "$S/slhdsa_sign_test" &&
		ok "SLH-DSA-SHAKE-128s signer: deterministic signatures repeat, a hedged one differs" ||
		nok "SLH-DSA-SHAKE-128s signer: deterministic and hedged"

	# NAME#sed expression on slhdsa_sign.c#the check that must fail (kat, noble-HOW,
	# dethedge, or selfcheck: signing must fail, the kernel's verifier refusing what it made)
	slh_mutants=(
		'hedge#s/shake_absorb(\&ctx, addrnd ? addrnd : k->pk, P->n);/shake_absorb(\&ctx, k->pk, P->n);/#dethedge'
		'detseed#s/addrnd ? addrnd : k->pk, P->n/addrnd ? addrnd : k->sk_prf, P->n/#noble-deterministic'
		'csum#s/csum += SLHDSA_W - 1 - digit;/csum += digit;/#selfcheck'
		'toppath#s/((idx_leaf >> i) ^ 1)) \* P->n, P->n);/(idx_leaf >> i)) * P->n, P->n);/#selfcheck'
		'forsbase#s/T.base = i << P->a;/T.base = i;/#selfcheck'
		'forsprf#s/adrs_set_type_keypair(adrs, SLHDSA_FORS_PRF, T->keypair);/adrs_set_type_keypair(adrs, SLHDSA_FORS_TREE, T->keypair);/#selfcheck'
		'nocheck#s/return ret == -ENOMEM ? ret : ret ? -EFAULT : 0;/return 0;/;s/csum += SLHDSA_W - 1 - digit;/csum += digit;/#kat'
	)
	# a mutant's object: slhdsa_sign.c as pgp-sign-module-build.sh compiles it (a kglue unit)
	mkdir -p "$S/m/scripts/pgp-sign"
	ln -sfn -- "$top/crypto" "$S/m/crypto"
	for m in "${slh_mutants[@]}"; do
		IFS='#' read -r name expr want <<< "$m"
		src=$S/m/scripts/pgp-sign/slhdsa_sign.c
		sed "$expr" "$scripts/pgp-sign/slhdsa_sign.c" > "$src"
		if cmp -s "$src" "$scripts/pgp-sign/slhdsa_sign.c"; then
			nok "SLH-DSA signer mutant $name: the sed expression changed nothing"
			continue
		fi
		mobjs=$(sed "s|$S/objs/tool.o/slhdsa_sign.o|$S/m/$name.o|" <<< "$objs")
		if ! gcc -O2 -DKCOMPAT_RUNTIME_CONFIG -DCONFIG_PGP_BUILTIN_KEYS=1 \
			-I"$scripts/pgp-shim/module" -I"$scripts/pgp-shim" -idirafter "$top/include" \
			-I"$scripts/pgp-sign" -c -o "$S/m/$name.o" "$src" 2> "$T/err" ||
		   ! gcc -O2 -o "$S/m/$name" "$here/slhdsa_sign_test.c" $mobjs -lcrypto -llzma 2>> "$T/err"; then
			nok "SLH-DSA signer mutant $name: does not build"
			sed 's/^/# /' "$T/err"
			continue
		fi
		case $want in
		kat) "$S/m/$name" kat "$top/tests/vectors/acvp-slhdsa.txt" > /dev/null 2>&1 ;;
		noble-*) slh_noble "$S/m/$name" "${want#noble-}" > /dev/null 2>&1 ;;
		dethedge) slh_dethedge "$S/m/$name" 2> /dev/null ;;
		selfcheck) "$S/m/$name" sign 32 "$seed" "$msg" > /dev/null 2>&1 ;;
		esac && nok "SLH-DSA signer mutant $name is NOT caught by $want" ||
			ok "SLH-DSA signer mutant $name is caught by $want"
	done
else
	nok "SLH-DSA signer test: build"
	sed 's/^/# /' "$T/err"
fi

# --- --gen-key of each set, --secret-key signing: the kernel's code and noble agree
sizes=([32]=7856 [33]=17088 [34]=29792)
for set in 128s:32 128f:33 256s:34; do
	IFS=: read -r name algo <<< "$set"
	rm -f -- "$S/$name.sec" "$S/$name.pub"
	if ! f6=$("$sign" --gen-key "slhdsa$name" "Test SLH-DSA-SHAKE-$name <slh@example.org>" \
		"$S/$name.sec" "$S/$name.pub" 2> "$T/err") || [[ ! $f6 =~ ^[0-9A-F]{64}$ ]]; then
		nok "--gen-key slhdsa$name"
		sed 's/^/# /' "$T/err"
		continue
	fi
	ok "--gen-key slhdsa$name: a v6 key of algorithm $algo, fingerprint $f6"
	f=$S/local-$name.ko
	cp -- "$base" "$f"
	d=$S/local-$name.d
	mkdir -p "$d"
	if "$sign" -q --secret-key "$S/$name.sec" "$f" 2> "$T/err" &&
	   "$verify" --keyring "$S/$name.pub" --data "$d" "$f" > "$T/out" 2>&1 &&
	   grep -q "signer $f6 algo slhdsa$name digest SHA512 .*good (the kernel's code; not checked by gpgv: v6)" "$T/out" &&
	   node "$pgpv6" verify "$S/$name.pub" "$d/sig.1" "$d/data" | grep -q '^OK '; then
		ok "--secret-key slhdsa$name: verify-module.sh good, the test side's verifier agrees"
	else
		nok "--secret-key slhdsa$name"
		sed 's/^/# /' "$T/err" "$T/out"
	fi
	read -r o s < <(sec module_sig "$f")
	[[ $s == $((sizes[algo] + 8192)) ]] &&
		ok "--secret-key slhdsa$name: module_sig of $s bytes (the signature's ${sizes[algo]} + 8192)" ||
		nok "--secret-key slhdsa$name: module_sig of $s bytes"
done

# --deterministic: the same module signed twice with the same salt is the same; hedged it is
# not (the salt is fresh either way: compare the SLH-DSA values' lengths and the verdict only)
f=$S/det.ko
cp -- "$base" "$f"
"$sign" -q --deterministic --secret-key "$S/128f.sec" "$f" 2> "$T/err" &&
	"$verify" -q --keyring "$S/128f.pub" "$f" &&
	ok "--deterministic --secret-key slhdsa128f: verifies" ||
	{ nok "--deterministic --secret-key slhdsa128f"; sed 's/^/# /' "$T/err"; }

# broken secret key files: SK.seed, SK.prf, PK.seed, PK.root (n octets each) end the packet
f=$S/broken.ko
cp -- "$base" "$f"
read -r b0 b1 b2 < <(od -An -t u1 -N 3 -- "$S/128f.sec")
if ((b1 < 192)); then end=$((2 + b1)); else end=$((3 + (b1 - 192) * 256 + b2 + 192)); fi
for c in "SK.seed:60:does not give its public key" "PK.seed:30:does not give its public key" \
	"PK.root:1:does not give its public key"; do
	IFS=: read -r what back want <<< "$c"
	cp -- "$S/128f.sec" "$S/broken.sec"
	flip "$S/broken.sec" $((end - back))
	expect_fail "--secret-key slhdsa128f with its $what changed: refused" "$f" \
		"$sign" -q --secret-key "$S/broken.sec" "$f"
done

# --- rollover: ML-DSA-87+Ed448, then SLH-DSA-SHAKE-128s appended; --pq-only counts both
f=$S/roll.ko
cp -- "$base" "$f"
node "$pgpv6" seckey mldsa87-ed448:host-sign-slh-roll > "$S/pq87.sec"
node "$pgpv6" cert mldsa87-ed448:host-sign-slh-roll > "$S/pq87.pub"
cat -- "$kr" "$S/pq87.pub" "$S/128s.pub" > "$S/all.pub"
if "$sign" -q --secret-key "$S/pq87.sec" --reserve 16384 "$f" 2> "$T/err" &&
   "$sign" -q --append --secret-key "$S/128s.sec" "$f" 2>> "$T/err" &&
   "$verify" --pq-only --keyring "$S/all.pub" "$f" > "$T/out" 2>&1 && grep -q "good (2 of 2" "$T/out"; then
	ok "rollover: ML-DSA-87+Ed448 and SLH-DSA-SHAKE-128s: both verify, both count with --pq-only"
else
	nok "rollover: ML-DSA-87+Ed448 and SLH-DSA-SHAKE-128s"
	sed 's/^/# /' "$T/err" "$T/out"
fi
"$verify" --algos rsa,dsa,eddsa,ecdsa,mldsa,ed448 --keyring "$S/all.pub" "$f" > "$T/out" 2>&1 &&
	grep -q "good (1 of 2" "$T/out" && grep -q "key slhdsa128s is not supported by this kernel" "$T/out" &&
	ok "verify-module.sh --algos without slhdsa: the rollover module good by ML-DSA-87+Ed448 alone" ||
	{ nok "verify-module.sh --algos without slhdsa"; sed 's/^/# /' "$T/out"; }

# --- --attach of an SLH-DSA-SHAKE-128f signature made elsewhere (noble, SHA3-256), and one
# with a byte of its hypertree changed (refused, the module unchanged)
node "$pgpv6" cert slhdsa128f:host-sign-slh-remote > "$S/remote.pub"
f=$S/remote.ko
cp -- "$base" "$f"
rm -f -- "$f.tbs" "$f.sig"
if "$sign" -q --prepare --reserve 20480 "$f" 2> "$T/err" &&
   node "$pgpv6" sign slhdsa128f:host-sign-slh-remote --hash sha3-256 < "$f.tbs" > "$f.sig" &&
   cp -- "$f.sig" "$S/remote.sig" &&
   "$sign" -q --attach --keyring "$S/remote.pub" "$f" 2>> "$T/err" &&
   "$verify" --keyring "$S/remote.pub" "$f" > "$T/out" 2>&1 &&
   grep -q "algo slhdsa128f digest SHA3-256 .*good (the kernel's code; not checked by gpgv: v6)" "$T/out"; then
	ok "--attach of an SLH-DSA-SHAKE-128f signature made elsewhere: attached, verify-module.sh good"
else
	nok "--attach of an SLH-DSA-SHAKE-128f signature made elsewhere"
	sed 's/^/# /' "$T/err" "$T/out"
fi
f=$S/remote-bad.ko
cp -- "$base" "$f"
rm -f -- "$f.tbs" "$f.sig"
"$sign" -q --prepare --reserve 20480 "$f" 2> "$T/err"
node "$pgpv6" sign slhdsa128f:host-sign-slh-remote --hash sha512 < "$f.tbs" > "$f.sig"
flip "$f.sig" $(($(stat -c %s "$f.sig") - 5000))
want="EKEYREJECTED\|bad signature\|does not verify"
expect_fail "--attach of an SLH-DSA-SHAKE-128f signature, a hypertree byte changed: refused" "$f" \
	"$sign" -q --attach --keyring "$S/remote.pub" "$f"

# --- the build's throw-away key: pgp-modsign-genkey.sh --algo slhdsa128s (--gen-key)
gh=$T/keys/v6-slhdsa128s
if f6=$(SOURCE_DATE_EPOCH=$key_epoch "$genkey" --homedir "$gh" --algo slhdsa128s \
	--name "Build time autogenerated kernel key" --export "$S/gen.pgp" 2> "$T/err") &&
   [[ $f6 =~ ^[0-9A-F]{64}$ && $(stat -c %a "$gh/pgp-modsign-v6.key") == 600 ]]; then
	ok "genkey --algo slhdsa128s: a v6 key, fingerprint $f6, secret key file mode 0600"
	f=$S/gen.ko
	cp -- "$base" "$f"
	if "$sign" -q --homedir "$gh" "$f" 2> "$T/err" &&
	   "$verify" --keyring "$S/gen.pgp" "$f" > "$T/out" 2>&1 &&
	   grep -q "signer $f6 algo slhdsa128s .*good (the kernel's code; not checked by gpgv: v6)" "$T/out"; then
		ok "sign-module.sh --homedir with genkey's slhdsa128s key: signed by it, verifies"
	else
		nok "sign-module.sh --homedir with genkey's slhdsa128s key"
		sed 's/^/# /' "$T/err" "$T/out"
	fi
else
	nok "genkey --algo slhdsa128s"
	sed 's/^/# /' "$T/err"
	nok "sign-module.sh --homedir with genkey's slhdsa128s key: no key"
fi
fi
