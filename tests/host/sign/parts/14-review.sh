# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "review": the security review: what the tool writes must verify, what it reads is bounded; its nits.
# Sourced by run.sh after its setup (SIGN_TEST_PART=review runs it alone).

# --- the review: what the tool writes must verify; what it reads is bounded -------------
# A gpg-agent whose signatures are wrong (a faulty agent or card): nothing is written.
cat > "$T/badagent" <<'EOF'
#!/bin/bash
# gpg-agent whose PKSIGN answers carry an EdDSA s one byte off
gpg-agent "$@" | LC_ALL=C sed -u -e 's/(1:s32:\(%[0-9A-F][0-9A-F]\|[^Z%]\)/(1:s32:Z/;t' -e 's/(1:s32:Z/(1:s32:Y/'
EOF
chmod +x "$T/badagent"
cp -- "$base" "$T/ma/bad1.ko"
cp -- "$base" "$T/ma/bad2.ko"
rc=0
env GPG_AGENT="$T/badagent" PGP_MODSIGN_AGENT=private "$sign" -q --homedir "$H" \
	-u "${fpr[ed25519]}" "$T/ma/bad1.ko" "$T/ma/bad2.ko" 2> "$T/err" || rc=$?
if ((rc == 1)) && cmp -s "$base" "$T/ma/bad1.ko" && cmp -s "$base" "$T/ma/bad2.ko" &&
   (($(grep -c "the kernel would refuse this signature by key ${fpr[ed25519]} (EKEYREJECTED, bad-signature); not written" "$T/err") == 2)); then
	ok "a faulty gpg-agent: each signature is checked, none written, modules byte-identical"
else
	nok "a faulty gpg-agent: each signature is checked, none written (rc $rc)"
	sed 's/^/# /' "$T/err"
fi

# Decompression bombs: refused at the first bytes that are not ELF, or beyond the largest
# module (PGP_SIGN_MODULE_MAX_SIZE lowers INT_MAX here), in little memory (ulimit -v).
B=$T/bomb
mkdir -p "$B"
head -c 256M /dev/zero | zstd -q -c > "$B/zeros.ko.zst"
head -c 256M /dev/zero | gzip -1 -c > "$B/zeros.ko.gz"
head -c 256M /dev/zero | xz -0 -c > "$B/zeros.ko.xz"
{ printf '\177ELF'; head -c 256M /dev/zero; } | zstd -q -c > "$B/elf.ko.zst"
{ printf '\177ELF'; head -c 256M /dev/zero; } | xz -0 -c > "$B/elf.ko.xz"
for c in "zeros.ko.zst|not an ELF|" "zeros.ko.gz|not an ELF|" "zeros.ko.xz|not an ELF|" \
	 "zeros.ko.xz|not an ELF|PGP_SIGN_MODULE_XZ=1" "elf.ko.zst|larger than the largest|" \
	 "elf.ko.xz|larger than the largest|" "elf.ko.xz|larger than the largest|PGP_SIGN_MODULE_XZ=1"; do
	IFS='|' read -r f want xzenv <<< "$c"
	rc=0
	out=$(ulimit -v 400000; env ${xzenv:+"$xzenv"} PGP_SIGN_MODULE_MAX_SIZE=$((16 << 20)) \
		"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$B/$f" 2>&1) || rc=$?
	if ((rc == 1)) && grep -q "^sign-module.sh: $B/$f: decompressed (.*): $want" <<< "$out"; then
		ok "bomb $f${xzenv:+ ($xzenv)}: refused ($want), in under 400 MB"
	else
		nok "bomb $f${xzenv:+ ($xzenv)}: refused ($want), rc $rc"
		sed -n '1,3s/^/# /p' <<< "$out"
	fi
done
rc=0
out=$(ulimit -v 400000; "$verify" --keyring "$kr" -- "$B/zeros.ko.zst" 2>&1) || rc=$?
((rc == 1)) && grep -q "not an ELF" <<< "$out" && ok "bomb: verify-module.sh refuses it too" ||
	{ nok "bomb: verify-module.sh refuses it too (rc $rc)"; sed -n '1,3s/^/# /p' <<< "$out"; }

# MODULE.tbs is written through a new file renamed into place: a symlink there is replaced,
# never followed; a full disk leaves neither it nor a temporary file.
echo precious > "$T/victim"
cp -- "$base" "$T/ma/tbs.ko"
ln -sf -- "$T/victim" "$T/ma/tbs.ko.tbs"
if "$sign" -q --prepare "$T/ma/tbs.ko" 2> "$T/err" && [[ $(cat "$T/victim") == precious ]] &&
   [[ ! -L $T/ma/tbs.ko.tbs ]] && cmp -s "$T/ma/tbs.ko" "$T/ma/tbs.ko.tbs"; then
	ok "--prepare: a symlink at MODULE.tbs is replaced, its target untouched"
