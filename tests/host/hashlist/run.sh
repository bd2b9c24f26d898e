#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of the list of a build's module hashes: the kernel's code on the host and
# the tool that makes, fills and checks lists (TAP).
set -uo pipefail
prog=run.sh

usage() {
	cat <<'USAGE'
Usage: tests/host/hashlist/run.sh [--quick]

Builds with ASan and UBSan, through scripts/pgp-shim and tests/compat:
  * the KUnit suite kernel/module/tests/hash_list_kunit.c, run on the host
    (kernel/module/hash_list.c, hash_list_parse.c, signing_pgp_elf.c);
  * scripts/pgp-sign-module (with the kernel's list code compiled in), then checks
    its list commands: --hash-list-room (assembled, the room parses, size 64 + 32 N),
    --hash-list-make (sorted, duplicates once, capacity, every module checks as
    listed, a changed byte and another module not; modules not built in a tree and
    malformed module_sig refused; --strip as modules_install strips, --placeholder
    as sign-module.sh --reserve leaves the room: a signed module stays listed),
    --hash-list-fill (the one room of an image replaced, left alone when it holds
    the list, no room, two rooms and too little room refused), --hash-list on a
    list file, an image, its gzip, xz and zstd, .ko.xz modules, an appended PKCS#7
    part, and its exit codes; scripts/verify-module.sh --hash-list on an image and a list;
  * the mutants of tests/host/hashlist/mutants.txt: each must fail the KUnit suite
    (--quick leaves them out).
Prints TAP; exits non-zero on any failure.  Environment: CC (default clang, else gcc).
USAGE
}

quick=0
case ${1:-} in
-h|--help) usage; exit 0 ;;
--quick) quick=1 ;;
"") ;;
*) usage >&2; exit 2 ;;
esac

top=$(cd "$(dirname "$0")/../../.." && pwd)
here=$top/tests/host/hashlist
T=$(mktemp -d)
export GNUPGHOME=$T/gnupg
mkdir -m 700 "$GNUPGHOME"
trap 'gpgconf --kill gpg-agent >/dev/null 2>&1; rm -rf "$T"' EXIT
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
# shellcheck source=tests/lib/plan.sh
. "$top/tests/lib/plan.sh"
plan_first 69

cc=${CC:-}
[[ -n $cc ]] || { command -v clang >/dev/null && cc=clang || cc=gcc; }
# shellcheck disable=SC2054  # the commas belong to -fsanitize=
cflags=(-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
	-Wall -Wno-format -I"$top/scripts/pgp-shim/module" -I"$top/scripts/pgp-shim/module/tests"
	-I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include"
	-DCONFIG_64BIT=1 -DCONFIG_KUNIT=1 -DCONFIG_SYSTEM_BLACKLIST_KEYRING=1)
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# kunit_build DIR OUT: the suite from the kernel files under DIR (the tree or a mutant's
# copy); each object compiled once into $T/obj, a mutant's file again
kunit_srcs=(kernel/module/tests/hash_list_kunit.c kernel/module/hash_list.c
	kernel/module/hash_list_parse.c kernel/module/signing_pgp_elf.c)
