#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Offline verification of OpenPGP-signed kernel modules: pgp-sign-module
# --extract (through sign-module.sh) locates module_sig with the kernel's own
# locator, validates the container, writes the signed data (the whole file
# with the section content zeroed) and the signature packets; each packet is
# then checked with gpgv (or Sequoia's sqv). Userspace twin of
# kernel/module/signing_pgp.c.

set -euo pipefail

prog=${0##*/}
self=$(readlink -f -- "$0")
tool=$(dirname -- "$self")/sign-module.sh

GPGV=${GPGV:-gpgv}
SQV=${SQV:-sqv}
GPG=${GPG:-gpg}
# Bytes, not characters: gpgv's status lines carry raw notation data (a
# Sequoia signature's salt), whose bytes in a UTF-8 locale can make read
# take the newline after them as part of a character and merge two lines.
export LC_ALL=C

usage()
{
	cat <<EOF
Usage: $prog --keyring FILE [--sqv] [--legacy] [--algos LIST] [--quiet] MODULE...

Verifies the OpenPGP signature(s) in the module_sig section of each MODULE
(.ko, .ko.xz, .ko.zst, .ko.gz) against the public keys in FILE (binary or
ASCII-armoured, as "gpg --export [--armor]" writes it).

For each module it prints the SHA-256 of the module (as loaded, i.e.
decompressed) and of its signed data (module_sig zeroed), the two hashes a
blacklist entry can name; for each signature the signer's fingerprint, the
algorithm, the digest, the creation time and the verdict. A module is good when at least
one of its signatures verifies with a key of the keyring. As in the kernel,
the whole file with module_sig zeroed is the signed data, key expiry is judged
at the signature's creation time, revoked keys are refused, RSA keys need 2048
bits, DSA keys 2048 (1024 with --legacy), digests are SHA-224/256/384/512 and
at least as long as the key needs (DSA: q; Ed25519: 256 bits; ECDSA: the curve's).

  --keyring FILE  public keyring (required; may be given more than once)
  --sqv           verify with Sequoia's sqv instead of gpgv
  --legacy        accept SHA-1 and DSA-1024 (CONFIG_MODULE_SIG_PGP_LEGACY)
  --algos LIST    public-key algorithms to accept (default rsa,dsa,eddsa,ecdsa);
                  "rsa,dsa" matches a kernel without CONFIG_CRYPTO_ED25519
  -q, --quiet     print only failures
  -h, --help      this text

Exit status: 0 every module good, 1 a module is bad, malformed or signed
only by untrusted keys, 2 a module is unsigned or usage error (1 wins over 2).
Environment: GPGV, SQV, GPG (used only to show key sizes when present).
EOF
}

keyrings=() use_sqv=0 legacy=0 quiet=0 algos=rsa,dsa,eddsa,ecdsa
while (($#)); do
	case $1 in
	--keyring)
		if (($# < 2)); then
			echo "$prog: --keyring needs a file" >&2
			exit 2
		fi
		keyrings+=("$2"); shift 2 ;;
	--keyring=*) keyrings+=("${1#*=}"); shift ;;
	--sqv) use_sqv=1; shift ;;
	--legacy) legacy=1; shift ;;
	--algos) algos=${2:-}; shift $(($# < 2 ? 1 : 2)) ;;
	--algos=*) algos=${1#*=}; shift ;;
	-q | --quiet) quiet=1; shift ;;
	-h | --help) usage; exit 0 ;;
	--) shift; break ;;
	-*) echo "$prog: unknown option $1 (see --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [[ ! $algos =~ ^(rsa|dsa|eddsa|ecdsa)(,(rsa|dsa|eddsa|ecdsa))*$ ]]; then
	echo "$prog: --algos takes a list of rsa, dsa, eddsa, ecdsa" >&2
	exit 2