else
	nok "--prepare: a symlink at MODULE.tbs is replaced, its target untouched"
	sed 's/^/# /' "$T/err"
fi
mkdir -p "$T/full2"
if mount -t tmpfs -o size=64k tmpfs "$T/full2" 2> /dev/null; then
	cp -- "$base" "$T/full2/m.ko"
	dd if=/dev/zero of="$T/full2/filler" bs=1k count=1000 status=none 2> /dev/null || true
	want="cannot write"
	expect_fail "--prepare on a full disk" "$T/full2/m.ko" "$sign" -q --prepare "$T/full2/m.ko"
	if [[ ! -e $T/full2/m.ko.tbs ]] && ! ls -A "$T/full2" | grep -q '^\.'; then
		ok "--prepare on a full disk: no MODULE.tbs, no temporary file"
	else
		nok "--prepare on a full disk: no MODULE.tbs, no temporary file"
	fi
	umount "$T/full2"
else
	skip "--prepare on a full disk: cannot mount a tmpfs"
	skip "--prepare on a full disk: cannot mount a tmpfs"
fi

# --- the review's nits -------------------------------------------------------------------
# A module whose name starts with a dash.
cp -- "$good" "$T/m/-dash.ko"
rc=0
(cd "$T/m" && "$verify" -q --keyring "$kr" -- -dash.ko) > "$T/out" 2>&1 || rc=$?
((rc == 0)) && ok "verify-module.sh -- -dash.ko: a name that looks like an option" ||
	{ nok "verify-module.sh -- -dash.ko (rc $rc)"; sed 's/^/# /' "$T/out"; }
rm -f -- "$T/m/-dash.ko"
# Extended attributes kept; a hard link keeps the old file, and a note says so.
cp -- "$base" "$T/m/xattr.ko"
if python3 -c 'import os, sys; os.setxattr(sys.argv[1], "user.pgp_modsign_test", b"kept")' \
	"$T/m/xattr.ko" 2> /dev/null; then
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/xattr.ko"
	if [[ $(python3 -c 'import os, sys; print(os.getxattr(sys.argv[1], "user.pgp_modsign_test").decode())' \
		"$T/m/xattr.ko" 2> /dev/null) == kept ]] && "$verify" -q --keyring "$kr" "$T/m/xattr.ko"; then
		ok "extended attributes kept on the signed module"
	else
		nok "extended attributes kept on the signed module"
	fi
else
	skip "extended attributes: the file system of \$TMPDIR has no user.* attributes"
fi
cp -- "$base" "$T/ma/link1.ko"
ln -f -- "$T/ma/link1.ko" "$T/ma/link2.ko"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/link1.ko" 2> "$T/err" || true
if grep -q "note: the file had 2 hard links; only this name has the signed module" "$T/err" &&
   cmp -s "$base" "$T/ma/link2.ko" && "$verify" -q --keyring "$kr" "$T/ma/link1.ko"; then
	ok "a module with two hard links: this name signed, the other unchanged, a note"
else
	nok "a module with two hard links: this name signed, the other unchanged, a note"
	sed 's/^/# /' "$T/err"
fi
# The copy is synced before it is renamed over the module.
cp -- "$base" "$T/ma/sync.ko"
if ! command -v strace > /dev/null; then
	deps_result "the signed copy is synced (fsync) before it is renamed over the module" strace
elif strace -f -e trace=openat,fsync,rename,renameat,renameat2 -o "$T/strace.out" \
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/sync.ko" 2> /dev/null &&
   awk '/openat\(.*\/\.sync\.ko\.[0-9]+\.[0-9]+".*O_EXCL.* = [0-9]+$/ { fd = $NF }
	fd != "" && index($0, "fsync(" fd ")") { f = 1 }
	/rename.*\/\.sync\.ko\..*\/sync\.ko"/ { r = f } END { exit !r }' "$T/strace.out"; then
	ok "the signed copy is synced (fsync) before it is renamed over the module"
else
	nok "the signed copy is synced (fsync) before it is renamed over the module"
	grep -E 'fsync|rename' "$T/strace.out" 2> /dev/null | tail -n 4 | sed 's/^/# /' || true
