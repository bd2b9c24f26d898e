#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Signs kernel modules with gpg and stores the OpenPGP signature(s) in the
# module's "module_sig" ELF section (placeholder scheme: add or zero the
# section, sign the whole file as it then is, write the container into the
# placeholder in place, atomically replace the module).
#
# Two ways to make the signature: "gpg --detach-sign" once per module, or,
# for many modules, one gpg-agent conversation per job through
# pgp-modsign-agent.pl, which hashes each module itself and builds the same
# signature packet gpg would (checked against a signature gpg makes first).

set -euo pipefail

prog=${0##*/}
self=$(readlink -f -- "$0")
libdir=$(dirname -- "$self")
# shellcheck source=scripts/pgp-modsign-lib.sh
. "$libdir/pgp-modsign-lib.sh"

GPG=${GPG:-gpg}
OBJCOPY=${OBJCOPY:-objcopy}
PERL=${PERL:-perl}

usage()
{
	cat <<EOF
Usage: $prog [options] MODULE...

Signs each MODULE (.ko, .ko.xz, .ko.zst, .ko.gz) with gpg. The OpenPGP
signature is stored in the "module_sig" ELF section; the signed data is the
whole module file with that section's content zeroed.

Options:
  -u, --local-user KEY     sign with KEY (any form gpg accepts); default: gpg's
                           default key (the first secret key of the homedir)
  --digest ALGO            sha256, sha384, sha512 (default) or sha224
  --reserve BYTES          size of a new module_sig section (default 2048);
                           an existing section of another size is resized
  --homedir DIR            GnuPG home directory (default: \$GNUPGHOME)
  --passphrase-file FILE   passphrase for the key (pinentry loopback mode)
  --append                 keep existing signature(s) and add one (key rollover)
  --strip                  strip debug information (objcopy --strip-debug)
                           before signing
  -j, --jobs N             sign N modules in parallel
  --agent                  sign through gpg-agent even a single module
                           (the default for two modules or more)
  --no-agent               run gpg once per module
  -q, --quiet              no progress lines
  -h, --help               this text

With two modules or more, gpg signs an empty file once (so that its key
choice, options and errors apply), then each job keeps one gpg-agent
conversation (scripts/pgp-modsign-agent.pl, Perl) and signs every module
through it: the same signature packet as gpg's, and no process per module
but objcopy for a module signed the first time. For a key on disk that
needs no pinentry (no passphrase, or --passphrase-file) each job runs its
own "gpg-agent --server" on the same home directory, so that the jobs sign
in parallel; other keys (smartcards, passphrases cached in the running
agent) go through the running agent. When this path cannot be used, a
note says why and gpg signs each module.

Re-signing a signed module replaces its signature(s) and gives the same
bytes as signing the unsigned module: gpg-agent's signatures are
deterministic (RSA, EdDSA, and DSA and ECDSA with RFC 6979 nonces).
SOURCE_DATE_EPOCH sets the signature creation time.

On any failure the module is left byte-identical, a line
"$prog: MODULE: reason" is printed and the exit status is non-zero.
Environment: GPG, GPG_AGENT, OBJCOPY, PERL (tools to use), SOURCE_DATE_EPOCH,
GNUPGHOME, PGP_MODSIGN_AGENT=private|shared (which agent the jobs use;
default: private when possible, as above).
EOF
}

local_user='' digest=sha512 reserve=2048 reserve_set=0 homedir='' passfile=''
append=0 strip=0 jobs=1 quiet=0 agent_opt=auto

need_arg()
{
	if (($# < 2)); then
		echo "$prog: option $1 needs an argument" >&2
		exit 2
	fi
}

while (($#)); do
	case $1 in
	-u | --local-user) need_arg "$@"; local_user=$2; shift 2 ;;
	--local-user=*) local_user=${1#*=}; shift ;;
	--digest) need_arg "$@"; digest=$2; shift 2 ;;
	--digest=*) digest=${1#*=}; shift ;;
	--reserve) need_arg "$@"; reserve=$2; reserve_set=1; shift 2 ;;
	--reserve=*) reserve=${1#*=}; reserve_set=1; shift ;;
	--homedir) need_arg "$@"; homedir=$2; shift 2 ;;
	--homedir=*) homedir=${1#*=}; shift ;;
	--passphrase-file) need_arg "$@"; passfile=$2; shift 2 ;;
	--passphrase-file=*) passfile=${1#*=}; shift ;;
	--append) append=1; shift ;;
	--strip) strip=1; shift ;;
	-j | --jobs) need_arg "$@"; jobs=$2; shift 2 ;;
	-j[0-9]*) jobs=${1#-j}; shift ;;
	--jobs=*) jobs=${1#*=}; shift ;;
	--agent) agent_opt=on; shift ;;
	--no-agent) agent_opt=off; shift ;;
	-q | --quiet) quiet=1; shift ;;
	-h | --help) usage; exit 0 ;;
	--) shift; break ;;
	-*) echo "$prog: unknown option $1 (see --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done

