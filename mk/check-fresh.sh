#!/usr/bin/env bash
# make check-fresh: a new Debian 12 root from the Debian archive (mmdebstrap), a fresh clone of
# this project in it, and the README's make demo run inside it (chroot) to its verdicts.
set -euo pipefail
prog=check-fresh.sh

usage() {
	cat <<'EOF'
Usage: mk/check-fresh.sh [--root DIR] [--keep] [--no-check-deps]

Tries the README's first command as a newcomer would, on a machine that has nothing of
this project's: makes a Debian 12 (bookworm) root with mmdebstrap from deb.debian.org
(variant minbase, plus what a newcomer needs to get the project and type make: git,
make, ca-certificates), clones this repository's HEAD into it, and runs `make demo`
inside it with chroot (QEMU with TCG works there).  Then, unless --no-check-deps, runs
make check's own set-up (mk/deps.sh --check) in the same root, to show what make check
installs on top.  Prints each step's time, what apt installed (package count, MB
downloaded), the demo's verdict counts, and writes the report to build/fresh-report.txt.
The demo must reach its verdicts: the target fails otherwise.

  --root DIR       where the root is made (default /var/tmp/pgp-modsign-fresh; removed
                   first, and afterwards unless --keep)
  --keep           keep the root afterwards (chroot DIR /bin/bash to look around)
  --no-check-deps  only the demo
Needs root, mmdebstrap (make deps --matrix does not install it: apt-get install
mmdebstrap) and network access to deb.debian.org.  Takes about 15-25 minutes.
EOF
}

root=/var/tmp/pgp-modsign-fresh keep=0 check_deps=1
while [[ $# -gt 0 ]]; do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--root) root=${2:?}; shift 2 ;;
	--keep) keep=1; shift ;;
	--no-check-deps) check_deps=0; shift ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || die "needs root (mmdebstrap and chroot)"
