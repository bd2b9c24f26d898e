#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make fuzz-long: every libFuzzer target of tests/fuzz/, one after the other, until it reaches
# FUZZ_LONG_RUNS executions or FUZZ_LONG_TIME seconds; then its corpus is minimized
# (libFuzzer -merge=1) into tests/fuzz/corpus/<target>, and a table gives per target the
# executions, the edges covered and the crashes (which must be 0).  Not part of make check.
set -euo pipefail
prog=long.sh

usage() {
	cat <<'EOT'
Usage: tests/host/fuzz/long.sh [--runs N] [--time SECONDS] [--targets "a b"] [--no-merge]

Builds every target (tests/fuzz/build-*.sh --no-run) and runs each in turn, niced, until it
has made N executions (default: 10000000) or SECONDS have passed (default: 3600 per target),
starting from the committed corpus tests/fuzz/corpus/<target> and the build's seeds.  The
grown corpus is then minimized with -merge=1 and written back to tests/fuzz/corpus/<target>
(commit it).  The report (Markdown) is printed and kept in build/fuzz-long/report.md; a
crash leaves its reproducer in build/fuzz-long/artifacts/ and makes the exit status 1.
  --runs N          executions per target (FUZZ_LONG_RUNS)
  --time SECONDS    time budget per target (FUZZ_LONG_TIME)
  --targets LIST    only these targets (FUZZ_LONG_TARGETS), e.g. "fuzz_keyring_check"
  --no-merge        leave tests/fuzz/corpus/ as it is
Environment: CLANG, FUZZ_LONG_NICE (default 10).
EOT
}

top=$(cd "$(dirname "$0")/../../.." && pwd)
runs=${FUZZ_LONG_RUNS:-10000000}
budget=${FUZZ_LONG_TIME:-3600}
only=${FUZZ_LONG_TARGETS:-}
merge=1
while (($#)); do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--runs) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || { usage >&2; exit 2; }; runs=$2; shift ;;
	--time) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || { usage >&2; exit 2; }; budget=$2; shift ;;
	--targets) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; only=$2; shift ;;
	--no-merge) merge=0 ;;
	*) echo "$prog: $1: unknown argument" >&2; usage >&2; exit 2 ;;
	esac
	shift
done
nice_n=${FUZZ_LONG_NICE:-10}
w=$top/build/fuzz-long
mkdir -p "$w/artifacts"
report=$w/report.md

echo "[build] tests/fuzz/build-pgp.sh, build-keyring.sh, build-crypto.sh, build-signer.sh, build-hashlist.sh, build-kmod.sh"
nice -n "$nice_n" bash "$top/tests/fuzz/build-pgp.sh" --no-run --out "$w/pgp" >"$w/build-pgp.log" 2>&1 ||
	{ echo "$prog: build-pgp.sh failed (log: $w/build-pgp.log)" >&2; exit 1; }
nice -n "$nice_n" bash "$top/tests/fuzz/build-keyring.sh" --no-run --out "$w/keyring" \
	>"$w/build-keyring.log" 2>&1 ||
	{ echo "$prog: build-keyring.sh failed (log: $w/build-keyring.log)" >&2; exit 1; }
nice -n "$nice_n" bash "$top/tests/fuzz/build-crypto.sh" --no-run --out "$w/crypto" \
	>"$w/build-crypto.log" 2>&1 ||
	{ echo "$prog: build-crypto.sh failed (log: $w/build-crypto.log)" >&2; exit 1; }
nice -n "$nice_n" bash "$top/tests/fuzz/build-signer.sh" --no-run --out "$w/signer" \
	>"$w/build-signer.log" 2>&1 ||
	{ echo "$prog: build-signer.sh failed (log: $w/build-signer.log)" >&2; exit 1; }
nice -n "$nice_n" bash "$top/tests/fuzz/build-hashlist.sh" --no-run --out "$w/hashlist" \
	>"$w/build-hashlist.log" 2>&1 ||
	{ echo "$prog: build-hashlist.sh failed (log: $w/build-hashlist.log)" >&2; exit 1; }
nice -n "$nice_n" bash "$top/tests/fuzz/build-kmod.sh" --no-run --out "$w/kmod" \
	>"$w/build-kmod.log" 2>&1 ||
	{ echo "$prog: build-kmod.sh failed (log: $w/build-kmod.log)" >&2; exit 1; }

