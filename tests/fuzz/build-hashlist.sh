#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build and smoke-run the libFuzzer target of the list of module hashes.
set -euo pipefail
prog=build-hashlist.sh

usage() {
	cat <<'EOF'
Usage: tests/fuzz/build-hashlist.sh [--time SECONDS] [--no-run] [--out DIR]

Builds fuzz_hashlist (tests/fuzz/fuzz_hashlist.c) with clang
-fsanitize=fuzzer,address,undefined against kernel/module/hash_list_parse.c and
the module_sig locator kernel/module/signing_pgp_elf.c, through scripts/pgp-shim.
It reads its input as a list, as the entries of a list and as a module, and checks
the buffer invariants and the hashes against OpenSSL's SHA-256 (see the target).
Seeds, made at run time: lists written by scripts/pgp-sign-module --hash-list-room
and --hash-list-make, ELF64 and ELF32 objects with .modinfo "intree=Y", with and
without a module_sig section (empty, or a container), the checked-in corpus of
tests/fuzz/corpus/hashlist (never modified).  Then runs for SECONDS (default 20) on
a corpus in DIR/corpus-fuzz_hashlist (default DIR: tests/fuzz/out/hashlist).
Exits non-zero when the build fails or the target crashes (the reproducer is left
in DIR as crash-*).
  --time SECONDS  run time (0: build and make seeds only)
  --no-run        same as --time 0
  --out DIR       output directory
Environment: CLANG (default clang), FUZZ_ARGS (extra libFuzzer flags).
EOF
}

secs=20
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/fuzz/out/hashlist
# shellcheck source=tests/fuzz/args.sh
. "$(dirname "$0")/args.sh"
fuzz_args "$@"

clang=${CLANG:-clang}
command -v "$clang" >/dev/null || { echo "$prog: $clang: not found (libFuzzer needs clang)" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck disable=SC2054  # the commas belong to -fsanitize=
cflags=(-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
	-fno-omit-frame-pointer -Wall -Wno-format
	-I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include"
	-DCONFIG_64BIT=1)
echo "[1/3] building fuzz_hashlist"
"$clang" "${cflags[@]}" -o "$out/fuzz_hashlist" "$top/tests/fuzz/fuzz_hashlist.c" \
	"$top/kernel/module/hash_list_parse.c" "$top/kernel/module/signing_pgp_elf.c" \
	"$top/scripts/pgp-shim/compat.c" "$top/scripts/pgp-shim/shash_openssl.c" -lcrypto ||
	{ echo "$prog: fuzz_hashlist: build failed" >&2; exit 1; }

echo "[2/3] seeds"
seeds=$tmp/seeds
mkdir -p "$seeds"
tool=$tmp/pgp-sign-module
bash "$top/scripts/pgp-sign-module-build.sh" "$tool" >"$tmp/tool.log" 2>&1 ||
	{ cat "$tmp/tool.log" >&2; echo "$prog: pgp-sign-module: build failed" >&2; exit 1; }
cat >"$tmp/m.c" <<'EOF'
static const char info[] __attribute__((section(".modinfo"), used)) =
	"license=GPL\0intree=Y\0name=m";
int m_value = 42;
int m_fn(int x) { return x + m_value; }
EOF
gcc -c -o "$seeds/elf64.o" "$tmp/m.c"
gcc -m32 -c -o "$seeds/elf32.o" "$tmp/m.c" 2>/dev/null || true
objcopy --add-section module_sig=/dev/null "$seeds/elf64.o" "$seeds/elf64-emptysig.o"
head -c 64 /dev/zero >"$tmp/zeros"
objcopy --add-section module_sig="$tmp/zeros" "$seeds/elf64.o" "$seeds/elf64-room.o"
printf 'OPGPMSIG\001\000\000\000\000\000\000\010\302\302\302\302\302\302\302\302' >"$tmp/sig"
head -c 40 /dev/zero >>"$tmp/sig"
objcopy --add-section module_sig="$tmp/sig" "$seeds/elf64.o" "$seeds/elf64-sig.o"
for n in 0 1 3; do
	"$tool" --hash-list-room "$n" >"$tmp/room$n.S"
	gcc -c -o "$tmp/room$n.o" "$tmp/room$n.S"
	objcopy -O binary -j .rodata "$tmp/room$n.o" "$seeds/room$n.list"
done
"$tool" --hash-list-make "$seeds/two.list" --capacity 3 "$seeds/elf64.o" "$seeds/elf64-sig.o"
"$tool" --hash-list-make "$seeds/one.list" "$seeds/elf64.o"
corpus=$out/corpus-fuzz_hashlist
mkdir -p "$corpus"
checked_in=()
[[ -d $top/tests/fuzz/corpus/hashlist ]] && checked_in=("$top/tests/fuzz/corpus/hashlist")
echo "$prog: $(find "$seeds" -type f | wc -l) seeds"
[[ $secs -gt 0 ]] || exit 0

echo "[3/3] running fuzz_hashlist for ${secs}s"
log=$out/fuzz_hashlist.log
# shellcheck disable=SC2086
if (cd "$out" && ASAN_OPTIONS=detect_leaks=1 ./fuzz_hashlist -max_total_time="$secs" \
	-timeout=10 -rss_limit_mb=2048 -max_len=70000 -print_final_stats=1 ${FUZZ_ARGS:-} \
	"$corpus" "$seeds" "${checked_in[@]}" >"$log" 2>&1); then
	execs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
	rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log")
	cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -o 'cov: [0-9]*' | awk '{ print $2 }')
	echo "fuzz_hashlist: ${secs}s, $execs execs, $rate exec/s, cov $cov, corpus" \
		"$(find "$corpus" -type f | wc -l) files, no crash"
else
	echo "$prog: fuzz_hashlist: crash or error; see $log" >&2
	grep -E 'ERROR|SUMMARY|runtime error|invariant|Test unit written' "$log" | head -10 >&2
	exit 1
fi
