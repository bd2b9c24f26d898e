#!/usr/bin/env bash
# Developer helper: write a patch file from two trees a/ and b/ holding only the touched files.
# Usage: mk/mkpatch.sh WORKDIR OUT.patch "subject" DESCFILE FILE...
# The result carries a mail header so that both `git am` and `quilt push` take it.
set -euo pipefail
if [[ ${1:-} == --help || $# -lt 5 ]]; then
	sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
	[[ ${1:-} == --help ]] && exit 0
	exit 1
fi
work=$1 out=$2 subject=$3 desc=$4
shift 4
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
	printf 'From: pgp-modsign developers <pgp-modsign@users.noreply.invalid>\n'
	printf 'Subject: [PATCH] %s\n\n' "$subject"
	# the "checkpatch: TYPE - why" paragraph is a note for reviewers: below ---
	awk '/^checkpatch:/ { n = 1 } n && /^$/ { n = 0; next } !n' "$desc"
	printf '\nSigned-off-by: pgp-modsign developers <pgp-modsign@users.noreply.invalid>\n---\n'
	if grep -q '^checkpatch:' "$desc"; then
		awk '/^checkpatch:/ { n = 1 } n && /^$/ { exit } n' "$desc"
		printf '\n'
	fi
	for f in "$@"; do
		cmp -s "$work/a/$f" "$work/b/$f" && continue
		printf 'diff --git a/%s b/%s\n' "$f" "$f"
		(cd "$work" && diff -u --label "a/$f" --label "b/$f" "a/$f" "b/$f") || true
	done | tee "$tmp.diff" >/dev/null
	diffstat -p1 "$tmp.diff" 2>/dev/null || true
	printf '\n'
	cat "$tmp.diff"
	rm -f "$tmp.diff"
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
