# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/lib/tool.sh (sourced by the tests, the benchmarks and make demo): the
# signing program of a run.  sign-module.sh, verify-module.sh and
# sign-file-pgp.sh run only the program PGP_SIGN_MODULE names (or the one
# beside them, as Kbuild and make install-tools leave it), never one built
# on the fly or kept in a cache: a test builds it once from this tree and
# names it.
#
# sign_tool DIR: builds scripts/pgp-sign-module as DIR/pgp-sign-module (its
# objects in DIR/pgp-sign-module.o) and exports PGP_SIGN_MODULE; returns 1
# (the compiler's output on stderr) when it does not build.
sign_tool()
{
	local top out=$1/pgp-sign-module

	top=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
	mkdir -p -- "$1" || return 1
	if ! bash "$top/scripts/pgp-sign-module-build.sh" "$out" > "$out.log" 2>&1; then
		echo "scripts/pgp-sign-module does not build:" >&2
		sed 's/^/  /' "$out.log" >&2
		return 1
	fi
	rm -f -- "$out.log"
	export PGP_SIGN_MODULE=$out
}
