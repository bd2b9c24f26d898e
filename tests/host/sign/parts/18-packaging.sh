# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "packaging": what a packager runs into (kernel.c's
# kern_sign_check(), preflight.c, sign.c, pool.c, the scripts): keys the
# kernel refuses are refused before anything is signed and each signature
# again before it is written; --append idempotent per key; messages that say
# what to do; verify-module.sh --json; the summary line; exit codes and
# --version in every --help; a read-only module; an xz module's check.
# Sourced by run.sh after its setup and the policy part (its keys).

pk=$T/pkg
mkdir -p "$pk"

# --- keys the kernel refuses: refused before gpg signs anything -----------------
# (a gpg that counts its --detach-sign runs shows that nothing was signed)
cat > "$T/signcount" << EOF
#!/bin/bash
for a in "\$@"; do [[ \$a == --detach-sign ]] && echo x >> "$pk/signs"; done
exec gpg "\$@"
EOF
chmod +x "$T/signcount"
KH=$T/keys/rsa1024
homes+=("$KH")
mkdir -m 700 "$KH"
gpg --homedir "$KH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Small <small@example.org>" rsa1024 sign never > /dev/null 2>&1 || true
f=$pk/small.ko
cp -- "$base" "$f"
: > "$pk/signs"
if gpg --homedir "$KH" --batch --list-secret-keys 2> /dev/null | grep -q rsa1024; then
	want="RSA-1024 keys are below the kernel's minimum"
	expect_fail "RSA-1024 key: refused with the kernel's reason" "$f" \
		env GPG="$T/signcount" "$sign" -q --homedir "$KH" "$f"
	[[ ! -s $pk/signs ]] && ok "RSA-1024 key: refused before gpg signed anything" ||
		nok "RSA-1024 key: refused before gpg signed anything ($(wc -l < "$pk/signs") signatures)"
else
	skip "RSA-1024: gpg does not make such a key"
	skip "RSA-1024: gpg does not make such a key"
fi