fi
if ((${#keyrings[@]} == 0 || $# == 0)); then
	usage >&2
	exit 2
fi
verifier=$GPGV
((use_sqv)) && verifier=$SQV
if ! command -v "$verifier" > /dev/null 2>&1; then
	echo "$prog: $verifier not found" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/verify-module.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# One binary keyring made of all --keyring files.
keyring=$work/keyring.gpg
: > "$keyring"
for k in "${keyrings[@]}"; do
	if [[ ! -r $k || ! -f $k ]]; then
		echo "$prog: $k: cannot read keyring" >&2
		exit 2
	fi
	if ! "$tool" --dearmor "$k" "$work/k.part" 2> /dev/null || [[ ! -s $work/k.part ]]; then
		echo "$prog: $k: not an OpenPGP keyring" >&2
		exit 2
	fi
	cat -- "$work/k.part" >> "$keyring"
done
mkdir -m 700 "$work/gnupg"

# Key sizes for the size policy and the output (fingerprint -> "algo bits").
declare -A key_bits=() key_algo=() key_curve=()
if command -v "$GPG" > /dev/null 2>&1; then
	while IFS=: read -r typ _ bits algo _ _ _ _ _ fpr _ _ _ _ _ _ curve _; do
		case $typ in
		pub | sub) cur_bits=$bits cur_algo=$algo cur_curve=$curve ;;
		fpr)
			key_bits[$fpr]=$cur_bits
			key_algo[$fpr]=$cur_algo
			key_curve[$fpr]=$cur_curve ;;
		esac
	done < <("$GPG" --homedir "$work/gnupg" --batch --no-tty --with-colons \
		--show-keys -- "$keyring" 2> /dev/null || true)
fi
# DSA q sizes (key ID -> bits): a digest shorter than q is refused, as RFC 9580 says.
declare -A key_qbits=()
if command -v "$GPG" > /dev/null 2>&1; then
	cur_algo='' cur_q=''
	while read -r line; do
		case $line in
		:public*key\ packet:) cur_algo='' cur_q='' ;;
		version\ 4,\ algo\ *) cur_algo=${line#version 4, algo }; cur_algo=${cur_algo%%,*} ;;
		'pkey[1]: ['*' bits]') cur_q=${line#'pkey[1]: ['}; cur_q=${cur_q%' bits]'} ;;
		keyid:\ *) [[ $cur_algo == 17 && -n $cur_q ]] && key_qbits[${line#keyid: }]=$cur_q ;;
		esac
	done < <("$GPG" --homedir "$work/gnupg" --batch --no-tty --list-packets \
		-- "$keyring" 2> /dev/null || true)
fi

# key_policy FPR: REPLY = reason when the key is too weak, else empty
key_policy()
{
	local bits=${key_bits[$1]:-} algo=${key_algo[$1]:-}

	REPLY=''
	[[ -n $bits ]] || return 0
	case $algo in
	1 | 2 | 3)
		((bits >= 2048)) || REPLY="RSA key of $bits bits is below the 2048-bit minimum" ;;
	17)
		if ((bits < 2048)) && ! ((legacy && bits >= 1024)); then
			REPLY="DSA key of $bits bits is below the minimum"
		fi ;;
	esac
}

# digest_policy FPR|KEYID PKALGO HASHID: REPLY = reason when the kernel refuses the digest
# as too short for the key (RFC 9580: DSA at least q, Ed25519 256 bits, ECDSA by curve)
digest_policy()
{
	local fpr=$1 pk=$2 ha=$3 dbits min=0 what

	REPLY=''
	case $ha in
	2) dbits=160 ;; 8) dbits=256 ;; 9) dbits=384 ;; 10) dbits=512 ;; 11) dbits=224 ;;
	*) return 0 ;;
	esac
	case $pk in
	17) min=${key_qbits[${fpr: -16}]:-0} what="the DSA key's q ($min bits)" ;;
	22 | 27) min=256 what="Ed25519 (256 bits)" ;;
	19)
		case ${key_curve[$fpr]:-} in
		nistp256) min=256 ;; nistp384) min=384 ;; nistp521) min=512 ;;
		esac
		what="ECDSA ${key_curve[$fpr]:-} ($min bits)" ;;
	esac
	((dbits >= min)) || REPLY="digest $dbits bits is shorter than $what allows (the kernel refuses it, ENOPKG)"
}

# algo_label FPR NAME: REPLY = NAME-BITS or NAME-CURVE when the key is known
algo_label()
{
	local fpr=$1 name=$2

	if [[ -n ${key_curve[$fpr]:-} ]]; then
		REPLY="$name-${key_curve[$fpr]}"
	elif [[ -n ${key_bits[$fpr]:-} ]]; then
		REPLY="$name-${key_bits[$fpr]}"
	else
		REPLY=$name
	fi
}

