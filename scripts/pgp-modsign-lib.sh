# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Shared helpers for sign-module.sh, verify-module.sh and pgp-modsign-genkey.sh:
# strict ELF section-table parsing, the module_sig container (see
# Documentation/admin-guide/module-signing-pgp.rst), OpenPGP packet splitting
# and signature-packet parsing, and (de)compression by file extension.
# Only bash, coreutils (od, dd, base64) and binutils are used.
#
# Functions return non-zero on failure and leave a one-line reason in
# PMS_ERR; callers print it as "<script>: <file>: <reason>".

# shellcheck disable=SC2034 # the globals set here are the interface

# Container layout (must match kernel/module/signing_pgp.c).
PMS_MAGIC_HEX=4f5047504d534947		# "OPGPMSIG"
PMS_VERSION=1
PMS_HDR_LEN=16
PMS_MAX_SIGS=16				# MODULE_PGP_MAX_SIGS
PMS_SECNAME=module_sig
PMS_SECNAME_HEX=6d6f64756c655f736967	# "module_sig"
PMS_BIG=$((1 << 62))			# sentinel for "does not fit in a file"

# Appended PKCS#7 signature marker used by mainline scripts/sign-file.
PMS_P7_MARKER='~Module signature appended~'

PMS_ERR=""

# Reading files: od and stat, or, in sign-module.sh, its signing co-process
# (pgp-modsign-agent.pl), which saves a process per read and parses ELF
# section tables faster than bash can (pms_elf_scan). The co-process is
# used when PMS_IO_OUT and PMS_IO_IN hold the file descriptors of its input
# and output and PMS_IO_FILE names a scratch file for long replies.
PMS_IO_IN='' PMS_IO_OUT='' PMS_IO_FILE=''
_PMS_OVERLAP=''

# _pms_esc STRING: REPLY = STRING percent-escaped for a request line
_pms_esc()
{
	if [[ $1 != *[%[:space:]]* ]]; then
		REPLY=$1
		return
	fi
	local s=${1//%/%25}

	s=${s// /%20}
	s=${s//$'\t'/%09}
	s=${s//$'\n'/%0A}
	REPLY=${s//$'\r'/%0D}
}

# pms_io REQUEST ARG...: one request to the co-process. Returns 0 with REPLY
# = the answer after "OK", or 1 with PMS_ERR = the message after "ERR" (and
# PMS_IO_FATAL=1 when the co-process is gone or ends: "ERR!").
PMS_IO_FATAL=0
pms_io()
{
	local a req='' line

	PMS_IO_FATAL=0
	for a; do
		_pms_esc "$a"
		req+=" $REPLY"
	done
	if ! printf '%s\n' "${req# }" 1>&"$PMS_IO_OUT" 2> /dev/null ||
	   ! IFS= read -r line <&"$PMS_IO_IN"; then
		PMS_ERR="the signing helper (pgp-modsign-agent.pl) is gone"
		PMS_IO_FATAL=1
		return 1
	fi
	case $line in
	OK) REPLY='' ;;
	"OK "*) REPLY=${line#OK } ;;
	"ERR "*) PMS_ERR=${line#ERR }; return 1 ;;
	"ERR! "*) PMS_ERR=${line#ERR! }; PMS_IO_FATAL=1; return 1 ;;
	*)
		PMS_ERR="the signing helper (pgp-modsign-agent.pl) answered '${line:0:40}'"
		PMS_IO_FATAL=1
		return 1
		;;
	esac
	return 0
}

# _pms_read FMT FILE OFFSET LENGTH: REPLY = the bytes as "od -An -v -t FMT"
# prints them, on one line: FMT x1 gives one hex string (no spaces), u1,
# u4le and u4be give numbers separated by spaces. Bytes beyond the end of
# the file are missing (a last partial u4 word is padded with zeros, as od
# does).
_pms_read()
{
	local fmt=$1 file=$2 off=$3 len=$4

	if [[ -n $PMS_IO_OUT ]]; then
		pms_io R "$fmt" "$file" "$off" "$len" "$PMS_IO_FILE" || { REPLY=''; return 1; }
		IFS= read -r REPLY < "$PMS_IO_FILE" || REPLY=''
		return 0
	fi
	REPLY=''
	((len > 0)) || return 0
	case $fmt in
	x1)
		REPLY=$(od -An -v -t x1 -j "$off" -N "$len" -- "$file")
		REPLY=${REPLY//[$' \n']/}
		;;
	u1) REPLY=$(od -An -v -t u1 -w"$len" -j "$off" -N "$len" -- "$file") ;;
	u4le) REPLY=$(od -An -v -t u4 --endian=little -w"$len" -j "$off" -N "$len" -- "$file") ;;
	u4be) REPLY=$(od -An -v -t u4 --endian=big -w"$len" -j "$off" -N "$len" -- "$file") ;;
	esac
	return 0
}

