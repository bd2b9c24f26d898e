#!/usr/bin/env bash
# make check-reproducible: two builds of one tree, bit for bit the same, with no signing key.
set -uo pipefail
prog=check-reproducible.sh

usage() {
	cat <<'EOF'
Usage: mk/check-reproducible.sh [--kver 6.12|6.1] [--no-boot] [--keep]

Builds the kernel and its modules twice from the same patched tree (build/src, or
build/src-6.1), copied into two directories of different names and depths, with
separate object directories, one build after the other (so at different times), with
the same KBUILD_BUILD_TIMESTAMP, SOURCE_DATE_EPOCH, KBUILD_BUILD_USER,
KBUILD_BUILD_HOST and KBUILD_BUILD_VERSION, no ccache and INSTALL_MOD_STRIP=1; then
"make modules_install" of each into a staging directory.  The configuration is the
option alone: tinyconfig + tests/config/base.config + tests/config/reproducible.config
(CONFIG_MODULE_HASH_LIST with its test modules and KUnit suite, CONFIG_MODULE_SIG_KEY
empty, no CONFIG_MODULE_SIG_PGP, xz-compressed modules the kernel decompresses).
Prints TAP: each build and its time; no key anywhere in either object directory
(certs/signing_key.pem, certs/signing_key.pgp, certs/pgp-gnupg) and an empty
certs/signing_key.x509; vmlinux, the boot image, System.map, modules.hashlist and every
installed file bit for bit the same (the first differing bytes are shown otherwise); the
list holds every installed module (scripts/pgp-sign-module --hash-list on the image);
on the second build, tests/kbuild/hashlist-rebuild.sh (a make with nothing changed
rewrites nothing, one source line of a module changed relists it).  Then, unless --no-boot, boots the first build under QEMU permissive (KUnit runs) and
with module.sig_enforce=1 through tests/qemu/cases-hashlist.sh's cases, a kernel
without OpenPGP: its modules load, in-kernel .ko.xz decompression, changed, stripped,
rebuilt and out-of-tree modules refused when enforcing.  The closing line is
"N passed, N failed, N skipped".  Work directory: build/repro (removed at the end
unless --keep; about 3 GiB while it runs).  Logs: build/logs/repro-*.
EOF
}

kver=6.12 boot=1 keep=0
while (($#)); do
	case $1 in
	-h|--help) usage; exit 0 ;;
	--kver) kver=${2:-}; shift ;;
	--no-boot) boot=0 ;;
	--keep) keep=1 ;;
	*) usage >&2; exit 2 ;;
	esac
	shift
done
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
# shellcheck source=mk/lib.sh
. mk/lib.sh
series_dir "$kver" >/dev/null || { echo "$prog: $kver: no series for this version" >&2; exit 2; }
# shellcheck disable=SC2154 # guest_paths sets tarball and src
guest_paths "$kver" x86_64	# src: the patched tree make check keeps
logs=$top/build/logs
work=$top/build/repro
mkdir -p "$logs"
passed=0 failed=0 skipped=0
n=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $*"; }
nok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
t_all=$(date +%s)

# the patched tree
mk/default-tree.sh "$tarball" "$src" >"$logs/repro-apply.log" 2>&1 ||
	{ nok "the patched $kver tree (log: $logs/repro-apply.log)"; echo "$passed passed, $failed failed, $skipped skipped"; exit 1; }
rm -rf "$work"
mkdir -p "$work"
# The configuration: the option alone.  (6.12 has MODULE_COMPRESS as its own switch.)
cp tests/config/reproducible.config "$work/repro.config"
[[ $kver == 6.12 ]] && printf 'CONFIG_MODULE_COMPRESS=y\nCONFIG_MODULE_COMPRESS_ALL=y\n' >>"$work/repro.config"

export KBUILD_BUILD_TIMESTAMP='2025-01-01 00:00:00 UTC' SOURCE_DATE_EPOCH=1735689600 \
	KBUILD_BUILD_USER=builder KBUILD_BUILD_HOST=reproducible KBUILD_BUILD_VERSION=1 \
	CCACHE_DISABLE=1 LC_ALL=C.UTF-8 TZ=UTC
unset KCFLAGS KAFLAGS

