#!/usr/bin/env bash
# Host test: the admin guide parses as reStructuredText, is linked from the admin-guide
# index by the patch set, and every script answers --help.
set -uo pipefail
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
	'tests/vectors/*.sh' 'tests/fuzz/*.sh' 'tests/host/*/*.sh' 'security/pgp_keys/*.sh' |
	grep -v -e '^mk/lib.sh$' -e '^scripts/pgp-modsign-lib.sh$')
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
for s in "${scripts[@]}"; do
	t "$s --help prints usage and exits 0" bash -c "'$s' --help | grep -qi usage"
done
exit $((fail > 0))
