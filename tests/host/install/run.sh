#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host test of make install-tools (mk/install-tools.sh): into a DESTDIR with a PREFIX, the
# three commands, the program beside them, the man pages and the bash completion.  The
# installed commands sign and verify a module with a throw-away key without building
# anything (HOME unset, an empty XDG_CACHE_HOME that stays empty), also after the tree is
# moved to another prefix; every man page formats without a groff warning and names every
# option of its command's --help; the completion offers options, digests, algorithm lists,
# sign-file-pgp's HASH and modules (not MODULE.tbs or MODULE.sig).  Self-tests: a man page
# with an unknown request, a man page that lost an option, a completion that offers
# nothing and a relative PREFIX are each refused.  Files are written as install(1) writes
# them (issue 33, T2): under umask 000 no file or directory is group- or world-writable, a
# symlink planted where a man page goes is replaced, not followed, and a planted symlinked
# directory is refused.
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | grep -v SPDX | sed 's/^# \{0,1\}/  /'
	exit 0
fi
top=$(cd -- "$(dirname -- "$0")/../../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/install-test.XXXXXX")
cleanup()
{
	gpgconf --homedir "$T/gnupg" --kill all > /dev/null 2>&1 || true
	rm -rf -- "$T"
}
trap cleanup EXIT
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
# shellcheck source=tests/lib/plan.sh
. "$top/tests/lib/plan.sh"
plan_first 24

tools=(sign-module verify-module sign-file-pgp)
D=$T/dest
P=/opt/pgp-modsign
R=$D$P
check "make install-tools DESTDIR=... PREFIX=$P" make -s -C "$top" install-tools DESTDIR="$D" PREFIX="$P"
files_ok()
{
	local t f

	for t in "${tools[@]}"; do
		for f in "bin/$t" "lib/pgp-modsign/$t.sh" "share/man/man1/$t.1" \
			"share/bash-completion/completions/$t" "share/bash-completion/completions/$t.sh"; do
			[[ -e $1/$f ]] || { echo "missing: $1/$f"; return 1; }
		done
		[[ $(readlink "$1/bin/$t") == "../lib/pgp-modsign/$t.sh" ]] ||
			{ echo "bin/$t is not a relative symlink"; return 1; }
	done
	[[ -x $1/lib/pgp-modsign/pgp-sign-module ]] || { echo "no pgp-sign-module"; return 1; }
	[[ -z $(find "$D" -mindepth 1 -maxdepth 1 ! -name "${P#/}" ! -name opt) ]] ||
		{ echo "files outside PREFIX:"; find "$D" -maxdepth 2; return 1; }
}
check "installed under DESTDIR/PREFIX only: bin/ (relative symlinks), lib/pgp-modsign/, man1/, completions/" \
	files_ok "$R"

