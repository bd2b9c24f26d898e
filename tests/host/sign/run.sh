#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests for scripts/sign-module.sh (the C hostprog pgp-sign-module
# under it), scripts/verify-module.sh and scripts/pgp-modsign-genkey.sh,
# with real gpg keys made in a temporary directory. Every signed module is checked three ways: verify-module.sh,
# gpgv and sqv (the last two on data rebuilt here with readelf + dd, without
# the scripts' own parser). Prints TAP, the plan first (the results are
# collected, then printed after it); exit status 0 only if all passed.
# Mainline's sign-file.c comes from Debian's linux-source-6.12 tarball
# (SRC_TARBALL), cached in build/host-cache.
#
# SIGN_TEST_MODULE="a.ko b.ko" runs the module-level tests on real modules
# instead of the object built from testmod.c (the first one gets the full
# tamper matrix). SIGN_TEST_QUICK=1 uses fewer key types.

# shellcheck disable=SC2015,SC2001,SC2010 # ok/nok always succeed; hidden temp files
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | grep -v SPDX | sed 's/^# \{0,1\}/  /'
	exit 0
fi

here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/../../.." && pwd)
scripts=$top/scripts
sign=$scripts/sign-module.sh
verify=$scripts/verify-module.sh
genkey=$scripts/pgp-modsign-genkey.sh


for tool in gpg gpgv sqv readelf objcopy xz zstd gzip sha256sum; do
	if ! command -v "$tool" > /dev/null 2>&1; then
		echo "Bail out! $tool not installed"
		exit 1
	fi
done

T=$(mktemp -d "${TMPDIR:-/tmp}/sign-test.XXXXXX")
homes=()
finished=0
# TAP: results go to $T/tap until the end, then the plan and the results.
exec 3>&1 > "$T/tap"
cleanup()
{
	local h

	if ((!finished)); then
		exec 1>&3
		cat -- "$T/tap" 2> /dev/null
		echo "Bail out! the test script stopped early"
	fi

	for h in "${homes[@]}"; do
		gpgconf --homedir "$h" --kill gpg-agent > /dev/null 2>&1 || true
	done
	if mountpoint -q "$T/full" 2> /dev/null; then
		umount "$T/full" || true
	fi
	chmod -R u+w "$T" 2> /dev/null || true
	rm -rf -- "$T"
}
trap cleanup EXIT

# ok, nok, skip, check DESC CMD...
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
diag()
{
	echo "# $*"
}

mkdir -p "$T/keys" "$T/m" "$T/empty-gnupg" "$T/tmp"
# The scripts' own temporary files (a SIGKILLed run cannot remove its own).
export TMPDIR=$T/tmp
chmod 700 "$T/empty-gnupg"
# Keys are dated in the past so that SOURCE_DATE_EPOCH-signed modules are
# not older than their key.
key_epoch=1700000000

# --- test modules -----------------------------------------------------------
if [[ -n ${SIGN_TEST_MODULE:-} ]]; then
	read -r -a real_modules <<< "$SIGN_TEST_MODULE"
	i=0
	for m in "${real_modules[@]}"; do
		cp -- "$m" "$T/m/base$i.ko"
		i=$((i + 1))
	done
	base=$T/m/base0.ko
else
	gcc -O2 -c -o "$T/m/base0.ko" "$here/testmod.c"
	gcc -O2 -g -c -o "$T/m/debug.ko" "$here/testmod.c"
	base=$T/m/base0.ko
fi

# --- independent helpers (readelf, dd, od: not the scripts' parser) ----------

# sections FILE -> "name type offset size" per section (decimal), from readelf
sections()
{
	local name type off size

	readelf -S -W -- "$1" |
		sed -n 's/^ *\[ *[0-9]*\] \([^ ]\+\) \+\([A-Z_0-9]\+\) \+[0-9a-f]\+ \([0-9a-f]\+\) \([0-9a-f]\+\) .*/\1 \2 \3 \4/p' |
		while read -r name type off size; do
			echo "$name $type $((16#$off)) $((16#$size))"
		done
}

# sec NAME FILE -> "offset size" in decimal, for the first section NAME
sec()
{
	sections "$2" | awk -v n="$1" '$1 == n { print $3, $4; exit }'
}

# raw_split FILE OUTDIR: writes OUTDIR/data (module_sig zeroed) and
# OUTDIR/sig (the payload) using readelf offsets.
raw_split()
{
	local f=$1 o=$2 off size plen

	mkdir -p "$o"
	read -r off size < <(sec module_sig "$f") || return 1
	[[ -n $off ]] || return 1
	cp -- "$f" "$o/data"
	head -c "$size" /dev/zero | dd of="$o/data" bs=1 seek="$off" conv=notrunc status=none
	plen=$(od -An -t u4 --endian=big -j $((off + 12)) -N 4 -- "$f" | tr -d ' ')
	((plen > 0 && plen <= size - 16)) || return 1
	dd if="$f" of="$o/sig" bs=1 skip=$((off + 16)) count="$plen" status=none
}

# raw_gpgv KEYRING FILE / raw_sqv KEYRING FILE: verify without our scripts
raw_gpgv()
{
	local d=$T/raw.$RANDOM

	raw_split "$2" "$d" || return 1
	# gpgv exits 0 for revoked keys too: also ask for GOODSIG (or
	# EXPKEYSIG: key expired after the signature was made).
	gpgv --homedir "$T/empty-gnupg" --status-fd 1 --keyring "$1" -- "$d/sig" "$d/data" \
		> "$d/status" 2> /dev/null || return 1
	grep -q '^\[GNUPG:\] \(GOODSIG\|EXPKEYSIG\) ' "$d/status"
}
raw_sqv()
{
	local d=$T/raw.$RANDOM

	raw_split "$2" "$d" || return 1
	sqv --keyring "$1" -- "$d/sig" "$d/data" > /dev/null 2>&1
}

# all_accept KEYRING FILE [verify-args]: the three verifiers accept
all_accept()
{
	local kr=$1 f=$2 plain=$2

	shift 2
	local out

	# (on failure, the per-signature lines say why)
	out=$("$verify" --keyring "$kr" "$@" -- "$f" 2>&1) || { printf '%s\n' "$out"; echo "verify-module.sh rejected"; return 1; }
	out=$("$verify" --sqv --keyring "$kr" "$@" -- "$f" 2>&1) || { printf '%s\n' "$out"; echo "verify-module.sh --sqv rejected"; return 1; }
	case $f in
	*.xz) plain=$T/plain.ko; xz -dc -- "$f" > "$plain" ;;
	*.zst) plain=$T/plain.ko; zstd -dcq -- "$f" > "$plain" ;;
	*.gz) plain=$T/plain.ko; gzip -dc -- "$f" > "$plain" ;;
	esac
	raw_gpgv "$kr" "$plain" || { echo "gpgv rejected"; return 1; }
	raw_sqv "$kr" "$plain" || { echo "sqv rejected"; return 1; }
}

# all_reject KEYRING FILE: verify-module.sh exits 1 and gpgv and sqv fail
all_reject()
{
	local kr=$1 f=$2 rc=0

	"$verify" --quiet --keyring "$kr" -- "$f" > /dev/null 2>&1 || rc=$?
	((rc == 1)) || { echo "verify-module.sh exit $rc, expected 1"; return 1; }
	rc=0
	"$verify" --quiet --sqv --keyring "$kr" -- "$f" > /dev/null 2>&1 || rc=$?
	((rc == 1)) || { echo "verify-module.sh --sqv exit $rc, expected 1"; return 1; }
	! raw_gpgv "$kr" "$f" || { echo "gpgv accepted"; return 1; }
	! raw_sqv "$kr" "$f" || { echo "sqv accepted"; return 1; }
}

