# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "failures": failure cases: the module byte-identical, one line naming it; real modules of SIGN_TEST_MODULE.
# Sourced by run.sh after its setup (SIGN_TEST_PART=failures runs it alone).

# --- failure cases: original byte-identical ----------------------------------------
# failure_cases LABEL [sign-module.sh options]: every case for one way of
# signing (gpg per module, or --agent: through the agent helper)
failure_cases()
{
	local fl=$1
	shift
	local -a xa=("$@")
	S=("$sign" -q "${xa[@]}" --homedir "$H" -u "${fpr[ed25519]}")
	f=$T/m/fail.ko

	printf 'not a module\n' > "$f"
	want="not an ELF"
	expect_fail "${fl}not an ELF file" "$f" "${S[@]}" "$f"

	echo 'int main(void) { return 0; }' > "$T/exe.c"
	gcc -o "$f" "$T/exe.c"
	want="ET_REL"
	expect_fail "${fl}ELF executable (not ET_REL)" "$f" "${S[@]}" "$f"

	head -c $(($(stat -c %s "$base") - 100)) "$base" > "$f"
	want="section header table outside"
	expect_fail "${fl}truncated ELF (section headers cut)" "$f" "${S[@]}" "$f"

	head -c 40 "$base" > "$f"
	expect_fail "${fl}truncated ELF (header cut)" "$f" "${S[@]}" "$f"

	cp -- "$base" "$f"
	shoff=$(readelf -h -- "$base" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
	printf '\xff\xff\xff\x00' | dd of="$f" bs=1 seek=$((shoff + 64 + 24)) conv=notrunc status=none
	want="outside the file"
	expect_fail "${fl}inconsistent ELF (section 1 offset beyond the end)" "$f" "${S[@]}" "$f"

	cp -- "$base" "$f"
	printf '\xff\x7f' | dd of="$f" bs=1 seek=60 conv=notrunc status=none
	expect_fail "${fl}inconsistent ELF (e_shnum too large)" "$f" "${S[@]}" "$f"

	cp -- "$base" "$f"
	want="unknown key"
	expect_fail "${fl}unknown key" "$f" "$sign" -q "${xa[@]}" --homedir "$H" -u "nobody@nowhere.invalid" "$f"

	want="gpg not found"
	expect_fail "${fl}gpg missing" "$f" env GPG=/nonexistent/gpg "${S[@]}" "$f"

	cat > "$T/fakegpg" <<-'EOF'
	#!/bin/sh
	for a; do [ "$a" = --detach-sign ] && { echo "gpg: signing failed: Card error" >&2; exit 2; }; done
	exec gpg "$@"
	EOF
	chmod +x "$T/fakegpg"
	want="Card error"
	expect_fail "${fl}gpg failing" "$f" env GPG="$T/fakegpg" "${S[@]}" "$f"

	want="use --reserve"
	expect_fail "${fl}signature larger than the reserve" "$f" "${S[@]}" --reserve 64 "$f"

	objcopy --add-section module_sig="$T/zeros" --set-section-flags module_sig=alloc,contents,readonly \
		"$base" "$f"
	want="SHF_ALLOC"
	expect_fail "${fl}existing module_sig with SHF_ALLOC" "$f" "${S[@]}" "$f"

	cp -- "$base" "$f"
	{ head -c 100 /dev/zero; printf '\0\0\0\0\0\0\0\0\0\0\0\x64~Module signature appended~\n'; } >> "$f"
	want="PKCS#7"
	expect_fail "${fl}module with an appended PKCS#7 signature" "$f" "${S[@]}" "$f"

	cp -- "$good" "$f"
	flip "$f" $((so + 1))
	want="malformed"
	expect_fail "${fl}--append onto a malformed container" "$f" "${S[@]}" --append "$f"

	# a read-only module is signed as scripts/sign-file signs it (its
	# directory is what the replacement needs), and stays read-only
	cp -- "$base" "$f"
	chmod 444 "$f"
	if "${S[@]}" "$f" 2> "$T/err" && [[ $(stat -c %a "$f") == 444 ]] &&
	   grep -q "note: .*read-only (mode 0444): signed as scripts/sign-file signs it" "$T/err" &&
	   "$verify" -q --keyring "$T/keys/ed25519.pub" "$f"; then
		ok "${fl}read-only file (0444): signed like sign-file does, still 0444, a note"
	else
		nok "${fl}read-only file (0444): signed like sign-file does, still 0444, a note"
		sed 's/^/# /' "$T/err"
	fi
	chmod 644 "$f"

	mkdir -p "$T/rodir"
	cp -- "$base" "$T/rodir/m.ko"
	chmod 555 "$T/rodir"
	want="read-only"
	expect_fail "${fl}read-only directory" "$T/rodir/m.ko" "${S[@]}" "$T/rodir/m.ko"
	chmod 755 "$T/rodir"

	cp -- "$base" "$f"
	expect_fail "${fl}missing file" "$T/m/nonexistent.ko" "${S[@]}" "$T/m/nonexistent.ko" 2> /dev/null ||
		true

	# Full disk: a small tmpfs (needs root; skipped otherwise).
	mkdir -p "$T/full"
	if mount -t tmpfs -o size=64k tmpfs "$T/full" 2> /dev/null; then
		cp -- "$base" "$T/full/m.ko"
		dd if=/dev/zero of="$T/full/filler" bs=1k count=1000 status=none 2> /dev/null || true
		want="No space left"
		expect_fail "${fl}disk full" "$T/full/m.ko" "${S[@]}" "$T/full/m.ko"
		if ls -A "$T/full" | grep -q '^\.'; then
			nok "${fl}disk full: no temporary file left behind"
		else
			ok "${fl}disk full: no temporary file left behind"
		fi
		umount "$T/full"
	else
		skip "${fl}disk full: cannot mount a tmpfs"
		skip "${fl}disk full: no temporary file left behind"
	fi

	# Interrupted: a gpg that hangs, then SIGTERM and SIGKILL.
	cat > "$T/slowgpg" <<-'EOF'
	#!/bin/sh
	for a; do [ "$a" = --detach-sign ] && sleep 30; done
	exec gpg "$@"
	EOF
	chmod +x "$T/slowgpg"
	# ... and, on the agent path, a gpg-agent that hangs on PKSIGN.
	cat > "$T/slowagent" <<-'EOF'
	#!/bin/bash
	while IFS= read -r l; do [[ $l == PKSIGN* ]] && sleep 30; printf '%s\n' "$l"; done | gpg-agent "$@"
	EOF
	chmod +x "$T/slowagent"
	phases=(gpg)
	((${#xa[@]})) && phases=(gpg agent)
	for phase in "${phases[@]}"; do
		for sig in TERM KILL; do
			mkdir -p "$T/int"
			cp -- "$base" "$T/int/m.ko"
			before=$(sha256sum < "$T/int/m.ko")
			if [[ $phase == gpg ]]; then
				setsid env GPG="$T/slowgpg" "${S[@]}" "$T/int/m.ko" > /dev/null 2>&1 &
			else
				setsid env GPG_AGENT="$T/slowagent" PGP_MODSIGN_AGENT=private "${S[@]}" \
					"$T/int/m.ko" > /dev/null 2>&1 &
			fi
			pid=$!
			# until it hangs where wanted (at most 15 s)
			for ((w = 0; w < 150; w++)); do
				pgrep -g "$pid" -x sleep > /dev/null && break
				sleep 0.1
			done
			sleep 0.2
			# The signing script's process group (setsid made it a group leader).
			kill -s "$sig" -- "-$pid" 2> /dev/null || true
			wait "$pid" 2> /dev/null && rc=0 || rc=$?
			after=$(sha256sum < "$T/int/m.ko")
			if ((rc != 0)) && [[ $before == "$after" ]]; then
				ok "${fl}SIG$sig during $phase: exit $rc, module byte-identical"
			else
				nok "${fl}SIG$sig during $phase: exit $rc, module byte-identical"
			fi
			if [[ $sig == TERM ]]; then
				if ls -A "$T/int" | grep -q '^\.'; then
					nok "${fl}SIGTERM during $phase: no temporary file left behind"
				else
					ok "${fl}SIGTERM during $phase: no temporary file left behind"
				fi
			fi
			rm -rf "$T/int"
		done
	done

	# Mode preserved.
	cp -- "$base" "$T/m/mode.ko"
	chmod 600 "$T/m/mode.ko"
	"${S[@]}" "$T/m/mode.ko"
	[[ $(stat -c %a "$T/m/mode.ko") == 600 ]] && ok "${fl}file mode preserved" || nok "${fl}file mode preserved"
	if ((EUID == 0)); then
		cp -- "$base" "$T/m/owner.ko"
		chown 1234:5678 "$T/m/owner.ko"
		"${S[@]}" "$T/m/owner.ko"
		[[ $(stat -c %u:%g "$T/m/owner.ko") == 1234:5678 ]] && ok "${fl}owner and group preserved" ||
			nok "${fl}owner and group preserved"
	else
		skip "${fl}owner and group preserved: needs root"
	fi
}
failure_cases ""
failure_cases "[agent] " --agent

# --- real modules given in SIGN_TEST_MODULE ---------------------------------------------
if [[ -n ${SIGN_TEST_MODULE:-} ]]; then
	for ((i = 1; i < ${#real_modules[@]}; i++)); do
		f=$T/m/base$i.ko
		"${S[@]}" "$f"
		check "real module ${real_modules[i]}: verifies three ways" all_accept "$kr" "$f"
	done
fi
