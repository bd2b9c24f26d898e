#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host test: the set-up's decisions (mk/deps.sh) without the network.  apt-get, dpkg-query,
# dpkg and id stand-ins on PATH play a machine in each state: everything installed; nothing
# installed (make demo's set); apt-get update failing for one index (a mirror in sync); a
# required package apt cannot install; an optional one; the multi-arch version skew of a
# missing i386 security index; not root.  Each scenario states what the set-up must do
# (install, warn in one line, fail naming the package and apt's reason, record a skip),
# tests/lib/deps.sh turns a recorded package into a skip that tests/tap.py counts, and
# mutants of mk/deps.sh (update ending the set-up, an optional package made fatal, an i386
# package back in the list, the reason lost) must each fail a scenario.
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | grep -v SPDX | sed 's/^# \{0,1\}/  /'
	exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
# shellcheck source=tests/lib/plan.sh
. "$top/tests/lib/plan.sh"
plan_first 26

# ---- the stand-ins: state in $SIM (installed, uninstallable, update-fail, calls) ----
mkdir -p "$T/bin"
cat > "$T/bin/apt-get" <<'EOF'
#!/bin/bash
# apt-get stand-in: update, install -s (simulate) and install, as apt answers them
echo "apt-get $*" >> "$SIM/calls"
sim=0 pkgs=()
for a in "$@"; do
	case $a in
	update) cmd=update ;;
	install) cmd=install ;;
	-s) sim=1 ;;
	-*) ;;
	*) pkgs+=("$a") ;;
	esac
done
# why PKG: apt's reason for a package that cannot be installed, or nothing
why() {
	if [[ $1 == *:i386 ]]; then
		# the i386 security index is missing: libssl3:i386 only at bookworm's version
		printf ' %s : Depends: libssl3:i386 (= 3.0.20-1~deb12u2) but it is not going to be installed\n' "$1"
		echo "E: Unable to correct problems, you have held broken packages."
	elif grep -qx "$1" "$SIM/uninstallable" 2> /dev/null; then
		printf ' %s : Depends: libbroken1 (= 2.0-1) but 1.0-1 is to be installed\n' "$1"
		echo "E: Unable to correct problems, you have held broken packages."
	fi
}
case ${cmd:-} in
update)
	if [[ -f $SIM/update-fail ]]; then
		echo "Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]"
		echo "E: Failed to fetch http://deb.debian.org/debian-security/dists/bookworm-security/main/binary-amd64/Packages.xz  File has unexpected size (371952 != 372316). Mirror sync in progress? [IP: 199.232.26.132 80]"
		echo "E: Some index files failed to download. They have been ignored, or old ones used instead."
		exit 100
	fi
	exit 0 ;;
install)
	bad=0
	for p in "${pkgs[@]}"; do
		r=$(why "$p")
		if [[ -n $r ]]; then
			echo "Some packages could not be installed."
			echo "The following packages have unmet dependencies:"
			echo "$r"
			bad=1
		fi
	done
	((bad)) && exit 100
	((sim)) && { echo "Inst ${pkgs[*]}"; exit 0; }
	echo "Need to get 1024 kB of archives."
	printf '%s\n' "${pkgs[@]}" >> "$SIM/installed"
	exit 0 ;;
esac
echo "E: stand-in: unexpected apt-get $*" >&2
exit 100
EOF
cat > "$T/bin/dpkg-query" <<'EOF'
#!/bin/bash
# dpkg-query -W -f='${db:Status-Status}\n' PKG stand-in
p=${!#}
if grep -qx "$p" "$SIM/installed" 2> /dev/null; then
	echo installed
	[[ -f $SIM/i386-libssl && $p == libssl-dev ]] && true	# amd64 3.0.22 only
	exit 0
fi
echo "dpkg-query: no packages found matching $p" >&2
exit 1
EOF
cat > "$T/bin/dpkg" <<'EOF'
#!/bin/bash
echo "dpkg $*" >> "$SIM/calls"
case $1 in
--print-architecture) echo amd64 ;;
--print-foreign-architectures) ;;
--add-architecture) echo "dpkg --add-architecture $2" >> "$SIM/multiarch" ;;
esac
exit 0
EOF
cat > "$T/bin/id" <<'EOF'
#!/bin/bash
[[ ${1:-} == -u ]] && { echo "${SIM_UID:-0}"; exit 0; }
exec /usr/bin/id "$@"
EOF
cat > "$T/bin/node-step" <<'EOF'
#!/bin/bash
echo "node-step" >> "$SIM/calls"
EOF
chmod +x "$T/bin/"*