# flip FILE OFFSET: XOR one byte with 0x01
flip()
{
	local b

	b=$(od -An -t u1 -j "$2" -N 1 -- "$1" | tr -d ' ')
	# shellcheck disable=SC2059
	printf "$(printf '\\%03o' $((b ^ 1)))" |
		dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# expect_fail DESC FILE CMD...: CMD fails, FILE unchanged, exactly one line
# on stderr of the form "sign-module.sh: FILE: reason" (grep pattern in
# $want, when set).
want=
expect_fail()
{
	local desc=$1 f=$2 before after rc=0 lines

	shift 2
	before=$(sha256sum < "$f")
	"$@" > "$T/out" 2> "$T/err" || rc=$?
	after=$(sha256sum < "$f")
	lines=$(wc -l < "$T/err")
	if ((rc == 0)); then
		nok "$desc: exit status non-zero"
	elif [[ $before != "$after" ]]; then
		nok "$desc: file byte-identical"
	elif ((lines != 1)) || ! grep -q "^sign-module.sh: $f: " "$T/err"; then
		nok "$desc: one-line message naming the file"
	elif [[ -n $want ]] && ! grep -q -- "$want" "$T/err"; then
		nok "$desc: message mentions '$want'"
	else
		ok "$desc (rc $rc: $(cut -c1-110 < "$T/err"))"
		want=
		return 0
	fi
	sed 's/^/# /' "$T/err"
	want=
}

# --- keys ---------------------------------------------------------------------
if [[ -n ${SIGN_TEST_QUICK:-} ]]; then
	algos=(dsa3072 rsa2048 ed25519)
else
	algos=(dsa2048 dsa3072 rsa2048 rsa3072 rsa4096 ed25519 nistp256 nistp384)
fi
declare -A fpr=()
: > "$T/all.pub"
for a in "${algos[@]}" untrusted; do
	h=$T/keys/$a
	homes+=("$h")
	ka=$a
	[[ $a == untrusted ]] && ka=ed25519
	if ! fpr[$a]=$(SOURCE_DATE_EPOCH=$key_epoch "$genkey" --homedir "$h" --algo "$ka" \
			--name "Test $a <$a@example.org>" --export "$T/keys/$a.pub" 2> "$T/err"); then
		nok "genkey $a"
		sed 's/^/# /' "$T/err"
		continue
	fi
	if [[ ${fpr[$a]} =~ ^[0-9A-F]{40}$ && -s $T/keys/$a.pub ]]; then
		ok "genkey $a: fingerprint ${fpr[$a]}"
	else
		nok "genkey $a: fingerprint and keyring"
	fi
	[[ $a == untrusted ]] || cat -- "$T/keys/$a.pub" >> "$T/all.pub"
done
gpg --homedir "$T/keys/ed25519" --batch --export --armor > "$T/ed25519.asc" 2> /dev/null
# Idempotence: a second run keeps the key.
if again=$("$genkey" --homedir "$T/keys/ed25519" --algo ed25519 --export "$T/again.pub" 2>&1) &&
   [[ $again == "${fpr[ed25519]}" ]] && cmp -s "$T/again.pub" "$T/keys/ed25519.pub"; then
	ok "genkey reuses the existing secret key"
else
	nok "genkey reuses the existing secret key"
fi
# All keys also in one homedir, to sign with --local-user.
H=$T/keys/all
homes+=("$H")
mkdir -m 700 "$H"
for a in "${algos[@]}" untrusted; do
	gpg --homedir "$T/keys/$a" --batch --export-secret-keys 2> /dev/null |
		gpg --homedir "$H" --batch --import > /dev/null 2>&1
done

# --- key x digest matrix --------------------------------------------------------
matrix=()
for a in "${algos[@]}"; do
	# (gpg signs with P-384 only with a digest of 384 bits or more)
	if [[ $a == nistp384 ]]; then
		matrix+=("$a sha384" "$a sha512")
	else
		matrix+=("$a sha256" "$a sha512")
	fi
done
matrix+=("rsa2048 sha224" "rsa2048 sha384" "ed25519 sha384")
for kd in "${matrix[@]}"; do
	read -r a d <<< "$kd"
	f=$T/m/$a-$d.ko
	cp -- "$base" "$f"
	if ! "$sign" --quiet --homedir "$H" --local-user "${fpr[$a]}" --digest "$d" "$f" 2> "$T/err"; then
		nok "sign $a $d"
		sed 's/^/# /' "$T/err"
		continue
	fi
	check "$a $d: verify-module.sh, gpgv and sqv accept" all_accept "$T/all.pub" "$f"
	out=$("$verify" --keyring "$T/all.pub" "$f" 2>&1 || true)
	if grep -q "signer ${fpr[$a]} .* digest ${d^^} created .*: good" <<< "$out"; then
		ok "$a $d: verify-module.sh reports signer, digest and verdict"
	else
		nok "$a $d: verify-module.sh reports signer, digest and verdict"
		sed 's/^/# /' <<< "$out"
	fi
done

# --- digests too short for the key ------------------------------------------------
# RFC 9580 forbids a DSA digest shorter than q and Ed25519 below 256 bits; gpgv
# accepts both, the kernel refuses them (ENOPKG), so verify-module.sh must too
# (the kernel agreement check below compares the same files).
# gpg itself will not make a DSA signature over a digest shorter than q:
f=$T/m/short-dsa3072-sha224.ko
cp -- "$base" "$f"
if ! "$sign" --quiet --homedir "$H" --local-user "${fpr[dsa3072]}" --digest sha224 "$f" 2> /dev/null &&
   cmp -s "$base" "$f"; then
	ok "dsa3072 sha224 (digest shorter than q): the signer refuses, module unchanged"
else
	nok "dsa3072 sha224 (digest shorter than q): the signer refuses, module unchanged"
fi
rm -f -- "$f"
# short_digest_case KEYRING MODULE WANT: verify-module.sh's verdict (good or short)
short_digest_case()
{
	local kr=$1 f=$2 want=$3 rc=0 out

	out=$("$verify" --keyring "$kr" "$f" 2>&1) || rc=$?
	if [[ $want == good ]] && ((rc == 0)) && grep -q ": good (1 of 1" <<< "$out"; then
		ok "${f##*/}: verify-module.sh accepts (the control)"
	elif [[ $want == short ]] && ((rc == 1)) &&
	     grep -q "digest 224 bits is shorter than .*(the kernel refuses it, ENOPKG)" <<< "$out"; then
		ok "${f##*/}: verify-module.sh refuses a digest shorter than the key needs, as the kernel does"
	else
		nok "${f##*/}: verify-module.sh says $want (exit $rc)"
		sed 's/^/# /' <<< "$out"
	fi
}
# ... so the DSA case is crafted (tests/vectors/pgpcraft.py: q of 256 bits, SHA-224 and
# a SHA-256 control); gpg signs Ed25519 over SHA-224 when asked.
if python3 "$top/tests/vectors/pgpcraft.py" weak-module "$T/m/ed25519-sha512.ko" "$T/weak-dsa" \
	2> "$T/err"; then
	cp -- "$T/weak-dsa/dsa-q256-sha224.ko" "$T/weak-dsa/dsa-q256-sha256.ko" "$T/m/"
	short_digest_case "$T/weak-dsa/dsa-q256.pub" "$T/m/dsa-q256-sha256.ko" good
	short_digest_case "$T/weak-dsa/dsa-q256.pub" "$T/m/dsa-q256-sha224.ko" short
else
	nok "pgpcraft.py weak-module: DSA q=256 modules"
	sed 's/^/# /' "$T/err"
fi
f=$T/m/short-ed25519-sha224.ko
cp -- "$base" "$f"
if "$sign" --quiet --homedir "$H" --local-user "${fpr[ed25519]}" --digest sha224 "$f" 2> "$T/err"; then
	short_digest_case "$T/all.pub" "$f" short
else
	nok "sign ed25519 sha224 (a digest the kernel refuses, for verify-module.sh)"
	sed 's/^/# /' "$T/err"
fi

# Reference signed module for the rest: Ed25519, the default digest.
good=$T/m/ed25519-sha512.ko
kr=$T/keys/ed25519.pub

# --- tampering ------------------------------------------------------------------
tamper_one()
{
	local desc=$1 src=$2 off=$3 f

	# one file per case, so that the kernel agreement check sees them all
	tamper_n=$((${tamper_n:-0} + 1))
	f=$T/m/tampered$tamper_n.ko

	cp -- "$src" "$f"
	flip "$f" "$off"
	if cmp -s "$src" "$f"; then
		nok "tamper $desc: file changed"
		return
	fi
	check "one byte changed in $desc (offset $off): all three reject" all_reject "$4" "$f"
}

tamper_matrix()
{
	local src=$1 key=$2 label=$3 shoff cls64 name o s plen gap

	cls64=0
	readelf -h -- "$src" | grep -q 'Class: *ELF64' && cls64=1
	shoff=$(readelf -h -- "$src" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
	if ((cls64)); then
		tamper_one "$label ELF header (e_flags)" "$src" 48 "$key"
		tamper_one "$label section header table (sh_addr of section 1)" "$src" $((shoff + 64 + 16)) "$key"
	else
		tamper_one "$label ELF header (e_flags)" "$src" 36 "$key"
		tamper_one "$label section header table (sh_addr of section 1)" "$src" $((shoff + 40 + 12)) "$key"
	fi
	for name in .text .init.text .rodata .data .modinfo .symtab .strtab .rela.text; do
		read -r o s < <(sec "$name" "$src") || true
		if [[ -z ${o:-} || ${s:-0} -eq 0 ]]; then
			if [[ -n ${SIGN_TEST_MODULE:-} ]]; then
				skip "$label $name: no such section"
			else
				nok "$label $name: section present in the test object"
			fi
			continue
		fi
		tamper_one "$label $name" "$src" $((o + s / 2)) "$key"
		o='' s=''
	done
	# Padding: the first gap between two consecutive section contents.
	gap=$(sections "$src" |
		awk '$2 != "NOBITS" && $2 != "NULL" { print $3, $4 }' |
		sort -n | awk 'NR > 1 && $1 > end { print end; exit } { if ($1 + $2 > end) end = $1 + $2 }')
	if [[ -n $gap ]]; then
		tamper_one "$label inter-section padding" "$src" "$gap" "$key"
	else
		skip "$label inter-section padding: none"
	fi
	read -r o s < <(sec module_sig "$src")
	plen=$(od -An -t u4 --endian=big -j $((o + 12)) -N 4 -- "$src" | tr -d ' ')
	tamper_one "$label signature packet (last byte)" "$src" $((o + 16 + plen - 1)) "$key"
	tamper_one "$label signature packet (hashed area)" "$src" $((o + 16 + 12)) "$key"
}
tamper_matrix "$good" "$kr" "ed25519:"
if [[ -f $T/m/dsa3072-sha256.ko ]]; then
	tamper_matrix "$T/m/dsa3072-sha256.ko" "$T/keys/dsa3072.pub" "dsa3072:"
fi
if [[ -f $T/m/rsa2048-sha256.ko ]]; then
	tamper_matrix "$T/m/rsa2048-sha256.ko" "$T/keys/rsa2048.pub" "rsa2048:"
fi

# Wrong keyring: a good module and an untrusted key.
check "module signed by a key not in the keyring: all three reject" \
	all_reject "$T/keys/untrusted.pub" "$good"
check "armoured keyring accepted (gpgv)" "$verify" -q --keyring "$T/ed25519.asc" "$good"
check "armoured keyring accepted (sqv)" "$verify" -q --sqv --keyring "$T/ed25519.asc" "$good"
check "armoured keyring accepted (raw sqv)" raw_sqv "$T/ed25519.asc" "$good"

# --- container strictness (verify-module.sh) -----------------------------------
read -r so ss < <(sec module_sig "$good")
shoff_good=$(readelf -h -- "$good" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
plen=$(od -An -t u4 --endian=big -j $((so + 12)) -N 4 -- "$good" | tr -d ' ')
container_case()
{
	local desc=$1 off=$2 hex=$3 f=$T/m/container.ko rc=0

	cp -- "$good" "$f"
	printf '%b' "$(sed 's/../\\x&/g' <<< "$hex")" |
		dd of="$f" bs=1 seek="$off" conv=notrunc status=none
	"$verify" --keyring "$kr" -- "$f" > "$T/out" 2>&1 || rc=$?
	if ((rc == 1)) && grep -q "BAD" "$T/out"; then
		ok "container: $desc -> rejected ($(tail -n 1 "$T/out" | cut -c1-90))"
	else
		nok "container: $desc -> rejected (rc $rc)"
		sed 's/^/# /' "$T/out"
	fi
}
container_case "bad magic" "$so" 58
container_case "version 2" $((so + 8)) 02
container_case "reserved byte set" $((so + 10)) 01
container_case "payload_len beyond the section" $((so + 12)) "$(printf '%08x' $((ss - 15)))"
container_case "payload_len zero" $((so + 12)) 00000000
container_case "payload_len one short" $((so + 12)) "$(printf '%08x' $((plen - 1)))"
container_case "payload_len one long" $((so + 12)) "$(printf '%08x' $((plen + 1)))"
container_case "non-zero byte in the tail" $((so + ss - 1)) 01
container_case "non-signature packet" $((so + 16)) b4

unsigned=$T/m/unsigned.ko
cp -- "$base" "$unsigned"
rc=0
"$verify" --keyring "$kr" -- "$unsigned" > /dev/null 2>&1 || rc=$?
((rc == 2)) && ok "unsigned module: verify exit 2" || nok "unsigned module: verify exit 2 (got $rc)"
head -c 2048 /dev/zero > "$T/zeros"
objcopy --add-section module_sig="$T/zeros" "$base" "$T/m/placeholder.ko"
rc=0
"$verify" --keyring "$kr" -- "$T/m/placeholder.ko" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok "empty placeholder: malformed, verify exit 1 (as the kernel: EBADMSG)" ||
	nok "empty placeholder: malformed, verify exit 1 (got $rc)"
rc=0
"$verify" --keyring "$kr" -- "$good" "$unsigned" "$T/m/tampered1.ko" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok "good + unsigned + bad: verify exit 1" || nok "good + unsigned + bad: verify exit 1 (got $rc)"
rc=0
"$verify" --keyring "$kr" > /dev/null 2>&1 || rc=$?
((rc == 2)) && ok "verify usage error: exit 2" || nok "verify usage error: exit 2 (got $rc)"
objcopy --set-section-flags module_sig=alloc,contents,readonly "$good" "$T/m/alloc.ko"
rc=0
"$verify" --keyring "$kr" -- "$T/m/alloc.ko" > "$T/out" 2>&1 || rc=$?
((rc == 1)) && grep -q SHF_ALLOC "$T/out" && ok "module_sig with SHF_ALLOC: rejected" ||
	nok "module_sig with SHF_ALLOC: rejected (rc $rc)"
# A second module_sig section (objcopy refuses duplicates: rename another).
cp -- "$good" "$T/m/two.ko"
objcopy --rename-section .comment=module_sig "$T/m/two.ko" "$T/m/two2.ko" 2> /dev/null || true
if [[ -f $T/m/two2.ko ]] && (($(readelf -S -W "$T/m/two2.ko" | grep -c ' module_sig ') == 2)); then
	rc=0
	"$verify" --keyring "$kr" -- "$T/m/two2.ko" > "$T/out" 2>&1 || rc=$?
	((rc == 1)) && grep -q "more than one" "$T/out" && ok "two module_sig sections: rejected" ||
		nok "two module_sig sections: rejected (rc $rc)"
else
	skip "two module_sig sections: objcopy cannot make one"
fi

# module_sig moved onto .text (its header's sh_offset): must be refused.
idx=$(readelf -S -W "$good" | sed -n 's/^ *\[ *\([0-9]*\)\] module_sig .*/\1/p')
read -r to _ < <(sec .text "$good")
cp -- "$good" "$T/m/overlap.ko"
printf "%b" "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((to & 255)) $((to >> 8 & 255)) $((to >> 16 & 255)) $((to >> 24 & 255)))" |
	dd of="$T/m/overlap.ko" bs=1 seek=$((shoff_good + idx * 64 + 24)) conv=notrunc status=none
rc=0
"$verify" --keyring "$kr" -- "$T/m/overlap.ko" > "$T/out" 2>&1 || rc=$?
((rc == 1)) && grep -q "overlaps section" "$T/out" && ok "module_sig overlapping .text: rejected" ||
	{ nok "module_sig overlapping .text: rejected (rc $rc)"; sed 's/^/# /' "$T/out"; }

# At most 16 signatures (MODULE_PGP_MAX_SIGS).
cp -- "$base" "$T/m/sixteen.ko"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 4096 "$T/m/sixteen.ko"
for i in $(seq 2 16); do
	"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" --append "$T/m/sixteen.ko"
done
out=$("$verify" --keyring "$kr" "$T/m/sixteen.ko" 2>&1) && rc=0 || rc=$?
((rc == 0)) && grep -q "good (1 of 16 " <<< "$out" && ok "16 signatures: accepted" ||
	{ nok "16 signatures: accepted (rc $rc)"; tail -n 2 <<< "$out" | sed 's/^/# /'; }
want="16 signatures"
expect_fail "--append of a 17th signature" "$T/m/sixteen.ko" \
	"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" --append "$T/m/sixteen.ko"

# --- reproducibility -------------------------------------------------------------
for a in rsa2048 ed25519 dsa3072; do
	[[ -n ${fpr[$a]:-} ]] || continue
	cp -- "$base" "$T/m/r1.ko"
	cp -- "$base" "$T/m/r2.ko"
	SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" "$T/m/r1.ko"
	SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" "$T/m/r2.ko"
	if cmp -s "$T/m/r1.ko" "$T/m/r2.ko"; then
		ok "$a: SOURCE_DATE_EPOCH gives byte-identical modules"
	else
		nok "$a: SOURCE_DATE_EPOCH gives byte-identical modules"
	fi
	cp -- "$T/m/r1.ko" "$T/m/r3.ko"
	# Re-sign an already signed module (first with another key, then back).
	SOURCE_DATE_EPOCH=$((key_epoch + 500)) "$sign" -q --homedir "$H" -u "${fpr[untrusted]}" "$T/m/r3.ko"
	SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" "$T/m/r3.ko"
	if cmp -s "$T/m/r1.ko" "$T/m/r3.ko"; then
		ok "$a: re-signing a signed module gives the bytes of signing the unsigned one"
	else
		nok "$a: re-signing a signed module gives the bytes of signing the unsigned one"
	fi
	check "$a: reproducible module verifies" all_accept "$T/keys/$a.pub" "$T/m/r1.ko"
done
cp -- "$base" "$T/m/old.ko"
want="older than key"
expect_fail "SOURCE_DATE_EPOCH before the key's creation" "$T/m/old.ko" \
	env SOURCE_DATE_EPOCH=$((key_epoch - 1)) "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/old.ko"

# --- --append (key rollover) ------------------------------------------------------
ap=$T/m/append.ko
cp -- "$base" "$ap"
"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" "$ap"
"$sign" -q --homedir "$H" -u "${fpr[rsa2048]:-${fpr[ed25519]}}" --digest sha256 --append "$ap"
newkey=rsa2048
[[ -n ${fpr[rsa2048]:-} ]] || newkey=ed25519
cat -- "$T/keys/untrusted.pub" "$T/keys/$newkey.pub" > "$T/both.pub"
out=$("$verify" --keyring "$T/both.pub" "$ap" 2>&1) && rc=0 || rc=$?
if ((rc == 0)) && [[ $(grep -c ': good$' <<< "$out") -eq 2 ]] &&
   grep -q "good (2 of 2" <<< "$out"; then
	ok "--append: two signatures, each verifies"
else
	nok "--append: two signatures, each verifies (rc $rc)"
	sed 's/^/# /' <<< "$out"
fi
for v in "" --sqv; do
	rc=0
	"$verify" $v --keyring "$T/keys/$newkey.pub" "$ap" > "$T/out" 2>&1 || rc=$?
	((rc == 0)) && grep -q "good (1 of 2" "$T/out" &&
		ok "--append: old untrusted + new trusted key passes ${v:-gpgv}" ||
		nok "--append: old untrusted + new trusted key passes ${v:-gpgv} (rc $rc)"
done
check "--append: sqv (independent) accepts with only the new key" raw_sqv "$T/keys/$newkey.pub" "$ap"
check "--append: with only the old untrusted key, still 1 good" \
	"$verify" --quiet --keyring "$T/keys/untrusted.pub" "$ap"
check "--append: rejected by a keyring with neither key" \
	all_reject "$T/keys/dsa3072.pub" "$ap"
cp -- "$ap" "$T/m/append-tamper.ko"
flip "$T/m/append-tamper.ko" 100
check "--append: one byte changed, both signatures fail" all_reject "$T/both.pub" "$T/m/append-tamper.ko"
cp -- "$ap" "$T/m/append3.ko"
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/append3.ko"
out=$("$verify" --keyring "$T/all.pub" "$T/m/append3.ko" 2>&1 || true)
grep -q "good (1 of 1" <<< "$out" && ok "re-signing without --append replaces all signatures" ||
	nok "re-signing without --append replaces all signatures"

# --- compressed modules ------------------------------------------------------------
for c in xz zst gz; do
	f=$T/m/comp.ko.$c
	case $c in
	xz) xz --check=crc32 -c "$base" > "$f" ;;
	zst) zstd -q -c "$base" > "$f" ;;
	gz) gzip -n -c "$base" > "$f" ;;
	esac
	if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$f" 2> "$T/err"; then
		check ".ko.$c: signed in place, verifies three ways" all_accept "$kr" "$f"
		case $c in
		xz) check ".ko.$c: still valid $c" xz -t "$f" ;;
		zst) check ".ko.$c: still valid $c" zstd -tq "$f" ;;
		gz) check ".ko.$c: still valid $c" gzip -t "$f" ;;
		esac
	else
		nok ".ko.$c: signed"
		sed 's/^/# /' "$T/err"
	fi
