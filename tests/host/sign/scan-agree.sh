#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# pgp-modsign-lib.sh's two ELF scanners must agree: pms_elf_scan in bash
# (_pms_elf_scan reading with od: single modules, verify-module.sh) and
# through the SCAN request of pgp-modsign-agent.pl (sign-module.sh's
# batches). For well-formed objects of both classes and byte orders, real
# modules, and files damaged in every way the scanner checks, both must give
# the same verdict and message, the same variables (also what a rejected
# file leaves behind) and the same pms_check_sig_section result. Then the
# comparison itself is checked: copies of the helper with one deliberate
# change each must be caught. Prints TAP; exit status 0 only if all passed.
#
# Run by run.sh (which numbers the results into its own); alone:
# Usage: scan-agree.sh [MODULE...] (also scans the given modules).

# shellcheck disable=SC2015 # ok and nok always succeed
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	sed -n '3,15p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi

here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/../../.." && pwd)
lib=$top/scripts/pgp-modsign-lib.sh
agent=$top/scripts/pgp-modsign-agent.pl

for tool in gcc gpg gpg-agent objcopy readelf perl od dd; do
	if ! command -v "$tool" > /dev/null 2>&1; then
		echo "Bail out! $tool not installed"
		exit 1
	fi
done

T=$(mktemp -d "${TMPDIR:-/tmp}/scan-agree.XXXXXX")
G=$T/gnupg
cleanup()
{
	gpgconf --homedir "$G" --kill gpg-agent > /dev/null 2>&1 || true
	rm -rf -- "$T"
}
trap cleanup EXIT

# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"

# The helper only starts with a key it can sign with (it checks gpg's
# signature over an empty file at start-up).
"$top/scripts/pgp-modsign-genkey.sh" --homedir "$G" --algo ed25519 --export "$T/pub.gpg" \
	> /dev/null 2>&1 || { echo "Bail out! cannot make a gpg key"; exit 1; }
: > "$T/empty"
gpg --homedir "$G" --batch --no-tty --yes --no-armor -o "$T/check.sig" --detach-sign "$T/empty" \
	2> /dev/null || { echo "Bail out! gpg cannot sign"; exit 1; }
grip=$(gpg --homedir "$G" --batch --with-colons --with-keygrip --list-secret-keys |
	awk -F: '$1 == "grp" { print $10; exit }')

# --- byte-level tools (od and dd; not the scanners under test) ----------------

# le FILE: true when FILE says little-endian (EI_DATA 1)
le()
{
	(($(od -An -t u1 -j 5 -N 1 -- "$1") == 1))
}

# getu FILE OFF N: the N-byte number at OFF in the base's byte order (decimal)
getu()
{
	local -a b
	local v=0 i

	read -r -a b < <(od -An -v -t u1 -j "$2" -N "$3" -- "$1")
	if ((little)); then
		for ((i = $3 - 1; i >= 0; i--)); do v=$((v * 256 + b[i])); done
	else
		for ((i = 0; i < $3; i++)); do v=$((v * 256 + b[i])); done
	fi
	echo "$v"
}