deps_sh=$top/mk/deps.sh
# scenario NAME [--demo|--check]: a machine in $T/NAME (SIM), mk/deps.sh run there;
# its output in $T/NAME/out, its status in $T/NAME/rc
new_sim() {
	SIM=$T/$1
	rm -rf "$SIM"
	mkdir -p "$SIM/state"
	: > "$SIM/calls"
	: > "$SIM/installed"
}
run_deps() {
	local rc=0
	PATH=$T/bin:$PATH SIM=$SIM DEPS_STATE=$SIM/state DEPS_NODE=$T/bin/node-step \
		bash "$deps_sh" "$@" > "$SIM/out" 2>&1 || rc=$?
	echo "$rc" > "$SIM/rc"
}
rc_is() { [[ $(cat "$SIM/rc") == "$1" ]] || { echo "exit $(cat "$SIM/rc"), wanted $1"; cat "$SIM/out"; false; }; }
out_has() { grep -qE -- "$1" "$SIM/out" || { echo "no line matching /$1/ in:"; cat "$SIM/out"; false; }; }
all_pkgs() { bash "$deps_sh" "$@" --list | awk '{ print $1 }'; }

# the scenarios, each a list of checks (the mutants below rerun one of them)
s_present() {
	# 1. everything installed: no apt-get at all; the Node.js step runs for make check
	new_sim present
	all_pkgs --check > "$SIM/installed"
	run_deps --check
	check "everything installed: exit 0, no apt-get" eval 'rc_is 0 && ! grep -q apt-get "$SIM/calls"'
	check "everything installed: the Node.js step runs (make check)" grep -qx node-step "$SIM/calls"
}
s_demo() {
	# 2. a new machine, make demo: the demo's packages only, no Node.js step
	new_sim demo
	run_deps --demo
	check "new machine, --demo: exit 0, installed" rc_is 0
	check "new machine, --demo: installs the demo's set and nothing of make check's" eval \
		'[[ $(sort "$SIM/installed") == "$(all_pkgs --demo | sort)" ]] && ! grep -qx -e valgrind -e softhsm2 -e argon2 -e sq "$SIM/installed"'
	check "new machine, --demo: no Node.js step" eval '! grep -qx node-step "$SIM/calls"'
	check "new machine, --demo: the packages are those of make demo (kernel build, gpg, QEMU)" eval \
		'( for p in linux-source-6.12 gnupg qemu-system-x86 busybox-static libssl-dev gcc; do grep -qx "$p" "$SIM/installed" || exit 1; done )'
}
s_updatefail() {
	# 3. apt-get update fails for one index (exit 100): one warning line, the install goes on
	new_sim updatefail
	touch "$SIM/update-fail"
	run_deps --check
	check "update fails for one index: exit 0, everything installed" eval \
		'rc_is 0 && [[ $(sort "$SIM/installed") == "$(all_pkgs --check | sort)" ]]'
	check "update fails for one index: one warning line naming the index" eval \
		'[[ $(grep -c "warning" "$SIM/out") == 1 ]] && out_has "warning: apt-get update could not fetch 1 index.*bookworm-security.*unexpected size"'
	check "update fails for one index: the Node.js step still runs" grep -qx node-step "$SIM/calls"
}
s_required() {
	# 4. a required package apt cannot install: named with apt's reason and what to do,
	#    exit 1, the rest installed, nothing recorded as a skip
	new_sim required
	echo qemu-system-x86 > "$SIM/uninstallable"
	run_deps --check
	check "required package uninstallable: exit 1" rc_is 1
	check "required package uninstallable: names it and apt's reason" \
		out_has "cannot install qemu-system-x86, which make check needs; apt says: qemu-system-x86 : Depends: libbroken1"
	check "required package uninstallable: says what the user can do" out_has "what you can do: run 'apt-get update' again later"
	check "required package uninstallable: the other packages are installed" eval \
		'[[ $(sort "$SIM/installed") == "$(all_pkgs --check | grep -vx qemu-system-x86 | sort)" ]]'
	check "required package uninstallable: not recorded as a skip" eval '! grep -q qemu "$SIM/state/unavailable" 2> /dev/null'
}
s_optional() {
	# 5. an optional package apt cannot install: exit 0, recorded with apt's reason; the
	#    result that needs it skips (tests/lib/deps.sh) and tests/tap.py counts the skip
	new_sim optional
	printf '%s\n' argon2 softhsm2 > "$SIM/uninstallable"
	run_deps --check
	check "optional packages uninstallable: exit 0, the rest installed" eval \
		'rc_is 0 && [[ $(sort "$SIM/installed") == "$(all_pkgs --check | grep -vx -e argon2 -e softhsm2 | sort)" ]]'
	check "optional packages uninstallable: each named with apt's reason and the results skipped" eval \
		'out_has "argon2 could not be installed \(apt: argon2 : Depends: libbroken1.*\); skipped without it: host-sign part v6" &&
		 out_has "softhsm2 could not be installed .*skipped without it: host-sign part token"'
	check "optional packages uninstallable: recorded in build/deps/unavailable" eval \
		'[[ $(cut -f1 "$SIM/state/unavailable" | sort | tr "\n" " ") == "argon2 softhsm2 " ]]'
	check "tests/lib/deps.sh: a recorded package is a skip with apt's reason" eval \
		'( . "$top/tests/lib/deps.sh"; DEPS_STATE=$SIM/state; r=$(deps_unavailable gnupg-pkcs11-scd softhsm2) &&
		   [[ $r == "softhsm2 could not be installed by make deps: softhsm2 : Depends: libbroken1"* ]] )'
	check "tests/lib/deps.sh: a package merely missing is no skip (run make deps)" eval \
		'( . "$top/tests/lib/deps.sh"; DEPS_STATE=$SIM/state; ! deps_unavailable sq &&
		   ! r=$(deps_missing "sq" sq) && [[ $r == "sq not installed: run make deps" ]] )'
	check "tests/tap.py counts the skip" eval \
		'( . "$top/tests/lib/deps.sh"; DEPS_STATE=$SIM/state; printf "1..2\nok 1 - a\nok 2 - token # SKIP %s\n" \
		   "$(deps_unavailable softhsm2)" > "$SIM/skip.tap"; python3 "$top/tests/tap.py" tap "$SIM/skip.tap" | grep -qx "counts 1 0 1" )'
	# installed later (the mirror in sync again): the record goes
	printf '%s\n' argon2 softhsm2 >> "$SIM/installed"
	: > "$SIM/uninstallable"
	run_deps --check
	check "optional packages installed on a later run: the records go" eval \
		'rc_is 0 && [[ ! -s $SIM/state/unavailable ]]'
}
s_multiarch() {
	# 6. the multi-arch skew: the i386 security index missing makes any :i386 package
	#    uninstallable beside an amd64 one of the newer version; the set-up asks for none
	new_sim multiarch
	all_pkgs --check | grep -vx -e gcc-i686-linux-gnu -e libc6-dev-i386-cross > "$SIM/installed"
	echo libssl-dev >> "$SIM/installed"
	run_deps --check
	check "multi-arch skew: exit 0, the i386 cross compiler installed" eval \
		'rc_is 0 && grep -qx gcc-i686-linux-gnu "$SIM/installed"'
	check "multi-arch skew: no package of another architecture asked for, no dpkg architecture added" eval \
		'! grep -E "apt-get .*:[a-z0-9]+( |$)" "$SIM/calls" && [[ ! -s $SIM/multiarch ]]'
	check "no set (demo, check, matrix) names a package of another architecture" eval \
		'! { all_pkgs --demo; all_pkgs --check; all_pkgs --matrix; } | grep ":"'
}
s_user() {
	# 7. not root: the command to run, no apt-get
	new_sim user
	SIM_UID=1000 run_deps --demo
	check "not root: exit 1 with the sudo command, no apt-get" eval \
		'rc_is 1 && out_has "not root; run: sudo apt-get update && sudo apt-get install linux-source-6.12" && ! grep -q apt-get "$SIM/calls"'
}
export SIM_UID
for s in s_present s_demo s_updatefail s_required s_optional s_multiarch s_user; do
	"$s"
