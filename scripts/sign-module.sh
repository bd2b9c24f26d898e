#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Signs kernel modules with gpg: the user's entry to scripts/pgp-sign-module
# (the C hostprog Kbuild builds when CONFIG_MODULE_SIG_PGP is on), which
# takes the same options and does all the work: see --help.
#
# The program is $PGP_SIGN_MODULE, or else pgp-sign-module beside this
# script: the one Kbuild built in a kernel tree, or the one make
# install-tools installed.  Its path is resolved once and run once; nothing
# is compiled here or taken from a cache.  Without it, this says how to
# build it.

set -euo pipefail

prog=${0##*/}
# (no subshells on the way to exec: this runs once per make modules_install)
self=$0
[[ -L $self ]] && self=$(readlink -f -- "$self")
here=.
[[ $self == */* ]] && here=${self%/*}
[[ $here == /* ]] || here=$PWD/$here

tool=${PGP_SIGN_MODULE:-$here/pgp-sign-module}
[[ $tool == /* ]] || tool=$PWD/$tool
if [[ ! -f $tool || ! -x $tool ]]; then
	if [[ -n ${PGP_SIGN_MODULE:-} ]]; then
		echo "$prog: PGP_SIGN_MODULE=$PGP_SIGN_MODULE is not an executable program" >&2
	elif [[ -f $here/pgp-sign-module-build.sh ]]; then
		echo "$prog: no pgp-sign-module beside this script, and PGP_SIGN_MODULE" \
			"names none: build it (a kernel build with CONFIG_MODULE_SIG_PGP=y" \
			"does; or \"$here/pgp-sign-module-build.sh" \
			"$here/pgp-sign-module\", or make install-tools), or name it in" \
			"PGP_SIGN_MODULE" >&2
	else
		echo "$prog: no pgp-sign-module beside this script ($here), and" \
			"PGP_SIGN_MODULE names none: install it again (make" \
			"install-tools), or name it in PGP_SIGN_MODULE" >&2
	fi
	exit 2
fi
# --print-tool: the program's path, for a script that runs it for many modules
if [[ ${1:-} == --print-tool ]]; then
	echo "$tool"
	exit 0
fi
exec -a "$prog" "$tool" "$@"