# build NAME SRCDIR OBJDIR: copy the tree, configure, build, install the modules
build() {
	local name=$1 s=$2 o=$3 t0 rc=0
	t0=$(date +%s)
	mkdir -p "$(dirname "$s")"
	cp -a "$src" "$s"
	{
		mk/kernel.sh --ksrc "$s" --obj "$o" --mods "$o-mods" tests/config/base.config \
			tests/config/arch-x86_64.config "$work/repro.config" &&
		make -s -C "$s" O="$o" -j2 INSTALL_MOD_STRIP=1 INSTALL_MOD_PATH="$o-staging" \
			modules_install
	} >"$logs/repro-$name.log" 2>&1 || rc=$?
	times+=("$name: $(($(date +%s) - t0)) s, started $(date -u -d "@$t0" +%H:%M:%S) UTC")
	if ((rc == 0)); then
		ok "build $name in $s, objects in $o ($(($(date +%s) - t0)) s)"
	else
		nok "build $name (log: $logs/repro-$name.log)"
		tail -n 15 "$logs/repro-$name.log" | sed 's/^/# /'
	fi
	return $rc
}
times=()
a_src=$work/a/src a_obj=$work/a/obj
b_src=$work/second-build/linux-$kver b_obj=$work/second-build/out/objects
build first "$a_src" "$a_obj"
rc_a=$?
sleep 2	# (another time)
build second "$b_src" "$b_obj"
rc_b=$?
kr=$(cat "$a_obj/include/config/kernel.release" 2>/dev/null)

# no key in either build
nokey() {
	local o=$1 f
	for f in certs/signing_key.pem certs/signing_key.pgp certs/pgp-gnupg certs/x509.genkey; do
		[[ ! -e $o/$f ]] || { echo "$o/$f exists"; return 1; }
	done
	[[ -f $o/certs/signing_key.x509 && ! -s $o/certs/signing_key.x509 ]] ||
		{ echo "$o/certs/signing_key.x509 is not empty"; return 1; }
	grep -qx 'CONFIG_MODULE_SIG_KEY=""' "$o/.config" && ! grep -q '^CONFIG_MODULE_SIG_PGP=y' "$o/.config" &&
		! grep -q '^CONFIG_MODULE_SIG_ALL=y' "$o/.config"
}
for w in first:"$a_obj" second:"$b_obj"; do
	if out=$(nokey "${w#*:}" 2>&1); then
		ok "${w%%:*} build: no signing key generated (MODULE_SIG_KEY empty, no OpenPGP, certs/signing_key.x509 empty)"
	else
		nok "${w%%:*} build: no signing key generated: $out"
	fi
done

# self-test: the key check sees a key (an object directory with certs/signing_key.pem)
mkdir -p "$work/self/certs"
: >"$work/self/certs/signing_key.x509"
: >"$work/self/certs/signing_key.pem"
printf 'CONFIG_MODULE_SIG_KEY=""\n' >"$work/self/.config"
if out=$(nokey "$work/self" 2>&1); then
	nok "self-test: an object directory with certs/signing_key.pem is not taken for one without a key"
else
	ok "self-test: an object directory with certs/signing_key.pem is seen ($out)"
fi

# bit for bit: the image, vmlinux, System.map, the list, every installed file
same() {
	local what=$1 x=$2 y=$3
	if [[ -f $x && -f $y ]] && cmp -s "$x" "$y"; then
		ok "$what: the same ($(stat -c %s "$x") bytes, sha256 $(sha256sum <"$x" | cut -c1-16)...)"
	else
		nok "$what: differs"
		cmp "$x" "$y" 2>&1 | head -n 3 | sed 's/^/# /'
	fi
}
same bzImage "$a_obj/arch/x86/boot/bzImage" "$b_obj/arch/x86/boot/bzImage"
same vmlinux "$a_obj/vmlinux" "$b_obj/vmlinux"
same System.map "$a_obj/System.map" "$b_obj/System.map"
same modules.hashlist "$a_obj/modules.hashlist" "$b_obj/modules.hashlist"
inst_a=$a_obj-staging/lib/modules/$kr inst_b=$b_obj-staging/lib/modules/$kr
diffs=$( (cd "$inst_a" 2>/dev/null && find . -type f | sort) >"$work/files-a"
	(cd "$inst_b" 2>/dev/null && find . -type f | sort) >"$work/files-b"
	diff "$work/files-a" "$work/files-b" | head -n 5
	while read -r f; do
		cmp -s "$inst_a/$f" "$inst_b/$f" || echo "$f differs"
	done <"$work/files-a")