kunit_build() {
	local dir=$1 out=$2 s o objs=()
	mkdir -p "$T/obj"
	for s in "${kunit_srcs[@]}" tests/host/hashlist/kunit_stubs.c scripts/pgp-shim/compat.c \
		scripts/pgp-shim/shash_openssl.c tests/compat/kunit_main.c; do
		o=$T/obj/${s//\//_}.o
		if [[ -f $dir/$s ]] && ! cmp -s "$dir/$s" "$top/$s"; then
			o=$dir/${s//\//_}.o
			"$cc" "${cflags[@]}" -c -o "$o" "$dir/$s" || return 1
		elif [[ ! -f $o ]]; then
			"$cc" "${cflags[@]}" -c -o "$o" "$top/$s" || return 1
		fi
		objs+=("$o")
	done
	"$cc" "${cflags[@]}" -o "$out" "${objs[@]}" -lcrypto
}

# ---- the KUnit suite on the host ----
if kunit_build "$top" "$T/kunit" >"$T/kunit.build" 2>&1; then
	timeout 300 "$T/kunit" >"$T/kunit.tap" 2>&1
	rc=$?
	cases=$(grep -cE '^    (not )?ok ' "$T/kunit.tap")
	while IFS= read -r line; do
		case $line in
		"    ok "*) ok "kunit module_hash_list: ${line#*ok [0-9]* }" ;;
		"    not ok "*) nok "kunit module_hash_list: ${line#*not ok [0-9]* }" ;;
		esac
	done <"$T/kunit.tap"
	if ((rc != 0 || cases != 8)); then
		nok "kunit module_hash_list: runner exited $rc after $cases of 8 cases"
		sed 's/^/# /' "$T/kunit.tap" | tail -n 20
	else
		ok "kunit module_hash_list: 8 cases, runner exit 0"
	fi
else
	nok "kunit module_hash_list: build for the host"
	sed 's/^/# /' "$T/kunit.build" | head -n 20
	for i in 1 2 3 4 5 6 7 8; do nok "kunit module_hash_list: case $i not run"; done
fi

# ---- the tool ----
tool=$T/pgp-sign-module
if HOSTCC=$cc bash "$top/scripts/pgp-sign-module-build.sh" "$tool" -g \
	-fsanitize=address,undefined -fno-sanitize-recover=all >"$T/tool.build" 2>&1; then
	ok "pgp-sign-module builds with the list code ($cc, ASan+UBSan)"
else
	nok "pgp-sign-module builds with the list code ($cc, ASan+UBSan)"
	sed 's/^/# /' "$T/tool.build" | tail -n 20
	plan_check
	exit 1
fi
export PGP_SIGN_MODULE=$tool

# rc WANT CMD...: CMD's exit status must be WANT (its output in $T/out)
rc() {
	local want=$1 got=0
	shift
	"$@" >"$T/out" 2>&1 || got=$?
	[[ $got == "$want" ]] || { echo "exit $got, want $want"; cat "$T/out"; return 1; }
}
# has REGEX: the last command's output matches
has() { grep -Eq -- "$1" "$T/out" || { echo "no match for: $1"; cat "$T/out"; return 1; }; }

# modules: ET_REL objects with .modinfo; NAME INFO [CFLAGS]
mkmod() {
	local name=$1 info=$2
	shift 2
	printf 'static const char info[] __attribute__((section(".modinfo"), used)) = "%s";\nint %s_v = 42;\nint %s_fn(int x) { return x + %s_v; }\n' \
		"$info" "$name" "$name" "$name" >"$T/$name.c"
	gcc -c "$@" -o "$T/$name.ko" "$T/$name.c"
}
mkmod ma 'license=GPL\0intree=Y\0name=ma' -g
mkmod mb 'license=GPL\0intree=Y\0name=mb'
mkmod mc 'license=GPL\0intree=Y\0name=mc'
mkmod oot 'license=GPL\0name=oot'
cp "$T/mb.ko" "$T/mb-copy.ko"	# the same bytes twice: one entry

# --hash-list-room: assembled, the room a valid empty list
roomtest() {
	local n=$1
	"$tool" --hash-list-room "$n" >"$T/room.S" && gcc -c -o "$T/room.o" "$T/room.S" &&
	objcopy -O binary -j .rodata "$T/room.o" "$T/room.bin" &&
	[[ $(stat -c %s "$T/room.bin") == $((64 + 32 * n)) ]] &&
	rc 1 "$tool" --hash-list "$T/room.bin" "$T/ma.ko" && has "of 0 modules" &&
	has "not in the hash list"
}
check "--hash-list-room 0: assembles to an empty list of 64 bytes" roomtest 0
check "--hash-list-room 3: assembles to an empty list of 64 + 96 bytes, which checks nothing as listed" \
	roomtest 3
