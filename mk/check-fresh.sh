#!/usr/bin/env bash
# make check-fresh: a new Debian 12 root from the Debian archive (mmdebstrap), a fresh clone of
# this project in it, and the README's two commands run inside it (chroot): make demo to its
# verdicts, then make check to its closing line.
set -euo pipefail
prog=check-fresh.sh

usage() {
	cat <<'EOF'
Usage: mk/check-fresh.sh [--root DIR] [--keep] [--node none|debian] [--no-demo | --demo-only]

Tries the README's two commands as a newcomer would, on a machine that has nothing of
this project's: makes a Debian 12 (bookworm) root with mmdebstrap from deb.debian.org
(variant minbase, plus what a newcomer needs to get the project and type make: git,
make, ca-certificates), clones this repository's HEAD into it, and runs `make demo`
and then `make check` inside it with chroot (QEMU with TCG works there), each to its
end: the demo's verdicts, make check's closing line "N passed, N failed, N skipped".
Writes build/fresh-report.txt: each step's time beside the machine's load average
(sampled every 30 s: mean and highest of the 1-minute figure), what apt installed
(packages, MB downloaded), the Node.js the tests ran, make check's stage times and
its closing line.  Fails unless the demo reaches its verdicts with none wrong and
make check ends with 0 failed, and when dpkg gained a foreign architecture.

  --root DIR         where the root is made (default /var/tmp/pgp-modsign-fresh; removed
                     first, and afterwards unless --keep)
  --keep             keep the root afterwards (chroot DIR /bin/bash to look around)
  --node none        (the default) a root without Node.js: make check's set-up installs
                     Debian's nodejs 18 and npm, and with them Node.js 22 from the npm
                     registry (mk/node-deps.sh)
  --node debian      Debian 12's own nodejs (18) already installed in the root (by
                     mmdebstrap, without npm), as on a machine whose user installed it
  --no-demo          make check alone (its set-up installs the demo's packages too)
  --demo-only        make demo alone (about 15-45 minutes)
FRESH_CHECK_CMD replaces make check by another command (the target's self-test: a
closing line with a failure must fail it).
Needs root, mmdebstrap (apt-get install mmdebstrap) and network access to
deb.debian.org and the npm registry.  The whole run takes one to two hours on a
2-core machine (longer when the machine is shared); nothing of this machine's apt or
dpkg configuration is used or changed, and its own node is not seen in the root.
EOF
}