done

# ---- mutants of mk/deps.sh: "sed expression|what|scenario": each must fail its scenario ----
mutants=(
	's/^if ! apt-get update -q >> "\$log" 2>&1; then$/apt-get update -q >> "$log" 2>\&1; if false; then/|apt-get update failing ends the set-up (set -e)|s_updatefail'
	's/^	if \[\[ -v why_optional\[\$p\] \]\]; then$/	if false; then/|an optional package made fatal|s_optional'
	's/^	kmod patch procps)$/	kmod patch procps libssl-dev:i386)/|libssl-dev:i386 back in the demo set|s_multiarch'
	's/^	out=\$(apt-get install -s -q "\$1" 2>\&1) \&\& return 1$/	return 1/|a package apt cannot install taken for one it can|s_optional'
	's/^	echo "\${r:-apt-get install -s \$1 failed}"$/	echo "apt-get install -s $1 failed"/|apt'"'"'s reason lost|s_required'
)
caught=0
for m in "${mutants[@]}"; do
	if ! sed "${m%%|*}" "$top/mk/deps.sh" > "$T/deps-mutant.sh" ||
	   cmp -s "$T/deps-mutant.sh" "$top/mk/deps.sh"; then
		nok "mutant of mk/deps.sh (${m#*|}): the expression changes nothing"
		continue
	fi
	sc=${m##*|} m=${m%|*}
	sub=$( deps_sh=$T/deps-mutant.sh; n=0 failed=0; "$sc" > "$T/mutant.tap" 2>&1; echo "$failed" )
	if ((${sub:-0} > 0)); then
		caught=$((caught + 1))
		echo "# mutant (${m#*|}): caught by $(grep '^not ok' "$T/mutant.tap" | head -n 2 | sed 's/^not ok [0-9]* - //' | tr '\n' ';')"
	else
		echo "# mutant (${m#*|}): SURVIVED"
	fi
done
check "mutants of mk/deps.sh: $caught of ${#mutants[@]} caught by the scenarios" test "$caught" -eq "${#mutants[@]}"
plan_check || failed=$((failed + 1))
((failed == 0))
