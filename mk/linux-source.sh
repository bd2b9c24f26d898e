#!/usr/bin/env bash
# The Debian linux-source tarball of a kernel version the project has a series for.
set -euo pipefail
prog=linux-source.sh

usage() {
	cat <<'EOF'
Usage: mk/linux-source.sh [--path] VERSION

Prints the path of Debian's linux-source-VERSION.tar.xz, getting it first when it is
missing (--path: only print where it is or would be):

  6.12, 6.1  /usr/src/linux-source-VERSION.tar.xz, of the bookworm package that
             mk/deps.sh installs (run when the file is missing)
  7.3        build/debs/linux-source-7.3/usr/src/linux-source-7.3.tar.xz: the package
             of trixie-backports (7.3.4-1~bpo13+1, 167 MB), downloaded with
             mk/apt-private.sh --suite trixie-backports download linux-source-7.3 into
             build/debs and unpacked there with dpkg-deb -x.  It is not installed:
             the machine's apt sources, its index lists and dpkg's database are
             neither read for it nor changed (mk/apt-private.sh keeps its own
             configuration in build/apt).

Exit status: 0 with the path on stdout; 1 when it could not be got; 2 for a version
without a series.
EOF
}

path_only=0
case ${1:-} in
-h|--help) usage; exit 0 ;;
--path) path_only=1; shift ;;
esac
[[ $# -eq 1 ]] || { usage >&2; exit 2; }
ver=$1
top=$(cd "$(dirname "$0")/.." && pwd)

case $ver in
6.12|6.1)
	tarball=/usr/src/linux-source-$ver.tar.xz
	if ((!path_only)) && [[ ! -f $tarball ]]; then
		"$top/mk/deps.sh" >&2
		[[ -f $tarball ]] || { echo "$prog: $tarball: still missing after mk/deps.sh" >&2; exit 1; }
	fi
	;;
7.3)
	suite=trixie-backports pkg=linux-source-$ver
	debs=${LINUX_SOURCE_DEBS:-$top/build/debs}
	tarball=$debs/$pkg/usr/src/$pkg.tar.xz
	if ((!path_only)) && [[ ! -f $tarball ]]; then
		mkdir -p "$debs"
		deb=$(find "$debs" -maxdepth 1 -name "${pkg}_*_all.deb" | sort | tail -n 1)
		if [[ -z $deb ]]; then
			echo "$prog: downloading $pkg from $suite (mk/apt-private.sh; nothing is installed)" >&2
			(cd "$debs" && "$top/mk/apt-private.sh" --suite "$suite" download "$pkg") >&2 ||
				{ echo "$prog: $pkg: apt-get download from $suite failed" >&2; exit 1; }
			deb=$(find "$debs" -maxdepth 1 -name "${pkg}_*_all.deb" | sort | tail -n 1)
			[[ -n $deb ]] || { echo "$prog: $pkg: no .deb after the download" >&2; exit 1; }
		fi
		rm -rf "$debs/$pkg.tmp"
		dpkg-deb -x "$deb" "$debs/$pkg.tmp" ||
			{ echo "$prog: $deb: dpkg-deb -x failed" >&2; rm -rf "$debs/$pkg.tmp"; exit 1; }
		[[ -f $debs/$pkg.tmp/usr/src/$pkg.tar.xz ]] ||
			{ echo "$prog: $deb: holds no usr/src/$pkg.tar.xz" >&2; rm -rf "$debs/$pkg.tmp"; exit 1; }
		rm -rf "$debs/$pkg"
		mv "$debs/$pkg.tmp" "$debs/$pkg"
		echo "$prog: $(basename "$deb") unpacked into ${debs#"$top"/}/$pkg" >&2
	fi
	;;
*)
	echo "$prog: $ver: no series for this version (6.12, 6.1, 7.3)" >&2
	exit 2
	;;
esac
echo "$tarball"