check "--hash-list-room refuses a count above 2^20" rc 2 "$tool" --hash-list-room 1048577

# --hash-list-make and --hash-list on the list file
check "--hash-list-make: four modules, one duplicate, room for 6" \
	rc 0 "$tool" --hash-list-make "$T/l.list" --capacity 6 "$T/ma.ko" "$T/mb.ko" "$T/mc.ko" \
	"$T/mb-copy.ko"
check "the list: 3 entries, room for 6 (64 + 6 x 32 bytes)" \
	test "$(stat -c %s "$T/l.list")" = $((64 + 6 * 32))
check "--hash-list: each module is in the hash list of this kernel, exit 0" \
	rc 0 "$tool" --hash-list "$T/l.list" "$T/ma.ko" "$T/mb.ko" "$T/mc.ko"
check "... says 'in the hash list of this kernel' for each, and the count 3" \
	eval 'has "ma.ko: in the hash list of this kernel \(sha256 [0-9A-F]{64}\)" && has "of 3 modules"'
check "the listed hash is the SHA-256 of the module (sha256sum)" \
	eval 'has "ma.ko: in the hash list of this kernel \(sha256 $(sha256sum "$T/ma.ko" | cut -c1-64 | tr a-f A-F)\)"'
cp "$T/mc.ko" "$T/mc-changed.ko"
printf '\x01' | dd of="$T/mc-changed.ko" bs=1 seek=100 conv=notrunc status=none
check "a module with one byte changed: not in the list, exit 1, its reason" \
	eval 'rc 1 "$tool" --hash-list "$T/l.list" "$T/mc-changed.ko" && has "not in the hash list of this kernel \(sha256 [0-9A-F]{64}\): changed, stripped or rebuilt"'
check "--quiet: only the module that is not listed" \
	eval 'rc 1 "$tool" --hash-list "$T/l.list" --quiet "$T/ma.ko" "$T/mc-changed.ko" && [[ $(wc -l <"$T/out") == 1 ]] && has mc-changed'
check "a module not built in a kernel tree (no intree=Y): not in the list, its reason" \
	eval 'rc 1 "$tool" --hash-list "$T/l.list" "$T/oot.ko" && has "not built in a kernel tree"'
check "--hash-list-make refuses it (the kernel would never look it up)" \
	eval 'rc 1 "$tool" --hash-list-make "$T/x.list" "$T/ma.ko" "$T/oot.ko" && has "oot.ko: not built in a kernel tree" && test ! -e "$T/x.list"'
check "--hash-list-make: more modules than --capacity refused" \
	rc 1 "$tool" --hash-list-make "$T/x.list" --capacity 1 "$T/ma.ko" "$T/mb.ko"
printf '%s\n%s  %s\n' "$T/ma.ko" "$T/mb.ko" "$T/mc.ko" >"$T/files"
check "--files: the names from a file give the same list" \
	eval '"$tool" --hash-list-make "$T/f.list" --capacity 6 --files "$T/files" && cmp "$T/f.list" "$T/l.list"'
check "--hash-list --files: all listed" rc 0 "$tool" --hash-list "$T/l.list" --files "$T/files"

# what the kernel reads: decompressed, without an appended PKCS#7 part, module_sig as zeros
xz -k -c "$T/ma.ko" >"$T/ma.ko.xz"
check ".ko.xz: the decompressed module is listed" rc 0 "$tool" --hash-list "$T/l.list" "$T/ma.ko.xz"
{ cat "$T/mb.ko"; head -c 40 /dev/urandom
  printf '\0\0\x02\0\0\0\0\0\0\0\0\x28~Module signature appended~\n'; } >"$T/mb-pkcs7.ko"
