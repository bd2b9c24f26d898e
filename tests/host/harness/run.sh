#!/usr/bin/env bash
# Host test: the test harness's own checks fail on deliberately broken input, then pass on
# the real one.  Crafted logs for tests/tap.py and mk/check.sh's counting; a missing
# tarball and a checkpatch that cannot run for tests/host/patches; a failing --help for
# tests/host/docs; make kunit's verdict on kunit.py's totals; modtest's verdicts (built for the host) against outcomes the guest
# must not accept; tests/qemu/siglayout.py's map and its independent extraction for
# gpgv (a copy that forgets to zero module_sig must be caught); the guest corpus pinning
# one errno per case; README.md's figures against bench/results.md (a changed figure
# in either must be caught).  The guest's own self-tests ("not:" cases) are in
# tests/qemu/make-cases.sh.
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d)
trap 'gpgconf --homedir "$tmp/gnupg" --kill gpg-agent >/dev/null 2>&1; rm -rf "$tmp"' EXIT
plan=56
echo "1..$plan"
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() {
	n=$((n + 1)) fail=$((fail + 1))
	echo "not ok $n - $1"
	[[ -n ${2:-} ]] && printf '%s\n' "$2" | head -n 15 | sed 's/^/# /'
}
# t DESCRIPTION WANT CMD...: WANT pass (exit 0) or fail (non-zero, a deliberately broken input)
t() {
	local d=$1 want=$2 out rc
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	if [[ $want == pass && $rc -eq 0 || $want == fail && $rc -ne 0 ]]; then
		ok "$d"
	else
		notok "$d (exit $rc, wanted $want)" "$out"
	fi
}
# failures MODE LOG: exit 0 when tests/tap.py counts no failure in LOG
failures() {
	local f
	f=$(python3 "$top/tests/tap.py" "$1" "$2" | sed -n 's/^counts [0-9]* \([0-9]*\) [0-9]*$/\1/p')
	[[ $f == 0 ]]
}
good=$here/good-console.log

# ---- tests/tap.py: KUnit required, plans, suite results, KUnit's own totals ----
t "tap.py: the crafted good console (KUnit + modtest) has no failure" pass failures console-kunit "$good"
sed '/^\[/{/KTAP\|Subtest\|ok \|pass:\|1\.\./d}' "$good" >"$tmp/nokunit.log"
sed '/# modtest: begin/,$d' "$good" >"$tmp/nokunit.log.kunit-only"
t "tap.py: console-kunit without KUnit output fails" fail failures console-kunit "$tmp/nokunit.log"
t "tap.py: the same log passes where KUnit is not run (enforcing boot)" pass failures console "$tmp/nokunit.log"
sed '/beta_two/d' "$good" >"$tmp/short.log"
t "tap.py kunit (make check-series): KUnit without modtest passes" pass failures kunit "$tmp/nokunit.log.kunit-only"
t "tap.py kunit: a boot without KUnit fails" fail failures kunit "$tmp/nokunit.log"
t "tap.py: a suite with fewer results than its plan fails" fail failures console-kunit "$tmp/short.log"
sed 's/^\(\[[ 0-9.]*\]\) ok 2 beta$/\1 not ok 2 beta/' "$good" >"$tmp/suitefail.log"
t "tap.py: a suite-level 'not ok' fails although its cases passed" fail failures console-kunit "$tmp/suitefail.log"
sed 's/# beta: pass:2 fail:0 skip:0 total:2/# beta: pass:3 fail:0 skip:0 total:3/' "$good" >"$tmp/stats.log"
t "tap.py: counts disagreeing with KUnit's suite line fail" fail failures console-kunit "$tmp/stats.log"
sed 's/# Totals: pass:3 fail:0 skip:1 total:4/# Totals: pass:4 fail:0 skip:1 total:5/' "$good" >"$tmp/totals.log"
t "tap.py: counts disagreeing with KUnit's Totals line fail" fail failures console-kunit "$tmp/totals.log"
sed 's/^\(\[[ 0-9.]*\]\) 1\.\.2$/\1 1..3/' "$good" >"$tmp/top.log"
t "tap.py: fewer suites than KUnit's top-level plan fail" fail failures console-kunit "$tmp/top.log"
sed '/beta_two/d; /# beta:/d; /Totals: pass:2/d; s/^\(\[[ 0-9.]*\]\) ok 2 beta$//' "$good" >"$tmp/crash.log"
t "tap.py: a suite that never finished fails" fail failures console-kunit "$tmp/crash.log"
sed '/^ok 2 - tampered/d' "$good" >"$tmp/modshort.log"
t "tap.py: a modtest section shorter than its plan fails" fail failures console-kunit "$tmp/modshort.log"
printf '1..3\nok 1 - a\nok 2 - b # SKIP no tool\nok 3 - c\n' >"$tmp/host.tap"
t "tap.py: host TAP with a skip passes" pass failures tap "$tmp/host.tap"
printf 'ok 1 - a\nok 2 - b\n1..3\n' >"$tmp/hostshort.tap"
t "tap.py: host TAP with its plan last and a result missing fails" fail failures tap "$tmp/hostshort.tap"
line=$(python3 "$top/tests/tap.py" tap "$tmp/host.tap" | tail -n 1)
if [[ $line == "counts 2 0 1" ]]; then ok "tap.py: a skip is counted as a skip ($line)"
else notok "tap.py: a skip is counted as a skip" "$line"; fi