command -v mmdebstrap > /dev/null || die "mmdebstrap not installed: apt-get install mmdebstrap"
[[ $root == /* && $root != / ]] || die "--root: an absolute directory other than /"
mkdir -p "$top/build"
report=$top/build/fresh-report.txt
log=$top/build/logs/check-fresh
mkdir -p "$log"

mounts=()
unmount_all() {
	local i
	for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
		umount -l "${mounts[i]}" 2> /dev/null || true
	done
	mounts=()
}
cleanup() {
	unmount_all
	# nothing of the host is mounted under the root any more: --one-file-system all the same
	((keep)) || rm -rf --one-file-system "$root"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { echo "$*" | tee -a "$report"; }
: > "$report"
t_all=$(date +%s)

# 1. the root
if mountpoint -q "$root/proc" 2> /dev/null || mountpoint -q "$root/dev" 2> /dev/null; then
	die "$root: something is still mounted in it; unmount it first"
fi
rm -rf --one-file-system "$root"
t0=$(date +%s)
say "== 1. a Debian 12 root with mmdebstrap (minbase + git make ca-certificates) in $root"
mmdebstrap --variant=minbase --include=git,make,ca-certificates bookworm "$root" \
	"deb http://deb.debian.org/debian bookworm main" \
	"deb http://deb.debian.org/debian bookworm-updates main" \
	"deb http://deb.debian.org/debian-security bookworm-security main" \
	> "$log/mmdebstrap.log" 2>&1 || { tail -n 20 "$log/mmdebstrap.log" >&2; die "mmdebstrap failed"; }
chroot "$root" dpkg-query -W -f='${Package}\n' | sort > "$log/pkgs-0.txt"
say "   $(wc -l < "$log/pkgs-0.txt") packages, $(du -sm --one-file-system "$root" | cut -f1) MB, $(($(date +%s) - t0)) s"

# 2. a fresh clone of this repository's HEAD, as a newcomer's git clone would give
say "== 2. git clone of $(git -C "$top" rev-parse --short HEAD) into /root/pgp-modsign"
git clone -q --no-local "$top" "$root/root/pgp-modsign"
cp /etc/resolv.conf "$root/etc/resolv.conf"
for m in proc sys dev dev/pts; do
	mkdir -p "$root/$m"
	case $m in
	proc) mount -t proc proc "$root/proc" ;;
	sys) mount -t sysfs sys "$root/sys" ;;
	dev) mount --bind /dev "$root/dev" ;;
	dev/pts) mount -t devpts devpts "$root/dev/pts" ;;
	esac
	mounts+=("$root/$m")
done

# in_root LOG CMD: run CMD as root's login shell would, in the project's directory
in_root() {
	local l=$1
	shift
	chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "cd /root/pgp-modsign && $*" > "$log/$l.log" 2>&1
}
# apt_figures LOG: packages and MB apt installed, from an apt-get install's output
apt_figures() {
	awk '/^Need to get/ { gsub(",", "", $4); n += $4 * ($5 ~ /^kB/ ? 0.001 : $5 ~ /^GB/ ? 1000 : 1) }
	     /^Setting up / { p++ } END { printf "%d packages set up, %.0f MB downloaded", p, n }' "$@"
}

# 3. make demo
say "== 3. make demo (inside the root)"
t0=$(date +%s)
rc=0
in_root demo "make demo" || rc=$?
t_demo=$(($(date +%s) - t0))
chroot "$root" dpkg-query -W -f='${Package}\n' | sort > "$log/pkgs-1.txt"
say "   exit $rc after $t_demo s; make deps --demo: $(apt_figures "$root/root/pgp-modsign/build/deps/apt.log" 2> /dev/null || echo 'no apt log')"
say "   packages added: $(comm -13 "$log/pkgs-0.txt" "$log/pkgs-1.txt" | wc -l) (list: $log/pkgs-demo.txt)"
comm -13 "$log/pkgs-0.txt" "$log/pkgs-1.txt" > "$log/pkgs-demo.txt"
grep -E '^== |installed|could not|warning' "$log/demo.log" | grep -v '^\s*$' | head -n 20 | sed 's/^/   | /' | tee -a "$report"
pass=$(grep -c '^\s*\[pass\]' "$log/demo.log" || true)
fail=$(grep -c '^\s*\[FAIL\]' "$log/demo.log" || true)
say "   the demo's verdicts: $pass as expected, $fail not (both boots)"
grep -q '^demo: done' "$log/demo.log" || { tail -n 30 "$log/demo.log" >&2; rc=1; }
if ((rc != 0 || pass == 0 || fail != 0)); then
	say "== FAILED: make demo in a fresh Debian 12 root (log: $log/demo.log)"
	exit 1
fi
if chroot "$root" dpkg --print-foreign-architectures | grep -q .; then
	say "== FAILED: dpkg gained a foreign architecture: $(chroot "$root" dpkg --print-foreign-architectures)"
	exit 1
fi

# 4. what make check's set-up installs on top
if ((check_deps)); then
	say "== 4. make check's set-up on top (mk/deps.sh --check, no tests run)"
	t0=$(date +%s)
	rc=0
	in_root deps-check "mk/deps.sh --check" || rc=$?
	chroot "$root" dpkg-query -W -f='${Package}\n' | sort > "$log/pkgs-2.txt"
	comm -13 "$log/pkgs-1.txt" "$log/pkgs-2.txt" > "$log/pkgs-check.txt"
	say "   exit $rc after $(($(date +%s) - t0)) s; $(apt_figures "$root/root/pgp-modsign/build/deps/apt.log" 2> /dev/null || echo 'no apt log'); packages added: $(wc -l < "$log/pkgs-check.txt")"
	tail -n 3 "$log/deps-check.log" | sed 's/^/   | /' | tee -a "$report"
fi
say "== check-fresh: make demo works in a fresh Debian 12 root ($(($(date +%s) - t_all)) s in all; report $report)"