check "an appended PKCS#7 part is not hashed (as the loader strips it)" \
	rc 0 "$tool" --hash-list "$T/l.list" "$T/mb-pkcs7.ko"
# the kernel's reading of an appended block (mod_check_sig()), rule for rule
{ cat "$T/mb.ko"; head -c 40 /dev/urandom
  printf '\0\0\x01\0\0\0\0\0\0\0\0\x28~Module signature appended~\n'; } >"$T/mb-type1.ko"
check "an appended block that is not PKCS#7 (id_type 1): the kernel removes its marker alone (ENOPKG): not listed" \
	eval 'rc 1 "$tool" --hash-list "$T/l.list" "$T/mb-type1.ko" && has "not PKCS#7" && has "not in the hash list"'
{ cat "$T/mb.ko"; head -c 40 /dev/urandom
  printf '\x01\0\x02\0\0\0\0\0\0\0\0\x28~Module signature appended~\n'; } >"$T/mb-p7algo.ko"
check "an appended PKCS#7 block with a non-zero parameter (algo): refused, EBADMSG" \
	eval 'rc 1 "$tool" --hash-list "$T/l.list" "$T/mb-p7algo.ko" && has "the kernel refuses the module \(EBADMSG\)"'
# a signature length that takes all before the block: the kernel's bound is >=
all=$(($(stat -c %s "$T/mb.ko") + 40))
{ cat "$T/mb.ko"; head -c 40 /dev/urandom
  printf '\0\0\x02\0\0\0\0\0'; python3 -c 'import struct, sys; sys.stdout.buffer.write(struct.pack(">I", int(sys.argv[1])))' "$all"
  printf '~Module signature appended~\n'; } >"$T/mb-p7all.ko"
check "an appended PKCS#7 block whose length is all that precedes it: refused, EBADMSG (>=, as the kernel)" \
	eval 'rc 1 "$tool" --hash-list "$T/l.list" "$T/mb-p7all.ko" && has "EBADMSG"'
printf 'OPGPMSIG\001\0\0\0\0\0\0\010\302\302\302\302\302\302\302\302' >"$T/sig"
head -c 40 /dev/zero >>"$T/sig"
objcopy --add-section module_sig="$T/sig" "$T/mc.ko" "$T/mc-sig.ko"
head -c 64 /dev/zero >"$T/sig0"
objcopy --add-section module_sig="$T/sig0" "$T/mc.ko" "$T/mc-room.ko"
check "a list made with an empty module_sig lists the module with its room filled" \
	eval '"$tool" --hash-list-make "$T/r.list" "$T/mc-room.ko" && rc 1 "$tool" --hash-list "$T/r.list" "$T/mc-sig.ko" && has "^[^ ]*mc-sig.ko: listed, but refused"'
# the kernel's order: module_sig first, the list only when it gave no hard error
check "listed, but the room holds malformed packets: refused first (EBADMSG), as the kernel does" \
	eval 'rc 1 "$tool" --hash-list "$T/r.list" "$T/mc-sig.ko" && has "listed, but refused: .*\(the kernel: EBADMSG\)"'
check "listed, but module_sig is an empty placeholder (never signed): refused (EBADMSG)" \
	eval 'rc 1 "$tool" --hash-list "$T/r.list" "$T/mc-room.ko" && has "listed, but refused: an empty module_sig placeholder \(not signed\) \(the kernel: EBADMSG\)"'
printf 'OPGPMSIG\002' | dd of="$T/sig" conv=notrunc status=none
objcopy --add-section module_sig="$T/sig" "$T/mc.ko" "$T/mc-badsig.ko"
check "a malformed module_sig container: never listed" \
	eval 'rc 1 "$tool" --hash-list "$T/r.list" "$T/mc-badsig.ko" && has "malformed module_sig"'