# ---- mk/check.sh: a missing count is a failure, the host test's status counts ----
chk() { bash "$top/mk/check.sh" "$@"; }
t "check.sh: counting the good console passes" pass chk --selftest-count console-kunit "$good"
t "check.sh: a log that does not exist is a failure, not 0 passed" fail \
	chk --selftest-count tap "$tmp/does-not-exist.log"
printf 'import sys\nsys.exit(0)\n' >"$tmp/silent-tap.py"
t "check.sh: a tap.py printing nothing is a failure" fail \
	env TAP_PY="$tmp/silent-tap.py" bash "$top/mk/check.sh" --selftest-count tap "$tmp/host.tap"
printf 'raise RuntimeError("deliberate")\n' >"$tmp/crash-tap.py"
t "check.sh: a tap.py that crashes is a failure" fail \
	env TAP_PY="$tmp/crash-tap.py" bash "$top/mk/check.sh" --selftest-count tap "$tmp/host.tap"
t "check.sh: a host test exiting non-zero with clean TAP is a failure" fail \
	chk --selftest-tap bash -c 'echo 1..1; echo "ok 1 - fine"; exit 3'
t "check.sh: a host test exiting 0 with clean TAP passes" pass \
	chk --selftest-tap bash -c 'echo 1..1; echo "ok 1 - fine"'
# ---- mk/check.sh --host-only: the host tests two at a time, each counted once ----
# A copy of mk/check.sh on a tree of four fake host tests: "a" and "sign" wait for each
# other (they pass only when run at the same time), "b" fails a case, "c" exits 3 with
# clean TAP, and they finish in another order than they start.
ft=$tmp/fake-top
mkdir -p "$ft/mk" "$ft/tests/host"/{a,b,c,sign}
cp "$top/mk/check.sh" "$top/mk/lib.sh" "$ft/mk/"
cp "$top/tests/tap.py" "$ft/tests/"
printf '#!/bin/bash\nexit 0\n' > "$ft/mk/deps.sh"
chmod +x "$ft/mk/deps.sh"
meet='touch "$D/$1"; for i in $(seq 200); do [[ -e $D/$2 ]] && break; sleep 0.1; done
echo 1..1; [[ -e $D/$2 ]] && echo "ok 1 - met $2" || echo "not ok 1 - $2 never ran beside me"'
printf 'D=%q; set -- sign a; %s\nsleep 1\n' "$tmp" "$meet" > "$ft/tests/host/sign/run.sh"
printf 'D=%q; set -- a sign; %s\n' "$tmp" "$meet" > "$ft/tests/host/a/run.sh"
printf 'echo 1..2; echo "ok 1 - x"; echo "not ok 2 - y"; exit 1\n' > "$ft/tests/host/b/run.sh"
printf 'sleep 0.5; echo 1..1; echo "ok 1 - x # SKIP"; exit 3\n' > "$ft/tests/host/c/run.sh"
out=$(HOST_JOBS=2 bash "$ft/mk/check.sh" --host-only 2>&1)
last=$(tail -n 1 <<< "$out")
each=$(grep -c '^   host-[a-z]* *[0-9]*s$' <<< "$out")
if [[ $last == "3 passed, 2 failed, 1 skipped" && $each == 4 ]] &&
   for h in a b c sign; do [[ $(grep -c "^== host-$h\$" <<< "$out") == 1 ]] || exit 1; done; then
	ok "check.sh --host-only: two at a time (sign met a), each counted and timed once ($last)"