# --- install(1)'s semantics: fixed modes, no symlink followed --------------------------
# modes_fixed DIR: nothing under DIR may be written by group or others (symlinks aside),
# programs 0755, pages and completion 0644
modes_fixed()
{
	local bad f

	bad=$(find "$1" ! -type l -perm /022 -printf '%m %p\n')
	[[ -z $bad ]] || { echo "group/world-writable: $bad"; return 1; }
	for f in "$1$P"/share/man/man1/*.1 "$1$P/share/bash-completion/completions/sign-module"; do
		[[ $(stat -c %a -- "$f") == 644 ]] || { echo "$f: mode $(stat -c %a -- "$f")"; return 1; }
	done
	[[ $(stat -c %a -- "$1$P/lib/pgp-modsign/pgp-sign-module") == 755 ]] ||
		{ echo "pgp-sign-module not 0755"; return 1; }
}
# one install under umask 000, into a DESTDIR with a symlink planted where a man page goes
# (to a file outside DESTDIR)
mkdir -p "$T/planted$P/share/man/man1"
echo "not a man page" > "$T/victim"
ln -s "$T/victim" "$T/planted$P/share/man/man1/sign-module.1"
(umask 000 && make -s -C "$top" install-tools DESTDIR="$T/planted" PREFIX="$P" > "$T/planted.log" 2>&1) ||
	sed 's/^/# /' "$T/planted.log"
check "make install-tools under umask 000: no file group- or world-writable, fixed modes" \
	modes_fixed "$T/planted"
planted_ok()
{
	[[ $(cat "$T/victim") == "not a man page" ]] || { echo "written through the symlink"; return 1; }
	[[ -f $T/planted$P/share/man/man1/sign-module.1 && ! -L $T/planted$P/share/man/man1/sign-module.1 ]] ||
		{ echo "the page is not a regular file"; return 1; }
}
check "a symlink planted where a man page goes: replaced, its target untouched" planted_ok
# refused_through DESC DESTDIR LINK ELSEWHERE: with LINK (under DESTDIR) a symlink to
# ELSEWHERE, make install-tools refuses, names LINK, and writes nothing through it
refused_through()
{
	local desc=$1 d=$2 link=$3 where=$4 out

	mkdir -p "$(dirname -- "$link")" "$where"
	ln -s "$where" "$link"
	if out=$(make -s -C "$top" install-tools DESTDIR="$d" PREFIX="$P" 2>&1); then
		nok "$desc: refused"
	elif [[ $out == *"${link#"$d"} is a symbolic link"* && -z $(ls -A "$where") ]]; then
		ok "$desc: refused, nothing written through it"
	else
		nok "$desc: refused, nothing written through it"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
}
refused_through "a symlinked directory planted in DESTDIR" "$T/planted2" "$T/planted2$P/share/man" \
	"$T/elsewhere"
# a symlink at a component of PREFIX under DESTDIR (the review: the install followed
# DESTDIR/opt and then ran the installed programs through it to make the man pages)
refused_through "a symlink at a component of PREFIX under DESTDIR (DESTDIR${P%/pgp-modsign})" \
	"$T/planted3" "$T/planted3${P%/pgp-modsign}" "$T/elsewhere3"

# --- the installed commands, with a throw-away key -------------------------------------
mkdir -m 700 "$T/gnupg"
export GNUPGHOME=$T/gnupg
gpg --batch --pinentry-mode loopback --passphrase '' \
	--quick-gen-key 'Install test <install@example.org>' ed25519 sign never > /dev/null 2>&1
gpg --export install@example.org > "$T/key.pgp"
printf 'key install@example.org\nhomedir %s\n' "$T/gnupg" > "$T/key.file"
gcc -O2 -c -o "$T/m.ko" "$top/tests/host/sign/testmod.c"
cp "$T/m.ko" "$T/n.ko"
mkdir -m 700 "$T/cache"
# run_installed BIN ARGS...: as in a systemd unit (no HOME), with an empty cache
run_installed()
{
	env -u HOME -u PGP_SIGN_MODULE XDG_CACHE_HOME="$T/cache" "$@"
}
signed_ok()
{
	run_installed "$1/bin/sign-module" -q "$T/m.ko" &&
		run_installed "$1/bin/verify-module" --keyring "$T/key.pgp" "$T/m.ko" &&
		run_installed "$1/bin/sign-file-pgp" sha256 "$T/key.file" "$T/key.pgp" "$T/n.ko" &&
		run_installed "$1/bin/verify-module" --quiet --keyring "$T/key.pgp" "$T/n.ko" &&
		[[ -z $(ls -A "$T/cache") ]] || { echo "the cache was used:"; ls -A "$T/cache"; return 1; }
}
check "installed sign-module, sign-file-pgp and verify-module sign and verify, no build (HOME unset)" \
	signed_ok "$R"
mkdir -p "$T/moved"
cp -a "$R" "$T/moved/"
rm -rf "${T:?}/cache"/*
check "the installed tree moved to another prefix still works" signed_ok "$T/moved/pgp-modsign"

# --- man pages ---------------------------------------------------------------------------
man_clean()	# man_clean PAGE: groff formats it without a warning
{
	local w

	w=$(groff -man -ww -z "$1" 2>&1)
	[[ -z $w ]] || { printf '%s\n' "$w"; return 1; }
}
# man_options PAGE CMD: every option CMD --help lists is in the page
man_options()
{
	local o missing=() text

	text=$(MANWIDTH=200 man -l "$1" 2> /dev/null)
	[[ $text == *SYNOPSIS* ]] || { echo "no SYNOPSIS in $1"; return 1; }
	for o in $("$2" --help | grep -oE '(^|[ ,[])--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^[ ,[]//' | sort -u); do
		grep -qF -- "$o" <<< "$text" || missing+=("$o")
	done
	((${#missing[@]} == 0)) || { echo "not in $1: ${missing[*]}"; return 1; }
}
for t in "${tools[@]}"; do
	check "man page $t.1: formats without a groff warning" man_clean "$R/share/man/man1/$t.1"
	check "man page $t.1: every option of $t --help, a SYNOPSIS" \
		man_options "$R/share/man/man1/$t.1" "$R/bin/$t"
done
{ cat "$R/share/man/man1/sign-module.1"; echo ".XX unknown request"; } > "$T/broken.1"
if man_clean "$T/broken.1" > /dev/null; then
	nok "self-test: a man page with an unknown request is refused"
else
	ok "self-test: a man page with an unknown request is refused"
fi
grep -v -- 'passphrase' "$R/share/man/man1/sign-module.1" > "$T/lost.1"
if man_options "$T/lost.1" "$R/bin/sign-module" > /dev/null; then
	nok "self-test: a man page without --passphrase-file is refused"
else
	ok "self-test: a man page without --passphrase-file is refused"
fi

# --- bash completion ---------------------------------------------------------------------
# complete_has FILE WANT WORD...: the completion in FILE offers WANT for the command line
# WORD... (the last word is the one being completed)
complete_has()
{
	local file=$1 want=$2

	shift 2
	# shellcheck disable=SC2016
	PATH=$R/bin:$PATH bash -c '
		file=$1 want=$2; shift 2
		. "$file" || exit 1
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		cd "$T_DIR" && _pgp_modsign
		printf "%s\n" "${COMPREPLY[@]}"
		printf "%s\n" "${COMPREPLY[@]}" | grep -qxF -- "$want"' _ "$file" "$want" "$@"
}
complete_lacks()
{
	! complete_has "$@" > /dev/null
}
mkdir -p "$T/mods"
touch "$T/mods/a.ko" "$T/mods/a.ko.tbs" "$T/mods/a.ko.sig" "$T/mods/b.ko.xz"
export T_DIR=$T/mods
C=$R/share/bash-completion/completions/sign-module
check "completion: sign-module --dig -> --digest" complete_has "$C" --digest sign-module --dig
check "completion: sign-module --digest s -> sha512" complete_has "$C" sha512 sign-module --digest s
check "completion: verify-module --algos r -> rsa,dsa,eddsa" complete_has "$C" rsa,dsa,eddsa verify-module --algos r
check "completion: sign-file-pgp.sh s (HASH) -> sha256" complete_has "$C" sha256 sign-file-pgp.sh s
check "completion: sign-module a -> a.ko, b -> b.ko.xz" \
	eval 'complete_has "$C" a.ko sign-module a && complete_has "$C" b.ko.xz sign-module b'
check "completion: sign-module a. offers neither a.ko.tbs nor a.ko.sig" \
	eval 'complete_lacks "$C" a.ko.tbs sign-module a. && complete_lacks "$C" a.ko.sig sign-module a.'
sed 's/^\t\tCOMPREPLY=(\$(compgen -W "\$REPLY"/\t\tCOMPREPLY=($(compgen -W ""/' "$C" > "$T/broken.bash"
if complete_has "$T/broken.bash" --digest sign-module --dig > /dev/null; then
	nok "self-test: a completion that offers no option is refused"
else
	ok "self-test: a completion that offers no option is refused"
fi
if out=$(make -s -C "$top" install-tools DESTDIR="$T/rel" PREFIX=relative 2>&1); then
	nok "self-test: a relative PREFIX is refused"
else
	[[ $out == *"absolute path"* && ! -e $T/rel ]] && ok "self-test: a relative PREFIX is refused (nothing installed)" ||
		{ nok "self-test: a relative PREFIX is refused (nothing installed)"; printf '%s\n' "$out" | sed 's/^/# /'; }
fi
plan_check || exit 1
exit $((failed > 0))
