#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Convert an OpenPGP public keyring (binary or ASCII-armoured, as "gpg --export"
# writes it) into the binary form embedded by security/pgp_keys/keys.S.
#
# Usage: keyring-bin.sh IN OUT
#
# Armoured input is decoded with "gpg --dearmor" when gpg is installed, else by
# taking the base64 body of every "-----BEGIN PGP PUBLIC KEY BLOCK-----" block
# (armour headers and the "=XXXX" checksum line dropped).  The result must
# start with an OpenPGP packet header (bit 7 set) and hold no secret key or
# secret subkey packet, or the build stops.
set -eu

prog=keyring-bin.sh
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
	sed -n '4,13p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi
if [ $# -ne 2 ]; then
	echo "usage: $prog IN OUT" >&2
	exit 2
fi
in=$1
out=$2

if [ ! -s "$in" ]; then
	echo "$prog: $in: missing or empty OpenPGP keyring (CONFIG_MODULE_SIG_PGP_KEYS)" >&2
	exit 1
fi

tmp="$out.tmp"
trap 'rm -f "$tmp" "$tmp.walk"; [ -z "${gnupg:-}" ] || rm -rf "$gnupg"' EXIT

if grep -q '^-----BEGIN PGP PUBLIC KEY BLOCK-----' "$in"; then
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
if [ -z "$first" ] || [ "$first" -lt 128 ]; then
	echo "$prog: $in: not an OpenPGP keyring (no packet header at the start)" >&2
	exit 1
fi

# Walk the packet headers: secret key material must never be built into the
# kernel image; a malformed tail only earns a warning (the kernel skips it).
rc=0
od -An -v -tu1 "$tmp" | awk '
	{ for (i = 1; i <= NF; i++) b[n++] = $i + 0 }
	END {
		p = 0
		while (p < n) {
			c = b[p]
			if (c < 128) { print p; exit 2 }
			if (c >= 192) {
				tag = c - 192
				o = b[p + 1]
				if (p + 1 >= n) { print p; exit 2 }
				if (o < 192) { hl = 2; len = o }
				else if (o < 224) { hl = 3; len = (o - 192) * 256 + b[p + 2] + 192 }
				else if (o == 255) {
					hl = 6
					len = (b[p + 2] * 256 + b[p + 3]) * 65536
					len += b[p + 4] * 256 + b[p + 5]
				} else { print p; exit 2 }
			} else {
				tag = int((c - 128) / 4)
				lt = (c - 128) % 4
				if (lt == 3) { print p; exit 2 }
				hl = 1 + (lt == 0 ? 1 : lt == 1 ? 2 : 4)
				len = 0
				for (j = 1; j < hl; j++) len = len * 256 + b[p + j]
			}
			if (tag == 5 || tag == 7) { print tag; exit 3 }
			if (p + hl + len > n) { print p; exit 2 }
			p += hl + len
		}
	}' >"$tmp.walk" || rc=$?
case $rc in
0) ;;
3)
	echo "$prog: $in: contains secret key material (packet tag $(cat "$tmp.walk"));" \
		"build the kernel with \"gpg --export\" output, never \"--export-secret-keys\"" >&2
	rm -f "$tmp.walk"
	exit 1 ;;
*)
	echo "$prog: warning: $in: malformed OpenPGP packet at offset $(cat "$tmp.walk");" \
		"the kernel will ignore the rest" >&2 ;;
esac
rm -f "$tmp.walk"
mv -f "$tmp" "$out"
