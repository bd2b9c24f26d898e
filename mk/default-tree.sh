#!/usr/bin/env bash
# make apply without KSRC: keep build/src an unpacked linux-source-6.12 carrying this series.
# (make check-matrix keeps build/src-6.1 and build/src-7.3 the same way from their
# linux-source packages: mk/linux-source.sh.)
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	cat <<'USAGE'
Usage: mk/default-tree.sh [TARBALL [DIR]]

Unpacks TARBALL (default /usr/src/linux-source-6.12.tar.xz) into DIR (default build/src)
and applies the series for its version with mk/apply.sh.  When the series changed since the tree was patched, the
tree is unpacked again; files whose content ends up the same as before keep their old
modification time, so the O= build in build/obj recompiles only what really changed.
USAGE
	exit 0
fi
top=$(cd "$(dirname "$0")/.." && pwd)
tarball=${1:-/usr/src/linux-source-6.12.tar.xz}
src=${2:-$top/build/src}
mkdir -p "$(dirname "$src")"
src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
old=$src.old
if [[ ! -f $tarball ]]; then
	# Debian's package of that version: mk/deps.sh (bookworm's) or a download (7.3's)
	ver=$(basename "$tarball" .tar.xz)
	"$top/mk/linux-source.sh" "${ver#linux-source-}" >/dev/null
fi
rm -rf "$old"
if [[ -d $src ]] && [[ $("$top/mk/apply.sh" --check "$src") == "$src: other" ]]; then
	echo "apply: patch series changed; unpacking a fresh ${src#"$top"/}"
	mv "$src" "$old"
fi
if [[ ! -f $src/Makefile ]]; then
	echo "apply: unpacking $tarball into ${src#"$top"/}"
	rm -rf "$src.tmp"
	mkdir -p "$src.tmp"
	tar -C "$src.tmp" --strip-components=1 -xf "$tarball"
	mv "$src.tmp" "$src"
fi
"$top/mk/apply.sh" "$src"
if [[ -d $old ]]; then
	# Every file the series or the new files touch: unchanged content keeps its old mtime.
	n=0
	while read -r f; do
		if [[ -f $old/$f && -f $src/$f ]] && cmp -s "$old/$f" "$src/$f"; then
			touch -r "$old/$f" "$src/$f"
			n=$((n + 1))
		fi
	done < <(cd "$top" && { sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' patches/*.patch patches/*/*.patch
		git ls-files --cached --others --exclude-standard -- certs crypto include kernel security scripts Documentation; } | sort -u)
	echo "apply: $n unchanged file(s) keep their previous timestamps"
	rm -rf "$old"
fi
