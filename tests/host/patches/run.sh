#!/usr/bin/env bash
# Host test: the exported patch series is what a packager can take.
#  - patches/series applies to a pristine linux-source-6.12 with quilt (edits to existing files);
#  - the tools extract from the tarball (a failed extraction fails the test);
#  - scripts/checkpatch.pl --strict on every exported patch (it must run: exit 0 with no
#    report or 1 with reports; CHECKPATCH=FILE runs another copy): no errors, and every warning
#    type that remains is named in that patch's notes below the --- line ("checkpatch: TYPE -
#    why"), never in the commit message;
#  - scripts/kernel-doc -none on every new kernel C file reports nothing;
#  - make apply (mk/apply.sh) succeeds on Debian's linux-source-6.12 and -6.1 and on a
#    kernel.org-equivalent copy of each: the files the series touches, with the distribution
#    patches Debian carries in them reverted by tests/host/patches/kernel.org-VERSION.patch
#    (which must apply exactly, or the fixture is stale).  Self-test: a series that also
#    edits Debian-only text (a line of Debian's mod_is_hash_blacklisted()) applies to
#    Debian's tree and is refused on the kernel.org one;
#  - in the patched 6.12 and 6.1 trees, the post-quantum-only policy's PKCS#7 check
#    (kernel/module/signing_pkcs7.c) is built wherever pgp_keys.pq_only exists
#    (MODULE_SIG with PGP_BUILTIN_KEYS, with or without MODULE_SIG_PGP), and its stub only
#    without PGP_BUILTIN_KEYS (kernel/module/Makefile evaluated, internal.h preprocessed).
#    Self-test: the Makefile as patch 0014 first had it (signing_pkcs7.o under
#    MODULE_SIG_PGP alone) is refused.
#  - Linux 7.3 (with Debian's linux-source-7.3 of trixie-backports, mk/linux-source.sh 7.3;
#    skipped without it): make patches KVER=7.3 exports the series as git format-patch
#    with a cover letter, 7.3's own scripts/checkpatch.pl --strict finds 0 errors in each
#    patch and every warning type justified in its notes, which the cover letter gathers
#    all of; make apply succeeds on Debian's 7.3 tree and on a kernel.org-equivalent copy
#    (tests/host/patches/kernel.org-7.3.patch); the PKCS#7 policy's build there as on 6.12.
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
n73=$(grep -vc '^\s*\(#\|$\)' "$top/patches/7.3/series")
echo "1..$((2 + ${#patches[@]} + ${#cfiles[@]} + 10 + n73 + 6))"
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
# ---- make apply on Debian's trees and on kernel.org-equivalent copies of them ----
# series_files PDIR: every existing file the series in PDIR edits (its "--- a/" paths; the
# files it creates, "--- /dev/null", are not in the tree).
series_files() {
	local p
	grep -v '^\s*\(#\|$\)' "$1/series" | while read -r p; do
		sed -n 's|^--- a/\([^[:space:]]*\).*|\1|p' "$1/$p"
	done | sort -u
}
# apply_tree TOP TREE: mk/apply.sh of the checkout TOP on TREE; its output in TREE.log.
apply_tree() {
	"$1/mk/apply.sh" "$2" >"$2.log" 2>&1
}
for v in 6.12 6.1; do
	src=/usr/src/linux-source-$v.tar.xz pdir=$top/patches fixture=$top/tests/host/patches/kernel.org-$v.patch
	[[ $v == 6.1 ]] && pdir=$top/patches/6.1
	deb=$tmp/debian-$v korg=$tmp/kernel.org-$v
	# (the Makefile is read anyway: named once, or tar misses the second name)
	mapfile -t files < <(series_files "$pdir" | grep -vx Makefile)
	mkdir -p "$tmp/pristine-$v"
	# The tree's Makefile (its version) and the files the series edits; nothing else is read.
	if ! err=$(tar -C "$tmp/pristine-$v" --strip-components=1 -xf "$src" \
		"linux-source-$v/Makefile" "${files[@]/#/linux-source-$v/}" 2>&1); then
		notok "Debian's linux-source-$v: the files the series edits extract from $src" "$err"
		notok "make apply: Debian's linux-source-$v" "no tree"
		notok "make apply: kernel.org-equivalent $v tree" "no tree"
		continue
	fi
	cp -a "$tmp/pristine-$v" "$deb"
	cp -a "$tmp/pristine-$v" "$korg"
	# The fixture must revert exactly (no fuzz): a
	# Debian update that changes those patches shows here, not as a silent pass.
	if out=$(patch -d "$korg" -p1 -F0 -N --no-backup-if-mismatch -r - <"$fixture" 2>&1) &&
		! grep -q 'mod_is_hash_blacklisted' "$korg/kernel/module/signing.c" &&
		grep -q 'mod_is_hash_blacklisted' "$deb/kernel/module/signing.c"; then
		ok "kernel.org-equivalent $v tree: ${fixture#"$top"/} reverts Debian's patches in $(grep -c '^+++ ' "$fixture") files"
	else
		notok "kernel.org-equivalent $v tree: ${fixture#"$top"/} reverts Debian's patches (stale fixture?)" "$out"
	fi
	for t in "$deb" "$korg"; do
		what="Debian's linux-source-$v"
		[[ $t == "$korg" ]] && what="kernel.org-equivalent $v tree"
		if apply_tree "$top" "$t"; then
			ok "make apply: $what: $(tail -n 1 "$t.log" | sed 's/^apply\.sh: //; s/ to .*(/ (/')"
		else
			notok "make apply: $what" "$(cat "$t.log")"
		fi
	done