# pms_hex FILE OFFSET LENGTH: REPLY = lowercase hex of those bytes (no spaces)
pms_hex()
{
	_pms_read x1 "$1" "$2" "$3"
}

# pms_file_size FILE: prints its size
pms_file_size()
{
	stat -L -c %s -- "$1"
}

# _pms_size FILE: REPLY = its size in bytes (return 1 if unreadable)
_pms_size()
{
	if [[ -n $PMS_IO_OUT ]]; then
		pms_io SIZE "$1"
	else
		REPLY=$(stat -L -c %s -- "$1" 2> /dev/null)
	fi
}

# pms_zero_range FILE OFFSET LENGTH: overwrite bytes in place with zeros.
pms_zero_range()
{
	local file=$1 off=$2 len=$3

	[[ $len -gt 0 ]] || return 0
	head -c "$len" /dev/zero |
		dd of="$file" bs=64K seek="$off" oflag=seek_bytes conv=notrunc \
		   status=none iflag=fullblock
}

# pms_write_at FILE OFFSET SRC: copy SRC into FILE at OFFSET, in place.
pms_write_at()
{
	dd if="$3" of="$1" bs=64K seek="$2" oflag=seek_bytes conv=notrunc status=none
}

# pms_hex_to_file HEX FILE
pms_hex_to_file()
{
	local esc

	# bash >= 5.2: "&" in a substitution is the match, so printf does it
	# without another process.
	if shopt -q patsub_replacement 2> /dev/null; then
		esc=${1//??/\\x&}
		printf '%b' "$esc" > "$2"
	else
		basenc --base16 -d <<< "${1^^}" > "$2"
	fi
}

# _pms_uint OFF LEN: unsigned value of LEN (2, 4 or 8) bytes at OFF of the
# array _pms_b, in the ELF's byte order, into REPLY; values of 2^47 or more
# (never a valid offset or size in a file) become PMS_BIG so that bounds
# checks fail safely.
_pms_uint()
{
	local o=$1

	if [[ $ELF_ENDIAN == little ]]; then
		case $2 in
		2) REPLY=$((_pms_b[o] | _pms_b[o + 1] << 8)) ;;
		4) REPLY=$((_pms_b[o] | _pms_b[o + 1] << 8 | _pms_b[o + 2] << 16 |
			    _pms_b[o + 3] << 24)) ;;
		8)
			if ((_pms_b[o + 7] || _pms_b[o + 6] || _pms_b[o + 5] >= 128)); then
				REPLY=$PMS_BIG
			else
				REPLY=$((_pms_b[o] | _pms_b[o + 1] << 8 |
					 _pms_b[o + 2] << 16 | _pms_b[o + 3] << 24 |
					 _pms_b[o + 4] << 32 | _pms_b[o + 5] << 40))
			fi
			;;
		esac
	else
		case $2 in
		2) REPLY=$((_pms_b[o] << 8 | _pms_b[o + 1])) ;;
		4) REPLY=$((_pms_b[o] << 24 | _pms_b[o + 1] << 16 | _pms_b[o + 2] << 8 |
			    _pms_b[o + 3])) ;;
		8)
			if ((_pms_b[o] || _pms_b[o + 1] || _pms_b[o + 2] >= 128)); then
				REPLY=$PMS_BIG
			else
				REPLY=$((_pms_b[o + 2] << 40 | _pms_b[o + 3] << 32 |
					 _pms_b[o + 4] << 24 | _pms_b[o + 5] << 16 |
					 _pms_b[o + 6] << 8 | _pms_b[o + 7]))
			fi
			;;
		esac
	fi
}

