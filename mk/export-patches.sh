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
come first and carry no new files.  The new files are assigned to patches by path:

  1 Montgomery + DSA   crypto/{,tests/}{mont,dsa}*, include/crypto/{mont,dsa}.h
  2 RSASSA             crypto/{,tests/}rsassa*, include/crypto/rsassa.h
  3 Ed25519            crypto/{,tests/}ed25519*, include/crypto/ed25519.h
  4 raw ECDSA          crypto/{,tests/}ecdsa_raw*, include/crypto/ecdsa_raw.h
 10 SHAKE + ML-DSA     crypto/{shake,mldsa}*, crypto/tests/{shake,mldsa}*,
                       include/crypto/{shake,mldsa}.h (after patch 4 in the series)
 13 Ed448              crypto/{,tests/}ed448*, crypto/tests/.kunitconfig, include/crypto/ed448.h
                       (after patch 10)
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
tarball=/usr/src/linux-source-$kver.tar.xz
if [[ $kver == 6.12 ]]; then
	out=${1:-$top/out/patches}
else
	out=${1:-$top/out/patches-$kver}
fi

group_of() {
	case $1 in
	# each algorithm with its KUnit suite and vectors in crypto/tests/
	crypto/mont*|crypto/dsa*|crypto/tests/mont*|crypto/tests/dsa*) echo 1 ;;
	include/crypto/mont.h|include/crypto/dsa.h) echo 1 ;;
	crypto/rsassa*|crypto/tests/rsassa*|include/crypto/rsassa.h) echo 2 ;;
	crypto/ed25519*|crypto/tests/ed25519*|include/crypto/ed25519.h) echo 3 ;;
	crypto/ecdsa_raw*|crypto/tests/ecdsa_raw*|include/crypto/ecdsa_raw.h) echo 4 ;;
	crypto/shake*|crypto/mldsa*|include/crypto/shake.h|include/crypto/mldsa.h) echo 10 ;;
	crypto/tests/shake*|crypto/tests/mldsa*) echo 10 ;;
	crypto/ed448*|crypto/tests/ed448*|include/crypto/ed448.h) echo 13 ;;
	# crypto/tests/.kunitconfig runs every algorithm's suite: it comes with the last
	# patch of the series that adds one (13 follows 10, which follows 4, in the series)
	crypto/tests/.kunitconfig) echo 13 ;;
	crypto/pgp/*|include/crypto/pgp.h) echo 5 ;;
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
mapfile -t files < <(git ls-files certs crypto include kernel security scripts Documentation)
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
	printf '%s: %s (%d new files)\n' "$prog" "$name" "$(grep -c '^new file mode' "$tmp/new.diff" || true)"
done

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
		-c user.email=check@invalid am -q "$out"/0*.patch) >"$tmp/gitam.log" 2>&1; then
		echo "$prog: git am applies all ${#series[@]} patches"
	else
		echo "$prog: git am failed:" >&2
		tail -n 20 "$tmp/gitam.log" >&2
		exit 1
	fi
fi
echo "$prog: ${#series[@]} patches in $out"
