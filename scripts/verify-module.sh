#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Offline verification of OpenPGP-signed kernel modules: the kernel's verdict
# and an independent one.  pgp-sign-module --verify (through sign-module.sh)
# runs the kernel's own code, compiled in: the module_sig locator and
# container rules, the loader's check (kernel/module/signing_pgp.c, its cap
# on signatures), the built-in keyring's rules (security/pgp_keys: bindings,
# revocation, expiry at the signature's creation time, the key policy) and
# the OpenPGP parser and verifiers.  Each signature the kernel accepts must
# also verify with gpgv (or Sequoia's sqv), by the same key.

set -euo pipefail

prog=${0##*/}
self=$(readlink -f -- "$0")
tool=$(dirname -- "$self")/sign-module.sh

GPGV=${GPGV:-gpgv}
SQV=${SQV:-sqv}
# Bytes, not characters: gpgv's status lines carry raw notation data (a
# Sequoia signature's salt), whose bytes in a UTF-8 locale can make read
# take the newline after them as part of a character and merge two lines.
export LC_ALL=C

usage()
{
	cat <<EOF
Usage: $prog --keyring FILE [--sqv] [--legacy] [--algos LIST] [--pq-only] [--quiet | --json]
       [--] MODULE...

Verifies the OpenPGP signature(s) in the module_sig section of each MODULE
(.ko, .ko.xz, .ko.zst, .ko.gz) against the public keys in FILE (binary or
ASCII-armoured, as "gpg --export [--armor]" writes it), as a kernel with FILE
as its built-in keyring would: the verdict is the kernel's own code's, built
into the signing tool (the loader's check, the keyring's rules, the key
policy, the verifiers), and every signature it accepts must also verify with
gpgv (or sqv) by the same key.  gpgv 2.2 and sqv 1.1 read only RFC 4880's v4
signatures: a v6 signature (RFC 9580), and Ed25519 (algorithm 27), Ed448
(28), ML-DSA-65+Ed25519 (30) or ML-DSA-87+Ed448 (31, RFC 9980), are judged by
the kernel's code alone and reported "not checked by gpgv: v6" (or sqv, or
the algorithm), not as bad.

For each module it prints the SHA-256 of the module (as loaded, i.e.
decompressed) and of its signed data (module_sig zeroed), the two hashes a
blacklist entry can name; for each signature the signer, the key, the
digest, the creation time and the verdict, with the kernel's error code when
it refuses it.  As in the kernel, the whole file with module_sig zeroed is the
signed data, a module is good when one of its signatures (at most 16) is,
key expiry is judged at the signature's creation time, revoked keys are
refused, RSA keys need 2048 bits, DSA keys 2048 with q of 224 or 256 bits
(1024/160 with --legacy), digests are SHA-224/256/384/512 and at least as
long as the key needs (256 bits for Ed25519 and ML-DSA+EdDSA, 512 for Ed448).

  --keyring FILE  public keyring (required; may be given more than once)
  --sqv           check with Sequoia's sqv instead of gpgv
  --legacy        as a kernel with CONFIG_MODULE_SIG_PGP_LEGACY (SHA-1, DSA-1024)
  --algos LIST    the kernel's public-key algorithms: rsa,dsa and any of eddsa
                  (CONFIG_CRYPTO_ED25519), ecdsa (CONFIG_CRYPTO_ECDSA_RAW),
                  mldsa (CONFIG_CRYPTO_MLDSA: with eddsa, ML-DSA-65+Ed25519),
                  ed448 (CONFIG_CRYPTO_ED448: with mldsa, ML-DSA-87+Ed448);
                  default rsa,dsa,eddsa,ecdsa,mldsa,ed448
  --pq-only       as a kernel with pgp_keys.pq_only=1: only post-quantum
                  signatures (ML-DSA+EdDSA, algorithms 30 and 31) count
  -q, --quiet     print only failures
  --json          print one JSON array instead, an object per module:
                  {"module", "verdict" (good, bad, unsigned, good-pkcs7),
                  "reason", "kernel" (its errno name or 0), "sha256",
                  "sha256_signed", "pkcs7", "signatures": [{"index", "issuer",
                  "signer", "primary", "key", "algorithm", "digest",
                  "created", "created_unix", "verdict" (good, bad), "kernel",
                  "reason"}]}; a signer is the (sub)key that verified it,
                  primary its primary key (the same for a primary key); a
                  good signature's reason is null or a note (a v6 one: "the
                  kernel's code; not checked by gpgv: v6")
  -h, --help      this text
  --version       the version of the tree this script comes from

A signature made by a signing subkey names the subkey first, then its
primary key: "signer SUBKEY (subkey of PRIMARY)".

Exit status: 0 every module good, 1 a module is bad, malformed or signed
only by untrusted keys, 2 a module is unsigned or usage error, 3 a module's
OpenPGP signature is good but it also carries an appended PKCS#7 signature,
which the kernel checks first and this script cannot (1 wins over 2, 2 over 3),
130 interrupted (SIGINT), 143 terminated (SIGTERM).
Environment: GPGV, SQV.
EOF
}

