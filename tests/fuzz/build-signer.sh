#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build and run the libFuzzer targets of scripts/pgp-sign-module's parsers.
set -euo pipefail

prog=${0##*/}
usage() {
	cat <<USAGE
Usage: tests/fuzz/$prog [--time SECONDS] [--no-run] [--out DIR]

Builds tests/fuzz/fuzz_signer_*.c with clang -fsanitize=fuzzer,address,undefined,
one target per parser of untrusted input the tool keeps (gpg-agent's Assuan
lines, S-expressions, ASCII armour, the module and its placeholder, a secret
key's protection fields), each
linked with the tool's objects as scripts/pgp-sign-module-build.sh --objects
builds them (scripts/pgp-sign/*.c but main.c, and the kernel's module_sig
locator and OpenPGP code through scripts/pgp-shim). Every target checks the
tool's buffer invariants after each operation (tests/fuzz/fuzz_signer.h).
Then runs each target for SECONDS (default 60) on a working corpus
DIR/corpus-<target>, with the committed corpus tests/fuzz/corpus/signer_*
and seeds made here (DIR/seeds: a real module from gcc, a signed one and
armour when gpg is present, agent answers). Exits non-zero if a build fails or a target crashes.

  --time SECONDS  run time per target (0 = build only)
  --no-run        same as --time 0
  --out DIR       output directory (default tests/fuzz/out/signer)
  --help          this text
Environment: CLANG (default clang), FUZZ_ARGS (extra libFuzzer flags).
USAGE
}

top=$(cd "$(dirname "$0")/../.." && pwd)
secs=60
out=$top/tests/fuzz/out/signer
# shellcheck source=tests/fuzz/args.sh
. "$(dirname "$0")/args.sh"
fuzz_args "$@"

clang=${CLANG:-clang}
command -v "$clang" >/dev/null || { echo "$prog: $clang: not found (libFuzzer needs clang)" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)

# shellcheck disable=SC2054 # commas belong to -fsanitize=
cflags=(-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
	-fno-omit-frame-pointer -Wall -Wno-unused-function -Wno-unused-parameter
	-DS2K_ARGON2_MAX_LOG_KIB=10 -DS2K_ARGON2_MAX_WORK_KIB=4096)
mapfile -t objs < <(HOSTCC=$clang bash "$top/scripts/pgp-sign-module-build.sh" --objects \
	"$out/tool" "${cflags[@]/-fsanitize=fuzzer,/-fsanitize=fuzzer-no-link,}")
((${#objs[@]} > 0)) || { echo "$prog: the tool's objects: build failed" >&2; exit 1; }
lzma=()
if pkg-config --exists liblzma 2> /dev/null; then
	read -r -a lzma <<< "-DPGP_SIGN_LIBLZMA $(pkg-config --cflags --libs liblzma)"
fi
targets=()
for f in "$top"/tests/fuzz/fuzz_signer_*.c; do
	name=$(basename "$f" .c)
	echo "[build] $name"
	"$clang" "${cflags[@]}" -o "$out/$name" "$f" "${objs[@]}" "${lzma[@]}" -lcrypto ||
		{ echo "$prog: $name: build failed" >&2; exit 1; }
	targets+=("$name")
done

# Seeds (made here, not checked in): agent answers, S-expressions, modules, armour.
seeds=$out/seeds
rm -rf "$seeds"
mkdir -p "$seeds/assuan" "$seeds/sexp" "$seeds/elf" "$seeds/armour" "$seeds/s2k"
# protection fields after the usage octet (the first octet: 0 AEAD 253, 1 CFB 254):
# Argon2 with OCB, iterated and salted with GCM, iterated and salted with CFB
hexseed() { printf %s "$2" | xxd -r -p > "$seeds/s2k/$1"; }
hexseed argon2-ocb 00260902140405050505050505050505050505050505020205000000000000000000000000000000111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
hexseed iter-gcm 001a09030b0308080808080808080810000000000000000000000000222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222
hexseed iter-cfb 011d090b03080808080808080808100000000000000000000000000000000033333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333
# the reviewer's armour: padding past the data (the heap write of finding 1)
printf -- '-----BEGIN PGP SIGNATURE-----\n\nQU==========\n=AAAA\n-----END PGP SIGNATURE-----\n' \
	> "$seeds/armour/pads"
printf -- '-----BEGIN PGP SIGNATURE-----\n\nQUJD\n=AAAA\n-----END PGP SIGNATURE-----\n' \
	> "$seeds/armour/crc"
printf 'OK Pleased to meet you' > "$seeds/assuan/ok"
printf 'ERR 67108881 No secret key <GPG Agent>' > "$seeds/assuan/err"
printf 'S KEYINFO 0123456789ABCDEF0123456789ABCDEF01234567 D - - - C - - -' > "$seeds/assuan/keyinfo"
printf 'INQUIRE PASSPHRASE' > "$seeds/assuan/inquire"
printf 'D (7:sig-val(5:eddsa(1:r4:%%25ab)(1:s4:cd%%0Aq)))' > "$seeds/assuan/d-eddsa"
printf '(7:sig-val(3:rsa(1:s8:abcdefgh)))' > "$seeds/sexp/rsa"
printf '(7:sig-val(5:flags5:eddsa)(5:eddsa(1:r4:abcd)(1:s4:efgh)))' > "$seeds/sexp/eddsa"
printf '(7:sig-val(3:dsa(1:r3:abc)(1:s3:def)))' > "$seeds/sexp/dsa"
# a value longer than an MPI's two-octet bit count can describe (65535 bits)
python3 -c 'import sys; sys.stdout.buffer.write(b"(7:sig-val(5:eddsa(1:r1:A)(1:s8200:" + b"\xff" * 8200 + b")))")' \
	> "$seeds/sexp/huge"
if command -v gcc > /dev/null; then
	gcc -O2 -c -o "$seeds/elf/testmod.ko" "$top/tests/host/sign/testmod.c" 2> /dev/null || true
	i686-linux-gnu-gcc -O2 -c -o "$seeds/elf/testmod32.ko" "$top/tests/host/sign/testmod.c" 2> /dev/null ||
		gcc -m32 -O2 -c -o "$seeds/elf/testmod32.ko" "$top/tests/host/sign/testmod.c" 2> /dev/null || true
fi
if [ -f "$seeds/elf/testmod.ko" ] && command -v gpg > /dev/null; then
	g=$out/gnupg
	rm -rf "$g"
	mkdir -m 700 "$g"
	if gpg --homedir "$g" --batch --pinentry-mode loopback --passphrase '' \
		--quick-gen-key "fuzz <fuzz@example.org>" ed25519 sign never > /dev/null 2>&1; then
		cp "$seeds/elf/testmod.ko" "$seeds/elf/signed.ko"
		# (the program sign-module.sh runs, built for this: PGP_SIGN_MODULE)
		# shellcheck source=tests/lib/tool.sh
		. "$top/tests/lib/tool.sh"
		{ sign_tool "$g/tool" 2> /dev/null &&
		  "$top/scripts/sign-module.sh" -q --homedir "$g" "$seeds/elf/signed.ko" 2> /dev/null; } ||
			rm -f "$seeds/elf/signed.ko"
		gpg --homedir "$g" --batch --export --armor > "$seeds/armour/key.asc" 2> /dev/null || true
		printf 'data\n' | gpg --homedir "$g" --batch --armor --detach-sign \
			> "$seeds/armour/sig.asc" 2> /dev/null || true
	fi
	gpgconf --homedir "$g" --kill gpg-agent > /dev/null 2>&1 || true
	rm -rf "$g"
fi

[ "$secs" -gt 0 ] || exit 0

status=0
for name in "${targets[@]}"; do
	corpus=$out/corpus-$name
	log=$out/$name.log
	mkdir -p "$corpus"
	echo "[run] $name for ${secs}s"
	# shellcheck disable=SC2086
	if (cd "$out" && ASAN_OPTIONS=detect_leaks=1 "./$name" -max_total_time="$secs" \
		-timeout=10 -rss_limit_mb=2048 -max_len=70000 -print_final_stats=1 \
		${FUZZ_ARGS:-} "$corpus" "$top/tests/fuzz/corpus/signer_${name#fuzz_signer_}" \
		"$seeds/${name#fuzz_signer_}" >"$log" 2>&1); then
		execs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
		rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log")
		cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -o 'cov: [0-9]*' | awk '{ print $2 }')
		echo "$name: ${secs}s, $execs execs, $rate exec/s, cov $cov, no crash"
	else
		echo "$prog: $name: crash or error; see $log" >&2
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -10 >&2
		status=1
	fi
done
exit "$status"
