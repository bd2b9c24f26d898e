# shellcheck shell=bash disable=SC2034 # sets the variables its callers use
# SPDX-License-Identifier: GPL-2.0
# Sourced by the guest case scripts (tests/qemu/make-cases.sh and cases-*.sh) after they
# define prog and usage(): one copy of their arguments and of how a case line is written.
#
#   cases_args [--keys] "$@"   OBJDIR MODULE OUTDIR (-h/--help: usage, exit 0; another
#                              count: usage, exit 2); sets obj, module, out, top, mods,
#                              list (OUTDIR/cases.list) and pol (OUTDIR/cases-pqonly.list),
#                              and requires OUTDIR's cases.list and mods/ (make-cases.sh
#                              made them); --keys also sets keys from KEYS_DIR
#   case_line EXPECT_PERMISSIVE EXPECT_ENFORCE FILE SIGNER DESCRIPTION
#                              appends a case of /mods/FILE to cases.list (the boots
#                              without the post-quantum-only policy)
#   pol_line  (the same)       appends it to cases-pqonly.list (the boots with it)
#   flip_byte FILE OFFSET [MASK]  xors one byte of FILE (MASK 1 by default)

cases_args() {
	local want_keys=0
	[[ ${1:-} == --keys ]] && { want_keys=1; shift; }
	[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
	[[ $# -eq 3 ]] || { usage >&2; exit 2; }
	obj=$(cd "$1" && pwd) module=$2 out=$(cd "$3" && pwd)
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	list=$out/cases.list pol=$out/cases-pqonly.list mods=$out/mods
	[[ -f $list && -d $mods ]] || { echo "$prog: $out: no cases.list or mods/" >&2; exit 1; }
	if ((want_keys)); then
		keys=${KEYS_DIR:?KEYS_DIR must name the tests/qemu/make-keys.sh output}
	fi
}

case_line() {
	printf '%s|%s|/mods/%s|pgptest|%s|%s\n' "$1" "$2" "$3" "$4" "$5" >>"$list"
}

pol_line() {
	printf '%s|%s|/mods/%s|pgptest|%s|%s\n' "$1" "$2" "$3" "$4" "$5" >>"$pol"
}

flip_byte() {
	local file=$1 off=$2 mask=${3:-1} b
	b=$(od -An -tu1 -j "$off" -N1 "$file" | tr -d ' ')
	printf "$(printf '\\%03o' $(((b ^ mask) & 255)))" |
		dd of="$file" bs=1 seek="$off" conv=notrunc status=none
}