say()
{
	((quiet)) || echo "$@"
}

# pkalgo_name ID / hash_name ID: REPLY = the name verify prints
pkalgo_name()
{
	case $1 in
	1 | 3) REPLY=RSA ;;
	17) REPLY=DSA ;;
	19) REPLY=ECDSA ;;
	22 | 27) REPLY=EdDSA ;;
	*) REPLY="algo-$1" ;;
	esac
}
hash_name()
{
	case $1 in
	1) REPLY=MD5 ;;
	2) REPLY=SHA1 ;;
	3) REPLY=RIPEMD160 ;;
	8) REPLY=SHA256 ;;
	9) REPLY=SHA384 ;;
	10) REPLY=SHA512 ;;
	11) REPLY=SHA224 ;;
	*) REPLY="hash-$1" ;;
	esac
}

# verify_one MODULE -> 0 good, 1 bad, 2 unsigned
verify_one()
{
	local mod=$1 d=$work/x good=0 n=0 i rc line signer algo hash ctime verdict reason
	local status out fpr expired family word idx pk ha cls ct ifpr ikeyid
	local -a sigs=()

	if [[ ! -f $mod || ! -r $mod ]]; then
		echo "$prog: $mod: cannot read file" >&2
		return 2
	fi
	rm -rf -- "$d"
	mkdir -- "$d"
	# the tool's answer: notes, hashes, one line per packet, or the verdict
	rc=0
	out=$("$tool" --extract "$d" "$mod" 2>&1) || rc=$?
	while IFS= read -r line; do
		read -r word _ <<< "$line"
		case $word in
		appended-pkcs7) say "$mod: note: appended PKCS#7 signature present (not checked here)" ;;
		sha256)
			read -r _ h1 h2 <<< "$line"
			if [[ $h2 == - ]]; then
				say "$mod: sha256 $h1 (module)"
			else
				say "$mod: sha256 $h1 (module), $h2 (signed data, module_sig zeroed)"
			fi ;;
		sig | bad) sigs+=("$line") ;;
		unsigned) echo "$mod: unsigned (no module_sig section)" ;;
		BAD:) echo "$mod: $line" ;;
		*) [[ -n $line ]] && echo "$mod: BAD: $line" ;;
		esac
	done <<< "$out"
	case $rc in
	0) ;;
	2) return 2 ;;
	*) return 1 ;;
	esac
	n=${#sigs[@]}
	for ((i = 0; i < n; i++)); do
		read -r word idx pk ha cls ct ifpr ikeyid <<< "${sigs[i]}"
		reason='' fpr=''
		if [[ $word == bad ]]; then
			reason=${sigs[i]#bad * }
			pk=0 ha=0 ct=-1 ifpr=- ikeyid=-
		fi
		signer=$ifpr
		[[ $signer == - && $ikeyid != - ]] && signer="keyid $ikeyid"
		[[ $signer == - ]] && signer=unknown
		[[ $ifpr == - ]] && ifpr=''
		pkalgo_name "$pk"
		algo=$REPLY
		hash_name "$ha"
		hash=$REPLY
		ctime=unknown
		((ct >= 0)) && TZ=UTC printf -v ctime '%(%Y-%m-%dT%H:%M:%SZ)T' "$ct"
		if [[ -z $reason ]]; then
			if ((cls != 0)); then
				reason="signature class $(printf '0x%02x' "$cls") is not a binary document"
			elif ((ct < 0)); then
				reason="no signature creation time"
			elif [[ -z $ifpr && $ikeyid == - ]]; then
				reason="no issuer"
			fi
			case $ha in
			8 | 9 | 10 | 11) ;;
			2) ((legacy)) || reason=${reason:-"SHA1 needs --legacy"} ;;
			*) reason=${reason:-"digest $hash not supported"} ;;
			esac
			case $pk in
			1 | 3) family=rsa ;;
			17) family=dsa ;;
			19) family=ecdsa ;;
			22 | 27) family=eddsa ;;
			*) family=none ;;
			esac
			if [[ ,$algos, != *,$family,* ]]; then
				reason=${reason:-"public-key algorithm $algo not supported"}
			fi
		fi
		# RFC 9580's digest sizes first: gpgv refuses a short DSA digest with an error
		if [[ -z $reason && ($ifpr != '' || $ikeyid != -) ]]; then
			digest_policy "${ifpr:-$ikeyid}" "$pk" "$ha"
			[[ -n $REPLY ]] && reason=$REPLY
		fi
		if [[ -z $reason ]]; then
			rc=0
			if ((use_sqv)); then
				out=$("$SQV" --keyring "$keyring" -- "$d/sig.$i" "$d/data" 2>&1) || rc=$?
				if ((rc == 0)); then
					fpr=$(head -n 1 <<< "$out")
				else
					reason="sqv: $(grep -v "^ *$" <<< "$out" | tail -n 1 | sed "s/^ *//" || true)"
				fi
			else
				status=$("$GPGV" --homedir "$work/gnupg" --status-fd 1 \
					--keyring "$keyring" -- "$d/sig.$i" "$d/data" 2> /dev/null) || rc=$?
				# One pass over the status lines (no extra processes).
				local -A st=()
				local -a w
				fpr='' expired=''
				while read -r -a w; do
					[[ ${w[0]:-} == "[GNUPG:]" ]] || continue
					st[${w[1]:-}]=1
					case ${w[1]:-} in
					VALIDSIG) fpr=${w[11]:-} ;;
					# Key expiry is judged at the signature's
					# creation time, as the kernel does (it has
					# no trusted clock): EXPKEYSIG is good if the
					# key expired after that.
					KEYEXPIRED)
						if [[ ${w[2]:-} =~ ^[0-9]+$ ]] && ((w[2] <= ct)); then
							expired=${w[2]}
						fi ;;
					ERRSIG) st[errsig_rc]=${w[7]:-} ;;
					esac
				done <<< "$status"
				if ((rc == 0)) && [[ -n $fpr && -z $expired && -n ${st[EXPKEYSIG]:-} ]]; then
					:
				elif [[ -n $expired ]]; then
					TZ=UTC printf -v expired '%(%Y-%m-%dT%H:%M:%SZ)T' "$expired"
					reason="key expired ($expired) before the signature was made"
				elif ((rc != 0)) || [[ -z $fpr || -z ${st[GOODSIG]:-} ]]; then
					if [[ -n ${st[BADSIG]:-} ]]; then
						reason="bad signature"
					elif [[ -n ${st[NO_PUBKEY]:-} ]]; then
						reason="no trusted key"
					elif [[ -n ${st[REVKEYSIG]:-} ]]; then
						reason="key revoked"
					elif [[ -n ${st[ERRSIG]:-} ]]; then
						reason="gpgv error ${st[errsig_rc]:-}"
					else
						reason="gpgv failed (status $rc)"
					fi
				fi
				unset st
			fi
		fi
		if [[ -z $reason && -n $ifpr ]]; then
			key_policy "$ifpr"
			[[ -n $REPLY ]] && reason=$REPLY
		fi
		# a signature naming only a key ID: the curve is known once gpgv/sqv named the key
		if [[ -z $reason && -z $ifpr && -n ${fpr:-} ]]; then
			digest_policy "$fpr" "$pk" "$ha"
			[[ -n $REPLY ]] && reason=$REPLY
		fi
		if [[ -n $ifpr ]]; then
			algo_label "$ifpr" "$algo"
			algo=$REPLY
		fi
		if [[ -z $reason ]]; then
			verdict=good
			good=$((good + 1))
			[[ -n ${fpr:-} ]] && signer=$fpr
		else
			verdict="BAD ($reason)"
		fi
		say "$mod: signature $((i + 1))/$n: signer $signer algo $algo digest $hash created $ctime: $verdict"
	done
	if ((good > 0)); then
		say "$mod: good ($good of $n signatures verified)"
		return 0
	fi
	echo "$mod: BAD (no signature verified with a trusted key)"
	return 1
}

final=0
for mod in "$@"; do
	rc=0
	verify_one "$mod" || rc=$?
	if ((rc == 1)); then
		final=1
	elif ((rc == 2 && final == 0)); then
		final=2
	fi
done
exit "$final"
