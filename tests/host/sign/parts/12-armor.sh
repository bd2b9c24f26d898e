# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "armor": ASCII armour decoded by the tool (armor.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=armor runs it alone).

# --- ASCII armour: radix-64 decoded by the tool, the length known before a byte is written ---
# The review's input: padding beyond the data made the decoded length negative and the next
# write land before the buffer (glibc aborted on free; ASan did not see it inside libcrypto).
A=$T/armour
mkdir -p "$A"
printf -- '-----BEGIN PGP SIGNATURE-----\n\nQU==========\n=AAAA\n-----END PGP SIGNATURE-----\n' > "$A/pads.asc"
gpg --homedir "$T/keys/ed25519" --batch --armor --detach-sign -o "$A/good.asc" "$base" 2> /dev/null
cat -- "$A/pads.asc" "$A/good.asc" > "$A/pads-then-good.asc"
for a in pads pads-then-good; do
	rc=0
	"$sign" --dearmor "$A/$a.asc" "$A/$a.out" > /dev/null 2> "$T/err" || rc=$?
	((rc == 2)) && grep -q "not an OpenPGP keyring" "$T/err" &&
		ok "armour: $a: --dearmor refuses it (exit 2, a message)" ||
		{ nok "armour: $a: --dearmor refuses it (exit $rc)"; sed 's/^/# /' "$T/err"; }
	rc=0
	"$verify" --keyring "$A/$a.asc" -- "$good" > /dev/null 2> "$T/err" || rc=$?
	((rc == 2)) && grep -q "not an OpenPGP keyring" "$T/err" &&
		ok "armour: $a as verify-module.sh's keyring: refused (exit 2)" ||
		{ nok "armour: $a as verify-module.sh's keyring: refused (exit $rc)"; sed 's/^/# /' "$T/err"; }
	f=$T/ma/arm-$a.ko
	cp -- "$base" "$f"
	"$sign" -q --prepare "$f"
	cp -- "$A/$a.asc" "$f.sig"
	want="not an OpenPGP signature"
	expect_fail "armour: $a as a remote signature (--attach)" "$f" "$sign" -q --attach --keyring "$kr" "$f"
done
# Armour as others write it: no checksum line (RFC 9580 makes it optional), CR LF line
# ends, armour headers, two blocks in one file; a checksum that does not match is refused.
grep -v '^=' "$A/good.asc" > "$A/nocrc.asc"
sed 's/$/\r/' "$A/good.asc" > "$A/crlf.asc"
sed '0,/^$/s/^$/Comment: a header\nHash: SHA512\n/' "$A/good.asc" > "$A/headers.asc"
awk '/^=/ && !d { c = substr($0, 2, 1); $0 = "=" (c == "A" ? "B" : "A") substr($0, 3); d = 1 } 1' \
	"$A/good.asc" > "$A/badcrc.asc"
gpg --homedir "$T/keys/ed25519" --batch --dearmor < "$A/good.asc" > "$A/good.bin" 2> /dev/null
for a in nocrc crlf headers; do
	if "$sign" --dearmor "$A/$a.asc" "$A/$a.bin" 2> "$T/err" && cmp -s "$A/$a.bin" "$A/good.bin"; then
		ok "armour: $a: decoded as gpg decodes it"
	else
		nok "armour: $a: decoded as gpg decodes it"
		sed 's/^/# /' "$T/err"
	fi
done
rc=0
"$sign" --dearmor "$A/badcrc.asc" "$A/badcrc.bin" 2> /dev/null || rc=$?
((rc == 2)) && ok "armour: a checksum that does not match: refused" ||
	nok "armour: a checksum that does not match: refused (exit $rc)"
cat -- "$T/ed25519.asc" "$T/ed25519.asc" > "$A/two.asc"
if "$sign" --dearmor "$A/two.asc" "$A/two.bin" 2> /dev/null &&
   [[ $(stat -c %s "$A/two.bin") == $((2 * $(stat -c %s "$T/keys/ed25519.pub"))) ]]; then
	ok "armour: two blocks in one file: both decoded"
else
	nok "armour: two blocks in one file: both decoded"
fi

# --- --dearmor OUT: a new file renamed into place, 0600 for a secret key (issue 33, T6) ----
# The review: OUT was opened with O_TRUNC, through a symlink planted there, and kept the mode
# of a file already there (a decoded secret key ended up 0644).
rm -f -- "$A/dk.key" "$A/dk.pub"
"$sign" --gen-key ed25519-v6 "Dearmor <d@example.org>" "$A/dk.key" "$A/dk.pub" > /dev/null
gpg --enarmor < "$A/dk.key" 2> /dev/null | sed 's/ARMORED FILE/PRIVATE KEY BLOCK/' > "$A/dk.asc"
echo "not to be touched" > "$A/victim"
ln -sfn "$A/victim" "$A/dk-link.bin"
rc=0
(umask 000 && "$sign" --dearmor "$A/dk.asc" "$A/dk-link.bin") 2> "$T/err" || rc=$?
((rc == 0)) && [[ $(cat "$A/victim") == "not to be touched" && -f $A/dk-link.bin && ! -L $A/dk-link.bin ]] &&
	cmp -s "$A/dk-link.bin" "$A/dk.key" && [[ $(stat -c %a "$A/dk-link.bin") == 600 ]] &&
	ok "--dearmor of a secret key to a planted symlink: replaced, not followed; the key 0600 (umask 000)" ||
	{ nok "--dearmor of a secret key to a planted symlink: replaced, not followed, 0600 (rc $rc, $(stat -c %a "$A/dk-link.bin"))"; sed 's/^/# /' "$T/err"; }
install -m 0644 /dev/null "$A/dk-old.bin"
"$sign" --dearmor "$A/dk.asc" "$A/dk-old.bin" &&
	[[ $(stat -c %a "$A/dk-old.bin") == 600 ]] && cmp -s "$A/dk-old.bin" "$A/dk.key" &&
	ok "--dearmor of a secret key over a 0644 file: the key 0600" ||
	nok "--dearmor of a secret key over a 0644 file: the key 0600 (got $(stat -c %a "$A/dk-old.bin"))"
(umask 022 && "$sign" --dearmor "$T/ed25519.asc" "$A/pub.bin") &&
	[[ $(stat -c %a "$A/pub.bin") == 644 ]] &&
	ok "--dearmor of a public keyring: 0644 less the umask" ||
	nok "--dearmor of a public keyring: 0644 less the umask (got $(stat -c %a "$A/pub.bin"))"
