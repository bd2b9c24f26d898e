#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Offline verification of OpenPGP-signed kernel modules: the kernel's verdict
# and an independent one.  pgp-sign-module --verify does it all (see --help):
# the kernel's own code, compiled in, judges each module and each signature
# (the module_sig locator and container rules, the loader's check, the
# built-in keyring's rules, the OpenPGP parser and verifiers), gpgv (or
# Sequoia's sqv) checks each signature the kernel accepts, by the same key,
# and the program prints the report (or JSON) and gives the exit status.
#
# The program is $PGP_SIGN_MODULE, or else pgp-sign-module beside this
# script (Kbuild's in a kernel tree, make install-tools's when installed):
# resolved once, run once, never built here.

set -euo pipefail

prog=${0##*/}
here=$(dirname -- "$(readlink -f -- "$0")")
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
exec -a "$prog" "$tool" --verify "$@"
