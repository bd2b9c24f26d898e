#!/usr/bin/env bash
# Host test: build every libFuzzer target (clang, ASan+UBSan) against the kernel sources and
# run each for a short smoke time.  `make fuzz` runs them for longer (FUZZ_TIME).
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi
top=$(cd "$(dirname "$0")/../../.." && pwd)
secs=${FUZZ_TIME:-10}
out=$top/build/fuzz
mkdir -p "$out"
scripts=("$top"/tests/fuzz/build-*.sh)
echo "1..${#scripts[@]}"
n=0 fail=0
for s in "${scripts[@]}"; do
	n=$((n + 1))
	name=$(basename "$s" .sh)
	log=$out/$name.log
	if bash "$s" --time "$secs" --out "$out/${name#build-}" >"$log" 2>&1; then
		echo "ok $n - $name: fuzz targets built and ran ${secs}s each without a crash"
	else
		echo "not ok $n - $name: build failed or a target crashed (log: $log)"
		fail=$((fail + 1))
	fi
	grep -iE 'exec|cov|crash|target' "$log" | tail -n 8 | sed 's/^/# /'
done
exit $((fail > 0))