else
	notok "check.sh --host-only: two at a time, each counted and timed once" "$out"
fi
out=$(chk --selftest-count tap "$tmp/host.tap" | tail -n 1)
if [[ $out =~ ^[0-9]+\ passed,\ [0-9]+\ failed,\ [0-9]+\ skipped$ && $out == "2 passed, 0 failed, 1 skipped" ]]; then
	ok "check.sh: the closing line shows the skips ($out)"
else
	notok "check.sh: the closing line shows the skips" "$out"
fi

# ---- make kunit (mk/kunit.sh): kunit.py's totals must show every test passed ----
kl=$tmp/kunit.log
printf '%s\n' '[14:00:16] ================= [PASSED] pgp-parser ==================' \
	'[14:00:19] ============================================================' \
	'[14:00:19] Testing complete. Ran 185 tests: passed: 185' >"$kl"
t "kunit.sh: a run whose 185 tests all passed passes" pass bash "$top/mk/kunit.sh" --summary "$kl"
sed 's/passed: 185$/passed: 180, skipped: 5/' "$kl" >"$tmp/kunit-skip.log"
t "kunit.sh: skipped tests are not failures" pass bash "$top/mk/kunit.sh" --summary "$tmp/kunit-skip.log"
sed 's/passed: 185$/passed: 184, failed: 1/' "$kl" >"$tmp/kunit-fail.log"
t "kunit.sh: one failed test fails the run" fail bash "$top/mk/kunit.sh" --summary "$tmp/kunit-fail.log"
sed 's/passed: 185$/passed: 184, crashed: 1/' "$kl" >"$tmp/kunit-crash.log"
t "kunit.sh: a crashed test fails the run" fail bash "$top/mk/kunit.sh" --summary "$tmp/kunit-crash.log"
sed '/Testing complete/d' "$kl" >"$tmp/kunit-none.log"
t "kunit.sh: a log without kunit.py's totals fails" fail bash "$top/mk/kunit.sh" --summary "$tmp/kunit-none.log"
sed 's/Ran 185 tests: passed: 185$/Ran 0 tests: passed: 0/' "$kl" >"$tmp/kunit-zero.log"
t "kunit.sh: a run of no test fails" fail bash "$top/mk/kunit.sh" --summary "$tmp/kunit-zero.log"

# ---- tests/host/patches: tar extraction and checkpatch must really run ----
t "patches: a tarball that is not there fails" fail \
	env SRC_TARBALL="$tmp/no-such.tar.xz" bash "$top/tests/host/patches/run.sh"
mkdir -p "$tmp/fake/linux-source-6.12/scripts"
for f in checkpatch.pl kernel-doc; do
	printf '#!/usr/bin/perl\nexit 2;\n' >"$tmp/fake/linux-source-6.12/scripts/$f"
done
: >"$tmp/fake/linux-source-6.12/scripts/spelling.txt"
echo x >"$tmp/fake/linux-source-6.12/scripts/spelling.txt"
echo x >"$tmp/fake/linux-source-6.12/scripts/const_structs.checkpatch"
tar -C "$tmp/fake" -cJf "$tmp/fake.tar.xz" linux-source-6.12
SRC_TARBALL=$tmp/fake.tar.xz bash "$top/tests/host/patches/run.sh" >"$tmp/patches.out" 2>&1
rc=$?
bad=$(grep -c '^not ok .*checkpatch --strict did not run properly' "$tmp/patches.out")
kd=$(grep -c '^not ok .*kernel-doc -none .*exit 2' "$tmp/patches.out")
# (7.3's checkpatch is that of linux-source-7.3's own tarball, when it is there: not this one)
if ((rc != 0 && bad > 0 && kd > 0)) && ! grep '^ok .*checkpatch' "$tmp/patches.out" | grep -qv '7\.3'; then
	ok "patches: a checkpatch and a kernel-doc that cannot run fail every patch and file ($bad, $kd)"
else
	notok "patches: a checkpatch and a kernel-doc that cannot run fail" "$(cat "$tmp/patches.out")"
fi

# ---- tests/host/docs: --help must exit 0 ----
printf '#!/bin/bash\necho "Usage: a script that fails"\nexit 3\n' >"$tmp/failing-help"
chmod +x "$tmp/failing-help"
t "docs: scripts whose --help prints usage but exits 3 fail" fail \
	env DOCS_HELP_RUNNER="$tmp/failing-help" bash "$top/tests/host/docs/run.sh"