root=/var/tmp/pgp-modsign-fresh keep=0 node=none demo=1 check=1
while [[ $# -gt 0 ]]; do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--root) root=${2:?}; shift 2 ;;
	--keep) keep=1; shift ;;
	--node)
		node=${2:-}
		[[ $node == none || $node == debian ]] || { usage >&2; exit 2; }
		shift 2 ;;
	--no-demo) demo=0; shift ;;
	--demo-only) check=0; shift ;;
	--no-check-deps) check=0; shift ;;	# the old name of --demo-only
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
done
((demo || check)) || { echo "$prog: --no-demo and --demo-only: nothing to run" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || die "needs root (mmdebstrap and chroot)"
command -v mmdebstrap > /dev/null || die "mmdebstrap not installed: apt-get install mmdebstrap"
[[ $root == /* && $root != / ]] || die "--root: an absolute directory other than /"
mkdir -p "$top/build"
report=$top/build/fresh-report.txt
log=$top/build/logs/check-fresh
mkdir -p "$log"

mounts=() sampler=
unmount_all() {
	local i
	for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
		umount -l "${mounts[i]}" 2> /dev/null || true
	done
	mounts=()
}
cleanup() {
	[[ -z $sampler ]] || kill "$sampler" 2> /dev/null || true
	unmount_all
	# nothing of the host is mounted under the root any more: --one-file-system all the same
	((keep)) || rm -rf --one-file-system "$root"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { echo "$*" | tee -a "$report"; }
: > "$report"
t_all=$(date +%s)

# The machine's load: the 1-minute load average every 30 s, with the time, in load.txt;
# load_between T0 T1: its mean and highest between two times.
: > "$log/load.txt"
(while :; do echo "$(date +%s) $(cut -d' ' -f1 /proc/loadavg)"; sleep 30; done) >> "$log/load.txt" &
sampler=$!
load_between() {
	awk -v a="$1" -v b="$2" '$1 >= a && $1 <= b { s += $2; n++; if ($2 > m) m = $2 }
		END { if (n) printf "load average %.1f (highest %.1f, %d samples)", s / n, m, n; else print "load average not sampled" }' \
		"$log/load.txt"
}
# timed T0: "N s at load average L (highest H)" from T0 to now
timed() {
	local t1
	t1=$(date +%s)
	echo "$((t1 - $1)) s at $(load_between "$1" "$t1")"
}

say "check-fresh of $(git -C "$top" rev-parse --short HEAD) on $(date -u '+%Y-%m-%d %H:%M UTC'): $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo) of memory, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"

# 1. the root
if mountpoint -q "$root" 2> /dev/null || mountpoint -q "$root/proc" 2> /dev/null ||
   mountpoint -q "$root/dev" 2> /dev/null; then
	die "$root: something is still mounted in it; unmount it first"
fi
rm -rf --one-file-system "$root"
t0=$(date +%s)
include=git,make,ca-certificates
[[ $node == debian ]] && include+=,nodejs
say "== 1. a Debian 12 root with mmdebstrap (minbase + ${include//,/ }) in $root"
mmdebstrap --variant=minbase --include="$include" bookworm "$root" \
	"deb http://deb.debian.org/debian bookworm main" \
	"deb http://deb.debian.org/debian bookworm-updates main" \
	"deb http://deb.debian.org/debian-security bookworm-security main" \
	> "$log/mmdebstrap.log" 2>&1 || { tail -n 20 "$log/mmdebstrap.log" >&2; die "mmdebstrap failed"; }
chroot "$root" dpkg-query -W -f='${Package}\n' | sort > "$log/pkgs-0.txt"
say "   $(wc -l < "$log/pkgs-0.txt") packages, $(du -sm --one-file-system "$root" | cut -f1) MB, $(timed "$t0")"

# 2. a fresh clone of this repository's HEAD, as a newcomer's git clone would give
say "== 2. git clone of $(git -C "$top" rev-parse --short HEAD) into /root/pgp-modsign"
git clone -q --no-local "$top" "$root/root/pgp-modsign"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# This machine's network, as its /etc/resolv.conf: where its TLS goes through a proxy with a
# CA of its own (in /usr/local/share/ca-certificates), the root trusts that CA too, and node
# is told of it (NODE_EXTRA_CA_CERTS: npm's node reads its own list, not the system's).
# Without such a proxy there is nothing to copy.
root_env=()
shopt -s nullglob
cas=(/usr/local/share/ca-certificates/*.crt)
shopt -u nullglob
if ((${#cas[@]})); then
	mkdir -p "$root/usr/local/share/ca-certificates"
	cp "${cas[@]}" "$root/usr/local/share/ca-certificates/"
	chroot "$root" update-ca-certificates > "$log/ca.log" 2>&1 ||
		{ cat "$log/ca.log" >&2; die "update-ca-certificates failed in the root"; }
	root_env=(NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt)
	say "   this machine's own TLS CAs (${cas[*]##*/}) copied into the root and named to node (NODE_EXTRA_CA_CERTS), as its /etc/resolv.conf is"
fi
# the root a mount point of its own, as / is on a machine (unshare --mount, which the DKMS
# case and the guide's test use, makes / private: EINVAL where / is no mount point), and
# private, so that nothing mounted in it reaches this machine
mount --bind "$root" "$root"
mounts+=("$root")
mount --make-private "$root"
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
	chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 "${root_env[@]}" \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "cd /root/pgp-modsign && $*" > "$log/$l.log" 2>&1
}
# root_node: the node on the root's PATH, and its version
root_node() {
	in_root node 'n=$(command -v node) && echo "$n $($n --version) ($(dpkg -S "$(readlink -f "$n")" 2> /dev/null | cut -d: -f1))" || echo none'
	cat "$log/node.log"
}
# apt_figures LOG: packages and MB apt installed, from an apt-get install's output
apt_figures() {
	awk '/^Need to get/ { gsub(",", "", $4); n += $4 * ($5 ~ /^kB/ ? 0.001 : $5 ~ /^GB/ ? 1000 : 1) }
	     /^Setting up / { p++ } END { printf "%d packages set up, %.0f MB downloaded", p, n }' "$@"
}
# added STEP FROM TO: the packages a step added (list in $log/pkgs-STEP.txt)
added() {
	chroot "$root" dpkg-query -W -f='${Package}\n' | sort > "$log/$3"
	comm -13 "$log/$2" "$log/$3" > "$log/pkgs-$1.txt"
	wc -l < "$log/pkgs-$1.txt"
}
say "   node in the root: $(root_node)"
last=pkgs-0.txt