done

# ---- the post-quantum-only policy reaches the appended PKCS#7 signature wherever it exists ----
# pgp_keys.pq_only exists with PGP_BUILTIN_KEYS (security/pgp_keys/policy.c), which is a
# choice of its own: kernel/module must then build the PKCS#7 policy, and not its stub that
# lets every good PKCS#7 signature count, with or without MODULE_SIG_PGP.
# pkcs7_policy TREE CONFIG_X=y...: "built" when, with those options, kernel/module/Makefile
# builds signing_pkcs7.o and kernel/module/internal.h declares module_pkcs7_policy() (no
# stub); "stub" when neither; else what was found
pkcs7_policy() {
	local t=$1 objs decl
	shift
	objs=$(printf '%s\n' "$@" 'obj := kernel/module' 'src := kernel/module' 'srctree := .' \
		'include kernel/module/Makefile' 'all: ; @echo $(obj-y)' | make -s -C "$t" -f - all 2>&1)
	decl=$(grep -v '^#include' "$t/kernel/module/internal.h" |
		gcc -E -P -x c - "${@/#/-D}" 2>&1 | tr -s ' \t\n' ' ')
	if [[ " $objs " == *" signing_pkcs7.o "* && $decl == *"int module_pkcs7_policy(const void *sig, size_t len);"* &&
	      $decl != *"static inline int module_pkcs7_policy"* ]]; then
		echo built
	elif [[ " $objs " != *" signing_pkcs7.o "* && $decl == *"static inline int module_pkcs7_policy"* ]]; then
		echo stub
	else
		echo "objects: $objs"
	fi
}
for v in 6.12 6.1; do
	t=$tmp/debian-$v
	if [[ ! -f $t/kernel/module/Makefile ]]; then
		notok "$v: the PKCS#7 policy wherever pgp_keys.pq_only exists" "no tree"
		continue
	fi
	base=(CONFIG_MODULES=y CONFIG_MODULE_SIG=y)
	with=$(pkcs7_policy "$t" "${base[@]}" CONFIG_PGP_BUILTIN_KEYS=y CONFIG_MODULE_SIG_PGP=y)
	alone=$(pkcs7_policy "$t" "${base[@]}" CONFIG_PGP_BUILTIN_KEYS=y)
	none=$(pkcs7_policy "$t" "${base[@]}")
	if [[ $with == built && $alone == built && $none == stub ]]; then
		ok "$v: MODULE_SIG with PGP_BUILTIN_KEYS builds the PKCS#7 policy, with and without MODULE_SIG_PGP; without PGP_BUILTIN_KEYS (no pq_only) its stub"
	else
		notok "$v: the PKCS#7 policy wherever pgp_keys.pq_only exists" \
			"MODULE_SIG_PGP=y: $with"$'\n'"MODULE_SIG_PGP unset: $alone"$'\n'"no PGP_BUILTIN_KEYS: $none"
	fi
