#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests for crypto/pgp: builds the kernel sources in userspace through
# tests/compat with ASan+UBSan, runs the KUnit suite (pgp_kunit.c) and
# checks real gpg output made at test time (DSA, RSA, Ed25519 keys, primary
# and subkey signatures, SHA-1/224/256/384/512), an in-process tamper sweep
# over every byte of several signatures, and that no hash is allocated
# without CRYPTO_NOLOAD.  Verification runs twice when the in-kernel maths
# (crypto/{mont,dsa,rsassa}.c) is present: against an OpenSSL oracle and
# against the kernel code.  TAP output; non-zero exit on any failure.
set -euo pipefail

prog=${0##*/}
usage() {
	cat <<USAGE
Usage: $prog [--keep] [--quick] [--coverage]

  --quick     fewer keys (no DSA-3072 / RSA-4096), for a fast smoke run
  --coverage  build with clang source-based coverage and print the line and
              branch coverage of crypto/pgp/*.c reached by these tests
  --keep      keep the work directory (printed) for inspection
  --help      this text

Environment: CC (default cc), KCOMPAT_VERBOSE=1 to see the kernel's pr_*.
USAGE
}

keep=0
quick=0
coverage=0
while [ $# -gt 0 ]; do
	case "$1" in
	--keep) keep=1; shift ;;
	--quick) quick=1; shift ;;
	--coverage) coverage=1; shift ;;
	--help|-h) usage; exit 0 ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done

root=$(cd "$(dirname "$0")/../../.." && pwd)
cc=${CC:-cc}
[ "$coverage" = 0 ] || cc=${CC:-clang}
work=$(mktemp -d)
cleanup() {
	gpgconf --homedir "$work/gnupg" --kill all >/dev/null 2>&1 || true
	if [ "$keep" = 1 ]; then echo "# kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

n=0
failed=0
# shellcheck source=tests/lib/plan.sh
. "$root/tests/lib/plan.sh"
plan_first 424
ok() { n=$((n + 1)); echo "ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
notok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
check() {	# check DESCRIPTION EXPECTED ACTUAL
	if [ "$2" = "$3" ]; then ok "$1"; else notok "$1"; echo "#   expected '$2', got '$3'"; fi
}

for tool in gpg gpgv "$cc"; do
	command -v "$tool" >/dev/null || { echo "$prog: $tool: not installed" >&2; exit 2; }
done

# ---- build ----
# shellcheck disable=SC2054 # commas belong to -fsanitize=
cflags=(-std=gnu11 -g -O1 -Wall -Wextra -Werror -Wno-unused-parameter -Wno-sign-compare
	-Wno-missing-field-initializers -fno-omit-frame-pointer
	-fsanitize=address,undefined -fno-sanitize-recover=all
	-I"$root/tests/compat/include" -I"$root/scripts/pgp-shim" -I"$root/include")
compat=("$root"/scripts/pgp-shim/{compat,shash_openssl,hash_info}.c)
pgp=("$root"/crypto/pgp/pgp_parser.c "$root"/crypto/pgp/pgp_verify.c)
# ML-DSA and SLH-DSA (and their SHAKE) have no OpenSSL 3.0 counterpart: every variant uses
# the kernel's; Ed448 (alone and in ML-DSA-87+Ed448) too
pgp+=(-DCONFIG_CRYPTO_MLDSA_VERIFY=1 -DCONFIG_CRYPTO_ED448=1 -DCONFIG_CRYPTO_SLHDSA=1
	"$root"/crypto/{shake,mldsa_verify,ed448,slhdsa}.c)
oracle=("$root/tests/compat/stubs/algs_openssl.c")
kunit=("$root/crypto/pgp/tests/pgp_kunit.c" "$root/crypto/pgp/tests/pgp_v6_kunit.c"
	"$root/tests/host/pgp/pgp_host_kunit.c")
if [ "$coverage" = 1 ]; then
	cflags+=(-fprofile-instr-generate -fcoverage-mapping)
	mkdir -p "$work/prof"
	export LLVM_PROFILE_FILE=$work/prof/%p.profraw
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

build() {	# build NAME DESCRIPTION SOURCES...
	local name=$1 desc=$2
	shift 2
	if "$cc" "${cflags[@]}" "$@" -lcrypto -o "$work/$name" 2>"$work/$name.log"; then
		ok "build $desc"
	else
		notok "build $desc"
		sed 's/^/#   /' "$work/$name.log" | head -20
		return 1
	fi
}

variants=(oracle)
build kunit-oracle "KUnit suite (ASan+UBSan, OpenSSL oracle)" -DCONFIG_CRYPTO_ED25519=1 \
	-DCONFIG_CRYPTO_ECDSA_RAW=1 \
	"${pgp[@]}" "${kunit[@]}" "${compat[@]}" \
	"$root/tests/compat/kunit_main.c" "${oracle[@]}" || true
build check-oracle "pgp-check (ASan+UBSan, OpenSSL oracle)" -DCONFIG_CRYPTO_ED25519=1 \
	-DCONFIG_CRYPTO_ECDSA_RAW=1 \
	"${pgp[@]}" "$root/tests/host/pgp/pgp_check.c" "${compat[@]}" "${oracle[@]}" || true
math=()
for f in mont dsa rsassa; do
	[ -f "$root/crypto/$f.c" ] && math+=("$root/crypto/$f.c")
done
if [ "${#math[@]}" = 3 ]; then
	# as on x86_64 kernels (CC_HAS_INT128)
	ed=(-DCONFIG_ARCH_SUPPORTS_INT128=1 -DPGP_HOST_KERNEL_MATHS=1)
	if [ -f "$root/crypto/ed25519.c" ] && [ -f "$root/include/crypto/ed25519.h" ]; then
		ed+=(-DCONFIG_CRYPTO_ED25519=1 "$root/crypto/ed25519.c")
	fi
	if build kunit-math "KUnit suite (ASan+UBSan, kernel DSA/RSA code)" "${ed[@]}" \
		"${pgp[@]}" "${kunit[@]}" "${compat[@]}" \
		"$root/tests/compat/kunit_main.c" "${math[@]}" &&
	   build check-math "pgp-check (ASan+UBSan, kernel DSA/RSA code)" "${ed[@]}" \
		"${pgp[@]}" "$root/tests/host/pgp/pgp_check.c" "${compat[@]}" "${math[@]}"; then
		variants+=(math)
		[ "${#ed[@]}" = 2 ] && math_ed25519=ENOPKG || math_ed25519=OK
	fi
fi

# ---- KUnit suite on the host: one TAP line per case ----
for v in "${variants[@]}"; do
	[ -x "$work/kunit-$v" ] || continue
	set +e
	"$work/kunit-$v" >"$work/kunit-$v.out" 2>&1
	rc=$?
	set -e
	while read -r res _ name; do
		if [ "$res" = ok ]; then ok "kunit[$v] $name"; else notok "kunit[$v] $name"; fi
	done < <(sed -n 's/^    \(not ok\|ok\) [0-9]* \(.*\)$/\1 x \2/p' "$work/kunit-$v.out" |
		 sed 's/^not ok/not-ok/')
	check "kunit[$v] exit status and sanitizers clean" 0 "$rc"
	if [ "$rc" != 0 ]; then grep -v '^ *ok' "$work/kunit-$v.out" | head -40 | sed 's/^/#   /'; fi
done

# ---- real gpg keys and signatures made now ----
export GNUPGHOME=$work/gnupg
mkdir -m 700 "$GNUPGHOME"
gpgq() {
	gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' \
		--no-auto-check-trustdb "$@" 2>>"$work/gpg.log"
}
fpr_of() {	# fpr_of UID -> primary then subkey fingerprints, lowercase
	gpg --batch --with-colons --with-subkey-fingerprint --fingerprint "$1" 2>/dev/null |
		awk -F: '$1 == "fpr" { print tolower($10) }'
}

data=$work/data
head -c 20000 /dev/urandom >"$data"
cp "$data" "$work/data.bad"
# one byte changed (XORed: a random byte may already be the value a write would set)
python3 "$root/tests/qemu/v6mod.py" flip "$work/data.bad" 12345 0x01

algos=(dsa2048 rsa2048 ed25519 dsa1024 rsa1024)
[ "$quick" = 1 ] || algos+=(dsa3072 rsa3072 rsa4096)

pc() {	# pc VARIANT ARGS... -> result word
	"$work/check-$1" "${@:2}" 2>"$work/pc.err" || { echo "exit=$?"; sed 's/^/#   /' "$work/pc.err" >&2; }
}

for a in "${algos[@]}"; do
	uid="host test $a <$a@test.invalid>"
	if ! gpgq --quick-gen-key "$uid" "$a" sign never; then
		notok "gpg generates $a key"
		continue
	fi
	gpgq --export "$uid" >"$work/$a.key"
	want=$(fpr_of "$uid" | head -1)
	for h in SHA256 SHA512 SHA224 SHA384 SHA1; do
		gpgq -u "$want!" --digest-algo "$h" --detach-sign -o "$work/$a.$h.sig" "$data" ||
			rm -f "$work/$a.$h.sig"
	done
	case $a in
	dsa1024) exp=EKEYREJECTED; exp_legacy=OK ;;
	rsa1024) exp=EKEYREJECTED; exp_legacy=EKEYREJECTED ;;
	*) exp=OK; exp_legacy=OK ;;
	esac
	for v in "${variants[@]}"; do
		[ -x "$work/check-$v" ] || continue
		got=$(pc "$v" fpr "$work/$a.key" | awk '{ print $1 }')
		check "[$v] $a: fingerprint matches gpg" "$want" "$got"
		e=$exp
		el=$exp_legacy
		if [ "$a" = ed25519 ] && [ "$v" = math ] && [ "$math_ed25519" = ENOPKG ]; then
			e=ENOPKG
			el=ENOPKG
		fi
		for h in SHA256 SHA512 SHA224 SHA384; do
			# RFC 9580 5.1.4: Ed25519 needs a digest of 256 bits or more
			eh=$e
			[ "$a/$h" != ed25519/SHA224 ] || [ "$e" != OK ] || eh=ENOPKG
			if [ ! -f "$work/$a.$h.sig" ]; then
				why="gpg cannot make a $a signature over $h"
				skip "[$v] $a/${h,,}: gpg signature, key policy applied ($eh)" "$why"
				[ "$eh" != OK ] ||
					skip "[$v] $a/${h,,}: data with one byte changed refused (EKEYREJECTED)" "$why"
				continue
			fi
			gpgv --keyring "$work/$a.key" "$work/$a.$h.sig" "$data" 2>/dev/null ||
				notok "[$v] $a/$h: gpgv accepts the test signature"
			check "[$v] $a/${h,,}: gpg signature, key policy applied ($eh)" "$eh" \
				"$(pc "$v" verify "$work/$a.key" "$work/$a.$h.sig" "$data")"
			if [ "$eh" = OK ]; then
				check "[$v] $a/${h,,}: data with one byte changed refused (EKEYREJECTED)" \
					EKEYREJECTED \
					"$(pc "$v" verify "$work/$a.key" "$work/$a.$h.sig" "$work/data.bad")"
			fi
		done
		# a 160-bit digest is too short for Ed25519 even with the legacy option
		[ "$a" != ed25519 ] || [ "$el" != OK ] || el=ENOPKG
		if [ -f "$work/$a.SHA1.sig" ]; then
			check "[$v] $a/sha1: refused without legacy (ENOPKG)" ENOPKG \
				"$(pc "$v" verify "$work/$a.key" "$work/$a.SHA1.sig" "$data")"
			check "[$v] $a/sha1: legacy option ($el)" "$el" \
				"$(pc "$v" --legacy verify "$work/$a.key" "$work/$a.SHA1.sig" "$data")"
		else
			skip "[$v] $a/sha1: refused without legacy (ENOPKG)" "gpg cannot make a $a signature over SHA1"
			skip "[$v] $a/sha1: legacy option ($el)" "gpg cannot make a $a signature over SHA1"
		fi
	done
done

# Subkey signature: RSA-2048 signing subkey under a DSA-2048 primary
uid="host test dsa2048 <dsa2048@test.invalid>"
prim=$(fpr_of "$uid" | head -1)
if gpgq --quick-add-key "$prim" rsa2048 sign never; then
	sub=$(fpr_of "$uid" | sed -n 2p)
	gpgq --export "$uid" >"$work/sub.key"
	gpgq -u "$sub!" --digest-algo SHA256 --detach-sign -o "$work/sub.sig" "$data"
	for v in "${variants[@]}"; do
		[ -x "$work/check-$v" ] || continue
		check "[$v] subkey: both fingerprints match gpg" "$(fpr_of "$uid" | tr '\n' ' ')" \
			"$(pc "$v" fpr "$work/sub.key" | awk '{ printf "%s ", $1 }')"
		check "[$v] subkey: signature by the signing subkey verifies" OK \
			"$(pc "$v" verify "$work/sub.key" "$work/sub.sig" "$data")"
	done
else
	notok "gpg adds a signing subkey"
fi

# Unknown key; key rollover (unknown signature first, then a trusted one)
gpgq -u "$(fpr_of 'host test rsa2048' | head -1)!" --digest-algo SHA256 -a \
	--detach-sign -o "$work/armored.sig" "$data"
for v in "${variants[@]}"; do
	[ -x "$work/check-$v" ] || continue
	check "[$v] signature by a key not in the ring (ENOKEY)" ENOKEY \
		"$(pc "$v" verify "$work/rsa2048.key" "$work/dsa2048.SHA256.sig" "$data")"
	cat "$work/dsa2048.SHA256.sig" "$work/rsa2048.SHA256.sig" >"$work/two.sig"
	check "[$v] two signatures, first key unknown, second trusted" OK \
		"$(pc "$v" verify "$work/rsa2048.key" "$work/two.sig" "$data")"
	head -c 50 "$work/rsa2048.SHA256.sig" >"$work/cut.sig"
	check "[$v] truncated signature packet (EBADMSG)" EBADMSG \
		"$(pc "$v" verify "$work/rsa2048.key" "$work/cut.sig" "$data")"
	check "[$v] ASCII-armoured signature is not a packet stream (EBADMSG)" EBADMSG \
		"$(pc "$v" verify "$work/rsa2048.key" "$work/armored.sig" "$data")"
done

# In-process tamper sweep: every byte XOR 0x01/0x80/0xff and every truncation
for v in "${variants[@]}"; do
	[ -x "$work/check-$v" ] || continue
	for s in dsa2048.SHA256 rsa2048.SHA512 ed25519.SHA256; do
		a=${s%%.*}
		[ -f "$work/$s.sig" ] || continue
		if [ "$a" = ed25519 ] && [ "$v" = math ] && [ "$math_ed25519" = ENOPKG ]; then
			continue
		fi
		out=$(pc "$v" sweep "$work/$a.key" "$work/$s.sig" "$data" | tail -1)
		echo "# [$v] $s $out"
		case $out in
		"sweep: "*) refused=${out#sweep: }; refused=${refused%% *}
			    check "[$v] $s: every single-byte change and truncation refused" \
				"${refused#*/}" "${refused%/*}" ;;
		*) notok "[$v] $s: sweep ran"; echo "#   $out" ;;
		esac
	done
done

# Malformed-signature corpus (gen-malformed.py): one TAP line per case for the
# last variant built (kernel maths when present), a summary line otherwise
last=${variants[${#variants[@]}-1]}
if command -v python3 >/dev/null; then
	for v in "${variants[@]}"; do
		[ -x "$work/check-$v" ] || continue
		for s in dsa2048.SHA256 rsa2048.SHA256 ed25519.SHA256; do
			a=${s%%.*}
			if [ "$a" = ed25519 ] && [ "$v" = math ] && [ "$math_ed25519" = ENOPKG ]; then
				continue
			fi
			dir=$work/malformed-$v-$s
			if ! python3 "$root/tests/host/pgp/gen-malformed.py" "$work/$s.sig" "$dir" \
				2>"$work/gen.err"; then
				notok "[$v] $s: malformed corpus generated"
				sed 's/^/#   /' "$work/gen.err"
				continue
			fi
			total=0
			bad=0
			while IFS=$'\t' read -r f e what; do
				case $f in '#'*) continue ;; esac
				got=$(pc "$v" verify "$work/$a.key" "$dir/$f" "$data")
				total=$((total + 1))
				if [ "$v" = "$last" ]; then
					check "[$v] $s malformed: $what ($e)" "$e" "$got"
				elif [ "$got" != "$e" ]; then
					bad=$((bad + 1))
					echo "#   $f: expected $e, got $got"
				fi
			done <"$dir/MANIFEST"
			if [ "$v" != "$last" ]; then
				check "[$v] $s: $total malformed cases give the expected errno" 0 "$bad"
			fi
		done
	done
else
	ok "malformed corpus # SKIP python3 not installed"
fi

# Allocation failure at every allocation point: OK or ENOMEM, no leak, no crash
for v in "${variants[@]}"; do
	[ -x "$work/check-$v" ] || continue
	for s in dsa2048.SHA256 rsa2048.SHA256; do
		a=${s%%.*}
		out=$(pc "$v" enomem "$work/$a.key" "$work/$s.sig" "$data" | tail -1)
		echo "# [$v] $s $out"
		case $out in
		"enomem: "*" 0 wrong") ok "[$v] $s: every allocation failure ends in ENOMEM" ;;
		*) notok "[$v] $s: every allocation failure ends in ENOMEM"; echo "#   $out" ;;
		esac
	done
done

# ---- v6, Ed448 and ML-DSA+EdDSA: the kernel code against independent implementations ----
# Keys and signatures from the test-side signer (tests/vectors/pgpv6.mjs: noble's Ed25519,
# Ed448, ML-DSA-65, ML-DSA-87 and SLH-DSA-SHAKE-128f); each verdict of pgp-check (the kernel's
# code) is compared with that signer's own verifier and, for Ed25519 and Ed448, with
# OpenPGP.js 6.  V6_CASES
# random cases (default 60): a key, a hash, and one change (none, a signature byte, a data
# byte, a truncation).
v6_keys=(mldsa65-ed25519:host-pq ed25519:host-ed ed25519-v4:host-e4 mldsa87-ed448:host-pq87
	ed448:host-ed448 slhdsa128f:host-slh)
v6_cases=${V6_CASES:-60}
# shellcheck source=tests/lib/node.sh
. "$root/tests/lib/node.sh"
if ! node_env --check 2>"$work/nm.err"; then
	why=$(head -n 1 "$work/nm.err")
	for k in "${v6_keys[@]}"; do
		skip "v6 ${k%%:*}: fingerprint as the test-side signer computes it" "$why"
		skip "v6 ${k%%:*}: signatures over its hashes verify, changed data refused" "$why"
	done
	skip "v6: $v6_cases random cases, kernel code and independent verifiers agree" "$why"
	skip "v6 Ed25519: every byte and truncation of a signature refused" "$why"
	skip "v6 Ed448: every byte and truncation of a signature refused" "$why"
else
	pgpv6() { node "$root/tests/vectors/pgpv6.mjs" "$@"; }
	v=${variants[${#variants[@]} - 1]}
	for k in "${v6_keys[@]}"; do
		name=${k%%:*}
		pgpv6 cert "$k" >"$work/v6-$name.pgp"
		check "v6 $name: fingerprint as the test-side signer computes it" \
			"$(pgpv6 fpr "$k")" "$(pc "$v" fpr "$work/v6-$name.pgp" | awk 'NR == 1 { print $1 }')"
		bad=0
		hs=(sha256 sha384 sha512 sha3-256)
		[ "$name" = ed448 ] && hs=(sha512 sha3-512)	# RFC 9580: 512 bits for Ed448
		for h in "${hs[@]}"; do
			pgpv6 sign "$k" --hash "$h" <"$data" >"$work/v6-$name.$h.sig"
			[ "$(pc "$v" verify "$work/v6-$name.pgp" "$work/v6-$name.$h.sig" "$data")" = OK ] ||
				{ bad=$((bad + 1)); echo "#   $name/$h: not OK"; }
			[ "$(pc "$v" verify "$work/v6-$name.pgp" "$work/v6-$name.$h.sig" "$work/data.bad")" = \
				EKEYREJECTED ] || { bad=$((bad + 1)); echo "#   $name/$h: changed data not refused"; }
		done
		check "v6 $name: signatures over its hashes verify, changed data refused" 0 "$bad"
	done
	# the differential cases
	dis=0 goods=0
	RANDOM=${TEST_SEED:-1}
	for ((i = 1; i <= v6_cases; i++)); do
		k=${v6_keys[RANDOM % ${#v6_keys[@]}]} name=${k%%:*}
		hs=(sha256 sha384 sha512 sha3-256 sha224)
		h=${hs[RANDOM % 5]}
		pgpv6 sign "$k" --hash "$h" --salt-seed "case$i" <"$data" >"$work/c.sig"
		cp "$data" "$work/c.data"
		what="$name/$h"
		case $((RANDOM % 4)) in
		1) off=$((RANDOM % $(stat -c %s "$work/c.sig")))
		   python3 "$root/tests/qemu/v6mod.py" flip "$work/c.sig" "$off" $((RANDOM % 255 + 1))
		   what+=", signature octet $off changed" ;;
		2) off=$((RANDOM % $(stat -c %s "$work/c.data")))
		   python3 "$root/tests/qemu/v6mod.py" flip "$work/c.data" "$off" 0x04
		   what+=", data octet $off changed" ;;
		3) cut=$(( $(stat -c %s "$work/c.sig") - RANDOM % 40 - 1 ))
		   head -c "$cut" "$work/c.sig" >"$work/c.cut" && mv "$work/c.cut" "$work/c.sig"
		   what+=", cut to $cut octets" ;;
		esac
		kern=$(pc "$v" verify "$work/v6-$name.pgp" "$work/c.sig" "$work/c.data")
		ind=BAD
		pgpv6 verify "$work/v6-$name.pgp" "$work/c.sig" "$work/c.data" >"$work/c.ind" 2>&1 && ind=OK
		ojs=-
		if [[ $name != mldsa* && $name != slhdsa* ]]; then
			ojs=BAD
			pgpv6 openpgpjs-verify "$work/v6-$name.pgp" "$work/c.sig" "$work/c.data" \
				>"$work/c.ojs" 2>&1 && ojs=OK
		fi
		kv=BAD
		[ "$kern" = OK ] && kv=OK
		[ "$kv" = OK ] && goods=$((goods + 1))
		if [ "$kv" != "$ind" ] || { [ "$ojs" != - ] && [ "$ojs" != "$kv" ]; }; then
			dis=$((dis + 1))
			echo "#   case $i ($what): kernel $kern, test-side verifier $ind, OpenPGP.js $ojs"
			sed 's/^/#     /' "$work/c.ind" "$work/c.ojs" 2>/dev/null | head -4
		fi
	done
	echo "# v6 differential: $v6_cases cases, $goods good, $dis disagreements"
	check "v6: $v6_cases random cases, kernel code and independent verifiers agree" 0 "$dis"
	out=$(pc "$v" sweep "$work/v6-ed25519.pgp" "$work/v6-ed25519.sha512.sig" "$data" | tail -1)
	echo "# [$v] v6 Ed25519 $out"
	refused=$(sed -n 's/^sweep: \([0-9]*\)\/\([0-9]*\) .*/\1 \2/p' <<<"$out")
	if [ -n "$refused" ] && [ "${refused% *}" = "${refused#* }" ]; then
		ok "v6 Ed25519: every byte and truncation of a signature refused"
	else
		notok "v6 Ed25519: every byte and truncation of a signature refused"
	fi
	out=$(pc "$v" sweep "$work/v6-ed448.pgp" "$work/v6-ed448.sha512.sig" "$data" | tail -1)
	echo "# [$v] v6 Ed448 $out"
	refused=$(sed -n 's/^sweep: \([0-9]*\)\/\([0-9]*\) .*/\1 \2/p' <<<"$out")
	if [ -n "$refused" ] && [ "${refused% *}" = "${refused#* }" ]; then
		ok "v6 Ed448: every byte and truncation of a signature refused"
	else
		notok "v6 Ed448: every byte and truncation of a signature refused"
	fi
fi

# ---- mutants of the v6 and composite code: the KUnit suites must catch each ----
# mutants.txt: "FILE<TAB>sed -z expression<TAB>what"; the suites built with that copy of
# FILE, the kernel's maths (Ed25519, ML-DSA-65), no sanitizers (a mutant may read out of
# bounds), must fail.
if [ "$quick" = 0 ]; then
	mdir=$work/mut
	mkdir -p "$mdir"
	mflags=(-std=gnu11 -O1 -w -I"$root/tests/compat/include" -I"$root/scripts/pgp-shim" -I"$root/include" -I"$root/crypto/pgp"
		-DCONFIG_ARCH_SUPPORTS_INT128=1 -DPGP_HOST_KERNEL_MATHS=1 -DCONFIG_CRYPTO_ED25519=1
		-DCONFIG_CRYPTO_MLDSA_VERIFY=1 -DCONFIG_CRYPTO_ED448=1 -DCONFIG_CRYPTO_SLHDSA=1)
	mobjs=()
	for f in "${kunit[@]}" "${compat[@]}" "$root/tests/compat/kunit_main.c" \
		"$root"/crypto/{mont,dsa,rsassa,ed25519,shake,mldsa_verify,ed448,slhdsa}.c; do
		o=$mdir/$(basename "$f" .c).o
		"$cc" "${mflags[@]}" -c -o "$o" "$f" 2>>"$mdir/build.log" && mobjs+=("$o")
	done
	nmut=0 caught=0 survived=()
	while IFS=$'\t' read -r file expr what; do
		[ -n "$file" ] && [ "${file#\#}" = "$file" ] || continue
		nmut=$((nmut + 1))
		# pgp_internal.h beside them: their #include "pgp_internal.h" finds this copy
		cp "$root"/crypto/pgp/pgp_{parser,verify}.c "$root/crypto/pgp/pgp_internal.h" "$mdir/"
		sed -z -i "$expr" "$mdir/$(basename "$file")"
		if cmp -s "$mdir/$(basename "$file")" "$root/$file"; then
			echo "# mutant $nmut ($what): the expression changes nothing in $file"
			survived+=("$nmut")
			continue
		fi
		if ! "$cc" "${mflags[@]}" -o "$mdir/kunit" "$mdir"/pgp_{parser,verify}.c "${mobjs[@]}" \
			-lcrypto >"$mdir/mbuild.log" 2>&1; then
			echo "# mutant $nmut ($what): does not build"
			sed 's/^/#   /' "$mdir/mbuild.log" | head -n 3
			survived+=("$nmut")
		elif timeout 300 "$mdir/kunit" >"$mdir/kunit.tap" 2>&1; then
			echo "# mutant $nmut ($what): SURVIVED, the KUnit suites pass"
			survived+=("$nmut")
		else
			caught=$((caught + 1))
			echo "# mutant $nmut ($what): caught by $(grep -E '^ +not ok' "$mdir/kunit.tap" |
				sed 's/^ *not ok [0-9]* //' | head -n 3 | tr '\n' ';')"
		fi
	done <"$root/tests/host/pgp/mutants.txt"
	check "mutants of the v6 and composite code: $caught of $nmut caught by the KUnit suites" \
		"$nmut" "$caught"
else
	skip "mutants of the v6 and composite code caught by the KUnit suites" "--quick"
fi

if [ "$coverage" = 1 ]; then
	llvm-profdata merge -o "$work/all.profdata" "$work"/prof/*.profraw
	objs=()
	for b in "$work"/kunit-* "$work"/check-*; do
		[ -x "$b" ] && objs+=(-object "$b")
	done
	llvm-cov report --instr-profile="$work/all.profdata" "${objs[@]:1}" \
		"$root"/crypto/pgp/pgp_parser.c "$root"/crypto/pgp/pgp_verify.c |
		sed 's/^/# /'
fi

plan_check || failed=$((failed + 1))
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" = 0 ]
