# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "module": with an appended PKCS#7 signature, other ELF classes and byte orders, --reserve (module.c, placeholder.c, elf.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=module runs it alone).

# --- together with mainline's appended PKCS#7 signature ----------------------------
# sign_file_src: REPLY = a directory holding mainline's scripts/sign-file.c
# (and the headers it includes), from $KERNEL_SRC or Debian's source tarball
sign_file_src()
{
	local tarball=${SRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz} c=$top/build/host-cache/sign-file

	REPLY=${KERNEL_SRC:-}/scripts
	[[ -n ${KERNEL_SRC:-} && -f $REPLY/sign-file.c ]] && return 0
	REPLY=$c/scripts
	[[ -f $REPLY/sign-file.c ]] && return 0
	[[ -f $tarball ]] || return 1
	rm -rf -- "$c.tmp"
	mkdir -p -- "$c.tmp" || return 1
	tar -C "$c.tmp" --strip-components=1 -xf "$tarball" --wildcards \
		'linux-source-6.12/scripts/sign-file.c' 'linux-source-6.12/scripts/ssl-common.h' \
		2> /dev/null ||
		tar -C "$c.tmp" --strip-components=1 -xf "$tarball" \
			linux-source-6.12/scripts/sign-file.c 2> /dev/null || true
	[[ -f $c.tmp/scripts/sign-file.c ]] || { rm -rf -- "$c.tmp"; return 1; }
	rm -rf -- "$c"
	mv -- "$c.tmp" "$c"
}
if sign_file_src && ksrc=${REPLY%/scripts} && command -v openssl > /dev/null &&
   gcc -O2 -Wno-deprecated-declarations -I"$ksrc/scripts" -o "$T/sign-file" \
	"$ksrc/scripts/sign-file.c" -lcrypto 2> /dev/null &&
   openssl req -new -x509 -newkey rsa:2048 -nodes -batch -days 365 -sha256 \
	-subj "/CN=test" -keyout "$T/x509.key" -out "$T/x509.crt" > /dev/null 2>&1; then
	cp -- "$good" "$T/m/both.ko"
	"$T/sign-file" sha256 "$T/x509.key" "$T/x509.crt" "$T/m/both.ko"
	out=$("$verify" --keyring "$kr" "$T/m/both.ko" 2>&1) && rc=0 || rc=$?
	((rc == 3)) && grep -q ": good OpenPGP signature (1 of 1 signatures verified), and an appended PKCS#7 signature this script does not check" <<< "$out" &&
		ok "PGP-signed then sign-file: the OpenPGP signature verifies; its own status (exit 3) for the PKCS#7 part" ||
		{ nok "PGP-signed then sign-file: the OpenPGP signature verifies, own status (rc $rc)"; sed 's/^/# /' <<< "$out"; }
	want="PKCS#7"
	expect_fail "sign-module.sh after sign-file is refused" "$T/m/both.ko" "$sign" -q \
		--homedir "$H" -u "${fpr[ed25519]}" "$T/m/both.ko"
	# Re-signing a distribution's module: --replace-pkcs7, also as .ko.xz.
	for c in ko ko.xz; do
		f=$T/m/distro.$c
		plain=$T/m/distro-plain.ko
		cp -- "$base" "$T/m/distro.ko"
		"$T/sign-file" sha256 "$T/x509.key" "$T/x509.crt" "$T/m/distro.ko"
		[[ $c == ko.xz ]] && xz --check=crc32 -f "$T/m/distro.ko"
		rc=0
		"$sign" -q --replace-pkcs7 --homedir "$H" -u "${fpr[ed25519]}" "$f" 2> "$T/err" || rc=$?
		if [[ $c == ko ]]; then cp -- "$f" "$plain"; else xz -dc "$f" > "$plain"; fi
		if ((rc == 0)) && ! tail -c 28 "$plain" | grep -q 'Module signature appended' &&
		   "$verify" -q --keyring "$kr" "$f" && raw_sqv "$kr" "$plain"; then
			ok "--replace-pkcs7 ($c): PKCS#7 trailer removed, OpenPGP signature verifies"
		else
			nok "--replace-pkcs7 ($c): PKCS#7 trailer removed, OpenPGP signature verifies (rc $rc)"
			sed 's/^/# /' "$T/err"
		fi
		rm -f -- "$T/m/distro.ko" "$T/m/distro.ko.xz" "$plain"
	done
