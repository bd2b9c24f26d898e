#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host test of the kmod patch (patches/kmod): Debian's kmod 30 and 34.2 built with it from
# their source packages; their modinfo on our signed modules, Debian's own modules, crafted
# and fuzzed sections; kmod's own testsuite; the reader's mutants (TAP).
set -uo pipefail

usage() {
	cat <<'USAGE'
Usage: tests/host/kmod/run.sh [--quick]

  * builds Debian's kmod 30+20221128-1 (bookworm) and 34.2-2 (trixie) with and without
    the patch (mk/kmod.sh: the source through mk/apt-private.sh, checked against the
    archive's signed index; cached in build/kmod) and runs kmod's own testsuite on the
    patched builds (make check, meson test);
  * the reader alone (tests/fuzz/fuzz_kmod_pgp.c built with -DKMOD_PGP_DUMP, ASan and
    UBSan) on the crafted sections of cases.py, each answer written out there;
  * the patched modinfo of both versions on the same sections inside a real module;
  * modules of Debian's signed linux-image-6.12.*-cloud-amd64 (apt-get download, cached in
    build/distro-signed), their PKCS#7 signature replaced by scripts/pgp-sign-module with
    every algorithm it makes: v4 RSA, DSA, Ed25519, ECDSA P-256 through gpg, v6 Ed25519,
    Ed448, ML-DSA-65+Ed25519, ML-DSA-87+Ed448, SLH-DSA-SHAKE-128s (--secret-key), each as
    .ko.xz, one as .ko, all nine in one module, and PKCS#7 and module_sig together: the fields modinfo shows
    against the keys' fingerprints (gpg's, --gen-key's), the digest asked for, the key's
    algorithm, the signer, the signature fields of the packet, each module checked good
    by the kernel's code (pgp-sign-module --verify);
  * every module of that package (PKCS#7-signed) and an unsigned one: the patched modinfo's
    output byte for byte that of the unpatched one (and, for 30, of this machine's
    /sbin/modinfo when it is Debian's kmod 30+20221128-1);
  * the fuzz corpus (tests/fuzz/corpus/kmod_pgp and build/fuzz/kmod's run) inside a module:
    modinfo exits 0 with a sig_id line for each;
  * mutants.txt: each mutant of the reader must be caught (--quick leaves them out);
  * mk/kmod.sh --export: the whole patch applies to Debian's source of each version.
Prints TAP; exits non-zero on any failure.  PGP_SIGN_MODULE names the signing program
(else one is built into the scratch directory).
USAGE
}

quick=0
case ${1:-} in
-h|--help) usage; exit 0 ;;
--quick) quick=1 ;;
"") ;;
*) usage >&2; exit 2 ;;
esac

top=$(cd "$(dirname "$0")/../../.." && pwd)
here=$top/tests/host/kmod
T=$(mktemp -d)
export GNUPGHOME=$T/gnupg
mkdir -m 700 "$GNUPGHOME"
trap 'gpgconf --kill gpg-agent >/dev/null 2>&1; rm -rf "$T"' EXIT
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
# shellcheck source=tests/lib/plan.sh
. "$top/tests/lib/plan.sh"
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
plan_first 49

cases=$here/cases.py
# elapsed: the seconds since the last call, as a TAP comment (make check prints each test's time)
last=$SECONDS
elapsed() {
	echo "# ($((SECONDS - last)) s)"
	last=$SECONDS
}
declare -A MI	# MI[30], MI[34]: the patched modinfo; MI[30p], MI[34p]: Debian's as it is

# ---- kmod, built four ways, and its own testsuite ----
for v in 30 34; do
	for kind in patched pristine; do
		if [[ $kind == pristine ]]; then
			opts=(--pristine) key=${v}p
		else
			opts=(--test) key=$v
		fi
		if out=$(nice "$top/mk/kmod.sh" "${opts[@]}" "$v" 2> "$T/kmod.log"); then
			MI[$key]=$out/$([[ $v == 30 ]] && echo tools/modinfo || echo modinfo)
			if [[ $kind == patched ]]; then
				ok "kmod $v with the patch: built from Debian's source; its testsuite: $(tail -n 1 "$T/kmod.log")"
			else
				ok "kmod $v as Debian ships it: built from the same source"
			fi
		else
			nok "kmod $v ($kind): build or testsuite failed"
			sed 's/^/# /' "$T/kmod.log" | tail -n 15
		fi
	done
