#!/usr/bin/env bash
# make kunit: every KUnit suite of the project under UML with KASAN, as kernel developers run
# KUnit (tools/testing/kunit/kunit.py), one .kunitconfig per source directory.
set -euo pipefail
prog=mk/kunit.sh

usage() {
	cat <<'EOF'
Usage: mk/kunit.sh [--no-kasan] [DIR...]

Runs the KUnit suites of DIR... (default: every directory of the project with a
.kunitconfig in the tests/ directory of crypto, crypto/pgp, security/pgp_keys, kernel/module) in one User-Mode
Linux kernel built from the patched tree build/src (make apply) with CONFIG_KASAN=y,
through the kernel's tools/testing/kunit/kunit.py.  The build directory is build/kunit
(incremental: a second run takes seconds); kunit.py's log build/logs/kunit.log.  Prints
the failed cases and kunit.py's totals; exits non-zero if a test failed or none ran.

  --no-kasan      leave KASAN out (a faster first build)
  --summary LOG   only judge a kunit.py log (the harness's self-test)

One suite alone: mk/kunit.sh crypto/pgp/tests, or with kunit.py's own filter,
  cd build/src && tools/testing/kunit/kunit.py run --build_dir=../kunit \
      --kunitconfig=crypto/pgp/tests 'pgp.*'
EOF
}
# summary LOG: kunit.py's verdict in LOG: its failed suites and cases, then its totals;
# non-zero when a test failed or crashed, or when no test ran.
summary() {
	local line
	grep -E '\[(FAILED|CRASHED)\]' "$1" || true
	line=$(sed 's/\x1b\[[0-9;]*m//g; s/^\[[0-9:]*\] //' "$1" | grep -E '^Testing complete\. ' |
		tail -n 1) || true
	# "Ran N tests: passed: P" or "..., skipped: S"; a failure or crash adds another field
	if [[ $line =~ Ran\ ([0-9]+)\ tests:\ passed:\ ([0-9]+)(,\ skipped:\ ([0-9]+))?$ ]] &&
	   ((BASH_REMATCH[2] > 0 && BASH_REMATCH[1] == BASH_REMATCH[2] + ${BASH_REMATCH[4]:-0})); then
		echo "$line"
		return 0
	fi
	echo "$prog: ${line:-no KUnit totals}; last lines of $1:"
	tail -n 20 "$1"
	return 1
}

kasan=1
dirs=()
while (($#)); do
	case $1 in
	-h | --help) usage; exit 0 ;;
	--summary) summary "${2:?--summary LOG}"; exit ;;
	--no-kasan) kasan=0; shift ;;
	-*) usage >&2; exit 2 ;;
	*) dirs+=("${1%/}"); shift ;;
	esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
if ((${#dirs[@]} == 0)); then
	mapfile -t dirs < <(git ls-files --cached --others --exclude-standard -- '*.kunitconfig' | xargs -r -n 1 dirname | sort -u)
	((${#dirs[@]})) || { echo "$prog: no .kunitconfig in the project" >&2; exit 1; }
fi
for d in "${dirs[@]}"; do
	[[ -f $d/.kunitconfig ]] || { echo "$prog: $d: no .kunitconfig there" >&2; exit 2; }
done
make -s apply >/dev/null
src=$top/build/src
args=(run --arch=um --jobs "$(nproc)" --build_dir="$top/build/kunit")
for d in "${dirs[@]}"; do
	args+=(--kunitconfig="$d")
done
((kasan == 0)) || args+=(--kconfig_add CONFIG_KASAN=y --kconfig_add CONFIG_KASAN_VMALLOC=y)
mkdir -p build/logs
echo "$prog: KUnit under UML$( ((kasan)) && echo ' with KASAN') for ${dirs[*]} (build/kunit)"
t0=$(date +%s)
rc=0
(cd "$src" && ./tools/testing/kunit/kunit.py "${args[@]}") >build/logs/kunit.log 2>&1 || rc=$?
summary build/logs/kunit.log || rc=1
echo "$prog: $(($(date +%s) - t0)) s; log: build/logs/kunit.log"
exit "$rc"