# A key whose primary the kernel takes but whose newest signing subkey (the
# one gpg signs with) it refuses: the check of the signature made, before
# the module is written.
MH=$T/keys/mixed
homes+=("$MH")
mkdir -m 700 "$MH"
gpg --homedir "$MH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Mixed <mixed@example.org>" ed25519 sign,cert never > /dev/null 2>&1 || true
mfpr=$(gpg --homedir "$MH" --batch --with-colons --list-keys 2> /dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
gpg --homedir "$MH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-add-key "$mfpr" rsa1024 sign never > /dev/null 2>&1 || true
f=$pk/mixed.ko
cp -- "$base" "$f"
if [[ $(gpg --homedir "$MH" --batch --with-colons --list-keys 2> /dev/null | grep -c '^sub') == 1 ]]; then
	for way in --no-agent --agent; do
		want="RSA-1024 keys are below the kernel's minimum"
		expect_fail "a signing subkey the kernel refuses, primary accepted ($way): not written" \
			"$f" "$sign" -q "$way" --homedir "$MH" --digest sha256 "$f"
	done
	gpg --homedir "$MH" --batch --export > "$pk/mixed.pub" 2> /dev/null
	if "$sign" -q --homedir "$MH" -u "$mfpr!" "$f" 2> "$T/err" &&
	   "$verify" -q --keyring "$pk/mixed.pub" "$f"; then
		ok "the same key's primary named with FINGERPRINT!: signed, verifies"
	else
		nok "the same key's primary named with FINGERPRINT!: signed, verifies"
		sed 's/^/# /' "$T/err"
	fi
else
	skip "gpg did not add an RSA-1024 subkey"
	skip "gpg did not add an RSA-1024 subkey"
	skip "gpg did not add an RSA-1024 subkey"
fi

# --- --append: idempotent per key; --reserve says what to do -----------------------
f=$pk/append.ko
cp -- "$base" "$f"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$f"
for i in 1 2 3; do
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --append "$f"
done
"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" --append "$f"
"$sign" -q --agent --homedir "$H" -u "${fpr[untrusted]}" --append "$f"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --append "$f"
cat -- "$T/keys/ed25519.pub" "$T/keys/untrusted.pub" > "$pk/two.pub"
out=$("$verify" --keyring "$pk/two.pub" "$f" 2>&1) || true
if grep -q "good (2 of 2 " <<< "$out"; then
	ok "--append again with a key that signed: its signature replaced (2 keys, 2 signatures after 6 runs)"
else
	nok "--append again with a key that signed: its signature replaced"
	sed 's/^/# /' <<< "$out"
fi
want="sign without --append with --reserve 8192 first, then --append each other key"
expect_fail "--append --reserve of another size: says what to do" "$f" \
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --append --reserve 8192 "$f"
if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --append --reserve 2048 "$f" 2> "$T/err"; then
	ok "--append --reserve of the section's own size: signs"
else
	nok "--append --reserve of the section's own size: signs"
	sed 's/^/# /' "$T/err"
fi
f=$pk/small-room.ko
cp -- "$base" "$f"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 160 "$f"
want="has no room for another signature .*sign without --append with --reserve"
expect_fail "--append into a full module_sig: says what to do" "$f" \
	"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" --append "$f"

# --- messages that say what to do -------------------------------------------------
f=$pk/msg.ko
cp -- "$base" "$f"
want="unknown key 'nobody@nowhere.invalid': no secret key in $H (--homedir)"
expect_fail "unknown key: names the homedir searched" "$f" \
	"$sign" -q --homedir "$H" -u nobody@nowhere.invalid "$f"
want="no secret key in $T/empty-gnupg (GNUPGHOME)"
expect_fail "unknown key: names GNUPGHOME" "$f" env GNUPGHOME="$T/empty-gnupg" "$sign" -q "$f"
want="$pk/nohome/.gnupg does not exist and HOME ($pk/nohome) is missing or not writable"
expect_fail "no GnuPG home and no HOME to make one in: says so" "$f" \
	env -u GNUPGHOME HOME="$pk/nohome" "$sign" -q "$f"
# a passphrase and no way to ask for it
PH=$T/keys/passphrase
homes+=("$PH")
mkdir -m 700 "$PH"
gpg --homedir "$PH" --batch --pinentry-mode loopback --passphrase 'secret' \
	--quick-gen-key "Pass <pass@example.org>" ed25519 sign never > /dev/null 2>&1 || true
echo "pinentry-program /nonexistent/pinentry" > "$PH/gpg-agent.conf"
gpgconf --homedir "$PH" --kill gpg-agent > /dev/null 2>&1 || true
want="passphrase-file FILE"
expect_fail "a key with a passphrase and no pinentry: says to use --passphrase-file" "$f" \
	"$sign" -q --no-agent --homedir "$PH" "$f" < /dev/null
echo secret > "$pk/pass"
check "the same key with --passphrase-file: signs" "$sign" -q --homedir "$PH" --passphrase-file "$pk/pass" "$f"
cp -- "$base" "$pk/m.ko.bz2"
want=".bz2 compression is not supported (the kernel loads .ko, .ko.xz, .ko.zst and .ko.gz)"
expect_fail ".ko.bz2: compression not supported" "$pk/m.ko.bz2" \
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$pk/m.ko.bz2"
rc=0
"$sign" > "$pk/out" 2> "$pk/err" || rc=$?
if ((rc == 2)) && [[ ! -s $pk/out ]] && (($(wc -l < "$pk/err") <= 3)) &&
   grep -q "no module given" "$pk/err" && grep -q "Usage: .*MODULE" "$pk/err"; then
	ok "no module given: a short usage (exit 2)"
else
	nok "no module given: a short usage (exit $rc, $(wc -l < "$pk/err") lines)"
fi

# --- output a CI can read ---------------------------------------------------------
cp -- "$base" "$pk/s1.ko"
cp -- "$base" "$pk/s2.ko"
rc=0
"$sign" --homedir "$H" -u "${fpr[ed25519]}" "$pk/s1.ko" "$pk/m.ko.bz2" "$pk/s2.ko" \
	> "$pk/out" 2> "$pk/err" || rc=$?
last=$(tail -n 1 "$pk/out")
[[ $rc == 1 && $last == "2 signed, 1 failed" ]] && ok "sign-module.sh: last line '$last', exit 1" ||
	nok "sign-module.sh: last line 'N signed, M failed' (got '$last', exit $rc)"
cp -- "$base" "$pk/s3.ko"
"$sign" -j2 --homedir "$H" -u "${fpr[ed25519]}" "$pk/s1.ko" "$pk/s2.ko" "$pk/s3.ko" > "$pk/out" 2>&1 || true
last=$(tail -n 1 "$pk/out")
[[ $last == "3 signed, 0 failed" ]] && ok "sign-module.sh -j2: last line '$last'" ||
	nok "sign-module.sh -j2: last line (got '$last')"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$pk/s1.ko" > "$pk/out" 2>&1 || true
[[ ! -s $pk/out ]] && ok "sign-module.sh -q: no summary" || nok "sign-module.sh -q: no summary"
# verify-module.sh --json: a good, a subkey-signed, a refused and an unsigned module
cp -- "$base" "$pk/unsigned.ko"
rc=0
"$verify" --json --keyring "$T/keys/ed25519.pub" --keyring "$T/subkey.pub" -- \
	"$pk/s1.ko" "$T/m/subkey.ko" "$T/m/short-ed25519-sha224.ko" "$pk/unsigned.ko" \
	> "$pk/json" 2> "$pk/err" || rc=$?
if python3 - "$pk/json" "${fpr[ed25519]}" "$rc" << 'EOF' > "$pk/why" 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
want = ["good", "good", "bad", "unsigned"]
assert [m["verdict"] for m in d] == want, [m["verdict"] for m in d]
assert sys.argv[3] == "1", "exit " + sys.argv[3]
s = d[0]["signatures"][0]
assert s["signer"] == s["primary"] == s["issuer"] == sys.argv[2], s
assert s["verdict"] == "good" and s["kernel"] == "0" and s["reason"] is None, s
assert s["algorithm"] == "EdDSA" and s["digest"] == "SHA512" and s["key"] == "EdDSA-ed25519", s
assert s["created"].endswith("Z") and isinstance(s["created_unix"], int), s
assert len(d[0]["sha256"]) == 64 and len(d[0]["sha256_signed"]) == 64, d[0]
sub = d[1]["signatures"][0]
assert sub["signer"] != sub["primary"] and sub["issuer"] == sub["signer"], sub
bad = d[2]["signatures"][0]
assert bad["verdict"] == "bad" and bad["kernel"] == "ENOPKG", bad
assert "shorter than" in bad["reason"], bad
assert d[2]["kernel"] == "ENOPKG" and "no signature verified" in d[2]["reason"], d[2]
assert d[3]["signatures"] == [] and d[3]["kernel"] == "ENODATA" and d[3]["sha256_signed"] is None, d[3]
EOF
then
	ok "verify-module.sh --json: module, hashes, each signature's issuer, signer, algorithm, digest, time, verdict, reason"
else
	nok "verify-module.sh --json"
	sed 's/^/# /' "$pk/why" "$pk/json" "$pk/err"
fi
cp -- "$base" "$pk/we\"ird"$'\t'"name.ko"
"$verify" --json --keyring "$kr" -- "$pk/we\"ird"$'\t'"name.ko" > "$pk/json" 2> /dev/null || true
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d[0]["module"] == sys.argv[2]' \
	"$pk/json" "$pk/we\"ird"$'\t'"name.ko" 2> /dev/null &&
	ok "verify-module.sh --json: a module name with a quote and a tab" ||
	nok "verify-module.sh --json: a module name with a quote and a tab"
# exit codes and --version in every --help
for s in "$sign" "$verify" "$scripts/sign-file-pgp.sh" "$genkey" "$scripts/pgp-sign-module-build.sh"; do
	h=$("$s" --help 2>&1 || true)
	grep -qi "exit status" <<< "$h" && grep -q "130" <<< "$h" && grep -q -- "--version" <<< "$h" &&
		ok "${s##*/} --help: exit codes (130 for an interrupt) and --version" ||
		nok "${s##*/} --help: exit codes (130 for an interrupt) and --version"
done
tree=$(bash "$scripts/pgp-sign-module-build.sh" --version)
for s in "$sign" "$verify" "$scripts/sign-file-pgp.sh" "$genkey" "$scripts/pgp-sign-module-build.sh"; do
	v=$("$s" --version 2>&1 || true)
	[[ -n $tree && $v == *"$tree" && $(wc -l <<< "$v") == 1 ]] &&
		ok "${s##*/} --version: the tree's version ($v)" ||
		nok "${s##*/} --version: the tree's version (got '$v', tree '$tree')"
done
# an interrupt: exit 130, the module unchanged
big=$pk/int.ko
cp -- "$base" "$big"
cat > "$T/slowgpg" << EOF
#!/bin/bash
touch "$pk/started"
sleep 5
exec gpg "\$@"
EOF
chmod +x "$T/slowgpg"
before=$(sha256sum < "$big")
rm -f -- "$pk/started"
GPG=$T/slowgpg "$sign" -q --no-agent --homedir "$H" -u "${fpr[ed25519]}" "$big" 2> /dev/null &
ipid=$!
i=0
while ((i++ < 200)) && [[ ! -e $pk/started ]]; do
	sleep 0.1
done
kill -INT "$ipid" 2> /dev/null || true
rc=0
wait "$ipid" || rc=$?
[[ $rc == 130 && $(sha256sum < "$big") == "$before" ]] && ok "SIGINT: exit 130, module unchanged" ||
	nok "SIGINT: exit 130, module unchanged (exit $rc)"

# --- keep what a file was ---------------------------------------------------------
xz -c -- "$base" > "$pk/crc64.ko.xz"
if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$pk/crc64.ko.xz" 2> "$T/err" &&
   grep -q "note: .*crc64.ko.xz: its xz check CRC64 becomes CRC32 in the signed module" "$T/err" &&
   xz -lvv -- "$pk/crc64.ko.xz" 2> /dev/null | grep -q "CRC32"; then
	ok ".ko.xz with a CRC64 check: written with CRC32 (what the kernel verifies), a note says so"
else
	nok ".ko.xz with a CRC64 check: written with CRC32, a note says so"
	sed 's/^/# /' "$T/err"
fi
xz --check=crc32 -c -- "$base" > "$pk/crc32.ko.xz"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$pk/crc32.ko.xz" 2> "$T/err" || true
! grep -q "xz check" "$T/err" && ok ".ko.xz with a CRC32 check: no note" || nok ".ko.xz with a CRC32 check: no note"
grep -q "CRC32" <<< "$("$sign" --help)" && grep -q "hard links" <<< "$("$sign" --help)" &&
	ok "--help tells of the xz check and of hard links" || nok "--help tells of the xz check and of hard links"

# --- --attach --keyring: armoured, with gpgv -------------------------------------
f=$pk/attach.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
gpg --homedir "$H" --batch --local-user "${fpr[ed25519]}" --detach-sign -o "$f.sig" -- "$f.tbs" 2> /dev/null
if "$sign" -q --attach --keyring "$T/ed25519.asc" "$f" 2> "$T/err" && all_accept "$kr" "$f" > /dev/null; then
	ok "--attach --keyring ARMOURED (gpgv): attached, verifies"
else
	nok "--attach --keyring ARMOURED (gpgv): attached, verifies"
	sed 's/^/# /' "$T/err"
fi
