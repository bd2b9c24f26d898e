#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build and run the crypto/pgp libFuzzer target(s).
set -euo pipefail

prog=${0##*/}
usage() {
	cat <<USAGE
Usage: tests/fuzz/$prog [--time SECONDS] [--no-run] [--out DIR] [--oracle]

Builds tests/fuzz/fuzz_pgp_*.c with clang -fsanitize=fuzzer,address,undefined
against crypto/pgp/*.c (and the kernel's crypto/{mont,dsa,rsassa}.c when
present; --oracle uses the OpenSSL stand-ins instead) through tests/compat,
then runs each target for SECONDS (default 60) on a working corpus in
DIR/corpus-<target>, seeded from tests/fuzz/corpus/pgp_<name>/ (checked-in
gpg packets; never modified) with the dictionary pgp_<name>.dict if present.  Prints executions, exec/s, coverage and new
corpus units; exits non-zero if a build fails or a target crashes (the
reproducer is left in DIR as crash-*).

  --time SECONDS  run time per target (0 = build only)
  --no-run        same as --time 0
  --out DIR       output directory (default tests/fuzz/out/pgp, git-ignored)
  --oracle        link the OpenSSL DSA/RSA/Ed25519 stand-ins
  --help          this text
Environment: CLANG (default clang), FUZZ_ARGS (extra libFuzzer flags).
USAGE
}

top=$(cd "$(dirname "$0")/../.." && pwd)
secs=60
out=$top/tests/fuzz/out/pgp
oracle=0
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
	-I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include"
	-DCONFIG_ARCH_SUPPORTS_INT128=1)
srcs=("$top/crypto/pgp/pgp_parser.c" "$top/crypto/pgp/pgp_verify.c"
	"$top/crypto/shake.c" "$top/crypto/mldsa_verify.c" "$top/crypto/ed448.c" "$top/crypto/slhdsa.c"
	"$top/scripts/pgp-shim/compat.c" "$top/scripts/pgp-shim/shash_openssl.c"
	"$top/scripts/pgp-shim/hash_info.c")
# ML-DSA, Ed448, SLH-DSA: the kernel's own in every build
cflags+=(-DCONFIG_CRYPTO_MLDSA_VERIFY=1 -DCONFIG_CRYPTO_ED448=1 -DCONFIG_CRYPTO_SLHDSA=1)
algs=oracle
if [ "$oracle" = 0 ]; then
	srcs+=("$top"/crypto/{mont,dsa,rsassa,ed25519}.c)
	cflags+=(-DCONFIG_CRYPTO_ED25519=1)
	algs="kernel crypto/{mont,dsa,rsassa,ed25519}.c"
else
	srcs+=("$top/tests/compat/stubs/algs_openssl.c")
	cflags+=(-DCONFIG_CRYPTO_ED25519=1)
fi

# Differential check in fuzz_pgp_sig: the OpenSSL stand-ins as oracle_*()
diff_flags=()
if [ "$algs" != oracle ]; then
	"$clang" "${cflags[@]/-fsanitize=fuzzer,/-fsanitize=}" -c -o "$out/oracle.o" \
		-Ddsa_verify=oracle_dsa_verify -Ddsa_check_key=oracle_dsa_check_key \
		-Drsassa_pkcs1_verify=oracle_rsassa_pkcs1_verify \
		-Ded25519_verify=oracle_ed25519_verify -Ddsa_precompute=oracle_dsa_precompute \
		-Ddsa_precomp_size=oracle_dsa_precomp_size -Ddsa_precomp_free=oracle_dsa_precomp_free \
		-Drsassa_precompute=oracle_rsassa_precompute \
		-Drsassa_precomp_size=oracle_rsassa_precomp_size \
		-Drsassa_precomp_free=oracle_rsassa_precomp_free \
		"$top/tests/compat/stubs/algs_openssl.c" ||
		{ echo "$prog: oracle.o: build failed" >&2; exit 1; }
	diff_flags=(-DFUZZ_DIFFERENTIAL "$out/oracle.o")
fi

targets=()
for f in "$top"/tests/fuzz/fuzz_pgp_*.c; do
	name=$(basename "$f" .c)
	extra=()
	[ "$name" = fuzz_pgp_sig ] || [ "$name" = fuzz_pgp_v6 ] && extra=("${diff_flags[@]}")
	echo "[build] $name (algorithms: $algs${extra[*]:+; differential against OpenSSL})"
	"$clang" "${cflags[@]}" -o "$out/$name" "$f" "${srcs[@]}" "${extra[@]}" -lcrypto ||
		{ echo "$prog: $name: build failed" >&2; exit 1; }
	targets+=("$name")
done
[ "$secs" -gt 0 ] || exit 0

status=0
for name in "${targets[@]}"; do
	seeds=$top/tests/fuzz/corpus/pgp_${name#fuzz_pgp_}
	corpus=$out/corpus-$name
	log=$out/$name.log
	dict=()
	[ -f "$seeds.dict" ] && dict=(-dict="$seeds.dict")
	mkdir -p "$corpus"
	echo "[run] $name for ${secs}s (seeds: ${seeds#"$top"/})"
	# shellcheck disable=SC2086
	if (cd "$out" && ASAN_OPTIONS=detect_leaks=1 "./$name" -max_total_time="$secs" \
		-timeout=10 -rss_limit_mb=2048 -max_len=70000 -print_final_stats=1 \
		"${dict[@]}" ${FUZZ_ARGS:-} "$corpus" "$seeds" >"$log" 2>&1); then
		execs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
		rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log")
		newu=$(awk '/stat::new_units_added/ { print $2 }' "$log")
		rss=$(awk '/stat::peak_rss_mb/ { print $2 }' "$log")
		last=$(grep -E '^#[0-9]+' "$log" | tail -1)
		cov=$(echo "$last" | grep -o 'cov: [0-9]*' | awk '{ print $2 }')
		ft=$(echo "$last" | grep -o 'ft: [0-9]*' | awk '{ print $2 }')
		total=$(grep -m1 -o 'Loaded 1 modules *([0-9]* inline' "$log" | grep -o '[0-9]* inline' |
			awk '{ print $1 }')
		echo "$name: ${secs}s, $execs execs, $rate exec/s, cov $cov/$total edges, ft $ft," \
			"$newu new units, corpus $(find "$corpus" -type f | wc -l) files," \
			"peak RSS ${rss} MB, no crash"
	else
		echo "$prog: $name: crash or error; see $log" >&2
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -10 >&2
		status=1
	fi
done
exit "$status"
