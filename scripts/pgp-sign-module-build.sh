#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds scripts/pgp-sign-module outside Kbuild (scripts/Makefile builds it
# the same way in a kernel build): the tool's files in scripts/pgp-sign/, the
# kernel's module_sig locator, and the kernel's OpenPGP code (the loader's
# check, the keyring rules, the parser and verifiers) compiled unchanged
# through scripts/pgp-shim.  sign-module.sh, the host tests and the fuzz
# targets build with it.

set -euo pipefail

prog=${0##*/}
here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/.." && pwd)

usage()
{
	cat <<EOF
Usage: $prog [--objects] OUT [CFLAGS...]
       $prog --sources
       $prog --version

Builds pgp-sign-module as OUT, its objects in OUT.o/, with \${HOSTCC:-cc},
libcrypto and (when pkg-config finds it) liblzma; CFLAGS are added to every
compile and to the link (-fsanitize=... for the tests).
  --objects   build only the objects (all but scripts/pgp-sign/main.o) into
              OUT.o/ and print their paths (the fuzz targets link these)
  --sources   print the source files (what a cached build depends on)
  --version   print the version of the tree these scripts belong to (a
              kernel tree's VERSION.PATCHLEVEL.SUBLEVEL, else git describe)
Exit status: 0 built, 1 the compiler failed, 2 usage error, 130 interrupted.
EOF
}

# The tool's own files, in plain C; the two that see kernel types, on the
# shim; the kernel's files the tool compiles (wrappers in
# scripts/pgp-shim/kernel choose what a kernel configuration would) and the
# stand-ins they run on.
tool_units=(main args usage util proc assuan agent sexp armor packet sign preflight module
	placeholder compress pool remote verify verify_report verify_gpgv v6 seckey seckey_sig
	seckey_gen s2k argon2)
kglue_units=(elf kernel kernel_sign mldsa_sign slhdsa_sign hashlist hashlist_make hashlist_image)
kernel_units=(pgp_parser pgp_verify keyring_parse mont dsa rsassa ed25519 ed448 shake)
shim_units=(compat shash_openssl hash_info ecdsa_openssl)

sources()
{
	local f

	printf '%s\n' "$here"/pgp-sign/{pgp-sign,kernel,verify,hashlist,pqsign}.h "$0" \
		"$top/kernel/module/signing_pgp.c" "$top/kernel/module/signing_pgp.h" \
		"$top/kernel/module/signing_pgp_elf.c" "$top/kernel/module/signing_pgp_elf.h" \
		"$top/kernel/module/hash_list_parse.c" "$top/kernel/module/hash_list.h" \
		"$top/crypto/pgp/pgp_parser.c" "$top/crypto/pgp/pgp_verify.c" \
		"$top/crypto/pgp/pgp_internal.h" "$top/security/pgp_keys/keyring_parse.c" \
		"$top"/crypto/{mont,dsa,rsassa,ed25519,ed448,shake,mldsa_verify,slhdsa}.c "$top/crypto/ed448_table.h"
	for f in "${tool_units[@]}" "${kglue_units[@]}"; do
		echo "$here/pgp-sign/$f.c"
	done
	for f in "$top"/include/crypto/{pgp,dsa,rsassa,ed25519,ed448,mont,ecdsa_raw,shake,mldsa_verify,slhdsa}.h \
		"$top/include/keys/pgp_keys.h"; do
		echo "$f"
	done
	find "$here/pgp-shim" -type f \( -name '*.c' -o -name '*.h' \) | sort
}

# version: the tree's version, one line (every script's --version prints it)
version()
{
	local v='' p='' s='' e='' k val

	if [[ -f $top/Makefile ]]; then
		while IFS='= ' read -r k val; do
			case $k in
			VERSION) v=$val ;;
			PATCHLEVEL) p=$val ;;
			SUBLEVEL) s=$val ;;
			EXTRAVERSION) e=$val ;;
			esac
		done < <(grep -E '^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION) *=' "$top/Makefile" | head -n 4)
	fi
	if [[ $v =~ ^[0-9]+$ && $p =~ ^[0-9]+$ ]]; then
		echo "$v.$p${s:+.$s}$e"
	elif v=$(git -C "$top" describe --always --dirty --tags 2> /dev/null) && [[ -n $v ]]; then
		echo "pgp-modsign $v"
	else
		echo "(version unknown)"
	fi
}

objects_only=0
case ${1:-} in
-h | --help) usage; exit 0 ;;
--sources) sources; exit 0 ;;
--version) version; exit 0 ;;
--objects) objects_only=1; shift ;;
esac
if (($# < 1)); then
	usage >&2
	exit 2
fi
out=$1
shift
extra=("$@")
cc=${HOSTCC:-cc}
obj=$out.o
rm -rf -- "$obj"
mkdir -p -- "$obj"

lzma=() lzma_libs=()
if pkg-config --exists liblzma 2> /dev/null; then
	read -r -a lzma <<< "-DPGP_SIGN_LIBLZMA $(pkg-config --cflags liblzma)"
	read -r -a lzma_libs <<< "$(pkg-config --libs liblzma)"
fi
# Kernel code: the shim's headers first, the kernel tree's (or this
# repository's) include/ after the system's, so that <linux/elf.h> and the
# like are the shim's or the C library's, <crypto/pgp.h> the tree's.
shim=(-DKCOMPAT_RUNTIME_CONFIG -DCONFIG_PGP_BUILTIN_KEYS=1 -I"$here/pgp-shim/module"
	-I"$here/pgp-shim" -idirafter "$top/include")

objs=()
# cc_one OBJ SRC FLAGS...
cc_one()
{
	local o=$obj/$1 src=$2

	shift 2
	"$cc" -O2 "$@" "${extra[@]}" -c -o "$o" "$src" || return 1
	objs+=("$o")
}

for u in "${tool_units[@]}"; do
	[[ $u == main ]] && ((objects_only)) && continue
	if [[ $u == args ]]; then
		cc_one "$u.o" "$here/pgp-sign/$u.c" "${lzma[@]}" -DPGP_SIGN_VERSION="\"$(version)\""
	else
		cc_one "$u.o" "$here/pgp-sign/$u.c" "${lzma[@]}"
	fi
done
for u in "${kglue_units[@]}"; do
	cc_one "$u.o" "$here/pgp-sign/$u.c" "${shim[@]}"
done
for u in "${kernel_units[@]}"; do
	cc_one "k-$u.o" "$here/pgp-shim/kernel/$u.c" "${shim[@]}"
done
# kernel/module/signing_pgp.c includes "internal.h" from its own directory,
# which in a kernel tree is the loader's: a copy here finds the shim's.
cp -- "$top/kernel/module/signing_pgp.c" "$obj/signing_pgp.c"
cc_one k-signing_pgp.o "$obj/signing_pgp.c" "${shim[@]}" -I"$top/kernel/module" \
	-Dmodule_pgp_sig_locate=kern_sig_locate
for u in "${shim_units[@]}"; do
	cc_one "s-$u.o" "$here/pgp-shim/$u.c" "${shim[@]}"
done
if ((objects_only)); then
	printf '%s\n' "${objs[@]}"
	exit 0
fi
# -z now: every symbol bound at start, so that no lazy binding later saves the vector
# registers (which held a secret being copied or wiped) onto the stack
"$cc" "${extra[@]}" -Wl,-z,now -o "$out" "${objs[@]}" -lcrypto "${lzma_libs[@]}"