keyrings=() use_sqv=0 quiet=0 json=0 kopts=()
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
	--legacy) kopts+=(--legacy); shift ;;
	--pq-only) kopts+=(--pq-only); shift ;;
	--algos) kopts+=(--algos "${2:-}"); shift $(($# < 2 ? 1 : 2)) ;;
	--algos=*) kopts+=(--algos "${1#*=}"); shift ;;
	-q | --quiet) quiet=1; shift ;;
	--json) json=1; shift ;;
	-h | --help) usage; exit 0 ;;
	--version)
		echo "$prog $(bash "$(dirname -- "$self")/pgp-sign-module-build.sh" --version)"
		exit 0 ;;
	--) shift; break ;;
	-*) echo "$prog: unknown option $1 (see --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done
for ((i = 0; i < ${#kopts[@]}; i++)); do
	if [[ ${kopts[i]} == --algos ]] &&
	   [[ ! ${kopts[i + 1]} =~ ^(rsa|dsa|eddsa|ecdsa|mldsa|ed448)(,(rsa|dsa|eddsa|ecdsa|mldsa|ed448))*$ ||
	      ,${kopts[i + 1]}, != *,rsa,* || ,${kopts[i + 1]}, != *,dsa,* ]]; then
		echo "$prog: --algos takes rsa,dsa and any of eddsa, ecdsa, mldsa, ed448 (the kernel always has RSA and DSA)" >&2
		exit 2
	fi
done
if ((${#keyrings[@]} == 0 || $# == 0)); then
	((${#keyrings[@]})) || echo "$prog: --keyring FILE is required" >&2
	(($#)) || echo "$prog: no module given" >&2
	echo "Usage: $prog --keyring FILE [options] [--] MODULE...  (see --help)" >&2
	exit 2
fi
verifier=$GPGV
((use_sqv)) && verifier=$SQV
if ! command -v "$verifier" > /dev/null 2>&1; then
	echo "$prog: $verifier not found" >&2
	exit 2
fi

# the program sign-module.sh runs, found once (it runs twice per module), under the
# name sign-module.sh gives it
if bin=$("$tool" --print-tool 2> /dev/null) && [[ -x $bin ]]; then
	run_tool() { (exec -a sign-module.sh "$bin" "$@"); }
else
	run_tool() { "$tool" "$@"; }
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
	rm -f -- "$work/k.part"
	if ! run_tool --dearmor "$k" "$work/k.part" 2> /dev/null || [[ ! -s $work/k.part ]]; then
		echo "$prog: $k: not an OpenPGP keyring (or its armour is damaged)" >&2
		exit 2
	fi
	cat -- "$work/k.part" >> "$keyring"
done
mkdir -m 700 "$work/gnupg"

say()
{
	((quiet || json)) || echo "$@"
}

# tell LINE: a verdict line (also under --quiet); its text after "MODULE: "
# is the module's reason in --json
tell()
{
	j_reason=${1#"$mod: "}
	((json)) || echo "$1"
}

# js STRING: REPLY = STRING as a JSON string
js()
{
	local s=$1 out='' c i

	s=${s//\\/\\\\}
	s=${s//\"/\\\"}
	s=${s//$'\n'/\\n}
	s=${s//$'\t'/\\t}
	s=${s//$'\r'/\\r}
	if [[ $s == *[$'\x01'-$'\x1f'$'\x7f']* ]]; then
		for ((i = 0; i < ${#s}; i++)); do
			c=${s:i:1}
			if [[ $c == [$'\x01'-$'\x1f'$'\x7f'] ]]; then
				printf -v c '\\u%04x' "'$c"
			fi
			out+=$c
		done
		s=$out
	fi
	REPLY="\"$s\""
}
# jv STRING: REPLY = a JSON string, or null for "" and "-"
jv()
{
	if [[ -z $1 || $1 == - ]]; then
		REPLY=null
	else
		js "$1"
	fi
}
j_modules=()

# pkalgo_name ID / hash_name ID: REPLY = the name verify prints
pkalgo_name()
{
	case $1 in
	1 | 3) REPLY=RSA ;;
	17) REPLY=DSA ;;
	19) REPLY=ECDSA ;;
	22 | 27) REPLY=EdDSA ;;
	28) REPLY=Ed448 ;;
	30) REPLY=ML-DSA-65+Ed25519 ;;
	31) REPLY=ML-DSA-87+Ed448 ;;
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
	12) REPLY=SHA3-256 ;;
	14) REPLY=SHA3-512 ;;
	*) REPLY="hash-$1" ;;
	esac
}

# explain ERRNO WHY: REPLY = the reason the kernel refuses a signature
explain()
{
	local e=$1 why=$2 a b

	case $why in
	revoked) REPLY="key revoked" ;;
	expired) REPLY="key expired (or not yet valid) when the signature was made" ;;
	bad-signature) REPLY="bad signature" ;;
	absent) REPLY="no trusted key" ;;
	policy-EKEYREJECTED:*) REPLY="key ${why#*:} is below the minimum the kernel accepts" ;;
	policy-*) REPLY="key ${why#*:} is not supported by this kernel" ;;
	unusable) REPLY="the key cannot sign (no valid self-signature, binding or signing flag)" ;;
	classical:*) REPLY="a classical key (${why#*:}): only post-quantum signatures count (--pq-only, ENOKEY)" ;;
	sha1) REPLY="SHA1 needs --legacy" ;;
	digest-short:*)
		IFS=: read -r _ a b <<< "$why"
		REPLY="digest $a bits is shorter than the $b key needs (the kernel refuses it, ENOPKG)" ;;
	version:*) REPLY="signature version ${why#*:} not supported" ;;
	hash:*) hash_name "${why#*:}"; REPLY="digest $REPLY not supported" ;;
	algo:*) pkalgo_name "${why#*:}"; REPLY="public-key algorithm $REPLY not supported" ;;
	type:*) REPLY="signature class ${why#*:} is not a binary document" ;;
	malformed) REPLY="malformed signature" ;;
	*) REPLY="refused" ;;
	esac
	[[ $REPLY == *"$e"* ]] || REPLY="$REPLY, $e"
}

