#!/usr/bin/env bash
# Host test: the version and architecture plumbing of make check-matrix, without a kernel build.
#  - mk/apply.sh picks patches/series for 6.12.x, patches/6.1/series for 6.1.x and
#    patches/7.3/series for 7.3.x, and refuses any other version (6.10 must not pass for 6.1,
#    6.120 not for 6.12, 7.30 not for 7.3) naming what it found;
#  - mk/apply.sh never overwrites a file the tree has: a 7.3 tree holding one of the new files
#    is refused, naming it, and left as it was; none of the 7.3 series' new files is in
#    Debian's linux-source-7.3 (its own crypto/mldsa.c and include/crypto/mldsa.h among
#    them), and a copy of this checkout with the verifier under 7.3's names
#    (crypto/mldsa.c, include/crypto/mldsa.h) is refused on that tree, naming both (a skip
#    without the 7.3 tarball: mk/linux-source.sh 7.3 fetches it);
#  - every entry of each series exists, and the 6.1 and 7.3 series use every patch of their
#    directory;
#  - make patches KVER=6.1 exports one patch per entry, the shims first without new files;
#  - mk/lib.sh names Kbuild's ARCH, the cross compiler and the boot image of each architecture;
#  - tests/elfedit.py edits a big-endian (s390x) ELF64 module as it does a little-endian one.
#  - mk/distro-config.sh counts a warning as new on a file or a line the series adds, and as
#    the kernel's own elsewhere (a crafted build log).
# MATRIX_TEST_BREAK=1 runs the same checks on copies with three defects planted (the 6.1 series
# chosen for any version starting "6.1", ELF always read little-endian, lines the patches add
# not looked at): 3, 4, 16, 17, 18 fail.
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi
top=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
elfedit=$top/tests/elfedit.py libtop=$top
if [[ ${MATRIX_TEST_BREAK:-} == 1 ]]; then
	mkdir -p "$tmp/broken/mk" "$tmp/broken/tests/lib"
	sed 's/^\t6\.1|6\.1\.\*)/\t6.1*)/' "$top/mk/lib.sh" >"$tmp/broken/mk/lib.sh"
	cp "$top/tests/elfedit.py" "$tmp/broken/tests/"
	sed "s/return '>' if data\[5\] == 2 else '<'/return '<'/" "$top/tests/lib/pgpmod.py" \
		>"$tmp/broken/tests/lib/pgpmod.py"
	sed 's/if path in ours or int(m.group(2)) in added.get(path, ()):/if path in ours:/' \
		"$top/mk/distro-config.sh" >"$tmp/broken/mk/distro-config.sh"
	. "$tmp/broken/mk/lib.sh"
	libtop=$tmp/broken
	elfedit=$tmp/broken/tests/elfedit.py
else
	. "$top/mk/lib.sh"
fi
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; [[ -n ${2:-} ]] && printf '%s\n' "$2" | head -n 12 | sed 's/^/# /'; }
check() { # check DESCRIPTION CMD...: ok when CMD succeeds
	local d=$1 out
	shift
	if out=$("$@" 2>&1); then ok "$d"; else notok "$d" "$out"; fi
}
echo "1..24"

