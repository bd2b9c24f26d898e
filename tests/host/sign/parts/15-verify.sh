# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "verify": verify-module.sh and the kernel's check agree on every module made or crafted (verify.c, kernel.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=verify runs it alone).

# --- verify-module.sh and the kernel's check must agree ---------------------------------
# The kernel's own check (module_pgp_sig_check() with the built-in keyring's rules,
# crypto/pgp and the in-kernel maths; ECDSA on tests/compat's OpenSSL stand-in, as the
# tool has it), built for the host the way tests/host/pgp_keys builds it (the keyring_test
# driver), judges every module below; verify-module.sh must report the same errno for each
# (good only for 0; BAD for a file the loader refuses as ELF, whatever module_sig says),
# and every signature the kernel accepts must verify with gpgv.  Three kernel
# configurations: the default (Ed25519, ECDSA), without both (--algos rsa,dsa), and
# CONFIG_MODULE_SIG_PGP_LEGACY (--legacy).  The modules: every native one this test made,
# every way tests/vectors/pgpcraft.py signs one (the review's weak-key, unhashed-issuer,
# DSA q=160, 17-packet and expired-key cases among them) against every keyring it crafts,
# and every malformed signature tests/qemu/make-corpus.py makes.
kbuild_kernel()	# kbuild_kernel OUT FLAGS...: the kernel check (keyring_test) for the host
{
	local out=$1 cc=${CC:-} f
	local -a srcs=()

	shift
	if [[ -z $cc ]]; then
		cc=gcc
		command -v clang > /dev/null && cc=clang
	fi
	for f in "$top"/crypto/pgp/*.c; do
		[[ $f != *_kunit.c ]] && srcs+=("$f")
	done
	"$cc" -O1 -w -I"$top/scripts/pgp-shim/module" -I"$top/scripts/pgp-shim/module/tests" -I"$top/tests/compat/include" \
		-I"$top/scripts/pgp-shim" -I"$top/include" \
		-DCONFIG_64BIT=1 -DCONFIG_PGP_BUILTIN_KEYS=1 -DCONFIG_SYSTEM_BLACKLIST_KEYRING=1 "$@" \
		-o "$out" "$top/tests/host/pgp_keys/keyring_test.c" \
		"$top/security/pgp_keys/keyring_parse.c" "$top/kernel/module/signing_pgp.c" \
		"$top/kernel/module/signing_pgp_elf.c" "${srcs[@]}" "$top"/crypto/{mont,dsa,rsassa}.c \
		"$top"/scripts/pgp-shim/{compat,shash_openssl,hash_info}.c -lcrypto > "$T/kt.log" 2>&1
}
# verdict_of LINE: REPLY = the kernel's errno in verify-module.sh's last line for a module
verdict_of()
{
	case $1 in
	*": good ("* | *": good OpenPGP signature ("*) REPLY=0 ;;
	*": unsigned ("*) REPLY=ENODATA ;;
	*"; the kernel: "*")") REPLY=${1##*; the kernel: }; REPLY=${REPLY%)} ;;
	*) REPLY="?" ;;
	esac
}
# agree_set LABEL KT KTOPTS VOPTS KEYRING FILE...: every FILE judged by both; one result
agree_set()
{
	local label=$1 kt=$2 ktopts=$3 vopts=$4 kr=$5 f res line k v bad=0 compared=0
	local -A last=()
	local -a ko

	shift 5
	read -r -a ko <<< "$ktopts"
	# shellcheck disable=SC2086 # VOPTS are words
	"$verify" $vopts --keyring "$kr" -- "$@" > "$T/agree.out" 2>&1 || true
	while IFS= read -r line; do
		[[ $line == *".ko: signature "[0-9]*/[0-9]* || $line == *".ko: note: "* ||
		   $line == *".ko: sha256 "* ]] && continue
		[[ $line == *.ko:\ * ]] || continue
		last[${line%%.ko: *}.ko]=$line
	done < "$T/agree.out"
	# the kernel check, once for all FILEs: "FILE: result" lines, the first for each
	local -A kres=()
	"$kt" --prefix "${ko[@]}" "$kr" verify "$@" > "$T/agree.kt" 2> /dev/null || true
	while IFS= read -r line; do
		f=${line%%: *}
		[[ $f != "$line" && -z ${kres[$f]:-} ]] && kres[$f]=${line#*: }
	done < "$T/agree.kt"
	for f in "$@"; do
		res=${kres[$f]:-ERROR}
		k=${res%% *}
		line=${last[$f]:-}
		verdict_of "$line"
		v=$REPLY
		compared=$((compared + 1))
		if [[ $k != "$v" ]] ||
		   { [[ $k == 0 ]] && [[ $line != *": good"* && $line != *"the loader refuses the file"* ]]; }; then
			bad=$((bad + 1))
			echo "# ${f##*/} (${kr##*/}): kernel $res, verify-module.sh: ${line#"$f: "}"
		fi
	done
	if ((bad == 0 && compared > 0)); then
		ok "kernel check and verify-module.sh agree ($label): $compared modules, keyring ${kr##*/}"
	else
		nok "kernel check and verify-module.sh agree ($label): $bad of $compared differ, keyring ${kr##*/}"
	fi
}
pms_has_p7_marker()
{
	[[ $(tail -c 28 -- "$1" 2> /dev/null | od -An -c | tr -d ' \n') == '~Modulesignatureappended~\n' ]]
}
agree()
{
	local kt=$T/kt-default kt_plain=$T/kt-rsadsa kt_legacy=$T/kt-legacy f kr
	local -a files=() ufiles=() crafted=() corpus=()

	if ! kbuild_kernel "$kt" -DCONFIG_CRYPTO_ED25519=1 -DCONFIG_CRYPTO_ECDSA_RAW=1 \
		"$top/crypto/ed25519.c" "$top/scripts/pgp-shim/ecdsa_openssl.c" ||
	   ! kbuild_kernel "$kt_plain" ||
	   ! kbuild_kernel "$kt_legacy" -DCONFIG_MODULE_SIG_PGP_LEGACY=1 -DCONFIG_CRYPTO_ED25519=1 \
		-DCONFIG_CRYPTO_ECDSA_RAW=1 "$top/crypto/ed25519.c" "$top/scripts/pgp-shim/ecdsa_openssl.c"; then
		# the sources are all in this tree: not building them is a failure
		nok "kernel agreement: cannot build the kernel check for the host"
		sed 's/^/# /' "$T/kt.log" | head -n 5
		return
	fi
	cat -- "$T/all.pub" "$T/subkey.pub" "$T/expiring.pub" "$T/expiring-later.pub" "$T/weak.pub" > "$T/agree-a.pub"
	[[ -f $T/weak-dsa/dsa-q256.pub ]] && cat -- "$T/weak-dsa/dsa-q256.pub" >> "$T/agree-a.pub"
	[[ -f $T/revoked.pub ]] && cat -- "$T/revoked.pub" >> "$T/agree-a.pub"
	# Native (x86-64) modules this test made; mainline's appended trailer is stripped
	# by the loader before this check.
	for f in "$T"/m/*.ko; do
		[[ $(od -An -t u1 -j 4 -N 2 -- "$f" 2> /dev/null | tr -s ' ') == " 2 1" ]] || continue
		pms_has_p7_marker "$f" && continue
		files+=("$f")
		# the ones carrying a signature by the untrusted key
		[[ ${f##*/} == append* || ${f##*/} == sixteen* ]] && ufiles+=("$f")
	done
	agree_set "modules made here" "$kt" "" "" "$T/agree-a.pub" "${files[@]}"
	agree_set "modules made here" "$kt" "" "" "$T/keys/untrusted.pub" "${ufiles[@]}"
	agree_set "modules made here, without Ed25519 and ECDSA" "$kt_plain" "" "--algos rsa,dsa" \
		"$T/agree-a.pub" "${files[@]}"
	# Everything pgpcraft.py crafts, against every keyring it crafts.
	cp -- "$base" "$T/agree-base.ko"
	if "$sign" -q --prepare --reserve 4096 "$T/agree-base.ko" &&
	   python3 "$top/tests/vectors/pgpcraft.py" agree "$T/agree-base.ko" "$T/craft" 2> "$T/err"; then
		crafted=("$T"/craft/sig-*.ko)
		for kr in "$T"/craft/ring-*.gpg; do
			agree_set "crafted" "$kt" "" "" "$kr" "${crafted[@]}"
		done
		agree_set "crafted, without Ed25519 and ECDSA" "$kt_plain" "" "--algos rsa,dsa" \
			"$T/craft/ring-all.gpg" "${crafted[@]}"
		agree_set "crafted, CONFIG_MODULE_SIG_PGP_LEGACY" "$kt_legacy" "--legacy" "--legacy" \
			"$T/craft/ring-all.gpg" "${crafted[@]}"
		agree_set "crafted, CONFIG_MODULE_SIG_PGP_LEGACY" "$kt_legacy" "--legacy" "--legacy" \
			"$T/craft/ring-dsa1024.gpg" "${crafted[@]}"
	else
		nok "pgpcraft.py agree: the crafted keys and modules"
		sed 's/^/# /' "$T/err"
	fi
	# Every malformed signature make-corpus.py makes (on an RSA-signed module).
	if [[ -f $T/m/rsa2048-sha256.ko ]] &&
	   python3 "$top/tests/qemu/make-corpus.py" "$T/m/rsa2048-sha256.ko" "${fpr[rsa2048]}" \
		"$T/corpus" "$T/corpus.list" > /dev/null 2> "$T/err"; then
		corpus=("$T"/corpus/corpus-*.ko)
		agree_set "make-corpus.py" "$kt" "" "" "$T/keys/rsa2048.pub" "${corpus[@]}"
	else
		nok "make-corpus.py: the malformed-signature corpus"
		sed 's/^/# /' "$T/err"
	fi
}
agree