done
have() { [[ -n ${MI[$1]:-} && -x ${MI[$1]} ]]; }
# the check of the source against the signed index: the tarballs as fetched pass, one
# byte changed in one of them fails
dl=$("$top/mk/kmod.sh" --fetch 34 2> /dev/null) && mkdir -p "$T/dl" && cp "$dl"/kmod_*.tar.xz "$T/dl/"
if [[ -n $dl ]] && "$top/mk/kmod.sh" --check 34 "$T/dl" > /dev/null 2>&1 &&
	printf '\1' | dd of="$T/dl/kmod_34.2-2.debian.tar.xz" bs=1 seek=200 conv=notrunc 2> /dev/null &&
	! "$top/mk/kmod.sh" --check 34 "$T/dl" > /dev/null 2>&1; then
	ok "the source is checked against the signed index (InRelease, Sources): one changed byte in a tarball is refused"
else
	nok "the check of the source against the index"
fi
# norm [FILE]: modinfo's lines from the first sig_id on, a hex value's continuation lines
# joined and its colons dropped (what `cases.py norm` does, without starting Python)
norm() {
	awk '
		/^\t/ { if (n) { v = $0; gsub(/[\t:]/, "", v); out[n] = out[n] v }; next }
		!n && !/^sig_id:/ { next }
		/^(sig_key|signature):/ { k = $0; sub(/:.*/, "", k); v = substr($0, length(k) + 2)
			gsub(/[ :]/, "", v); out[++n] = sprintf("%-16s%s", k ":", v); next }
		{ out[++n] = $0 }
		END { for (i = 1; i <= n; i++) print out[i] }' "$@"
}

elapsed
# ---- the reader alone, under ASan and UBSan ----
python3 "$cases" write "$T/cases"
ncases=$(find "$T/cases" -name '*.sec' | wc -l)
dump=$T/dump
build_dump() { # build_dump SRC OUT
	gcc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -Wall -Wextra -Werror \
		-DKMOD_PGP_DUMP -I"$top/patches/kmod/libkmod" -o "$2" \
		"$top/tests/fuzz/fuzz_kmod_pgp.c" "$1"
}
# run_cases DRIVER: every crafted case as expected; prints the names of the others
run_cases() {
	local s name bad=0
	for s in "$T"/cases/*.sec; do
		name=$(basename "$s" .sec)
		if ! "$1" "$s" > "$T/case.out" 2>&1 || ! cmp -s "$T/case.out" "$T/cases/$name.expect"; then
			echo "$name"
			bad=1
		fi
	done
	return $bad
}
if build_dump "$top/patches/kmod/libkmod/libkmod-signature-pgp.c" "$dump" 2> "$T/dump.log"; then
	if missed=$(run_cases "$dump"); then
		ok "the reader (ASan+UBSan): $ncases crafted sections, each answered as written in cases.py"
	else
		nok "the reader: crafted sections answered otherwise: ${missed//$'\n'/ }"
	fi
else
	nok "the reader does not build with -Wall -Wextra -Werror"
	sed 's/^/# /' "$T/dump.log" | head -n 20
fi
# the check itself: one expectation changed must fail it
cp "$T/cases/v4-rsa.expect" "$T/keep"
sed -i 's/sha512/sha256/' "$T/cases/v4-rsa.expect"
if [[ -x $dump ]] && ! run_cases "$dump" > /dev/null; then
	ok "self-test: a changed expectation (v4-rsa's hash) fails the crafted cases"
else
	nok "self-test: a changed expectation passed"
fi
mv "$T/keep" "$T/cases/v4-rsa.expect"

elapsed
# ---- a real module to carry the sections: Debian's, as its package ships it ----
cache=$top/build/distro-signed
mkdir -p "$cache"
pkg=$(apt-cache search --names-only '^linux-image-6\.12\.[0-9]+\+deb[0-9]+-cloud-amd64$' |
	awk '{ print $1 }' | sort -V | tail -n 1)
deb=
if [[ -n $pkg ]]; then
	deb=$(find "$cache" -maxdepth 1 -name "${pkg}_*_amd64.deb" | head -n 1)
	if [[ -z $deb ]]; then
		(cd "$cache" && apt-get download -q "$pkg" > "$T/dl.log" 2>&1)
		deb=$(find "$cache" -maxdepth 1 -name "${pkg}_*_amd64.deb" | head -n 1)
	fi
fi
mods=()
if [[ -n $deb ]]; then
	root=$cache/${pkg}.x
	if [[ ! -f $root/.done ]]; then
		rm -rf "$root"
		dpkg-deb -x "$deb" "$root" && touch "$root/.done"
	fi
	mapfile -t mods < <(find "$root/lib/modules" -name '*.ko*' | sort)
fi
if ((${#mods[@]} > 100)); then
	ok "Debian's $pkg: ${#mods[@]} modules, PKCS#7-signed"
else
	nok "no signed linux-image-6.12.*-cloud-amd64 package (apt-get download of '${pkg:-none}' failed)"
	sed 's/^/# /' "$T/dl.log" 2> /dev/null | tail -n 5
fi
base=
for m in "${mods[@]}"; do
	[[ $m == */af_key.ko.xz ]] && base=$m
