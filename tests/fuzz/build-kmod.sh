#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build and smoke-run the libFuzzer target of the kmod patch's module_sig reader.
set -euo pipefail
prog=build-kmod.sh

usage() {
	cat <<'EOT'
Usage: tests/fuzz/build-kmod.sh [--time SECONDS] [--no-run] [--out DIR]

Builds fuzz_kmod_pgp (tests/fuzz/fuzz_kmod_pgp.c) with clang
-fsanitize=fuzzer,address,undefined against the reader the kmod patch adds to
libkmod (patches/kmod/libkmod/libkmod-signature-pgp.c), which needs nothing of
kmod: its input is the content of a module_sig section, and every line the
reader gives is checked against the buffer invariants (see the target).
Seeds, made at run time: the crafted sections of tests/host/kmod/cases.py
(containers, v4 and v6 signatures of every algorithm, each malformation), and
the checked-in corpus of tests/fuzz/corpus/kmod_pgp when there is one (never
modified).  Then runs for SECONDS (default 20) on a corpus in
DIR/corpus-fuzz_kmod_pgp (default DIR: tests/fuzz/out/kmod).  Exits non-zero
when the build fails or the target crashes (the reproducer is left in DIR as
crash-*).
  --time SECONDS  run time (0: build and make seeds only)
  --no-run        same as --time 0
  --out DIR       output directory
Environment: CLANG (default clang), FUZZ_ARGS (extra libFuzzer flags).
EOT
}

secs=20
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/fuzz/out/kmod
# shellcheck source=tests/fuzz/args.sh
. "$(dirname "$0")/args.sh"
fuzz_args "$@"

clang=${CLANG:-clang}
command -v "$clang" >/dev/null || { echo "$prog: $clang: not found (libFuzzer needs clang)" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)

echo "[1/3] building fuzz_kmod_pgp"
# shellcheck disable=SC2054  # the commas belong to -fsanitize=
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer -Wall -Wextra -I"$top/patches/kmod/libkmod" \
	-o "$out/fuzz_kmod_pgp" "$top/tests/fuzz/fuzz_kmod_pgp.c" \
	"$top/patches/kmod/libkmod/libkmod-signature-pgp.c" ||
	{ echo "$prog: fuzz_kmod_pgp: build failed" >&2; exit 1; }

echo "[2/3] seeds"
seeds=$out/seeds
rm -rf "$seeds"
python3 "$top/tests/host/kmod/cases.py" write "$seeds"
rm -f "$seeds"/*.expect
corpus=$out/corpus-fuzz_kmod_pgp
mkdir -p "$corpus"
checked_in=()
[[ -d $top/tests/fuzz/corpus/kmod_pgp ]] && checked_in=("$top/tests/fuzz/corpus/kmod_pgp")
echo "$prog: $(find "$seeds" -type f | wc -l) seeds"
[[ $secs -gt 0 ]] || exit 0

echo "[3/3] running fuzz_kmod_pgp for ${secs}s"
log=$out/fuzz_kmod_pgp.log
# shellcheck disable=SC2086
if (cd "$out" && ASAN_OPTIONS=detect_leaks=1 ./fuzz_kmod_pgp -max_total_time="$secs" \
	-timeout=10 -rss_limit_mb=2048 -max_len=70000 -print_final_stats=1 ${FUZZ_ARGS:-} \
	"$corpus" "$seeds" "${checked_in[@]}" >"$log" 2>&1); then
	execs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
	rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log")
	cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -o 'cov: [0-9]*' | awk '{ print $2 }')
	echo "fuzz_kmod_pgp: ${secs}s, $execs execs, $rate exec/s, cov $cov, corpus" \
		"$(find "$corpus" -type f | wc -l) files, no crash"
else
	echo "$prog: fuzz_kmod_pgp: crash or error; see $log" >&2
	grep -E 'ERROR|SUMMARY|runtime error|invariant|Test unit written' "$log" | head -10 >&2
	exit 1
fi