fi
# A passphrase longer than 1023 bytes is refused, not cut.
head -c 1100 /dev/zero | tr '\0' p > "$T/longpass.txt"
cp -- "$base" "$T/ma/longpass.ko"
want="longer than 1023 bytes"
expect_fail "a passphrase of 1100 bytes: refused" "$T/ma/longpass.ko" \
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --passphrase-file "$T/longpass.txt" "$T/ma/longpass.ko"
# SIGTERM while gpgv checks a remote signature: the handler (async-signal-safe calls
# only) removes the work directory, its gnupg/ too.
cat > "$T/slowgpgv" <<'EOF'
#!/bin/bash
touch "$SLOW_MARK"
exec sleep 30
EOF
chmod +x "$T/slowgpgv"
f=$T/ma/term.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
gpg --homedir "$RS" --batch --yes --detach-sign -o "$f.sig" "$f.tbs" 2> /dev/null
cp -- "$f" "$T/term-before.ko"
rm -f -- "$T/slow.mark"
# (SIGKILLed runs above could not remove theirs: count what this one leaves)
before=$(find "$T/tmp" -mindepth 1 -maxdepth 1 -name 'sign-module.*' | wc -l)
env GPGV="$T/slowgpgv" SLOW_MARK="$T/slow.mark" "$sign" -q --attach --keyring "$kr" "$f" 2> /dev/null &
tpid=$!
for _ in $(seq 100); do [[ -e $T/slow.mark ]] && break; sleep 0.1; done
kill -TERM "$tpid" 2> /dev/null || true
rc=0
wait "$tpid" || rc=$?
left=$(($(find "$T/tmp" -mindepth 1 -maxdepth 1 -name 'sign-module.*' | wc -l) - before))
if ((rc == 143)) && ((left == 0)) && cmp -s "$f" "$T/term-before.ko"; then
	ok "SIGTERM during --attach: exit 143, module unchanged, no work directory left"
else
	nok "SIGTERM during --attach: exit 143, module unchanged, no work directory left (rc $rc, $left left)"
	find "$T/tmp" -mindepth 1 -maxdepth 2 | sed -n '1,5s/^/# /p'
fi
# verify-module.sh runs no gpg: key sizes and policy are the kernel's own code's (the
# numbers it once read from gpg --list-packets went into shell arithmetic unchecked).
mkdir -p "$T/gpg-in-path"
printf '#!/bin/sh\ntouch %q\nexit 1\n' "$T/gpg-ran" > "$T/gpg-in-path/gpg"
chmod +x "$T/gpg-in-path/gpg"
rm -f -- "$T/gpg-ran"
if env PATH="$T/gpg-in-path:$PATH" "$verify" -q --keyring "$kr" "$good" && [[ ! -e $T/gpg-ran ]]; then
	ok "verify-module.sh runs no gpg (the kernel's code reads the keys)"
else
	nok "verify-module.sh runs no gpg (the kernel's code reads the keys)"
fi
# certs/pgp-keyring-bin.sh: armour is told by the first byte, not by a search a binary
# keyring can match (here a user ID packet holding the armour's first line).
if bash "$top/tests/lib/keyring-check-build.sh" "$T/keyring_check" 2> "$T/err"; then
	{
		cat -- "$kr"
		python3 -c 'import sys; u = b"\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n"; sys.stdout.buffer.write(bytes([0xcd, len(u)]) + u)'
	} > "$T/armour-uid.gpg"
	# with gpg (whose --dearmor passes binary input through) and without it
	mkdir -p "$T/nogpg-bin"
	for t in sh od tr grep awk base64 mktemp cat mv rm; do
		ln -sf "$(command -v "$t")" "$T/nogpg-bin/$t"
	done
	for how in "with gpg|$PATH" "without gpg|$T/nogpg-bin"; do
		rm -f -- "$T/armour-uid.bin"
		if env PATH="${how#*|}" sh "$top/certs/pgp-keyring-bin.sh" "$T/armour-uid.gpg" \
			"$T/armour-uid.bin" "$T/keyring_check" > "$T/out" 2>&1 &&
		   cmp -s "$T/armour-uid.gpg" "$T/armour-uid.bin"; then
			ok "pgp-keyring-bin.sh: a binary keyring holding an armour line stays binary (${how%%|*})"
		else
			nok "pgp-keyring-bin.sh: a binary keyring holding an armour line stays binary (${how%%|*})"
			sed 's/^/# /' "$T/out"
		fi
	done
	if sh "$top/certs/pgp-keyring-bin.sh" "$T/ed25519.asc" "$T/armour.bin" "$T/keyring_check" \
		> "$T/out" 2>&1 && cmp -s "$T/armour.bin" "$kr"; then
		ok "pgp-keyring-bin.sh: an armoured keyring is decoded"
	else
		nok "pgp-keyring-bin.sh: an armoured keyring is decoded"
		sed 's/^/# /' "$T/out"
	fi
else
	nok "pgp-keyring-bin.sh: cannot build pgp_keyring_check"
	nok "pgp-keyring-bin.sh: cannot build pgp_keyring_check"
	nok "pgp-keyring-bin.sh: cannot build pgp_keyring_check"
fi