# put FILE OFF N HEX: writes the N-byte number HEX (most significant digit
# first) at OFF in the base's byte order
put()
{
	local f=$1 off=$2 len=$3 hex out='' i

	printf -v hex '%*s' $((2 * len)) "$4"
	hex=${hex// /0}
	hex=${hex: -2*len}
	if ((little)); then
		for ((i = len - 1; i >= 0; i--)); do out+="\\x${hex:2*i:2}"; done
	else
		for ((i = 0; i < len; i++)); do out+="\\x${hex:2*i:2}"; done
	fi
	printf '%b' "$out" | dd of="$f" bs=1 seek="$off" conv=notrunc status=none
}

# hx NUMBER: lowercase hex
hx()
{
	printf '%x' "$1"
}

# --- the cases ---------------------------------------------------------------
# add GROUP LABEL FILE [SIZE]: scan FILE (with SIZE, the optional argument
# of pms_elf_scan, when given)
C_GROUP=() C_LABEL=() C_FILE=() C_SIZE=() C_HASSIZE=()
add()
{
	C_GROUP+=("$1") C_LABEL+=("$2") C_FILE+=("$3") C_SIZE+=("${4:-}") C_HASSIZE+=("$(($# > 3))")
}

mkdir -p "$T/c" "$T/b"
nc=0
# new SRC: a copy of SRC to damage; its name in REPLY
new()
{
	nc=$((nc + 1))
	REPLY=$T/c/$nc.ko
	cp -- "$1" "$REPLY"
}

# Header fields of base file BF (after load BF): ehdr offsets, section
# header entry layout.
load()
{
	bf=$1
	cls=$(od -An -t u1 -j 4 -N 1 -- "$bf")
	cls=$((cls))
	sz=$(stat -c %s -- "$bf")
	little=0
	le "$bf" && little=1
	if ((cls == 2)); then
		o_shoff=40 l_addr=8 o_es=58 o_num=60 o_str=62
		f_flags=8 f_off=24 f_size=32
		full=ffffffffffffffff
	else
		o_shoff=32 l_addr=4 o_es=46 o_num=48 o_str=50
		f_flags=8 f_off=16 f_size=20
		full=ffffffff
	fi
	shoff=$(getu "$bf" "$o_shoff" "$l_addr")
	es=$(getu "$bf" "$o_es" 2)
	shn=$(getu "$bf" "$o_num" 2)
	stx=$(getu "$bf" "$o_str" 2)
	str_off=$(getu "$bf" $((shoff + stx * es + f_off)) "$l_addr")
	str_size=$(getu "$bf" $((shoff + stx * es + f_size)) "$l_addr")
	sig=$(readelf -S -W -- "$bf" | sed -n 's/^ *\[ *\([0-9]*\)\] module_sig .*/\1/p' | head -n 1)
}

# setsh FILE IDX FIELD HEX: sets a field (name type flags off size) of section IDX
setsh()
{
	local o len=4

	case $3 in
	name) o=0 ;;
	type) o=4 ;;
	flags) o=$f_flags; len=$l_addr ;;
	off) o=$f_off; len=$l_addr ;;
	size) o=$f_size; len=$l_addr ;;
	esac
	put "$1" $((shoff + $2 * es + o)) "$len" "$4"
}

# header_cases GROUP: e_ident, e_type and the section header table fields
header_cases()
{
	local g="$1 header" f

	add "$g" "as built" "$bf"
	for v in 0 3; do new "$bf"; put "$REPLY" 4 1 "$v"; add "$g" "EI_CLASS $v" "$REPLY"; done
	new "$bf"; put "$REPLY" 4 1 $((3 - cls)); add "$g" "the other EI_CLASS" "$REPLY"
	for v in 0 3; do new "$bf"; put "$REPLY" 5 1 "$v"; add "$g" "EI_DATA $v" "$REPLY"; done
	new "$bf"; put "$REPLY" 5 1 $((2 - little))
	add "$g" "the other EI_DATA" "$REPLY"
	for v in 0 2; do new "$bf"; put "$REPLY" 6 1 "$v"; add "$g" "EI_VERSION $v" "$REPLY"; done
	new "$bf"; put "$REPLY" 1 1 65; add "$g" "bad magic" "$REPLY"
	for v in 0 2 100 ffff; do new "$bf"; put "$REPLY" 16 2 "$v"; add "$g" "e_type 0x$v" "$REPLY"; done
	for v in "$full" 800000000000 7fffffffffff "$(hx "$sz")" "$(hx $((sz - 1)))" \
		"$(hx $((shoff + 1)))" "$(hx $((shoff - 4)))" 0 40; do
		new "$bf"; put "$REPLY" "$o_shoff" "$l_addr" "$v"; add "$g" "e_shoff 0x$v" "$REPLY"
	done
	for v in 0 "$(hx $((es - 1)))" "$(hx $((2 * es)))" 28 40; do
		new "$bf"; put "$REPLY" "$o_es" 2 "$v"; add "$g" "e_shentsize 0x$v" "$REPLY"
	done
	for v in 0 1 "$(hx $((shn - 1)))" "$(hx $((shn + 1)))" ffff; do
		new "$bf"; put "$REPLY" "$o_num" 2 "$v"; add "$g" "e_shnum 0x$v" "$REPLY"
	done
	for v in 0 1 "$(hx $((shn - 1)))" "$(hx "$shn")" ffff; do
		new "$bf"; put "$REPLY" "$o_str" 2 "$v"; add "$g" "e_shstrndx 0x$v" "$REPLY"
	done
}

