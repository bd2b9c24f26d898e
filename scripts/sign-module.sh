#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Signs kernel modules with gpg: the user's entry to scripts/pgp-sign-module
# (the C hostprog Kbuild builds when CONFIG_MODULE_SIG_PGP is on), which
# takes the same options and does all the work: see --help.
#
# The program is, in this order: $PGP_SIGN_MODULE; pgp-sign-module beside
# this script (a kernel tree built in place); or, outside a kernel build,
# one compiled here from pgp-sign-module.c with ${HOSTCC:-cc} and libcrypto
# (and liblzma when pkg-config finds it) into
# ${XDG_CACHE_HOME:-~/.cache}/pgp-modsign (once per source version).

set -euo pipefail

prog=${0##*/}
# (no subshells on the way to exec: this runs once per make modules_install)
self=$0
[[ -L $self ]] && self=$(readlink -f -- "$self")
here=.
[[ $self == */* ]] && here=${self%/*}
[[ $here == /* ]] || here=$PWD/$here

# build_tool: REPLY = a pgp-sign-module built from the sources beside this
# script (cached by their checksum; a stamp per source directory names it
# without reading the sources while the stamp is newer than all of them)
build_tool()
{
	local srcs=("$here/pgp-sign-module.c" "$here/pgp-sign-module.h" "$here/pgp-sign-module-elf.c"
		    "$here/../kernel/module/signing_pgp_elf.c" "$here/../kernel/module/signing_pgp_elf.h"
		    "$here"/pgp-shim/*/*.h)
	local sum cache out tmp cc=${HOSTCC:-cc} lzma=() stamp f name=

	cache=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/pgp-modsign
	stamp=$cache/for${here//\//%}
	if [[ -f $stamp ]] && read -r name < "$stamp" && [[ -x $cache/$name ]]; then
		for f in "${srcs[@]}" /usr/include/lzma.h; do
			[[ ! -e $f || $stamp -nt $f ]] || { name=; break; }
		done
		[[ -n $name ]] && { REPLY=$cache/$name; return 0; }
	fi

	# .ko.xz in the process with liblzma when it is installed (else xz runs)
	if pkg-config --exists liblzma 2> /dev/null; then
		lzma=(-DPGP_SIGN_LIBLZMA $(pkg-config --cflags --libs liblzma))
	fi
	sum=$({ cat -- "${srcs[@]}"; echo "${lzma[*]}"; } | sha256sum) || return 1
	out=$cache/pgp-sign-module-${sum:0:16}
	REPLY=$out
	if [[ -x $out ]]; then
		echo "${out##*/}" > "$stamp.$$" && mv -f -- "$stamp.$$" "$stamp" || true
		return 0
	fi
	mkdir -p -- "$cache" || return 1
	tmp=$(mktemp "$cache/.build.XXXXXX") || return 1
	# two translation units: the kernel's locator with the shim headers only
	if ! { "$cc" -O2 -c -o "$tmp.elf.o" -I"$here/pgp-shim" "$here/pgp-sign-module-elf.c" &&
	       "$cc" -O2 -o "$tmp" "$here/pgp-sign-module.c" "$tmp.elf.o" -lcrypto "${lzma[@]}"; } > "$tmp.log" 2>&1; then
		echo "$prog: cannot build $here/pgp-sign-module.c (needs $cc and libcrypto, libssl-dev):" >&2
		sed 's/^/  /' "$tmp.log" >&2
		rm -f -- "$tmp" "$tmp.elf.o" "$tmp.log"
		return 1
	fi
	rm -f -- "$tmp.elf.o" "$tmp.log"
	mv -f -- "$tmp" "$out"
	echo "${out##*/}" > "$stamp.$$" && mv -f -- "$stamp.$$" "$stamp" || true
}

if [[ -n ${PGP_SIGN_MODULE:-} ]]; then
	tool=$PGP_SIGN_MODULE
elif [[ -x $here/pgp-sign-module && $here/pgp-sign-module -nt $here/pgp-sign-module.c ]]; then
	tool=$here/pgp-sign-module
else
	build_tool || exit 1
	tool=$REPLY
fi
exec -a "$prog" "$tool" "$@"