nfiles=$(wc -l <"$work/files-a")
nko=$(grep -c '\.ko' "$work/files-a")
if [[ -z $diffs && $nko -gt 0 ]]; then
	ok "modules_install: all $nfiles installed files the same ($nko modules, .ko.xz, stripped)"
else
	nok "modules_install: installed files differ ($nko modules)"
	echo "$diffs" | head -n 10 | sed 's/^/# /'
fi
# the list of vmlinux holds each installed module, as the kernel will read it
if ((rc_a == 0)) && mapfile -t kos < <(cd "$inst_a" && find . -name '*.ko*' | sort) &&
	"$a_obj/scripts/pgp-sign-module" --hash-list "$a_obj/arch/x86/boot/bzImage" -q \
		"${kos[@]/#/$inst_a/}" >"$work/list.out" 2>&1; then
	ok "the list in bzImage holds all ${#kos[@]} installed modules (pgp-sign-module --hash-list)"
else
	nok "the list in bzImage holds the installed modules"
	sed 's/^/# /' "$work/list.out" | head
fi
# Kbuild of the list, on the second build (its tree is a scratch copy): a make with nothing
# changed rewrites nothing; one source line changed relists that module, then nothing again.
if ((rc_b == 0)); then
	tests/kbuild/hashlist-rebuild.sh "$b_src" "$b_obj" tests/config/base.config \
		tests/config/arch-x86_64.config "$work/repro.config" >"$logs/repro-rebuild.log" 2>&1
	count tap "$logs/repro-rebuild.log"
else
	n=$((n + 1)) skipped=$((skipped + 1))
	echo "ok $n - Kbuild of the list after a change (tests/kbuild/hashlist-rebuild.sh) # SKIP the build failed"
fi
# self-test: the second build changed (one source line of a module) is seen to differ
differs() {
	local what=$1 x=$2 y=$3
	if [[ -f $x && -f $y ]] && ! cmp -s "$x" "$y"; then
		ok "self-test: $what of the second build, one module source line changed since, differs from the first ($(cmp "$x" "$y" 2>&1 | head -n 1 | sed 's/.*differ: //'))"
	else
		nok "self-test: $what of the second build, one module source line changed since, differs from the first"
	fi
}
if ((rc_b == 0)); then
	differs vmlinux "$a_obj/vmlinux" "$b_obj/vmlinux"
	differs modules.hashlist "$a_obj/modules.hashlist" "$b_obj/modules.hashlist"
fi
listsz=$(stat -c %s "$a_obj/modules.hashlist" 2>/dev/null || echo 0)
echo "# list: $listsz bytes for $nko modules (64 + 32 per module); times: ${times[*]}"

# the first build booted: a kernel with the list and without OpenPGP
if ((boot && rc_a == 0)); then
	cases=$work/cases cpio=$work/initramfs.cpio
	mkdir -p "$cases/mods"
	: >"$cases/cases.list"
	if { make -s -C "$a_obj" M="$a_obj-mods" -j2 modules >"$logs/repro-cases.log" 2>&1 &&
	     tests/qemu/cases-hashlist.sh "$a_obj" "$a_obj-mods/pgptest.ko" "$cases" \
		>>"$logs/repro-cases.log" 2>&1 &&
	     mk/initramfs.sh "$cases" "$cpio" >>"$logs/repro-cases.log" 2>&1; }; then
		ok "guest cases of the list for the kernel without OpenPGP ($(grep -c . "$cases/cases.list") cases)"
		for b in permissive enforce; do
			# shellcheck disable=SC2046 # boot_args is a word list
			mk/qemu.sh --timeout 1800 "$a_obj/arch/x86/boot/bzImage" "$cpio" \
				"$logs/repro-console-$b.log" $(boot_args "$b") >"$logs/repro-boot-$b.log" 2>&1
			mode=console
			[[ $b == permissive ]] && mode=console-kunit
			count "$mode" "$logs/repro-console-$b.log"
		done
	else
		nok "guest cases of the list for the kernel without OpenPGP (log: $logs/repro-cases.log)"
		tail -n 15 "$logs/repro-cases.log" | sed 's/^/# /'
	fi
else
	n=$((n + 1)) skipped=$((skipped + 1))
	echo "ok $n - guest boots of the first build # SKIP $( ((boot)) && echo 'the build failed' || echo --no-boot)"
fi
((keep)) || rm -rf "$work"
echo "== times: ${times[*]}; total $(($(date +%s) - t_all)) s"
echo "$passed passed, $failed failed, $skipped skipped"
((failed == 0))