# size_cases GROUP: the SIZE argument, and short files
size_cases()
{
	local g="$1 size" v

	for v in "$sz" $((sz + 1000)) $((sz - 1)) "$shoff" 0 51 52 63 64 999999999999999999; do
		add "$g" "SIZE $v" "$bf" "$v"
	done
	# not plain decimal: bash's arithmetic (both go the shell's way)
	for v in 010 0x40 "0x$(hx "$sz")" 12345678901234567890; do
		add "$g" "SIZE $v" "$bf" "$v"
	done
	for v in 0 1 4 40 51 52 60 63 64 "$shoff" $((shoff + es)) $((sz - 2)) $((sz - 1)); do
		new "$bf"; truncate -s "$v" -- "$REPLY"
		add "$g" "cut at $v" "$REPLY"
		# the caller's size is that of the whole file: short reads
		add "$g" "cut at $v, SIZE $sz" "$REPLY" "$sz"
	done
	new "$bf"; truncate -s $((str_off + str_size / 2)) -- "$REPLY"
	add "$g" "cut in the name table, SIZE $sz" "$REPLY" "$sz"
}

# section_cases GROUP: section header entries
section_cases()
{
	local g="$1 sections" v last=$((shn - 1))

	for v in "$full" 800000000000 7fffffffffff "$(hx $((sz + 1)))"; do
		new "$bf"; setsh "$REPLY" 1 off "$v"; add "$g" "section 1 offset 0x$v" "$REPLY"
		new "$bf"; setsh "$REPLY" 1 size "$v"; add "$g" "section 1 size 0x$v" "$REPLY"
		new "$bf"; setsh "$REPLY" 0 off "$v"; setsh "$REPLY" 0 size "$v"
		add "$g" "section 0 offset and size 0x$v" "$REPLY"
	done
	if ((cls == 2)); then
		new "$bf"; setsh "$REPLY" 1 off 7fff00000000; setsh "$REPLY" 1 size 0
		add "$g" "section 1 offset high word 0x7fff, size 0" "$REPLY"
		new "$bf"; setsh "$REPLY" 1 off 800000000000; setsh "$REPLY" 1 size 0
		add "$g" "section 1 offset 2^47, size 0" "$REPLY"
		new "$bf"; setsh "$REPLY" 1 size 800000000000; setsh "$REPLY" 1 type 8
		add "$g" "NOBITS section 1 of size 2^47" "$REPLY"
	fi
	new "$bf"; setsh "$REPLY" 1 off "$(hx "$sz")"; setsh "$REPLY" 1 size 0
	add "$g" "section 1 empty at the end of the file" "$REPLY"
	new "$bf"; setsh "$REPLY" 1 off "$(hx "$sz")"; setsh "$REPLY" 1 size 1
	add "$g" "section 1 one byte past the end" "$REPLY"
	new "$bf"; setsh "$REPLY" 1 off "$(hx $((sz - 1)))"; setsh "$REPLY" 1 size 1
	add "$g" "section 1 the last byte" "$REPLY"
	new "$bf"; setsh "$REPLY" 1 off 0; setsh "$REPLY" 1 size "$(hx "$sz")"
	add "$g" "section 1 the whole file" "$REPLY"
	for v in "$full" 8000000000000000 8000000000000002 ffffffff00000000 80000000; do
		new "$bf"; setsh "$REPLY" 1 flags "$v"; add "$g" "section 1 flags 0x$v" "$REPLY"
	done
	for v in 0 8 ffffffff; do
		new "$bf"; setsh "$REPLY" 1 type "$v"; setsh "$REPLY" 1 off "$full"
		add "$g" "section 1 type 0x$v, offset 0x$full" "$REPLY"
	done
	for v in "$(hx "$str_size")" "$(hx $((str_size - 1)))" ffffffff; do
		new "$bf"; setsh "$REPLY" "$last" name "$v"; add "$g" "last section name 0x$v" "$REPLY"
	done
	new "$bf"; setsh "$REPLY" 1 type 0; setsh "$REPLY" 1 name ffffffff
	add "$g" "SHT_NULL section 1 with a name outside" "$REPLY"
	for v in 1 8; do
		new "$bf"; setsh "$REPLY" "$stx" type "$v"; add "$g" "name table type $v" "$REPLY"
	done
	new "$bf"; setsh "$REPLY" "$stx" size 0; add "$g" "name table empty" "$REPLY"
	new "$bf"; setsh "$REPLY" "$stx" size 1; add "$g" "name table of one byte" "$REPLY"
	new "$bf"; setsh "$REPLY" "$stx" off "$full"; add "$g" "name table offset 0x$full" "$REPLY"
}