done
# .ko.xz in the process (liblzma) and through the xz program: the same file,
# the stream "xz --check=crc32 --lzma2=dict=1MiB" (Kbuild's options) writes
if pkg-config --exists liblzma 2> /dev/null; then
	check "built with liblzma when pkg-config finds it (--help says so)" \
		grep -q '^This build: .ko.xz with liblzma' <("$sign" --help)
else
	skip "built with liblzma when pkg-config finds it: liblzma-dev not installed (make deps)"
fi
xz --check=crc32 -c "$base" > "$T/m/lz1.ko.xz"
cp -- "$T/m/lz1.ko.xz" "$T/m/lz2.ko.xz"
cp -- "$T/m/lz1.ko.xz" "$T/m/lz1b.ko.xz"
# (two modules in one run: the second one through the reused encoder)
SOURCE_DATE_EPOCH=$((key_epoch + 200)) "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/lz1.ko.xz" "$T/m/lz1b.ko.xz"
PGP_SIGN_MODULE_XZ=1 SOURCE_DATE_EPOCH=$((key_epoch + 200)) "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/lz2.ko.xz"
xz -dc -- "$T/m/lz1.ko.xz" > "$T/m/lz1.ko"
if cmp -s "$T/m/lz1.ko.xz" "$T/m/lz2.ko.xz" && cmp -s "$T/m/lz1b.ko.xz" "$T/m/lz2.ko.xz" &&
   xz --check=crc32 --lzma2=dict=1MiB -c < "$T/m/lz1.ko" | cmp -s - "$T/m/lz1.ko.xz" &&
   "$verify" -q --keyring "$kr" "$T/m/lz1.ko.xz"; then
	ok ".ko.xz: liblzma and the xz program write the same file, as Kbuild's xz options do"