else
	for t in "PGP-signed then sign-file" "sign-module.sh after sign-file" \
		"--replace-pkcs7 (ko)" "--replace-pkcs7 (ko.xz)"; do
		skip "$t: cannot build mainline's scripts/sign-file (no linux-source-6.12 tarball or libssl-dev)"
	done
fi

# --- an appended block, as the kernel reads it (mod_check_sig(), rule for rule) ----------
# appended ID_TYPE PARAM1 LEN OUT: $good with a 40-byte block appended: id_type ID_TYPE,
# algo PARAM1, signature length LEN (40 when empty)
appended()
{
	cp -- "$good" "$4"
	{ head -c 40 /dev/urandom; printf "\\x$2\\0\\x$1\\0\\0\\0\\0\\0"
	  python3 -c 'import struct, sys; sys.stdout.buffer.write(struct.pack(">I", int(sys.argv[1])))' "${3:-40}"
	  printf '~Module signature appended~\n'; } >> "$4"
}
# verdict_is WANT-EXIT WANT-KERNEL FILE: verify-module.sh's exit status and "the kernel: E"
verdict_is()
{
	local rc=0 out
	out=$("$verify" --keyring "$kr" "$3" 2>&1) || rc=$?
	[[ $rc == "$1" && $out == *"the kernel: $2)"* ]] || { echo "exit $rc, want $1 (the kernel: $2): $out"; return 1; }
}
appended 01 00 "" "$T/m/ap-type1.ko"
check "an appended block that is not PKCS#7 (id_type 1) after a good OpenPGP signature: the kernel removes its marker alone (ENOPKG), module_sig then covers other data: BAD, EKEYREJECTED" \
	verdict_is 1 EKEYREJECTED "$T/m/ap-type1.ko"
appended 02 01 "" "$T/m/ap-algo.ko"
check "an appended PKCS#7 block with a non-zero parameter: BAD, the kernel refuses it (EBADMSG)" \
	verdict_is 1 EBADMSG "$T/m/ap-algo.ko"
appended 02 00 $(($(stat -c %s "$good") + 40)) "$T/m/ap-all.ko"
check "an appended PKCS#7 block whose length is all that precedes it: BAD, EBADMSG (the kernel's >=)" \
	verdict_is 1 EBADMSG "$T/m/ap-all.ko"
appended 02 00 "" "$T/m/ap-p7.ko"
rc=0
"$verify" --keyring "$kr" "$T/m/ap-p7.ko" > "$T/out" 2>&1 || rc=$?
rc2=0
"$verify" --pq-only --keyring "$kr" "$T/m/ap-p7.ko" > "$T/out2" 2>&1 || rc2=$?
((rc == 3 && rc2 == 1)) && grep -q "with --pq-only a good one does not count" "$T/out2" &&
	ok "a well-formed PKCS#7 block: exit 3 (checked first by the kernel); with --pq-only the classical OpenPGP signature's verdict (1), the block noted as the kernel's to check" ||
	{ nok "a well-formed PKCS#7 block: exit 3, with --pq-only the OpenPGP verdict (rc $rc, $rc2)"; sed 's/^/# /' "$T/out" "$T/out2"; }

# --- other ELF classes and byte orders ---------------------------------------------
sde=$((key_epoch + 200))
# objcopy cannot add sections to machine-less ELF files, so these carry an
# empty placeholder from the start (sign-module.sh then only fills it).
head -c 300 /dev/urandom > "$T/blob"
for t in elf32-big elf64-big elf32-little; do
	f=$T/m/$t.ko
	objcopy -I binary -O "$t" --add-section module_sig="$T/zeros" "$T/blob" "$f"
	if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$f" 2> "$T/err"; then
		check "$t: signed, verifies three ways" all_accept "$kr" "$f"
		read -r o s < <(sec .data "$f")
		cp -- "$f" "$T/m/$t-bad.ko"
		flip "$T/m/$t-bad.ko" $((o + s / 2))
		check "$t: one byte changed in .data: all three reject" all_reject "$kr" "$T/m/$t-bad.ko"
	else
		nok "$t: signed"
		sed 's/^/# /' "$T/err"
	fi