# sig_cases GROUP: the module_sig section (base with one)
sig_cases()
{
	local g="$1 module_sig" nm s1 so ss

	[[ -n $sig ]] || return 0
	nm=$(getu "$bf" $((shoff + sig * es)) 4)
	s1=$(getu "$bf" $((shoff + es + f_off)) "$l_addr")
	so=$(getu "$bf" $((shoff + sig * es + f_off)) "$l_addr")
	ss=$(getu "$bf" $((shoff + sig * es + f_size)) "$l_addr")
	for v in 2 3 8000000000000002 8000000000000000; do
		new "$bf"; setsh "$REPLY" "$sig" flags "$v"; add "$g" "flags 0x$v" "$REPLY"
	done
	for v in 0 2 8; do
		new "$bf"; setsh "$REPLY" "$sig" type "$v"; add "$g" "type $v" "$REPLY"
	done
	for v in 0 8 f 10; do
		new "$bf"; setsh "$REPLY" "$sig" size "$v"; add "$g" "size 0x$v" "$REPLY"
	done
	for v in 0 20 "$(hx "$s1")" "$(hx $((s1 + 1)))" "$(hx "$shoff")" "$(hx $((shoff - 16)))" \
		"$(hx $((sz - ss)))"; do
		new "$bf"; setsh "$REPLY" "$sig" off "$v"; add "$g" "offset 0x$v" "$REPLY"
	done
	# another section inside module_sig (as SHT_NOBITS: allowed)
	new "$bf"; setsh "$REPLY" 1 off "$(hx $((so + 4)))"; setsh "$REPLY" 1 size 4
	add "$g" "section 1 inside it" "$REPLY"
	new "$bf"; setsh "$REPLY" 1 off "$(hx $((so + 4)))"; setsh "$REPLY" 1 size 4; setsh "$REPLY" 1 type 8
	add "$g" "NOBITS section 1 inside it" "$REPLY"
	new "$bf"; setsh "$REPLY" 1 off "$(hx $((so + 4)))"; setsh "$REPLY" 1 size 0
	add "$g" "empty section 1 inside it" "$REPLY"
	# two of them: section 1 takes its name
	new "$bf"; setsh "$REPLY" 1 name "$(hx "$nm")"; add "$g" "section 1 named module_sig too" "$REPLY"
	new "$bf"; setsh "$REPLY" 1 name "$(hx "$nm")"; setsh "$REPLY" 1 type 0
	add "$g" "SHT_NULL section 1 named module_sig" "$REPLY"
	# the name table ends inside "module_sig" (no NUL)
	new "$bf"; setsh "$REPLY" "$stx" size "$(hx $((nm + 10)))"
	add "$g" "name table ends before its NUL" "$REPLY"
	new "$bf"; setsh "$REPLY" "$stx" size "$(hx $((nm + 11)))"
	add "$g" "name table ends with its NUL" "$REPLY"
	new "$bf"; setsh "$REPLY" "$sig" name "$(hx $((nm + 1)))"; add "$g" "name odule_sig" "$REPLY"
}