# --strip: as modules_install strips
check "--strip 'strip --strip-debug': the module stripped in place, as modules_install does" \
	rc 0 "$tool" --hash-list-make "$T/s.list" --strip "strip --strip-debug" "$T/ma.ko"
strip --strip-debug -o "$T/ma-stripped.ko" "$T/ma.ko"
check "... lists the stripped module" rc 0 "$tool" --hash-list "$T/s.list" "$T/ma-stripped.ko"
check "... and not the unstripped one (stripped after the build: not listed)" \
	rc 1 "$tool" --hash-list "$T/s.list" "$T/ma.ko"
check "--strip with a command that fails: the list is not written" \
	eval 'rc 1 "$tool" --hash-list-make "$T/x.list" --strip false "$T/ma.ko" && has "false failed" && test ! -e "$T/x.list"'

# --placeholder: the room sign-module.sh --reserve leaves; a signature in it keeps the entry
gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
	--quick-gen-key 'hashlist test <hl@test>' ed25519 sign never 2>/dev/null
check "--hash-list-make --placeholder 8192" \
	rc 0 "$tool" --hash-list-make "$T/p.list" --placeholder 8192 "$T/mb.ko"
cp "$T/mb.ko" "$T/mb-signed.ko"
cp "$T/mb.ko" "$T/mb-signed2k.ko"
if "$top/scripts/sign-module.sh" -q --reserve 8192 "$T/mb-signed.ko" >"$T/sign.log" 2>&1 &&
	"$top/scripts/sign-module.sh" -q "$T/mb-signed2k.ko" >>"$T/sign.log" 2>&1; then
	check "a module sign-module.sh --reserve 8192 signed is listed (entry and signature side by side)" \
		rc 0 "$tool" --hash-list "$T/p.list" "$T/mb-signed.ko"
	check "signed with the default room (2048): not listed" \
		rc 1 "$tool" --hash-list "$T/p.list" "$T/mb-signed2k.ko"
	check "the unsigned module is not in a list made with the room" \
		rc 1 "$tool" --hash-list "$T/p.list" "$T/mb.ko"
	# a bad signature by a trusted key: refused before the list (--keyring: the kernel's keys)
	gpg --batch --export >"$T/hl.pub" 2>/dev/null
	cp "$T/mb-signed.ko" "$T/mb-badsig.ko"
	python3 "$top/tests/elfedit.py" flip "$T/mb-badsig.ko" sig-mpi >/dev/null
	check "--keyring: a listed module whose signature by a trusted key is bad: listed, but refused (EKEYREJECTED)" \
		eval 'rc 1 "$tool" --hash-list "$T/p.list" --keyring "$T/hl.pub" "$T/mb-badsig.ko" && has "listed, but refused: .*\(the kernel: EKEYREJECTED\)"'
	check "... and without --keyring (its key unknown, ENOKEY) the list decides: listed" \
		rc 0 "$tool" --hash-list "$T/p.list" "$T/mb-badsig.ko"
	check "--keyring: a good signature by a trusted key: the kernel loads it by that" \
		eval 'rc 0 "$tool" --hash-list "$T/p.list" --keyring "$T/hl.pub" "$T/mb-signed.ko" && has "signed by [0-9A-F]* \(--keyring\)"'
	check "verify-module.sh --hash-list passes --keyring on: the same refusal" \
		eval 'rc 1 "$top/scripts/verify-module.sh" --hash-list "$T/p.list" --keyring "$T/hl.pub" "$T/mb-badsig.ko" && has "listed, but refused"'
else
	nok "sign-module.sh signs the test module"
	sed 's/^/# /' "$T/sign.log" | head
	nok "(not run) signed with the default room"
	nok "(not run) the unsigned module"
	nok "(not run) a bad signature by a trusted key"
	nok "(not run) a bad signature, no --keyring"
	nok "(not run) a good signature by a trusted key"
	nok "(not run) verify-module.sh --hash-list --keyring"