# 3. make demo
if ((demo)); then
	say "== 3. make demo (inside the root)"
	t0=$(date +%s)
	rc=0
	in_root demo "make demo" || rc=$?
	say "   exit $rc after $(timed "$t0"); make deps --demo: $(apt_figures "$root/root/pgp-modsign/build/deps/apt.log" 2> /dev/null || echo 'no apt log')"
	say "   packages added: $(added demo "$last" pkgs-1.txt) (list: $log/pkgs-demo.txt)"
	last=pkgs-1.txt
	grep -E '^== |installed|could not|warning' "$log/demo.log" | grep -v '^\s*$' | head -n 20 | sed 's/^/   | /' | tee -a "$report"
	pass=$(grep -c '^\s*\[pass\]' "$log/demo.log" || true)
	fail=$(grep -c '^\s*\[FAIL\]' "$log/demo.log" || true)
	say "   the demo's verdicts: $pass as expected, $fail not (both boots)"
	grep -q '^demo: done' "$log/demo.log" || { tail -n 30 "$log/demo.log" >&2; rc=1; }
	if ((rc != 0 || pass == 0 || fail != 0)); then
		say "== FAILED: make demo in a fresh Debian 12 root (log: $log/demo.log)"
		exit 1
	fi
fi

# 4. make check, to its closing line
if ((check)); then
	say "== 4. make check (inside the root)"
	t0=$(date +%s)
	rc=0
	in_root check "${FRESH_CHECK_CMD:-make check}" || rc=$?
	say "   exit $rc after $(timed "$t0")"
	say "   its set-up: $(apt_figures "$root/root/pgp-modsign/build/deps/apt.log" 2> /dev/null || echo 'no apt log'); packages added: $(added check "$last" pkgs-2.txt) (list: $log/pkgs-check.txt)"
	grep -E '^   deps: ' "$log/check.log" | sed 's/^   /   | /' | tee -a "$report" || true
	say "   node on the root's PATH after: $(root_node)"
	nd=$root/root/pgp-modsign/build/node
	say "   the tests' node: build/node/bin/node -> $(readlink "$nd/bin/node" 2> /dev/null || echo none)$([[ -d $nd ]] && echo "; build/node: $(du -sm "$nd" | cut -f1) MB, of it build/node/runtime: $(du -sm "$nd/runtime" 2> /dev/null | cut -f1 || echo 0) MB")"
	sed -n '/^== stage times/,$p' "$log/check.log" | sed 's/^/   | /' | tee -a "$report"
	closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$log/check.log" | tail -n 1) || true
	say "   closing line: ${closing:-none}"
	if ((rc != 0)) || [[ ! $closing =~ ^[0-9]+\ passed,\ 0\ failed, ]]; then
		grep -E 'FAILED|^not ok' "$log/check.log" | head -n 20 | sed 's/^/   ! /' | tee -a "$report" || true
		say "== FAILED: make check in a fresh Debian 12 root (log: $log/check.log)"
		exit 1
	fi
fi

if chroot "$root" dpkg --print-foreign-architectures | grep -q .; then
	say "== FAILED: dpkg gained a foreign architecture: $(chroot "$root" dpkg --print-foreign-architectures)"
	exit 1
fi
what="make demo and make check"
((demo)) || what="make check"
((check)) || what="make demo"
say "== check-fresh: $what passed in a fresh Debian 12 root (--node $node; $(timed "$t_all") in all; report $report)"
