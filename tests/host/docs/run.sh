#!/usr/bin/env bash
# Host test: the admin guide parses as reStructuredText, is linked from the admin-guide
# index by the patch set, and every script answers --help (exit status 0 and a usage text;
# DOCS_HELP_RUNNER=CMD runs the scripts with CMD instead of bash, a self-test knob).
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi
top=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$top"
n=0 fail=0
t() { # t DESCRIPTION COMMAND...
	local d=$1
	shift
	n=$((n + 1))
	if out=$("$@" 2>&1); then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"
		printf '%s\n' "$out" | head -n 5 | sed 's/^/# /'
		fail=$((fail + 1))
	fi
}
mapfile -t scripts < <(git ls-files 'mk/*.sh' 'scripts/*.sh' 'tests/qemu/*.sh' 'bench/*.sh' \
	'tests/vectors/*.sh' 'tests/fuzz/*.sh' 'tests/host/*/*.sh' 'certs/*.sh' |
	grep -v -e '^mk/lib.sh$' -e '^scripts/pgp-modsign-lib.sh$' |
	while read -r f; do head -c 2 "$f" | grep -q '^#!' && echo "$f"; done)
# (files without a #! line are sourced by another script, e.g. tests/host/sign/parts/*.sh)
echo "1..$((2 + ${#scripts[@]}))"
rst_ok() {
	/usr/bin/python3 - "$1" <<'PY'
import sys, docutils.core
src = open(sys.argv[1]).read()
docutils.core.publish_doctree(src, settings_overrides={'report_level': 2, 'halt_level': 2})
PY
}
t "module-signing-pgp.rst parses as reStructuredText (docutils, warnings are errors)" \
	rst_ok Documentation/admin-guide/module-signing-pgp.rst
t "the patch set links module-signing-pgp from Documentation/admin-guide/index.rst" \
	grep -q '^+   module-signing-pgp$' $(grep -l 'Documentation/admin-guide/index.rst' patches/*.patch)
# help_ok SCRIPT: SCRIPT --help exits 0 and prints a usage text (both checked).
help_ok() {
	local out rc
	out=$("${DOCS_HELP_RUNNER:-bash}" "$1" --help 2>&1)
	rc=$?
	if ((rc != 0)); then
		printf '%s --help exited %d\n%s\n' "$1" "$rc" "$out"
		return 1
	fi
	grep -qi usage <<<"$out" || { printf '%s --help printed no usage:\n%s\n' "$1" "$out"; return 1; }
}
for s in "${scripts[@]}"; do
	t "$s --help prints usage and exits 0" help_ok "$s"
done
exit $((fail > 0))
