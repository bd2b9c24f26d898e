#!/usr/bin/env bash
# make kunit: every KUnit suite of the project under UML with KASAN, as kernel developers run
# KUnit (tools/testing/kunit/kunit.py), one .kunitconfig per source directory.
set -euo pipefail
prog=mk/kunit.sh

usage() {
	cat <<'EOF'
Usage: mk/kunit.sh [--no-kasan] [DIR...]

Runs the KUnit suites of DIR... (default: every directory of the project with a
.kunitconfig: crypto, crypto/pgp, security/pgp_keys, kernel/module) in one User-Mode
Linux kernel built from the patched tree build/src (make apply) with CONFIG_KASAN=y,
through the kernel's tools/testing/kunit/kunit.py.  The build directory is build/kunit
(incremental: a second run takes seconds); kunit.py's log build/logs/kunit.log.  Prints
the failed cases and kunit.py's totals; exits non-zero if a test failed or none ran.

  --no-kasan  leave KASAN out (a faster first build)

One suite alone: mk/kunit.sh crypto/pgp, or with kunit.py's own filter,
  cd build/src && tools/testing/kunit/kunit.py run --build_dir=../kunit \
      --kunitconfig=crypto/pgp 'pgp.*'
EOF
}
kasan=1
dirs=()
while (($#)); do
	case $1 in
	-h | --help) usage; exit 0 ;;
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
# kunit.py's own verdict: failed suites and cases, then its totals
grep -E '\[FAILED\]|\[CRASHED\]' build/logs/kunit.log || true
summary=$(grep -E '^Testing complete\. ' build/logs/kunit.log | tail -n 1 | sed 's/\x1b\[[0-9;]*m//g')
if [[ $summary =~ Ran\ ([0-9]+)\ tests ]] && ((BASH_REMATCH[1] > 0)); then
	echo "$summary"
else
	echo "$prog: no KUnit result (last lines of build/logs/kunit.log follow)"
	tail -n 20 build/logs/kunit.log
	rc=1
fi
echo "$prog: $(($(date +%s) - t0)) s; log: build/logs/kunit.log"
exit "$rc"
