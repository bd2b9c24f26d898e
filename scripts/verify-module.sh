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
. "$(dirname -- "$(readlink -f -- "$0")")/sign-module.sh" --verify "$@"