# pms_elf_scan FILE [SIZE]
#
# Strictly parses the ELF header and section header table of a kernel module.
# Sets:
#   ELF_SIZE ELF_CLASS(32|64) ELF_ENDIAN(little|big) ELF_TYPE ELF_EHSIZE
#   ELF_SHOFF ELF_SHNUM ELF_SHENTSIZE ELF_SHSTRNDX
#   SH_NAME[] SH_TYPE[] SH_FLAGS[] SH_OFF[] SH_SIZE[]   (per section)
#   SIG_COUNT (number of module_sig sections), SIG_IDX SIG_OFF SIG_SIZE
#   SIG_TYPE SIG_FLAGS (of the first module_sig, when SIG_COUNT >= 1)
#   ELF_END: end of the ELF data (max of header, table and section ends)
# Return: 0, or 1 with PMS_ERR set (not ELF, not ET_REL, truncated or
# inconsistent).
#
# With the co-process, its SCAN request does all of this (the same checks,
# messages and values, see pgp-modsign-agent.pl; tests/host/sign/
# scan-agree.sh compares the two) and a few reads take its answer from
# PMS_IO_FILE; without, _pms_elf_scan does it in bash. A SIZE that is not a
# plain decimal number (which bash would take as arithmetic) is left to
# bash. SCAN also runs pms_check_sig_section's loop over the sections: its
# result, _PMS_OVERLAP, belongs to the values of this scan.
pms_elf_scan()
{
	if [[ -z $PMS_IO_OUT || ( -n ${2:-} && ! $2 =~ ^(0|[1-9][0-9]{0,17})$ ) ]]; then
		_PMS_OVERLAP=''
		_pms_elf_scan "$@"
		return
	fi
	if pms_io SCAN "$1" "${2:--}" "$PMS_IO_FILE"; then
		{
			read -r
			read -r "${_PMS_SCAN_VARS[@]}" _PMS_OVERLAP
			read -ra SH_NAME
			read -ra SH_TYPE
			read -ra SH_FLAGS
			read -ra SH_OFF
			read -ra SH_SIZE
			read -r _PMS_STRTAB_HEX
		} < "$PMS_IO_FILE"
		PMS_ERR=
		return 0
	fi
	_PMS_OVERLAP=''
	_pms_scan_rejected "$@"
}

# The values of a scan, in the order of the co-process's SCAN answer.
_PMS_SCAN_VARS=(SIG_COUNT SIG_IDX SIG_OFF SIG_SIZE SIG_TYPE SIG_FLAGS
		ELF_SIZE ELF_CLASS ELF_EHSIZE ELF_ENDIAN ELF_TYPE ELF_SHOFF
		ELF_SHENTSIZE ELF_SHNUM ELF_SHSTRNDX ELF_END)

