#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build and run the libFuzzer targets of the crypto/ algorithms (fuzz_mldsa, fuzz_ed448,
# fuzz_slhdsa).
set -euo pipefail

prog=${0##*/}
usage() {
	cat <<USAGE
Usage: tests/fuzz/$prog [--time SECONDS] [--no-run] [--out DIR]

Builds tests/fuzz/fuzz_mldsa.c, fuzz_ed448.c and fuzz_slhdsa.c with clang
-fsanitize=fuzzer,address,undefined against crypto/mldsa_verify.c, crypto/ed448.c,
crypto/slhdsa.c and crypto/shake.c through tests/compat, then runs each for
SECONDS (default 60) on a working corpus in DIR/corpus-NAME, seeded from
tests/fuzz/corpus/mldsa/, ed448/ and slhdsa/ (the KUnit vectors: keys and
signatures that verify, never modified).  An SLH-DSA verification is thousands
of SHAKE256 computations: fuzz_slhdsa runs tens of inputs a second.  Prints executions, exec/s, coverage and new corpus
units; exits non-zero if the build fails or the target crashes (the
reproducer is left in DIR as crash-*).

  --time SECONDS  run time per target (0 = build only)
  --no-run        same as --time 0
  --out DIR       output directory (default tests/fuzz/out/crypto, git-ignored)
  --help          this text
Environment: CLANG (default clang), FUZZ_ARGS (extra libFuzzer flags).
USAGE
}

top=$(cd "$(dirname "$0")/../.." && pwd)
secs=60
out=$top/tests/fuzz/out/crypto
# shellcheck source=tests/fuzz/args.sh
. "$(dirname "$0")/args.sh"
fuzz_args "$@"

clang=${CLANG:-clang}
command -v "$clang" >/dev/null || { echo "$prog: $clang: not found (libFuzzer needs clang)" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)

# shellcheck disable=SC2054 # commas belong to -fsanitize=
cflags=(-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
	-fno-omit-frame-pointer -Wall -Wno-unused-parameter
	-I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include")
srcs=("$top"/crypto/{shake,mldsa_verify,ed448,slhdsa}.c "$top"/scripts/pgp-shim/{compat,shash_openssl,hash_info}.c)

for name in fuzz_mldsa fuzz_ed448 fuzz_slhdsa; do
	echo "[build] $name (crypto/mldsa_verify.c, crypto/ed448.c, crypto/slhdsa.c, crypto/shake.c)"
	wrap=()
	# fuzz_slhdsa counts the SHAKE256 computations of each verification
	[ $name != fuzz_slhdsa ] || wrap=(-Wl,--wrap=shake256,--wrap=shake256_init)
	# and runs through the four-way Keccak-f (crypto/keccak_x4.c) where this machine has AVX2
	if [ $name = fuzz_slhdsa ] && [ "$(uname -m)" = x86_64 ] && grep -qw avx2 /proc/cpuinfo; then
		wrap+=(-mavx2 -DCONFIG_CRYPTO_KECCAK_X4=1 "$top/crypto/keccak_x4.c"
		       -Wl,--wrap=keccakf1600_x4_avx2)
	fi
	"$clang" "${cflags[@]}" -o "$out/$name" "$top/tests/fuzz/$name.c" "${srcs[@]}" "${wrap[@]}" \
		-lcrypto || { echo "$prog: $name: build failed" >&2; exit 1; }
done
[ "$secs" -gt 0 ] || exit 0

for name in fuzz_mldsa fuzz_ed448 fuzz_slhdsa; do
	# an SLH-DSA-SHAKE-256s signature alone is 29792 bytes
	maxlen=8192
	[ $name != fuzz_slhdsa ] || maxlen=32768
	seeds=$top/tests/fuzz/corpus/${name#fuzz_}
	corpus=$out/corpus-$name
	log=$out/$name.log
	mkdir -p "$corpus"
	echo "[run] $name for ${secs}s (seeds: ${seeds#"$top"/})"
	# shellcheck disable=SC2086
	if (cd "$out" && ASAN_OPTIONS=detect_leaks=1 "./$name" -max_total_time="$secs" \
		-timeout=10 -rss_limit_mb=2048 -max_len=$maxlen -print_final_stats=1 \
		${FUZZ_ARGS:-} "$corpus" "$seeds" >"$log" 2>&1); then
		execs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
		rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log")
		newu=$(awk '/stat::new_units_added/ { print $2 }' "$log")
		rss=$(awk '/stat::peak_rss_mb/ { print $2 }' "$log")
		last=$(grep -E '^#[0-9]+' "$log" | tail -1)
		cov=$(echo "$last" | grep -o 'cov: [0-9]*' | awk '{ print $2 }')
		ft=$(echo "$last" | grep -o 'ft: [0-9]*' | awk '{ print $2 }')
		echo "$name: ${secs}s, $execs execs, $rate exec/s, cov $cov edges, ft $ft," \
			"$newu new units, corpus $(find "$corpus" -type f | wc -l) files," \
			"peak RSS ${rss} MB, no crash"
	else
		echo "$prog: $name: crash or error; see $log" >&2
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written|deadly' "$log" | head -10 >&2
		exit 1
	fi
done
