# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "secrets": no copy of a secret stays in the tool's memory once it is
# done with it, and core dumps are off while it holds one (issue 33, T3 and T4).  The
# probe memscan.c (LD_PRELOAD) logs every secret the tool hands to the C library and
# libcrypto (getrandom()'s seeds and ML-DSA's rnd, Ed25519 seeds, cipher keys, HKDF's input
# and output) with the process's dumpable flag and core limit at that moment, and stops
# the process after main() returned; memscan.py then searches its heap, stack and data
# (/proc/PID/mem) for every 16 octets of each secret.  Also: the objects of the S2K code
# carry a wipe the compiler keeps (the review found none at all in s2k.o).
# Sourced by run.sh after its setup (SIGN_TEST_PART=secrets runs it alone).

S=$T/secrets
mkdir -p "$S"
ojs=$here/openpgpjs.mjs
if ! gcc -O2 -Wall -shared -fPIC -Wl,-z,now -o "$S/memscan.so" "$here/memscan.c" -ldl -lcrypto \
	2> "$T/err"; then
	nok "secrets: the probe memscan.c does not build"
	sed 's/^/# /' "$T/err"
else
# scan DESC ARGS... -- CMD...: memscan.py's verdict on CMD, core dumps allowed beforehand (so
# that the tool has to turn them off itself)
scan()
{
	local desc=$1

	shift
	if (ulimit -S -c unlimited 2> /dev/null; python3 "$here/memscan.py" "$S/memscan.so" "$S/log" "$@") \
		> "$S/out" 2>&1; then
		ok "secrets: $desc ($(tail -n 1 "$S/out"))"
	else
		nok "secrets: $desc"
		sed 's/^/# /' "$S/out" | tail -n 12
	fi
}
# A v6 ML-DSA-65+Ed25519 key made by the tool: its 64 secret octets come from getrandom(),
# the buffer holding its secret key packet grows while it is built (the review's freed heap)
rm -f -- "$S/g.key" "$S/g.pub"
scan "--gen-key mldsa65-ed25519: no secret left in memory, core dumps off while held" \
	--public "$S/g.pub" -- "$PGP_SIGN_MODULE" --gen-key mldsa65-ed25519 "S <s@example.org>" \
	"$S/g.key" "$S/g.pub"
# that key's ML-DSA-65 seed: the last 32 octets of its secret key packet
mseed=$(python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
n = d[1] if d[1] < 192 else ((d[1] - 192) << 8) + d[2] + 192
h = 2 if d[1] < 192 else 3
print(d[h:h + n][-32:].hex())' "$S/g.key" 2> /dev/null) || mseed=
cp -- "$base" "$S/m.ko"
# signing with it: the seeds, and ML-DSA's rnd (the salt is public: it is in the module)
scan "--secret-key (ML-DSA-65+Ed25519): the seeds and rnd gone after signing, core dumps off" \
	--public "$S/m.ko" --secret "$mseed:ML-DSA-seed" -- \
	"$PGP_SIGN_MODULE" -q --secret-key "$S/g.key" "$S/m.ko"
# the same key armoured, decoded with --dearmor
gpg --enarmor < "$S/g.key" 2> /dev/null | sed 's/ARMORED FILE/PRIVATE KEY BLOCK/' > "$S/g.asc"
rm -f -- "$S/g.bin"
scan "--dearmor of an armoured secret key: no copy left" --secret "$mseed:ML-DSA-seed" -- \
	"$PGP_SIGN_MODULE" --dearmor "$S/g.asc" "$S/g.bin"
# passphrase-protected keys (OpenPGP.js): the S2K key, the KEK, the decrypted seed, the
# passphrase
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if node_env --check 2> /dev/null; then
	printf 'module signing pass\n' > "$S/pass"
	for how in cfb gcm argon2; do
		node "$ojs" keygen "$S/p-$how.pub" "$S/p-$how.sec" --protect "$how" "module signing pass"
		cp -- "$base" "$S/p.ko"
		scan "--secret-key protected ($how): S2K key, KEK, seed and passphrase gone, core dumps off" \
			--public "$S/p.ko" --secret "$(printf 'module signing pass' | od -An -tx1 | tr -d ' \n'):passphrase" \
			-- "$PGP_SIGN_MODULE" -q --secret-key "$S/p-$how.sec" --passphrase-file "$S/pass" "$S/p.ko"
	done
else
	skip "secrets: passphrase-protected keys: node or build/node missing (mk/node-deps.sh)"
fi
fi
# The S2K code's objects: a wipe the compiler keeps (explicit_bzero); gcc -O2 dropped the
# memset() before return of the S2K key, the KEK and the S2K digest
s2k_wipes()
{
	local o=${PGP_SIGN_MODULE}.o u

	for u in s2k seckey; do
		[[ -f $o/$u.o ]] || { echo "no $o/$u.o"; return 1; }
		nm -u -- "$o/$u.o" | grep -qw explicit_bzero || { echo "$u.o: no explicit_bzero"; return 1; }
	done
}
check "secrets: s2k.o and seckey.o wipe with explicit_bzero (kept by the compiler)" s2k_wipes
