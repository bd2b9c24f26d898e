#!/usr/bin/env bash
# Copy pgp-modsign's new files into a Linux 6.12 or 6.1 tree and apply the series for its version.
set -euo pipefail

prog=apply.sh
usage() {
	cat <<'EOF'
Usage: mk/apply.sh [--check] KSRC

Copies the project's new kernel files (certs/ crypto/ include/ kernel/ security/
scripts/ Documentation/) into the Linux source tree KSRC and applies the series for
its version: patches/series for 6.12.x, patches/6.1/series for 6.1.x (its entries are
looked up in patches/6.1/; "../NAME" entries are 6.12 patches that apply to 6.1 as
they are).

  * refuses a tree of any other version, naming the version it found;
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
	die "$ksrc: Linux $version found; pgp-modsign's patches are for Linux 6.12.x and 6.1.x (Debian linux-source-6.12, linux-source-6.1)"
series=$pdir/series
stamp=$ksrc/.pgp-modsign-applied
new_dirs=(certs crypto include kernel security scripts Documentation)

# The series identity: the series file and every patch in it.
series_id() {
	(cd "$pdir" && cat series $(grep -v '^\s*\(#\|$\)' series)) | sha256sum | cut -d' ' -f1
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

# List the project's new files (tracked or not, minus ignored ones).
list_new_files() {
	(cd "$top" && git ls-files --cached --others --exclude-standard -- "${new_dirs[@]}" 2>/dev/null ||
		find "${new_dirs[@]}" -type f) | sort -u | while read -r f; do
		[[ -f $top/$f ]] && printf '%s\n' "$f"
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

# A pristine tree must not already contain any of our new files.
clash=$(list_new_files | while read -r f; do [[ -e $ksrc/$f ]] && echo "$f"; done || true)
[[ -z $clash ]] || die "$ksrc: files pgp-modsign adds exist already: $(echo $clash | head -c 300)"

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
