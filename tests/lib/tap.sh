# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# TAP output for the shell tests (sourced): ok, nok and skip number the
# results and count failures in $failed; check DESC CMD... passes when CMD
# succeeds and shows the first lines of its output when it fails (in
# $T/check.out when the test has a scratch directory $T).

n=0 failed=0
ok()
{
	n=$((n + 1))
	echo "ok $n - $*"
}
nok()
{
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $*"
}
skip()
{
	n=$((n + 1))
	echo "ok $n - $* # SKIP"
}
check()
{
	local desc=$1 out

	shift
	out=${T:+$T/}check.out
	[[ -n ${T:-} ]] || out=$(mktemp)
	if "$@" > "$out" 2>&1; then
		ok "$desc"
	else
		nok "$desc"
		sed 's/^/# /' "$out" | head -n 20
	fi
	[[ -n ${T:-} ]] || rm -f -- "$out"
}
