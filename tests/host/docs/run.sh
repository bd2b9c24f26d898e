#!/usr/bin/env bash
# Host test: the admin guide parses as reStructuredText, is linked from the admin-guide
# index by the patch set, and every script answers --help (exit status 0 and a usage text;
# DOCS_HELP_RUNNER=CMD runs the scripts with CMD instead of bash, a self-test knob).
# Then guide.sh runs every shell block of the guide that needs no kernel, as written, in
# a scratch tree with a throw-away key (one result per block; blocks that need a kernel or
# a device, or are not commands, are skips: their ".. doc-test:" comment says so), and
# four guide commands as first written must each fail it (a GnuPG home never made, a
# find that takes .tbs/.sig files for modules, GnuPG's revocation certificate with its
# ':', the rollover's --prepare without --append).  DOCS_GUIDE=0 leaves the guide's
# blocks and these self-tests out.
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi
top=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$top"
n=0 fail=0
# The program the scripts run (their --help is its), built once for every guide run.
tool=$(mktemp -d "${TMPDIR:-/tmp}/docs-tool.XXXXXX")
trap 'rm -rf -- "$tool"' EXIT
# shellcheck source=tests/lib/tool.sh
. tests/lib/tool.sh
sign_tool "$tool" || { echo "Bail out! scripts/pgp-sign-module does not build"; exit 1; }
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
# (":(glob)": a "*" does not cross a "/", so the parts tests/host/sign/run.sh sources,
# which are not commands, are not run; nor are the other files only ever sourced)
mapfile -t scripts < <(git ls-files ':(glob)mk/*.sh' ':(glob)scripts/*.sh' ':(glob)tests/qemu/*.sh' \
	':(glob)bench/*.sh' ':(glob)tests/vectors/*.sh' ':(glob)tests/fuzz/*.sh' \
	':(glob)tests/host/*/*.sh' ':(glob)certs/*.sh' |
	grep -v -e '^mk/lib.sh$' -e '^scripts/pgp-modsign-lib.sh$' -e '^tests/qemu/cases-lib.sh$' \
		-e '^tests/fuzz/args.sh$')
guide=Documentation/admin-guide/module-signing-pgp.rst
nblocks=0 nmut=0
if [[ ${DOCS_GUIDE:-1} != 0 ]]; then
	nblocks=$(python3 tests/host/docs/blocks.py "$guide" "$(mktemp -d)" | wc -l)
	nmut=4
fi
echo "1..$((4 + ${#scripts[@]} + nblocks + nmut))"
rst_ok() {
	/usr/bin/python3 - "$1" <<'PY'
import sys, docutils.core
src = open(sys.argv[1]).read()
docutils.core.publish_doctree(src, settings_overrides={'report_level': 2, 'halt_level': 2})
PY
}
t "module-signing-pgp.rst parses as reStructuredText (docutils, warnings are errors)" \
	rst_ok Documentation/admin-guide/module-signing-pgp.rst
# algo_names GUIDE: every ``NAME`` of the guide that is a key algorithm as the kernel lists
# keys (/proc/keys, the boot log: pgp_keys_algo()) is one it can print: the name of
# crypto/pgp/pgp_parser.c's pgp_pubkey_algo_name(), and the key's size in bits only when
# that name does not end in a digit (a name that does names one size: "ed448", not "ed448448")
algo_names() {
	python3 - "$1" crypto/pgp/pgp_parser.c <<'PY'
import re, sys
guide, parser = open(sys.argv[1]).read(), open(sys.argv[2]).read()
fn = parser[parser.index('pgp_pubkey_algo_name('):]
names = set(re.findall(r'return "([a-z0-9-]+)";', fn[:fn.index('\n}\n')]))
assert {'rsa', 'ed448', 'mldsa87-ed448'} <= names, names
bad = []
for tok in set(re.findall(r'``([a-z0-9-]+)``', guide)):
    for n in names:
        m = re.fullmatch(re.escape(n) + r'([0-9]*)', tok)
        if m and m.group(1) and n[-1].isdigit():
            bad.append(tok)
sys.exit('algorithm names the kernel never prints: ' + ' '.join(sorted(bad)) if bad else 0)
PY
}
t "every key algorithm the guide names is one the kernel prints (pgp_keys_algo()'s rule)" \
	algo_names "$guide"