# ---- modtest's verdicts (item: no 'reject', no open() failure as an errno) ----
if gcc -O2 -Wall -o "$tmp/modtest" "$top/tests/qemu/modtest.c" 2>"$tmp/cc.log"; then
	ok "modtest.c builds for the host"
else
	notok "modtest.c builds for the host" "$(cat "$tmp/cc.log")"
fi
mt() { "$tmp/modtest" "$@"; }
t "modtest: EKEYREJECTED matches EKEYREJECTED" pass mt judge EKEYREJECTED '' EKEYREJECTED
t "modtest: the old catch-all 'reject' is no expectation any more" fail mt judge reject '' EKEYREJECTED
t "modtest: an errno expectation does not take an unsigned load (taint E)" fail \
	mt judge EKEYREJECTED '' loaded:E:
t "modtest: a failed open() matches no errno, not even 'refused'" fail mt judge refused '' open:ENOENT
t "modtest: 'ok' with a signer refuses another signer" fail mt judge ok aaaa loaded::bbbb

# ---- tests/qemu/siglayout.py: the sweep map and the oracles' own extraction ----
export GNUPGHOME=$tmp/gnupg
mkdir -m 700 "$GNUPGHOME"
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
printf 'int x = 3; const char s[] = "hello"; int f(void) { return x; }\n' >"$tmp/m.c"
if gpg -q --batch --pinentry-mode loopback --passphrase '' --quick-gen-key \
	'harness self-test' ed25519 sign never >/dev/null 2>&1 &&
   gpg -q --export >"$tmp/ring.pgp" && gcc -c -o "$tmp/m.ko" "$tmp/m.c" &&
   sign_tool "$tmp/tool" 2>"$tmp/sign.log" &&
   "$top/scripts/sign-module.sh" --quiet "$tmp/m.ko" >"$tmp/sign.log" 2>&1; then
	ok "a throw-away Ed25519 key signs a small object"
else
	notok "a throw-away Ed25519 key signs a small object" "$(cat "$tmp/sign.log" 2>/dev/null)"
fi
fpr=$(gpg --with-colons --list-keys | awk -F: '$1 == "fpr" { print tolower($10); exit }')
layout=$top/tests/qemu/siglayout.py
python3 "$layout" map "$tmp/m.ko" 0x01 "$tmp/m.map"
size=$(stat -c %s "$tmp/m.ko")
data_off=$(awk '$4 == "signed" { print $1; exit }' "$tmp/m.map")
fpr_off=$(awk '$4 == "issuer" && $5 == "fingerprint" && NF == 5 { print $1; exit }' "$tmp/m.map")
sj() { mt sweepjudge "$1" "$tmp/m.map" "$size" "$2" "$fpr" "$3"; }
t "sweep map: a change to signed data refused EKEYREJECTED passes" pass sj enforce "$data_off" EKEYREJECTED
t "sweep map: the same change refused EBADMSG is a mismatch" fail sj enforce "$data_off" EBADMSG
t "sweep map: the same change loading as signed is a mismatch" fail sj permissive "$data_off" "loaded::$fpr"
t "sweep map: a changed issuer may load unsigned when permissive" pass sj permissive "$fpr_off" loaded:E:
t "sweep map: ... but not when enforcing (must be EKEYREJECTED)" fail sj enforce "$fpr_off" loaded:E:
verify() { # verify LAYOUT-SCRIPT MODULE: gpgv and sqv on an independent extraction
	python3 "$1" extract "$2" "$tmp/d" "$tmp/s" >/dev/null &&
		gpgv --keyring "$tmp/ring.pgp" "$tmp/s" "$tmp/d" >/dev/null 2>&1 &&
		sqv --keyring "$tmp/ring.pgp" "$tmp/s" "$tmp/d" >/dev/null 2>&1
}
t "extract: gpgv and sqv accept the untouched module" pass verify "$layout" "$tmp/m.ko"
cp "$tmp/m.ko" "$tmp/m-flip.ko"
python3 "$top/tests/elfedit.py" flip-at "$tmp/m-flip.ko" "$data_off" 1 >/dev/null
t "extract: gpgv and sqv refuse a changed byte of signed data" fail verify "$layout" "$tmp/m-flip.ko"
sed 's/^    data\[off:off + size\] = bytes(size)$/    pass/' "$layout" >"$tmp/broken-layout.py"
t "extract: a copy that does not zero module_sig is caught (untouched module refused)" fail \
	verify "$tmp/broken-layout.py" "$tmp/m.ko"