# _pms_scan_rejected FILE [SIZE]: the co-process's SCAN answered "ERR
# PMS_ERR". For a malformed module it has written what _pms_elf_scan would
# leave: the values as far as the checks got (the others keep theirs), and
# the message first, which tells this answer from an older one when the
# request itself failed or the co-process is gone; then bash scans (as
# before SCAN existed).
_pms_scan_rejected()
{
	local -a v
	local i line

	if { IFS= read -r line && [[ $line == "$PMS_ERR" ]] && read -ra v &&
	     read -ra SH_NAME && read -ra SH_TYPE && read -ra SH_FLAGS &&
	     read -ra SH_OFF && read -ra SH_SIZE; } < "$PMS_IO_FILE" 2> /dev/null; then
		for ((i = 0; i < ${#v[@]}; i++)); do
			printf -v "${_PMS_SCAN_VARS[i]}" %s "${v[i]}"
		done
		return 1
	fi
	_pms_elf_scan "$@"
}

_pms_elf_scan()
{
	local file=$1 words w i base name_off strtab_hex
	local str_off str_size type off size entwords lo hi

	PMS_ERR=
	SH_NAME=() SH_TYPE=() SH_FLAGS=() SH_OFF=() SH_SIZE=()
	SIG_COUNT=0 SIG_IDX=-1 SIG_OFF=0 SIG_SIZE=0 SIG_TYPE=0 SIG_FLAGS=0

	if [[ -n ${2:-} ]]; then
		ELF_SIZE=$2
	elif _pms_size "$file" && [[ -n $REPLY ]]; then
		ELF_SIZE=$REPLY
	else
		PMS_ERR="cannot read file"
		return 1
	fi
	if ((ELF_SIZE < 52)); then
		PMS_ERR="not an ELF file (too short)"
		return 1
	fi
	_pms_read u1 "$file" 0 64
	# shellcheck disable=SC2206 # numbers only
	_pms_b=($REPLY)
	if ((${#_pms_b[@]} < 52 || _pms_b[0] != 127 || _pms_b[1] != 69 ||
	     _pms_b[2] != 76 || _pms_b[3] != 70)); then
		PMS_ERR="not an ELF file"
		return 1
	fi
	case ${_pms_b[4]} in
	1) ELF_CLASS=32 ELF_EHSIZE=52 ;;
	2) ELF_CLASS=64 ELF_EHSIZE=64 ;;
	*) PMS_ERR="invalid ELF class ${_pms_b[4]}"; return 1 ;;
	esac
	case ${_pms_b[5]} in
	1) ELF_ENDIAN=little ;;
	2) ELF_ENDIAN=big ;;
	*) PMS_ERR="invalid ELF data encoding ${_pms_b[5]}"; return 1 ;;
	esac
	if ((_pms_b[6] != 1)); then
		PMS_ERR="invalid ELF version ${_pms_b[6]}"
		return 1
	fi
	if ((ELF_SIZE < ELF_EHSIZE || ${#_pms_b[@]} < ELF_EHSIZE)); then
		PMS_ERR="truncated ELF header"
		return 1
	fi
	_pms_uint 16 2
	ELF_TYPE=$REPLY
	if ((ELF_TYPE != 1)); then
		PMS_ERR="not a relocatable ELF object (e_type $ELF_TYPE, modules are ET_REL)"
		return 1
	fi
	if ((ELF_CLASS == 64)); then
		_pms_uint 40 8; ELF_SHOFF=$REPLY
		w=52 entwords=16
	else
		_pms_uint 32 4; ELF_SHOFF=$REPLY
		w=40 entwords=10
	fi
	_pms_uint $((w + 6)) 2; ELF_SHENTSIZE=$REPLY
	_pms_uint $((w + 8)) 2; ELF_SHNUM=$REPLY
	_pms_uint $((w + 10)) 2; ELF_SHSTRNDX=$REPLY
	if ((ELF_SHENTSIZE != entwords * 4)); then
		PMS_ERR="inconsistent ELF header (e_shentsize $ELF_SHENTSIZE)"
		return 1
	fi
	if ((ELF_SHNUM == 0)); then
		PMS_ERR="no usable section header table (e_shnum $ELF_SHNUM)"
		return 1
	fi
	if ((ELF_SHSTRNDX == 0 || ELF_SHSTRNDX >= ELF_SHNUM)); then
		PMS_ERR="inconsistent ELF header (e_shstrndx $ELF_SHSTRNDX)"
		return 1
	fi
	if ((ELF_SHOFF >= ELF_SIZE ||
	     ELF_SHNUM * ELF_SHENTSIZE > ELF_SIZE - ELF_SHOFF)); then
		PMS_ERR="truncated or inconsistent ELF: section header table outside the file"
		return 1
	fi
	ELF_END=$((ELF_SHOFF + ELF_SHNUM * ELF_SHENTSIZE))

	_pms_read "u4${ELF_ENDIAN:0:1}e" "$file" "$ELF_SHOFF" $((ELF_SHNUM * ELF_SHENTSIZE))
	# shellcheck disable=SC2206 # numbers only
	words=($REPLY)
	if ((${#words[@]} != ELF_SHNUM * entwords)); then
		PMS_ERR="truncated section header table"
		return 1
	fi
	lo=0
	[[ $ELF_ENDIAN == big ]] && lo=1
	hi=$((1 - lo))
	# (few commands per section: each costs more than its arithmetic; the
	# ", 1" keeps a zero result from being a failure under set -e)
	for ((i = 0; i < ELF_SHNUM; i++)); do
		((base = i * entwords, type = words[base + 1], SH_NAME[i] = words[base],
		  SH_TYPE[i] = type, 1))
		if ((ELF_CLASS == 64)); then
			# 64-bit fields as two 32-bit words, low word first
			# for little-endian files, high word first for big.
			# High words of 2^15 or more: beyond any file.
			if ((words[base + 6 + hi] >= 0x8000 || words[base + 8 + hi] >= 0x8000)); then
				off=$PMS_BIG size=$PMS_BIG
			else
				((off = words[base + 6 + lo] + (words[base + 6 + hi] << 32),
				  size = words[base + 8 + lo] + (words[base + 8 + hi] << 32), 1))
			fi
			((SH_FLAGS[i] = words[base + 2 + lo] + (words[base + 2 + hi] << 32), 1))
		else
			((SH_FLAGS[i] = words[base + 2], off = words[base + 4],
			  size = words[base + 5], 1))
		fi
		SH_OFF[i]=$off SH_SIZE[i]=$size
		# SHT_NULL and SHT_NOBITS occupy no file space; section 0 is
		# not looked at (as in the kernel).
		if ((i > 0 && type != 0 && type != 8)); then
			if ((off > ELF_SIZE || size > ELF_SIZE - off)); then
				PMS_ERR="truncated or inconsistent ELF: section $i lies outside the file"
				return 1
			fi
			((off + size > ELF_END)) && ELF_END=$((off + size))
		fi
	done

	str_off=${SH_OFF[ELF_SHSTRNDX]}
	str_size=${SH_SIZE[ELF_SHSTRNDX]}
	if ((SH_TYPE[ELF_SHSTRNDX] != 3 || str_size == 0)); then
		PMS_ERR="inconsistent ELF: bad section name table"
		return 1
	fi
	pms_hex "$file" "$str_off" "$str_size"
	strtab_hex=$REPLY
	# As kernel/module/signing_pgp_elf.c: section 0 and SHT_NULL sections
	# are skipped, every other name must lie inside the name table.
	for ((i = 1; i < ELF_SHNUM; i++)); do
		((SH_TYPE[i] == 0)) && continue
		name_off=${SH_NAME[i]}
		if ((name_off >= str_size)); then
			PMS_ERR="inconsistent ELF: section $i name outside the name table"
			return 1
		fi
		# Compare "module_sig\0" without decoding every name.
		if [[ ${strtab_hex:2*name_off:22} == "${PMS_SECNAME_HEX}00" ]]; then
			if ((SIG_COUNT == 0)); then
				SIG_IDX=$i
				SIG_OFF=${SH_OFF[i]}
				SIG_SIZE=${SH_SIZE[i]}
				SIG_TYPE=${SH_TYPE[i]}
				SIG_FLAGS=${SH_FLAGS[i]}
			fi
			SIG_COUNT=$((SIG_COUNT + 1))
		fi
	done
	_PMS_STRTAB_HEX=$strtab_hex
	return 0
}

# pms_section_name IDX -> name of section IDX (after pms_elf_scan)
pms_section_name()
{
	local off=$((2 * SH_NAME[$1])) hex='' c

	while :; do
		c=${_PMS_STRTAB_HEX:off:2}
		[[ -z $c || $c == 00 ]] && break
		hex+="\\x$c"
		off=$((off + 2))
	done
	printf '%b\n' "$hex"
}

# pms_find_section NAME -> index on stdout, or return 1
pms_find_section()
{
	local i

	for ((i = 0; i < ELF_SHNUM; i++)); do
		if [[ $(pms_section_name "$i") == "$1" ]]; then
			echo "$i"
			return 0
		fi
	done
	return 1
}

# pms_check_sig_section: checks the module_sig section found by pms_elf_scan
# (exactly one, SHT_PROGBITS, no SHF_ALLOC, big enough for the header, not
# overlapping the ELF header or the section header table).
pms_check_sig_section()
{
	local i sh_end=$((ELF_SHOFF + ELF_SHNUM * ELF_SHENTSIZE))

	if ((SIG_COUNT > 1)); then
		PMS_ERR="more than one $PMS_SECNAME section"
		return 1
	fi
	if ((SIG_FLAGS & 2)); then
		PMS_ERR="$PMS_SECNAME section has SHF_ALLOC"
		return 1
	fi
	if ((SIG_TYPE != 1)); then
		PMS_ERR="$PMS_SECNAME section is not SHT_PROGBITS (type $SIG_TYPE)"
		return 1
	fi
	if ((SIG_SIZE < PMS_HDR_LEN)); then
		PMS_ERR="$PMS_SECNAME section too small ($SIG_SIZE bytes)"
		return 1
	fi
	# Only bytes nothing else uses may be left out of the signed data.
	if ((SIG_OFF < ELF_EHSIZE ||
	     (SIG_OFF < sh_end && ELF_SHOFF < SIG_OFF + SIG_SIZE))); then
		PMS_ERR="$PMS_SECNAME section overlaps the ELF headers"
		return 1
	fi
	# The co-process's scan went through this loop (_PMS_OVERLAP: the
	# first section found, or 0); after bash's, it is empty.
	if [[ -n ${_PMS_OVERLAP:-} ]]; then
		if ((_PMS_OVERLAP)); then
			PMS_ERR="$PMS_SECNAME section overlaps section $_PMS_OVERLAP"
			return 1
		fi
		return 0
	fi
	for ((i = 1; i < ELF_SHNUM; i++)); do
		((i == SIG_IDX || SH_TYPE[i] == 0 || SH_TYPE[i] == 8 || SH_SIZE[i] == 0)) && continue
		if ((SIG_OFF < SH_OFF[i] + SH_SIZE[i] && SH_OFF[i] < SIG_OFF + SIG_SIZE)); then
			PMS_ERR="$PMS_SECNAME section overlaps section $i"
			return 1
		fi
	done
	return 0
}

# pms_has_p7 FILE [SIZE]: true when FILE ends with mainline's
# appended-signature marker "~Module signature appended~\n".
pms_has_p7()
{
	local size=${2:-}

	[[ -n $size ]] || size=$(stat -L -c %s -- "$1") || return 1
	((size >= 28)) || return 1
	pms_hex "$1" $((size - 28)) 28
	[[ $REPLY == 7e4d6f64756c65207369676e617475726520617070656e6465647e0a ]]
}

# pms_split_packets HEX
#
# Splits a string of binary OpenPGP packets (hex) into PKT_HEX[] (whole
# packets, header included), PKT_TAG[], PKT_BODY_OFF[] (body offset in bytes
# within the packet). Partial and indeterminate lengths are rejected.
pms_split_packets()
{
	local hex=$1 len=$((${#1} / 2)) pos=0 b tag hl blen l1 l2

	PKT_HEX=() PKT_TAG=() PKT_BODY_OFF=()
	while ((pos < len)); do
		b=$((16#${hex:2*pos:2}))
		if ((!(b & 0x80))); then
			PMS_ERR="invalid OpenPGP packet header at payload offset $pos"
			return 1
		fi
		if ((b & 0x40)); then
			tag=$((b & 0x3f))
			((pos + 1 < len)) || { PMS_ERR="truncated OpenPGP packet header"; return 1; }
			l1=$((16#${hex:2*(pos+1):2}))
			if ((l1 < 192)); then
				hl=2 blen=$l1
			elif ((l1 < 224)); then
				((pos + 2 < len)) || { PMS_ERR="truncated OpenPGP packet header"; return 1; }
				l2=$((16#${hex:2*(pos+2):2}))
				hl=3 blen=$((((l1 - 192) << 8) + l2 + 192))
			elif ((l1 == 255)); then
				((pos + 5 < len)) || { PMS_ERR="truncated OpenPGP packet header"; return 1; }
				hl=6 blen=$((16#${hex:2*(pos+2):8}))
			else
				PMS_ERR="partial-length OpenPGP packet not allowed"
				return 1
			fi
		else
			tag=$(((b >> 2) & 0xf))
			case $((b & 3)) in
			0) hl=2 ;;
			1) hl=3 ;;
			2) hl=5 ;;
			3) PMS_ERR="indeterminate-length OpenPGP packet not allowed"; return 1 ;;
			esac
			((pos + hl <= len)) || { PMS_ERR="truncated OpenPGP packet header"; return 1; }
			blen=$((16#${hex:2*(pos+1):2*(hl-1)}))
		fi
		if ((blen > len - pos - hl)); then
			PMS_ERR="OpenPGP packet length $blen exceeds the payload"
			return 1
		fi
		PKT_HEX+=("${hex:2*pos:2*(hl+blen)}")
		PKT_TAG+=("$tag")
		PKT_BODY_OFF+=("$hl")
		pos=$((pos + hl + blen))
	done
	return 0
}

# pms_parse_sig PACKET_HEX BODY_OFF
#
# Parses a v4 signature packet. Sets SIG_VER SIG_CLASS SIG_PKALGO SIG_HASH
# SIG_CTIME (or empty) SIG_ISSUER_FPR (hex, or empty) SIG_ISSUER_KEYID.
pms_parse_sig()
{
	local h=${1:2*$2} n p end hl sl st first pass

	SIG_VER='' SIG_CLASS='' SIG_PKALGO='' SIG_HASH='' SIG_CTIME='' SIG_ISSUER_FPR='' SIG_ISSUER_KEYID=''
	n=$((${#h} / 2))
	if ((n < 1)); then
		PMS_ERR="empty signature packet"
		return 1
	fi
	SIG_VER=$((16#${h:0:2}))
	if ((SIG_VER != 4)); then
		PMS_ERR="unsupported signature packet version $SIG_VER"
		return 1
	fi
	if ((n < 6)); then
		PMS_ERR="truncated signature packet"
		return 1
	fi
	SIG_CLASS=$((16#${h:2:2}))
	SIG_PKALGO=$((16#${h:4:2}))
	SIG_HASH=$((16#${h:6:2}))
	p=4
	for pass in hashed unhashed; do
		if ((p + 2 > n)); then
			PMS_ERR="truncated signature packet"
			return 1
		fi
		hl=$((16#${h:2*p:4}))
		p=$((p + 2))
		if ((hl > n - p)); then
			PMS_ERR="signature subpacket area exceeds the packet"
			return 1
		fi
		end=$((p + hl))
		while ((p < end)); do
			first=$((16#${h:2*p:2}))
			if ((first < 192)); then
				sl=$first; p=$((p + 1))
			elif ((first < 255)); then
				((p + 2 <= end)) || { PMS_ERR="truncated subpacket"; return 1; }
				sl=$((((first - 192) << 8) + 16#${h:2*p+2:2} + 192)); p=$((p + 2))
			else
				((p + 5 <= end)) || { PMS_ERR="truncated subpacket"; return 1; }
				sl=$((16#${h:2*p+2:8})); p=$((p + 5))
			fi
			if ((sl < 1 || sl > end - p)); then
				PMS_ERR="malformed signature subpacket"
				return 1
			fi
			st=$((16#${h:2*p:2} & 0x7f))
			if [[ $pass == hashed ]]; then
				case $st in
				2) ((sl == 5)) && SIG_CTIME=$((16#${h:2*p+2:8})) ;;
				33) ((sl >= 22)) && SIG_ISSUER_FPR=${h:2*p+4:2*(sl-2)} ;;
				16) ((sl == 9)) && SIG_ISSUER_KEYID=${h:2*p+2:16} ;;
				esac
			else
				case $st in
				16) ((sl == 9)) && [[ -z $SIG_ISSUER_KEYID ]] &&
					SIG_ISSUER_KEYID=${h:2*p+2:16} ;;
				33) ((sl >= 22)) && [[ -z $SIG_ISSUER_FPR ]] &&
					SIG_ISSUER_FPR=${h:2*p+4:2*(sl-2)} ;;
				esac
			fi
			p=$((p + sl))
		done
	done
	SIG_ISSUER_FPR=${SIG_ISSUER_FPR^^}
	SIG_ISSUER_KEYID=${SIG_ISSUER_KEYID^^}
	return 0
}

# Names for OpenPGP algorithm identifiers (RFC 4880 9.1/9.4, RFC 9580), in REPLY.
pms_pkalgo_name()
{
	case $1 in
	1) REPLY=RSA ;; 3) REPLY=RSA-S ;; 17) REPLY=DSA ;; 19) REPLY=ECDSA ;;
	22) REPLY=EdDSA ;; 27) REPLY=Ed25519 ;; 28) REPLY=Ed448 ;;
	*) REPLY="algo$1" ;;
	esac
}

pms_hash_name()
{
	case $1 in
	1) REPLY=MD5 ;; 2) REPLY=SHA1 ;; 3) REPLY=RIPEMD160 ;; 8) REPLY=SHA256 ;;
	9) REPLY=SHA384 ;; 10) REPLY=SHA512 ;; 11) REPLY=SHA224 ;;
	12) REPLY=SHA3-256 ;; 14) REPLY=SHA3-512 ;;
	*) REPLY="hash$1" ;;
	esac
}

# pms_read_container FILE: after pms_elf_scan + pms_check_sig_section,
# validates the module_sig content strictly (magic, version, reserved,
# payload_len in range, zero tail, packets all signatures).
# Sets PAYLOAD_HEX, PAYLOAD_LEN and the PKT_* arrays.
pms_read_container()
{
	local file=$1 sec tail

	PMS_EMPTY=0
	pms_hex "$file" "$SIG_OFF" "$SIG_SIZE"
	sec=$REPLY
	if [[ ${sec:0:16} != "$PMS_MAGIC_HEX" ]]; then
		if [[ $sec =~ ^0*$ ]]; then
			PMS_ERR="empty $PMS_SECNAME placeholder (no signature)"
			PMS_EMPTY=1
		else
			PMS_ERR="bad $PMS_SECNAME magic"
		fi
		return 1
	fi
	if ((16#${sec:16:2} != PMS_VERSION)); then
		PMS_ERR="unsupported $PMS_SECNAME container version $((16#${sec:16:2}))"
		return 1
	fi
	if [[ ${sec:18:6} != 000000 ]]; then
		PMS_ERR="$PMS_SECNAME reserved bytes are not zero"
		return 1
	fi
	PAYLOAD_LEN=$((16#${sec:24:8}))
	if ((PAYLOAD_LEN == 0 || PAYLOAD_LEN > SIG_SIZE - PMS_HDR_LEN)); then
		PMS_ERR="$PMS_SECNAME payload length $PAYLOAD_LEN out of range"
		return 1
	fi
	PAYLOAD_HEX=${sec:32:2*PAYLOAD_LEN}
	tail=${sec:32+2*PAYLOAD_LEN}
	if [[ -n $tail && ! $tail =~ ^0*$ ]]; then
		PMS_ERR="$PMS_SECNAME has non-zero bytes after the payload"
		return 1
	fi
	pms_split_packets "$PAYLOAD_HEX" || return 1
	if ((${#PKT_HEX[@]} > PMS_MAX_SIGS)); then
		PMS_ERR="more than $PMS_MAX_SIGS signatures in $PMS_SECNAME"
		return 1
	fi
	local t
	for t in "${PKT_TAG[@]}"; do
		if ((t != 2)); then
			PMS_ERR="$PMS_SECNAME payload holds a non-signature packet (tag $t)"
			return 1
		fi
	done
	return 0
}

# pms_compressor FILE: REPLY = xz|zstd|gzip|none (by extension)
pms_compressor()
{
	case $1 in
	*.xz) REPLY=xz ;;
	*.zst) REPLY=zstd ;;
	*.gz) REPLY=gzip ;;
	*) REPLY=none ;;
	esac
}

# pms_decompress TOOL IN OUT
pms_decompress()
{
	case $1 in
	xz) xz -dc -- "$2" > "$3" ;;
	zstd) zstd -dcq -- "$2" > "$3" ;;
	gzip) gzip -dc -- "$2" > "$3" ;;
	none) cat -- "$2" > "$3" ;;
	esac
}

# pms_compress TOOL IN OUT: same options as scripts/Makefile.modinst.
pms_compress()
{
	case $1 in
	xz) xz --check=crc32 --lzma2=dict=1MiB -c -- "$2" > "$3" ;;
	zstd) zstd -q -c -- "$2" > "$3" ;;
	gzip) gzip -n -c -- "$2" > "$3" ;;
	none) cat -- "$2" > "$3" ;;
	esac
}

# pms_dearmor IN OUT: converts an ASCII-armoured key block (or several) into
# binary packets; copies a binary keyring unchanged.
pms_dearmor()
{
	local in=$1 out=$2 first

	first=$(head -c 5 -- "$in" | od -An -t x1 | tr -d ' \n')
	if [[ $first != 2d2d2d2d2d ]] && ! grep -q -- '-----BEGIN PGP' "$in" 2>/dev/null; then
		cat -- "$in" > "$out"
		return
	fi
	# Inside each armour block: skip header lines up to the first blank
	# line, stop at the CRC line ("=xxxx") or the END line.
	awk '
		/^-----BEGIN PGP/ { inblk = 1; hdr = 1; next }
		/^-----END PGP/ { inblk = 0; next }
		!inblk { next }
		{ sub(/\r$/, "") }
		hdr { if ($0 == "") hdr = 0; else if ($0 !~ /:/) { hdr = 0; print } ; next }
		/^=/ { next }
		{ print }
	' "$in" | base64 -d > "$out"
}