# random_cases GROUP COUNT: one random byte in the headers or anywhere
random_cases()
{
	local g="$1 random" k o len=$((sz - shoff))

	for ((k = 0; k < $2; k++)); do
		new "$bf"
		case $((k % 3)) in
		0) o=$((RANDOM % 64)) ;;
		1) o=$((shoff + (RANDOM * 32768 + RANDOM) % len)) ;;
		2) o=$(((RANDOM * 32768 + RANDOM) % sz)) ;;
		esac
		put "$REPLY" "$o" 1 "$(hx $((RANDOM % 256)))"
		add "$g" "byte $o" "$REPLY"
	done
}

# The bases: a module-like object (gcc) with and without module_sig, i386,
# and objcopy's other classes and byte orders (machine-less, from a blob).
head -c 512 /dev/zero > "$T/zeros"
head -c 300 /dev/urandom > "$T/blob"
gcc -O2 -c -o "$T/b/x86_64.ko" "$here/testmod.c"
objcopy --add-section module_sig="$T/zeros" "$T/b/x86_64.ko" "$T/b/x86_64-sig.ko"
bases=(x86_64 x86_64-sig)
if gcc -m32 -O2 -c -o "$T/b/i386.o" "$here/testmod.c" 2> /dev/null; then
	objcopy --add-section module_sig="$T/zeros" "$T/b/i386.o" "$T/b/i386-sig.ko"
	bases+=(i386-sig)
fi
for t in elf64-big elf32-big elf32-little; do
	objcopy -I binary -O "$t" --add-section module_sig="$T/zeros" "$T/blob" "$T/b/$t.ko"
	bases+=("$t")
done
for base in "${bases[@]}"; do
	load "$T/b/$base.ko"
	header_cases "$base"
	size_cases "$base"
	section_cases "$base"
	sig_cases "$base"
	random_cases "$base" 16
done

# Not modules at all.
g="other files"
printf 'not a module\n' > "$T/c/text"
add "$g" "a text file" "$T/c/text"
: > "$T/c/empty"
add "$g" "an empty file" "$T/c/empty"
add "$g" "an empty file, SIZE 0" "$T/c/empty" 0
add "$g" "an empty file, SIZE 100" "$T/c/empty" 100
add "$g" "no such file" "$T/c/nonexistent"
add "$g" "no such file, SIZE 100" "$T/c/nonexistent" 100
mkdir -p "$T/c/dir"
add "$g" "a directory" "$T/c/dir"
add "$g" "a directory, SIZE 100" "$T/c/dir" 100
add "$g" "a file name with spaces and %" "$T/c/a b%20c.ko"
cp -- "$T/b/x86_64.ko" "$T/c/a b%20c.ko"
echo 'int main(void) { return 0; }' > "$T/exe.c"
if gcc -o "$T/c/exe" "$T/exe.c" 2> /dev/null; then
	add "$g" "an executable" "$T/c/exe"
fi
if gcc -shared -fPIC -o "$T/c/lib.so" "$here/testmod.c" 2> /dev/null; then
	add "$g" "a shared object" "$T/c/lib.so"
fi

# Real modules (the kernel build's, and any given), unsigned and with a
# module_sig added.
g="real modules"
for m in "$top"/build/mods/*.ko "$@"; do
	[[ -f $m ]] || continue
	cp -- "$m" "$T/c/real-${m##*/}"
	add "$g" "${m##*/}" "$T/c/real-${m##*/}"
	if objcopy --add-section module_sig="$T/zeros" "$m" "$T/c/realsig-${m##*/}" 2> /dev/null; then
		add "$g" "${m##*/} with module_sig" "$T/c/realsig-${m##*/}"
	fi
done

