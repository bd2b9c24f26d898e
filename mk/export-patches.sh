#!/usr/bin/env bash
# make patches: export the whole project as a numbered patch series against pristine 6.12 (or 6.1).
set -euo pipefail
prog=export-patches.sh

usage() {
	cat <<'EOF'
Usage: mk/export-patches.sh [--check] [--kver VERSION] [OUTDIR]

Writes OUTDIR (default out/patches) with one patch per entry of patches/series, each
holding that change's edits to existing kernel files AND the new files that belong to
it, plus a "series" file.  The result applies to a pristine linux-source-6.12 tree with
`quilt push -a` or `git am`.  --kver 6.1 (make patches KVER=6.1) exports patches/6.1/series
for linux-source-6.1 instead (default OUTDIR out/patches-6.1): its compatibility patches
come first and carry no new files.  --kver 7.3 (make patches KVER=7.3) exports
patches/7.3/series for linux-source-7.3 (out/patches-7.3) as `git format-patch` writes
it: the series is applied with git am to a git repository of the pristine tree and
exported again with git format-patch --cover-letter, the cover letter's text taken from
patches/7.3/cover-letter (its first line the subject).  A version's omitted files
(patches/omit, patches/VERSION/omit) go into none of its patches.  The new files are
assigned to patches by path:

  1 Montgomery + DSA   crypto/{,tests/}{mont,dsa}*, include/crypto/{mont,dsa}.h
  2 RSASSA             crypto/{,tests/}rsassa*, include/crypto/rsassa.h
  3 Ed25519            crypto/{,tests/}ed25519*, include/crypto/ed25519.h
  4 raw ECDSA          crypto/{,tests/}ecdsa_raw*, include/crypto/ecdsa_raw.h,
                       include/crypto/pgp_compat.h
 10 SHAKE + ML-DSA     crypto/{shake,mldsa_verify}*, crypto/tests/{shake,mldsa}*,
                       include/crypto/{shake,mldsa_verify}.h (after patch 4 in the series);
                       on 7.3 crypto/mldsa_verify_lib.c, while crypto/shake.c and
                       crypto/mldsa_verify.c (the signer's, which the kernel does not
                       build there) go with patch 8
 13 Ed448              crypto/{,tests/}ed448*, include/crypto/ed448.h (after patch 10)
 15 SLH-DSA            crypto/{,tests/}slhdsa*, crypto/keccak_x4.c, crypto/tests/.kunitconfig,
                       include/crypto/{slhdsa,keccak_x4}.h
                       (after patch 13)
  5 OpenPGP parser     crypto/pgp/, include/crypto/pgp.h
  6 keyring            security/pgp_keys/, include/keys/pgp_keys.h, certs/pgp_keyring*,
                       certs/pgp-keyring-bin.sh, scripts/pgp-modsign-genkey.sh
  7 loader hook        kernel/module/
 11 module hash list   kernel/module/hash_list*, kernel/module/tests/{hash_list,modhash}*
                       (after patch 7 in the series)
  8 Kbuild signing     scripts/
 12 Kbuild hash list   scripts/Makefile.modhashes (after patch 8)
  9 documentation      Documentation/
 14 PKCS#7 policy      crypto/asymmetric_keys/pkcs7_sigs*, kernel/module/signing_pkcs7*
                       (after patch 9)

--check  also apply the exported series with quilt to a fresh unpack of
         /usr/src/linux-source-VERSION.tar.xz and compare the result with mk/apply.sh's,
         and apply it with git am to a git repository of the pristine tree.
EOF
}
check=0 kver=6.12
while [[ $# -gt 0 ]]; do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--check) check=1; shift ;;
	--kver) kver=$2; shift 2 ;;
	*) break ;;
	esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. mk/lib.sh
pdir=$(series_dir "$kver") || { echo "$prog: $kver: no series for this kernel version" >&2; exit 2; }
tarball=$(mk/linux-source.sh --path "$kver")
if ((check)) || [[ $kver == 7.3 ]]; then
	tarball=$(mk/linux-source.sh "$kver")
fi
if [[ $kver == 6.12 ]]; then
	out=${1:-$top/out/patches}
else
	out=${1:-$top/out/patches-$kver}
fi