done
[[ -n $base || ${#mods[@]} -eq 0 ]] || base=${mods[0]}
host=$T/host.ko
if [[ -n $base ]]; then
	xz -dc "$base" > "$T/host-pkcs7.ko"
	python3 "$cases" strip "$T/host-pkcs7.ko" "$host"
fi

# with_section SEC OUT: the unsigned module with SEC as its module_sig
with_section() {
	objcopy --add-section module_sig="$1" --set-section-flags module_sig=readonly "$host" "$2"
}
# modinfo_cases VERSION: the patched modinfo on every crafted case inside the module
modinfo_cases() {
	local s name bad=()
	for s in "$T"/cases/*.sec; do
		name=$(basename "$s" .sec)
		with_section "$s" "$T/m-$name.ko" || { bad+=("$name(objcopy)"); continue; }
		if ! "${MI[$1]}" "$T/m-$name.ko" > "$T/mi.out" 2>&1 ||
		   ! norm "$T/mi.out" | cmp -s - "$T/cases/$name.expect"; then
			bad+=("$name")
		fi
		rm -f "$T/m-$name.ko"
	done
	((${#bad[@]} == 0)) || { echo "${bad[*]}"; return 1; }
}
for v in 30 34; do
	if ! have "$v" || [[ ! -f $host ]]; then
		nok "modinfo $v on the crafted sections: no patched modinfo or no module"
	elif missed=$(modinfo_cases "$v"); then
		ok "modinfo $v (patched) on $ncases crafted sections in Debian's $(basename "$base" .xz): the lines cases.py expects"
	else
		nok "modinfo $v on crafted sections answered otherwise: $missed"
	fi
done

elapsed
# ---- signed modules: every algorithm the signer makes ----
if [[ -n ${PGP_SIGN_MODULE:-} ]]; then
	tool=$PGP_SIGN_MODULE
elif sign_tool "$T/tool" 2> "$T/tool.log"; then
	tool=$PGP_SIGN_MODULE
else
	tool=
fi
g() { gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" 2> /dev/null; }
fpr_of() { gpg --batch --with-colons --list-keys "$1" 2> /dev/null | awk -F: '$1 == "fpr" { print $10; exit }'; }
declare -A KEY ALGO SIGNER VER
g --quick-gen-key "RSA Signer <rsa@example.org>" rsa2048 sign never
g --quick-gen-key "DSA Signer <dsa@example.org>" dsa2048 sign never
g --quick-gen-key "Ed Signer <ed@example.org>" ed25519 sign never
g --quick-gen-key "P256 Signer <p256@example.org>" nistp256 sign never
for a in rsa dsa ed p256; do
	KEY[$a]=$(fpr_of "<$a@example.org>") SIGNER[$a]=$a@example.org VER[$a]=4
done
ALGO[rsa]=RSA ALGO[dsa]=DSA ALGO[ed]=EdDSA ALGO[p256]=ECDSA
v6algos=(ed25519-v6 ed448-v6 mldsa65-ed25519 mldsa87-ed448 slhdsa128s)
ALGO[ed25519-v6]=Ed25519 ALGO[ed448-v6]=Ed448
ALGO[mldsa65-ed25519]=ML-DSA-65+Ed25519 ALGO[mldsa87-ed448]=ML-DSA-87+Ed448
ALGO[slhdsa128s]=SLH-DSA-SHAKE-128s
gpg --batch --export > "$T/keyring.gpg" 2> /dev/null
if [[ -n $tool ]]; then
	for a in "${v6algos[@]}"; do
		KEY[$a]=$("$tool" --gen-key "$a" "V6 $a <$a@example.org>" "$T/$a.key" "$T/$a.pub" 2> /dev/null |
			tail -n 1) SIGNER[$a]="V6 $a <$a@example.org>" VER[$a]=6
		cat "$T/$a.pub" >> "$T/keyring.gpg"
	done
fi

# sign_one NAME MODULE: sign MODULE (its PKCS#7 replaced) with key NAME, sha512
sign_one() {
	if ((VER[$1] == 4)); then
		"$tool" -q -u "${SIGNER[$1]}" --replace-pkcs7 --append "$2"
	else
		"$tool" -q --secret-key "$T/$1.key" --replace-pkcs7 --append "$2"
	fi
}
# expect NAME...: the lines each signature by key NAME gives, in order, the signature
# fields taken from the module's own section (tests/lib/pgpmod.py)
expect() {
	local a
	for a in "$@"; do
		printf 'sig_id:         OpenPGP v%s\nsigner:         %s\nsig_key:        %s\n' \
			"${VER[$a]}" "${SIGNER[$a]}" "${KEY[$a]}"
		printf 'sig_hashalgo:   sha512\nsig_algo:       %s\nsignature:      @\n' "${ALGO[$a]}"
	done
}
# fields MODULE: the signature fields of each packet of MODULE's module_sig, in hex
fields() {
	python3 - "$1" <<'PY'
import lzma, struct, sys, os
sys.path.insert(0, os.path.join(os.environ['top'], 'tests', 'lib'))
import pgpmod
data = open(sys.argv[1], 'rb').read()
if sys.argv[1].endswith('.xz'):
    data = lzma.decompress(data)
sec = pgpmod.find_section(pgpmod.elf_sections(data), 'module_sig')
off, n = pgpmod.container_payload(data, sec['offset'])
p = off
while p < off + n:
    tag, hl, bl = pgpmod.packet_header(data, p)
    body = data[p + hl:p + hl + bl]
    if body[0] == 4:
        f = pgpmod.split_sig_v4(body)[7]
    else:
        (hl6,) = struct.unpack('>I', body[4:8])
        q = 8 + hl6
        (ul6,) = struct.unpack('>I', body[q:q + 4])
        q += 4 + ul6 + 2
        f = body[q + 1 + body[q]:]
    print(f.hex().upper())
    p += hl + bl
PY
}
export top
# check_signed VERSION MODULE NAME...: modinfo's OpenPGP lines of MODULE, against the
# expectation; the PKCS#7 lines before them (if any) those of the unpatched modinfo
check_signed() {
	local v=$1 m=$2
	shift 2
	expect "$@" > "$T/exp0"
	[[ -s $m.fields ]] || fields "$m" > "$m.fields" || return 1
	cp "$m.fields" "$T/fields"
	awk 'NR == FNR { f[++n] = $0; next } /^signature: *@$/ { sub(/@$/, f[++i]) } { print }' \
		"$T/fields" "$T/exp0" > "$T/exp"
	"${MI[$v]}" "$m" > "$T/got" 2>&1 || { echo "modinfo failed"; return 1; }
	norm "$T/got" > "$T/got.norm"
	if ! diff "$T/exp" "$T/got.norm" > "$T/diff"; then
		head -n 8 "$T/diff"
		return 1
	fi
}
signed_ok=1
if [[ -z $tool || ! -f $host ]]; then
	signed_ok=0
else
	for a in rsa dsa ed p256 "${v6algos[@]}"; do
		cp "$base" "$T/$a.ko.xz"
		sign_one "$a" "$T/$a.ko.xz" > "$T/sign.log" 2>&1 || { signed_ok=0; sed 's/^/# /' "$T/sign.log"; }
	done
	cp "$base" "$T/all.ko.xz"
	"$tool" -q -u rsa@example.org --replace-pkcs7 --reserve 24576 "$T/all.ko.xz" > "$T/sign.log" 2>&1 ||
		signed_ok=0
	for a in dsa ed p256 "${v6algos[@]}"; do
		sign_one "$a" "$T/all.ko.xz" >> "$T/sign.log" 2>&1 || signed_ok=0
	done
	cp "$host" "$T/plain.ko"
	sign_one mldsa65-ed25519 "$T/plain.ko" >> "$T/sign.log" 2>&1 || signed_ok=0
fi
verified=0 total=0
if ((signed_ok)); then
	for m in "$T"/*.ko.xz "$T/plain.ko"; do
		total=$((total + 1))
		"$tool" --verify --keyring "$T/keyring.gpg" --quiet "$m" > /dev/null 2>&1 && verified=$((verified + 1))
	done
fi
if ((signed_ok && verified == total)); then
	ok "signed modules: 9 algorithms (v4 RSA, DSA, EdDSA, ECDSA; v6 Ed25519, Ed448, ML-DSA-65+Ed25519, ML-DSA-87+Ed448, SLH-DSA-SHAKE-128s), all 9 in one module, a .ko; $verified of $total good by the kernel's code"
else
	nok "signed modules: signing failed or $verified of $total verified"
	sed 's/^/# /' "$T/sign.log" 2> /dev/null | tail -n 5
fi
for v in 30 34; do
	for a in rsa dsa ed p256 "${v6algos[@]}"; do
		if ((signed_ok)) && have "$v" && out=$(check_signed "$v" "$T/$a.ko.xz" "$a"); then
			ok "modinfo $v: .ko.xz signed by ${ALGO[$a]} (v${VER[$a]}): sig_id, signer, sig_key, sig_hashalgo, sig_algo, signature as expected"
		else
			nok "modinfo $v: .ko.xz signed by ${ALGO[$a]}: not as expected"
			printf '%s\n' "$out" | sed 's/^/# /'
		fi
	done
	if ((signed_ok)) && have "$v" && out=$(check_signed "$v" "$T/all.ko.xz" rsa dsa ed p256 "${v6algos[@]}"); then
		ok "modinfo $v: a module with 9 signatures lists each in order"
	else
		nok "modinfo $v: the module with 9 signatures: not as expected"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
	if ((signed_ok)) && have "$v" && out=$(check_signed "$v" "$T/plain.ko" mldsa65-ed25519); then
		ok "modinfo $v: an uncompressed .ko signed by ML-DSA-65+Ed25519"
	else
		nok "modinfo $v: the uncompressed .ko: not as expected"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
done
# kmod_module_get_info() through the patched libkmod: its count is the entries it lists
# info_count VERSION OUT: tests/host/kmod/info_count.c built against that libkmod
info_count() {
	local b
	b=$(dirname "$(dirname "${MI[$1]}")")
	[[ $1 == 34 ]] && b=$(dirname "${MI[$1]}")
	if [[ $1 == 30 ]]; then
		gcc -Wall -Werror -I"$b/../libkmod" -o "$2" "$here/info_count.c" \
			-L"$b/libkmod/.libs" -lkmod -Wl,-rpath,"$b/libkmod/.libs"
	else
		gcc -Wall -Werror -I"$b/../libkmod" -o "$2" "$here/info_count.c" \
			-L"$b" -lkmod -Wl,-rpath,"$b"
	fi
}
for v in 30 34; do
	if ((signed_ok)) && have "$v" && info_count "$v" "$T/ic$v" 2> "$T/ic.log" &&
		"$T/ic$v" "$T/all.ko.xz" "$T/rsa.ko.xz" "${mods[0]}" > "$T/ic.out" 2>> "$T/ic.log" &&
		awk 'NR == 1 && $3 != 9 || NR == 2 && $3 != 1 || NR == 3 && $3 != 1 { exit 1 }' "$T/ic.out"; then
		ok "kmod_module_get_info() of the patched libkmod $v: the count it returns is the number of entries it lists (9 signatures, 1, PKCS#7)"
	else
		nok "kmod_module_get_info() of libkmod $v: count and entries disagree"
		sed 's/^/# /' "$T/ic.log" "$T/ic.out" 2> /dev/null | head -n 5
	fi
done
# the check itself: a wrong fingerprint must fail it
if ((signed_ok)) && have 30; then
	keep=${KEY[ed]}
	KEY[ed]=${keep:0:39}0
	[[ $keep != "${KEY[ed]}" ]] || KEY[ed]=${keep:0:39}1
	if ! check_signed 30 "$T/ed.ko.xz" ed > /dev/null; then
		ok "self-test: a wrong fingerprint fails the signed-module check"
	else
		nok "self-test: a wrong fingerprint passed the signed-module check"
	fi
	KEY[ed]=$keep
else
	nok "self-test of the signed-module check: nothing signed"
fi

elapsed
# ---- PKCS#7: byte for byte as before ----
# same_output A B FILES...: the two modinfo programs print the same bytes for FILES
same_output() {
	local a=$1 b=$2
	shift 2
	"$a" "$@" > "$T/a.out" 2>&1
	"$b" "$@" > "$T/b.out" 2>&1
	cmp "$T/a.out" "$T/b.out"
}
for v in 30 34; do
	if have "$v" && have "${v}p" && ((${#mods[@]} > 0)) && same_output "${MI[$v]}" "${MI[${v}p]}" "${mods[@]}"; then
		ok "modinfo $v: all ${#mods[@]} PKCS#7-signed modules of $pkg, $(wc -c < "$T/a.out") bytes of output, identical with and without the patch"
	else
		nok "modinfo $v: Debian's modules give other output with the patch"
		diff "$T/a.out" "$T/b.out" 2> /dev/null | head -n 6 | sed 's/^/# /'
	fi
	if have "$v" && have "${v}p" && [[ -f $host ]] &&
		cp "$host" "$T/unsigned.ko" &&
		same_output "${MI[$v]}" "${MI[${v}p]}" "$T/unsigned.ko"; then
		ok "modinfo $v: an unsigned module, identical with and without the patch"
	else
		nok "modinfo $v: an unsigned module gives other output with the patch"
	fi
	if ((signed_ok)) && have "$v" && have "${v}p" && out=$(
		cp "$T/plain.ko" "$T/both.ko" && tail -c +$(($(stat -c %s "$host") + 1)) "$T/host-pkcs7.ko" >> "$T/both.ko" &&
		"${MI[${v}p]}" "$T/both.ko" > "$T/p.out" && "${MI[$v]}" "$T/both.ko" > "$T/q.out" &&
		head -c "$(stat -c %s "$T/p.out")" "$T/q.out" > "$T/q.head" && cmp "$T/q.head" "$T/p.out" &&
		tail -c +$(($(stat -c %s "$T/p.out") + 1)) "$T/q.out" > "$T/q.rest" &&
		norm "$T/q.rest" > "$T/q.norm" && [[ $(sed -n 1p "$T/q.norm") == 'sig_id:         OpenPGP v6' ]] ||
		{ echo "pristine's output is not the start of the patched one's, or no OpenPGP v6 line after it"; false; }); then
		ok "modinfo $v: a module with an appended PKCS#7 signature and a module_sig: the PKCS#7 lines as before, then the OpenPGP ones"
	else
		nok "modinfo $v: PKCS#7 and module_sig together: not as expected"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
done
# the check itself: one byte of output changed must fail it
if have 30 && ((${#mods[@]} > 0)); then
	printf '#!/bin/sh\n"%s" "$@" | sed "1s/^filename:/filename;/"\n' "${MI[30]}" > "$T/broken-modinfo"
	chmod +x "$T/broken-modinfo"
	if ! same_output "$T/broken-modinfo" "${MI[30p]}" "${mods[0]}" > /dev/null; then
		ok "self-test: a modinfo whose output differs by one byte fails the byte-for-byte check"
	else
		nok "self-test: a different output passed the byte-for-byte check"
	fi
else
	nok "self-test of the byte-for-byte check: no modinfo or no module"
fi
sysver=$(dpkg-query -W -f '${Version}' kmod 2> /dev/null || true)
if [[ $sysver != 30+20221128-1 || ! -x /sbin/modinfo ]]; then
	skip "this machine's modinfo is not Debian's kmod 30+20221128-1 (${sysver:-none})"
elif have 30p && ((${#mods[@]} > 0)) && same_output /sbin/modinfo "${MI[30p]}" "${mods[@]}"; then
	ok "the unpatched kmod 30 built here prints what this machine's /sbin/modinfo (Debian's $sysver) prints for all ${#mods[@]} modules"
else
	nok "the unpatched kmod 30 built here and /sbin/modinfo differ"
fi

elapsed
# ---- the fuzz corpus ----
corpora=()
for d in "$top/tests/fuzz/corpus/kmod_pgp" "$top/build/fuzz/kmod/corpus-fuzz_kmod_pgp"; do
	[[ -d $d ]] && corpora+=("$d")
done
mapfile -t fz < <( ((${#corpora[@]})) && find "${corpora[@]}" -type f | sort | head -n 400)
for v in 30 34; do
	if ((${#fz[@]} == 0)); then
		skip "modinfo $v on the fuzz corpus: no corpus (tests/fuzz/build-kmod.sh makes build/fuzz/kmod)"
		continue
	fi
	nbad=0 nmi=0
	for f in "${fz[@]}"; do
		with_section "$f" "$T/fz.ko" 2> /dev/null || continue
		nmi=$((nmi + 1))
		if ! "${MI[$v]}" "$T/fz.ko" > "$T/fz.out" 2>&1 || ! grep -q '^sig_id:' "$T/fz.out"; then
			nbad=$((nbad + 1))
			echo "# $f"
		fi
	done
	if have "$v" && ((nbad == 0 && nmi > 0)); then
		ok "modinfo $v on $nmi sections of the fuzz corpus: exit 0 and a sig_id line each"
	else
		nok "modinfo $v on the fuzz corpus: $nbad of $nmi failed"
	fi
done

elapsed
# ---- the mutants of the reader ----
if ((quick)); then
	skip "mutants of the reader (--quick)"
else
	nmut=0 caught=0 missed=()
	# the signed modules' sections too
	if ((signed_ok)); then
		for a in all plain; do
			m=$T/$a.ko; [[ -f $m ]] || { xz -dc "$T/$a.ko.xz" > "$T/$a.ko"; m=$T/$a.ko; }
			# --dump-section: module_sig is not SHF_ALLOC, which "-O binary" leaves out
			objcopy --dump-section module_sig="$T/cases/signed-$a.sec" "$m" "$T/dump.tmp"
			grep -q 'sig_id: *OpenPGP v' <("$dump" "$T/cases/signed-$a.sec") ||
				missed+=("the signed module $a's section not read")
			"$dump" "$T/cases/signed-$a.sec" > "$T/cases/signed-$a.expect"
		done
	fi
	while IFS=$'\t' read -r expr what; do
		[[ -z $expr || $expr == \#* ]] && continue
		nmut=$((nmut + 1))
		sed -z "$expr" "$top/patches/kmod/libkmod/libkmod-signature-pgp.c" > "$T/mut.c"
		if cmp -s "$T/mut.c" "$top/patches/kmod/libkmod/libkmod-signature-pgp.c"; then
			missed+=("$what (the expression changes nothing)")
			continue
		fi
		cp "$top/patches/kmod/libkmod/libkmod-signature-pgp.h" "$T/"
		if ! build_dump "$T/mut.c" "$T/mut" 2> /dev/null || ! run_cases "$T/mut" > /dev/null; then
			caught=$((caught + 1))
		else
			missed+=("$what")
		fi
	done < "$here/mutants.txt"
	if ((nmut > 0 && caught == nmut && ${#missed[@]} == 0)); then
		ok "mutants of the reader: $caught of $nmut caught"
	else
		nok "mutants of the reader: $caught of $nmut caught"
		printf '# missed: %s\n' "${missed[@]}"
	fi
fi

elapsed
# ---- the whole patch, as a kmod maintainer gets it ----
for v in 30 34; do
	if "$top/mk/kmod.sh" --export "$v" "$T/kmod-$v.patch" > /dev/null 2> "$T/export.log" &&
		dl=$("$top/mk/kmod.sh" --fetch "$v" 2> /dev/null) && mkdir -p "$T/x$v" &&
		tar -C "$T/x$v" --strip-components=1 -xf "$dl"/kmod_*.orig.tar.xz &&
		tar -C "$T/x$v" -xf "$dl"/kmod_*.debian.tar.xz &&
		(cd "$T/x$v" && while read -r p; do patch -s -p1 < "debian/patches/$p" || exit 1; done \
			< <(grep -v -e '^#' -e '^$' debian/patches/series)) &&
		patch -s -p1 -d "$T/x$v" --dry-run < "$T/kmod-$v.patch" > "$T/export.log" 2>&1; then
		ok "mk/kmod.sh --export $v: $(grep -c '^+++ ' "$T/kmod-$v.patch") files, applies to Debian's kmod $v source"
	else
		nok "mk/kmod.sh --export $v: no patch, or it does not apply"
		sed 's/^/# /' "$T/export.log" | head -n 5
	fi
done

elapsed
plan_check || exit 1
((failed == 0))