pad=$(awk '$4 == "container" && $5 == "padding" { print $1; exit }' "$tmp/m.map")
cp "$tmp/m.ko" "$tmp/m-pad.ko"
python3 "$top/tests/elfedit.py" flip-at "$tmp/m-pad.ko" "$pad" 1 >/dev/null
t "extract: non-zero container padding is malformed (exit 3)" fail \
	python3 "$layout" extract "$tmp/m-pad.ko" "$tmp/d" "$tmp/s"
exp=$(python3 "$layout" expect "$tmp/m.ko" "$fpr_off" 1)
if [[ $exp == "EKEYREJECTED issuer fingerprint" ]]; then ok "expect: a changed issuer is EKEYREJECTED when enforcing"
else notok "expect: a changed issuer is EKEYREJECTED when enforcing" "$exp"; fi

# ---- tests/qemu/make-corpus.py: one outcome per boot in every case ----
pinned() { # pinned CORPUS-SCRIPT: exit 0 when no case accepts alternatives
	: >"$tmp/corpus.list"
	python3 "$1" "$tmp/m.ko" "$fpr" "$tmp/corpus" "$tmp/corpus.list" >/dev/null &&
		[[ -s $tmp/corpus.list ]] && ! cut -d'|' -f1,2 "$tmp/corpus.list" | grep -q /
}
t "corpus: every case pins one outcome per boot" pass pinned "$top/tests/qemu/make-corpus.py"
sed "s/'EBADMSG', 'EBADMSG', 'container magic wrong'/'EBADMSG', 'EBADMSG\/EKEYREJECTED', 'container magic wrong'/" \
	"$top/tests/qemu/make-corpus.py" >"$tmp/make-corpus.py"
sed -i "s|os.path.dirname(os.path.abspath(__file__)), '..', 'lib'|'$top/tests/lib'|" "$tmp/make-corpus.py"
t "corpus: a copy with an 'A/B' expectation is caught" fail pinned "$tmp/make-corpus.py"

# ---- mk/check-series.sh: the suites a patch adds are its struct kunit_suite names ----
# suites_want FILE WANT: mk/check-series.sh's suites_of (or FILE's, a copy) on the 6.12
# ML-DSA patch's export gives WANT (mldsa_kunit.c's parameter sets have a .name too)
suites_want() {
	local fn
	fn=$(sed -n '/^suites_of() {/,/^}/p' "$1")
	[[ -n $fn ]] || return 1
	eval "$fn"
	printf -- '--- a/x\n+++ b/crypto/tests/mldsa_kunit.c\n%s\n' \
		"$(sed 's/^/+/' "$top/crypto/tests/mldsa_kunit.c")" >"$tmp/mldsa.patch"
	[[ "$(suites_of "$tmp/mldsa.patch" | tr '\n' ' ')" == "$2" ]]
}
t "check-series: the suites of a new mldsa_kunit.c are 'mldsa' alone" pass \
	suites_want "$top/mk/check-series.sh" "mldsa "
sed '/struct kunit_suite \[A-Za-z0-9_\]+ = /d; s/k \&\& s \&\& /k \&\& /' "$top/mk/check-series.sh" \
	>"$tmp/check-series.sh"
t "check-series: a copy that takes any .name of a *_kunit.c for a suite is caught" fail \
	suites_want "$tmp/check-series.sh" "mldsa "

# ---- README.md's figures come from bench/results.md ----
t "README.md's figures are what bench/report.py renders from bench/results.md" pass \
	python3 "$top/bench/report.py" --readme "$top/bench/results.md" "$top/README.md" --check
sed 's/^| ours RSA-4096\/SHA-512 | +\([0-9]\)/| ours RSA-4096\/SHA-512 | +9\1/' "$top/README.md" >"$tmp/README.md"
t "a README.md with one figure edited by hand is caught" fail \
	python3 "$top/bench/report.py" --readme "$top/bench/results.md" "$tmp/README.md" --check
sed 's/^\(| pgp-ed25519-sha512 | [0-9.]* M | +\)\([0-9]\)/\17\2/' \
	"$top/bench/results.md" >"$tmp/results.md"
t "a bench/results.md from another run (one figure changed) is caught" fail \
	python3 "$top/bench/report.py" --readme "$tmp/results.md" "$top/README.md" --check

if ((n != plan)); then
	notok "the plan (1..$plan) matches the $n checks run"
fi
exit $((fail > 0))