group_of() {
	# 7.3 verifies with lib/crypto (crypto/mldsa_verify_lib.c): crypto/shake.c and
	# crypto/mldsa_verify.c are built there only into the signing tool (scripts/).
	if [[ $kver == 7.3 ]]; then
		case $1 in
		crypto/shake.c|crypto/mldsa_verify.c) echo 8; return ;;
		esac
	fi
	case $1 in
	# each algorithm with its KUnit suite and vectors in crypto/tests/
	crypto/mont*|crypto/dsa*|crypto/tests/mont*|crypto/tests/dsa*) echo 1 ;;
	include/crypto/mont.h|include/crypto/dsa.h) echo 1 ;;
	crypto/rsassa*|crypto/tests/rsassa*|include/crypto/rsassa.h) echo 2 ;;
	crypto/ed25519*|crypto/tests/ed25519*|include/crypto/ed25519.h) echo 3 ;;
	crypto/ecdsa_raw*|crypto/tests/ecdsa_raw*|include/crypto/ecdsa_raw.h) echo 4 ;;
	crypto/shake*|crypto/mldsa*|include/crypto/shake.h|include/crypto/mldsa_verify.h) echo 10 ;;
	crypto/tests/shake*|crypto/tests/mldsa*) echo 10 ;;
	crypto/ed448*|crypto/tests/ed448*|include/crypto/ed448.h) echo 13 ;;
	crypto/slhdsa*|crypto/keccak_x4.c|crypto/tests/slhdsa*|include/crypto/slhdsa.h|include/crypto/keccak_x4.h) echo 15 ;;
	# crypto/tests/.kunitconfig runs every algorithm's suite: it comes with the last
	# patch of the series that adds one (15 follows 13, 10 and 4 in the series)
	crypto/tests/.kunitconfig) echo 15 ;;
	crypto/pgp/*|include/crypto/pgp.h) echo 5 ;;
	# the interfaces that differ between kernel generations: the ECDSA glue uses one first
	include/crypto/pgp_compat.h) echo 4 ;;
	security/pgp_keys/*|include/keys/pgp_keys.h) echo 6 ;;
	# the keyring's build side, beside mainline's certificates and signing key
	certs/pgp_keyring*|certs/pgp-keyring-bin.sh) echo 6 ;;
	# the list of module hashes and its tests
	kernel/module/hash_list*|kernel/module/tests/hash_list*|kernel/module/tests/modhash_*) echo 11 ;;
	# the post-quantum-only policy on the appended PKCS#7 signature
	crypto/asymmetric_keys/pkcs7_sigs*|kernel/module/signing_pkcs7*) echo 14 ;;
	kernel/module/*) echo 7 ;;
	scripts/Makefile.modhashes) echo 12 ;;
	# certs/Makefile makes a throw-away key with it when there is no keyring
	scripts/pgp-modsign-genkey.sh) echo 6 ;;
	# the userspace stand-ins the keyring check (and later the signer) build kernel code on
	scripts/pgp-shim/*) echo 6 ;;
	scripts/*) echo 8 ;;
	Documentation/*) echo 9 ;;
	*) echo 0 ;;
	esac
}

mapfile -t series < <(grep -v '^\s*\(#\|$\)' "$pdir/series")
omitted=()
[[ -f $pdir/omit ]] && mapfile -t omitted < <(grep -v '^\s*\(#\|$\)' "$pdir/omit")
mapfile -t files < <(git ls-files certs crypto include kernel security scripts Documentation |
	grep -vxF -f <(printf '%s\n' "${omitted[@]}" '///none'))
for f in "${files[@]}"; do
	if [[ $(group_of "$f") == 0 ]]; then
		echo "$prog: $f: no patch of the series claims this file (edit group_of)" >&2
		exit 1
	fi
done

rm -rf "$out"
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
for p in "${series[@]}"; do
	i=$((i + 1))
	src=$pdir/$p
	p=${p##*/}
	# The group of new files: the number of the 6.12 patch (none for a version's shims).
	g=none
	[[ $p =~ ^0*([1-9][0-9]*)- ]] && g=${BASH_REMATCH[1]}
	# New-file diffs of this group, git style.
	: >"$tmp/new.diff"
	for f in "${files[@]}"; do
		[[ $(group_of "$f") == "$g" ]] || continue
		mode=100644
		[[ -x $f ]] && mode=100755
		n=$(wc -l <"$f")
		{
			printf 'diff --git a/%s b/%s\nnew file mode %s\n--- /dev/null\n+++ b/%s\n' \
				"$f" "$f" "$mode" "$f"
			printf '@@ -0,0 +1,%d @@\n' "$n"
			sed 's/^/+/' "$f"
			[[ -z $(tail -c 1 "$f") ]] || printf '\n\\ No newline at end of file\n'
		} >>"$tmp/new.diff"
	done
	# The patch's own header (up to ---), its notes for reviewers (the "checkpatch: TYPE -
	# why" paragraph right after ---, not part of the commit message) and its diff of
	# existing files.
	awk '/^---$/ { exit } { print }' "$src" >"$tmp/head"
	awk 'n && /^$/ { exit } n { print } /^---$/ { getline; if (/^checkpatch:/) { n = 1; print } else exit }' \
		"$src" >"$tmp/notes"
	# (quilt refresh writes no "diff --git" lines: a diff starts at its first "--- " line.)
	awk 'BEGIN{f=0; h=1} h && /^---$/ {h=0; next} !h && (/^diff --git / || /^--- (a\/|\/dev\/null)/) {f=1} f{print}' \
		"$src" >"$tmp/old.diff"
	cat "$tmp/new.diff" "$tmp/old.diff" >"$tmp/all.diff"
	name=$(printf '%04d-%s' "$i" "${p#[0-9][0-9][0-9][0-9]-}")
	{
		cat "$tmp/head"
		printf -- '---\n'
		[[ -s $tmp/notes ]] && { cat "$tmp/notes"; printf '\n'; }
		diffstat -p1 -w 70 "$tmp/all.diff"
		printf '\n'
		cat "$tmp/all.diff"
		printf -- '-- \npgp-modsign\n'
	} >"$out/$name"
	echo "$name" >>"$out/series"
	cp "$tmp/notes" "$tmp/notes-$name"
	printf '%s: %s (%d new files)\n' "$prog" "$name" "$(grep -c '^new file mode' "$tmp/new.diff" || true)"