# second_opinion SIG DATA KEYRING SIGNER PRIMARY: 0 when gpgv (sqv) verifies SIG
# over DATA with KEYRING (the packets of the keyring the kernel read) by the key
# the kernel named; else 1, REPLY = what it said
second_opinion()
{
	local sig=$1 data=$2 keyring=$3 signer=$4 primary=$5 out rc=0 fpr='' line
	local -a w

	if ((use_sqv)); then
		out=$("$SQV" --keyring "$keyring" -- "$sig" "$data" 2>&1) || rc=$?
		if ((rc == 0)); then
			fpr=${out%%$'\n'*}
			fpr=${fpr^^}
			[[ $fpr == "$primary" ]] && return 0
			REPLY="sqv names another key ($fpr)"
		else
			REPLY="sqv: $(grep -v "^ *$" <<< "$out" | tail -n1 | sed "s/^ *//" || true)"
		fi
		return 1
	fi
	out=$("$GPGV" --homedir "$work/gnupg" --status-fd 1 --keyring "$keyring" \
		-- "$sig" "$data" 2> /dev/null) || rc=$?
	while IFS= read -r line; do
		read -r -a w <<< "$line"
		[[ ${w[0]:-} == "[GNUPG:]" && ${w[1]:-} == VALIDSIG ]] && fpr=${w[2]:-}
	done <<< "$out"
	fpr=${fpr^^}
	if [[ -z $fpr ]]; then
		REPLY="gpgv does not verify it (status $rc)"
		[[ $out == *"[GNUPG:] BADSIG "* ]] && REPLY="gpgv: bad signature"
		[[ $out == *"[GNUPG:] NO_PUBKEY "* ]] && REPLY="gpgv: no public key"
		return 1
	fi
	[[ $fpr == "$signer" ]] && return 0
	REPLY="gpgv names another key ($fpr)"
	return 1
}