done
# The placeholder is added in C (not objcopy): also for machine-less and
# foreign-endian objects, which objcopy cannot extend; the result is what
# readelf, objcopy and the three verifiers read.
for t in elf32-big elf64-big elf64-little; do
	f=$T/m/$t-new.ko
	objcopy -I binary -O "$t" "$T/blob" "$f"
	if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$f" 2> "$T/err" &&
	   (($(readelf -S -W "$f" | grep -c ' module_sig ') == 1)) && objcopy -I$t "$f" $T/c.o; then
		check "$t without module_sig: section added, verifies three ways" all_accept "$kr" "$f"
	else
		nok "$t without module_sig: section added, readelf and objcopy read it"
		sed 's/^/# /' "$T/err"
	fi
done
cp -- "$base" "$T/m/oc1.ko"
cp -- "$base" "$T/m/oc2.ko"
SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/oc1.ko"
PGP_SIGN_MODULE_OBJCOPY=1 SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/oc2.ko"
raw_split "$T/m/oc1.ko" "$T/oc1"
raw_split "$T/m/oc2.ko" "$T/oc2"
if cmp -s "$T/oc1/sig" "$T/oc2/sig" || ! "$verify" -q --keyring "$kr" "$T/m/oc1.ko" "$T/m/oc2.ko"; then
	nok "placeholder added in C and by objcopy (PGP_SIGN_MODULE_OBJCOPY=1): both verify, different layouts"
else
	ok "placeholder added in C and by objcopy (PGP_SIGN_MODULE_OBJCOPY=1): both verify, different layouts"
fi
# i386 objects from Debian's i686 cross compiler (gcc -m32 needs gcc-multilib, which
# conflicts with the other cross compilers)
if i686-linux-gnu-gcc -O2 -c -o "$T/m/i386.ko" "$here/testmod.c" 2> /dev/null ||
   gcc -m32 -O2 -c -o "$T/m/i386.ko" "$here/testmod.c" 2> /dev/null; then
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/i386.ko"
	check "i386 (ELF32 with REL relocations): verifies three ways" all_accept "$kr" "$T/m/i386.ko"
	tamper_one "i386 .rel.text" "$T/m/i386.ko" "$(sec .rel.text "$T/m/i386.ko" | awk '{ print $1 + 4 }')" "$kr"
else
	deps_result "i386 (ELF32 with REL relocations)" gcc-i686-linux-gnu
	deps_result "i386 .rel.text tampered" gcc-i686-linux-gnu
fi

# --- --reserve ------------------------------------------------------------------------
cp -- "$base" "$T/m/reserve.ko"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 4096 "$T/m/reserve.ko"
read -r o s < <(sec module_sig "$T/m/reserve.ko")
[[ $s == 4096 ]] && ok "--reserve 4096: section size 4096" || nok "--reserve 4096: section size $s"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/reserve.ko"
read -r o s < <(sec module_sig "$T/m/reserve.ko")
[[ $s == 4096 ]] && ok "re-signing keeps an existing section's size" ||
	nok "re-signing keeps an existing section's size ($s)"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 1024 "$T/m/reserve.ko"
read -r o s < <(sec module_sig "$T/m/reserve.ko")
[[ $s == 1024 ]] && ok "--reserve 1024 resizes an existing section" ||
	nok "--reserve 1024 resizes an existing section ($s)"
check "resized module verifies three ways" all_accept "$kr" "$T/m/reserve.ko"
cp -- "$T/m/reserve.ko" "$T/m/reserve.before"
rc=0
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 65537 "$T/m/reserve.ko" > /dev/null 2> "$T/err" || rc=$?
if ((rc == 2)) && grep -q 'between 64 and 65536' "$T/err" && cmp -s "$T/m/reserve.ko" "$T/m/reserve.before"; then
	ok "--reserve 65537 (more than the kernel's module_sig limit): usage error, module unchanged"
else
	nok "--reserve 65537: exit $rc, module $(cmp -s "$T/m/reserve.ko" "$T/m/reserve.before" && echo unchanged || echo CHANGED)"
fi
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 65536 "$T/m/reserve.ko"
read -r o s < <(sec module_sig "$T/m/reserve.ko")
[[ $s == 65536 ]] && ok "--reserve 65536 (the kernel's limit) is accepted" ||
	nok "--reserve 65536: section size $s"
check "65536-byte module_sig verifies three ways" all_accept "$kr" "$T/m/reserve.ko"
