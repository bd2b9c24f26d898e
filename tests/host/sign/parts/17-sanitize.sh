# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "sanitize": the signing flows under ASan and UBSan, --attach under valgrind.
# Sourced by run.sh after its setup (SIGN_TEST_PART=sanitize runs it alone).

# --- the signing flows under ASan and UBSan --------------------------------------------------
# The tool built with the sanitizers (gnupg_tool() once read a buffer after its block had
# ended, at the first -u run): signing (gpg and gpg-agent, -j2), --append, --strip,
# compressed modules, --prepare and --attach (gpgv and sqv), --verify, --dearmor.
asan=$T/asan/pgp-sign-module
mkdir -p "$T/asan"
# shellcheck disable=SC2054 # the commas belong to -fsanitize=
if HOSTCC=${CC:-gcc} bash "$scripts/pgp-sign-module-build.sh" "$asan" -g -O1 \
	-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	> "$T/asan.log" 2>&1; then
	ok "the tool builds with ASan and UBSan"
	# asan_run DESC WANT-RC CMD...: CMD with the sanitized tool; exit WANT-RC, no report
	asan_run()
	{
		local desc=$1 want=$2 rc=0

		shift 2
		env PGP_SIGN_MODULE="$asan" ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 \
			UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$@" > "$T/asan.out" 2>&1 || rc=$?
		if ((rc == want)) && ! grep -qE 'AddressSanitizer|LeakSanitizer|runtime error' "$T/asan.out"; then
			ok "ASan+UBSan: $desc"
		else
			nok "ASan+UBSan: $desc (exit $rc, expected $want)"
			grep -E 'ERROR|SUMMARY|runtime error|#[0-3] ' "$T/asan.out" | sed -n '1,8s/^/# /p'
		fi
	}
	Z=$T/asan/m
	mkdir -p "$Z"
	# (issue 33, T8) --secret-key of a file with no key at all: memcpy(dst, NULL, 0) in
	# kernel.c when its empty certificate was loaded as a keyring
	printf '\xca\x03PGP' > "$Z/marker-only.key"
	cp -- "$base" "$Z/empty-cert.ko"
	asan_run "--secret-key of a certificate with no key: refused, no undefined behaviour" 1 \
		"$sign" -q --secret-key "$Z/marker-only.key" "$Z/empty-cert.ko"
	for i in 1 2 3 4; do cp -- "$base" "$Z/j$i.ko"; done
	cp -- "$base" "$Z/one.ko"
	cp -- "$T/m/debug.ko" "$Z/strip.ko" 2> /dev/null || cp -- "$base" "$Z/strip.ko"
	xz --check=crc32 -c "$base" > "$Z/c.ko.xz"
	xz --check=crc32 -c "$base" > "$Z/p.ko.xz"
	zstd -q -c "$base" > "$Z/c.ko.zst"
	gzip -n -c "$base" > "$Z/c.ko.gz"
	asan_run "sign one module (gpg, -u)" 0 "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$Z/one.ko"
	asan_run "sign four modules, -j 2 (gpg-agent)" 0 \
		"$sign" -q -j 2 --homedir "$H" -u "${fpr[ed25519]}" "$Z"/j{1,2,3,4}.ko
	asan_run "--append (rollover)" 0 \
		"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" --append "$Z/one.ko"
	asan_run "--strip" 0 "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --strip "$Z/strip.ko"
	asan_run "compressed modules (.ko.xz in the process, .ko.zst, .ko.gz)" 0 \
		"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$Z/c.ko.xz" "$Z/c.ko.zst" "$Z/c.ko.gz"
	asan_run ".ko.xz through the xz program" 0 env PGP_SIGN_MODULE_XZ=1 \
		"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$Z/p.ko.xz"
	asan_run "a decompression bomb refused" 1 \
		"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$B/zeros.ko.zst"
	for v in gpgv sqv; do
		vo=()
		[[ $v == sqv ]] && vo=(--sqv)
		cp -- "$base" "$Z/r-$v.ko"
		asan_run "--prepare ($v)" 0 "$sign" -q --prepare "$Z/r-$v.ko"
		gpg --homedir "$RS" --batch --yes --detach-sign -o "$Z/r-$v.ko.sig" "$Z/r-$v.ko.tbs" 2> /dev/null
		asan_run "--attach ($v)" 0 "$sign" -q --attach "${vo[@]}" --keyring "$kr" "$Z/r-$v.ko"
	done
	cp -- "$A/pads.asc" "$Z/r-gpgv.ko.sig"
	asan_run "--attach of the review's armour refused" 1 "$sign" -q --attach --keyring "$kr" "$Z/r-gpgv.ko"
	asan_run "--verify (verify-module.sh), every module above" 0 "$verify" -q --keyring "$T/all.pub" \
		-- "$Z/one.ko" "$Z"/j{1,2,3,4}.ko "$Z/strip.ko" "$Z/c.ko.xz" "$Z/c.ko.zst" "$Z/c.ko.gz" \
		"$Z/p.ko.xz" "$Z/r-sqv.ko"
	asan_run "--verify (verify-module.sh --sqv) of crafted modules, a refusal" 1 "$verify" -q --sqv \
		--keyring "$T/craft/ring-all.gpg" -- "$T/craft"/sig-*.ko
	asan_run "--dearmor" 0 "$sign" --dearmor "$T/ed25519.asc" "$Z/kr.bin"
else
	nok "the tool builds with ASan and UBSan"
	tail -n 5 "$T/asan.log" | sed 's/^/# /'
fi

# --attach on a .sig it cannot read unlinks nothing it did not make (valgrind: no
# syscall with uninitialised bytes; the paths it once unlinked were stack garbage).
plain=$T/plain/pgp-sign-module
mkdir -p "$T/plain"
if ! command -v valgrind > /dev/null; then
	deps_result "--attach with an unreadable .sig under valgrind" valgrind
elif bash "$scripts/pgp-sign-module-build.sh" "$plain" -g > "$T/plain.log" 2>&1; then
	f=$T/ma/vg.ko
	cp -- "$base" "$f"
	cp -- "$A/pads.asc" "$f.sig"
	rc=0
	valgrind -q --error-exitcode=99 "$plain" --attach --keyring "$kr" "$f" > "$T/vg.out" 2>&1 || rc=$?
	if ((rc == 1)) && ! grep -q "uninitialised" "$T/vg.out" && cmp -s "$base" "$f"; then
		ok "--attach with an unreadable .sig under valgrind: exit 1, nothing uninitialised used"
	else
		nok "--attach with an unreadable .sig under valgrind (exit $rc)"
		grep -v '^==[0-9]*== *$' "$T/vg.out" | sed -n '1,6s/^/# /p' || true
	fi
else
	nok "--attach under valgrind: the tool did not build"
fi
