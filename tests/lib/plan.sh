# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# A fixed TAP plan for the host tests that number their results in $n (sourced).
#   plan_first N   prints "1..N" before any result, so that a TAP consumer sees a run that
#                  stops early or loses results ("fewer results than planned")
#   plan_check     after the last result: a count other than N is one more, failed, result
#                  that says so, and returns 1 (the script then exits non-zero)
# N is the number of results the script makes when everything it tests exists: a result
# that cannot be made (a tool missing, a signature gpg cannot make) is an "ok N - ... # SKIP"
# line, never a missing line.  Change N only together with the tests.

plan_first()
{
	tap_plan=$1
	echo "1..$tap_plan"
}

plan_check()
{
	if ((n == tap_plan)); then
		return 0
	fi
	echo "not ok $((n + 1)) - TAP plan: $tap_plan results planned, $n made"
	return 1
}
