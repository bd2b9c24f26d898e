#!/usr/bin/env bash
# Debian's kmod from its source package, with and without the patch of patches/kmod: fetched
# through mk/apt-private.sh, checked against the archive's signed index, built as
# debian/rules configures it, cached in build/kmod.
set -euo pipefail
prog=kmod.sh

usage() {
	cat <<'EOF'
Usage: mk/kmod.sh [--pristine] [--test] VERSION
       mk/kmod.sh --fetch VERSION
       mk/kmod.sh --check VERSION DIR
       mk/kmod.sh --export VERSION OUT
       mk/kmod.sh --print-dir [--pristine] VERSION

Builds Debian's kmod VERSION (30: bookworm's 30+20221128-1; 34: trixie's 34.2-2) with the
patch of patches/kmod (libkmod/libkmod-signature-pgp.[ch], new files, and the edits of
patches/kmod/VERSION/series), or without it (--pristine), and prints the directory whose
tools/modinfo (30) or modinfo (34) is the built program.  A build is kept in
build/kmod/VERSION-patched or VERSION-pristine and redone only when the patch or this
script changed.

How the source is fetched: mk/apt-private.sh --suite SUITE --src source --download-only
kmod, i.e. apt-get with a configuration of its own under build/apt whose sources list
has a deb-src line for SUITE; the machine's own apt configuration is read by nothing and
changed by nothing.  Every file used is checked here against the archive's index: the
suite's InRelease is verified with gpgv and debian-archive-keyring, the Sources index
against InRelease's SHA-256, each tarball against the Sources entry's SHA-256.  The .dsc
is not used (trixie's kmod_34.2-2.dsc was a 404 on this mirror while its tarballs were
served): the source tree is unpacked as dpkg-source unpacks a "3.0 (quilt)" package, the
orig tarball, the debian tarball over it, then debian/patches/series in order.

How it is built: debian/rules' options for the kmod package (30: autotools with
--with-openssl --with-xz --with-zstd --disable-test-modules --enable-debug; 34: meson with
-D openssl=enabled -D dlopen=all -D zlib=disabled -D xz=enabled -D zstd=enabled
-D build-tests=true), without the documentation (gtk-doc, man pages).

  --pristine  Debian's kmod as it is, without our patch
  --test      also run kmod's own testsuite (30: make check; 34: meson test, whose test
              modules build against the newest /usr/lib/modules/*/build, as debian/rules
              does); its summary goes to stdout, the log to the build directory
  --fetch     fetch and check the source only; print the download directory
  --check     check the tarballs in DIR against the index (what --fetch does after apt)
  --export    write the whole patch for kmod VERSION (new files and edits) to OUT
  --print-dir print the build directory, building nothing
Environment: KMOD_BUILD (default build/kmod), KMOD_JOBS (default 2).
EOF
}

pristine=0 test=0 mode=build
while (($#)); do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--pristine) pristine=1 ;;
	--test) test=1 ;;
	--fetch) mode=fetch ;;
	--check) mode=check ;;
	--export) mode='export' ;;
	--print-dir) mode=print ;;
	-*) echo "$prog: $1: unknown option" >&2; usage >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
ver=$1
case $ver in
30) suite=bookworm debver=30+20221128-1 upver=30+20221128 ;;
34) suite=trixie debver=34.2-2 upver=34.2 ;;
*) echo "$prog: $ver: kmod 30 or 34" >&2; exit 2 ;;
esac
if [[ $mode == export ]]; then
	[[ $# -eq 2 ]] || { usage >&2; exit 2; }
	export_out=$2
fi

top=$(cd "$(dirname "$0")/.." && pwd)
base=${KMOD_BUILD:-$top/build/kmod}
jobs=${KMOD_JOBS:-2}
pdir=$top/patches/kmod
kind=$([[ $pristine == 1 ]] && echo pristine || echo patched)
bdir=$base/$ver-$kind
if [[ $mode == print ]]; then
	echo "$bdir"
	exit 0
fi

die() { echo "$prog: $*" >&2; exit 1; }

# The sha256 of FILE in the kmod stanza of the Sources index SOURCES for version $debver.
sources_sha256() {
	awk -v want="$debver" -v file="$2" '
		/^Package: / { pkg = $2; v = ""; insum = 0 }
		/^Version: / { v = $2 }
		/^Checksums-Sha256:/ { insum = 1; next }
		/^[^ ]/ { insum = 0 }
		insum && pkg == "kmod" && v == want && $3 == file { print $1 }
	' "$1"
}

# verify DIR: the tarballs in DIR are those of the suite's signed index
verify() {
	local dl=$1 lists inrel sources f want have
	lists=$(bash "$top/mk/apt-private.sh" --suite "$suite" --src --print-dir)/lists
	inrel=$(find "$lists" -maxdepth 1 -name "*_dists_${suite}_InRelease" | head -n 1)
	sources=$(find "$lists" -maxdepth 1 -name "*_dists_${suite}_main_source_Sources" | head -n 1)
	[[ -f $inrel && -f $sources ]] || die "no InRelease or Sources index of $suite in $lists"
	gpgv --keyring /usr/share/keyrings/debian-archive-keyring.gpg "$inrel" > "$dl/gpgv.log" 2>&1 ||
		die "$inrel: gpgv does not verify it with debian-archive-keyring (see $dl/gpgv.log)"
	want=$(awk '/^SHA256:/ { s = 1; next } /^[^ ]/ { s = 0 } s && $3 == "main/source/Sources" { print $1 }' "$inrel")
	have=$(sha256sum < "$sources" | cut -d' ' -f1)
	[[ -n $want && $want == "$have" ]] || die "$sources: SHA-256 $have is not InRelease's ($want)"
	for f in "kmod_$upver.orig.tar.xz" "kmod_$debver.debian.tar.xz"; do
		want=$(sources_sha256 "$sources" "$f")
		[[ -n $want ]] || die "$f: not in $suite's Sources entry of kmod $debver"
		[[ -f $dl/$f ]] || die "$dl/$f: not downloaded (see $dl/apt.log)"
		have=$(sha256sum < "$dl/$f" | cut -d' ' -f1)
		[[ $want == "$have" ]] || die "$dl/$f: SHA-256 $have is not the index's $want"
	done
}

fetch() {
	local dl=$base/dl/$ver
	mkdir -p "$dl"
	if ! (cd "$dl" && bash "$top/mk/apt-private.sh" --suite "$suite" --src \
		source --download-only "kmod=$debver" > "$dl/apt.log" 2>&1); then
		if grep -E '^E: Failed to fetch [a-z]+://' "$dl/apt.log" | grep -qv '\.dsc '; then
			grep -E '^(E|W|Err):' "$dl/apt.log" | head -n 3 | sed "s/^/$prog: apt: /" >&2
		else
			# trixie's kmod_34.2-2.dsc was such a 404 on this mirror
			echo "$prog: note: the mirror does not serve kmod_$debver.dsc; the tarballs are checked against the signed Sources index" >&2
		fi
	fi
	verify "$dl"
	echo "$dl"
}

# Unpack into $1 as dpkg-source -x would: orig, debian tarball, debian/patches/series.
unpack() {
	local dl=$1 dst=$2 p
	rm -rf "$dst"
	mkdir -p "$dst"
	tar -C "$dst" --strip-components=1 -xf "$dl/kmod_$upver.orig.tar.xz"
	tar -C "$dst" -xf "$dl/kmod_$debver.debian.tar.xz"
	while read -r p; do
		[[ -z $p || $p == \#* ]] && continue
		patch -d "$dst" -p1 -s -N < "$dst/debian/patches/$p" || die "debian/patches/$p does not apply"
	done < "$dst/debian/patches/series"
}

# Our patch: the new files, then the edits of patches/kmod/$ver/series.
apply_ours() {
	local dst=$1 p
	cp "$pdir"/libkmod/libkmod-signature-pgp.[ch] "$dst/libkmod/"
	while read -r p; do
		[[ -z $p || $p == \#* ]] && continue
		patch -d "$dst" -p1 -s -N --no-backup-if-mismatch < "$pdir/$ver/$p" ||
			die "patches/kmod/$ver/$p does not apply to kmod $debver"
	done < "$pdir/$ver/series"
}

if [[ $mode == fetch ]]; then
	fetch
	exit 0
fi
if [[ $mode == check ]]; then
	[[ $# -eq 2 && -d $2 ]] || { usage >&2; exit 2; }
	verify "$2"
	echo "$prog: $2: kmod_$upver.orig.tar.xz and kmod_$debver.debian.tar.xz are those of $suite's signed index"
	exit 0
fi

if [[ $mode == export ]]; then
	dl=$(fetch)
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	unpack "$dl" "$tmp/a"
	cp -a "$tmp/a" "$tmp/b"
	apply_ours "$tmp/b"
	first=$pdir/$ver/$(grep -v '^#' "$pdir/$ver/series" | head -n 1)
	(cd "$tmp" && diff -Nurp --no-dereference a b > "$tmp/raw.diff") && die "the patch changes nothing"
	sed -E 's@^(---|\+\+\+) ([ab]/[^\t]*)\t.*@\1 \2@' "$tmp/raw.diff" > "$tmp/whole.diff"
	{
		sed -n '1,/^---$/p' "$first"
		diffstat -p1 "$tmp/whole.diff"
		echo
		cat "$tmp/whole.diff"
	} > "$export_out.tmp"
	mv "$export_out.tmp" "$export_out"
	echo "$export_out"
	exit 0
fi

# kmod 34's test modules build against the newest kernel headers, as debian/rules says
KDIR=$(find /usr/lib/modules/ -maxdepth 2 -mindepth 2 -type l -name build 2> /dev/null | sort | tail -n 1) ||
	KDIR=	# no /usr/lib/modules (a container, a chroot): no kernel headers to build against
export KDIR

# The build: redone when this script, the patch or the source changed.
stamp_of() {
	{
		cat "$0"
		[[ $pristine == 1 ]] || cat "$pdir"/libkmod/* "$pdir/$ver"/*
		echo "$debver $kind"
	} | sha256sum | cut -d' ' -f1
}
stamp=$(stamp_of)
if [[ ! -f $bdir/.stamp || $(cat "$bdir/.stamp") != "$stamp" ]]; then
	dl=$(fetch)
	echo "$prog: building kmod $debver ($kind) in $bdir" >&2
	rm -rf "$bdir"
	unpack "$dl" "$bdir/src"
	[[ $pristine == 1 ]] || apply_ours "$bdir/src"
	log=$bdir/build.log
	if [[ $ver == 30 ]]; then
		(
			cd "$bdir/src"
			# what upstream's autogen.sh does without gtk-doc: no API documentation
			touch libkmod/docs/gtk-doc.make
			autoreconf -fi
			mkdir -p build-deb
			cd build-deb
			../configure --sysconfdir=/etc --with-openssl --with-xz --with-zstd \
				--disable-test-modules --enable-debug --disable-manpages --disable-gtk-doc
			make -j"$jobs"
		) > "$log" 2>&1 || die "kmod $debver ($kind): build failed (see $log)"
		ln -sfn src/build-deb "$bdir/out"
	else
		(
			cd "$bdir/src"
			bt=$([[ -n $KDIR && $pristine == 0 ]] && echo true || echo false)
			meson setup build-deb -D build-tests="$bt" -D docs=false -D manpages=false \
				-D openssl=enabled -D dlopen=all -D zlib=disabled -D xz=enabled -D zstd=enabled
			ninja -C build-deb -j"$jobs"
		) > "$log" 2>&1 || die "kmod $debver ($kind): build failed (see $log)"
		ln -sfn src/build-deb "$bdir/out"
	fi
	echo "$stamp" > "$bdir/.stamp"
fi

if ((test)); then
	tlog=$bdir/testsuite.log
	if [[ $ver == 30 ]]; then
		(cd "$bdir/src/build-deb" && make -j"$jobs" check) > "$tlog" 2>&1 ||
			die "kmod $debver ($kind): make check failed (see $tlog)"
		grep -E '^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR):' "$tlog" | tr -s ' ' | paste -sd' ' >&2
	else
		grep -q 'build-tests *: True' "$bdir/build.log" ||
			die "kmod $debver: no testsuite built (no kernel headers in /usr/lib/modules/*/build)"
		(cd "$bdir/src" && meson test -C build-deb) > "$tlog" 2>&1 ||
			die "kmod $debver ($kind): meson test failed (see $tlog)"
		grep -E '^(Ok|Fail|Skipped|Expected Fail|Unexpected Pass|Timeout): ' "$tlog" | tr -s ' ' | paste -sd' ' >&2
	fi
fi
echo "$bdir/out"