# --- the scans -----------------------------------------------------------------
# scan_all MODE OUT [HELPER]: pms_elf_scan (then pms_check_sig_section) on
# every case, in a subshell: MODE bash without a co-process (od), MODE
# helper through HELPER's SCAN, MODE reads bash's scanner reading through
# HELPER (its R and SIZE requests, what it falls back to). OUT/I is case
# I's result; OUT/path lists which scanner ran for each case.
scan_all()
(
	mode=$1 out=$2
	mkdir -p "$out"
	# shellcheck source=scripts/pgp-modsign-lib.sh
	. "$lib"
	# which scanner ran: bash's is wrapped
	eval "$(declare -f _pms_elf_scan | sed '1s/^_pms_elf_scan /_pms_elf_scan_bash /')"
	# shellcheck disable=SC2317 # called by the library
	_pms_elf_scan()
	{
		used=bash
		_pms_elf_scan_bash "$@"
	}
	if [[ $mode != bash ]]; then
		coproc H { exec perl "$3" --homedir "$G" --keygrip "$grip" --check-sig "$T/check.sig" \
			--check-data "$T/empty" 2> "$out/helper.err"; }
		IFS= read -r line <&"${H[0]}" || line=
		if [[ $line != "OK "* ]]; then
			echo "helper did not start: $line $(cat "$out/helper.err")"
			exit 1
		fi
		# shellcheck disable=SC2034 # the library's
		PMS_IO_IN=${H[0]} PMS_IO_OUT=${H[1]} PMS_IO_FILE=$out/io
	fi
	vars=(ELF_SIZE ELF_CLASS ELF_EHSIZE ELF_ENDIAN ELF_TYPE ELF_SHOFF ELF_SHENTSIZE ELF_SHNUM
	      ELF_SHSTRNDX ELF_END SIG_COUNT SIG_IDX SIG_OFF SIG_SIZE SIG_TYPE SIG_FLAGS
	      _PMS_STRTAB_HEX)
	for i in "${!C_FILE[@]}"; do
		# what a scan leaves alone must stay
		for v in "${vars[@]}"; do
			printf -v "$v" 'before'
		done
		SH_NAME=(before) SH_TYPE=(before) SH_FLAGS=(before) SH_OFF=(before) SH_SIZE=(before)
		PMS_ERR=before used=helper rc=0
		scan=pms_elf_scan
		[[ $mode == reads ]] && scan=_pms_elf_scan _PMS_OVERLAP=''
		if ((C_HASSIZE[i])); then
			"$scan" "${C_FILE[i]}" "${C_SIZE[i]}" || rc=$?
		else
			"$scan" "${C_FILE[i]}" || rc=$?
		fi
		{
			echo "pms_elf_scan: $rc $PMS_ERR"
			declare -p "${vars[@]}" SH_NAME SH_TYPE SH_FLAGS SH_OFF SH_SIZE
			if ((rc == 0)); then
				rc=0
				pms_check_sig_section || rc=$?
				echo "pms_check_sig_section: $rc $PMS_ERR"
			fi
		} > "$out/$i"
		echo "$i $used" >> "$out/path"
	done
)

# compare OUT_A OUT_B: the cases whose results differ (GROUP|LABEL per line)
compare()
{
	local i

	for i in "${!C_FILE[@]}"; do
		cmp -s "$1/$i" "$2/$i" || echo "$i|${C_GROUP[i]}|${C_LABEL[i]}"
	done
}

for mode in bash helper reads; do
	if ! out=$(scan_all "$mode" "$T/$mode" "$agent" 2>&1); then
		echo "Bail out! $out"
		exit 1
	fi
done
compare "$T/bash" "$T/helper" > "$T/differ"

# One result per group: every case of the group agrees.
declare -A gn=() gwell=() gbad=()
groups=()
for i in "${!C_FILE[@]}"; do
	g=${C_GROUP[i]}
	[[ -n ${gn[$g]+set} ]] || { groups+=("$g"); gn[$g]=0 gwell[$g]=0 gbad[$g]=0; }
	gn[$g]=$((gn[$g] + 1))
	grep -q '^pms_elf_scan: 0 ' "$T/bash/$i" && gwell[$g]=$((gwell[$g] + 1))
done
while IFS='|' read -r i g _; do
	gbad[$g]=$((gbad[$g] + 1))
done < "$T/differ"
for g in "${groups[@]}"; do
	desc="$g: bash and SCAN agree (${gn[$g]} cases, ${gwell[$g]} well-formed)"
	if ((gbad[$g] == 0)); then
		ok "$desc"
		continue
	fi
	nok "$desc"
	first=1
	while IFS='|' read -r i g2 label; do
		[[ $g2 == "$g" ]] || continue
		echo "# differs: $label (${C_FILE[i]} ${C_SIZE[i]})"
		if ((first)); then
			{ diff "$T/bash/$i" "$T/helper/$i" || true; } | head -n 12 | sed 's/^/#   /'
			first=0
		fi
	done < "$T/differ"
