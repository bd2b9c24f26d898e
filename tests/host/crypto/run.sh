#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build crypto/{mont,dsa,rsassa,ed25519,ed448,shake,mldsa_verify,slhdsa}.c in userspace on tests/compat
# (the kernel API in userspace; kshim.h adds this build's configuration) with
# ASan/UBSan, then run:
#   1. test_crypto   - against OpenSSL (random operands, keys, signatures);
#      test_shake    - SHAKE128/256 against OpenSSL's, in random pieces;
#      test_mldsa    - ML-DSA-65 and ML-DSA-87 against @noble/post-quantum
#      (mldsa-cases.mjs: random keys and messages, every field of the
#      signatures mutated), and the heap one verification takes; again as an
#      i386 binary;
#      test_ed448    - Ed448 against @noble/curves (ed448-cases.mjs: random keys,
#      messages and contexts, mutated) and OpenSSL (random keys, corruptions),
#      plain and with prepared keys; heap; again with 28-bit limbs (no 128-bit
#      type)
#      test_slhdsa   - SLH-DSA-SHAKE-128s, -128f and -256s against
#      @noble/post-quantum (slhdsa-cases.mjs: random keys and messages, each
#      part of the signatures changed, contexts, the internal interface), the
#      SHAKE256 computations of each verification against the bound
#      crypto/slhdsa.c states, heap; then, built without sanitizers, heap and
#      stack of one verification; again as an i386 binary; and where this
#      machine has AVX2, test_slhdsa_x4: the same cases through
#      crypto/keccak_x4.c's four-way Keccak-f (the KUnit suites and the
#      mutants of step 5 are built with it too)
#   2. the KUnit suites crypto/*_kunit.c and crypto/tests/*_kunit.c through
#      tests/compat's KUnit
#   3. the arithmetic again through the C multiply (no MULX/ADX) and
#      through the portable one (no 128-bit type), and Ed25519 with the
#      field code used where there is no 128-bit type, and the
#      BITS_PER_LONG == 32 code: test_mont32 built for i386 (Debian's
#      i686-linux-gnu-gcc cross compiler and its own libc, with tests/compat,
#      no libcrypto: it checks the answers OpenSSL gave on this host,
#      mont32_cases.c), run directly where the kernel runs i386 binaries,
#      otherwise under qemu-i386 (QEMU user mode); two mutants of the
#      32-bit carry must fail it
#   4. big-endian: the SHAKE, ML-DSA, Ed448 and SLH-DSA KUnit suites and the differential
#      cases as s390x binaries (clang --target=s390x-linux-gnu -static, run under
#      qemu-s390x); a copy of crypto/shake.c that reads lanes in host byte
#      order must fail there (it passes on x86_64)
#   5. mutants: crypto/mldsa_verify.c, crypto/shake.c, crypto/ed448.c and crypto/slhdsa.c each changed in one check or
#      step (mutants.txt), the KUnit suites built again without sanitizers;
#      each mutant must fail them
#   6. the 7.x side of <crypto/shake.h> and <crypto/mldsa_verify.h>: the SHAKE, ML-DSA
#      and SLH-DSA KUnit suites on crypto/mldsa_verify_lib.c over Debian's
#      linux-source-7.3's own lib/crypto/mldsa.c and sha3.c with patches/7.3's
#      patch 0010 (its lib/crypto/mldsa.c and include/crypto/mldsa.h: mldsa_prepare_key()),
#      with ASan and UBSan; a copy whose
#      prepared path takes row 0 of A for every row must fail them (a skip
#      without the 7.3 tarball: mk/linux-source.sh 7.3)
# Prints TAP; exits non-zero on any failure.
set -euo pipefail

prog=run.sh
usage() {
	cat <<EOF
Usage: tests/host/crypto/run.sh [--scale N] [--keep DIR] [--help]

Userspace tests of the kernel's public-key verification code (crypto/mont.c,
crypto/dsa.c, crypto/rsassa.c, crypto/ed25519.c, crypto/ed448.c,
crypto/shake.c, crypto/mldsa_verify.c, crypto/slhdsa.c) under ASan and UBSan,
checked against OpenSSL and (ML-DSA, Ed448, SLH-DSA) @noble/post-quantum and
@noble/curves, plus the KUnit suites and their mutants, all built on
tests/compat.

  --scale N   multiply the number of random cases by N (default 1)
  --keep DIR  build in DIR and keep it (default: a temporary directory)
  --help      this text

The 32-bit test needs the i386 cross compiler and its libc (gcc-i686-linux-gnu,
libc6-dev-i386-cross; no multi-arch package: the i386 binaries link no
libcrypto and load the cross libc from /usr/i686-linux-gnu) and, where this
kernel cannot run i386 binaries, qemu-i386 (qemu-user).
The big-endian run needs clang with the s390x libc, binutils and libgcc
(libc6-dev-s390x-cross, binutils-s390x-linux-gnu, libgcc-12-dev-s390x-cross)
and qemu-s390x (qemu-user).  make deps installs them all; without them those
results fail, or are skipped with apt's reason when make deps could not install
them (tests/lib/deps.sh).
The ML-DSA and SLH-DSA differentials need node >= 20.19 and the test-only npm
package @noble/post-quantum in build/node (make deps: mk/node-deps.sh); without
it those results fail.  noble signs SLH-DSA slowly: the SLH-DSA cases (3 keys of
128f, 1 of 128s and 1 of 256s, times --scale) take about three minutes of one
core, made beside the builds.

Environment: CC (default gcc), CC32 (the i386 compiler, default
i686-linux-gnu-gcc), TEST_SEED (xorshift seed for test_crypto), QEMU_I386
(default qemu-i386).
EOF
}

scale=1
keep=
while [ $# -gt 0 ]; do
	case "$1" in
	--scale) scale="${2:?}"; shift 2 ;;
	--keep) keep="${2:?}"; shift 2 ;;
	--help|-h) usage; exit 0 ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
cc=${CC:-gcc}
cc32=${CC32:-i686-linux-gnu-gcc}
qemu_i386=${QEMU_I386:-qemu-i386}

if [ -n "$keep" ]; then
	mkdir -p "$keep"
	out=$(cd "$keep" && pwd)
else
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
fi

srcs=("$top"/crypto/{mont,dsa,rsassa,ed25519}.c)
pqsrcs=("$top"/crypto/{shake,mldsa_verify,ed448,slhdsa}.c)
kunits=("$top"/crypto/tests/{mont,dsa,rsassa,ed25519}_kunit.c "$top"/crypto/tests/{shake,mldsa,ed448,slhdsa}_kunit.c)