# not_v4 VERSION PKALGO: 0 when gpgv and sqv cannot read such a signature (a v6
# one, or Ed25519 or ML-DSA-65+Ed25519 in v4), REPLY = what it is
not_v4()
{
	if [[ $1 == 6 ]]; then
		REPLY=v6
	elif [[ $2 == 27 || $2 == 30 ]]; then
		REPLY="algorithm $2"
	else
		return 1
	fi
}

noted_lost=0

# verify_one MODULE -> 0 good, 1 bad, 2 unsigned, 3 good but with an appended PKCS#7
verify_one()
{
	local mod=$1 d=$work/x good=0 n i rc line word p7=0 bad_line=''
	kv=-
	local idx pk ha cls ct issuer v why signer primary key sver algo hash ctime verdict who
	local disagree='' h1 h2 lost first=''
	local -a sigs=()

	j_sigs=() j_reason='' j_h1='' j_h2='' j_p7=false
	if [[ ! -f $mod || ! -r $mod ]]; then
		echo "$prog: $mod: cannot read file" >&2
		j_reason="cannot read file"
		return 2
	fi
	rm -rf -- "$d"
	mkdir -- "$d"
	rc=0
	out=$(run_tool --verify --keyring "$keyring" "${kopts[@]}" --data "$d" -- "$mod" 2>&1) ||
		rc=$?
	while IFS= read -r line; do
		read -r word _ <<< "$line"
		case $word in
		appended-pkcs7)
			p7=1 j_p7=true
			say "$mod: note: an appended PKCS#7 signature is present (not checked here)" ;;
		keyring)
			read -r _ _ lost <<< "$line"
			if [[ $lost =~ ^[0-9]+$ ]] && ((lost > 0 && !noted_lost)); then
				noted_lost=1
				say "$mod: note: the kernel would not read the keyring completely ($lost problems; a kernel build refuses such a keyring)"
			fi ;;
		sha256)
			read -r _ h1 h2 <<< "$line"
			j_h1=$h1 j_h2=$h2
			if [[ $h2 == - ]]; then
				say "$mod: sha256 $h1 (module)"
			else
				say "$mod: sha256 $h1 (module), $h2 (signed data, module_sig zeroed)"
			fi ;;
		sig) sigs+=("$line") ;;
		kernel) read -r _ kv _ <<< "$line" ;;
		unsigned) tell "$mod: unsigned (no module_sig section; the kernel: ENODATA)" ;;
		BAD:) bad_line=$line; tell "$mod: $line" ;;
		*) [[ -n $line ]] && tell "$mod: BAD: $line" ;;
		esac
	done <<< "$out"
	case $rc in
	0 | 1) ;;
	2) return 2 ;;
	*) return 1 ;;
	esac
	n=${#sigs[@]}
	for ((i = 0; i < n; i++)); do
		read -r _ idx pk ha cls ct issuer v why signer primary key sver <<< "${sigs[i]}"
		# numbers from the tool are checked before any arithmetic
		if [[ ! $idx =~ ^[0-9]+$ || ! $pk =~ ^[0-9]+$ || ! $ha =~ ^[0-9]+$ ||
		      ! $cls =~ ^[0-9]+$ || ! $ct =~ ^-?[0-9]+$ || $idx != "$i" ]]; then
			tell "$mod: BAD: unexpected answer from the signing tool: ${sigs[i]}"
			return 1
		fi
		pkalgo_name "$pk"
		algo=$REPLY
		hash_name "$ha"
		hash=$REPLY
		ctime=unknown
		((ct >= 0)) && TZ=UTC printf -v ctime '%(%Y-%m-%dT%H:%M:%SZ)T' "$ct"
		who=unknown
		[[ $issuer == keyid:* ]] && who="keyid ${issuer#keyid:}"
		[[ $issuer != - && $issuer != keyid:* ]] && who=$issuer
		if [[ $v == 0 ]] && not_v4 "$sver" "$pk"; then
			# gpgv 2.2 and sqv 1.1 read v4 signatures of RFC 4880's algorithms only
			who=$primary algo=$key
			[[ $signer != "$primary" && $signer != - ]] && who="$signer (subkey of $primary)"
			verdict="good (the kernel's code; not checked by ${verifier##*/}: $REPLY)"
			good=$((good + 1))
		elif [[ $v == 0 ]]; then
			who=$primary algo=$key
			[[ $signer != "$primary" && $signer != - ]] && who="$signer (subkey of $primary)"
			if second_opinion "$d/sig.$i" "$d/data" "$d/keyring" "$signer" "$primary"; then
				verdict=good
				good=$((good + 1))
			else
				verdict="BAD (the kernel accepts it, but $REPLY)"
				disagree="signature $((i + 1)): the kernel accepts it, but $REPLY"
			fi
		else
			explain "$v" "$why"
			verdict="BAD ($REPLY)"
			[[ -n $first ]] || first="signature $((i + 1)): $REPLY"
		fi
		say "$mod: signature $((i + 1))/$n: signer $who algo $algo digest $hash created $ctime: $verdict"
		((json)) && json_sig
	done
	if [[ -n $disagree ]]; then
		tell "$mod: BAD (the kernel and ${verifier##*/} disagree: $disagree; the kernel: $kv)"
		return 1
	fi
	if [[ $kv == 0 && $rc == 0 ]]; then
		if ((p7)); then
			say "$mod: good OpenPGP signature ($good of $n signatures verified), and an" \
				"appended PKCS#7 signature this script does not check (the kernel checks it first)"
			return 3
		fi
		say "$mod: good ($good of $n signatures verified)"
		return 0
	fi
	if [[ -n $bad_line ]]; then
		tell "$mod: BAD (the loader refuses the file; the kernel: $kv)"
		return 1
	fi
	case $kv in
	EBADMSG)
		if ((n > 16)); then
			tell "$mod: BAD ($n signatures, more than the 16 the kernel reads; the kernel: EBADMSG)"
		else
			tell "$mod: BAD (malformed signature data; the kernel: EBADMSG)"
		fi ;;
	*) tell "$mod: BAD (no signature verified with a trusted key${first:+: $first}; the kernel: $kv)" ;;
	esac
	return 1
}