done

# 7.3: the same series as git format-patch writes it, with a cover letter, from a git
# repository of the pristine tree's files that the series edits (and its Makefile), that
# git am applied it to (fixed dates: the same series gives the same files).  Each patch keeps its checkpatch notes below ---; the
# cover letter (patches/7.3/cover-letter) gathers them.
if [[ $kver == 7.3 ]]; then
	echo "$prog: git am on a git repository of the pristine linux-source-$kver, then git format-patch"
	# the tree's Makefile and the files the series edits are all git am needs
	mkdir -p "$tmp/fp-g"
	top_dir=linux-source-$kver
	mapfile -t edited < <(sed -n 's|^--- a/\([^[:space:]]*\).*|\1|p' "$out"/0*.patch | sort -u |
		grep -vx Makefile)
	tar -C "$tmp/fp-g" --strip-components=1 -xf "$tarball" "$top_dir/Makefile" \
		"${edited[@]/#/$top_dir/}"
	export GIT_AUTHOR_DATE='2026-12-01 00:00:00 +0000' GIT_COMMITTER_DATE='2026-12-01 00:00:00 +0000'
	gitc=(git -c user.name='pgp-modsign developers' -c user.email=pgp-modsign@users.noreply.invalid
		-c gc.auto=0 -c core.abbrev=12)
	# git am takes a patch's date from its Date: line (else now): one fixed date for all
	mkdir -p "$tmp/fp-in"
	for f in "$out"/0*.patch; do
		sed '1a Date: Tue, 1 Dec 2026 00:00:00 +0000' "$f" >"$tmp/fp-in/$(basename "$f")"
	done
	if ! (cd "$tmp/fp-g" && git init -q && "${gitc[@]}" add -A -f . &&
		"${gitc[@]}" commit -q -m "Linux $(tree_version .)" && git tag pristine &&
		"${gitc[@]}" am -q --committer-date-is-author-date "$tmp/fp-in"/0*.patch &&
		"${gitc[@]}" format-patch -q --cover-letter --no-signature -o "$tmp/fp" pristine..HEAD) \
		>"$tmp/fp.log" 2>&1; then
		echo "$prog: git am / git format-patch failed:" >&2
		tail -n 20 "$tmp/fp.log" >&2
		exit 1
	fi
	mapfile -t fp < <(cd "$tmp/fp" && ls 0*.patch | grep -v '^0000-')
	((${#fp[@]} == ${#series[@]})) ||
		{ echo "$prog: git format-patch wrote ${#fp[@]} patches for ${#series[@]}" >&2; exit 1; }
	cover=$pdir/cover-letter
	[[ -f $cover ]] || { echo "$prog: ${cover#"$top"/}: missing" >&2; exit 1; }
	# The notes of every patch, for the cover letter
	: >"$tmp/allnotes"
	for ((j = 0; j < ${#fp[@]}; j++)); do
		name=$(sed -n "$((j + 1))p" "$out/series")
		[[ -s $tmp/notes-$name ]] || continue
		printf '%s\n' "${fp[j]%.patch}:" >>"$tmp/allnotes"
		sed 's/^/  /' "$tmp/notes-$name" >>"$tmp/allnotes"
	done
	subject=$(head -n 1 "$cover")
	# the figures: bench/report.py --kver 7.3 writes their block in bench/results-7.3.md
	awk '/^<!-- cover-letter figures -->$/ { f = 1; next } /^<!-- end of cover-letter figures -->$/ { f = 0 }
		f' bench/results-7.3.md >"$tmp/figures" 2>/dev/null || true
	[[ -s $tmp/figures ]] || echo "(no make bench KVER=7.3 run yet: no bench/results-7.3.md)" >"$tmp/figures"
	awk -v subj="$subject" -v body="$cover" -v notes="$tmp/allnotes" -v figures="$tmp/figures" '
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
		/^\*\*\* BLURB HERE \*\*\*$/ {
			n = 0
			while ((getline l < body) > 0) {
				if (n++ == 0) continue	# the subject line
				if (n == 2 && l == "") continue
				if (l == "@CHECKPATCH@") {
					while ((getline m < notes) > 0) print m
					continue
				}
				if (l == "@FIGURES@") {
					while ((getline m < figures) > 0) print m
					continue
				}
				print l
			}
			next
		}
		{ print }' "$tmp/fp/0000-cover-letter.patch" >"$tmp/cover"
	rm -f "$out"/0*.patch "$out/series"
	cp "$tmp/cover" "$out/0000-cover-letter.patch"
	for ((j = 0; j < ${#fp[@]}; j++)); do
		name=$(printf '%s\n' "${series[@]}" | sed -n "$((j + 1))p")
		name=$(printf '%04d-%s' "$((j + 1))" "${name#[0-9][0-9][0-9][0-9]-}")
		# the notes again below ---, before the diffstat (git am dropped them)
		awk -v notes="$tmp/notes-$name" '
			!done && /^---$/ { print; while ((getline l < notes) > 0) { print l; had = 1 }
				if (had) print ""; done = 1; next }
			{ print }' "$tmp/fp/${fp[j]}" >"$out/${fp[j]}"
		echo "${fp[j]}" >>"$out/series"
	done
	echo "$prog: git format-patch: $(wc -l <"$out/series") patches and 0000-cover-letter.patch"
fi

if ((check)); then
	echo "$prog: checking the series with quilt on a fresh linux-source-$kver"
	mkdir -p "$tmp/q" "$tmp/m"
	tar -C "$tmp/q" --strip-components=1 -xf "$tarball"
	tar -C "$tmp/m" --strip-components=1 -xf "$tarball"
	(cd "$tmp/q" && QUILT_PATCHES="$out" quilt push -a -q >/dev/null) ||
		{ echo "$prog: quilt push -a failed" >&2; exit 1; }
	mk/apply.sh "$tmp/m" >/dev/null
	# Compare every file the series touches (a full-tree diff is minutes here).
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$out"/*.patch | sort -u >"$tmp/touched"
	: >"$tmp/diffs"
	while read -r f; do
		cmp -s "$tmp/q/$f" "$tmp/m/$f" || echo "$f differs" >>"$tmp/diffs"
	done <"$tmp/touched"
	if [[ -s $tmp/diffs ]]; then
		echo "$prog: the exported series and mk/apply.sh give different trees:" >&2
		head -n 20 "$tmp/diffs" >&2
		exit 1
	fi
	echo "$prog: quilt push -a gives the same tree as mk/apply.sh"
	# git am on a git repository of the pristine tree (Debian's .gitignore ignores "/*").
	# No automatic gc: a detached one would still be writing there when the trap removes $tmp.
	mkdir -p "$tmp/g"
	tar -C "$tmp/g" --strip-components=1 -xf "$tarball"
	if (cd "$tmp/g" && git init -q && git config gc.auto 0 && git add -A -f . && git -c user.name=check \
		-c user.email=check@invalid commit -q -m pristine && git -c user.name=check \
		-c user.email=check@invalid am -q $(sed "s|^|$out/|" "$out/series")) >"$tmp/gitam.log" 2>&1; then
		echo "$prog: git am applies all ${#series[@]} patches"
	else
		echo "$prog: git am failed:" >&2
		tail -n 20 "$tmp/gitam.log" >&2
		exit 1
	fi
fi
echo "$prog: ${#series[@]} patches in $out"