done
# Self-test: the patched 6.12 tree's kernel/module as patch 0014 first had it (signing_pkcs7.o
# beside signing_pgp.o, under MODULE_SIG_PGP alone) is not "built" without MODULE_SIG_PGP.
pm=$tmp/pkcs7-mutant
mkdir -p "$pm/kernel/module"
if [[ -f $tmp/debian-6.12/kernel/module/Makefile ]] &&
	cp "$tmp/debian-6.12/kernel/module/internal.h" "$pm/kernel/module/" &&
	sed '/^ifdef CONFIG_PGP_BUILTIN_KEYS$/,/^endif$/d
	     s/^\(obj-$(CONFIG_MODULE_SIG_PGP) += signing_pgp.o signing_pgp_elf.o\)$/\1 signing_pkcs7.o/' \
		"$tmp/debian-6.12/kernel/module/Makefile" >"$pm/kernel/module/Makefile" &&
	grep -q 'signing_pgp_elf.o signing_pkcs7.o$' "$pm/kernel/module/Makefile" &&
	! grep -q 'CONFIG_PGP_BUILTIN_KEYS' "$pm/kernel/module/Makefile" &&
	[[ $(pkcs7_policy "$pm" CONFIG_MODULES=y CONFIG_MODULE_SIG=y CONFIG_PGP_BUILTIN_KEYS=y) != built ]]; then
	ok "self-test: signing_pkcs7.o under MODULE_SIG_PGP alone is refused (not built with PGP_BUILTIN_KEYS alone)"
else
	notok "self-test: signing_pkcs7.o under MODULE_SIG_PGP alone is refused" \
		"$(cat "$pm/kernel/module/Makefile" 2>&1 | grep -n 'signing_p\|PGP_BUILTIN')"
fi

# Self-test: a copy of this checkout whose 6.12 series ends with a patch to a line of
# Debian's mod_is_hash_blacklisted() (as patch 0007 once did) applies to Debian's tree and
# is refused on the kernel.org-equivalent one.
mut=$tmp/mutant
mkdir -p "$mut"
(cd "$top" && git ls-files -z mk patches certs crypto include kernel security scripts Documentation |
	xargs -0 cp --parents -t "$mut" 2>/dev/null) || (cd "$top" && cp -a mk patches certs crypto include \
	kernel security scripts Documentation "$mut")
if [[ -f $tmp/pristine-6.12/kernel/module/signing.c ]]; then
	mkdir -p "$tmp/m/a/kernel/module" "$tmp/m/b/kernel/module"
	cp "$tmp/pristine-6.12/kernel/module/signing.c" "$tmp/m/a/kernel/module/"
	sed 's/pr_err("digest memory buffer allocate fail\\n");/pr_err("no memory for the module digest\\n");/' \
		"$tmp/m/a/kernel/module/signing.c" >"$tmp/m/b/kernel/module/signing.c"
	(cd "$tmp/m" && diff -u a/kernel/module/signing.c b/kernel/module/signing.c) \
		>"$mut/patches/zz-debian-only.patch"
	echo zz-debian-only.patch >>"$mut/patches/series"
	# fresh trees (make apply above changed the others)
	cp -a "$tmp/pristine-6.12" "$tmp/mut-debian"
	cp -a "$tmp/pristine-6.12" "$tmp/mut-kernel.org"
	patch -s -d "$tmp/mut-kernel.org" -p1 -F0 -N -r - <"$top/tests/host/patches/kernel.org-6.12.patch"
