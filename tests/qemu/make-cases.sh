#!/usr/bin/env bash
# Build the module variants the guest loads and the case list that says what each must do.
set -euo pipefail
prog=make-cases.sh

usage() {
	cat <<'EOF'
Usage: tests/qemu/make-cases.sh OBJDIR MODULE OUTDIR

OBJDIR is the kernel build (for scripts/sign-file and certs/), MODULE the built
test module (pgptest.ko).  Writes OUTDIR/mods/*.ko and OUTDIR/cases.list
(format: see tests/qemu/modtest.c).
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -eq 3 ]] || { usage >&2; exit 2; }
obj=$(cd "$1" && pwd) module=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
rm -rf "$3"
mkdir -p "$3/mods"
out=$(cd "$3" && pwd)
list=$out/cases.list
: >"$list"

# case_line EXPECT_PERMISSIVE EXPECT_ENFORCE FILE SIGNER DESCRIPTION, flip_byte FILE OFFSET [MASK]
# shellcheck source=tests/qemu/cases-lib.sh
. "$(dirname "$0")/cases-lib.sh"

# Offset of the first byte of a section's content.
section_offset() {
	local hex
	hex=$(readelf -S -W "$1" | awk -v s="$2" '{ sub(/^.*\] /, "") } $1 == s { print $4; exit }')
	[[ -n $hex ]] || { echo "$prog: $1: no section $2" >&2; return 1; }
	echo $((16#$hex))
}

cp "$module" "$out/mods/unsigned.ko"
case_line taint EKEYREJECTED unsigned.ko "" "unsigned module"

# Mainline PKCS#7 signature with the build's X.509 key.
signfile=$obj/scripts/sign-file
hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"/\1/p' "$obj/.config")
"$signfile" "$hash" "$obj/certs/signing_key.pem" "$obj/certs/signing_key.x509" \
	"$module" "$out/mods/x509.ko"
case_line ok ok x509.ko "" "mainline sign-file ($hash, X.509) signed module"

cp "$out/mods/x509.ko" "$out/mods/x509-tampered.ko"
off=$(section_offset "$out/mods/x509-tampered.ko" .rodata)
flip_byte "$out/mods/x509-tampered.ko" "$((off + 3))"
case_line EKEYREJECTED EKEYREJECTED x509-tampered.ko "" "mainline-signed module with .rodata changed"

# ---- OpenPGP signatures (only when the kernel was built with CONFIG_MODULE_SIG_PGP) ----
if grep -q '^CONFIG_MODULE_SIG_PGP=y' "$obj/.config"; then
	keys=${KEYS_DIR:?KEYS_DIR must name the tests/qemu/make-keys.sh output}
	. "$keys/keys.env"
	export GNUPGHOME=$keys/gnupg
	top=$(cd "$(dirname "$0")/../.." && pwd)
	# the program the scripts run for every case here and in cases-*.sh: the one Kbuild
	# built for this kernel (as make modules_install runs it), else one built once
	# (PGP_SIGN_MODULE)
	if [[ -x $obj/scripts/pgp-sign-module ]]; then
		export PGP_SIGN_MODULE=$obj/scripts/pgp-sign-module
	else
		. "$top/tests/lib/tool.sh"
		sign_tool "$out/tool"
	fi
	sign() { # sign OUT KEY DIGEST [sign-module options...]
		local o=$1 k=$2 d=$3
		shift 3
		[[ -f $out/mods/$o ]] || cp "$module" "$out/mods/$o"
		"$top/scripts/sign-module.sh" --quiet -u "$k" --digest "$d" "$@" "$out/mods/$o"
	}
	lc() { tr 'A-F' 'a-f' <<<"$1"; }
	tamper() { # tamper SIGNED OUT REGION
		cp "$out/mods/$1" "$out/mods/$2"
		python3 "$top/tests/elfedit.py" flip "$out/mods/$2" "$3" >/dev/null
	}
	regions=(ehdr shdr .text .init.text .rodata .data .modinfo .symtab .strtab .rela.text
		padding)
	combos=(dsa2048:sha256 dsa2048:sha512 dsa3072:sha256 dsa3072:sha512 rsa2048:sha256
		rsa2048:sha512 rsa3072:sha256 rsa3072:sha512 rsa4096:sha256 rsa4096:sha512
		ed25519:sha256 ed25519:sha512 nistp256:sha256 nistp256:sha512 nistp384:sha384
		nistp384:sha512)
	if [[ -n ${DEMO:-} ]]; then	# make demo: a short story, not the whole matrix
		regions=(.text .init.text .rodata)
		combos=(rsa2048:sha256 dsa3072:sha256 rsa4096:sha512 ed25519:sha512 nistp256:sha256)
	fi
	for kd in "${combos[@]}"; do
		k=${kd%:*} d=${kd#*:}
		fpr=$(eval echo "\$FPR_$k")
		sign "$k-$d.ko" "$fpr" "$d"
		case_line ok ok "$k-$d.ko" "$(lc "$fpr")" "$k/$d signed module loads with its signer"
		for r in "${regions[@]}"; do
			tamper "$k-$d.ko" "$k-$d-t${r//./_}.ko" "$r"
			case_line EKEYREJECTED EKEYREJECTED "$k-$d-t${r//./_}.ko" "" \
				"$k/$d tampered $r refused"
		done
		tamper "$k-$d.ko" "$k-$d-tsigpad.ko" sig-padding
		case_line EBADMSG EBADMSG "$k-$d-tsigpad.ko" "" "$k/$d non-zero module_sig padding refused"
		[[ -n ${DEMO:-} ]] && continue
		tamper "$k-$d.ko" "$k-$d-tmpi.ko" sig-mpi
		case_line EKEYREJECTED EKEYREJECTED "$k-$d-tmpi.ko" "" "$k/$d changed signature MPI refused"
	done

	# The administrator's listing of the built-in keys (securityfs).
	lst=/sys/kernel/security/pgp_keys/keys
	printf 'listing|listing|%s|-|%s|%s\n' "$lst" "$(lc "$FPR_rsa4096") usable" \
		"securityfs lists the rsa4096 key as usable" \
		"$lst" "$(lc "$FPR_revoked") revoked" "securityfs lists the revoked key as revoked" \
		"$lst" "$(lc "$FPR_subkey") usable" "securityfs lists the signing subkey" >>"$list"

	sign subkey.ko "$FPR_subkey!" sha256
	case_line ok ok subkey.ko "$(lc "$FPR_subkey")" "signed by a signing subkey loads"
	sign unknown.ko "$FPR_unknown" sha256
	case_line taint EKEYREJECTED unknown.ko "" "signed by a key not in the kernel: unavailable key"
	sign revoked.ko "$FPR_revoked" sha256 --homedir "$keys/gnupg-revoked"
	case_line EKEYREJECTED EKEYREJECTED revoked.ko "" "signed by a revoked key refused"
	sign rollover.ko "$FPR_unknown" sha256
	sign rollover.ko "$FPR_rsa3072" sha512 --append
	case_line ok ok rollover.ko "$(lc "$FPR_rsa3072")" "two signatures (old unknown key, new trusted key) load"
	sign dsa1024.ko "$FPR_dsa1024" sha256 --legacy
	case_line taint EKEYREJECTED dsa1024.ko "" "DSA-1024 key refused without the legacy option"
	# the keyrings: built-in keys, the vendor flow, run-time and build-time revocation
	"$top/tests/qemu/cases-keys.sh" "$obj" "$module" "$out"
	if [[ -n ${DEMO:-} ]]; then
		echo "$prog: $(grep -c . "$list") cases in $list"
		exit 0
	fi

	# OpenPGP v6 and ML-DSA-65+Ed25519 signatures (made on the test side, v6 keys built in)
	"$top/tests/qemu/cases-pq.sh" "$obj" "$module" "$out"

	# Concurrency: three different signed modules loaded and unloaded in parallel.
	moddir=$(dirname "$module")
	cp "$moddir/pgpbig_64k.ko" "$out/mods/c64k.ko"
	cp "$moddir/pgpbig_256k.ko" "$out/mods/c256k.ko"
	sign c64k.ko "$FPR_dsa3072" sha256
	sign c256k.ko "$FPR_rsa4096" sha512
	conc=/mods/rsa2048-sha256.ko:pgptest:$(lc "$FPR_rsa2048"),/mods/c64k.ko:pgpbig_64k:$(lc "$FPR_dsa3072")
	conc+=,/mods/c256k.ko:pgpbig_256k:$(lc "$FPR_rsa4096")
	printf 'listing|listing|/sys/devices/system/cpu/online|-|0-1|%s\n' \
		"two CPUs online for the concurrency case (mk/qemu.sh -smp 2)" >>"$list"
	printf '%s|%s|%s|-||%s\n' concurrent:20 concurrent:20 "$conc" \
		"concurrency: 3 processes load/unload different signed modules, each with its signer" >>"$list"

	# make modules_install signs with gpg (patches/0007, CONFIG_MODULE_SIG_PGP_ALL) using
	# CONFIG_MODULE_SIG_PGP_HOMEDIR and, with no signer configured, gpg's default key.
	# The modules are signed in one sign-module.sh run after they are all installed
	# (patches/0008): every one of them must verify, and the list file must be gone.
	# (CONFIG_MODULE_SIG_PGP_ALL defaults off with CONFIG_MODULE_HASH_LIST: on for the test)
	make -C "$obj" M="$moddir" INSTALL_MOD_PATH="$out/modinst" -j2 \
		CONFIG_MODULE_SIG_PGP_ALL=y modules_install \
		>"$out/modinst.log"
	nmod=$(find "$out/modinst" -name '*.ko' | wc -l)
	if ! grep -q "SIGNPGP $nmod modules, -j2" "$out/modinst.log" ||
	   ! find "$out/modinst" -name '*.ko' -print0 |
		xargs -0 "$top/scripts/verify-module.sh" -q --keyring "$keys/trusted-v4.pgp" ||
	   [[ -n $(find "$out/modinst" -name .modules.pgp-sign) ]]; then
		echo "$prog: make modules_install did not sign all $nmod modules in one run:" >&2
		cat "$out/modinst.log" >&2
		exit 1
	fi
	installed=$(find "$out/modinst" -name pgptest.ko | head -n 1)
	cp "$installed" "$out/mods/installed.ko"
	case_line ok ok installed.ko "$(lc "$FPR_dsa2048")" "signed by make modules_install (gpg default key)"
	# make modules_sign signs the installed modules again: an unsigned copy put in place of
	# the installed one must come out signed.  (Linux 6.1 has no modules_sign for M= trees.)
	probe=$(make -s -n -C "$obj" M="$moddir" INSTALL_MOD_PATH="$out/modinst" modules_sign 2>&1 ||
		true)
	if ! grep -q "No rule to make target 'modules_sign'" <<<"$probe"; then
		cp "$moddir/pgptest.ko" "$installed"
		make -s -C "$obj" M="$moddir" INSTALL_MOD_PATH="$out/modinst" \
			CONFIG_MODULE_SIG_PGP_ALL=y modules_sign >/dev/null
		cp "$installed" "$out/mods/resigned.ko"
		case_line ok ok resigned.ko "$(lc "$FPR_dsa2048")" \
			"unsigned module signed by make modules_sign"
	fi
	rm -rf "$out/modinst"
	"$top/tests/qemu/cases-dkms.sh" "$obj" "$out"	# a module built and signed by dkms (sign_file=)

	# Malformed-signature corpus: one defect per module, each with its errno.
	python3 "$top/tests/qemu/make-corpus.py" "$out/mods/rsa2048-sha256.ko" "$FPR_rsa2048" \
		"$out/mods" "$list"

	# The OpenPGP layer's corpus (tests/host/pgp/gen-malformed.py, 48 payloads), wrapped into
	# modules by tests/host/module/wrap-corpus.py with the loader's errno for each.
	sign wide.ko "$FPR_rsa3072" sha256 --reserve 65536
	python3 "$top/tests/host/module/wrap-corpus.py" --extract "$out/mods/wide.ko" "$out/wide.sig"
	python3 "$top/tests/host/pgp/gen-malformed.py" "$out/wide.sig" "$out/pgpcorpus" 2>/dev/null
	python3 "$top/tests/host/module/wrap-corpus.py" "$out/mods/wide.ko" "$out/pgpcorpus" \
		"$out/pgpwrapped" >/dev/null
	while IFS=$'\t' read -r m e what; do
		[[ $m == \#* || -z $m ]] && continue
		cp "$out/pgpwrapped/$m" "$out/mods/pc-$m"
		case $e in
		ok|OK) case_line ok ok "pc-$m" "$(lc "$FPR_rsa3072")" "pgp corpus: $what" ;;
		ENOKEY|ENOPKG) case_line taint EKEYREJECTED "pc-$m" "" "pgp corpus: $what ($e)" ;;
		*) case_line "$e" "$e" "pc-$m" "" "pgp corpus: $what" ;;
		esac
	done <"$out/pgpwrapped/MANIFEST"
	rm -rf "$out/pgpcorpus" "$out/pgpwrapped" "$out/wide.sig" "$out/mods/wide.ko"

	# Differential testing against gpgv and sqv (DIFF_COUNT random cases, default 100).
	"$top/tests/qemu/make-differential.sh" "$module" "$out" "${DIFF_COUNT:-100}" "${DIFF_SEED:-1}"

	# Single-byte tamper sweep, two masks, one module per public-key algorithm: every
	# byte of the RSA module; of the others every SWEEP_STRIDE-th byte (default 16; 1 in
	# make check-full) of the bulk regions (signed data, section header table, container
	# padding) and every byte of the rest (ELF header, names, module_sig's header and
	# packets).  What each byte's change must cause comes from
	# tests/qemu/siglayout.py (a reader of its own), after a positive control.
	# Linux 6.1's loader checks an unsigned module's ELF headers less than 6.12's does:
	# with a byte of .shstrtab's section header changed, the module no longer names a
	# module_sig, loads unsigned when not enforcing (6.12 refuses it, ENOEXEC), and a
	# later offset of the sweep crashed 6.1 in module_finalize() reading section names
	# (mainline 6.1 code, given a module it takes as unsigned).  On 6.1 the sweep runs in
	# the enforcing boot only, which refuses an unsigned module before parsing it.
	perm_sweep=1
	case $(cat "$obj/include/config/kernel.release" 2>/dev/null) in
	6.1 | 6.1.*) perm_sweep=0 ;;
	esac
	for kd in rsa2048-sha256:1 dsa2048-sha256:${SWEEP_STRIDE:-16} \
		ed25519-sha512:${SWEEP_STRIDE:-16} nistp256-sha256:${SWEEP_STRIDE:-16}; do
		m=${kd%:*} st=${kd#*:} k=${kd%%-*}
		fpr=$(eval echo "\$FPR_$k")
		for mask in 0x01 0x80; do
			python3 "$top/tests/qemu/siglayout.py" map "$out/mods/$m.ko" "$mask" \
				"$out/mods/$m.ko.$mask.map"
			how=$mask desc="tamper sweep: $m module xor $mask, every byte"
			((st > 1)) && how+=:$st desc+=" of the signature, every ${st}th of the bulk"
			if ((perm_sweep)); then
				case_line "sweep:$how" "sweep:$how" "$m.ko" "$(lc "$fpr")" "$desc"
			else
				case_line skip "sweep:$how" "$m.ko" "$(lc "$fpr")" "$desc"
			fi
		done
	done

	# The checks themselves, on inputs they must fail ("not:" inverts a case): the sweep's
	# positive control on a file that is no module, a sweep whose map is wrong, the
	# concurrency case with a wrong signer, an errno expectation against an unsigned
	# load and against a file that cannot be opened.
	head -c 4096 /dev/urandom >"$out/mods/notmodule.ko"
	echo "0 4096 EKEYREJECTED signed data" >"$out/mods/notmodule.ko.0x01.map"
	case_line not:sweep:0x01 not:sweep:0x01 notmodule.ko "$(lc "$FPR_rsa2048")" \
		"self-test: a sweep over a file that is no module fails its positive control"
	cp "$out/mods/rsa2048-sha256.ko" "$out/mods/sweepwrong.ko"
	echo "0 $(stat -c %s "$out/mods/sweepwrong.ko") signed signed data" \
		>"$out/mods/sweepwrong.ko.0x01.map"
	case_line not:sweep:0x01:4096 not:sweep:0x01:4096 sweepwrong.ko "$(lc "$FPR_rsa2048")" \
		"self-test: a sweep whose map says every change still loads signed fails"
	printf '%s|%s|%s|-||%s\n' not:concurrent:1 not:concurrent:1 \
		"/mods/rsa2048-sha256.ko:pgptest:$(lc "$FPR_rsa3072"),/mods/c64k.ko:pgpbig_64k:$(lc "$FPR_dsa3072")" \
		"self-test: the concurrency case fails on a wrong signer" >>"$list"
	case_line not:EKEYREJECTED EKEYREJECTED unsigned.ko "" \
		"self-test: permissive, an errno expectation does not take an unsigned load"
	case_line not:EKEYREJECTED not:EKEYREJECTED does-not-exist.ko "" \
		"self-test: an errno expectation does not take a file that cannot be opened"

	# Malformed containers: found before any hashing, refused in both boots.
	cp "$out/mods/rsa2048-sha256.ko" "$out/mods/alloc.ko"
	python3 "$top/tests/elfedit.py" set-shdr "$out/mods/alloc.ko" module_sig flags 2  # SHF_ALLOC
	case_line EBADMSG EBADMSG alloc.ko "" "module_sig with SHF_ALLOC refused"
	cp "$out/mods/rsa2048-sha256.ko" "$out/mods/pasteof.ko"
	python3 "$top/tests/elfedit.py" set-shdr "$out/mods/pasteof.ko" module_sig size \
		$(($(stat -c %s "$out/mods/pasteof.ko") + 16))
	case_line EBADMSG EBADMSG pasteof.ko "" "module_sig reaching past the end of the file refused"
	cp "$out/mods/rsa2048-sha256.ko" "$out/mods/twosig.ko"
	python3 "$top/tests/elfedit.py" rename-as "$out/mods/twosig.ko" .comment module_sig
	case_line EBADMSG EBADMSG twosig.ko "" "two module_sig sections refused"
	"$top/tests/qemu/cases-loader.sh" "$obj" "$module" "$out"	# blacklist, PKCS#7 fallback, non-ELF
	# mainline's own ML-DSA module signatures (7.x) beside ours
	if grep -q '^CONFIG_CRYPTO_MLDSA=y' "$obj/.config"; then
		"$top/tests/qemu/cases-mainline.sh" "$obj" "$module" "$out"
	fi
fi

# The list of the build's module hashes (CONFIG_MODULE_HASH_LIST).  Keep it last: its last
# cases raise lockdown for the rest of the boot.
"$top/tests/qemu/cases-hashlist.sh" "$obj" "$module" "$out"

echo "$prog: $(grep -c . "$list") cases in $list"
