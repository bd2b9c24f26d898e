#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of the OpenPGP module signature check, kernel/module (TAP).
set -euo pipefail
prog=run.sh

usage() {
	cat <<'USAGE'
Usage: tests/host/module/run.sh [--keep]

Builds, with ASan and UBSan through tests/compat, the module_sig locator
test modsig_test.c (kernel/module/signing_pgp_elf.c), the KUnit suite
kernel/module/tests/signing_pgp_kunit.c (run on the host) and the driver
tests/host/pgp_keys/keyring_test.c, whose verify command runs the loader
check (kernel/module/signing_pgp.c) against the built-in keyring parser,
then:
  * breaks ELF64/ELF32 images field by field and checks the exact errno;
  * runs the driver with the in-kernel maths and with the OpenSSL oracle of
    tests/compat, which must agree on every answer;
  * signs an ELF object with scripts/sign-module.sh and checks the loader's
    answer for good, tampered, unknown-key, subkey, revoked-key, expired-key,
    Ed25519, two-signature, SHF_ALLOC, blacklisted and unsigned modules, for
    the OpenPGP layer's malformed-signature corpus wrapped into modules
    (wrap-corpus.py; its expectations cross-checked with sqv), and under an
    allocation failure at each allocation (always ENOMEM).
Prints TAP ("ok N - ...", plan "1..N"); exits non-zero on any failure.
Environment: CC (default clang, else gcc).  --keep keeps the work directory.
USAGE
}

top=$(cd "$(dirname "$0")/../../.." && pwd)
here=$top/tests/host/module
# shellcheck source=tests/lib/plan.sh
. "$top/tests/lib/plan.sh"
# (the options, the work directory $tmp and its cleanup)
# shellcheck source=tests/lib/keyring-host.sh
. "$top/tests/lib/keyring-host.sh" "$@"
plan_first 247

# ---- build ----
if build "$tmp/modsig_test" "$here/modsig_test.c" \
	"$top/kernel/module/signing_pgp_elf.c" "$top/scripts/pgp-shim/compat.c" \
	>"$tmp/build-modsig.log" 2>&1; then
	ok "build modsig_test ($cc, ASan+UBSan)"
else
	notok "build modsig_test ($cc, ASan+UBSan)"
	diag <"$tmp/build-modsig.log"
fi
# The keyring_test driver (its build is a result of tests/host/pgp_keys; here only a
# failure is one).
if build_driver >"$tmp/build-driver.log" 2>&1; then
	echo "# built keyring_test ($cc, ASan+UBSan, ${#pgp_srcs[@]} crypto/pgp files)"
else
	notok "build keyring_test ($cc, ASan+UBSan)"
	diag <"$tmp/build-driver.log"
	plan_check
	exit 1
fi

# ---- module_sig locator: renumber modsig_test's TAP into ours ----
if [[ -x $tmp/modsig_test ]]; then
	rc=0
	"$tmp/modsig_test" >"$tmp/modsig.tap" 2>"$tmp/modsig.err" || rc=$?
	while IFS= read -r line; do
		case $line in
		"ok "*) ok "locator: ${line#* - }" ;;
		"not ok "*) notok "locator: ${line#* - }" ;;
		esac
	done <"$tmp/modsig.tap"
	if ((rc != 0)) && ! grep -q '^not ok' "$tmp/modsig.tap"; then
		notok "locator: modsig_test exited $rc"
		diag <"$tmp/modsig.err"
	fi
fi

# ---- the KUnit suite on the host ----
kunit module_sig_pgp "$top/kernel/module/tests/signing_pgp_kunit.c" \
	"$top/kernel/module/signing_pgp.c" "$top/kernel/module/signing_pgp_elf.c" \
	"$here/kunit_stubs.c"

# kt (tests/lib/keyring-host.sh) runs the driver with the in-kernel maths and with the
# OpenSSL oracle.
if build_driver_kmath >"$tmp/build-kmath.log" 2>&1; then
	echo "# built keyring_test with the in-kernel maths (${#kmath[@]} files)"
else
	notok "build keyring_test with the in-kernel maths"
	diag <"$tmp/build-kmath.log"
	cp "$tmp/keyring_test" "$tmp/keyring_test_kmath"
fi
# self-tests of the harness itself: each check below must fail on a broken input.
# A liar oracle: the real one, with every acceptance turned into ENOKEY.
printf '#!/bin/sh\n"%s" "$@" | sed "s/^0 /ENOKEY /"\n' "$tmp/keyring_test" >"$tmp/liar"
chmod +x "$tmp/liar"

# ---- keys and modules ----
make_keys
# the program sign-module.sh runs, built once (PGP_SIGN_MODULE)
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
sign_tool "$tmp/tool" 2>"$tmp/tool.err" || diag <"$tmp/tool.err"
# a module signed by "Revoked Key" before it is revoked (gpg cannot sign after)
printf 'int pgp_test_value = 42;\nint pgp_test_fn(int x) { return x + pgp_test_value; }\n' \
	>"$tmp/mod.c"
