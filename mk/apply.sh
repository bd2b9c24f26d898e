#!/usr/bin/env bash
# Copy pgp-modsign's new files into a Linux 6.12, 6.1 or 7.3 tree and apply the series for its version.
set -euo pipefail

prog=apply.sh
usage() {
	cat <<'EOF'
Usage: mk/apply.sh [--check] KSRC

Copies the project's new kernel files (certs/ crypto/ include/ kernel/ security/
scripts/ Documentation/) into the Linux source tree KSRC and applies the series for
its version: patches/series for 6.12.x, patches/6.1/series for 6.1.x, patches/7.3/series
for 7.3.x (their entries are looked up in that directory; "../NAME" entries are 6.12
patches that apply there as they are).  A version's "omit" file (patches/omit,
patches/7.3/omit, ...) names new files that version does not get (the other kernel
generation's side of an interface).

  * refuses a tree of any other version, naming the version it found;
  * never overwrites a file the tree has: a pristine tree that already holds any of
    the new files is refused, naming them (7.3 has a crypto/mldsa.c and an
    include/crypto/mldsa.h of its own);
  * on a tree it already patched with the same series it only refreshes the new files
    (a no-op when nothing changed); a tree patched with a different series is refused;
  * every patch is first tried on a scratch copy of the files it touches: on any reject
    nothing in KSRC is changed and the reject is shown.
  --check  only report whether KSRC is pristine, patched by this series, or other.
EOF
}

die() { echo "$prog: $*" >&2; exit 1; }

check_only=0
case ${1:-} in
-h|--help) usage; exit 0 ;;
--check) check_only=1; shift ;;
esac
[[ $# -eq 1 ]] || { usage >&2; exit 2; }

top=$(cd "$(dirname "$0")/.." && pwd)
ksrc=$(cd "$1" 2>/dev/null && pwd) || die "$1: no such directory"
[[ -f $ksrc/Makefile ]] || die "$ksrc: not a kernel tree (no Makefile)"

. "$top/mk/lib.sh"
version=$(tree_version "$ksrc")
pdir=$(series_dir "$version") ||
	die "$ksrc: Linux $version found; pgp-modsign's patches are for Linux 6.12.x, 6.1.x and 7.3.x (Debian linux-source-6.12, linux-source-6.1, linux-source-7.3)"
series=$pdir/series
stamp=$ksrc/.pgp-modsign-applied
new_dirs=(certs crypto include kernel security scripts Documentation)

# The series identity: the series file, every patch in it and the omitted files.
series_id() {
	(cd "$pdir" && cat series $(grep -v '^\s*\(#\|$\)' series) $(ls omit 2>/dev/null)) |
		sha256sum | cut -d' ' -f1
}
want=$(series_id)

state=pristine
if [[ -f $stamp ]]; then
	if [[ $(cat "$stamp") == "$want" ]]; then
		state=patched
	else
		state=other
	fi
fi
if ((check_only)); then
	echo "$ksrc: $state"
	exit 0
fi
[[ $state != other ]] ||
	die "$ksrc: already patched by a different pgp-modsign series; start from a fresh tree"

# List the project's new files for this version (tracked or not, minus ignored ones and
# the version's omitted ones).
omitted=()
[[ -f $pdir/omit ]] && mapfile -t omitted < <(grep -v '^\s*\(#\|$\)' "$pdir/omit")
list_new_files() {
	(cd "$top" && git ls-files --cached --others --exclude-standard -- "${new_dirs[@]}" 2>/dev/null ||
		find "${new_dirs[@]}" -type f) | sort -u | while read -r f; do
		[[ -f $top/$f ]] || continue
		[[ " ${omitted[*]} " == *" $f "* ]] && continue
		printf '%s\n' "$f"
	done
}

# Copy a file only when its content differs, so that an unchanged tree is not rebuilt.
sync_new_files() {
	local f n=0
	while read -r f; do
		if ! cmp -s "$top/$f" "$ksrc/$f"; then
			mkdir -p "$ksrc/$(dirname "$f")"
			cp "$top/$f" "$ksrc/$f.pgp-modsign.tmp"
			mv "$ksrc/$f.pgp-modsign.tmp" "$ksrc/$f"
			n=$((n + 1))
		fi
	done < <(list_new_files)
	echo "$prog: $n new file(s) updated in $ksrc"
}

if [[ $state == patched ]]; then
	sync_new_files
	echo "$prog: $ksrc already carries this patch series (no patch applied)"
	exit 0
fi

# A pristine tree must not already contain any of our new files: never overwrite one.
clash=$(list_new_files | while read -r f; do [[ -e $ksrc/$f ]] && echo "$f"; done || true)
[[ -z $clash ]] ||
	die "$ksrc: the tree has its own $(echo $clash | sed 's/ /, /g' | head -c 300): refusing to overwrite (tree left unchanged)"

mapfile -t patches < <(grep -v '^\s*\(#\|$\)' "$series")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Touched files of the whole series, copied to the scratch tree.
for p in "${patches[@]}"; do
	[[ -f $pdir/$p ]] || die "${pdir#"$top"/}/$p: listed in series but missing"
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$pdir/$p"
done | sort -u | while read -r f; do
	mkdir -p "$scratch/$(dirname "$f")"
	[[ -f $ksrc/$f ]] && cp -p "$ksrc/$f" "$scratch/$f"
	true
done

for p in "${patches[@]}"; do
	if ! out=$(patch -d "$scratch" -p1 -N --no-backup-if-mismatch -r - <"$pdir/$p" 2>&1); then
		echo "$out" >&2
		die "${pdir#"$top"/}/$p: does not apply to $ksrc (tree left unchanged)"
	fi
done

# All patches applied on the scratch copy: install the results, then the new files.
(cd "$scratch" && find . -type f) | while read -r f; do
	cp "$scratch/$f" "$ksrc/$f.pgp-modsign.tmp"
	mv "$ksrc/$f.pgp-modsign.tmp" "$ksrc/$f"
done
sync_new_files
echo "$want" >"$stamp"
echo "$prog: applied ${#patches[@]} patch(es) from ${series#"$top"/} to $ksrc (Linux $version)"
