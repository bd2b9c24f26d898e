#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# mk/manpage.sh: a section 1 man page from a command's --help text, so that the page and
# the help never differ (make install-tools writes sign-module.1, verify-module.1 and
# sign-file-pgp.1 with it).
set -euo pipefail
usage()
{
	cat <<'EOF'
Usage: mk/manpage.sh NAME VERSION SUMMARY < HELP > NAME.1

HELP is NAME --help's output.  Its "Usage:" lines (and the lines that continue
them) become SYNOPSIS; SUMMARY is the line under NAME; the rest of HELP is
DESCRIPTION, where a line "  -x, --opt ARG   text" or "  WORD    text" (two
spaces first, two or more between) is a tagged paragraph whose text goes on
in the indented lines below it (lines indented beyond its text are kept as
they are), and other indented lines are kept as they are.  The page names the other tools in SEE ALSO.
EOF
}
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	usage
	exit 0
fi
if [[ $# -ne 3 ]]; then
	usage >&2
	exit 2
fi
name=$1 version=$2 summary=$3
help=$(cat)
[[ $help == Usage:* ]] || { echo "manpage.sh: $name: the help text does not start with \"Usage:\"" >&2; exit 1; }

awk -v name="$name" -v version="$version" -v summary="$summary" '
function esc(s) {
	gsub(/\\/, "\\e", s)
	gsub(/-/, "\\-", s)
	if (s ~ /^[.\x27]/)
		s = "\\&" s
	return s
}
function endpre() { if (pre) { print ".fi"; pre = 0 } }
function indent(s) { match(s, /^ */); return RLENGTH }
BEGIN { state = "usage"; nsyn = 0; col = -1 }
state == "usage" {
	if ($0 ~ /^Usage: / || $0 ~ /^       [^ ]/) {
		l = $0; sub(/^Usage: /, "", l); sub(/^ +/, "", l)
		syn[++nsyn] = l
		next
	}
	if ($0 == "") next
	state = "body"
	printf ".TH %s 1 \"\" \"pgp-modsign %s\" \"User Commands\"\n", toupper(name), version
	print ".nh"	# options are not hyphenated
	print ".SH NAME"
	print esc(name) " \\- " esc(summary)
	print ".SH SYNOPSIS"
	print ".nf"
	for (i = 1; i <= nsyn; i++) print esc(syn[i])
	print ".fi"
	print ".SH DESCRIPTION"
}
state == "body" {
	if ($0 == "") { endpre(); col = -1; print ".PP"; next }
	# an entry: "  -x, --opt ARG   text", "  WORD    text"
	if (match($0, /^  ?-[^ ]*( [^ ]+)*(  +|$)/) || match($0, /^  [A-Z][A-Z]*(  +)/)) {
		endpre()
		tag = substr($0, 1, RLENGTH); col = RLENGTH
		sub(/^ +/, "", tag); sub(/ +$/, "", tag)
		print ".TP"
		print "\\fB" esc(tag) "\\fR"
		l = substr($0, RLENGTH + 1)
		if (l != "") print esc(l)
		next
	}
	if (col >= 0 && indent($0) >= 3) {
		# the entry goes on: its text column filled, deeper lines kept as they are
		if (indent($0) > col + 1) {
			if (!pre) { print ".nf"; pre = 1 }
			print esc(substr($0, col + 1))
		} else {
			endpre()
			l = $0; sub(/^ +/, "", l); print esc(l)
		}
		next
	}
	col = -1
	if ($0 ~ /^  /) {
		if (!pre) { print ".nf"; pre = 1 }
		print esc(substr($0, 3)); next
	}
	endpre()
	print esc($0)
}
END {
	endpre()
	print ".SH SEE ALSO"
	n = split("sign-module verify-module sign-file-pgp", o, " ")
	s = ""
	for (i = 1; i <= n; i++) if (o[i] != name) s = s (s == "" ? "" : ",\n") ".BR " o[i] " (1)"
	print s ",\n.BR gpg (1),\n.BR gpgv (1),\n.BR sqv (1)"
	print ".PP"
	print "Documentation/admin\\-guide/module\\-signing\\-pgp.rst in the kernel tree."
}' <<< "$help"
