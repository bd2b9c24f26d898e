#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds certs/pgp_keyring_check for a host test as certs/Makefile builds it in a
# kernel tree: the check and the kernel's OpenPGP packet reader
# (certs/pgp_keyring_kernel.c, crypto/pgp/pgp_parser.c on scripts/pgp-shim).
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help || $# -lt 1 ]]; then
	echo "Usage: $0 OUT [CFLAGS...]   (CC: the compiler, default cc; the check itself"
	echo "       is built with -Wall -Wextra -Werror, the kernel's reader with -Wall -Werror)"
	[[ $# -ge 1 ]] && exit 0
	exit 2
fi
top=$(cd -- "$(dirname -- "$0")/../.." && pwd)
out=$1
shift
cc=${CC:-cc}
inc=(-I"$top/scripts/pgp-shim" -idirafter "$top/include")
"$cc" -O2 -Wall -Wextra -Wmissing-prototypes -Werror "${inc[@]}" "$@" -c -o "$out.o" \
	"$top/certs/pgp_keyring_check.c"
"$cc" -O2 -Wall -Wmissing-prototypes -Werror "${inc[@]}" "$@" -c -o "$out-kernel.o" \
	"$top/certs/pgp_keyring_kernel.c"
"$cc" "$@" -o "$out" "$out.o" "$out-kernel.o" -lcrypto