fi
check "--placeholder below the container header refused" \
	rc 2 "$tool" --hash-list-make "$T/x.list" --placeholder 8 "$T/mb.ko"

# --hash-list-fill: the room of an image
"$tool" --hash-list-room 6 >"$T/room6.S" && gcc -c -o "$T/room6.o" "$T/room6.S" &&
	objcopy -O binary -j .rodata "$T/room6.o" "$T/room6.bin"
{ head -c 4000 /dev/urandom; cat "$T/room6.bin"; head -c 3000 /dev/urandom; } >"$T/image"
cp "$T/image" "$T/image.orig"
chmod 0751 "$T/image"
check "--hash-list-fill: the room of an image filled" rc 0 "$tool" --hash-list-fill "$T/image" "$T/l.list"
check "... only the room's bytes changed, the mode kept" eval 'cmp -s <(head -c 4000 "$T/image") <(head -c 4000 "$T/image.orig") && cmp -s <(tail -c 3000 "$T/image") <(tail -c 3000 "$T/image.orig") && cmp -s <(tail -c +4001 "$T/image" | head -c $((64 + 6 * 32))) "$T/l.list" && test "$(stat -c %a "$T/image")" = 751'
check "the filled image checks the modules as listed" \
	rc 0 "$tool" --hash-list "$T/image" "$T/ma.ko" "$T/mb.ko" "$T/mc.ko"
touch -d '2001-01-01' "$T/image"
check "filled again with the same list: the image is left alone (its time stamp too)" \
	eval '"$tool" --hash-list-fill "$T/image" "$T/l.list" && test "$(stat -c %Y "$T/image")" = "$(date -d 2001-01-01 +%s)"'
check "a list of fewer entries fits the same room" \
	eval '"$tool" --hash-list-fill "$T/image" "$T/s.list" && rc 0 "$tool" --hash-list "$T/image" "$T/ma-stripped.ko" && rc 1 "$tool" --hash-list "$T/image" "$T/mb.ko"'
"$tool" --hash-list-room 1 >"$T/room1.S" && gcc -c -o "$T/room1.o" "$T/room1.S" &&
	objcopy -O binary -j .rodata "$T/room1.o" "$T/room1.bin"
{ head -c 100 /dev/urandom; cat "$T/room1.bin"; } >"$T/small"
check "too little room (1 for 3 entries) refused, the image left alone" \
	eval 'cp "$T/small" "$T/small.orig" && rc 1 "$tool" --hash-list-fill "$T/small" "$T/l.list" && has "room for 1" && cmp -s "$T/small" "$T/small.orig"'
check "an image without a room refused" \
	eval 'head -c 5000 /dev/urandom >"$T/noroom" && rc 1 "$tool" --hash-list-fill "$T/noroom" "$T/l.list" && has "no room"'
cat "$T/room6.bin" "$T/room6.bin" >"$T/two"
check "an image with two rooms refused" \
	eval 'rc 1 "$tool" --hash-list-fill "$T/two" "$T/l.list" && has "more than one"'
cp "$T/room6.bin" "$T/badroom"
printf '\x01' | dd of="$T/badroom" bs=1 seek=100 conv=notrunc status=none
check "a room whose digest does not match is no room" \
	eval 'rc 1 "$tool" --hash-list-fill "$T/badroom" "$T/l.list" && has "no room"'

# --hash-list on compressed images
"$tool" --hash-list-fill "$T/image" "$T/l.list"
for z in gzip xz zstd; do
	$z -c "$T/image" >"$T/image.$z"
	{ head -c 700 /dev/urandom; cat "$T/image.$z"; head -c 300 /dev/zero; } >"$T/vmlinuz.$z"
	# (zstd keeps incompressible bytes as they are: its stream may hold the list verbatim)
	if grep -q MODHLIST "$T/vmlinuz.$z"; then how="as it is"; else how="its $z stream"; fi
	check "--hash-list on an image holding its kernel as a $z stream (as bzImage does): $how" \
		eval 'rc 0 "$tool" --hash-list "$T/vmlinuz.$z" "$T/mb.ko" && has "in the hash list" && has "$how"'