else
	nok ".ko.xz: liblzma and the xz program write the same file, as Kbuild's xz options do"
fi
cp -- "$T/m/comp.ko.xz" "$T/m/comp-bad.ko.xz"
xz -dc "$T/m/comp.ko.xz" > "$T/m/comp-bad.ko"
flip "$T/m/comp-bad.ko" 200
xz --check=crc32 -c "$T/m/comp-bad.ko" > "$T/m/comp-bad.ko.xz"
rc=0
"$verify" --keyring "$kr" "$T/m/comp-bad.ko.xz" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok ".ko.xz tampered inside: rejected" || nok ".ko.xz tampered inside: rejected (rc $rc)"

# --- key life cycle: expiry is judged at signature time, revocation is final --------
EH=$T/keys/expiring
homes+=("$EH")
mkdir -m 700 "$EH"
gpg --homedir "$EH" --batch --faked-system-time "$key_epoch!" --pinentry-mode loopback \
	--passphrase '' --quick-gen-key "Expiring <exp@example.org>" ed25519 sign 1d > /dev/null 2>&1
gpg --homedir "$EH" --batch --export > "$T/expiring.pub" 2> /dev/null
cp -- "$base" "$T/m/expired.ko"
SOURCE_DATE_EPOCH=$((key_epoch + 100)) "$sign" -q --homedir "$EH" "$T/m/expired.ko"
check "key expired now but valid at signing time: accepted (like the kernel)" \
	all_accept "$T/expiring.pub" "$T/m/expired.ko"
cp -- "$base" "$T/m/expired2.ko"
want="gpg failed"
expect_fail "signing with an expired key" "$T/m/expired2.ko" "$sign" -q --homedir "$EH" "$T/m/expired2.ko"

RH=$T/keys/revoked
homes+=("$RH")
mkdir -m 700 "$RH"
gpg --homedir "$RH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Revoked <rev@example.org>" ed25519 sign never > /dev/null 2>&1
cp -- "$base" "$T/m/revoked.ko"
"$sign" -q --homedir "$RH" "$T/m/revoked.ko"
gpg --homedir "$RH" --batch --export > "$T/before-revocation.pub" 2> /dev/null
check "before revocation: accepted" all_accept "$T/before-revocation.pub" "$T/m/revoked.ko"
rev=$(find "$RH/openpgp-revocs.d" -name '*.rev' 2> /dev/null | head -n 1)
if [[ -n $rev ]]; then
	sed 's/^:-----/-----/' "$rev" | gpg --homedir "$RH" --batch --import > /dev/null 2>&1
	gpg --homedir "$RH" --batch --export > "$T/revoked.pub" 2> /dev/null
	check "key revoked in the keyring: all three reject" all_reject "$T/revoked.pub" "$T/m/revoked.ko"
else
	skip "revoked key: gpg wrote no revocation certificate"
fi

# --- weak keys: DSA-1024 only with --legacy (CONFIG_MODULE_SIG_PGP_LEGACY) -------------
WH=$T/keys/weak
homes+=("$WH")
mkdir -m 700 "$WH"
gpg --homedir "$WH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Weak <weak@example.org>" dsa1024 sign never > /dev/null 2>&1
gpg --homedir "$WH" --batch --export > "$T/weak.pub" 2> /dev/null
cp -- "$base" "$T/m/weak.ko"
if [[ -s $T/weak.pub ]] && "$sign" -q --homedir "$WH" --digest sha256 "$T/m/weak.ko" 2> "$T/err"; then
	rc=0
	"$verify" --keyring "$T/weak.pub" "$T/m/weak.ko" > "$T/out" 2>&1 || rc=$?
	((rc == 1)) && grep -q "below the minimum" "$T/out" &&
		ok "DSA-1024 key: refused without --legacy" ||
		{ nok "DSA-1024 key: refused without --legacy (rc $rc)"; sed 's/^/# /' "$T/out"; }
	check "DSA-1024 key: accepted with --legacy" "$verify" -q --legacy --keyring "$T/weak.pub" "$T/m/weak.ko"
else
	skip "DSA-1024: gpg cannot make or use such a key"
	skip "DSA-1024: gpg cannot make or use such a key"
fi