# The review's cases, each with the kernel's errno (the agreement above compares every
# crafted module; these name the ones verify-module.sh once called "good").
review_case()	# review_case DESC KEYRING MODULE ERRNO [VERIFY-OPTIONS]
{
	local desc=$1 kr=$T/craft/ring-$2.gpg f=$T/craft/sig-$3.ko want=$4 out rc=0

	shift 4
	out=$("$verify" "$@" --keyring "$kr" -- "$f" 2>&1) || rc=$?
	verdict_of "$(tail -n 1 <<< "$out")"
	if [[ $REPLY == "$want" ]] && { [[ $want == 0 ]] && ((rc == 0)) || { [[ $want != 0 ]] && ((rc == 1)); }; }; then
		ok "review: $desc: verify-module.sh says $want, as the kernel"
	else
		nok "review: $desc: verify-module.sh says $want, as the kernel (got $REPLY, exit $rc)"
		sed 's/^/# /' <<< "$out"
	fi
}
if [[ -d $T/craft ]]; then
	review_case "DSA-1024 key named by key ID only" dsa1024 dsa1024-keyid-only ENOKEY
	review_case "DSA-1024 key named by key ID only, --legacy" dsa1024 dsa1024-keyid-only 0 --legacy
	review_case "weak-key signature, an Ed25519 fingerprint added unhashed" all dsa1024-unhashed-ed-fpr EBADMSG
	review_case "weak-key signature with its fingerprint, an Ed25519 one added unhashed" all \
		dsa1024-fpr-unhashed-ed-fpr EBADMSG
	review_case "DSA p=2048 with q=160" dsa-q160 dsa-q160 ENOKEY
	review_case "16 signature packets" a sixteen 0
	review_case "17 signature packets" a seventeen EBADMSG
	review_case "a signature made after its key expired" expiring expired-key EKEYREJECTED
	review_case "a signature made before its key expired" expiring expiring-in-time 0
	review_case "ECDSA P-384 over SHA-256" p384 p384-sha256 ENOPKG
	review_case "ECDSA P-384 over SHA-384" p384 p384-sha384 0
	review_case "ECDSA P-384 without CONFIG_CRYPTO_ECDSA_RAW" p384 p384-sha384 ENOKEY --algos rsa,dsa,eddsa