# A tree that is only a Makefile with the version lines.
fake_tree() { # fake_tree DIR VERSION PATCHLEVEL SUBLEVEL
	mkdir -p "$1"
	printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = %s\nEXTRAVERSION =\n' "$2" "$3" "$4" >"$1/Makefile"
}
for v in 6.12.118:patches 6.1.192:patches/6.1 7.3.4:patches/7.3 6.10.3:none 6.120.1:none \
	5.10.0:none 6.2.0:none 7.30.1:none; do
	ver=${v%%:*} want=${v#*:}
	got=$(series_dir "$ver") && got=${got#"$libtop"/} || got=none
	[[ $got == "$want" ]] && ok "series for Linux $ver: $want" ||
		notok "series for Linux $ver: $want" "got $got"
done

fake_tree "$tmp/t510" 5 10 0
out=$("$top/mk/apply.sh" "$tmp/t510" 2>&1)
rc=$?
if ((rc != 0)) && grep -q 'Linux 5.10.0 found' <<<"$out" && [[ $(ls -A "$tmp/t510") == Makefile ]]; then
	ok "mk/apply.sh refuses a 5.10 tree, names its version, changes nothing"
else
	notok "mk/apply.sh refuses a 5.10 tree, names its version, changes nothing" "rc=$rc $out"
fi

# Never overwrite a file of the tree: a 7.3 tree with its own crypto/mldsa.c (not one of
# ours) and a crypto/ed448.c of its own (one of ours).
fake_tree "$tmp/t73" 7 3 4
mkdir -p "$tmp/t73/crypto"
echo "the tree's own" >"$tmp/t73/crypto/ed448.c"
echo "the tree's own" >"$tmp/t73/crypto/mldsa.c"
(cd "$tmp/t73" && find . -type f | sort | xargs sha256sum) >"$tmp/t73.before"
out=$("$top/mk/apply.sh" "$tmp/t73" 2>&1)
rc=$?
if ((rc != 0)) && grep -q 'has its own crypto/ed448.c' <<<"$out" && ! grep -q 'crypto/mldsa\.c' <<<"$out" &&
	cmp -s "$tmp/t73.before" <(cd "$tmp/t73" && find . -type f | sort | xargs sha256sum); then
	ok "mk/apply.sh refuses a 7.3 tree that has a file of the series (crypto/ed448.c), naming it, changes nothing"
else
	notok "mk/apply.sh refuses a 7.3 tree that has a file of the series, naming it, changes nothing" "rc=$rc $out"
fi
# The real 7.3 tree: none of the 7.3 series' new files is in it; a checkout with the
# verifier under 7.3's own names is refused on it (the check sees what it must).
t73=$("$top/mk/linux-source.sh" --path 7.3)
if [[ -f $t73 ]]; then
	tar -tf "$t73" | sed 's|^linux-source-7.3/||' | sort >"$tmp/t73.list"
	mapfile -t ours < <(cd "$top" && git ls-files certs crypto include kernel security scripts \
		Documentation | grep -vxF -f <(grep -v '^#' "$top/patches/7.3/omit" 2>/dev/null; echo '///'))
	clash=$(printf '%s\n' "${ours[@]}" | sort | comm -12 - "$tmp/t73.list")
	[[ -z $clash && ${#ours[@]} -gt 100 ]] &&
		ok "none of the 7.3 series' ${#ours[@]} new files is in linux-source-7.3" ||
		notok "none of the 7.3 series' new files is in linux-source-7.3" "$clash"
	mkdir -p "$tmp/mut73" "$tmp/r73"
	(cd "$top" && git ls-files -z mk patches certs crypto include kernel security scripts Documentation |
		xargs -0 cp --parents -t "$tmp/mut73")
	mv "$tmp/mut73/crypto/mldsa_verify.c" "$tmp/mut73/crypto/mldsa.c"
	mv "$tmp/mut73/include/crypto/mldsa_verify.h" "$tmp/mut73/include/crypto/mldsa.h"
	tar -C "$tmp/r73" --strip-components=1 -xf "$t73" linux-source-7.3/Makefile \
		linux-source-7.3/crypto/mldsa.c linux-source-7.3/include/crypto/mldsa.h
	(cd "$tmp/r73" && find . -type f | sort | xargs sha256sum) >"$tmp/r73.before"
	out=$("$tmp/mut73/mk/apply.sh" "$tmp/r73" 2>&1)
	rc=$?
	if ((rc != 0)) && grep -q 'has its own crypto/mldsa.c, include/crypto/mldsa.h' <<<"$out" &&
		cmp -s "$tmp/r73.before" <(cd "$tmp/r73" && find . -type f | sort | xargs sha256sum); then
		ok "self-test: the verifier under 7.3's names is refused on linux-source-7.3, naming both files"
	else
		notok "self-test: the verifier under 7.3's names is refused on linux-source-7.3, naming both files" "rc=$rc $out"
	fi
else
	echo "ok $((n + 1)) - none of the 7.3 series' new files is in linux-source-7.3 # SKIP no $t73 (mk/linux-source.sh 7.3)"
	echo "ok $((n + 2)) - self-test: the verifier under 7.3's names is refused # SKIP no $t73"
	n=$((n + 2))
fi

missing=
for d in patches patches/6.1 patches/7.3; do
	while read -r p; do
		[[ -f $top/$d/$p ]] || missing+=" $d/$p"
	done < <(grep -v '^\s*\(#\|$\)' "$top/$d/series")
done
[[ -z $missing ]] && ok "every series entry exists" || notok "every series entry exists" "$missing"
for d in 6.1 7.3; do
	unused=
	for f in "$top"/patches/$d/*.patch; do
		grep -qx "$(basename "$f")" "$top/patches/$d/series" || unused+=" $(basename "$f")"
	done
	[[ -z $unused ]] && ok "patches/$d/series uses every patch in patches/$d/" ||
		notok "patches/$d/series uses every patch in patches/$d/" "$unused"
done

if "$top/mk/export-patches.sh" --kver 6.1 "$tmp/out61" >"$tmp/export.log" 2>&1; then
	want=$(grep -vc '^\s*\(#\|$\)' "$top/patches/6.1/series")
	got=$(wc -l <"$tmp/out61/series")
	[[ $got == "$want" ]] && ok "make patches KVER=6.1 exports $want patches" ||
		notok "make patches KVER=6.1 exports $want patches" "got $got"
	# the shims are the leading *-compat-* entries; the first other patch follows them
	nshim=$(grep -c -- '-compat-' "$tmp/out61/series")
	lead=$(head -n "$nshim" "$tmp/out61/series" | grep -c -- '-compat-')
	shim_new=$(grep -l '^new file mode' "$tmp"/out61/*-compat-*.patch 2>/dev/null | wc -l)
	last=$(grep -c '^new file mode' "$tmp/out61/$(sed -n "$((nshim + 1))p" "$tmp/out61/series")")
	((nshim > 0 && lead == nshim && shim_new == 0 && last > 0)) &&
		ok "the 6.1 shims come first with no project files; the crypto patch carries its $last" ||
		notok "the 6.1 shims come first with no project files" "shims: $nshim ($lead leading), with new files: $shim_new, next: $last"
else
	notok "make patches KVER=6.1 exports the series" "$(cat "$tmp/export.log")"
	notok "the 6.1 shims come first with no project files"
fi

check "x86_64: ARCH=x86_64, native gcc, bzImage" \
	test "$(kernel_arch x86_64) $(cross_prefix x86_64)- $(kernel_image x86_64)" == "x86_64 - arch/x86/boot/bzImage"
check "arm64: ARCH=arm64, aarch64-linux-gnu-, Image" \
	test "$(kernel_arch arm64) $(cross_prefix arm64) $(kernel_image arm64)" == "arm64 aarch64-linux-gnu- arch/arm64/boot/Image"
check "s390x: ARCH=s390, s390x-linux-gnu-, bzImage" \
	test "$(kernel_arch s390x) $(cross_prefix s390x) $(kernel_image s390x)" == "s390 s390x-linux-gnu- arch/s390/boot/bzImage"
kernel_arch mips >/dev/null && notok "an unknown architecture (mips) is refused" ||
	ok "an unknown architecture (mips) is refused"

# elfedit on both byte orders: the same module as ELF64 little- and big-endian.
python3 - "$tmp" <<'EOF' >"$tmp/elf.log" 2>&1
import struct, sys
d = sys.argv[1]
def elf(order, data_byte):
    names = b'\0.text\0.shstrtab\0'
    text = b'\x90' * 16
    shoff = 64 + len(text) + len(names)
    hdr = b'\x7fELF' + bytes([2, data_byte, 1]) + b'\0' * 9
    hdr += struct.pack(order + 'HHIQQQIHHHHHH', 1, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 3, 2)
    sh0 = b'\0' * 64
    sh1 = struct.pack(order + 'IIQQQQIIQQ', 1, 1, 6, 0, 64, len(text), 0, 0, 16, 0)
    sh2 = struct.pack(order + 'IIQQQQIIQQ', 7, 3, 0, 0, 64 + len(text), len(names), 0, 0, 1, 0)
    return hdr + text + names + sh0 + sh1 + sh2
open(d + '/le.ko', 'wb').write(elf('<', 1))
open(d + '/be.ko', 'wb').write(elf('>', 2))
EOF
le=$(python3 "$elfedit" offset "$tmp/le.ko" .text 2>&1)
be=$(python3 "$elfedit" offset "$tmp/be.ko" .text 2>&1)
[[ $le == "$be" && $le =~ ^[0-9]+$ ]] && ok "elfedit.py finds .text at the same offset in LE and BE ELF64 ($be)" ||
	notok "elfedit.py finds .text at the same offset in LE and BE ELF64" "le=$le be=$be $(cat "$tmp/elf.log")"
python3 "$elfedit" set-shdr "$tmp/be.ko" .text flags 2 >/dev/null 2>&1
flags=$(od -An -tx1 -j $((64 + 16 + 17 + 64 + 8)) -N 8 "$tmp/be.ko" | tr -d ' ')
[[ $flags == 0000000000000002 ]] && ok "elfedit.py set-shdr writes a big-endian sh_flags big-endian" ||
	notok "elfedit.py set-shdr writes a big-endian sh_flags big-endian" "sh_flags bytes: $flags"
# Warnings of a crafted build log: main.c 2275 and 1029 are lines patch 0004 adds, 2274 is
# its context, pgp_parser.c and dsa.c are the project's files, sha256_generic.c the kernel's.
cat >"$tmp/warn.log" <<'EOF'
/x/src/kernel/module/main.c:2275:9: warning: a line the series adds
/x/src/kernel/module/main.c:1029:2: warning: another line the series adds
/x/src/kernel/module/main.c:2274:9: warning: the patch's context
/x/src/crypto/pgp/pgp_parser.c:10:1: warning: a file of ours
/x/src/crypto/pgp/../../crypto/dsa.c:3:1: error: a file of ours, by a roundabout path
/x/src/crypto/sha256_generic.c:5:1: warning: the kernel's own
  CC      crypto/pgp/pgp_parser.o
EOF
out=$(PROJECT_TOP=$top bash "$libtop/mk/distro-config.sh" --selftest-classify /x/src "$top/patches" \
	"$tmp/warn.log" 2>&1)
[[ $(grep '^counts ' <<<"$out") == "counts 4 2" ]] &&
	ok "distro-config: new warnings are those on files and lines the series adds (4 of 6)" ||
	notok "distro-config: new warnings are those on files and lines the series adds (4 of 6)" "$out"
((fail == 0))
