#!/usr/bin/env bash
# make check: host tests, the patched kernel, and the QEMU boots; one summary line at the end.
set -uo pipefail
prog=check.sh

usage() {
	cat <<'EOF'
Usage: mk/check.sh [--host-only] [--no-host] [--full]

Runs every host test (tests/host/*/run.sh, HOST_JOBS=2 at a time) and, beside
them (GUEST_BESIDE_HOST=0: after them), the guest pipeline: applies the patch set
to build/src, builds the test kernel and modules, makes the module cases, boots
the guest permissive (KUnit runs in that boot) and with module.sig_enforce=1,
and builds a kernel with the build's own throw-away key.  Prints
each stage's time and the closing line "N passed, N failed, N skipped" (a host
test exiting non-zero, or a log tests/tap.py cannot count, is a failure).  Logs: build/logs/.
--full (make check-full) also runs 1000 differential cases instead of 100, the tamper
sweep over every byte of every algorithm's module (SWEEP_STRIDE=1), and boots a
second kernel built with KASAN and UBSAN (tests/config/sanitizers.config) through the
same cases; any sanitizer report on the console is a failure.
--selftest-count MODE LOG / --selftest-tap CMD... (tests/host/harness): count one log, or
run one TAP command as a host test is run, and print the closing line.
EOF
}

host=1 qemu=1 full=0
for a in "$@"; do
	case $a in
	--full) full=1 ;;
	-h|--help) usage; exit 0 ;;
	--host-only) qemu=0 ;;
	--no-host) host=0 ;;
	--selftest-count|--selftest-tap) break ;;
	*) usage >&2; exit 2 ;;
	esac
done

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. "$top/mk/lib.sh"	# guest_configs, count
logs=$top/build/logs
mkdir -p "$logs"
passed=0 failed=0 skipped=0
t_all=$(date +%s)
timings=()

# Interrupted (Ctrl-C, a CI timeout): the host tests and the guest pipeline run in the
# background, where bash has them ignore SIGINT; end them and all they started.
kill_tree() {
	local c
	for c in $(pgrep -P "$1"); do
		kill_tree "$c"
	done
	kill "$1" 2> /dev/null
}
trap 'echo "$prog: interrupted: stopping the tests it started" >&2
	for c in $(pgrep -P $$); do kill_tree "$c"; done
	exit 130' INT TERM

# stage NAME CMD...: run a build step, record its time; a failed step counts as one failure.
stage() {
	local name=$1 t0 rc
	shift
	t0=$(date +%s)
	echo "== $name"
	"$@" >"$logs/$name.log" 2>&1
	rc=$?
	timings+=("$(printf '%-22s %5ds' "$name" $(($(date +%s) - t0)))")
	if ((rc != 0)); then
		echo "   FAILED (exit $rc); last lines of $logs/$name.log:"
		tail -n 25 "$logs/$name.log" | sed 's/^/   | /'
		failed=$((failed + 1))
		return 1
	fi
	tail -n 2 "$logs/$name.log" | sed 's/^/   /'
	return 0
}

# san_stage NAME CMD...: a stage of the sanitizer kernel's pipeline (NAME-san).
san_stage() {
	stage "$1-san" "${@:2}"
}

# tap_stage NAME CMD...: a test printing TAP, timed, its results counted; a non-zero exit
# of the test with no failing TAP line is one more failure.
tap_stage() {
	local name=$1 t0 rc f0
	shift
	t0=$(date +%s)
	echo "== $name"
	"$@" >"$logs/$name.log" 2>&1
	rc=$?
	timings+=("$(printf '%-22s %5ds' "$name" $(($(date +%s) - t0)))")
	f0=$failed
	count tap "$logs/$name.log"
	if ((rc != 0 && failed == f0)); then
		echo "   $name: FAILED: exited $rc although its TAP shows no failure"
		failed=$((failed + 1))
	fi
}

# Self-test entry points (tests/host/harness): count one log, or run one TAP command through
# tap_stage, and print the closing line.  TAP_PY=FILE counts with another tap.py.
if [[ ${1:-} == --selftest-count || ${1:-} == --selftest-tap ]]; then
	logs=$(mktemp -d)
	trap 'rm -rf "$logs"' EXIT
	if [[ $1 == --selftest-count ]]; then
		count "$2" "$3"
	else
		shift
		tap_stage selftest "$@"
	fi
	echo "$passed passed, $failed failed, $skipped skipped"
	((failed == 0))
	exit
fi

stage deps "$top/mk/deps.sh" || { echo "$failed failed: cannot install dependencies"; exit 1; }
# what the set-up installed and warned of (an index apt could not fetch, optional packages
# it could not install: their results are skipped with the reason); its last lines, printed
# above, name the tests' Node.js
grep -E '^deps: (warning|.* could not be installed|installed)' "$logs/deps.log" | sed 's/^/   /' || true

# Linux 7.3's source (Debian's linux-source-7.3 of trixie-backports, 167 MB, through
# mk/apt-private.sh: the machine's apt is not changed) for the host tests of the 7.3 series
# (it applies, its checkpatch, the SHAKE and ML-DSA KUnit suites on 7.3's lib/crypto); the
# kernel built and booted stays 6.12.  When it cannot be got, those results are skipped with
# the reason.
t0=$(date +%s)
echo "== linux-source-7.3"
if "$top/mk/linux-source.sh" 7.3 >"$logs/linux-source-7.3.log" 2>&1; then
	echo "   $(tail -n 1 "$logs/linux-source-7.3.log")"
else
	echo "   warning: could not get linux-source-7.3 (its host tests are skipped); last lines:"
	tail -n 5 "$logs/linux-source-7.3.log" | sed 's/^/   | /'
fi
timings+=("$(printf '%-22s %5ds' linux-source-7.3 $(($(date +%s) - t0)))")

# The tests run Debian's python3, the one mk/deps.sh installs (with python3-docutils), even
# when a version manager's shim comes first on PATH: a pyenv shim costs half a second per
# start (it runs some forty processes), and the tests start python3 thousands of times.
if [[ -x /usr/bin/python3 && $(command -v python3) != /usr/bin/python3 ]]; then
	mkdir -p "$top/build/bin"
	echo "== python3: /usr/bin/python3 (PATH has $(command -v python3) first)"
	ln -sfn /usr/bin/python3 "$top/build/bin/python3"
	export PATH=$top/build/bin:$PATH
fi

# host_tests: every tests/host/*/run.sh, HOST_JOBS (default 2) at a time, the longest
# first; each is timed and its TAP counted as it finishes (as tap_stage does).
host_tests() {
	local t name rc secs pid f0 jobs=${HOST_JOBS:-2} running=0
	local -a names=()
	local -A started=() job_of=()

	[[ $jobs =~ ^[1-9][0-9]*$ ]] || jobs=2
	for name in sign pgp patches fuzz kmod harness crypto; do	# the long ones first
		[[ -f tests/host/$name/run.sh ]] && names+=("$name")
	done
	for t in tests/host/*/run.sh; do
		name=$(basename "$(dirname "$t")")
		[[ " ${names[*]} " == *" $name "* ]] || names+=("$name")
	done
	# host_done: wait for one test, then time and count it
	host_done() {
		local n

		wait -n -p pid
		rc=$?
		while [[ -n ${guest_pid:-} && $pid == "$guest_pid" ]]; do
			guest_pid=	# the guest pipeline ended first: not a host test
			wait -n -p pid
			rc=$?
		done
		running=$((running - 1))
		n=${job_of[$pid]}
		secs=$(($(date +%s) - started[$n]))
		timings+=("$(printf '%-22s %5ds' "host-$n" "$secs")")
		echo "== host-$n"
		f0=$failed
		count tap "$logs/host-$n.log"
		if ((rc != 0 && failed == f0)); then
			echo "   host-$n: FAILED: exited $rc although its TAP shows no failure"
			failed=$((failed + 1))
		fi
	}
	for name in "${names[@]}"; do
		while ((running >= jobs)); do
			host_done
		done
		started[$name]=$(date +%s)
		bash "tests/host/$name/run.sh" > "$logs/host-$name.log" 2>&1 &
		job_of[$!]=$name
		running=$((running + 1))
	done
	while ((running > 0)); do
		host_done
	done
}

# guest_pipeline: the patched kernel, its module cases and its boots (permissive,
# enforcing, and both with pgp_keys.pq_only=1), then the
# build's own throw-away key (mk/lib.sh's guest pipeline, as make demo and make
# check-matrix run it).
guest_pipeline() {
	export KEYS_DIR=$top/build/keys
	((full)) && export DIFF_COUNT=${DIFF_COUNT:-1000} SWEEP_STRIDE=${SWEEP_STRIDE:-1}
	if guest_kernel stage 6.12 x86_64 && guest_cases stage 6.12 x86_64; then
		for boot in permissive enforce pq-permissive pq-enforce; do
			guest_boot stage "boot-$boot" 6.12 x86_64 "$boot" "$logs/console-$boot.log"
			mode=console
			[[ $boot == permissive ]] && mode=console-kunit	# KUnit runs in this boot
			count "$mode" "$logs/console-$boot.log"
		done
		# The default key path (a throw-away key made by the kernel build).
		tap_stage kbuild-genkey bash "$top/tests/kbuild/genkey-default.sh" "$top/build/src" \
			"$top/build/obj"
		# The sanitizer kernel gets its own build of the test modules (a module built
		# against another configuration is refused with ENOEXEC) and its own cases.
		mapfile -t configs < <(guest_configs)
		if ((full)) &&
		   GUEST_VARIANT=san guest_kernel san_stage 6.12 x86_64 "${configs[@]}" \
			tests/config/sanitizers.config &&
		   GUEST_VARIANT=san guest_cases san_stage 6.12 x86_64; then
			for boot in permissive enforce; do
				GUEST_VARIANT=san guest_boot stage "boot-san-$boot" 6.12 x86_64 "$boot" \
					"$logs/console-san-$boot.log"
				mode=console
				[[ $boot == permissive ]] && mode=console-kunit
				count "$mode" "$logs/console-san-$boot.log"
			done
		fi
	fi
}

# guest_state: the pipeline's counts and stage times, from the subshell it ran in
guest_state() {
	local line p f s
	if ! { read -r p f s && [[ $p =~ ^[0-9]+$ && $f =~ ^[0-9]+$ && $s =~ ^[0-9]+$ ]]; } \
		< "$logs/guest.state" 2> /dev/null; then
		echo "   guest pipeline: FAILED: it left no result ($logs/guest.state)"
		failed=$((failed + 1))
		return
	fi
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	while IFS= read -r line; do
		timings+=("$line")
	done < <(tail -n +2 "$logs/guest.state")
}

if ((host && qemu)) && [[ ${GUEST_BESIDE_HOST:-1} == 1 ]]; then
	# The guest pipeline beside the host tests: its kernel build, module signing and
	# single-threaded QEMU boots use the CPU time the host tests leave (they wait on
	# gpg-agent, gpg and their own child processes much of the time).  Its output is
	# printed when it ends (live in build/logs/guest.out); GUEST_BESIDE_HOST=0 runs it
	# after the host tests instead.
	rm -f "$logs/guest.state"
	(
		passed=0 failed=0 skipped=0 timings=()
		t0=$(date +%s)
		guest_pipeline
		timings+=("$(printf '%-22s %5ds' "guest (wall)" $(($(date +%s) - t0)))")
		{ echo "$passed $failed $skipped"; printf '%s\n' "${timings[@]}"; } > "$logs/guest.state"
	) > "$logs/guest.out" 2>&1 &
	guest_pid=$!
	echo "== guest pipeline started beside the host tests (its progress: $logs/guest.out)"
	t0=$(date +%s)
	host_tests
	timings+=("$(printf '%-22s %5ds' "host (wall)" $(($(date +%s) - t0)))")
	[[ -n $guest_pid ]] && wait "$guest_pid"
	echo "== guest pipeline"
	cat "$logs/guest.out"
	guest_state
else
	((host)) && host_tests
	((qemu)) && guest_pipeline
fi

# Differential testing summary: gpgv/sqv disagreements found on the host plus cases where
# the kernel disagreed with them in either boot.
if [[ -f $top/build/cases/differential.txt ]]; then
	read -r _ dn _ dh <"$top/build/cases/differential.txt"
	dk=$(cat "$logs"/console-*.log 2>/dev/null | grep -c '^not ok .* differential ' || true)
	echo "differential: $dn cases, $((dh + dk)) disagreements (kernel, gpgv, sqv)"
	failed=$((failed + dh))
fi

timings+=("$(printf '%-22s %5ds' total $(($(date +%s) - t_all)))")
echo "== other kernels: make check-matrix (not run here: make check is 6.12:x86_64)"
echo "   matrix targets: $("$top/mk/check-matrix.sh" --list | paste -sd ' ')"
echo "== stage times"
printf '   %s\n' "${timings[@]}"
echo "$passed passed, $failed failed, $skipped skipped"
((failed == 0))