else
	nok "review: the crafted modules are missing"
fi

# --- I/O errors are errors, never verdicts (outside review round 3) ---------------------
# --data naming no directory: a usage error before any module is judged (it reported a good
# module "BAD ... the kernel: -", exit 1, "bad" in JSON)
rc=0
out=$("$verify" --keyring "$kr" --data "$T/no-such-dir" "$good" 2>&1) || rc=$?
((rc == 2)) && [[ $out == *"--data $T/no-such-dir: not a directory this user can write"* &&
		  $out != *BAD* ]] &&
	ok "verify-module.sh --data DIR with DIR missing: a usage error (exit 2), no verdict" ||
	nok "verify-module.sh --data DIR with DIR missing: a usage error (exit 2), no verdict (exit $rc: $out)"
# --data's files are numbered as the report counts signatures, from 1
mkdir -p "$T/vdata"
"$verify" --keyring "$kr" --data "$T/vdata" "$good" > "$T/vdata.out" 2>&1 &&
	grep -q ": signature 1/1: " "$T/vdata.out" && [[ -s $T/vdata/sig.1 && ! -e $T/vdata/sig.0 ]] &&
	gpgv --keyring "$kr" "$T/vdata/sig.1" "$T/vdata/data" > /dev/null 2>&1 &&
	ok "--data: DIR/sig.1 is the report's signature 1/1 (gpgv verifies it over DIR/data)" ||
	nok "--data: DIR/sig.1 is the report's signature 1/1"
# a module that cannot be read: "error" in JSON, exit 2
rc=0
out=$("$verify" --json --keyring "$kr" "$T/no-such.ko" 2> /dev/null) || rc=$?
((rc == 2)) && python3 -c 'import json, sys; m = json.loads(sys.argv[1])[0]
sys.exit(0 if m["verdict"] == "error" and m["kernel"] is None else 1)' "$out" &&
	ok "a module that cannot be read: JSON verdict \"error\" (no kernel verdict), exit 2" ||
	nok "a module that cannot be read: JSON verdict \"error\", exit 2 (exit $rc: $out)"