done

# SCAN did the work: bash only for a SIZE that is not a plain number.
bad=0 viascan=0
while read -r i used; do
	want=helper
	((C_HASSIZE[i])) && ! [[ ${C_SIZE[i]} =~ ^(0|[1-9][0-9]{0,17})$ ]] && want=bash
	[[ $used == "$want" ]] || { bad=$((bad + 1)); echo "# ${C_LABEL[i]}: scanned by $used"; }
	[[ $used == helper ]] && viascan=$((viascan + 1))
done < "$T/helper/path"
desc="the helper's SCAN answered every case but non-decimal sizes ($viascan of ${#C_FILE[@]})"
((bad == 0 && viascan > 0)) && ok "$desc" || nok "$desc"
bad=0
while read -r i used; do
	[[ $used == bash ]] || bad=$((bad + 1))
done < "$T/bash/path"
((bad == 0)) && ok "without the helper, bash scans every case" ||
	nok "without the helper, bash scans every case ($bad not)"

# The shell's scanner reads through the helper what it reads with od.
compare "$T/bash" "$T/reads" > "$T/differ-reads"
desc="bash's scanner reading through the helper (R, SIZE) as with od (${#C_FILE[@]} cases)"
if [[ ! -s $T/differ-reads ]]; then
	ok "$desc"
else
	nok "$desc"
	while IFS='|' read -r i g label; do
		echo "# differs: $g: $label (${C_FILE[i]} ${C_SIZE[i]})"
	done < <(head -n 10 "$T/differ-reads")
fi

# A helper that cannot SCAN (answers ERR, writes nothing): the shell scans.
sed -e "s/\$cmd eq 'SCAN'/\$cmd eq 'NOSCAN'/" -- "$agent" > "$T/noscan.pl"
desc="a helper without SCAN: the shell's scanner, same results"
if cmp -s "$agent" "$T/noscan.pl"; then
	nok "$desc (the change did not apply)"
elif ! out=$(scan_all helper "$T/noscan" "$T/noscan.pl" 2>&1); then
	nok "$desc (it does not run: $out)"
elif [[ -n $(compare "$T/bash" "$T/noscan") ]] || grep -q ' helper$' "$T/noscan/path"; then
	nok "$desc"
else
	ok "$desc"
fi

# The comparison notices a helper that is wrong in one small way.
# shellcheck disable=SC2016 # Perl's $, for sed
mutations=(
	'a message|s/section header table outside the file/section header table outside this file/'
	'an off-by-one bound|s/if \$o > \$size /if $o >= $size /'
	"unsigned 64-bit flags|s/'q<' : 'q>'/'Q<' : 'Q>'/"
	'PMS_BIG from 2^48 on|s/>= 0x8000 ||/>= 0x10000 ||/'
	'no overlap found|s/\$r{overlap} = \$i;/$r{overlap} = 0;/'
	'no zero padding of a cut table|s/\$t \.= "\\0" x/$t .= "" x/'
)
k=0
for m in "${mutations[@]}"; do
	k=$((k + 1))
	what=${m%%|*}
	sed -e "${m#*|}" -- "$agent" > "$T/mut$k.pl"
	if cmp -s "$agent" "$T/mut$k.pl"; then
		nok "a helper with $what is caught (the change did not apply)"
		continue
	fi
	if ! out=$(scan_all helper "$T/mut$k" "$T/mut$k.pl" 2>&1); then
		nok "a helper with $what is caught (it does not run: $out)"
		continue
	fi
	cnt=$(compare "$T/bash" "$T/mut$k" | wc -l)
	((cnt > 0)) && ok "a helper with $what is caught ($cnt cases differ)" ||
		nok "a helper with $what is caught"
done

# shellcheck disable=SC2031 # (ok and nok run in this shell only)
echo "1..$n"
((failed == 0))