# shellcheck disable=SC2054 # the comma is part of -fsanitize=address,undefined
cflags=(-std=gnu11 -O1 -g -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare
	-Wno-missing-field-initializers -Werror=implicit-function-declaration
	-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
	-I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include" -I"$here")

# crypto/keccak_x4.c (the four-way Keccak-f of crypto/slhdsa.c, AVX2) is built in, with
# -mavx2, where this machine can run it, as the x86-64 kernel builds it
x4flags=() x4note=
if [ "$(uname -m)" = x86_64 ] && grep -qw avx2 /proc/cpuinfo; then
	x4flags=(-mavx2 -DCONFIG_CRYPTO_KECCAK_X4=1)
	x4note=" (four-way Keccak-f built in)"
fi

fail=0
n=0
# shellcheck source=tests/lib/plan.sh
. "$top/tests/lib/plan.sh"
# shellcheck source=tests/lib/deps.sh
. "$top/tests/lib/deps.sh"
plan_first 31
tap() {	# tap <status> <description>: status 0 passes, "skip:REASON" is a skip
	n=$((n + 1))
	if [ "${1%%:*}" = skip ]; then
		echo "ok $n - $2 # SKIP ${1#skip:}"
	elif [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fail=1
	fi
}

# tests/compat's runtime, built once as it is (without kshim.h); kunit_main.o
# only for the KUnit suites.  Should it fail, the builds below fail too.  The
# 32-bit build compiles its own copy (compat32/, in start_build --i386).
compat_srcs=("$top"/scripts/pgp-shim/{compat,shash_openssl,hash_info}.c)
mkdir -p "$out/compat"
rm -f "$out"/compat/*.o
( cd "$out/compat" && "$cc" "${cflags[@]}" -c "${compat_srcs[@]}" \
	"$top/tests/compat/kunit_main.c" ) > "$out/compat.log" 2>&1 ||
	sed 's/^/# /' "$out/compat.log" >&2
compat=("$out/compat/compat.o" "$out/compat/shash_openssl.o" "$out/compat/hash_info.o")

# The BITS_PER_LONG == 32 code is built for i386: the i686-linux-gnu cross
# compiler with its own libc in /usr/i686-linux-gnu (the binaries name its
# loader and library directory, so they need no multi-arch libc6:i386), the
# sanitizers' runtimes linked in statically, and no libcrypto (test_mont32
# checks the answers OpenSSL's BIGNUM gave on this host: mont32_cases.c);
# found by building and running a probe.  This kernel may not run i386
# binaries (no IA32 emulation: "Exec format error"); then they run under
# qemu-i386.  A tool missing is a failed result (make deps installs them),
# or a skip naming apt's reason when make deps could not install it.
# The 32-bit runs set ASan's detect_leaks=0: LeakSanitizer's exit check
# clones a tracer thread with flags QEMU user mode refuses, and then spins
# forever; test_mont32 counts kmalloc leaks itself (compat_alloc_live).
run32=()	# the command prefix that runs an i386 binary here
m32_how=
m32_err=
m32_skip=	# a reason to skip the 32-bit results (make deps could not install a package)
printf '#include <stdio.h>\nint main(void) { puts("i386"); return sizeof(long) != 4; }\n' \
	> "$out/m32probe.c"
libc32=${LIBC32:-/usr/i686-linux-gnu/lib}
cflags32=(-static-libasan -static-libubsan -Wl,--dynamic-linker="$libc32/ld-linux.so.2"
	-Wl,-rpath,"$libc32")
if ! command -v "$cc32" > /dev/null || [ ! -e "$libc32/ld-linux.so.2" ]; then
	m32_err="$cc32 or its libc is not installed (gcc-i686-linux-gnu, libc6-dev-i386-cross)"
	m32_skip=$(deps_unavailable gcc-i686-linux-gnu libc6-dev-i386-cross) || true
elif ! "$cc32" -fsanitize=address,undefined "${cflags32[@]}" -o "$out/m32probe" \
	"$out/m32probe.c" > "$out/m32probe.log" 2>&1; then
	sed 's/^/# m32 probe: /' "$out/m32probe.log" >&2
	m32_err="$cc32 cannot link a sanitized program (gcc-i686-linux-gnu, libc6-dev-i386-cross)"
elif ASAN_OPTIONS=detect_leaks=0 timeout 120 "$out/m32probe" > /dev/null 2>&1; then
	m32_how="run directly"
	[ "$(head -n 1 /proc/sys/fs/binfmt_misc/qemu-i386 2> /dev/null)" = enabled ] &&
		m32_how="run through binfmt_misc's qemu-i386"
elif ! command -v "$qemu_i386" > /dev/null; then
	m32_err="this kernel cannot run i386 binaries and $qemu_i386 (qemu-user) is not installed"
	m32_skip=$(deps_unavailable qemu-user) || true
elif ASAN_OPTIONS=detect_leaks=0 timeout 120 "$qemu_i386" "$out/m32probe" > /dev/null; then
	run32=("$qemu_i386")
	m32_how="run under $qemu_i386"
else
	m32_err="$qemu_i386 cannot run an i386 test program"
fi
# tests/compat's runtime for i386, once (without kshim.h)
if [ -z "$m32_err" ]; then
	mkdir -p "$out/compat32"
	rm -f "$out"/compat32/*.o
	( cd "$out/compat32" && "$cc32" "${cflags[@]}" -c "$top"/scripts/pgp-shim/{compat,hash_info}.c ) \
		> "$out/compat32.log" 2>&1 ||
		{ sed 's/^/# compat32: /' "$out/compat32.log" >&2; m32_err="$cc32 cannot build tests/compat"; }
fi
[ -z "$m32_err" ] || [ -n "$m32_skip" ] || echo "$prog: $m32_err: run make deps" >&2

# All binaries are built at once in the background (the compiles dominate
# the run time); built <output> waits for one and reports its warnings.
# kshim.h comes first in every file.  --i386 first: an i386 build with $cc32,
# on its own i386 build of tests/compat's runtime (in compat32/, without kshim.h).
start_build() {	# start_build [--i386] <output> <compiler arguments...>
	local c=$cc m=() objs=("${compat[@]}") lib=-lcrypto
	if [ "$1" = --i386 ]; then
		c=$cc32
		m=("${cflags32[@]}")
		objs=("$out"/compat32/{compat,hash_info}.o)
		lib=
		shift
	fi
	local o="$1"
	shift
	rm -f "$out/$o" "$out/$o.rc"	# --keep: never use the last run's result
	( rc=0	# (set -e: a failed compile must still leave its .rc, or built waits forever)
	  "$c" "${m[@]}" "${cflags[@]}" -include "$here/kshim.h" -o "$out/$o" "$@" \
		"${objs[@]}" $lib 2> "$out/$o.log" || rc=$?
	  echo "$rc" > "$out/$o.rc" ) &
}

built() {	# built <output>: 0 if it was built
	local o="$1"
	while [ ! -s "$out/$o.rc" ]; do
		wait -n 2>/dev/null || sleep 0.2
	done
	if [ "$(cat "$out/$o.rc")" -ne 0 ] || grep -q 'warning:' "$out/$o.log"; then
		sed 's/^/# /' "$out/$o.log" >&2
	fi
	[ "$(cat "$out/$o.rc")" -eq 0 ]
}

# run_built ERR NAME LABEL TAPFILE ARGS...: wait for NAME's build, then, unless ERR says
# why its cases are missing, run it on ARGS into TAPFILE, its lines shown as "# LABEL: ...";
# sets rc (0, or the build's or the run's failure)
run_built() {
	local err=$1 name=$2 label=$3 file=$4
	shift 4
	rc=0
	built "$name" || rc=$?
	if [ -n "$err" ]; then
		echo "# $label: $err" | head -n 3
		rc=1
	elif [ $rc -eq 0 ]; then
		"$out/$name" "$@" > "$file" || rc=$?
		grep -v '^1\.\.' "$file" | sed "s/^/# $label: /"
	fi
	return 0
}

have_ed25519=false
[ -f "$here/test_ed25519.c" ] && have_ed25519=true

start_build test_crypto -Wno-deprecated-declarations -I"$top/crypto/tests" "$here/test_crypto.c" \
	"${srcs[@]}"
$have_ed25519 && start_build test_ed25519 -I"$top/crypto/tests" "$here/test_ed25519.c" \
	"${srcs[@]}"
[ ${#kunits[@]} -gt 0 ] && start_build kunit -I"$top/crypto/tests" "${x4flags[@]}" \
	"${srcs[@]}" "${pqsrcs[@]}" "${x4flags[@]:+$top/crypto/keccak_x4.c}" "${kunits[@]}" \
	"$out/compat/kunit_main.o"
start_build test_shake "$here/test_shake.c" "$top/crypto/shake.c"
# test_mldsa wraps kmalloc and kfree to measure the heap of a verification
mldsa_wrap=-Wl,--wrap=kmalloc,--wrap=kfree,--wrap=kfree_sensitive
start_build test_mldsa "$mldsa_wrap" "$here/test_mldsa.c" "$top/crypto/"{shake,mldsa_verify}.c
[ -n "$m32_err" ] || start_build --i386 test_mldsa32 "$mldsa_wrap" "$here/test_mldsa.c" \
	"$top/crypto/"{shake,mldsa_verify}.c
start_build test_ed448 "$mldsa_wrap" -I"$top/crypto/tests" "$here/test_ed448.c" \
	"$top/crypto/"{shake,ed448}.c
start_build test_ed448_noint128 -DKSHIM_NO_INT128 "$mldsa_wrap" -I"$top/crypto/tests" \
	"$here/test_ed448.c" "$top/crypto/"{shake,ed448}.c
# test_slhdsa also wraps shake256(), shake256_init() and shake_absorb() to count the
# SHAKE256 computations; test_slhdsa_mem is built without sanitizers, for the stack
slhdsa_wrap=-Wl,--wrap=kmalloc,--wrap=kfree,--wrap=shake256,--wrap=shake256_init,--wrap=shake_absorb
start_build test_slhdsa "$slhdsa_wrap" "$here/test_slhdsa.c" "$top/crypto/"{shake,slhdsa}.c -lpthread
# the same cases through the four-way permutation (its ways counted as SHAKE256 computations)
((${#x4flags[@]})) && start_build test_slhdsa_x4 "$slhdsa_wrap,--wrap=keccakf1600_x4_avx2" "${x4flags[@]}" \
	"$here/test_slhdsa.c" "$top/crypto/"{shake,slhdsa,keccak_x4}.c -lpthread
[ -n "$m32_err" ] || start_build --i386 test_slhdsa32 "$slhdsa_wrap" "$here/test_slhdsa.c" \
	"$top/crypto/"{shake,slhdsa}.c -lpthread
rm -f "$out/test_slhdsa_mem" "$out/test_slhdsa_mem.rc"
( rc=0
  "$cc" -std=gnu11 -O2 -w -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include" \
	-I"$here" -include "$here/kshim.h" -o "$out/test_slhdsa_mem" "$slhdsa_wrap${x4flags[*]:+,--wrap=keccakf1600_x4_avx2}" "${x4flags[@]}" \
	"$here/test_slhdsa.c" "$top/crypto/"{shake,slhdsa}.c "${x4flags[@]:+$top/crypto/keccak_x4.c}" \
	"${compat_srcs[@]}" -lcrypto -lpthread > "$out/test_slhdsa_mem.log" 2>&1 ||
	rc=$?
  echo "$rc" > "$out/test_slhdsa_mem.rc" ) &
# Ed448 as an i386 binary: no libcrypto there (noble's cases only, as on s390x)
[ -n "$m32_err" ] || start_build --i386 test_ed448_32 -DNO_OPENSSL "$mldsa_wrap" \
	-I"$top/crypto/tests" "$here/test_ed448.c" "$top/crypto/"{shake,ed448}.c
start_build test_crypto_noint128 -DKSHIM_NO_INT128 -Wno-deprecated-declarations \
	-I"$top/crypto/tests" "$here/test_crypto.c" "${srcs[@]}"
[ -n "$m32_err" ] || start_build --i386 test_mont32 -I"$top/crypto/tests" "$here/test_mont32.c" \
	"$top/crypto/mont.c" "$top/crypto/dsa.c" "$top/crypto/rsassa.c"
# test_mont32's answers, from OpenSSL on this host (the i386 build links no libcrypto)
rm -f "$out/mont32-cases.txt"
if [ -z "$m32_err" ] &&
   ! { "$cc" -O2 -o "$out/mont32_cases" "$here/mont32_cases.c" -lcrypto &&
       "$out/mont32_cases" > "$out/mont32-cases.txt"; } 2> "$out/mont32_cases.log"; then
	sed 's/^/# mont32_cases: /' "$out/mont32_cases.log" >&2
	m32_err="mont32_cases.c (the answers of OpenSSL on this host) failed"
fi
$have_ed25519 && start_build test_ed25519_noint128 -DKSHIM_NO_INT128 -I"$top/crypto/tests" \
	"$here/test_ed25519.c" "${srcs[@]}"

# The ML-DSA differential cases, made by @noble/post-quantum while the builds run
# (mldsa-cases.mjs: 30 keys, about 1300 cases, times --scale); the i386 binary
# takes the first 6 keys' cases (it runs under qemu-i386).
mldsa_err=
rm -f "$out/mldsa-cases.txt" "$out/mldsa-cases32.txt"
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if ! node_env --check 2> "$out/noble.err"; then
	mldsa_err="$(cat "$out/noble.err")"
else
	mkdir -p "$out/node"
	ln -sfn "$NODE_MODULES_DIR" "$out/node/node_modules"
	cp "$here/mldsa-cases.mjs" "$out/node/"
	cp "$here/ed448-cases.mjs" "$out/node/"
	cp "$here/slhdsa-cases.mjs" "$out/node/"
	# SLH-DSA (slhdsa-cases.mjs): noble signs slowly, so the cases are made in the
	# background, 128f first (3 keys, times --scale), then 128s and 256s (one key each,
	# times --scale); slhdsa-cases.rc says when they are done
	rm -f "$out/slhdsa-cases.rc" "$out"/slhdsa-cases-*.txt
	( rc=0
	  for sc in "128f $((3 * scale))" "128s $scale" "256s $scale"; do
		read -r set nkeys <<< "$sc"
		node "$out/node/slhdsa-cases.mjs" "$nkeys" "${TEST_SEED:-1}" "$set" \
			> "$out/slhdsa-cases-$set.txt" 2> "$out/slhdsa-$set.err" || rc=1
		# the emulated runs (i386, s390x) take the first key and its changed copies
		awk '/^K / && ++k > 4 { exit } { print }' "$out/slhdsa-cases-$set.txt" \
			> "$out/slhdsa-cases-${set}32.txt"
	  done
	  echo "$rc" > "$out/slhdsa-cases.rc" ) &
	if node "$out/node/mldsa-cases.mjs" $((30 * scale)) "${TEST_SEED:-1}" \
		> "$out/mldsa-cases.txt" 2> "$out/noble.err"; then
		awk '/^K / && ++k > 6 * 4 { exit } { print }' "$out/mldsa-cases.txt" \
			> "$out/mldsa-cases32.txt"
	else
		mldsa_err="mldsa-cases.mjs failed: $(tail -n 3 "$out/noble.err")"
	fi
	# ML-DSA-87: 20 keys, about 950 cases, times --scale; the emulated runs take 4
	if [ -z "$mldsa_err" ] && node "$out/node/mldsa-cases.mjs" $((20 * scale)) \
		"${TEST_SEED:-1}" 87 > "$out/mldsa87-cases.txt" 2> "$out/noble.err"; then
		awk '/^K / && ++k > 4 * 4 { exit } { print }' "$out/mldsa87-cases.txt" \
			> "$out/mldsa87-cases32.txt"
	elif [ -z "$mldsa_err" ]; then
		mldsa_err="mldsa-cases.mjs 87 failed: $(tail -n 3 "$out/noble.err")"
	fi
	# Ed448: 40 keys, about 800 cases, times --scale; the emulated runs take 10 keys
	if [ -z "$mldsa_err" ] && node "$out/node/ed448-cases.mjs" $((40 * scale)) \
		"${TEST_SEED:-1}" > "$out/ed448-cases.txt" 2> "$out/noble.err"; then
		awk '/^K / && ++k > 10 * 5 { exit } { print }' "$out/ed448-cases.txt" \
			> "$out/ed448-cases32.txt"
	elif [ -z "$mldsa_err" ]; then
		mldsa_err="ed448-cases.mjs failed: $(tail -n 3 "$out/noble.err")"
	fi
fi

# test_mont32 takes longest when emulated (40 s alone under qemu-i386 on a
# 2-core machine, as long as all the rest): it runs as soon as it is built,
# beside the tests below, and step 3 reports it.  A hung emulator is killed
# after 900 s (timeout's exit status 124 fails the result).
if [ -z "$m32_err" ]; then
	rm -f "$out/mont32.rc" "$out/mont32.tap" "$out/mont32.err" "$out/mont32.time"
	( while [ ! -s "$out/test_mont32.rc" ]; do sleep 0.2; done
	  rc=0
	  if [ "$(cat "$out/test_mont32.rc")" -eq 0 ]; then
		t0=$(date +%s)
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" timeout 900 \
			"${run32[@]}" "$out/test_mont32" "$out/mont32-cases.txt" > "$out/mont32.tap" \
			2> "$out/mont32.err" ||
			rc=$?
		echo $(($(date +%s) - t0)) > "$out/mont32.time"
	  fi
	  echo "$rc" > "$out/mont32.rc" ) &
fi

# 1. OpenSSL comparison
rc=0
built test_crypto || rc=$?
tap $rc "build test_crypto with ASan/UBSan"
if [ $rc -eq 0 ]; then
	"$out/test_crypto" "$scale" > "$out/test_crypto.tap" || rc=$?
	grep -v '^1\.\.' "$out/test_crypto.tap" | sed 's/^/# test_crypto: /'
	tap $rc "test_crypto: all $(grep -c '^ok' "$out/test_crypto.tap" || true) checks pass"
fi
if $have_ed25519; then
	rc=0
	built test_ed25519 || rc=$?
	tap $rc "build test_ed25519 with ASan/UBSan"
	if [ $rc -eq 0 ]; then
		"$out/test_ed25519" > "$out/test_ed25519.tap" || rc=$?
		grep -v '^1\.\.' "$out/test_ed25519.tap" | sed 's/^/# test_ed25519: /'
		tap $rc "test_ed25519: all $(grep -c '^ok' "$out/test_ed25519.tap" || true) checks pass"
	fi
fi

rc=0
built test_shake || rc=$?
if [ $rc -eq 0 ]; then
	"$out/test_shake" $((300 * scale)) > "$out/test_shake.tap" || rc=$?
	grep -v '^1\.\.' "$out/test_shake.tap" | sed 's/^/# test_shake: /'
fi
tap $rc "test_shake: SHAKE128/256 match OpenSSL ($(grep -c '^ok' "$out/test_shake.tap" 2>/dev/null || true) checks)"
run_built "$mldsa_err" test_mldsa test_mldsa "$out/test_mldsa.tap" "$out/mldsa-cases.txt"
tap $rc "test_mldsa: ML-DSA-65 agrees with @noble/post-quantum on every case ($(grep -c '^ok' "$out/test_mldsa.tap" 2>/dev/null || true) checks)"
run_built "$mldsa_err" test_mldsa "test_mldsa 87" "$out/test_mldsa87.tap" "$out/mldsa87-cases.txt"
tap $rc "test_mldsa: ML-DSA-87 agrees with @noble/post-quantum on every case ($(grep -c '^ok' "$out/test_mldsa87.tap" 2>/dev/null || true) checks)"
run_built "$mldsa_err" test_ed448 test_ed448 "$out/test_ed448.tap" "$out/ed448-cases.txt" $((100 * scale))
tap $rc "test_ed448: Ed448 agrees with @noble/curves and OpenSSL on every case ($(grep -c '^ok' "$out/test_ed448.tap" 2>/dev/null || true) checks)"
# SLH-DSA: the cases are made in the background (slhdsa-cases.rc)
slh_err=$mldsa_err
if [ -z "$slh_err" ]; then
	while [ ! -s "$out/slhdsa-cases.rc" ]; do
		wait -n 2>/dev/null || sleep 0.5
	done
	[ "$(cat "$out/slhdsa-cases.rc")" -eq 0 ] ||
		slh_err="slhdsa-cases.mjs failed: $(tail -q -n 2 "$out"/slhdsa-*.err)"
fi
# test_slhdsa one hash a way, test_slhdsa_x4 through the four-way Keccak-f (which it
# must report having used)
for bin in test_slhdsa test_slhdsa_x4; do
	what="agrees with @noble/post-quantum on every case, within its SHAKE256 bound"
	[ $bin = test_slhdsa ] || what="through the four-way Keccak-f $what"
	for set in 128s 128f 256s; do
		if [ $bin = test_slhdsa_x4 ] && ((${#x4flags[@]} == 0)); then
			tap "skip:this machine has no AVX2" "$bin: SLH-DSA-SHAKE-$set through the four-way Keccak-f"
			continue
		fi
		run_built "$slh_err" $bin "$bin $set" "$out/$bin-$set.tap" "$out/slhdsa-cases-$set.txt"
		# test_slhdsa_x4 must have used the four-way path
		[ $rc -ne 0 ] || [ $bin = test_slhdsa ] ||
			grep -q '^ok .* four-way Keccak-f (AVX2 used)' "$out/$bin-$set.tap" || rc=1
		tap $rc "$bin: SLH-DSA-SHAKE-$set $what ($(grep -c '^ok' "$out/$bin-$set.tap" 2>/dev/null || true) checks)"
	done
done
# self-test: with AVX2 hidden the same binary runs one hash at a time, which it reports,
# and which the check above refuses (it asks for "AVX2 used")
if ((${#x4flags[@]} == 0)); then
	tap "skip:this machine has no AVX2" "self-test: test_slhdsa_x4 with AVX2 hidden is refused"
else
	rc=1
	if [ -z "$slh_err" ] && built test_slhdsa_x4 &&
	   KCOMPAT_NO_AVX2=1 "$out/test_slhdsa_x4" "$out/slhdsa-cases-128s32.txt" > "$out/x4-hidden.tap" &&
	   grep -q '^ok .* four-way Keccak-f (AVX2 absent or hidden: not used): at most 0 four-way' \
		"$out/x4-hidden.tap" &&
	   ! grep -q '^ok .* four-way Keccak-f (AVX2 used)' "$out/x4-hidden.tap"; then
		rc=0
	fi
	tap $rc "self-test: test_slhdsa_x4 with AVX2 hidden (KCOMPAT_NO_AVX2=1) runs no four-way permutation, and the check above refuses it"
fi
# memory of one verification, built without sanitizers (with the four-way Keccak-f where
# this machine has AVX2): heap + stack at most 16 KiB
rc=0
while [ ! -s "$out/test_slhdsa_mem.rc" ]; do
	wait -n 2>/dev/null || sleep 0.2
done
mem=()
if [ "$(cat "$out/test_slhdsa_mem.rc")" -ne 0 ]; then
	sed 's/^/# test_slhdsa_mem: /' "$out/test_slhdsa_mem.log" | head -n 5
	rc=1
elif [ -n "$slh_err" ]; then
	rc=1
else
	for set in 128s 128f 256s; do
		line=$("$out/test_slhdsa_mem" --stack "$out/slhdsa-cases-$set.txt") || rc=1
		echo "# $line"
		# "SLH-DSA-SHAKE-128s: heap H + stack S bytes (verdict 0)"
		read -r _ _ h _ _ st _ _ v <<< "$line"
		if [[ $h =~ ^[0-9]+$ && $st =~ ^[0-9]+$ && $v == "0)" ]] && ((h > 0 && h + st <= 16384)); then
			mem+=("$set $((h + st))")
		else
			rc=1
		fi
	done
fi
tap $rc "memory of one SLH-DSA verification: heap + stack at most 16 KiB (${mem[*]:-none measured} bytes)"

# 2. KUnit suites (tests/compat/kunit_main.c prints KTAP: a suite's cases
#    are indented 4, their messages and parameters 8)
if [ ${#kunits[@]} -gt 0 ]; then
	rc=0
	built kunit || rc=$?
	tap $rc "build KUnit suites ($(basename -a "${kunits[@]}" | tr '\n' ' ' | sed 's/ $//'))"
	if [ $rc -eq 0 ]; then
		"$out/kunit" > "$out/kunit.tap" 2> "$out/kunit.err" || rc=$?
		cat "$out/kunit.err" >&2
		awk '/^    # Subtest: / { suite = $3; next }
		     /^    (not )?ok / { n++; r = $1 == "not" ? "not ok" : "ok"
				       sub(/^    (not )?ok [0-9]+ /, "")
				       print "# kunit: " r " " n " - " suite "." $0; next }
		     /^        # Subtest: / { next }
		     /^        # / && !/us per verify/ { sub(/^        /, ""); print "# kunit: " $0; next }
		     /^# / { print }' "$out/kunit.tap"
		grep 'us per verify' "$out/kunit.tap" |
			sed 's/^        # [^:]*: /# kunit (ASan build, not a benchmark): /' || true
		tap $rc "KUnit cases: $(grep -c '^    ok' "$out/kunit.tap" || true) passed, $(grep -c '^    not ok' "$out/kunit.tap" || true) failed"
	fi
fi

# 3. the other multiply paths: portable C with a 128-bit type (what CPUs
#    without MULX/ADX run), without one (64-bit compilers lacking it), the
#    BITS_PER_LONG == 32 code, and Ed25519's field code without 128 bits
if [ -x "$out/test_crypto" ]; then
	rc=0
	KCOMPAT_NO_ADX=1 TEST_MONT_ONLY=1 "$out/test_crypto" > "$out/noadx.tap" || rc=$?
	tap $rc "mont with the C multiply (no MULX/ADX) matches OpenSSL"
fi
rc=0
built test_crypto_noint128 || rc=$?
if [ $rc -eq 0 ]; then
	TEST_MONT_ONLY=1 "$out/test_crypto_noint128" > "$out/noint128.tap" || rc=$?
fi
tap $rc "mont without a 128-bit type (portable 64x64 multiply) matches OpenSSL"
rc=0
if [ -n "$m32_skip" ]; then
	rc="skip:$m32_skip"
elif [ -n "$m32_err" ]; then
	rc=1
	echo "# test_mont32: $m32_err: run make deps"
else
	built test_mont32 || rc=$?
	while [ ! -s "$out/mont32.rc" ]; do
		wait -n 2>/dev/null || sleep 0.2
	done
	if [ $rc -eq 0 ]; then
		rc=$(cat "$out/mont32.rc")
		cat "$out/mont32.err" >&2
		grep -v '^1\.\.' "$out/mont32.tap" | sed 's/^/# test_mont32: /'
		[ "$rc" -ne 124 ] || echo "# test_mont32: killed after 900 s"
		echo "# test_mont32: exit $rc after $(cat "$out/mont32.time") s, i386 binary $m32_how"
	fi
fi
tap "$rc" "BITS_PER_LONG == 32 code (i386 build, $cc32: 32-bit limbs, u64 products) matches OpenSSL"
# The check can fail: crypto/mont.c with a broken 32-bit carry, built for i386 (no
# sanitizers' verdict counts as a failure too), must fail test_mont32 on its first
# 20 moduli: the product's high half lost (a 32-bit double limb), the carry out of
# the low half dropped.
mut32=("s/^#define mont_dlimb u64$/#define mont_dlimb u32/|the product's high limb lost"
	"0,/^\thi += lo < \*carry;$/s///|the carry of lo + carry dropped")
if [ "${rc%%:*}" = skip ] || [ "$rc" != 0 ]; then
	[ "${rc%%:*}" = skip ] || rc=1
	[ "$rc" = 1 ] && echo "# 32-bit carry mutants: test_mont32 itself did not pass"
else
	mkdir -p "$out/mut32"
	awk '/^P/ && ++p > 20 { exit } { print }' "$out/mont32-cases.txt" > "$out/mut32/cases.txt"
	caught32=0
	for m in "${mut32[@]}"; do
		sed "${m%%|*}" "$top/crypto/mont.c" > "$out/mut32/mont.c"
		if cmp -s "$out/mut32/mont.c" "$top/crypto/mont.c"; then
			echo "# 32-bit mutant (${m#*|}): the expression changes nothing"
			rc=1
		elif ! "$cc32" "${cflags32[@]}" "${cflags[@]}" -w -I"$top/crypto/tests" \
			-include "$here/kshim.h" -o "$out/mut32/test" "$here/test_mont32.c" "$out/mut32/mont.c" \
			"$top/crypto/dsa.c" "$top/crypto/rsassa.c" "$out"/compat32/{compat,hash_info}.o \
			> "$out/mut32/build.log" 2>&1; then
			echo "# 32-bit mutant (${m#*|}): does not build"
			sed 's/^/#   /' "$out/mut32/build.log" | head -n 3
			rc=1
		else
			r32=0
			ASAN_OPTIONS=detect_leaks=0 timeout 300 "${run32[@]}" "$out/mut32/test" \
				"$out/mut32/cases.txt" > "$out/mut32/test.tap" 2>&1 || r32=$?
			if [ "$r32" -eq 0 ]; then
				echo "# 32-bit mutant (${m#*|}): SURVIVED, test_mont32 passes"
				rc=1
			else
				caught32=$((caught32 + 1))
				echo "# 32-bit mutant (${m#*|}): caught (exit $r32): $(grep -m 2 -E '^not ok|runtime error' \
					"$out/mut32/test.tap" | sed 's/^not ok [0-9]* - //; s/^.*runtime error/runtime error/' |
					tr '\n' ';')"
			fi
		fi
	done
fi
tap "$rc" "crypto/mont.c with a broken 32-bit carry fails test_mont32 (${caught32:-0} of ${#mut32[@]} mutants caught)"
if $have_ed25519; then
	rc=0
	built test_ed25519_noint128 || rc=$?
	if [ $rc -eq 0 ]; then
		"$out/test_ed25519_noint128" 50 > "$out/ed_noint128.tap" || rc=$?
	fi
	tap $rc "ed25519 with 16-bit field limbs (no 128-bit type) matches OpenSSL"
fi
rc=0
built test_ed448_noint128 || rc=$?
if [ -n "$mldsa_err" ]; then
	echo "# test_ed448_noint128: $mldsa_err" | head -n 3
	rc=1
elif [ $rc -eq 0 ]; then
	"$out/test_ed448_noint128" "$out/ed448-cases32.txt" 20 > "$out/ed448_noint128.tap" || rc=$?
	grep -v '^1\.\.' "$out/ed448_noint128.tap" | sed 's/^/# test_ed448_noint128: /'
fi
tap $rc "ed448 with 28-bit field limbs (no 128-bit type) agrees with @noble/curves and OpenSSL"
rc=0
if [ -n "$m32_skip" ]; then
	rc="skip:$m32_skip"
elif [ -n "$m32_err" ] || [ -n "$mldsa_err" ]; then
	rc=1
	echo "# test_mldsa32: ${m32_err:-$mldsa_err}"
else
	built test_mldsa32 || rc=$?
	if [ $rc -eq 0 ]; then
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" timeout 900 \
			"${run32[@]}" "$out/test_mldsa32" "$out/mldsa-cases32.txt" \
			> "$out/mldsa32.tap" || rc=$?
		grep -v '^1\.\.' "$out/mldsa32.tap" | sed 's/^/# test_mldsa32: /'
	fi
fi
tap "$rc" "ML-DSA-65 as an i386 binary ($m32_how) agrees with @noble/post-quantum"
# ML-DSA-87 through the same i386 binary, and Ed448 (BITS_PER_LONG == 32: 28-bit limbs)
for t in mldsa87 ed448; do
	rc=0
	if [ -n "$m32_skip" ]; then
		rc="skip:$m32_skip"
	elif [ -n "$m32_err" ] || [ -n "$mldsa_err" ]; then
		rc=1
		echo "# $t as an i386 binary: ${m32_err:-$mldsa_err}"
	elif [ $t = mldsa87 ]; then
		built test_mldsa32 || rc=$?
		[ $rc -ne 0 ] || ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" timeout 900 \
			"${run32[@]}" "$out/test_mldsa32" "$out/mldsa87-cases32.txt" > "$out/mldsa87_32.tap" ||
			rc=$?
	else
		built test_ed448_32 || rc=$?
		[ $rc -ne 0 ] || ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" timeout 900 \
			"${run32[@]}" "$out/test_ed448_32" "$out/ed448-cases32.txt" > "$out/ed448_32.tap" ||
			rc=$?
	fi
	[ ! -s "$out/${t}_32.tap" ] || grep -v '^1\.\.' "$out/${t}_32.tap" | sed "s/^/# ${t} i386: /"
	if [ $t = mldsa87 ]; then
		tap "$rc" "ML-DSA-87 as an i386 binary ($m32_how) agrees with @noble/post-quantum"
	else
		tap "$rc" "Ed448 as an i386 binary ($m32_how: 28-bit limbs) agrees with @noble/curves"
	fi
done

# SLH-DSA through the i386 binary: the cases of one key of each set
rc=0
if [ -n "$m32_skip" ]; then
	rc="skip:$m32_skip"
elif [ -n "$m32_err" ] || [ -n "$slh_err" ]; then
	rc=1
	echo "# test_slhdsa32: ${m32_err:-$slh_err}"
else
	built test_slhdsa32 || rc=$?
	for set in 128s 128f 256s; do
		[ "$rc" -ne 0 ] || ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" timeout 900 \
			"${run32[@]}" "$out/test_slhdsa32" "$out/slhdsa-cases-${set}32.txt" > "$out/slhdsa32-$set.tap" ||
			rc=$?
		[ ! -s "$out/slhdsa32-$set.tap" ] || grep -m 1 '^\(not \)\?ok 1 ' "$out/slhdsa32-$set.tap" |
			sed "s/^/# slhdsa i386: /"
	done
fi
tap "$rc" "SLH-DSA (128s, 128f, 256s: one key each) as an i386 binary ($m32_how) agrees with @noble/post-quantum"

# 4. big-endian (s390x under qemu-s390x): no sanitizers there, -static
rc=0
read -r -a be_cc <<< "${BE_CC:-clang --target=s390x-linux-gnu}"
qemu_be=${QEMU_S390X:-qemu-s390x}
becflags=(-std=gnu11 -O2 -static -w -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include" -I"$here"
	-I"$top/crypto/tests" -include "$here/kshim.h")
mkdir -p "$out/be"
be_pkgs=(qemu-user libc6-dev-s390x-cross binutils-s390x-linux-gnu libgcc-12-dev-s390x-cross)
if be_skip=$(deps_unavailable "${be_pkgs[@]}"); then
	rc="skip:$be_skip"
elif ! command -v "${be_cc[0]}" > /dev/null || ! command -v "$qemu_be" > /dev/null; then
	echo "# big-endian: ${be_cc[0]} or $qemu_be not found: run make deps"
	rc=1
elif [ -n "$mldsa_err" ]; then
	echo "# big-endian: $mldsa_err"
	rc=1
elif [ -n "$slh_err" ]; then
	echo "# big-endian: $slh_err"
	rc=1
elif ! "${be_cc[@]}" "${becflags[@]}" -o "$out/be/kunit" "$top"/crypto/tests/{shake,mldsa,ed448,slhdsa}_kunit.c \
	"$top"/crypto/{shake,mldsa_verify,ed448,slhdsa}.c "$top/scripts/pgp-shim/compat.c" "$top/tests/compat/kunit_main.c" > "$out/be/build.log" 2>&1 ||
   ! "${be_cc[@]}" "${becflags[@]}" -o "$out/be/test_slhdsa" "$here/test_slhdsa.c" "$top"/crypto/{shake,slhdsa}.c \
	"$top/scripts/pgp-shim/compat.c" "$slhdsa_wrap" -lpthread >> "$out/be/build.log" 2>&1 ||
   ! "${be_cc[@]}" "${becflags[@]}" -o "$out/be/test_mldsa" "$here/test_mldsa.c" "$top"/crypto/{shake,mldsa_verify}.c \
	"$top/scripts/pgp-shim/compat.c" "$mldsa_wrap" >> "$out/be/build.log" 2>&1 ||
   ! "${be_cc[@]}" "${becflags[@]}" -DNO_OPENSSL -o "$out/be/test_ed448" "$here/test_ed448.c" \
	"$top"/crypto/{shake,ed448}.c "$top/scripts/pgp-shim/compat.c" "$mldsa_wrap" >> "$out/be/build.log" 2>&1; then
	sed 's/^/# big-endian build: /' "$out/be/build.log" | head -n 5
	rc=1
else
	timeout 600 "$qemu_be" "$out/be/kunit" > "$out/be/kunit.tap" 2>&1 || rc=$?
	echo "# big-endian KUnit: $(grep -c '^    ok' "$out/be/kunit.tap") passed, $(grep -c '^    not ok' "$out/be/kunit.tap") failed"
	timeout 900 "$qemu_be" "$out/be/test_mldsa" "$out/mldsa-cases32.txt" > "$out/be/mldsa.tap" 2>&1 || rc=$?
	grep -v '^1\.\.' "$out/be/mldsa.tap" | head -n 1 | sed 's/^/# big-endian test_mldsa: /'
	timeout 900 "$qemu_be" "$out/be/test_mldsa" "$out/mldsa87-cases32.txt" > "$out/be/mldsa87.tap" 2>&1 || rc=$?
	grep -v '^1\.\.' "$out/be/mldsa87.tap" | head -n 1 | sed 's/^/# big-endian test_mldsa: /'
	timeout 900 "$qemu_be" "$out/be/test_ed448" "$out/ed448-cases32.txt" > "$out/be/ed448.tap" 2>&1 || rc=$?
	grep -v '^1\.\.' "$out/be/ed448.tap" | head -n 1 | sed 's/^/# big-endian test_ed448: /'
	for set in 128s 128f 256s; do
		timeout 900 "$qemu_be" "$out/be/test_slhdsa" "$out/slhdsa-cases-${set}32.txt" > "$out/be/slhdsa-$set.tap" 2>&1 ||
			rc=$?
		grep -v '^1\.\.' "$out/be/slhdsa-$set.tap" | head -n 1 | sed 's/^/# big-endian test_slhdsa: /'
	done
	# the check can fail: lanes read in host byte order
	sed -e 's/get_unaligned_le64(in + 8 \* i)/get_unaligned((const u64 *)(in + 8 * i))/' \
		-e 's/get_unaligned_le64(in)/get_unaligned((const u64 *)in)/' \
		"$top/crypto/shake.c" > "$out/be/shake.c"
	if cmp -s "$out/be/shake.c" "$top/crypto/shake.c" ||
	   ! "${be_cc[@]}" "${becflags[@]}" -o "$out/be/kunit-hostorder" "$top"/crypto/tests/{shake,mldsa,ed448,slhdsa}_kunit.c \
		"$out/be/shake.c" "$top"/crypto/{mldsa_verify,ed448,slhdsa}.c "$top/scripts/pgp-shim/compat.c" "$top/tests/compat/kunit_main.c" \
		>> "$out/be/build.log" 2>&1 ||
	   timeout 600 "$qemu_be" "$out/be/kunit-hostorder" > "$out/be/hostorder.tap" 2>&1; then
		echo "# big-endian self-test: shake.c with host-order lanes was not refused"
		rc=1
	fi
fi
tap "$rc" "big-endian (s390x, $qemu_be): SHAKE/ML-DSA/Ed448/SLH-DSA KUnit suites and the noble cases pass, host-order lanes fail"

# 5. mutants: each line of mutants.txt is "FILE<TAB>sed expression<TAB>what"; the
#    expression must change FILE, and the KUnit suites built with that copy (no
#    sanitizers: a mutant may well read out of bounds) must fail.  The suites and
#    the files as they are are compiled once; a mutant compiles only its own file.
rc=0
caught=0 survived=()
mutcflags=(-std=gnu11 -O1 -w -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include" -I"$here"
	-I"$top/crypto/tests" -I"$top/crypto" -include "$here/kshim.h" "${x4flags[@]}")
mutfiles=(shake mldsa_verify ed448 slhdsa keccak_x4)
mut_skipped=0
mkdir -p "$out/mut/orig"
rm -f "$out"/mut/*.o "$out"/mut/orig/*.o
if ! ( cd "$out/mut" && "$cc" "${mutcflags[@]}" -c "$top"/crypto/tests/{shake,mldsa,ed448,slhdsa}_kunit.c \
	"${compat_srcs[@]}" "$top/tests/compat/kunit_main.c" &&
	cd orig && "$cc" "${mutcflags[@]}" -c "$top"/crypto/{shake,mldsa_verify,ed448,slhdsa,keccak_x4}.c ) > "$out/mut.log" 2>&1; then
	sed 's/^/# mutants: /' "$out/mut.log" | head -n 5
	rc=1
fi
nmut=0
while IFS=$'\t' read -r file expr what; do
	[ -n "$file" ] && [ "${file#\#}" = "$file" ] || continue
	if [ "$file" = crypto/keccak_x4.c ] && [ ${#x4flags[@]} -eq 0 ]; then
		echo "# mutant ($what): SKIP, this machine has no AVX2 to run crypto/keccak_x4.c"
		mut_skipped=$((mut_skipped + 1))
		continue
	fi
	nmut=$((nmut + 1))
	m=$(basename "$file" .c)
	sed "$expr" "$top/$file" > "$out/mut/$m.c"
	if cmp -s "$out/mut/$m.c" "$top/$file"; then
		echo "# mutant $nmut ($what): the expression changes nothing in $file"
		survived+=("$nmut")
		continue
	fi
	objs=()
	for f in "${mutfiles[@]}"; do
		[ "$f" = "$m" ] || objs+=("$out/mut/orig/$f.o")
	done
	if ! "$cc" "${mutcflags[@]}" -o "$out/mut/kunit" "$out/mut/$m.c" "${objs[@]}" \
		"$out"/mut/{shake,mldsa,ed448,slhdsa}_kunit.o "$out"/mut/{compat,shash_openssl,hash_info,kunit_main}.o \
		-lcrypto > "$out/mut/build.log" 2>&1; then
		echo "# mutant $nmut ($what): does not build"
		sed 's/^/#   /' "$out/mut/build.log" | head -n 3
		survived+=("$nmut")
	elif timeout 120 "$out/mut/kunit" > "$out/mut/kunit.tap" 2>&1; then
		echo "# mutant $nmut ($what): SURVIVED, the KUnit suites pass"
		survived+=("$nmut")
	else
		caught=$((caught + 1))
		echo "# mutant $nmut ($what): caught by $(grep -E '^    not ok' "$out/mut/kunit.tap" |
			sed 's/^    not ok [0-9]* //' | tr '\n' ' ')"
	fi
done < "$here/mutants.txt"
[ ${#survived[@]} -eq 0 ] && [ "$nmut" -gt 0 ] || rc=1
tap $rc "mutants of crypto/shake.c, crypto/mldsa_verify.c, crypto/ed448.c, crypto/slhdsa.c and crypto/keccak_x4.c: $caught of $nmut caught by the KUnit suites${x4note}$( ((mut_skipped)) && echo " ($mut_skipped four-way mutants not run: no AVX2)")"
wait

# 6. the 7.x side: mainline's lib/crypto/{mldsa,sha3}.c under the same suites
t73=$("$top/mk/linux-source.sh" --path 7.3)
rc=0
if [ ! -f "$t73" ]; then
	rc="skip:no $t73 (mk/linux-source.sh 7.3 fetches Debian's linux-source-7.3)"
else
	k=$out/k73
	mkdir -p "$k"
	p10=$(ls "$top"/patches/7.3/0010-*.patch)
	if ! tar -C "$k" --strip-components=1 -xf "$t73" linux-source-7.3/lib/crypto/mldsa.c \
		linux-source-7.3/lib/crypto/sha3.c linux-source-7.3/lib/crypto/fips-mldsa.h \
		linux-source-7.3/lib/crypto/fips-sha.h linux-source-7.3/include/crypto/mldsa.h \
		linux-source-7.3/include/crypto/sha3.h > "$out/k73.log" 2>&1 ||
	   ! awk '/^--- a\//{ keep = $2 ~ /^a\/(lib\/crypto\/mldsa\.c|include\/crypto\/mldsa\.h)$/ } keep' \
		"$p10" | patch -s -d "$k" -p1 >> "$out/k73.log" 2>&1; then
		sed 's/^/# 7.x side: /' "$out/k73.log" | head -n 5
		rc=1
	fi
	# what the shim lacks of the kernel API that lib/crypto/{mldsa,sha3}.c use
	cat > "$k/stubs.c" <<'EOF'
#include <linux/kernel.h>
void le64_to_cpus(u64 *p) { *p = le64_to_cpu((__force __le64)*p); }
void crypto_xor(u8 *dst, const u8 *src, unsigned int size) { while (size--) *dst++ ^= *src++; }
EOF
	k73flags=(-std=gnu11 -O1 -g -w -include linux/kconfig.h -D__initconst= -DCONFIG_CRYPTO_LIB_SHA3=1
		-DCONFIG_CRYPTO_LIB_MLDSA=1 -DCONFIG_64BIT=1 -I"$top/tests/compat/include"
		-I"$top/scripts/pgp-shim" -I"$top/include" -I"$k/include" -idirafter "$k/include"
		-I"$k/lib/crypto")
	k73srcs=("$top"/crypto/tests/{shake,mldsa,slhdsa}_kunit.c "$top/crypto/mldsa_verify_lib.c"
		"$top/crypto/slhdsa.c"
		"$k/lib/crypto/sha3.c" "$top/scripts/pgp-shim/compat.c" "$top/tests/compat/kunit_main.c"
		"$k/stubs.c")
	sed 's/a = &key->elems\[i \* l + j\];/a = \&key->elems[i * l];/' "$k/lib/crypto/mldsa.c" > "$k/mut.c"
	if [ "$rc" = 0 ]; then
		if ! "$cc" "${k73flags[@]}" -fsanitize=address,undefined -o "$k/kunit" "${k73srcs[@]}" \
			"$k/lib/crypto/mldsa.c" -lcrypto >> "$out/k73.log" 2>&1 ||
		   ! "$cc" "${k73flags[@]}" -o "$k/kunit-mut" "${k73srcs[@]}" "$k/mut.c" -lcrypto \
			>> "$out/k73.log" 2>&1; then
			sed 's/^/# 7.x side build: /' "$out/k73.log" | head -n 5
			rc=1
		elif ! timeout 600 "$k/kunit" > "$k/kunit.tap" 2>&1; then
			grep -E '^    not ok' "$k/kunit.tap" | sed 's/^/# 7.x side: /' | head -n 5
			rc=1
		elif cmp -s "$k/mut.c" "$k/lib/crypto/mldsa.c" ||
		     timeout 600 "$k/kunit-mut" > "$k/mut.tap" 2>&1; then
			echo "# 7.x side: the mutant of the prepared path was not caught"
			rc=1
		fi
		echo "# 7.x side: $(grep -c '^    ok' "$k/kunit.tap" 2>/dev/null || echo 0) cases passed ($(grep -c '# SKIP' "$k/kunit.tap" 2>/dev/null || echo 0) skipped: Verify_internal, external mu), the mutant caught by $(grep -E '^    not ok' "$k/mut.tap" 2>/dev/null | sed 's/^    not ok [0-9]* //' | tr '\n' ' ')"
	fi
fi
tap "$rc" "the 7.x side: the SHAKE, ML-DSA and SLH-DSA KUnit suites on linux-source-7.3's lib/crypto (mldsa_verify(), mldsa_prepare_key(), SHA-3 library) through the same interfaces"

plan_check || fail=1
exit $fail
