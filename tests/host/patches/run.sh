#!/usr/bin/env bash
# Host test: the exported patch series is what a packager can take.
#  - patches/series applies to a pristine linux-source-6.12 with quilt (edits to existing files);
#  - the tools extract from the tarball (a failed extraction fails the test);
#  - scripts/checkpatch.pl --strict on every exported patch (it must run: exit 0 with no
#    report or 1 with reports; CHECKPATCH=FILE runs another copy): no errors, and every warning
#    type that remains is named in that patch's notes below the --- line ("checkpatch: TYPE -
#    why"), never in the commit message;
#  - scripts/kernel-doc -none on every new kernel C file reports nothing.
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi
top=$(cd "$(dirname "$0")/../../.." && pwd)
tarball=${SRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; [[ -n ${2:-} ]] && printf '%s\n' "$2" | head -n 12 | sed 's/^/# /'; }

# Only the kernel's own checking tools are needed from the tarball (kernel-doc and, in
# trees that have it, kernel-doc.py); the extraction itself must succeed.
tools=(scripts/checkpatch.pl scripts/spelling.txt scripts/const_structs.checkpatch scripts/kernel-doc)
tools=("${tools[@]/#/linux-source-6.12/}")
if ! err=$(tar -C "$tmp" --strip-components=1 --wildcards -xf "$tarball" \
	"${tools[@]:0:3}" 'linux-source-6.12/scripts/kernel-doc*' 2>&1); then
	echo "1..1"
	notok "the kernel's checking tools extract from $tarball" "$err"
	exit 1
fi
for f in "${tools[@]#linux-source-6.12/}"; do
	[[ -s $tmp/$f ]] || { echo "1..1"; notok "$tarball holds $f"; exit 1; }
done
# CHECKPATCH (a self-test knob, tests/host/harness): another checkpatch to run.
checkpatch=${CHECKPATCH:-scripts/checkpatch.pl}

"$top/mk/export-patches.sh" "$tmp/out" >"$tmp/export.log" 2>&1 ||
	{ echo "1..1"; notok "make patches exports the series" "$(cat "$tmp/export.log")"; exit 1; }
mapfile -t patches < <(cat "$tmp/out/series")
mapfile -t cfiles < <(cd "$top" && git ls-files certs crypto include kernel security | grep -E '\.[ch]$')
echo "1..$((2 + ${#patches[@]} + ${#cfiles[@]}))"
ok "make patches exports ${#patches[@]} patches"

# unjustified PATCH TYPE...: the TYPEs that PATCH's notes (between --- and the diffstat, for
# reviewers, not in the commit message) do not justify with "checkpatch: TYPE - why"; a
# checkpatch note above --- is reported too.
unjustified() {
	local p=$1 t notes out=""
	shift
	notes=$(awk '/^---$/ { f = 1; next } f && /^$/ { exit } f' "$p")
	for t; do
		grep -qE "^checkpatch: ([A-Z_]+, )*$t( -|,)" <<<"$notes" || out+=" $t"
	done
	awk '/^---$/ { exit } /^checkpatch:/ { found = 1 } END { exit !found }' "$p" &&
		out+=" (a checkpatch note in the commit message, above ---)"
	printf '%s' "$out"
}
# Self-test: the notes of the kbuild patch moved into its commit message are refused.
sp=$(grep -l '^checkpatch: ' "$tmp/out"/*.patch | head -n 1)
awk '/^---$/ && !d { d = 1; held = 1; next } held && /^$/ { print; print "---"; held = 0; next } { print }' \
	"$sp" >"$tmp/above.patch"
u=$(unjustified "$tmp/above.patch" FILE_PATH_CHANGES)
[[ $u == *"above ---"* && $u == *FILE_PATH_CHANGES* ]] &&
	ok "self-test: reviewer notes moved above --- are refused ($(basename "$sp"))" ||
	notok "self-test: reviewer notes moved above --- are refused" "got: '$u'"

# checkpatch looks at the git tree it runs in; run it from the scratch dir.
# checkpatch exits 0 when it has nothing to say and 1 when it reported something; any other
# status, or 1 without a single report, means it did not run (perl error, missing file).
for p in "${patches[@]}"; do
	out=$(cd "$tmp" && perl "$checkpatch" --no-tree --strict --show-types -q "out/$p" 2>&1)
	rc=$?
	reports=$(grep -cE '^(ERROR|WARNING|CHECK):' <<<"$out")
	if ! ((rc == 0 && reports == 0 || rc == 1 && reports > 0)); then
		notok "$p: checkpatch --strict did not run properly (exit $rc, $reports reports)" "$out"
		continue
	fi
	errors=$(grep -c '^ERROR:' <<<"$out")
	unjustified=$(unjustified "$tmp/out/$p" $(grep -oE '^(WARNING|CHECK):[A-Z_]+' <<<"$out" |
		cut -d: -f2 | sort -u))
	warnings=$(grep -cE '^(WARNING|CHECK):' <<<"$out")
	if ((errors == 0)) && [[ -z $unjustified ]]; then
		ok "$p: checkpatch --strict: 0 errors, $warnings warnings/checks (all justified)"
	else
		notok "$p: checkpatch --strict: $errors errors, unjustified:${unjustified:- none}" \
			"$(grep -E '^(ERROR|WARNING|CHECK):' <<<"$out" | sort | uniq -c | sort -rn)"
	fi
done

for f in "${cfiles[@]}"; do
	out=$(cd "$tmp" && perl scripts/kernel-doc -none "$top/$f" 2>&1)
	rc=$?
	if ((rc == 0)) && [[ -z $out ]]; then
		ok "kernel-doc -none $f: clean"
	else
		notok "kernel-doc -none $f: exit $rc, $(grep -c . <<<"$out") messages" "$out"
	fi
done
exit $((fail > 0))
