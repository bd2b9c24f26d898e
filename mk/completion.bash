# SPDX-License-Identifier: GPL-2.0
# bash completion for sign-module, verify-module and sign-file-pgp (and the same
# scripts as scripts/NAME.sh in a kernel tree).  The options are read from the
# command's own --help (once per shell), so the completion offers what the
# command takes; option values: digests, the algorithm list, gpg's secret keys,
# files and directories; other words: modules (.ko, .ko.xz, .ko.zst, .ko.gz).

# shellcheck disable=SC2207 # compgen's words, split on newlines or blanks as set

# _pgp_modsign_options CMD: REPLY = the options CMD --help lists (cached)
_pgp_modsign_options()
{
	local key=${1##*/}

	key=${key%.sh}
	key=${key//-/_}
	local -n cache=_pgp_modsign_opts_$key 2> /dev/null || return 1
	if [[ -z ${cache:-} ]]; then
		cache=$("$1" --help 2> /dev/null |
			grep -oE '(^|[ ,[])--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^[ ,[]//' | sort -u |
			tr '\n' ' ')
	fi
	REPLY=$cache
}

_pgp_modsign_modules()
{
	local IFS=$'\n'

	COMPREPLY+=($(compgen -d -S / -- "$1"))
	COMPREPLY+=($(compgen -f -X '!*.@(ko|ko.xz|ko.zst|ko.gz)' -- "$1"))
}

_pgp_modsign()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} cmd=${COMP_WORDS[0]}
	local name=${cmd##*/} i words=0 IFS=$' \t\n'

	name=${name%.sh}
	COMPREPLY=()
	shopt -s extglob
	case $prev in
	--digest)
		COMPREPLY=($(compgen -W 'sha256 sha384 sha512 sha224' -- "$cur"))
		return ;;
	--algos)
		COMPREPLY=($(compgen -W 'rsa,dsa rsa,dsa,eddsa rsa,dsa,ecdsa rsa,dsa,eddsa,ecdsa' -- "$cur"))
		return ;;
	-u | --local-user)
		COMPREPLY=($(compgen -W "$(gpg --batch --with-colons --list-secret-keys 2> /dev/null |
			awk -F: '$1 == "fpr" { print $10 } $1 == "uid" && match($10, /<[^>]+>/) {
				print substr($10, RSTART + 1, RLENGTH - 2) }')" -- "$cur"))
		return ;;
	--homedir | --data)
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	--keyring | --passphrase-file | --dearmor)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	-j | --jobs | --reserve | --sig-suffix)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		_pgp_modsign_options "$cmd" || return
		COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
		return
	fi
	if [[ $name == sign-file-pgp ]]; then
		# HASH KEY CERT MODULE [DEST]: which one is this word?
		for ((i = 1; i < COMP_CWORD; i++)); do
			[[ ${COMP_WORDS[i]} == -* ]] || words=$((words + 1))
		done
		case $words in
		0) COMPREPLY=($(compgen -W 'sha256 sha384 sha512 sha224' -- "$cur")) ;;
		1 | 2) COMPREPLY=($(compgen -f -- "$cur")) ;;
		*) _pgp_modsign_modules "$cur" ;;
		esac
		return
	fi
	_pgp_modsign_modules "$cur"
}
complete -F _pgp_modsign sign-module verify-module sign-file-pgp \
	sign-module.sh verify-module.sh sign-file-pgp.sh