gcc -c -o "$tmp/mod.o" "$tmp/mod.c"
m=$tmp/m
mkdir "$m"
sign() { # sign OUT KEY [sign-module.sh options]
	local out=$1 key=$2
	shift 2
	cp "$tmp/mod.o" "$out"
	"$top/scripts/sign-module.sh" -q -u "$key" --homedir "$GNUPGHOME" "$@" "$out" \
		>/dev/null 2>"$tmp/sign.err" || { diag <"$tmp/sign.err"; return 1; }
}
# flip FILE OFFSET: flip the low bit of one byte in place
flip() {
	python3 -c 'import sys
f = open(sys.argv[1], "r+b"); o = int(sys.argv[2]); f.seek(o); b = f.read(1)
f.seek(o); f.write(bytes([b[0] ^ 1]))' "$1" "$2"
}
secoff() { # secoff FILE SECTION: file offset of a section's content
	local hex
	hex=$(readelf -SW "$1" | awk -v s="$2" '{ for (i = 1; i <= NF; i++) if ($i == s) { print $(i + 3); exit } }')
	[[ -n $hex ]] || { echo "$prog: $1: no section $2" >&2; return 1; }
	echo $((16#$hex))
}
sign "$m/revoked.o" "$R!" || true
revoke_keys
export_keys

# ---- the loader check on real signed objects ----
cat "$k/G.gpg" "$k/S.gpg" "$k/R.gpg" "$k/E.gpg" >"$k/trusted.gpg"

if sign "$m/good.o" "$G!"; then
	expect "module signed by the good key: accepted, pgp_signer = fingerprint" "0 $G" \
		kt "$k/trusted.gpg" verify "$m/good.o"
	# self-test: the same case with an oracle that disagrees must fail
	selftest=$(kt_oracle=$tmp/liar expect "self" "0 $G" kt "$k/trusted.gpg" verify "$m/good.o" 2>&1)
	if [[ $selftest == "not ok "*"OpenSSL oracle disagrees: ENOKEY"* ]]; then
		ok "self-test: an OpenSSL oracle that disagrees fails the case"
	else
		notok "self-test: an OpenSSL oracle that disagrees fails the case"
		diag <<<"$selftest"
	fi
	expect "same module, keyring without the key -> ENOKEY" "ENOKEY" \
		kt "$k/S.gpg" verify "$m/good.o"
	cp "$m/good.o" "$m/text.o"
	flip "$m/text.o" "$(($(secoff "$m/text.o" .text) + 2))"
	expect "one byte of .text changed -> EKEYREJECTED" "EKEYREJECTED" \
		kt "$k/trusted.gpg" verify "$m/text.o"
	cp "$m/good.o" "$m/data.o"
	flip "$m/data.o" "$(secoff "$m/data.o" .data)"
	expect "one byte of .data changed -> EKEYREJECTED" "EKEYREJECTED" \
		kt "$k/trusted.gpg" verify "$m/data.o"
	cp "$m/good.o" "$m/ehdr.o"
	flip "$m/ehdr.o" 48	# e_flags (ELF64), not used by the locator
	expect "one byte of the ELF header (e_flags) changed -> EKEYREJECTED" "EKEYREJECTED" \
		kt "$k/trusted.gpg" verify "$m/ehdr.o"
	sigoff=$(secoff "$m/good.o" module_sig)
	cp "$m/good.o" "$m/pad.o"
	flip "$m/pad.o" $((sigoff + 2000))
	expect "one byte of module_sig padding changed -> EBADMSG" "EBADMSG" \
		kt "$k/trusted.gpg" verify "$m/pad.o"
	plen=$(od -An -tu1 -j $((sigoff + 12)) -N4 "$m/good.o" |
		awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
	cp "$m/good.o" "$m/mpi.o"
	flip "$m/mpi.o" $((sigoff + 16 + plen - 1))
	expect "last byte of the signature MPI changed -> EKEYREJECTED" "EKEYREJECTED" \
		kt "$k/trusted.gpg" verify "$m/mpi.o"
	objcopy --set-section-flags module_sig=alloc,contents,readonly "$m/good.o" "$m/alloc.o"
	expect "module_sig with SHF_ALLOC -> EBADMSG" "EBADMSG" \
		kt "$k/trusted.gpg" verify "$m/alloc.o"
	expect "blacklisted module hash -> EKEYREJECTED" "EKEYREJECTED" \
		kt --blacklist "$m/good.o" "$k/trusted.gpg" verify "$m/good.o"
	expect "another module's hash blacklisted: accepted" "0 $G" \
		kt --blacklist "$tmp/mod.o" "$k/trusted.gpg" verify "$m/good.o"
else
	notok "sign a module with the good key (scripts/sign-module.sh)"
fi
expect "unsigned object -> ENODATA" "ENODATA" kt "$k/trusted.gpg" verify "$tmp/mod.o"
if sign "$m/sub.o" "$SS!"; then
	expect "module signed by a subkey: accepted, signer = subkey" "0 $SS" \
		kt "$k/trusted.gpg" verify "$m/sub.o"
else
	notok "sign a module with the subkey"
fi
if sign "$m/unknown.o" "$U"; then
	expect "module signed by an unknown key -> ENOKEY" "ENOKEY" \
		kt "$k/trusted.gpg" verify "$m/unknown.o"
	cp "$m/unknown.o" "$m/roll.o"
	if "$top/scripts/sign-module.sh" -q -u "$G" --homedir "$GNUPGHOME" --append "$m/roll.o" \
		>/dev/null 2>&1; then
		expect "two signatures (unknown key, then trusted key): accepted" "0 $G" \
			kt "$k/trusted.gpg" verify "$m/roll.o"
	else
		notok "append a second signature (sign-module.sh --append)"
	fi
else
	notok "sign a module with the unknown key"
fi
# corrupt_first FILE: flip the last byte of the first signature packet in module_sig
corrupt_first() {
	local off
	off=$(secoff "$1" module_sig) || return 1
	python3 - "$1" "$off" <<'PY'
import sys
path, off = sys.argv[1], int(sys.argv[2])
data = bytearray(open(path, "rb").read())
p = off + 16
ctb = data[p]
if ctb & 0x40:
    o = data[p + 1]
    if o < 192:
        hl, n = 2, o
    elif o < 224:
        hl, n = 3, ((o - 192) << 8) + data[p + 2] + 192
    else:
        hl, n = 6, int.from_bytes(data[p + 2:p + 6], "big")
else:
    w = 1 << (ctb & 3)
    hl, n = 1 + w, int.from_bytes(data[p + 1:p + 1 + w], "big")
data[p + hl + n - 1] ^= 1
open(path, "wb").write(data)
PY
}
for pair in "sha512 sha512" "sha256 sha512"; do
	read -r h1 h2 <<<"$pair"
	set -- "$h1" "$h2"
	if sign "$m/two-$1-$2.o" "$G!" --digest "$1" &&
		"$top/scripts/sign-module.sh" -q -u "$SS!" --homedir "$GNUPGHOME" --digest "$2" \
			--append "$m/two-$1-$2.o" >/dev/null 2>&1; then
		expect "two trusted signatures ($1, $2): accepted by the first" "0 $G" \
			kt "$k/trusted.gpg" verify "$m/two-$1-$2.o"
		corrupt_first "$m/two-$1-$2.o"
		expect "two trusted signatures ($1, $2), first one bad: accepted by the second" \
			"0 $SS" kt "$k/trusted.gpg" verify "$m/two-$1-$2.o"
	else
		notok "sign a module twice ($1 then $2)"
	fi
done
# the OpenPGP layer's malformed-signature corpus (tests/host/pgp/gen-malformed.py),
# each payload wrapped into the module_sig of a module signed with a large reserve
mal=$tmp/malformed
if [[ -f $top/tests/host/pgp/gen-malformed.py ]] &&
	sign "$m/big.o" "$G!" --reserve 65536 --digest sha256; then
	mkdir -p "$mal"
	python3 "$here/wrap-corpus.py" --extract "$m/big.o" "$mal/good.sig"
	python3 "$top/tests/host/pgp/gen-malformed.py" "$mal/good.sig" "$mal/corpus" 2>/dev/null
	python3 "$here/wrap-corpus.py" "$m/big.o" "$mal/corpus" "$mal/mods" 2>/dev/null
	while IFS=$'\t' read -r mod want what pinned; do
		[[ $mod == \#* ]] && continue
		[[ $want == ok ]] && want="0 $G"
		expect "malformed corpus: $what -> ${want%% *}" "$want" \
			kt "$k/trusted.gpg" verify "$mal/mods/$mod"
	done <"$mal/mods/MANIFEST"
	# The OpenPGP-level expectations against an independent verifier: sqv must accept
	# exactly the payloads expected to load (the signed data: big.o with module_sig zeroed).
	# (readelf and dd: independent of the project's ELF readers)
	read -r soff ssize < <(readelf -SW "$m/big.o" |
		awk '{ for (i = 1; i <= NF; i++) if ($i == "module_sig") { print $(i + 3), $(i + 4); exit } }')
	cp "$m/big.o" "$mal/signed-data"
	dd if=/dev/zero of="$mal/signed-data" bs=4096 seek="$((16#$soff))" count="$((16#$ssize))" \
		iflag=count_bytes oflag=seek_bytes conv=notrunc status=none
	# "strict" cases: sqv must accept them (the kernel's stricter rule is the only defect)
	sqv_agree() { # sqv_agree MANIFEST: prints the rows where sqv's verdict differs
		local mod want what pinned v
		while IFS=$'\t' read -r mod want what pinned; do
			[[ $mod == \#* || $pinned == container ]] && continue
			v=refused
			sqv --keyring "$k/trusted.gpg" "$mal/corpus/${mod%.o}.sig" "$mal/signed-data" \
				>/dev/null 2>&1 && v=ok
			if [[ $pinned == strict ]]; then
				[[ $v == ok && $want != ok ]] || echo "$mod: expected $want (strict), sqv: $v"
				continue
			fi
			[[ $v == ok && $want == ok ]] || [[ $v == refused && $want != ok ]] ||
				echo "$mod: expected $want, sqv: $v"
		done <"$1"
	}
	if command -v sqv >/dev/null; then
		disagree=$(sqv_agree "$mal/mods/MANIFEST")
		nopen=$(grep -c $'\topenpgp$' "$mal/mods/MANIFEST")
		nstrict=$(grep -c $'\tstrict$' "$mal/mods/MANIFEST")
		ncont=$(grep -c $'\tcontainer$' "$mal/mods/MANIFEST")
		expect "malformed corpus: sqv accepts exactly the expected ones of $nopen OpenPGP-level cases and all $nstrict refused by the kernel's stricter rules ($ncont container-rule cases pinned to the documented container rules)" \
			"" echo -n "$disagree"
		# self-test: an expectation flipped to "ok" for a refused payload is caught
		awk -F'\t' 'BEGIN { OFS = "\t" } !done && $4 == "openpgp" && $2 != "ok" { $2 = "ok"; done = 1 } 1' \
			"$mal/mods/MANIFEST" >"$mal/flipped"
		if [[ -n $(sqv_agree "$mal/flipped") ]]; then
			ok "self-test: a wrong corpus expectation disagrees with sqv"
		else
			notok "self-test: a wrong corpus expectation disagrees with sqv"
		fi
	else
		ok "malformed corpus: sqv cross-check # SKIP sqv not installed"
		ok "self-test: a wrong corpus expectation disagrees with sqv # SKIP sqv not installed"
	fi
else
	notok "malformed corpus: sign a module with a 64 KiB reserve"
fi

# out of memory at each allocation of the check: the normal answer or ENOMEM,
# never an acceptance or a permissive code instead of a refusal
oom_sweep() { # oom_sweep MODULE NORMAL
	local i out bad=0 fails=0
	for ((i = 0; i < 200; i++)); do
		out=$("$tmp/keyring_test_kmath" --fail-alloc "$i" "$k/trusted.gpg" verify "$1") ||
			{ bad=1; break; }
		[[ $out == "$2" ]] && break
		if [[ $out == ENOMEM ]]; then
			fails=$((fails + 1))
			continue
		fi
		bad=1
		echo "allocation $i failing gives: $out" | diag
		break
	done
	if ((bad == 0 && fails > 0 && i < 200)); then
		ok "$(basename "$1"): out of memory at each of its $fails allocations -> ENOMEM"
	else
		notok "$(basename "$1"): out of memory at each allocation -> ENOMEM"
	fi
}
[[ -f $m/good.o ]] && oom_sweep "$m/good.o" "0 $G"
[[ -f $m/roll.o ]] && oom_sweep "$m/roll.o" "0 $G"
[[ -f $m/text.o ]] && oom_sweep "$m/text.o" "EKEYREJECTED"
[[ -f $m/two-sha256-sha512.o ]] && oom_sweep "$m/two-sha256-sha512.o" "0 $SS"
if [[ -f $m/revoked.o ]]; then
	expect "module signed by a revoked key -> EKEYREJECTED" "EKEYREJECTED" \
		kt "$k/trusted.gpg" verify "$m/revoked.o"
else
	notok "sign a module with the revoked key"
fi
# The signer refuses a key that has expired now even for a back-dated signature: sign with a
# copy of the key whose expiry is lifted; the kernel judges by trusted.gpg's (end of 2020).
rm -rf "$tmp/gh-exp"
cp -a "$GNUPGHOME" "$tmp/gh-exp"
rm -f "$tmp"/gh-exp/S.*
if gpg -q --batch --homedir "$tmp/gh-exp" --quick-set-expire "$E" 0 >/dev/null 2>&1 &&
	GNUPGHOME=$tmp/gh-exp SOURCE_DATE_EPOCH=$t2020_06 sign "$m/exp.o" "$E!"; then
	expect "module signed in 2020 by a key that expired at the end of 2020: accepted" "0 $E" \
		kt "$k/trusted.gpg" verify "$m/exp.o"
else
	notok "sign a module with the expiring key at a 2020 time"
fi

# ---- Ed25519 (legacy EdDSA, algorithm 22) ----
if sign "$m/ed.o" "$X!"; then
	expect "module signed by an Ed25519 key: accepted" "0 $X" kt "$k/X.gpg" verify "$m/ed.o"
	cp "$m/ed.o" "$m/ed-text.o"
	flip "$m/ed-text.o" "$(($(secoff "$m/ed-text.o" .text) + 1))"
	expect "Ed25519-signed module, .text changed -> EKEYREJECTED" "EKEYREJECTED" \
		kt "$k/X.gpg" verify "$m/ed-text.o"
else
	notok "sign a module with the Ed25519 key"
fi

# ---- v6 (RFC 9580) and ML-DSA-65+Ed25519 (RFC 9980) signatures ----
# Signed on the test side (tests/vectors/pgpv6.mjs over the signed data siglayout.py
# extract writes, put in by tests/qemu/v6mod.py), with v6 keys of fixed seeds.
v6tests=("v6 Ed25519 module: accepted, signer = its 32-octet fingerprint"
	"ML-DSA-65+Ed25519 module: accepted"
	"ML-DSA-65+Ed25519 module, .text changed -> EKEYREJECTED"
	"ML-DSA-65+Ed25519, the ML-DSA-65 half changed -> EKEYREJECTED"
	"ML-DSA-65+Ed25519, the Ed25519 half changed -> EKEYREJECTED"
	"v6 salt length changed -> EBADMSG"
	"v4 (unknown key) + v6 composite rollover: accepted by the v6 key"
	"v6 composite by a key not in the keyring -> ENOKEY"
	"memory of one composite verification: heap + stack at most 16 KiB"
	"memory: the same for a 1 MiB module (nothing sized by the module)"
	"ML-DSA-87+Ed448 (algorithm 31) module: accepted"
	"ML-DSA-87+Ed448, the ML-DSA-87 half changed -> EKEYREJECTED"
	"ML-DSA-87+Ed448, the Ed448 half changed -> EKEYREJECTED"
	"v6 Ed448 (algorithm 28) module: accepted"
	"v4 Ed25519 (unknown key) + ML-DSA-87+Ed448 rollover: accepted by the v6 key"
	"memory of one ML-DSA-87+Ed448 verification: heap + stack at most 16 KiB, also at 1 MiB"
	"pq-only: a module with a good classical (v4 DSA) signature only -> ENOKEY, logged with the key"
	"pq-only: the same module, its hash blacklisted -> EKEYREJECTED"
	"pq-only: ML-DSA-87+Ed448 and ML-DSA-65+Ed25519 modules accepted, a v6 Ed25519 one -> ENOKEY"
	"rollover v4 DSA + ML-DSA-87+Ed448, policy off: accepted by the first, the DSA key"
	"rollover v4 DSA + ML-DSA-87+Ed448, pq-only: accepted by the ML-DSA-87+Ed448 key"
	"SLH-DSA-SHAKE-128f (algorithm 33) module: accepted, also with pq-only"
	"SLH-DSA-SHAKE-128f, a byte of R, of the FORS part and of the hypertree changed -> EKEYREJECTED each"
	"ML-DSA-87+Ed448 + SLH-DSA-SHAKE-128f rollover, pq-only: accepted by the first"
	"memory of one SLH-DSA-SHAKE-128f verification: heap + stack at most 16 KiB, also at 1 MiB")
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if ! node_env --check 2>"$tmp/nm.err"; then
	for t in "${v6tests[@]}"; do ok "$t # SKIP $(head -n 1 "$tmp/nm.err")"; done
else
	pgpv6() { node "$top/tests/vectors/pgpv6.mjs" "$@"; }
	pq=mldsa65-ed25519:host-module-pq ed=ed25519:host-module-ed
	pq87=mldsa87-ed448:host-module-pq87 ed448=ed448:host-module-ed448
	slh=slhdsa128f:host-module-slh
	pgpv6 cert "$pq" >"$k/pq.pgp"
	pgpv6 cert "$ed" >"$k/ed6.pgp"
	pgpv6 cert "$pq87" >"$k/pq87.pgp"
	pgpv6 cert "$ed448" >"$k/ed448.pgp"
	pgpv6 cert "$slh" >"$k/slh.pgp"
	cat "$k/trusted.gpg" "$k/pq.pgp" "$k/ed6.pgp" "$k/pq87.pgp" "$k/ed448.pgp" "$k/slh.pgp" \
		>"$k/trusted6.gpg"
	# v6mod OUT BASE SIG...: BASE's module_sig holding the SIG packets
	v6base() { # v6base OUT [big] [RESERVE]: an object with a 16 KiB (or RESERVE) module_sig,
		# its signed data OUT.data
		cp "$tmp/mod.o" "$1"
		[[ -n ${2:-} ]] && objcopy --add-section .bulk="$tmp/bulk" "$1"
		"$top/scripts/sign-module.sh" -q -u "$G!" --homedir "$GNUPGHOME" --reserve "${3:-16384}" "$1" \
			>/dev/null 2>"$tmp/sign.err" || { diag <"$tmp/sign.err"; return 1; }
		python3 "$top/tests/qemu/siglayout.py" extract "$1" "$1.data" "$1.v4sig" >/dev/null
	}
	v6sign() { # v6sign BASE OUT KEY HASH [EXTRA-SIG-FIRST]
		pgpv6 sign "$3" --hash "$4" <"$1.data" >"$2.sig"
		python3 "$top/tests/qemu/v6mod.py" attach "$1" "$2" ${5:+"$5"} "$2.sig"
	}
	v6base "$m/v6base.o"
	v6sign "$m/v6base.o" "$m/ed6.o" "$ed" sha512
	expect "${v6tests[0]}" "0 $(pgpv6 fpr "$ed")" kt "$k/trusted6.gpg" verify "$m/ed6.o"
	v6sign "$m/v6base.o" "$m/pq.o" "$pq" sha512
	pqf=$(pgpv6 fpr "$pq")
	expect "${v6tests[1]}" "0 $pqf" kt "$k/trusted6.gpg" verify "$m/pq.o"
	cp "$m/pq.o" "$m/pq-text.o"
	flip "$m/pq-text.o" "$(($(secoff "$m/pq-text.o" .text) + 1))"
	expect "${v6tests[2]}" EKEYREJECTED kt "$k/trusted6.gpg" verify "$m/pq-text.o"
	field() { python3 "$top/tests/qemu/v6mod.py" fields "$1" | awk -v f="$2" '$1 == f { print $2 }'; }
	for f in mldsa:3 ed25519:4 salt-length:5; do
		cp "$m/pq.o.sig" "$m/pq-$f.sig"
		python3 "$top/tests/qemu/v6mod.py" flip "$m/pq-$f.sig" "$(field "$m/pq.o.sig" "${f%:*}")" 0x11
		python3 "$top/tests/qemu/v6mod.py" attach "$m/v6base.o" "$m/pq-${f%:*}.o" "$m/pq-$f.sig"
	done
	expect "${v6tests[3]}" EKEYREJECTED kt "$k/trusted6.gpg" verify "$m/pq-mldsa.o"
	expect "${v6tests[4]}" EKEYREJECTED kt "$k/trusted6.gpg" verify "$m/pq-ed25519.o"
	expect "${v6tests[5]}" EBADMSG kt "$k/trusted6.gpg" verify "$m/pq-salt-length.o"
	cp "$m/v6base.o" "$m/u.o"
	sign "$m/u.o" "$U!" --reserve 16384 || true
	python3 "$top/tests/qemu/siglayout.py" extract "$m/u.o" "$m/u.data" "$m/u.sig" >/dev/null
	python3 "$top/tests/qemu/v6mod.py" attach "$m/v6base.o" "$m/roll6.o" "$m/u.sig" "$m/pq.o.sig"
	expect "${v6tests[6]}" "0 $pqf" kt "$k/trusted6.gpg" verify "$m/roll6.o"
	expect "${v6tests[7]}" ENOKEY kt "$k/trusted.gpg" verify "$m/pq.o"
	# memory: a build without sanitizers (they change both), the kernel's maths
	if "$cc" -O2 -w -I"$top/scripts/pgp-shim/module" -I"$top/scripts/pgp-shim/module/tests" \
		-I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include" -DCONFIG_64BIT=1 \
		-DCONFIG_PGP_BUILTIN_KEYS=1 -DCONFIG_SYSTEM_BLACKLIST_KEYRING=1 \
		-DCONFIG_CRYPTO_ED25519=1 -DCONFIG_CRYPTO_MLDSA_VERIFY=1 -DCONFIG_CRYPTO_ED448=1 \
		-DCONFIG_CRYPTO_SLHDSA=1 -DCONFIG_ARCH_SUPPORTS_INT128=1 \
		-DCONFIG_PGP_KEYS_REVOKED='""' -o "$tmp/keyring_test_mem" "${driver[@]}" \
		"${kmath[@]}" "$top/scripts/pgp-shim/compat.c" \
		"$top/scripts/pgp-shim/shash_openssl.c" "$top/scripts/pgp-shim/hash_info.c" -lcrypto -lpthread \
		>"$tmp/build-mem.log" 2>&1; then
		head -c $((1 << 20)) /dev/urandom >"$tmp/bulk"
		v6base "$m/v6big.o" big
		v6sign "$m/v6big.o" "$m/pqbig.o" "$pq" sha512
		small=$("$tmp/keyring_test_mem" --measure "$k/trusted6.gpg" verify "$m/pq.o" | tail -n 1)
		big=$("$tmp/keyring_test_mem" --measure "$k/trusted6.gpg" verify "$m/pqbig.o" | tail -n 1)
		# and with the keys prepared as the kernel's keyring prepares them (the ML-DSA-65
		# tables, made before the check, are the key's, not the verification's)
		prep=$("$tmp/keyring_test_mem" --measure --prepare "$k/trusted6.gpg" verify "$m/pq.o")
		prepbig=$("$tmp/keyring_test_mem" --measure --prepare "$k/trusted6.gpg" verify \
			"$m/pqbig.o")
		echo "# ML-DSA-65+Ed25519/SHA-512, $(stat -c %s "$m/pq.o")-byte module: $small"
		echo "# ML-DSA-65+Ed25519/SHA-512, $(stat -c %s "$m/pqbig.o")-byte module: $big"
		echo "# the same, keys prepared: $(tail -n 1 <<<"$prep"); $(tail -n 1 <<<"$prepbig")"
		read -r _ _ h1 _ s1 <<<"$small"
		read -r _ _ h2 _ s2 <<<"$big"
		read -r _ _ h3 _ s3 < <(tail -n 1 <<<"$prep")
		read -r _ _ h4 _ s4 < <(tail -n 1 <<<"$prepbig")
		if [[ $h1 =~ ^[0-9]+$ && $s1 =~ ^[0-9]+$ && $h3 =~ ^[0-9]+$ && $s3 =~ ^[0-9]+$ ]] &&
			((h1 + s1 <= 16384 && h1 > 0 && h3 + s3 <= 16384 && h3 > 0)) &&
			[[ $(head -n 1 <<<"$prep") == "0 $pqf" && $(head -n 1 <<<"$prepbig") == "0 $pqf" ]]; then
			ok "${v6tests[8]} (heap $h1 + stack $s1 = $((h1 + s1)) bytes; keys prepared: $((h3 + s3)))"
		else
			notok "${v6tests[8]}"
			diag <<<"$small"$'\n'"$prep"$'\n'"$prepbig"
		fi
		if [[ $h1 == "$h2" && $s1 == "$s2" && $h3 == "$h4" && $s3 == "$s4" ]]; then
			ok "${v6tests[9]}"
		else
			notok "${v6tests[9]}"
			diag <<<"$small / $big / $prep / $prepbig"
		fi
	else
		notok "${v6tests[8]}"
		notok "${v6tests[9]}"
		diag <"$tmp/build-mem.log"
	fi
	# ML-DSA-87+Ed448 (RFC 9980) and Ed448 (RFC 9580 algorithm 28)
	v6sign "$m/v6base.o" "$m/pq87.o" "$pq87" sha512
	pq87f=$(pgpv6 fpr "$pq87")
	expect "${v6tests[10]}" "0 $pq87f" kt "$k/trusted6.gpg" verify "$m/pq87.o"
	for f in mldsa ed448; do
		cp "$m/pq87.o.sig" "$m/pq87-$f.sig"
		python3 "$top/tests/qemu/v6mod.py" flip "$m/pq87-$f.sig" "$(field "$m/pq87.o.sig" "$f")" 0x11
		python3 "$top/tests/qemu/v6mod.py" attach "$m/v6base.o" "$m/pq87-$f.o" "$m/pq87-$f.sig"
	done
	expect "${v6tests[11]}" EKEYREJECTED kt "$k/trusted6.gpg" verify "$m/pq87-mldsa.o"
	expect "${v6tests[12]}" EKEYREJECTED kt "$k/trusted6.gpg" verify "$m/pq87-ed448.o"
	v6sign "$m/v6base.o" "$m/ed448.o" "$ed448" sha512
	expect "${v6tests[13]}" "0 $(pgpv6 fpr "$ed448")" kt "$k/trusted6.gpg" verify "$m/ed448.o"
	python3 "$top/tests/qemu/v6mod.py" attach "$m/v6base.o" "$m/roll87.o" "$m/u.sig" "$m/pq87.o.sig"
	expect "${v6tests[14]}" "0 $pq87f" kt "$k/trusted6.gpg" verify "$m/roll87.o"
	if [[ -x $tmp/keyring_test_mem && -f $m/v6big.o ]]; then
		v6sign "$m/v6big.o" "$m/pq87big.o" "$pq87" sha512
		mem=()
		for o in pq87 pq87big; do
			for p in "" --prepare; do
				mem+=("$("$tmp/keyring_test_mem" --measure $p "$k/trusted6.gpg" verify "$m/$o.o" |
					tr '\n' ' ')")
			done
		done
		echo "# ML-DSA-87+Ed448/SHA-512, $(stat -c %s "$m/pq87.o") and $(stat -c %s "$m/pq87big.o")-byte modules, keys unprepared and prepared: ${mem[*]}"
		good=1
		for r in "${mem[@]}"; do
			read -r rc fpr _ _ h _ s <<<"$r"
			[[ "$rc $fpr" == "0 $pq87f" && $h =~ ^[0-9]+$ && $s =~ ^[0-9]+$ ]] &&
				((h > 0 && h + s <= 16384)) || good=0
		done
		[[ ${mem[0]#* * } == "${mem[2]#* * }" && ${mem[1]#* * } == "${mem[3]#* * }" ]] || good=0
		if ((good)); then
			read -r _ _ _ _ h _ s <<<"${mem[0]}"
			read -r _ _ _ _ h3 _ s3 <<<"${mem[1]}"
			ok "${v6tests[15]} (heap $h + stack $s = $((h + s)) bytes; keys prepared: $((h3 + s3)))"
		else
			notok "${v6tests[15]}"
			printf '%s\n' "${mem[@]}" | diag
		fi
	else
		notok "${v6tests[15]}"
	fi
	# the post-quantum-only policy (pgp_keys.pq_only): keyring_test --pq-only
	cp "$m/v6base.o" "$m/g.o"
	sign "$m/g.o" "$G!" --reserve 16384 || true
	python3 "$top/tests/qemu/siglayout.py" extract "$m/g.o" "$m/g.data" "$m/g.sig" >/dev/null
	python3 "$top/tests/qemu/v6mod.py" attach "$m/v6base.o" "$m/rollg87.o" "$m/g.sig" "$m/pq87.o.sig"
	got=$(KCOMPAT_VERBOSE=1 kt --pq-only "$k/trusted6.gpg" verify "$m/g.o" 2>"$tmp/po.err") || true
	if [[ $got == ENOKEY ]] && grep -qi "Module signed by classical key $G only: not counted" "$tmp/po.err"; then
		ok "${v6tests[16]}"
	else
		notok "${v6tests[16]}"
		{ echo "got: $got"; cat "$tmp/po.err"; } | diag
	fi
	expect "${v6tests[17]}" EKEYREJECTED kt --pq-only --blacklist "$m/g.o" "$k/trusted6.gpg" verify "$m/g.o"
	got=$(for o in pq87 pq ed6; do kt --pq-only "$k/trusted6.gpg" verify "$m/$o.o"; done 2>&1 | tr '\n' ' ')
	if [[ $got == "0 $pq87f 0 $pqf ENOKEY " ]]; then
		ok "${v6tests[18]}"
	else
		notok "${v6tests[18]}"
		diag <<<"$got"
	fi
	expect "${v6tests[19]}" "0 $G" kt "$k/trusted6.gpg" verify "$m/rollg87.o"
	expect "${v6tests[20]}" "0 $pq87f" kt --pq-only "$k/trusted6.gpg" verify "$m/rollg87.o"
	# SLH-DSA-SHAKE-128f (RFC 9980 algorithm 33): a module_sig of 24 KiB holds its 17 KB
	v6base "$m/slhbase.o" "" 24576
	v6sign "$m/slhbase.o" "$m/slh.o" "$slh" sha512
	slhf=$(pgpv6 fpr "$slh")
	got=$(for o in "" --pq-only; do kt $o "$k/trusted6.gpg" verify "$m/slh.o"; done 2>&1 | tr '\n' ' ')
	if [[ $got == "0 $slhf 0 $slhf " ]]; then
		ok "${v6tests[21]}"
	else
		notok "${v6tests[21]}"
		diag <<<"$got"
	fi
	# the values are the packet's last 17088 octets: R, then the FORS part (3696), then
	# the hypertree (13376)
	got=
	for off in 3 $((16 + 2000)) $((3712 + 9000)); do
		cp "$m/slh.o.sig" "$m/slh-bad.sig"
		python3 "$top/tests/qemu/v6mod.py" flip "$m/slh-bad.sig" \
			$(($(stat -c %s "$m/slh.o.sig") - 17088 + off)) 0x11
		python3 "$top/tests/qemu/v6mod.py" attach "$m/slhbase.o" "$m/slh-bad.o" "$m/slh-bad.sig"
		got+="$(kt "$k/trusted6.gpg" verify "$m/slh-bad.o" 2>&1) "
	done
	if [[ $got == "EKEYREJECTED EKEYREJECTED EKEYREJECTED " ]]; then
		ok "${v6tests[22]}"
	else
		notok "${v6tests[22]}"
		diag <<<"$got"
	fi
	v6sign "$m/slhbase.o" "$m/slh87.o" "$pq87" sha512
	python3 "$top/tests/qemu/v6mod.py" attach "$m/slhbase.o" "$m/rollslh.o" "$m/slh87.o.sig" \
		"$m/slh.o.sig"
	expect "${v6tests[23]}" "0 $pq87f" kt --pq-only "$k/trusted6.gpg" verify "$m/rollslh.o"
	if [[ -x $tmp/keyring_test_mem && -f $tmp/bulk ]]; then
		v6base "$m/slhbig.o" big 24576
		v6sign "$m/slhbig.o" "$m/slhb.o" "$slh" sha512
		mem=()
		for o in slh slhb; do
			mem+=("$("$tmp/keyring_test_mem" --measure "$k/trusted6.gpg" verify "$m/$o.o" |
				tr '\n' ' ')")
		done
		echo "# SLH-DSA-SHAKE-128f/SHA-512, $(stat -c %s "$m/slh.o") and $(stat -c %s "$m/slhb.o")-byte modules: ${mem[*]}"
		good=1
		for r in "${mem[@]}"; do
			read -r rc fpr _ _ h _ s <<<"$r"
			[[ "$rc $fpr" == "0 $slhf" && $h =~ ^[0-9]+$ && $s =~ ^[0-9]+$ ]] &&
				((h > 0 && h + s <= 16384)) || good=0
		done
		[[ ${mem[0]#* * } == "${mem[1]#* * }" ]] || good=0
		if ((good)); then
			read -r _ _ _ _ h _ s <<<"${mem[0]}"
			ok "${v6tests[24]} (heap $h + stack $s = $((h + s)) bytes)"
		else
			notok "${v6tests[24]}"
			printf '%s\n' "${mem[@]}" | diag
		fi
	else
		notok "${v6tests[24]}"
	fi
fi

plan_check || failed=$((failed + 1))
if ((failed)); then
	echo "# $failed of $n failed" >&2
	exit 1
fi