# json_sig: the signature of verify_one's loop as a JSON object, into j_sigs
json_sig()
{
	local o sv=bad note

	# "good", "good (NOTE)" or "BAD (REASON)": NOTE or REASON is the reason
	case $verdict in
	good) sv=good note='' ;;
	good\ \(*\)) sv=good note=${verdict#good (} ;;
	*) note=${verdict#BAD (} ;;
	esac
	note=${note%)}
	o="{\"index\":$((i + 1))"
	jv "$issuer"; o+=",\"issuer\":$REPLY"
	jv "$signer"; o+=",\"signer\":$REPLY"
	jv "$primary"; o+=",\"primary\":$REPLY"
	jv "$key"; o+=",\"key\":$REPLY"
	pkalgo_name "$pk"
	js "$REPLY"; o+=",\"algorithm\":$REPLY"
	js "$hash"; o+=",\"digest\":$REPLY"
	jv "${ctime#unknown}"; o+=",\"created\":$REPLY"
	o+=",\"created_unix\":$( ((ct >= 0)) && echo "$ct" || echo null)"
	o+=",\"verdict\":\"$sv\""
	js "$v"; o+=",\"kernel\":$REPLY"
	if [[ -z $note ]]; then
		o+=",\"reason\":null}"
	else
		js "$note"
		o+=",\"reason\":$REPLY}"
	fi
	j_sigs+=("$o")
}

# json_module RC: the module verify_one judged as a JSON object, into j_modules
json_module()
{
	local o v s IFS=,

	case $1 in
	0) v=good ;;
	2) v=unsigned ;;
	3) v=good-pkcs7 ;;
	*) v=bad ;;
	esac
	js "$mod"; o="{\"module\":$REPLY,\"verdict\":\"$v\""
	if [[ $v == good* ]]; then
		o+=",\"reason\":null"
	else
		s=${j_reason#BAD: }
		[[ $s == "BAD ("*")" ]] && s=${s#BAD (} && s=${s%)}
		jv "$s"; o+=",\"reason\":$REPLY"
	fi
	jv "${kv:-}"; o+=",\"kernel\":$REPLY"
	jv "$j_h1"; o+=",\"sha256\":$REPLY"
	jv "$j_h2"; o+=",\"sha256_signed\":$REPLY"
	o+=",\"pkcs7\":$j_p7"
	s="${j_sigs[*]}"
	o+=",\"signatures\":[$s]}"
	j_modules+=("$o")
}

final=0
for mod in "$@"; do
	rc=0 kv=''
	verify_one "$mod" || rc=$?
	((json)) && json_module "$rc"
	if ((rc == 1)); then
		final=1
	elif ((rc == 2 && final != 1)); then
		final=2
	elif ((rc == 3 && final == 0)); then
		final=3
	fi
done
if ((json)); then
	IFS=, eval 'echo "[${j_modules[*]}]"'
fi
exit "$final"
