# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "cache": sign-module.sh's build cache: nothing run from a directory another user can write.
# Sourced by run.sh after its setup (SIGN_TEST_PART=cache runs it alone).

# --- the build cache: nothing run from a directory another user can write ---------------
# The review: with HOME and XDG_CACHE_HOME unset (a systemd unit), the cache fell back to
# /tmp/.cache, where any user could plant a stamp and a program run as root.
stampname=for${scripts//\//%}
plant()	# plant DIR: a stamp naming a program that leaves $T/planted-ran
{
	mkdir -p "$1"
	printf '#!/bin/sh\ntouch %q\n' "$T/planted-ran" > "$1/pgp-sign-module-0123456789abcdef"
	chmod 0777 "$1/pgp-sign-module-0123456789abcdef"
	echo pgp-sign-module-0123456789abcdef > "$1/$stampname"
	touch -d '+1 day' "$1/$stampname"
}
C=$T/cache
rm -f -- "$T/planted-ran"
mkdir -p "$C/open"
chmod 0777 "$C/open"
plant "$C/open/pgp-modsign"
chmod 0777 "$C/open/pgp-modsign"
out=$(env -u PGP_SIGN_MODULE XDG_CACHE_HOME="$C/open" "$sign" --help 2>&1 | head -n 1) || true
if [[ ! -e $T/planted-ran && $out == Usage:* ]]; then
	ok "cache in a directory others may write: the planted program is not run"
else
	nok "cache in a directory others may write: the planted program is not run"
fi
mkdir -p "$C/mine"
chmod 0700 "$C/mine"
plant "$C/mine/pgp-modsign"
chmod 0700 "$C/mine/pgp-modsign"
out=$(env -u PGP_SIGN_MODULE XDG_CACHE_HOME="$C/mine" "$sign" --help 2>&1 | head -n 1) || true
if [[ ! -e $T/planted-ran && $out == Usage:* ]]; then
	ok "cache of the caller, but a program in it others may write: not run (built anew)"
else
	nok "cache of the caller, but a program in it others may write: not run"
fi
before=$(find "$T/tmp" -mindepth 1 -maxdepth 1 | wc -l)
out=$(env -u PGP_SIGN_MODULE -u HOME -u XDG_CACHE_HOME TMPDIR="$T/tmp" "$sign" --help 2>&1 | head -n 1) || true
after=$(find "$T/tmp" -mindepth 1 -maxdepth 1 | wc -l)
if [[ $out == Usage:* ]] && ((before == after)) && [[ ! -e $T/planted-ran ]]; then
	ok "no HOME, no XDG_CACHE_HOME: built in a private directory for the run, then removed"
else
	nok "no HOME, no XDG_CACHE_HOME: built in a private directory (got '$out', $before -> $after entries)"
fi