fi
if grep -q 'no memory for the module digest' "$mut/patches/zz-debian-only.patch" 2>/dev/null &&
	apply_tree "$mut" "$tmp/mut-debian" && ! apply_tree "$mut" "$tmp/mut-kernel.org" &&
	grep -q 'zz-debian-only.patch: does not apply' "$tmp/mut-kernel.org.log"; then
	ok "self-test: a series editing Debian-only text applies to Debian's 6.12 and is refused on kernel.org's"
else
	notok "self-test: a series editing Debian-only text applies to Debian's 6.12 and is refused on kernel.org's" \
		"$(cat "$tmp/mut-debian.log" "$tmp/mut-kernel.org.log" 2>/dev/null)"
fi
# ---- Linux 7.3 ----
t73=$("$top/mk/linux-source.sh" --path 7.3)
if [[ ! -f $t73 ]]; then
	for ((i = 0; i < n73 + 6; i++)); do
		n=$((n + 1))
		echo "ok $n - Linux 7.3 # SKIP no $t73 (mk/linux-source.sh 7.3 fetches Debian's linux-source-7.3)"
	done
	exit $((fail > 0))
fi
mkdir -p "$tmp/cp73"
tar -C "$tmp/cp73" --strip-components=1 -xf "$t73" linux-source-7.3/scripts/checkpatch.pl \
	linux-source-7.3/scripts/spelling.txt linux-source-7.3/scripts/const_structs.checkpatch
if "$top/mk/export-patches.sh" --kver 7.3 "$tmp/out73" >"$tmp/export73.log" 2>&1 &&
	[[ $(wc -l <"$tmp/out73/series") == "$n73" && -f $tmp/out73/0000-cover-letter.patch ]] &&
	grep -q '^From [0-9a-f]\{40\} Mon Sep 17 00:00:00 2001$' "$tmp/out73/$(head -n 1 "$tmp/out73/series")"; then
	ok "make patches KVER=7.3: $n73 patches and a cover letter, as git format-patch writes them"
	mapfile -t p73 <"$tmp/out73/series"
else
	notok "make patches KVER=7.3 exports the series with a cover letter" "$(tail -n 20 "$tmp/export73.log")"
	p73=()
fi
cover=$tmp/out73/0000-cover-letter.patch
for ((i = 0; i < n73; i++)); do
	p=${p73[i]:-}
	if [[ -z $p ]]; then
		notok "7.3 patch $((i + 1)): not exported"
		continue
	fi
	out=$(cd "$tmp/cp73" && perl scripts/checkpatch.pl --no-tree --strict --show-types -q "$tmp/out73/$p" 2>&1)
	rc=$?
	reports=$(grep -cE '^(ERROR|WARNING|CHECK):' <<<"$out")
	if ! ((rc == 0 && reports == 0 || rc == 1 && reports > 0)); then
		notok "7.3 $p: 7.3's checkpatch --strict did not run properly (exit $rc)" "$out"
		continue
	fi
	errors=$(grep -c '^ERROR:' <<<"$out")
	unjustified=$(unjustified "$tmp/out73/$p" $(grep -oE '^(WARNING|CHECK):[A-Z_]+' <<<"$out" |
		cut -d: -f2 | sort -u))
	# the cover letter gathers every note of the patch (none: the diffstat follows the ---)
	missing=$(awk '/^---$/ { f = 1; next } f && (/^$/ || /^ .* \| +[0-9]+/) { exit } f' \
		"$tmp/out73/$p" | while read -r l; do
		grep -qF -- "$l" "$cover" || echo "$l"
	done)
	if ((errors == 0)) && [[ -z $unjustified && -z $missing ]]; then
		ok "7.3 $p: 7.3's checkpatch --strict: 0 errors, $(grep -cE '^(WARNING|CHECK):' <<<"$out") warnings/checks (all justified, in the cover letter too)"
	else
		notok "7.3 $p: $errors errors, unjustified:${unjustified:- none}${missing:+; not in the cover letter}" \
			"$(grep -E '^(ERROR|WARNING|CHECK):' <<<"$out" | sort | uniq -c | sort -rn)$missing"
	fi
