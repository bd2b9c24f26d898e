#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Signs kernel modules with gpg: the user's entry to scripts/pgp-sign-module
# (the C hostprog Kbuild builds when CONFIG_MODULE_SIG_PGP is on), which
# takes the same options and does all the work: see --help.
#
# The program is, in this order: $PGP_SIGN_MODULE; pgp-sign-module beside
# this script (a kernel tree built in place); or, outside a kernel build,
# one built here by pgp-sign-module-build.sh (${HOSTCC:-cc}, libcrypto,
# liblzma when pkg-config finds it) into ${XDG_CACHE_HOME:-~/.cache}/pgp-modsign,
# once per source version.  A cache is used only when it and the program in
# it belong to the caller and nobody else may write them; without one (no
# HOME, as in a systemd unit) the program is built in a private temporary
# directory for this run.  Nothing is run from a directory another user can
# write.

set -euo pipefail

prog=${0##*/}
# (no subshells on the way to exec: this runs once per make modules_install)
self=$0
[[ -L $self ]] && self=$(readlink -f -- "$self")
here=.
[[ $self == */* ]] && here=${self%/*}
[[ $here == /* ]] || here=$PWD/$here

# private PATH: owned by the caller, not a symlink, no write for group and others
private()
{
	local mode

	[[ -O $1 && ! -L $1 ]] || return 1
	mode=$(stat -c %a -- "$1") || return 1
	((8#$mode & 8#022)) && return 1
	return 0
}

# cache_dir: REPLY = the build cache, made (0700, with any parent it makes)
# when missing; 1 when there is no safe one
cache_dir()
{
	local base d made

	if [[ -n ${XDG_CACHE_HOME:-} ]]; then
		base=$XDG_CACHE_HOME
	elif [[ -n ${HOME:-} ]]; then
		base=$HOME/.cache
	else
		return 1
	fi
	[[ $base == /* ]] || return 1
	REPLY=$base/pgp-modsign
	# the directories made here are checked like the cache itself
	made=()
	d=$REPLY
	while [[ -n $d && ! -e $d ]]; do
		made+=("$d")
		d=${d%/*}
	done
	if ((${#made[@]})); then
		(umask 077 && mkdir -p -- "$REPLY") 2> /dev/null || return 1
		for d in "${made[@]}"; do
			private "$d" || return 1
		done
	fi
	# and the directory it sits in: nobody else may rename it away
	private "$base" && private "$REPLY"
}

# build_tool: REPLY = a pgp-sign-module built from the sources beside this
# script (cached by their checksum; a stamp per source directory names it
# without reading the sources while the stamp is newer than all of them).
# TMPBUILD is set when it was built for this run only.
build_tool()
{
	local build=$here/pgp-sign-module-build.sh sum cache out tmp stamp f name='' srcs

	if ! cache_dir; then
		TMPBUILD=$(mktemp -d "${TMPDIR:-/tmp}/sign-module-build.XXXXXX") || return 1
		REPLY=$TMPBUILD/pgp-sign-module
		build_in "$REPLY" "$TMPBUILD"
		return
	fi
	cache=$REPLY
	stamp=$cache/for${here//\//%}
	mapfile -t srcs < <(bash "$build" --sources)
	if [[ -f $stamp ]] && private "$stamp" && read -r name < "$stamp" &&
	   [[ $name =~ ^pgp-sign-module-[0-9a-f]+$ && -x $cache/$name ]] &&
	   private "$cache/$name"; then
		for f in "${srcs[@]}" /usr/include/lzma.h; do
			[[ ! -e $f || $stamp -nt $f ]] || { name=; break; }
		done
		[[ -n $name ]] && { REPLY=$cache/$name; return 0; }
	fi

	sum=$({ cat -- "${srcs[@]}"; pkg-config --cflags --libs liblzma 2> /dev/null || true; } |
		sha256sum) || return 1
	out=$cache/pgp-sign-module-${sum:0:16}
	REPLY=$out
	if [[ -x $out ]] && private "$out"; then
		echo "${out##*/}" > "$stamp.$$" && mv -f -- "$stamp.$$" "$stamp" || true
		return 0
	fi
	tmp=$(mktemp "$cache/.build.XXXXXX") || return 1
	build_in "$tmp" "$cache" || { rm -f -- "$tmp"; return 1; }
	chmod 0755 -- "$tmp"
	mv -f -- "$tmp" "$out"
	echo "${out##*/}" > "$stamp.$$" && mv -f -- "$stamp.$$" "$stamp" || true
}

# build_in OUT DIR: build the program as OUT (objects and log beside it)
build_in()
{
	if ! bash "$here/pgp-sign-module-build.sh" "$1" > "$1.log" 2>&1; then
		echo "$prog: cannot build $here/pgp-sign (needs ${HOSTCC:-cc} and libcrypto, libssl-dev):" >&2
		sed 's/^/  /' "$1.log" >&2
		rm -rf -- "$1.log" "$1.o"
		return 1
	fi
	rm -rf -- "$1.log" "$1.o"
}

# beside_built: a pgp-sign-module beside this script newer than its sources
# (a kernel tree built in place)
beside_built()
{
	local f

	[[ -x $here/pgp-sign-module ]] || return 1
	for f in "$here"/pgp-sign/*.[ch]; do
		[[ $here/pgp-sign-module -nt $f ]] || return 1
	done
}

if [[ ${1:-} == --version ]]; then
	echo "$prog $(bash "$here/pgp-sign-module-build.sh" --version)"
	exit 0
fi
TMPBUILD=
if [[ ${1:-} == --print-tool && -z ${PGP_SIGN_MODULE:-} ]] && ! beside_built && ! cache_dir; then
	echo "$prog: --print-tool: no build cache (the program is built for each run)" >&2
	exit 1
fi
if [[ -n ${PGP_SIGN_MODULE:-} ]]; then
	tool=$PGP_SIGN_MODULE
elif beside_built; then
	tool=$here/pgp-sign-module
else
	build_tool || { [[ -z $TMPBUILD ]] || rm -rf -- "$TMPBUILD"; exit 1; }
	tool=$REPLY
fi
# --print-tool: the program's path, for a script that runs it for many modules
if [[ ${1:-} == --print-tool ]]; then
	if [[ -n $TMPBUILD ]]; then
		rm -rf -- "$TMPBUILD"
		echo "$prog: --print-tool: no build cache (the program is built for each run)" >&2
		exit 1
	fi
	echo "$tool"
	exit 0
fi
if [[ -z $TMPBUILD ]]; then
	exec -a "$prog" "$tool" "$@"
fi
# built for this run: run it, then remove it
rc=0
trap '' INT TERM HUP	# the tool cleans up after itself; then so does this
(exec -a "$prog" "$tool" "$@") || rc=$?
rm -rf -- "$TMPBUILD"
exit "$rc"
