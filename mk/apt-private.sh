#!/usr/bin/env bash
# apt-get with a private configuration under build/apt: other suites, other architectures,
# source packages, without touching the machine's sources, dpkg's architectures or its state.
set -euo pipefail
prog=apt-private.sh

usage() {
	cat <<'EOF'
Usage: mk/apt-private.sh [--suite SUITE]... [--arch ARCH] [--src] [--print-dir] APT-GET-ARGS...

Runs apt-get with a configuration of its own, kept in build/apt/NAME (NAME made of the
suites, the architecture and --src): its own sources list, index lists, cache and an
empty dpkg status.  The machine's /etc/apt, its index lists, dpkg's architectures and
its installed packages are read by nothing and changed by nothing; what it downloads
is only what apt-get's arguments ask for (download, source --download-only).

  --suite SUITE   a Debian suite to read (bookworm, trixie, trixie-backports, sid, ...);
                  several may be given; default bookworm
  --arch ARCH     the architecture of the index (arm64, s390x, ...); default the
                  machine's own (dpkg --print-architecture)
  --src           read the source indexes too (deb-src), for apt-get source
  --print-dir     print the configuration's directory and exit (after its update)

The indexes are fetched once a day (APT_PRIVATE_MAX_AGE seconds, default 86400).  An
index apt-get update cannot fetch (a mirror in sync) is a one-line warning and the
command goes on with the indexes it has.  APT_PRIVATE_MIRROR sets the mirror (default
the first deb.debian.org-style URI of the machine's own sources, else
http://deb.debian.org/debian); the machine's Debian archive keyring checks the indexes.

Examples:
  mk/apt-private.sh --arch arm64 download busybox-static:arm64
  mk/apt-private.sh --suite trixie-backports download linux-source-7.3
  mk/apt-private.sh --src source --download-only kmod
EOF
}

suites=() arch='' src=0 print=0
while (($#)); do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--suite) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; suites+=("$2"); shift 2 ;;
	--arch) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; arch=$2; shift 2 ;;
	--src) src=1; shift ;;
	--print-dir) print=1; shift ;;
	--) shift; break ;;
	-*) echo "$prog: $1: unknown option" >&2; usage >&2; exit 2 ;;
	*) break ;;
	esac
done
((print || $# > 0)) || { usage >&2; exit 2; }
((${#suites[@]})) || suites=(bookworm)
[[ -n $arch ]] || arch=$(dpkg --print-architecture)
for s in "${suites[@]}" "$arch"; do
	[[ $s =~ ^[a-z0-9][a-z0-9.+-]*$ ]] || { echo "$prog: $s: not a suite or architecture name" >&2; exit 2; }
done

top=$(cd "$(dirname "$0")/.." && pwd)
name=$(IFS=+; echo "${suites[*]}")-$arch
((src)) && name+=-src
dir=${APT_PRIVATE_ROOT:-$top/build/apt}/$name

mirror=${APT_PRIVATE_MIRROR:-}
if [[ -z $mirror ]]; then
	mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2> /dev/null |
		grep -oE 'https?://[^ ]*/debian/?( |$)' | grep -v security | head -n 1 | tr -d ' ') || true
	mirror=${mirror:-http://deb.debian.org/debian}
fi
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[[ -r $keyring ]] || { echo "$prog: $keyring: missing (package debian-archive-keyring)" >&2; exit 1; }

mkdir -p "$dir"/{lists/partial,cache/archives/partial,etc/apt.conf.d,etc/preferences.d,etc/sources.list.d}
: > "$dir/status.new"
[[ -f $dir/status ]] || mv "$dir/status.new" "$dir/status"
rm -f "$dir/status.new"
{
	for s in "${suites[@]}"; do
		echo "deb [signed-by=$keyring] $mirror $s main"
		((src)) && echo "deb-src [signed-by=$keyring] $mirror $s main"
	done
} > "$dir/sources.list.new"
cat > "$dir/apt.conf.new" <<EOF
Dir::Etc "$dir/etc";
Dir::Etc::sourcelist "$dir/sources.list";
Dir::Etc::sourceparts "$dir/etc/sources.list.d";
Dir::Etc::main "$dir/etc/apt.conf";
Dir::Etc::parts "$dir/etc/apt.conf.d";
Dir::Etc::preferences "$dir/etc/preferences";
Dir::Etc::preferencesparts "$dir/etc/preferences.d";
Dir::State "$dir";
Dir::State::lists "$dir/lists";
Dir::State::status "$dir/status";
Dir::Cache "$dir/cache";
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::IndexTargets::deb::Contents-deb::DefaultEnabled "false";
Acquire::IndexTargets::deb::Contents-udeb::DefaultEnabled "false";
EOF
# a changed configuration (another mirror) fetches its indexes again
fresh=0
if ! cmp -s "$dir/sources.list.new" "$dir/sources.list" 2> /dev/null ||
   ! cmp -s "$dir/apt.conf.new" "$dir/apt.conf" 2> /dev/null; then
	mv "$dir/sources.list.new" "$dir/sources.list"
	mv "$dir/apt.conf.new" "$dir/apt.conf"
	rm -f "$dir/updated"
else
	rm -f "$dir/sources.list.new" "$dir/apt.conf.new"
fi
export APT_CONFIG=$dir/apt.conf

max_age=${APT_PRIVATE_MAX_AGE:-86400}
if [[ -f $dir/updated ]] && (($(date +%s) - $(stat -c %Y "$dir/updated") < max_age)); then
	fresh=1
fi
if ((!fresh)); then
	log=$dir/update.log
	if apt-get update -q > "$log" 2>&1; then
		touch "$dir/updated"
	else
		# a failed index (a mirror in sync): go on with what apt has, say so once
		first=$(grep -E '^(E|W): ' "$log" | head -n 1 | cut -c1-200)
		echo "$prog: warning: apt-get update ($name) failed for some index (${first:-see $log}); going on with the indexes it has" >&2
		ls "$dir/lists/"*Packages* > /dev/null 2>&1 || { echo "$prog: no index of $name could be fetched" >&2; exit 1; }
	fi
fi
if ((print)); then
	echo "$dir"
	(($# == 0)) && exit 0
fi
exec apt-get -q "$@"