case $digest in
sha224 | sha256 | sha384 | sha512 | SHA224 | SHA256 | SHA384 | SHA512) ;;
*) echo "$prog: unsupported digest '$digest' (sha224, sha256, sha384, sha512)" >&2; exit 2 ;;
esac
digest=${digest,,}
if ! [[ $reserve =~ ^[0-9]+$ ]] || ((reserve < 64 || reserve > 1048576)); then
	echo "$prog: --reserve must be a number of bytes between 64 and 1048576" >&2
	exit 2
fi
reserve=$((10#$reserve))
if ! [[ $jobs =~ ^[0-9]+$ ]] || ((jobs < 1)); then
	echo "$prog: -j needs a positive number" >&2
	exit 2
fi
agent_transport=${PGP_MODSIGN_AGENT:-auto}
case $agent_transport in
auto | private | shared) ;;
*) echo "$prog: PGP_MODSIGN_AGENT must be auto, private or shared" >&2; exit 2 ;;
esac
if ((append && strip)); then
	echo "$prog: --append cannot be combined with --strip (stripping invalidates the existing signatures)" >&2
	exit 2
fi
[[ -n $homedir ]] && homedir=$(readlink -f -- "$homedir")
[[ -n $passfile ]] && passfile=$(readlink -f -- "$passfile")
if (($# == 0)); then
	usage >&2
	exit 2
fi
modules=("$@")
total=${#modules[@]}

gpg_args=(--batch --no-tty --quiet --yes --no-armor --no-textmode
	  --digest-algo "${digest^^}")
[[ -n $homedir ]] && gpg_args=(--homedir "$homedir" "${gpg_args[@]}")
[[ -n $local_user ]] && gpg_args+=(--local-user "$local_user")
[[ -n $passfile ]] && gpg_args+=(--pinentry-mode loopback --passphrase-file "$passfile")
if [[ -n ${SOURCE_DATE_EPOCH:-} ]]; then
	if ! [[ $SOURCE_DATE_EPOCH =~ ^[0-9]+$ ]]; then
		echo "$prog: SOURCE_DATE_EPOCH is not a number" >&2
		exit 2
	fi
	gpg_args+=(--faked-system-time "${SOURCE_DATE_EPOCH}!" --ignore-time-conflict)
fi

saved_umask=$(umask)

# Cleanup; run on exit and on signals. $tmproot is a job's work directory
# (kept from module to module), $predir the run's (gpg's check signature),
# $cur_tmp the signed copy beside the module until it is renamed.
tmproot=
predir=
cur_tmp=
helper_pid=
check_pid=
is_main=1
# shellcheck disable=SC2317 # run from the traps
cleanup()
{
	# the helper first: it may be writing $cur_tmp
	agent_stop
	if [[ -n $check_pid ]]; then
		kill "$check_pid" 2> /dev/null || true
		wait "$check_pid" 2> /dev/null || true
	fi
	[[ -n $cur_tmp ]] && rm -f -- "$cur_tmp"
	[[ -n $tmproot ]] && rm -rf -- "$tmproot"
	((is_main)) && [[ -n $predir ]] && rm -rf -- "$predir"
	check_pid=
	cur_tmp=
	tmproot=
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
trap 'cleanup; exit 129' HUP

# A failure that concerns every module: report it against the first one.
fail_all()
{
	local more=

	((${#modules[@]} > 1)) && more=" (${#modules[@]} modules not signed)"
	echo "$prog: ${modules[0]}: $*$more" >&2
	exit 1
}

# gpg_tool NAME: REPLY = the GnuPG program NAME beside $GPG (when $GPG is a
# GnuPG installation of its own), else NAME from PATH.
gpg_tool()
{
	local g

	REPLY=$1
	g=$(command -v "$GPG" 2> /dev/null) || return 0
	[[ $g == */* && -x ${g%/*}/$1 ]] && REPLY=${g%/*}/$1
	return 0
}

# Checks done once, before any module is touched. With the agent path
# wanted, gpg also signs an empty file (meanwhile the key is looked up):
# its errors are the run's, and its packet tells the helper the key gpg
# chose, the algorithms and the exact layout to reproduce.
preflight()
{
	local out fpr ctime

	command -v "$GPG" > /dev/null 2>&1 || fail_all "gpg not found ($GPG)"
	command -v "$OBJCOPY" > /dev/null 2>&1 || fail_all "objcopy not found ($OBJCOPY)"
	if [[ -n $passfile && ! -r $passfile ]]; then
		fail_all "cannot read passphrase file $passfile"
	fi
	if [[ -n $homedir && ! -d $homedir ]]; then
		fail_all "GnuPG home directory $homedir does not exist"
	fi
	local list=("$GPG" --batch --no-tty --with-colons)
	local want=0

	[[ -n $homedir ]] && list+=(--homedir "$homedir")
	if [[ $agent_opt == on || ($agent_opt == auto && $total -gt 1) ]]; then
		if ! command -v "$PERL" > /dev/null 2>&1; then
			agent_note "perl not found ($PERL)"
		elif ! predir=$(mktemp -d "${TMPDIR:-/tmp}/sign-module.XXXXXX") ||
		     ! : > "$predir/empty"; then
			agent_note "cannot create a temporary directory"
		else
			want=1
			list+=(--with-keygrip)
			"$GPG" "${gpg_args[@]}" --output "$predir/check.sig" --detach-sign \
				-- "$predir/empty" > /dev/null 2> "$predir/check.err" &
			check_pid=$!
		fi
	fi
	if [[ -n $local_user ]]; then
		out=$("${list[@]}" --list-secret-keys -- "$local_user" 2>&1) || out=
	else
		out=$("${list[@]}" --list-secret-keys 2>&1) || out=
	fi
	local -a f
	local line seen=0

	fpr='' ctime=''
	while IFS= read -r line; do
		IFS=: read -r -a f <<< "$line"
		if [[ ${f[0]:-} == sec ]]; then
			((seen)) && break
			seen=1
			ctime=${f[5]:-}
		elif ((seen)) && [[ ${f[0]:-} == fpr ]]; then
			fpr=${f[9]:-}
			break
		fi
	done <<< "$out"
	[[ -n $fpr ]] || fail_all "unknown key '${local_user:-<default>}' (no secret key${homedir:+ in $homedir})"
	if [[ -n ${SOURCE_DATE_EPOCH:-} && $ctime =~ ^[0-9]+$ ]] &&
	   ((SOURCE_DATE_EPOCH < ctime)); then
		fail_all "SOURCE_DATE_EPOCH ($SOURCE_DATE_EPOCH) is older than key $fpr (created $ctime); its signatures would not verify"
	fi
	((want)) || return 0

	local rc=0 msg grip='' last=''

	wait "$check_pid" || rc=$?
	check_pid=
	if ((rc != 0)); then
		msg=$(grep -v '^$' "$predir/check.err" | tail -n 1 || true)
		fail_all "gpg failed: ${msg:-no message}"
	fi
	pms_hex "$predir/check.sig" 0 65536
	if [[ -z $REPLY ]] || ! pms_split_packets "$REPLY" ||
	   ((${#PKT_TAG[@]} != 1 || PKT_TAG[0] != 2)); then
		fail_all "gpg output is not a single binary signature packet"
	fi
	if ! pms_parse_sig "${PKT_HEX[0]}" "${PKT_BODY_OFF[0]}" || [[ -z $SIG_ISSUER_FPR ]]; then
		agent_note "gpg's signature names no issuer fingerprint"
		return 0
	fi
	# the keygrip of the (sub)key gpg signed with
	while IFS= read -r line; do
		IFS=: read -r -a f <<< "$line"
		case ${f[0]:-} in
		fpr) last=${f[9]:-} ;;
		grp) [[ $last == "$SIG_ISSUER_FPR" ]] && { grip=${f[9]:-}; break; } ;;
		esac
	done <<< "$out"
	if [[ ! $grip =~ ^[0-9A-F]{40}$ ]]; then
		agent_note "no keygrip listed for key $SIG_ISSUER_FPR"
		return 0
	fi
	gpg_tool gpg-agent
	helper_args=(--keygrip "$grip" --check-sig "$predir/check.sig" --check-data "$predir/empty"
		     --agent "$agent_transport" --gpg-agent "${GPG_AGENT:-$REPLY}")
	gpg_tool gpgconf
	helper_args+=(--gpgconf "$REPLY")
	gpg_tool gpg-connect-agent
	helper_args+=(--gpg-connect-agent "$REPLY")
	[[ -n $homedir ]] && helper_args+=(--homedir "$homedir")
	[[ -n $passfile ]] && helper_args+=(--passphrase-file "$passfile")
	[[ -n ${SOURCE_DATE_EPOCH:-} ]] && helper_args+=(--time "$((10#$SOURCE_DATE_EPOCH))")
	use_agent=1
}

# agent_note REASON: the agent path is not used; said once per run.
agent_note()
{
	use_agent=0
	if [[ -n $predir ]]; then
		set -C
		{ : > "$predir/noted"; } 2> /dev/null || { set +C; return 0; }
		set +C
	fi
	echo "$prog: note: not signing through gpg-agent: $*; running gpg for each module" >&2
}

# agent_start: the current job's helper (co-process); on failure the job
# signs with gpg.
agent_start()
{
	local line=''

	((use_agent)) || return 0
	if [[ -z $tmproot ]] &&
	   ! tmproot=$(mktemp -d "${TMPDIR:-/tmp}/sign-module.XXXXXX"); then
		tmproot=
		agent_note "cannot create a temporary directory"
		return 0
	fi
	coproc PMS_HELPER {
		exec "$PERL" "$libdir/pgp-modsign-agent.pl" "${helper_args[@]}" \
			2> "$tmproot/helper.err"
	}
	helper_pid=$PMS_HELPER_PID
	PMS_IO_IN=${PMS_HELPER[0]} PMS_IO_OUT=${PMS_HELPER[1]} PMS_IO_FILE=$tmproot/io
	if ! IFS= read -r line <&"$PMS_IO_IN" || [[ $line != "OK "* ]]; then
		if [[ $line != "ERR "* ]]; then
			line="ERR helper failed: $(tail -n 1 "$tmproot/helper.err" 2> /dev/null)"
		fi
		agent_stop
		agent_note "${line#ERR }"
	fi
}

# agent_stop: ends the helper (and its private gpg-agent)
agent_stop()
{
	local fd=$PMS_IO_OUT

	if [[ -n $helper_pid ]]; then
		if [[ -n $fd ]]; then { exec {fd}>&-; } 2> /dev/null || true; fi
		kill "$helper_pid" 2> /dev/null || true
		wait "$helper_pid" 2> /dev/null || true
	fi
	helper_pid=
	PMS_IO_IN='' PMS_IO_OUT='' PMS_IO_FILE=''
}

err=
fail()
{
	err=$*
	return 1
}

# tool CMD...: runs CMD with its output in $tmproot/tool.out (without a
# subshell: one process less than msg=$(CMD)); on failure msg = its last
# line. Redirection errors land in the file too.
tool()
{
	msg=''
	{ "$@"; } >| "$tmproot/tool.out" 2>&1 && return 0
	msg=$(grep -v '^$' "$tmproot/tool.out" 2> /dev/null | tail -n 1) || true
	return 1
}

# rescan FILE: pms_elf_scan with the reason copied into err
rescan()
{
	pms_elf_scan "$1" || fail "$PMS_ERR"
}

# sign_module FILE: does all the work on copies in $tmproot (the agent path:
# its helper reads the module or objcopy's copy and writes the signed copy
# beside the module); the original is replaced only by the final rename.
sign_module()
{
	local file=$1 real dir base comp elf old_payload='' sighex
	local payload plen need tmp msg hdr step
	local mode='' uid='' gid='' fsize='' dmode=''

	[[ -e $file ]] || { fail "no such file"; return 1; }
	real=$file
	if [[ -L $file ]]; then
		real=$(readlink -f -- "$file") || { fail "cannot resolve path"; return 1; }
	fi
	[[ -f $real ]] || { fail "not a regular file"; return 1; }
	[[ -r $real ]] || { fail "cannot read file"; return 1; }
	dir=.
	[[ $real == */* ]] && dir=${real%/*}
	dir=${dir:-/}
	base=${real##*/}
	if [[ -n $helper_pid ]]; then
		if pms_io STAT "$real" "$dir"; then
			read -r mode uid gid fsize dmode <<< "$REPLY"
		elif ((PMS_IO_FATAL)); then
			helper_gone
			return 1
		fi
	else
		{ read -r mode uid gid fsize; read -r dmode _; } \
			< <(stat -c '%a %u %g %s' -- "$real" "$dir") || true
	fi
	if [[ ! -w $real ]] || (((8#${mode:-0} & 0222) == 0)); then
		fail "file is read-only"
		return 1
	fi
	if [[ ! -w $dir ]] || (((8#${dmode:-0} & 0222) == 0)); then
		fail "directory $dir is read-only"
		return 1
	fi
	pms_compressor "$real"
	comp=$REPLY
	if [[ $comp != none ]] && ! command -v "$comp" > /dev/null 2>&1; then
		fail "$comp not found (needed for ${real##*.} modules)"
		return 1
	fi

	if [[ -z $tmproot ]]; then
		tmproot=$(mktemp -d "${TMPDIR:-/tmp}/sign-module.XXXXXX") ||
			{ fail "cannot create a temporary directory"; return 1; }
	fi
	# An uncompressed module is only read until its first copy is made;
	# objcopy writes $tmproot/e1, e2, ...
	step=0
	elf=$real
	if [[ $comp != none ]]; then
		elf=$tmproot/elf
		if ! pms_decompress "$comp" "$real" "$elf" 2> /dev/null; then
			fail "cannot decompress ($comp)"
			return 1
		fi
	fi
	if [[ $elf == "$real" ]]; then
		pms_elf_scan "$elf" "$fsize" || { fail "$PMS_ERR"; return 1; }
	else
		rescan "$elf" || return 1
	fi
	# Bytes after the ELF data: mainline's appended signature?
	if ((ELF_END < ELF_SIZE)) && pms_has_p7 "$elf" "$ELF_SIZE"; then
		fail "module carries an appended PKCS#7 signature (run $prog before scripts/sign-file)"
		return 1
	fi

	if ((strip)); then
		if ! tool "$OBJCOPY" --strip-debug "$elf" "$tmproot/e$((step + 1))"; then
			fail "objcopy --strip-debug failed: $msg"
			return 1
		fi
		step=$((step + 1)) elf=$tmproot/e$step
		rescan "$elf" || return 1
	fi

	if ((SIG_COUNT == 0 || (reserve_set && SIG_SIZE != reserve))) &&
	   [[ ! -f $tmproot/zeros ]]; then
		if ! head -c "$reserve" /dev/zero > "$tmproot/zeros"; then
			rm -f -- "$tmproot/zeros"
			fail "cannot write temporary files"
			return 1
		fi
	fi
	if ((SIG_COUNT > 0)); then
		pms_check_sig_section || { fail "existing $PMS_ERR"; return 1; }
		if ((append)); then
			if pms_read_container "$elf"; then
				old_payload=$PAYLOAD_HEX
				if ((${#PKT_HEX[@]} >= PMS_MAX_SIGS)); then
					fail "module already carries $PMS_MAX_SIGS signatures, the most the kernel reads"
					return 1
				fi
			elif ((!PMS_EMPTY)); then
				fail "existing signature container is malformed ($PMS_ERR); re-sign without --append"
				return 1
			fi
		fi
		if ((reserve_set && SIG_SIZE != reserve)); then
			if [[ -n $old_payload ]]; then
				fail "--append cannot resize module_sig ($SIG_SIZE bytes) to $reserve bytes"
				return 1
			fi
			if ! tool "$OBJCOPY" --update-section "$PMS_SECNAME=$tmproot/zeros" \
				  "$elf" "$tmproot/e$((step + 1))"; then
				fail "objcopy --update-section failed: $msg"
				return 1
			fi
			step=$((step + 1)) elf=$tmproot/e$step
			rescan "$elf" || return 1
		elif [[ -z $helper_pid ]]; then
			# (the helper takes the section as zeros itself)
			if [[ $elf == "$real" ]]; then
				elf=$tmproot/elf
				cp -- "$real" "$elf" 2> /dev/null || { fail "cannot copy the module"; return 1; }
			fi
			pms_zero_range "$elf" "$SIG_OFF" "$SIG_SIZE" ||
				{ fail "cannot write temporary files"; return 1; }
		fi
	else
		if ! tool "$OBJCOPY" --add-section "$PMS_SECNAME=$tmproot/zeros" \
			  "$elf" "$tmproot/e$((step + 1))"; then
			fail "objcopy --add-section failed: $msg"
			return 1
		fi
		step=$((step + 1)) elf=$tmproot/e$step
		rescan "$elf" || return 1
	fi
	# Whatever objcopy did, the result must be exactly what the kernel takes.
	if ((SIG_COUNT != 1)); then
		fail "objcopy did not produce a $PMS_SECNAME section"
		return 1
	fi
	pms_check_sig_section || { fail "$PMS_ERR"; return 1; }

	if [[ -n $helper_pid ]]; then
		agent_sign "$elf"
		return
	fi
	if ! msg=$("$GPG" "${gpg_args[@]}" --output "$tmproot/sig" --detach-sign -- "$elf" 2>&1); then
		msg=$(grep -v '^$' <<< "$msg" | tail -n 1 || true)
		fail "gpg failed: ${msg:-no message}"
		return 1
	fi
	sighex=$(od -An -v -t x1 -- "$tmproot/sig" 2> /dev/null) || sighex=''
	sighex=${sighex//[$' \n']/}
	if [[ -z $sighex ]]; then
		fail "gpg produced no signature"
		return 1
	fi
	if ! pms_split_packets "$sighex" || ((${#PKT_TAG[@]} != 1 || PKT_TAG[0] != 2)); then
		fail "gpg output is not a single binary signature packet"
		return 1
	fi
	payload=$old_payload$sighex
	plen=$((${#payload} / 2))
	need=$((PMS_HDR_LEN + plen))
	if ((need > SIG_SIZE)); then
		fail "signature needs $need bytes but module_sig has $SIG_SIZE (use --reserve $need or more)"
		return 1
	fi
	printf -v hdr '%s%02x000000%08x' "$PMS_MAGIC_HEX" "$PMS_VERSION" "$plen"
	pms_hex_to_file "$hdr$payload" "$tmproot/container" || { fail "cannot write temporary files"; return 1; }
	if [[ $elf == "$real" ]]; then
		fail "internal error: no working copy"
		return 1
	fi
	pms_write_at "$elf" "$SIG_OFF" "$tmproot/container" ||
		{ fail "cannot write temporary files"; return 1; }

	install_signed "$elf"
}

# tmp_name: tmp = a new name beside the module (same directory, so that the
# rename is atomic; $$ keeps other runs' files out of the way).
tmp_name()
{
	local i

	for ((i = 0; i < 10; i++)); do
		tmp=$dir/.$base.$$.$RANDOM$RANDOM
		[[ -e $tmp ]] || break
	done
}

# install_signed ELF: (compresses and) copies the signed ELF beside the
# module, then renames it over the module. Uses sign_module's locals.
install_signed()
{
	local elf=$1 out=$1 new_umask msg

	if [[ $comp != none ]]; then
		out=$tmproot/out
		pms_compress "$comp" "$elf" "$out" || { fail "$comp compression failed"; return 1; }
	fi

	# The copy is created exclusively (noclobber: O_EXCL) with the
	# module's permissions (umask).
	printf -v new_umask '%04o' $((0777 & ~8#${mode:-644}))
	tmp_name
	cur_tmp=$tmp
	umask "$new_umask"
	set -C
	msg=''
	if ! { cat -- "$out" > "$tmp"; } 2>| "$tmproot/tool.out"; then
		msg=$(tail -n 1 "$tmproot/tool.out" 2> /dev/null) || true
		msg=${msg:-"cannot write"}
	fi
	set +C
	umask "$saved_umask"
	if [[ -n $msg ]]; then
		fail "cannot write a temporary copy in $dir: ${msg##*: }"
		return 1
	fi
	# umask cannot give execute or special bits
	if (((8#$mode & 07111) != 0)); then
		chmod "$mode" -- "$tmp" 2> /dev/null || true
	fi
	if ((EUID == 0 && (uid != 0 || gid != 0))); then
		chown --reference="$real" -- "$tmp" 2> /dev/null || true
	fi
	replace_module
}

# replace_module: renames $tmp over the module
replace_module()
{
	local msg

	if ! tool mv -f -- "$tmp" "$real"; then
		fail "cannot replace the module: ${msg##*: }"
		return 1
	fi
	cur_tmp=
	return 0
}

# agent_sign ELF: the agent path's end of sign_module (uses its locals).
# The helper signs ELF (module_sig taken as zeros), adds the container and
# writes the result: for an uncompressed module straight to a new file
# beside it (created exclusively with the module's mode and owner) which it
# then renames over the module, else to $tmproot/signed for compression.
agent_sign()
{
	local elf=$1 dst

	if [[ $comp == none ]]; then
		tmp_name
		dst=$tmp
		cur_tmp=$tmp
		if pms_io SIGN "$elf" "$SIG_OFF" "$SIG_SIZE" "$ELF_SIZE" "$dst" "${mode:-644}" \
			"${uid:-0}:${gid:-0}" "${old_payload:--}" "$real"; then
			cur_tmp=
			return 0
		fi
	else
		dst=$tmproot/signed
		if pms_io SIGN "$elf" "$SIG_OFF" "$SIG_SIZE" "$ELF_SIZE" "$dst" - - \
			"${old_payload:--}"; then
			install_signed "$dst"
			return
		fi
	fi
	if ((PMS_IO_FATAL)); then
		helper_gone
	elif [[ $PMS_ERR == "write "* && $comp == none ]]; then
		fail "cannot write a temporary copy in $dir: ${PMS_ERR#write }"
	elif [[ $PMS_ERR == "rename "* ]]; then
		fail "cannot replace the module: ${PMS_ERR#rename }"
	elif [[ $PMS_ERR == "write "* ]]; then
		fail "cannot write temporary files"
	else
		fail "$PMS_ERR"
	fi
	return 1
}

# helper_gone: the helper ended (its agent went away?): this module fails,
# the job signs its other modules with gpg.
helper_gone()
{
	local reason=$PMS_ERR

	agent_stop
	agent_note "$reason"
	err=$reason
}

# run_one INDEX FILE
run_one()
{
	if ((!quiet && total > 1)); then
		echo "[$1/$total] $2"
	fi
	err=
	if ! sign_module "$2"; then
		echo "$prog: $2: ${err:-failed}" >&2
		[[ -n $cur_tmp ]] && rm -f -- "$cur_tmp"
		cur_tmp=
		return 1
	fi
	return 0
}

use_agent=0
helper_args=()
preflight

# worker K: signs modules K, K+jobs, K+2*jobs, ... in this subshell
worker()
{
	local k=$1 i rc=0

	trap cleanup EXIT
	trap 'cleanup; exit 130' INT
	trap 'cleanup; exit 143' TERM
	trap 'cleanup; exit 129' HUP
	tmproot=
	is_main=0
	agent_start
	for ((i = k; i < ${#modules[@]}; i += jobs)); do
		run_one "$((i + 1))" "${modules[i]}" || rc=1
	done
	exit "$rc"
}

rc=0
if ((jobs > 1 && ${#modules[@]} > 1)); then
	pids=()
	# Workers finish the module in hand (atomically) unless signalled too.
	trap 'kill -TERM "${pids[@]}" 2> /dev/null; wait; cleanup; exit 130' INT
	trap 'kill -TERM "${pids[@]}" 2> /dev/null; wait; cleanup; exit 143' TERM
	for ((k = 0; k < jobs && k < ${#modules[@]}; k++)); do
		worker "$k" &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do
		wait "$pid" || rc=1
	done
else
	agent_start
	for ((i = 0; i < ${#modules[@]}; i++)); do
		run_one "$((i + 1))" "${modules[i]}" || rc=1
	done
fi
exit "$rc"
