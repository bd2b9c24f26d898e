#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Convert an OpenPGP public keyring (binary or ASCII-armoured, as "gpg --export"
# writes it) into the binary form embedded by certs/pgp_keyring.S.
set -eu

prog=pgp-keyring-bin.sh
usage() {
	cat <<'EOF'
Usage: pgp-keyring-bin.sh IN OUT CHECK

Input whose first byte is not an OpenPGP packet tag (bit 7 clear) is taken
as ASCII armour and decoded with "gpg --dearmor" when gpg is installed, else
by taking the base64 body of every "-----BEGIN PGP PUBLIC KEY BLOCK-----"
block (armour headers and the "=XXXX" checksum line dropped).  The result must
start with an OpenPGP packet header (bit 7 set) and pass CHECK (the host
program built from pgp_keyring_check.c): no secret key material, and nothing
the kernel would skip in a way that could hide a revocation (a malformed
packet, a revocation it cannot parse, a designated revoker, a later copy
of a certificate, a key in two certificates), or the build stops.
EOF
}
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
	usage
	exit 0
fi
if [ $# -ne 3 ]; then
	echo "usage: $prog IN OUT CHECK" >&2
	exit 2
fi
in=$1
out=$2
check=$3

if [ ! -s "$in" ]; then
	echo "$prog: $in: missing or empty OpenPGP keyring (CONFIG_MODULE_SIG_PGP_KEYS)" >&2
	exit 1
fi

tmp="$out.tmp"
trap 'rm -f "$tmp"; [ -z "${gnupg:-}" ] || rm -rf "$gnupg"' EXIT

# A binary keyring starts with a packet tag (bit 7 set); anything else is
# taken as armour.  (A binary keyring may hold the armour's first line in a
# user ID: the first byte decides, not a search.)
first=$(od -An -tu1 -N1 "$in" | tr -d ' ')
case $first in
'' | *[!0-9]*) first=0 ;;
esac
if [ "$first" -lt 128 ]; then
	if ! grep -q '^-----BEGIN PGP PUBLIC KEY BLOCK-----' "$in"; then
		echo "$prog: $in: not an OpenPGP keyring (neither a packet nor ASCII armour)" >&2
		exit 1
	fi
	if command -v gpg >/dev/null 2>&1; then
		gnupg=$(mktemp -d)
		gpg --homedir "$gnupg" --batch --quiet --no-tty --yes \
			--dearmor --output "$tmp" "$in" || {
			echo "$prog: $in: gpg --dearmor failed" >&2
			exit 1
		}
	else
		awk '
			/^-----BEGIN PGP PUBLIC KEY BLOCK-----/ { inblk = 1; hdr = 1; next }
			/^-----END PGP PUBLIC KEY BLOCK-----/ { inblk = 0; next }
			!inblk { next }
			hdr { sub(/\r$/, ""); if ($0 == "") hdr = 0; next }
			/^=/ { next }
			{ sub(/\r$/, ""); print }
		' "$in" | base64 -d >"$tmp" || {
			echo "$prog: $in: cannot decode the ASCII armour" >&2
			exit 1
		}
	fi
else
	cat "$in" >"$tmp"
fi

first=$(od -An -tu1 -N1 "$tmp" | tr -d ' ')
case $first in
'' | *[!0-9]*) first=0 ;;
esac
if [ "$first" -lt 128 ]; then
	echo "$prog: $in: not an OpenPGP keyring (no packet header at the start)" >&2
	exit 1
fi

# Refuse a keyring the kernel would not read completely, or one with secret
# key material (pgp_keyring_check.c says why, naming the packet).
"$check" "$tmp" "$in" || {
	echo "$prog: $in: refused; see the pgp_keyring_check lines above" >&2
	exit 1
}
mv -f "$tmp" "$out"