# target  binary  corpus name  seeds (a directory or -)
table=(
	"fuzz_pgp_packet $w/pgp/fuzz_pgp_packet pgp_packet -"
	"fuzz_pgp_sig $w/pgp/fuzz_pgp_sig pgp_sig -"
	"fuzz_pgp_v6 $w/pgp/fuzz_pgp_v6 pgp_v6 -"
	"fuzz_keyring $w/keyring/fuzz_keyring keyring $w/keyring/seeds-keyring"
	"fuzz_keyring_check $w/keyring/fuzz_keyring_check keyring_check $w/keyring/seeds-keyring"
	"fuzz_modsig $w/keyring/fuzz_modsig modsig $w/keyring/seeds-modsig"
	"fuzz_mldsa $w/crypto/fuzz_mldsa mldsa -"
	"fuzz_ed448 $w/crypto/fuzz_ed448 ed448 -"
	"fuzz_slhdsa $w/crypto/fuzz_slhdsa slhdsa -"
	"fuzz_keytype $w/keyring/fuzz_keytype keytype $w/keyring/seeds-keytype"
	"fuzz_signer_armour $w/signer/fuzz_signer_armour signer_armour $w/signer/seeds/armour"
	"fuzz_signer_assuan $w/signer/fuzz_signer_assuan signer_assuan $w/signer/seeds/assuan"
	"fuzz_signer_elf $w/signer/fuzz_signer_elf signer_elf $w/signer/seeds/elf"
	"fuzz_signer_sexp $w/signer/fuzz_signer_sexp signer_sexp $w/signer/seeds/sexp"
	"fuzz_signer_s2k $w/signer/fuzz_signer_s2k signer_s2k $w/signer/seeds/s2k"
	"fuzz_hashlist $w/hashlist/fuzz_hashlist hashlist -"
	"fuzz_kmod_pgp $w/kmod/fuzz_kmod_pgp kmod_pgp $w/kmod/seeds"
)
# every tests/fuzz/fuzz_*.c must be in the table
for f in "$top"/tests/fuzz/fuzz_*.c; do
	n=$(basename "$f" .c)
	printf '%s\n' "${table[@]}" | grep -q "^$n " ||
		{ echo "$prog: $n: a target without an entry in the table" >&2; exit 1; }
done

{
	echo "| target | executions | time (s) | exec/s | edges (cov) | features (ft) | corpus (minimized) | crashes |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|"
} >"$report"
status=0
for row in "${table[@]}"; do
	read -r name bin cname seeds <<<"$row"
	if [[ -n $only && " $only " != *" $name "* ]]; then
		continue
	fi
	committed=$top/tests/fuzz/corpus/$cname
	corpus=$w/corpus-$name
	log=$w/$name.log
	rm -rf "$corpus"
	mkdir -p "$corpus" "$committed"
	cp -r "$committed/." "$corpus/" 2>/dev/null || true
	[[ $seeds == - ]] || cp -r "$seeds/." "$corpus/"
	dict=()
	[[ -f $committed.dict ]] && dict=(-dict="$committed.dict")
	echo "[run] $name: up to $runs executions or ${budget}s"
	start=$(date +%s)
	rc=0
	(cd "$w" && FUZZ_KEYRING=$w/keyring/keyring.gpg ASAN_OPTIONS=detect_leaks=1 \
		nice -n "$nice_n" "$bin" -runs="$runs" -max_total_time="$budget" -timeout=10 \
		-rss_limit_mb=2048 -max_len=70000 -print_final_stats=1 \
		-artifact_prefix="$w/artifacts/$name-" "${dict[@]}" "$corpus" >"$log" 2>&1) || rc=$?
	secs=$(($(date +%s) - start))
	execs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
	rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
	cov=$(grep -o 'cov: [0-9]*' <<<"$last" | awk '{ print $2 }')
	ft=$(grep -o 'ft: [0-9]*' <<<"$last" | awk '{ print $2 }')
	crashes=$(find "$w/artifacts" -name "$name-*" -type f | wc -l)
	if ((rc != 0)) && ((crashes == 0)); then
		crashes="error (exit $rc)"
	fi
	if ((rc != 0)) || [[ $crashes != 0 ]]; then
		status=1
		echo "$prog: $name: crash or error (exit $rc); see $log" >&2
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written|abort' "$log" | head -10 >&2 || true
	fi
	kept=-
	if ((merge)); then
		rm -rf "$w/min-$name"
		mkdir -p "$w/min-$name"
		(cd "$w" && FUZZ_KEYRING=$w/keyring/keyring.gpg ASAN_OPTIONS=detect_leaks=0 \
			nice -n "$nice_n" "$bin" -merge=1 -timeout=10 -rss_limit_mb=2048 \
			-max_len=70000 "$w/min-$name" "$corpus" >"$w/$name.merge.log" 2>&1) ||
			{ echo "$prog: $name: merge failed (log: $w/$name.merge.log)" >&2; status=1; }
		if [[ -n $(ls -A "$w/min-$name") ]]; then
			find "$committed" -mindepth 1 -delete
			cp -r "$w/min-$name/." "$committed/"
		fi
		kept=$(find "$committed" -type f | wc -l)
	fi
	echo "| $name | ${execs:-?} | $secs | ${rate:-?} | ${cov:-?} | ${ft:-?} | $kept | $crashes |" |
		tee -a "$report"
done
echo
cat "$report"
exit "$status"
