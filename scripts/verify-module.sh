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
# sign-module.sh beside this script finds the program ($PGP_SIGN_MODULE, or
# else pgp-sign-module beside them: Kbuild's in a kernel tree, make
# install-tools's when installed) and runs it with --verify; read, not run, so
# that its messages name this script.  Nothing is built here.

set -euo pipefail
# --hash-list LIST|IMAGE [--quiet] MODULE...: is each module in the hash list of
# that kernel (CONFIG_MODULE_HASH_LIST)?  The program's --hash-list decides, with
# the kernel's list code; without it every argument goes to --verify.
mode=(--verify) args=()
while (($#)); do
	case $1 in
	--hash-list)
		(($# >= 2)) || { echo "${0##*/}: --hash-list needs a list or a kernel image" >&2; exit 2; }
		mode=(--hash-list "$2")
		shift 2
		;;
	--) args+=("$@"); break ;;
	*) args+=("$1"); shift ;;
	esac
done
. "$(dirname -- "$(readlink -f -- "$0")")/sign-module.sh" "${mode[@]}" "${args[@]}"