# algo_mutant GUIDE: the guide with its Ed448 listing as first written fails algo_names
algo_mutant() {
	local m rc=1
	m=$(mktemp)
	sed 's/^``ed448``\.$/``ed448448``./' "$1" >"$m"
	grep -q '``ed448448``' "$m" && ! algo_names "$m" >/dev/null 2>&1 && rc=0
	rm -f -- "$m"
	return $rc
}
t "self-test: the guide's Ed448 listing as first written (ed448448) fails that check" \
	algo_mutant "$guide"
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
((nblocks)) || exit $((fail > 0))

# The guide's blocks: guide.sh's lines, numbered here.
number()
{
	local line

	while IFS= read -r line; do
		case $line in
		"ok - "*) n=$((n + 1)); echo "ok $n - guide ${line#ok - }" ;;
		"not ok - "*) n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - guide ${line#not ok - }" ;;
		*) echo "$line" ;;
		esac
	done
}
number < <(bash tests/host/docs/guide.sh "$guide")

# mutant NAME BLOCK FROM TO: the guide with FROM replaced by TO (the command as first
# written) must fail guide.sh at block BLOCK, the blocks before it passing.
mutant()
{
	local nn=$2 dir out
	dir=$(mktemp -d)
	python3 - "$guide" "$dir/guide.rst" "$3" "$4" <<'PY' || { echo "the guide has no '$3'"; rm -rf "$dir"; return 1; }
import sys
s = open(sys.argv[1]).read()
if s.count(sys.argv[3]) != 1:
    sys.exit(1)
open(sys.argv[2], "w").write(s.replace(sys.argv[3], sys.argv[4]))
PY
	out=$(STOP=$((10#$nn)) bash tests/host/docs/guide.sh "$dir/guide.rst")
	rm -rf "$dir"
	if ! grep -q "^not ok - block $nn " <<<"$out"; then
		echo "block $nn did not fail:"; printf '%s\n' "$out"; return 1
	fi
	if grep "^not ok" <<<"$out" | grep -qv "^not ok - block $nn "; then
		echo "another block failed:"; printf '%s\n' "$out"; return 1
	fi
}
blockof()	# blockof TEXT: the number of the guide's block holding TEXT
{
	local d nn
	d=$(mktemp -d)
	python3 tests/host/docs/blocks.py "$guide" "$d" > /dev/null
	nn=$(grep -lF -- "$1" "$d"/*.sh | head -n 1)
	rm -rf "$d"
	nn=${nn##*/}
	echo "${nn%.sh}"
}
if ! { unshare -m true || unshare -rm true; } 2> /dev/null; then
	# guide.sh printed its blocks as skips: so are these
	for d in "no mkdir" "find -name '*.ko*'" "revocation certificate as written" \
		"--prepare without --append"; do
		n=$((n + 1))
		echo "ok $n - self-test: $d fails the guide test # SKIP no mount namespace (unshare -m)"
	done
	exit $((fail > 0))
fi
b=$(blockof 'mkdir -p -m 700 "$GNUPGHOME"')
t "self-test: the build-key commands without mkdir fail guide block $b" mutant "no mkdir" "$b" \
	'    mkdir -p -m 700 "$GNUPGHOME"
' ''
b=$(blockof "-name '*.ko' -o -name '*.ko.xz'")
t "self-test: find -name '*.ko*' (it takes a.ko.tbs and a.ko.sig for modules) fails guide block $b" \
	mutant "find" "$b" "-name '*.ko' -o -name '*.ko.xz' -o -name '*.ko.zst' -o -name '*.ko.gz')" \
	"-name '*.ko*')"
b=$(blockof "\"\$GNUPGHOME/openpgp-revocs.d/\$FPR.rev\" | gpg --import")
t "self-test: gpg --import of GnuPG's revocation certificate as written (':') fails guide block $b" \
	mutant "revocation" "$b" \
	"sed 's/^:-----BEGIN/-----BEGIN/' \"\$GNUPGHOME/openpgp-revocs.d/\$FPR.rev\" | gpg --import" \
	'gpg --import "$GNUPGHOME/openpgp-revocs.d/$FPR.rev"'
b=$(blockof "scripts/sign-module.sh --prepare --append foo.ko")
t "self-test: the rollover's --prepare without --append (it would drop the signatures) fails guide block $b" \
	mutant "prepare" "$b" "    scripts/sign-module.sh --prepare --append foo.ko" \
	"    scripts/sign-module.sh --prepare foo.ko"
exit $((fail > 0))
