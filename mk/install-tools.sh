#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make install-tools: the signing tools for use outside a kernel tree, as a package installs
# them.  Builds pgp-sign-module (scripts/pgp-sign-module-build.sh, into build/tools) and
# installs, under $DESTDIR$PREFIX (PREFIX default /usr/local):
#   lib/pgp-modsign/      sign-module.sh, verify-module.sh, sign-file-pgp.sh and the built
#                         pgp-sign-module beside them (sign-module.sh runs the one beside it)
#   bin/                  sign-module, verify-module, sign-file-pgp (symlinks to those)
#   share/man/man1/       sign-module.1, verify-module.1, sign-file-pgp.1, made by
#                         mk/manpage.sh from each installed command's --help
#   share/bash-completion/completions/
#                         mk/completion.bash, as sign-module (and a symlink for each other
#                         name, with and without .sh: bash-completion loads a command's
#                         completion by the command's name)
# Every file is written as install(1) writes it: a new file (a symlink found in its place is
# replaced, not followed) with a fixed mode (0755 programs, 0644 pages and completion),
# whatever the umask; a directory it installs into that is a symlink is refused, and so is
# a symlink at any component of PREFIX under DESTDIR (DESTDIR itself is resolved once).
# The man pages are made from the build tree's scripts and program, not from what was
# installed: nothing is run from DESTDIR.
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: [DESTDIR=DIR] [PREFIX=/usr/local] $0"
	sed -n '2,/^set /p' "$0" | grep '^#' | grep -v SPDX | sed 's/^# \{0,1\}/  /'
	exit 0
fi
top=$(cd -- "$(dirname -- "$0")/.." && pwd)
prefix=${PREFIX:-/usr/local}
[[ $prefix == /* ]] || { echo "install-tools: PREFIX must be an absolute path: $prefix" >&2; exit 2; }
dest=
if [[ -n ${DESTDIR:-} ]]; then
	dest=$(realpath -m -- "$DESTDIR") ||
		{ echo "install-tools: DESTDIR=$DESTDIR cannot be resolved" >&2; exit 2; }
fi
root=$dest$prefix
lib=$root/lib/pgp-modsign
tools=(sign-module verify-module sign-file-pgp)
declare -A summary=([sign-module]="sign Linux kernel modules with OpenPGP (gpg)"
	[verify-module]="check the OpenPGP signatures of Linux kernel modules as the kernel would"
	[sign-file-pgp]="the kernel's sign-file interface, signing modules with gpg")

dirs=("$lib" "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions")
# the directories written into, and theirs up to PREFIX: none may be a symlink (one planted
# in DESTDIR would take the files elsewhere), before they are made and after
no_links()
{
	local d c p=$dest

	# PREFIX's own components under DESTDIR (DESTDIR/usr, DESTDIR/usr/local ...)
	for c in ${prefix//\// }; do
		p+=/$c
		if [[ -L $p ]]; then
			echo "install-tools: $p is a symbolic link: not installing through it" >&2
			exit 1
		fi
	done
	for d in "$root/lib" "$root/share" "$root/share/man" "$root/share/bash-completion" "${dirs[@]}"; do
		if [[ -L $d ]]; then
			echo "install-tools: $d is a symbolic link: not installing through it" >&2
			exit 1
		fi
	done
}
no_links
build=$top/build/tools
mkdir -p "$build"
echo "  BUILD   pgp-sign-module"
if ! bash "$top/scripts/pgp-sign-module-build.sh" "$build/pgp-sign-module" > "$build/build.log" 2>&1; then
	echo "install-tools: pgp-sign-module does not build (needs \${HOSTCC:-cc}, libssl-dev):" >&2
	sed 's/^/  /' "$build/build.log" >&2
	exit 1
fi

install -d -m 0755 "${dirs[@]}"
no_links
echo "  INSTALL $lib"
for t in "${tools[@]}"; do
	install -m 0755 "$top/scripts/$t.sh" "$lib/$t.sh"
	ln -sfn "../lib/pgp-modsign/$t.sh" "$root/bin/$t"
done
install -m 0755 "$build/pgp-sign-module" "$lib/pgp-sign-module"

# the commands' own --help (their installed names, without .sh), from the build tree's
# scripts and program: what was installed is not run; each page made in build/tools, then
# installed
mkdir -p "$build/man"
for t in "${tools[@]}"; do
	echo "  MAN     $t.1"
	help=$(PGP_SIGN_MODULE=$build/pgp-sign-module "$top/scripts/$t.sh" --help) ||
		{ echo "install-tools: $t --help failed" >&2; exit 1; }
	version=$(PGP_SIGN_MODULE=$build/pgp-sign-module "$top/scripts/$t.sh" --version 2> /dev/null |
		head -n 1 | awk '{ print $NF }') || version=
	[[ -n $version ]] || version=$(git -C "$top" describe --always --dirty 2> /dev/null || echo unknown)
	sed "s/\\b$t\\.sh\\b/$t/g" <<< "$help" | bash "$top/mk/manpage.sh" "$t" "$version" "${summary[$t]}" \
		> "$build/man/$t.1"
	install -m 0644 "$build/man/$t.1" "$root/share/man/man1/$t.1"
done

echo "  INSTALL bash completion"
comp=$root/share/bash-completion/completions
install -m 0644 "$top/mk/completion.bash" "$comp/sign-module"
for t in "${tools[@]}"; do
	[[ $t == sign-module ]] || ln -sfn sign-module "$comp/$t"
	ln -sfn sign-module "$comp/$t.sh"
done
