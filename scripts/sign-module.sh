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
	# --help and --version work without the program: the help text is the
	# program's own, read from its source beside this script (a tree that has
	# not built it); the version is the tree's
	# c_text FILE ARRAY: the C string ARRAY of FILE, as the program prints it
	c_text() {
		[[ -f $1 ]] && awk -v name="$2" '
			index($0, "static const char " name "[] =") == 1 { on = 1; next }
			on {
				line = $0
				sub(/^[ \t]*"/, "", line)
				end = line ~ /";[ \t]*$/
				sub(/"[ \t]*;?[ \t]*$/, "", line)
				out = out line
				if (end)
					on = 0
			}
			END {
				gsub(/\\n/, "\n", out)
				gsub(/\\"/, "\"", out)
				printf "%s", out
			}' "$1"
	}
	build=("$here/pgp-sign-module-build.sh" "$here/pgp-sign-module")
	for a in "$@"; do
		case $a in
		-h | --help)
			text=$(c_text "$here/pgp-sign/usage.c" usage_text)
			[[ " $* " == *" --verify "* || " $* " == *" --hash-list "* ]] &&
				text=$(c_text "$here/pgp-sign/usage.c" verify_usage_text)
			[[ " $* " == *" --verify "* || " $* " == *" --hash-list "* ]] ||
				text+=$'\n'$(c_text "$here/pgp-sign/hashlist.c" hl_usage_text)
			if [[ -n $text ]]; then
				printf '%s\n' "${text//%s/$prog}"
			else
				echo "Usage: $prog [options] MODULE..."
				echo "(the options: $prog --help, once pgp-sign-module is built)"
			fi
			if [[ -f ${build[0]} ]]; then
				printf '(pgp-sign-module, which %s runs, is not built here:' "$prog"
				printf ' "%s" builds it)\n' "${build[*]}"
			fi
			exit 0
			;;
		--version)
			v="(version unknown)"
			[[ -f ${build[0]} ]] && v=$(bash "${build[0]}" --version)
			echo "$prog $v"
			exit 0
			;;
		--) break ;;
		esac
	done
	if [[ -n ${PGP_SIGN_MODULE:-} ]]; then
		echo "$prog: PGP_SIGN_MODULE=$PGP_SIGN_MODULE is not an executable program" >&2
	elif [[ -f ${build[0]} ]]; then
		echo "$prog: pgp-sign-module is not built here: \"${build[*]}\" builds it" \
			"(or name the program in PGP_SIGN_MODULE)" >&2
	else
		echo "$prog: no pgp-sign-module beside this script ($here): \"make" \
			"install-tools\" installs it again (or name the program in" \
			"PGP_SIGN_MODULE)" >&2
	fi
	exit 2
fi
# --print-tool: the program's path, for a script that runs it for many modules
if [[ ${1:-} == --print-tool ]]; then
	echo "$tool"
	exit 0
fi
exec -a "$prog" "$tool" "$@"