done
check "an image with no list: exit 2, said so" \
	eval 'rc 2 "$tool" --hash-list "$T/noroom" "$T/mb.ko" && has "no list of module hashes"'
check "a list file cut short: no list, exit 2" \
	eval 'head -c 100 "$T/l.list" >"$T/cut.list" && rc 2 "$tool" --hash-list "$T/cut.list" "$T/mb.ko"'
check "two different lists in one image: refused, exit 2" \
	eval 'cat "$T/l.list" "$T/s.list" >"$T/twolists" && rc 2 "$tool" --hash-list "$T/twolists" "$T/mb.ko" && has "different lists"'
check "a module that cannot be read: exit 2" rc 2 "$tool" --hash-list "$T/l.list" "$T/nosuch.ko"
check "usage: --hash-list without a module, exit 2" rc 2 "$tool" --hash-list "$T/l.list"
check "usage: --strip outside --hash-list-make, exit 2" \
	rc 2 "$tool" --hash-list "$T/l.list" --strip strip "$T/ma.ko"
check "--help names the list commands" eval 'rc 0 "$tool" --help && has "--hash-list-make OUT"'
# scripts/verify-module.sh --hash-list: the tool's verdict (PGP_SIGN_MODULE names it)
check "verify-module.sh --hash-list IMAGE: 'in the hash list of this kernel', exit 0" \
	eval 'rc 0 "$top/scripts/verify-module.sh" --hash-list "$T/vmlinuz.xz" "$T/ma.ko" "$T/ma.ko.xz" && has "ma.ko: in the hash list of this kernel" && has "ma.ko.xz: in the hash list of this kernel"'
check "verify-module.sh --quiet --hash-list LIST: a changed module, exit 1, only its line" \
	eval 'rc 1 "$top/scripts/verify-module.sh" --quiet --hash-list "$T/l.list" "$T/ma.ko" "$T/mc-changed.ko" && [[ $(wc -l <"$T/out") == 1 ]] && has "mc-changed.ko: not in the hash list of this kernel"'

# ---- mutants: the KUnit suite must catch each ----
if ((quick)); then
	skip "mutants of the list code caught by the KUnit suite (--quick)"
else
	caught=0 nmut=0 missed=()
	while IFS=$'\t' read -r file expr what; do
		[[ -z $file || $file == \#* ]] && continue
		nmut=$((nmut + 1))
		m=$T/mut
		rm -rf "$m"
		mkdir -p "$m/kernel/module/tests"
		cp "$top"/kernel/module/{hash_list.c,hash_list_parse.c,hash_list.h,signing_pgp_elf.c,signing_pgp_elf.h} \
			"$m/kernel/module/"
		cp "$top/kernel/module/tests/hash_list_kunit.c" "$m/kernel/module/tests/"
		sed -z -i -e "$expr" "$m/$file"
		if cmp -s "$m/$file" "$top/$file"; then
			missed+=("$what (the expression matched nothing)")
			continue
		fi
		if ! kunit_build "$m" "$m/kunit" >/dev/null 2>&1 ||
			! timeout 120 "$m/kunit" >"$m/tap" 2>&1 ||
			grep -q '^    not ok' "$m/tap"; then
			caught=$((caught + 1))
		else
			missed+=("$what")
		fi
	done <"$here/mutants.txt"
	if ((nmut > 0 && caught == nmut)); then
		ok "mutants of the list code: $caught of $nmut caught by the KUnit suite"
	else
		nok "mutants of the list code: $caught of $nmut caught by the KUnit suite"
		printf '# missed: %s\n' "${missed[@]}"
	fi
fi

plan_check || exit 1
((failed == 0))
