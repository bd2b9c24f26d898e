# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# What make deps could not install (sourced by the tests).  mk/deps.sh records an optional
# package that apt could not install, with apt's reason, in build/deps/unavailable
# (DEPS_STATE overrides build/deps).  A result that needs such a package is a skip that
# names it and the reason; a package that is simply missing (make deps never ran, or was
# never asked for it) is no reason to skip: that result fails and says to run make deps.
#
#   deps_unavailable PKG...  when make deps recorded one of PKG as impossible to install,
#                            print "PKG could not be installed by make deps: REASON" and
#                            return 0; otherwise return 1, printing nothing
#   deps_result DESC PKG...  the TAP result of a check PKG is missing for (skip or nok)
#   deps_missing WHAT PKG... the message for a result whose package is missing: the
#                            recorded reason (return 0: skip) or "WHAT not installed: run
#                            make deps" (return 1: fail)

deps_unavailable()
{
	local f=${DEPS_STATE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/build/deps}/unavailable
	local p line

	[[ -f $f ]] || return 1
	for p in "$@"; do
		line=$(awk -F'\t' -v p="$p" '$1 == p { print $2; exit }' "$f")
		if [[ -n $line ]]; then
			echo "$p could not be installed by make deps: $line"
			return 0
		fi
	done
	return 1
}

deps_missing()
{
	local what=$1

	shift
	deps_unavailable "$@" && return 0
	echo "$what not installed: run make deps"
	return 1
}

# deps_result DESC PKG...: the TAP result (tests/lib/tap.sh's skip or nok) of a check that
# cannot run because PKG is missing: a skip with apt's reason when make deps recorded one
# of PKG, otherwise a failure saying to run make deps.
deps_result()
{
	local desc=$1 r

	shift
	if r=$(deps_unavailable "$@"); then
		skip "$desc: $r"
	else
		nok "$desc: $* not installed: run make deps"
	fi
}