# --- signing subkey (primary key certifies only) --------------------------------------
SH=$T/keys/subkey
homes+=("$SH")
mkdir -m 700 "$SH"
gpg --homedir "$SH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key "Subkey <sub@example.org>" ed25519 cert never > /dev/null 2>&1
pfpr=$(gpg --homedir "$SH" --batch --with-colons --list-keys 2> /dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
gpg --homedir "$SH" --batch --pinentry-mode loopback --passphrase '' \
	--quick-add-key "$pfpr" rsa3072 sign never > /dev/null 2>&1
gpg --homedir "$SH" --batch --export > "$T/subkey.pub" 2> /dev/null
cp -- "$base" "$T/m/subkey.ko"
if "$sign" -q --homedir "$SH" "$T/m/subkey.ko" 2> "$T/err"; then
	check "signing subkey: verifies three ways" all_accept "$T/subkey.pub" "$T/m/subkey.ko"
	out=$("$verify" --keyring "$T/subkey.pub" "$T/m/subkey.ko" 2>&1 || true)
	grep -q "signer $pfpr algo RSA-3072 " <<< "$out" &&
		ok "signing subkey: reported with the primary fingerprint and the subkey's algorithm" ||
		{ nok "signing subkey: reported with the primary fingerprint"; sed 's/^/# /' <<< "$out"; }
else
	nok "signing subkey: signed"
	sed 's/^/# /' "$T/err"
fi

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
	((rc == 0)) && grep -q "appended PKCS#7" <<< "$out" &&
		ok "PGP-signed then sign-file: the OpenPGP signature still verifies" ||
		{ nok "PGP-signed then sign-file: the OpenPGP signature still verifies (rc $rc)"; sed 's/^/# /' <<< "$out"; }
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
if gcc -m32 -O2 -c -o "$T/m/i386.ko" "$here/testmod.c" 2> /dev/null; then
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/i386.ko"
	check "i386 (ELF32 with REL relocations): verifies three ways" all_accept "$kr" "$T/m/i386.ko"
	tamper_one "i386 .rel.text" "$T/m/i386.ko" "$(sec .rel.text "$T/m/i386.ko" | awk '{ print $1 + 4 }')" "$kr"
else
	skip "i386: gcc -m32 not available"
	skip "i386: gcc -m32 not available"
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

# --- many modules, parallel, progress -------------------------------------------
many=()
for i in 1 2 3 4 5 6; do
	cp -- "$base" "$T/m/many$i.ko"
	many+=("$T/m/many$i.ko")
done
if "$sign" -j 2 --homedir "$H" -u "${fpr[ed25519]}" "${many[@]}" > "$T/out" 2> "$T/err"; then
	if grep -q '^\[6/6\] ' "$T/out" && grep -q '^\[1/6\] ' "$T/out"; then
		ok "-j 2: progress lines [i/6]"
	else
		nok "-j 2: progress lines [i/6]"
	fi
	check "-j 2: all six modules verify" "$verify" -q --keyring "$kr" "${many[@]}"
else
	nok "-j 2: six modules signed"
	sed 's/^/# /' "$T/err"
fi
"$sign" -q -j 2 --homedir "$H" -u "${fpr[ed25519]}" "${many[@]}" > "$T/out" 2>&1
[[ ! -s $T/out ]] && ok "--quiet prints nothing" || nok "--quiet prints nothing"
cp -- "$base" "$T/m/many7.ko"
printf 'junk' > "$T/m/many8.ko"
rc=0
"$sign" -q -j 2 --homedir "$H" -u "${fpr[ed25519]}" "$T/m/many7.ko" "$T/m/many8.ko" > /dev/null 2>&1 || rc=$?
if ((rc != 0)) && "$verify" -q --keyring "$kr" "$T/m/many7.ko" > /dev/null 2>&1 &&
   [[ $(cat "$T/m/many8.ko") == junk ]]; then
	ok "-j 2 with one bad module: others signed, bad one untouched, exit non-zero"
else
	nok "-j 2 with one bad module: others signed, bad one untouched, exit non-zero (rc $rc)"
fi

# --- --strip -----------------------------------------------------------------------
if [[ -f $T/m/debug.ko ]]; then
	cp -- "$T/m/debug.ko" "$T/m/strip.ko"
	"$sign" -q --strip --homedir "$H" -u "${fpr[ed25519]}" "$T/m/strip.ko"
	if ! readelf -S -W "$T/m/strip.ko" | grep -q '\.debug_' &&
	   readelf -S -W "$T/m/debug.ko" | grep -q '\.debug_'; then
		ok "--strip removes debug sections"
	else
		nok "--strip removes debug sections"
	fi
	check "--strip: module verifies" all_accept "$kr" "$T/m/strip.ko"
fi

# --- passphrase-protected key -----------------------------------------------------
PH=$T/keys/pass
homes+=("$PH")
mkdir -m 700 "$PH"
echo 'correct horse' > "$T/pass.txt"
echo 'wrong' > "$T/wrong.txt"
gpg --homedir "$PH" --batch --pinentry-mode loopback --passphrase 'correct horse' \
	--quick-gen-key "Pass <pass@example.org>" ed25519 sign never > /dev/null 2>&1
gpg --homedir "$PH" --batch --export > "$T/pass.pub" 2> /dev/null
cp -- "$base" "$T/m/pass.ko"
if "$sign" -q --homedir "$PH" --passphrase-file "$T/pass.txt" "$T/m/pass.ko" 2> "$T/err"; then
	check "--passphrase-file: signed, verifies" all_accept "$T/pass.pub" "$T/m/pass.ko"
else
	nok "--passphrase-file: signed"
	sed 's/^/# /' "$T/err"
fi
gpgconf --homedir "$PH" --kill gpg-agent > /dev/null 2>&1 || true
cp -- "$base" "$T/m/pass2.ko"
want="gpg failed"
expect_fail "wrong passphrase" "$T/m/pass2.ko" \
	"$sign" -q --homedir "$PH" --passphrase-file "$T/wrong.txt" "$T/m/pass2.ko"

# --- the gpg-agent path -------------------------------------------------------------
# With two modules or more (or --agent), gpg signs an empty file once and
# pgp-sign-module has gpg-agent sign each module's digest. Its signatures
# must be gpg's own, byte for byte, and verify everywhere.
mkdir -p "$T/ma"
cat > "$T/countgpg" <<'EOF'
#!/bin/sh
for a; do [ "$a" = --detach-sign ] && echo x >> "$COUNT_FILE"; done
exec gpg "$@"
EOF
chmod +x "$T/countgpg"
# counted CMD...: runs CMD with a gpg that counts its signatures; the count
# goes to gpg_count.
gpg_count=0
counted()
{
	local rc=0

	: > "$T/gpg-count"
	env COUNT_FILE="$T/gpg-count" GPG="$T/countgpg" "$@" || rc=$?
	gpg_count=$(wc -l < "$T/gpg-count")
	return "$rc"
}

amatrix=()
for a in "${algos[@]}"; do
	amatrix+=("$a sha512")
done
amatrix+=("rsa2048 sha256" "ed25519 sha384")
[[ -n ${fpr[nistp256]:-} ]] && amatrix+=("nistp256 sha256")
[[ -n ${fpr[dsa2048]:-} ]] && amatrix+=("dsa2048 sha256")
for kd in "${amatrix[@]}"; do
	read -r a d <<< "$kd"
	[[ -n ${fpr[$a]:-} ]] || continue
	f1=$T/m/agent-$a-$d.ko f2=$T/ma/agent-$a-$d-2.ko
	cp -- "$base" "$f1"
	cp -- "$base" "$f2"
	if ! counted "$sign" -q --homedir "$H" -u "${fpr[$a]}" --digest "$d" "$f1" "$f2" 2> "$T/err"; then
		nok "agent path $a $d: two modules signed"
		sed 's/^/# /' "$T/err"
		continue
	fi
	if ((gpg_count == 1)) && [[ ! -s $T/err ]]; then
		ok "agent path $a $d: one gpg signature for two modules, no note"
	else
		nok "agent path $a $d: one gpg signature for two modules ($gpg_count), no note"
		sed 's/^/# /' "$T/err"
	fi
	check "agent path $a $d: verify-module.sh, gpgv and sqv accept" all_accept "$T/all.pub" "$f1"
	check "agent path $a $d: second module verifies" "$verify" -q --keyring "$T/all.pub" "$f2"
done

# Byte for byte what gpg writes, for every key type (DSA and ECDSA too: the
# agent's k is deterministic, RFC 6979): unsigned modules, and re-signing
# signed ones.
sde=$((key_epoch + 200))
for a in "${algos[@]}"; do
	[[ -n ${fpr[$a]:-} ]] || continue
	for i in 1 2; do
		cp -- "$base" "$T/ma/id-agent$i.ko"
		cp -- "$base" "$T/ma/id-gpg$i.ko"
	done
	SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-agent1.ko" "$T/ma/id-agent2.ko"
	counted env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-gpg1.ko" "$T/ma/id-gpg2.ko"
	if ((gpg_count == 2)) && cmp -s "$T/ma/id-agent1.ko" "$T/ma/id-gpg1.ko" &&
	   cmp -s "$T/ma/id-agent2.ko" "$T/ma/id-gpg2.ko"; then
		ok "$a: agent path and gpg (--no-agent) give byte-identical modules"
	else
		nok "$a: agent path and gpg (--no-agent) give byte-identical modules (gpg ran $gpg_count times)"
	fi
	# re-sign with another time: agent path over gpg's, gpg over the agent's
	SOURCE_DATE_EPOCH=$((sde + 1)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-gpg1.ko" "$T/ma/id-gpg2.ko"
	SOURCE_DATE_EPOCH=$((sde + 1)) "$sign" -q --no-agent --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-agent1.ko" "$T/ma/id-agent2.ko"
	if cmp -s "$T/ma/id-agent1.ko" "$T/ma/id-gpg1.ko" && cmp -s "$T/ma/id-agent2.ko" "$T/ma/id-gpg2.ko"; then
		ok "$a: re-signing signed modules: agent path and gpg byte-identical"
	else
		nok "$a: re-signing signed modules: agent path and gpg byte-identical"
	fi
done

# MPIs with leading zero bits and bytes: the agent path signs many modules
# (copies of a signed module with a different tail each: the container
# stays where it is), and gpg signs the signed data of the ones whose r or
# s (or RSA s) is shorter than the group order (or modulus) by a whole
# byte, and a few more, with the same key and time: the packets must be
# identical.
# mpi_bits HEX: REPLY = the bit counts of the signature packet's MPIs
mpi_bits()
{
	local h=$1 p n

	p=4
	[[ ${h:0:2} == 89 ]] && p=6
	p=$((p + 8))
	n=$((16#${h:p:4}))
	p=$((p + 4 + 2 * n))
	n=$((16#${h:p:4}))
	p=$((p + 4 + 2 * n + 4))
	REPLY=''
	while ((p < ${#h})); do
		n=$((16#${h:p:4}))
		REPLY+=" $n"
		p=$((p + 4 + 2 * ((n + 7) / 8)))
	done
	REPLY=${REPLY# }
}
# zero_mpis ALGO BATCH MAX: signs batches of BATCH files until one MPI is
# short by a byte (or MAX files), then compares with gpg
zero_mpis()
{
	local a=$1 batch=$2 max=$3 d=$T/lz-$1 i b full=0 cmpd=0 same=0 short=0 g start=0 so plen
	local -a hex=() bits=() pick=() files=()

	mkdir -p "$d"
	cp -- "$base" "$d/base.ko"
	"$sign" -q --homedir "$H" -u "${fpr[$a]}!" --digest sha256 "$d/base.ko"
	read -r so _ < <(sec module_sig "$d/base.ko")
	local ga=(--homedir "$H" --batch --no-tty --yes --no-armor -u "${fpr[$a]}!" --digest-algo SHA256
		  --faked-system-time "$sde!" --ignore-time-conflict)
	while ((start < max)); do
		files=()
		for ((i = start; i < start + batch; i++)); do
			{ cat -- "$d/base.ko"; printf 'tail %d\n' "$i"; } > "$d/$i.ko"
			files+=("$d/$i.ko")
		done
		if ! SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "${fpr[$a]}!" --digest sha256 \
			"${files[@]}" 2> "$d/err" || [[ -s $d/err ]]; then
			nok "$a: the agent path signed $batch modules without a note"
			sed 's/^/# /' "$d/err" | head -n 5
			return
		fi
		for ((i = start; i < start + batch; i++)); do
			plen=$(od -An -t u4 --endian=big -j $((so + 12)) -N 4 -- "$d/$i.ko" | tr -d ' ')
			hex[i]=$(od -An -v -t x1 -j $((so + 16)) -N "$plen" -- "$d/$i.ko" | tr -d ' \n')
			mpi_bits "${hex[i]}"
			bits[i]=$REPLY
			for b in $REPLY; do
				((b > full)) && full=$b
			done
		done
		start=$((start + batch))
		# full: the size of the group order (or modulus) in whole bytes
		g=$(((full + 7) / 8 * 8))
		for ((i = 0; i < start; i++)); do
			for b in ${bits[i]}; do
				((b <= g - 8)) && break 2
			done
		done
		((i < start)) && break
	done
	full=$g
	for ((i = 0; i < start; i++)); do
		for b in ${bits[i]}; do
			if ((b <= full - 8)); then
				pick+=("$i")
				short=$((short + 1))
				break
			fi
		done
		# a few with leading zero bits only
		((i < 4)) && pick+=("$i")
	done
	for i in "${pick[@]}"; do
		raw_split "$d/$i.ko" "$d/split" || { nok "$a: split module $i"; return; }
		g=$(gpg "${ga[@]}" -o - --detach-sign "$d/split/data" 2> /dev/null | od -An -v -t x1 | tr -d ' \n')
		cmpd=$((cmpd + 1))
		if [[ $g == "${hex[i]}" ]]; then
			same=$((same + 1))
		else
			echo "# $a module $i: MPI bits ${bits[i]}"
			echo "# gpg:       $g"
			echo "# agent path: ${hex[i]}"
		fi
	done
	rm -rf -- "$d"
	if ((short == 0)); then
		skip "$a: no signature with a short MPI in $start tries ($cmpd compared with gpg)"
	elif ((same == cmpd)); then
		ok "$a: MPIs with leading zero bytes ($short of $start) and bits: the agent path's packets are gpg's ($cmpd compared)"
	else
		nok "$a: MPIs with leading zero bytes and bits: the agent path's packets are gpg's ($same of $cmpd)"
	fi
}
# (a short MPI comes once in 128 signatures for Ed25519 and P-256, once in
# 128 to 256 for RSA: a skip, very rare, means none was found)
zero_mpis ed25519 500 4000
[[ -n ${fpr[nistp256]:-} ]] && zero_mpis nistp256 500 4000
[[ -n ${fpr[rsa2048]:-} ]] && zero_mpis rsa2048 300 3000

cat > "$T/logagent" <<'EOF'
#!/bin/bash
tee -a "$AGENT_LOG" | gpg-agent "$@"
EOF
chmod +x "$T/logagent"
# The other ways in: compressed modules, --append, --strip with --reserve,
# a passphrase (private agents, and the running agent), a single module.
cm=()
for c in xz zst gz; do
	f=$T/ma/agent-comp.ko.$c
	case $c in
	xz) xz --check=crc32 -c "$base" > "$f" ;;
	zst) zstd -q -c "$base" > "$f" ;;
	gz) gzip -n -c "$base" > "$f" ;;
	esac
	cm+=("$f")
done
if counted "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "${cm[@]}" 2> "$T/err" && ((gpg_count == 1)); then
	for f in "${cm[@]}"; do
		check "agent path ${f##*.}: signed in place, verifies three ways" all_accept "$kr" "$f"
	done
else
	nok "agent path: compressed modules signed (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi

for v in agent gpg; do
	for i in 1 2; do
		cp -- "$base" "$T/ma/ap-$v$i.ko"
	done
	opt=()
	[[ $v == gpg ]] && opt=(--no-agent)
	SOURCE_DATE_EPOCH=$sde "$sign" -q "${opt[@]}" --homedir "$H" -u "${fpr[untrusted]}" \
		"$T/ma/ap-${v}1.ko" "$T/ma/ap-${v}2.ko"
	SOURCE_DATE_EPOCH=$sde "$sign" -q "${opt[@]}" --homedir "$H" -u "${fpr[ed25519]}" --append \
		"$T/ma/ap-${v}1.ko" "$T/ma/ap-${v}2.ko"
done
cat -- "$T/keys/untrusted.pub" "$kr" > "$T/both2.pub"
out=$("$verify" --keyring "$T/both2.pub" "$T/ma/ap-agent1.ko" "$T/ma/ap-agent2.ko" 2>&1) && rc=0 || rc=$?
if ((rc == 0)) && (($(grep -c 'good (2 of 2' <<< "$out") == 2)) &&
   cmp -s "$T/ma/ap-agent1.ko" "$T/ma/ap-gpg1.ko" && cmp -s "$T/ma/ap-agent2.ko" "$T/ma/ap-gpg2.ko"; then
	ok "agent path --append: two signatures each, byte-identical to gpg's"
else
	nok "agent path --append: two signatures each, byte-identical to gpg's (rc $rc)"
	sed 's/^/# /' <<< "$out"
fi
check "agent path --append: sqv (independent) accepts" raw_sqv "$kr" "$T/ma/ap-agent2.ko"

if [[ -f $T/m/debug.ko ]]; then
	cp -- "$T/m/debug.ko" "$T/ma/as1.ko"
	cp -- "$T/m/debug.ko" "$T/ma/as2.ko"
	"$sign" -q --strip --reserve 4096 --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/as1.ko" "$T/ma/as2.ko"
	read -r o s < <(sec module_sig "$T/ma/as2.ko")
	if [[ $s == 4096 ]] && ! readelf -S -W "$T/ma/as2.ko" | grep -q '\.debug_'; then
		ok "agent path --strip --reserve 4096: stripped, section of 4096 bytes"
	else
		nok "agent path --strip --reserve 4096: stripped, section of 4096 bytes ($s)"
	fi
	check "agent path --strip: module verifies three ways" all_accept "$kr" "$T/ma/as2.ko"
fi

for mode in private shared; do
	gpgconf --homedir "$PH" --kill gpg-agent > /dev/null 2>&1 || true
	cp -- "$base" "$T/ma/ppa1.ko"
	cp -- "$base" "$T/ma/ppa2.ko"
	if counted env PGP_MODSIGN_AGENT=$mode "$sign" -q --homedir "$PH" --passphrase-file "$T/pass.txt" \
		"$T/ma/ppa1.ko" "$T/ma/ppa2.ko" 2> "$T/err" && ((gpg_count == 1)) && [[ ! -s $T/err ]]; then
		check "agent path ($mode agent), --passphrase-file: verifies" all_accept "$T/pass.pub" "$T/ma/ppa2.ko"
	else
		nok "agent path ($mode agent), --passphrase-file: signed, one gpg signature ($gpg_count)"
		sed 's/^/# /' "$T/err"
	fi
done
gpgconf --homedir "$PH" --kill gpg-agent > /dev/null 2>&1 || true
cp -- "$base" "$T/ma/ppa1.ko"
cp -- "$base" "$T/ma/ppa2.ko"
want="Bad passphrase"
expect_fail "agent path: wrong passphrase" "$T/ma/ppa1.ko" \
	"$sign" -q --homedir "$PH" --passphrase-file "$T/wrong.txt" "$T/ma/ppa1.ko" "$T/ma/ppa2.ko"
cmp -s "$base" "$T/ma/ppa2.ko" && ok "agent path: wrong passphrase: second module untouched too" ||
	nok "agent path: wrong passphrase: second module untouched too"

cp -- "$base" "$T/ma/one.ko"
: > "$T/agent.log"
counted env AGENT_LOG="$T/agent.log" GPG_AGENT="$T/logagent" "$sign" -q --homedir "$H" \
	-u "${fpr[ed25519]}" "$T/ma/one.ko" 2> "$T/err"
[[ ! -s $T/err && ! -s $T/agent.log ]] && ((gpg_count == 1)) &&
	ok "a single module: gpg signs it, no agent conversation" ||
	{ nok "a single module: gpg signs it, no agent conversation ($gpg_count)"; sed 's/^/# /' "$T/err"; }
cp -- "$base" "$T/ma/one.ko"
counted env GPG_AGENT=/nonexistent/gpg-agent PGP_MODSIGN_AGENT=private "$sign" -q --agent \
	--homedir "$H" -u "${fpr[ed25519]}" "$T/ma/one.ko" 2> "$T/err"
grep -q "note: not signing through gpg-agent: /nonexistent/gpg-agent --server did not start" "$T/err" &&
	((gpg_count == 2)) && "$verify" -q --keyring "$kr" "$T/ma/one.ko" &&
	ok "--agent, no private gpg-agent: a note saying why, then gpg signs" ||
	{ nok "--agent, no private gpg-agent: a note saying why, then gpg signs ($gpg_count)"; sed 's/^/# /' "$T/err"; }

# Which agent signs: a private gpg-agent --server per job for a key on disk,
# the running agent for a key gpg-agent reports on a smartcard (KEYINFO
# type T, faked here) and when PGP_MODSIGN_AGENT=shared; the private
# agent's log shows whether it signed.
cat > "$T/cardagent" <<'EOF'
#!/bin/bash
# gpg-agent that logs its requests and says the keys are on a card
tee -a "$AGENT_LOG" | gpg-agent "$@" | sed -u 's/^\(S KEYINFO [0-9A-F]* \)D /\1T /'
EOF
chmod +x "$T/cardagent"
for c in "logagent auto private" "cardagent auto shared" "logagent shared shared"; do
	read -r prog how want <<< "$c"
	: > "$T/agent.log"
	cp -- "$base" "$T/ma/w1.ko"
	cp -- "$base" "$T/ma/w2.ko"
	rc=0
	env AGENT_LOG="$T/agent.log" GPG_AGENT="$T/$prog" PGP_MODSIGN_AGENT="$how" "$sign" -q \
		--homedir "$H" -u "${fpr[ed25519]}" "$T/ma/w1.ko" "$T/ma/w2.ko" 2> "$T/err" || rc=$?
	got=shared
	grep -q '^PKSIGN' "$T/agent.log" && got=private
	if ((rc == 0)) && [[ ! -s $T/err && $got == "$want" ]] &&
	   "$verify" -q --keyring "$kr" "$T/ma/w1.ko" "$T/ma/w2.ko"; then
		ok "$prog, PGP_MODSIGN_AGENT=$how: the $want agent signs, modules verify"
	else
		nok "$prog, PGP_MODSIGN_AGENT=$how: the $want agent signs, modules verify (got $got, rc $rc)"
		sed 's/^/# /' "$T/err"
	fi
done

# Falling back to gpg for every module, with a note: gpg.conf makes gpg
# write other subpackets; no gpg-agent for private agents; the agent going
# away in the middle (that module fails untouched, the others are signed).
NH=$T/keys/notation
homes+=("$NH")
mkdir -m 700 "$NH"
gpg --homedir "$T/keys/ed25519" --batch --export-secret-keys 2> /dev/null |
	gpg --homedir "$NH" --batch --import > /dev/null 2>&1
echo "sig-notation test@example.org=1" > "$NH/gpg.conf"
for i in 1 2; do
	cp -- "$base" "$T/ma/nt$i.ko"
	cp -- "$base" "$T/ma/ntg$i.ko"
done
counted env SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$NH" "$T/ma/nt1.ko" "$T/ma/nt2.ko" 2> "$T/err"
env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$NH" "$T/ma/ntg1.ko" "$T/ma/ntg2.ko"
if [[ ! -s $T/err ]] && ((gpg_count == 1)) && cmp -s "$T/ma/nt1.ko" "$T/ma/ntg1.ko" &&
   cmp -s "$T/ma/nt2.ko" "$T/ma/ntg2.ko" && raw_gpgv "$kr" "$T/ma/nt1.ko"; then
	ok "gpg.conf adds a notation: the agent path writes it too, byte-identical to gpg's"
else
	nok "gpg.conf adds a notation: the agent path writes it too, byte-identical to gpg's (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi
# A subpacket the agent path does not reproduce: the key block.
echo "include-key-block" > "$NH/gpg.conf"
cp -- "$base" "$T/ma/nt1.ko"
cp -- "$base" "$T/ma/nt2.ko"
counted "$sign" -q --homedir "$NH" --reserve 4096 "$T/ma/nt1.ko" "$T/ma/nt2.ko" 2> "$T/err"
if grep -q "note: .*subpacket type 38 (the key block" "$T/err" && ((gpg_count == 3)) &&
   raw_gpgv "$kr" "$T/ma/nt1.ko" && raw_gpgv "$kr" "$T/ma/nt2.ko"; then
	ok "gpg.conf include-key-block: a note saying why, gpg signs each module"
else
	nok "gpg.conf include-key-block: a note saying why, gpg signs each module (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi
cp -- "$base" "$T/ma/na1.ko"
cp -- "$base" "$T/ma/na2.ko"
counted env GPG_AGENT=/nonexistent/gpg-agent PGP_MODSIGN_AGENT=private \
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/na1.ko" "$T/ma/na2.ko" 2> "$T/err"
if (($(wc -l < "$T/err") == 1)) && grep -q "note: .*did not start" "$T/err" && ((gpg_count == 3)) &&
   "$verify" -q --keyring "$kr" "$T/ma/na1.ko" "$T/ma/na2.ko"; then
	ok "private gpg-agent cannot start: one note, gpg signs each module"
else
	nok "private gpg-agent cannot start: one note, gpg signs each module (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi
cat > "$T/dyingagent" <<'EOF'
#!/bin/bash
# a gpg-agent whose input ends after KEYINFO, OPTION and one signature
n=0
while IFS= read -r l; do n=$((n + 1)); ((n > 6)) && exit 0; printf '%s\n' "$l"; done | gpg-agent "$@"
EOF
chmod +x "$T/dyingagent"
dm=()
for i in 1 2 3 4; do
	cp -- "$base" "$T/ma/dy$i.ko"
	dm+=("$T/ma/dy$i.ko")
done
rc=0
env GPG_AGENT="$T/dyingagent" PGP_MODSIGN_AGENT=private "$sign" -q -j 1 --homedir "$H" \
	-u "${fpr[ed25519]}" "${dm[@]}" 2> "$T/err" || rc=$?
if ((rc == 1)) && cmp -s "$base" "$T/ma/dy2.ko" && grep -q "^sign-module.sh: $T/ma/dy2.ko: gpg-agent connection lost" "$T/err" &&
   grep -q "note: .*connection lost" "$T/err" &&
   "$verify" -q --keyring "$kr" "$T/ma/dy1.ko" "$T/ma/dy3.ko" "$T/ma/dy4.ko"; then
	ok "gpg-agent gone in the middle: that module untouched, the others signed (gpg), exit 1"
else
	nok "gpg-agent gone in the middle: that module untouched, the others signed (gpg), exit 1 (rc $rc)"
	sed 's/^/# /' "$T/err"
fi
if ! ls -A "$T/m" "$T/ma" | grep -q '^\.'; then
	ok "agent path: no temporary file left beside the modules"
else
	nok "agent path: no temporary file left beside the modules"
fi
# Every run so far ended by itself (no SIGKILL): no work directory is left.
left=$(find "$T/tmp" -mindepth 1 -maxdepth 1 -name 'sign-module.*' | wc -l)
((left == 0)) && ok "no temporary directory left behind (agent and gpg paths, failures, fallbacks)" ||
	nok "no temporary directory left behind ($left in \$TMPDIR)"
check "sign-module.sh --help (the C tool's usage)" bash -c "'$sign' --help | grep -q 'Usage: sign-module.sh'"

# --- every form of --local-user takes the agent path ------------------------------
# gpg adds the signer's user ID subpacket when -u names a user ID or an
# e-mail address: the agent path writes it too (byte-identical to gpg's).
uspecs=("${fpr[ed25519]}" "${fpr[ed25519]: -16}" "ed25519@example.org" "Test ed25519"
	"Test ed25519 <ed25519@example.org>" "${fpr[ed25519]}!")
for u in "${uspecs[@]}"; do
	for i in 1 2; do
		cp -- "$base" "$T/ma/u-a$i.ko"
		cp -- "$base" "$T/ma/u-g$i.ko"
	done
	rc=0
	counted env SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "$u" \
		"$T/ma/u-a1.ko" "$T/ma/u-a2.ko" 2> "$T/err" || rc=$?
	env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u "$u" "$T/ma/u-g1.ko" "$T/ma/u-g2.ko"
	if ((rc == 0 && gpg_count == 1)) && [[ ! -s $T/err ]] && cmp -s "$T/ma/u-a1.ko" "$T/ma/u-g1.ko" &&
	   cmp -s "$T/ma/u-a2.ko" "$T/ma/u-g2.ko" && "$verify" -q --keyring "$kr" "$T/ma/u-a2.ko"; then
		ok "-u '$u': agent path, no note, byte-identical to gpg's"
	else
		nok "-u '$u': agent path, no note, byte-identical to gpg's (rc $rc, gpg ran $gpg_count times)"
		sed 's/^/# /' "$T/err"
	fi
done
# Self-test of the check above: gpg's own packets for -u e-mail and -u
# fingerprint differ (the signer's user ID subpacket), so an agent path
# that left that subpacket out could not pass it.
cp -- "$base" "$T/ma/st1.ko"
cp -- "$base" "$T/ma/st2.ko"
env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/st1.ko"
env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u ed25519@example.org "$T/ma/st2.ko"
! cmp -s "$T/ma/st1.ko" "$T/ma/st2.ko" &&
	ok "self-test: gpg's packets for -u e-mail and -u fingerprint differ (the byte-identity check can fail)" ||
	nok "self-test: gpg's packets for -u e-mail and -u fingerprint differ"
# (the subkey case: FINGERPRINT! of a signing subkey)
sfpr=$(gpg --homedir "$SH" --batch --with-colons --list-keys 2> /dev/null | awk -F: '$1 == "fpr" { f = $10 } END { print f }')
cp -- "$base" "$T/ma/sub1.ko"
cp -- "$base" "$T/ma/sub2.ko"
counted "$sign" -q --homedir "$SH" -u "$sfpr!" "$T/ma/sub1.ko" "$T/ma/sub2.ko" 2> "$T/err"
((gpg_count == 1)) && [[ ! -s $T/err ]] && "$verify" -q --keyring "$T/subkey.pub" "$T/ma/sub1.ko" "$T/ma/sub2.ko" &&
	ok "-u SUBKEY-FINGERPRINT!: agent path, verifies" ||
	{ nok "-u SUBKEY-FINGERPRINT!: agent path, verifies ($gpg_count)"; sed 's/^/# /' "$T/err"; }

# --timings: where the time of one module goes
cp -- "$base" "$T/ma/t1.ko"
xz --check=crc32 -c "$base" > "$T/ma/t2.ko.xz"
"$sign" -q --timings --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/t1.ko" "$T/ma/t2.ko.xz" 2> "$T/err"
grep -q "timings per module (ms, 2 modules, .*decompress [0-9.]* placeholder [0-9.]* hash [0-9.]* sign [0-9.]* write [0-9.]* recompress [0-9.]*" "$T/err" &&
	ok "--timings: decompress, placeholder, hash, sign, write, recompress" ||
	{ nok "--timings: decompress, placeholder, hash, sign, write, recompress"; sed 's/^/# /' "$T/err"; }

# verify-module.sh prints the SHA-256 of the module and of its signed data
read -r h1 _ < <(sha256sum "$good")
raw_split "$good" "$T/hs"
read -r h2 _ < <(sha256sum "$T/hs/data")
out=$("$verify" --keyring "$kr" "$good" 2>&1 || true)
grep -q "sha256 $h1 (module), $h2 (signed data, module_sig zeroed)" <<< "$out" &&
	ok "verify-module.sh prints the module's and the signed data's SHA-256 (blacklist entries)" ||
	{ nok "verify-module.sh prints the module's and the signed data's SHA-256"; sed 's/^/# /' <<< "$out"; }

# --- signing elsewhere: --prepare, a detached signature made by another
# GnuPG home (the build side has only the public key), --attach -------------
RS=$T/keys/remote
homes+=("$RS")
mkdir -m 700 "$RS"
gpg --homedir "$T/keys/ed25519" --batch --export-secret-keys 2> /dev/null |
	gpg --homedir "$RS" --batch --import > /dev/null 2>&1
for c in ko ko.xz; do
	f=$T/ma/remote.$c
	if [[ $c == ko ]]; then cp -- "$base" "$f"; else xz --check=crc32 -c "$base" > "$f"; fi
	rm -f -- "$f.tbs" "$f.sig"
	if "$sign" -q --prepare "$f" 2> "$T/err" && [[ -s $f.tbs ]] &&
	   gpg --homedir "$RS" --batch --yes --detach-sign --digest-algo SHA512 -o "$f.sig" "$f.tbs" 2>> "$T/err" &&
	   env GNUPGHOME="$T/empty-gnupg" "$sign" -q --attach --keyring "$kr" "$f" 2>> "$T/err"; then
		check "remote signing ($c): prepare, gpg elsewhere, attach (gpgv): verifies three ways" all_accept "$kr" "$f"
	else
		nok "remote signing ($c): prepare, gpg elsewhere, attach"
		sed 's/^/# /' "$T/err"
	fi
done
f=$T/ma/remote2.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
gpg --homedir "$RS" --batch --yes --detach-sign -o "$f.sig" "$f.tbs" 2> /dev/null
if "$sign" -q --attach --sqv --keyring "$T/ed25519.asc" "$f" 2> "$T/err"; then
	check "remote signing: attach checked with sqv (armoured keyring): verifies three ways" all_accept "$kr" "$f"
else
	nok "remote signing: attach checked with sqv"
	sed 's/^/# /' "$T/err"
fi
if command -v sq > /dev/null 2>&1; then
	f=$T/ma/remote-sq.ko
	cp -- "$base" "$f"
	"$sign" -q --prepare "$f"
	gpg --homedir "$RS" --batch --export-secret-keys > "$T/remote.tsk" 2> /dev/null
	# sq 0.27 (Debian 12) names the key --signer-key, later versions --signer-file
	sqkey=--signer-key
	sq sign --help 2> /dev/null | grep -q -- --signer-file && sqkey=--signer-file
	if sq sign --detached "$sqkey" "$T/remote.tsk" --binary "$f.tbs" > "$f.sig" 2> "$T/err" &&
	   "$sign" -q --attach --sqv --keyring "$kr" "$f" 2>> "$T/err"; then
		check "remote signing with sq (Sequoia) as the signer: verifies three ways" all_accept "$kr" "$f"
	else
		nok "remote signing with sq as the signer"
		sed 's/^/# /' "$T/err"
	fi
else
	skip "remote signing with sq as the signer: sq not installed (make deps)"
fi
# A signature with a binary notation (Sequoia salts each signature so): its
# raw bytes in gpgv's status lines must not hide the VALIDSIG line after them
# (in a UTF-8 locale a trailing 0xeb took the newline with it).
f=$T/ma/notation.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
if python3 "$top/tests/vectors/pgpcraft.py" notation-sig "$f.tbs" "$T/note" &&
   cp -- "$T/note/ed.sig" "$f.sig" && "$sign" -q --attach --keyring "$T/note/ed.pub" "$f" 2> "$T/err"; then
	check "a signature with a binary notation (raw bytes in gpgv's status): verifies three ways" \
		all_accept "$T/note/ed.pub" "$f"
else
	nok "a signature with a binary notation: made and attached"
	sed 's/^/# /' "$T/err"
fi
f=$T/ma/remote3.ko
cp -- "$base" "$f"
"$sign" -q --prepare "$f"
gpg --homedir "$T/keys/untrusted" --batch --yes --detach-sign -o "$f.sig" "$f.tbs" 2> /dev/null
want="does not verify"
expect_fail "remote signing: a signature by another key is refused" "$f" \
	"$sign" -q --attach --keyring "$kr" "$f"
gpg --homedir "$RS" --batch --yes --detach-sign -o "$f.sig" "$T/blob" 2> /dev/null
want="does not verify"
expect_fail "remote signing: a signature over other data is refused" "$f" \
	"$sign" -q --attach --keyring "$kr" "$f"
rc=0
"$verify" --keyring "$kr" "$f" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok "prepared but not attached: the empty placeholder is refused (exit 1)" ||
	nok "prepared but not attached: the empty placeholder is refused (exit $rc)"

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

	cp -- "$base" "$f"
	chmod 444 "$f"
	want="read-only"
	expect_fail "${fl}read-only file" "$f" "${S[@]}" "$f"
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

# --- verify-module.sh and the kernel's check must agree ---------------------------------
# The kernel code (module_pgp_sig_check() with the built-in keyring parser,
# crypto/pgp and the in-kernel maths), built for the host the way
# tests/host/pgp_keys/run.sh builds it, judges every ELF64 module this test
# made, against two keyrings; verify-module.sh must give the same verdict.
agree()
{
	local cc=${CC:-} kt=$T/keyring_test kalgos=rsa,dsa f kr k v
	local -a srcs=() cflags
	local ktop=$top compared=0 bad=0 res line

	if [[ -z $cc ]]; then
		cc=gcc
		command -v clang > /dev/null && cc=clang
	fi
	for f in "$ktop"/crypto/pgp/*.c; do
		[[ $f != *_kunit.c ]] && srcs+=("$f")
	done
	srcs+=("$ktop"/crypto/{mont,dsa,rsassa}.c)
	cflags=(-O1 -w -I"$ktop/tests/compat/module" -I"$ktop/tests/compat/module/tests" -I"$ktop/tests/compat/include"
		-I"$ktop/include"
		-DCONFIG_64BIT=1 -DCONFIG_PGP_BUILTIN_KEYS=1 -DCONFIG_SYSTEM_BLACKLIST_KEYRING=1)
	# kbuild SRCS... [FLAGS]: the kernel check with these maths files
	kbuild()
	{
		"$cc" "${cflags[@]}" "${@:2}" -o "$kt" "$ktop/tests/host/pgp_keys/keyring_test.c" \
			"$ktop/security/pgp_keys/keyring_parse.c" "$ktop/kernel/module/signing_pgp.c" \
			"$ktop/kernel/module/signing_pgp_elf.c" "${srcs[@]}" ${1:+"$1"} \
			"$ktop/tests/compat/compat.c" "$ktop/tests/compat/shash_openssl.c" \
			"$ktop/tests/compat/hash_info.c" -lcrypto > "$T/kt.log" 2>&1
	}
	# With Ed25519 (CONFIG_CRYPTO_ED25519=y).
	if kbuild "$ktop/crypto/ed25519.c" -DCONFIG_CRYPTO_ED25519=1; then
		kalgos=rsa,dsa,eddsa
	elif ! kbuild ""; then
		# the sources are all in this tree: not building them is a failure
		nok "kernel agreement: cannot build the kernel check for the host"
		nok "kernel agreement: cannot build the kernel check for the host"
		sed 's/^/# /' "$T/kt.log" | head -n 5
		return
	fi
	diag "kernel check built for the host; its public-key algorithms: $kalgos"
	cat -- "$T/all.pub" "$T/subkey.pub" "$T/expiring.pub" "$T/weak.pub" > "$T/agree-a.pub"
	[[ -f $T/weak-dsa/dsa-q256.pub ]] && cat -- "$T/weak-dsa/dsa-q256.pub" >> "$T/agree-a.pub"
	[[ -f $T/revoked.pub ]] && cat -- "$T/revoked.pub" >> "$T/agree-a.pub"
	# Native (x86-64) modules only; mainline's appended trailer is stripped
	# by the loader before this check.
	local -a files=() ufiles=()
	for f in "$T"/m/*.ko; do
		[[ $(od -An -t u1 -j 4 -N 2 -- "$f" 2> /dev/null | tr -s ' ') == " 2 1" ]] || continue
		pms_has_p7_marker "$f" && continue
		files+=("$f")
		# the ones carrying a signature by the untrusted key
		[[ ${f##*/} == append* || ${f##*/} == sixteen* ]] && ufiles+=("$f")
	done
	local min
	for kr in "$T/agree-a.pub" "$T/keys/untrusted.pub"; do
		compared=0 bad=0
		local -a set=("${files[@]}")
		min=20
		if [[ $kr == */untrusted.pub ]]; then
			set=("${ufiles[@]}")
			min=2
		fi
		# one verify-module.sh run for all; its last line per module is the verdict
		"$verify" --algos "$kalgos" --keyring "$kr" -- "${set[@]}" > "$T/agree.out" 2>&1 || true
		local -A verdict=()
		while IFS= read -r line; do
			[[ $line == *": signature "[0-9]* || $line == *": note: "* ]] && continue
			verdict[${line%%.ko: *}.ko]=$line
		done < "$T/agree.out"
		for f in "${set[@]}"; do
			res=$("$kt" "$kr" verify "$f" 2> /dev/null) || res=ERROR
			res=${res%%$'\n'*}
			line=${verdict[$f]:-}
			k=reject v=reject
			[[ $res == 0\ * ]] && k=accept
			[[ $res == ENODATA ]] && k=unsigned
			[[ $line == "$f: good "* ]] && v=accept
			[[ $line == "$f: unsigned "* ]] && v=unsigned
			# Not ET_REL: the loader refuses it later (ENOEXEC).
			[[ $k == unsigned && $v == reject ]] &&
				[[ $(od -An -t u2 -j 16 -N 2 -- "$f" | tr -d ' ') != 1 ]] && k=reject
			compared=$((compared + 1))
			if [[ $k != "$v" ]]; then
				bad=$((bad + 1))
				echo "# ${f##*/}: kernel $res, verify-module.sh: ${line#"$f: "}"
			fi
		done
		if ((bad == 0 && compared >= min)); then
			ok "kernel check and verify-module.sh agree on $compared modules (keyring ${kr##*/})"
		else
			nok "kernel check and verify-module.sh agree ($bad of $compared differ, keyring ${kr##*/})"
		fi
	done
}
pms_has_p7_marker()
{
	[[ $(tail -c 28 -- "$1" 2> /dev/null | od -An -c | tr -d ' \n') == '~Modulesignatureappended~\n' ]]
}
agree

finished=1
exec 1>&3
echo "1..$n"
cat -- "$T/tap"
echo "# $((n - failed)) passed, $failed failed"
((failed == 0))