done
# make apply on Debian's 7.3 tree and a kernel.org-equivalent copy
fixture=$top/tests/host/patches/kernel.org-7.3.patch
mapfile -t files < <(series_files "$top/patches/7.3" | grep -vx Makefile)
mkdir -p "$tmp/pristine-7.3"
if err=$(tar -C "$tmp/pristine-7.3" --strip-components=1 -xf "$t73" "linux-source-7.3/Makefile" \
	"${files[@]/#/linux-source-7.3/}" 2>&1); then
	cp -a "$tmp/pristine-7.3" "$tmp/debian-7.3"
	cp -a "$tmp/pristine-7.3" "$tmp/kernel.org-7.3"
	if out=$(patch -d "$tmp/kernel.org-7.3" -p1 -F0 -N --no-backup-if-mismatch -r - <"$fixture" 2>&1) &&
		! grep -q 'VERIFY_USE_PLATFORM_KEYRING' "$tmp/kernel.org-7.3/kernel/module/signing.c" &&
		grep -q 'VERIFY_USE_PLATFORM_KEYRING' "$tmp/debian-7.3/kernel/module/signing.c"; then
		ok "kernel.org-equivalent 7.3 tree: ${fixture#"$top"/} reverts Debian's patches in $(grep -c '^+++ ' "$fixture") files"
	else
		notok "kernel.org-equivalent 7.3 tree: ${fixture#"$top"/} reverts Debian's patches (stale fixture?)" "$out"
	fi
	for t in "$tmp/debian-7.3" "$tmp/kernel.org-7.3"; do
		what="Debian's linux-source-7.3"
		[[ $t == "$tmp/kernel.org-7.3" ]] && what="kernel.org-equivalent 7.3 tree"
		if apply_tree "$top" "$t"; then
			ok "make apply: $what: $(tail -n 1 "$t.log" | sed 's/^apply\.sh: //; s/ to .*(/ (/')"
		else
			notok "make apply: $what" "$(cat "$t.log")"
		fi
	done
	# the PKCS#7 policy wherever pgp_keys.pq_only exists, as on 6.12 and 6.1
	base=(CONFIG_MODULES=y CONFIG_MODULE_SIG=y)
	with=$(pkcs7_policy "$tmp/debian-7.3" "${base[@]}" CONFIG_PGP_BUILTIN_KEYS=y CONFIG_MODULE_SIG_PGP=y)
	alone=$(pkcs7_policy "$tmp/debian-7.3" "${base[@]}" CONFIG_PGP_BUILTIN_KEYS=y)
	none=$(pkcs7_policy "$tmp/debian-7.3" "${base[@]}")
	if [[ $with == built && $alone == built && $none == stub ]]; then
		ok "7.3: MODULE_SIG with PGP_BUILTIN_KEYS builds the PKCS#7 policy, with and without MODULE_SIG_PGP; without PGP_BUILTIN_KEYS its stub"
	else
		notok "7.3: the PKCS#7 policy wherever pgp_keys.pq_only exists" \
			"MODULE_SIG_PGP=y: $with"$'\n'"MODULE_SIG_PGP unset: $alone"$'\n'"no PGP_BUILTIN_KEYS: $none"
	fi
else
	notok "Debian's linux-source-7.3: the files the series edits extract from $t73" "$err"
	notok "make apply: Debian's linux-source-7.3" "no tree"
	notok "make apply: kernel.org-equivalent 7.3 tree" "no tree"
	notok "7.3: the PKCS#7 policy wherever pgp_keys.pq_only exists" "no tree"
fi
# the cover letter: what, why, figures, what it does not do, checkpatch
sections=$(grep -cE '^(What|Why|Figures|What it does not do|checkpatch.pl --strict)$' "$cover" 2>/dev/null)
if [[ $sections == 5 ]] && ! grep -q '@FIGURES@\|@CHECKPATCH@\|\*\*\* SUBJECT HERE\|\*\*\* BLURB HERE' "$cover"; then
	ok "the 7.3 cover letter has its five sections, the figures and the checkpatch notes filled in"
else
	notok "the 7.3 cover letter has its five sections, filled in" "$(head -n 40 "$cover" 2>/dev/null)"
fi
exit $((fail > 0))
