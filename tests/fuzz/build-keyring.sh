#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build and smoke-run the keyring and module_sig libFuzzer targets.
set -euo pipefail
prog=build-keyring.sh

usage() {
	cat <<'EOF'
Usage: tests/fuzz/build-keyring.sh [--time SECONDS] [--no-run] [--out DIR]

Builds with clang -fsanitize=fuzzer,address,undefined, through tests/compat:
  fuzz_keyring  the built-in keyring parser, listing and lookups
                (security/pgp_keys/keyring_parse.c)
  fuzz_modsig   module_pgp_sig_locate() and module_pgp_sig_check()
                (kernel/module/signing_pgp*.c) against a gpg-made keyring
  fuzz_keyring_check  the build-time keyring check (certs/
                pgp_keyring_check.c) against the kernel's parser: what the check
                passes, the kernel must read completely
Seeds are made at run time: gpg keyrings (RSA and DSA, with a signing subkey),
ELF64/ELF32 images with a module_sig section, and objects signed with
scripts/sign-module.sh.  Each target then runs for SECONDS (default 20) on a
corpus kept in DIR/corpus-<target> (default DIR: tests/fuzz/out/keyring).
Exits non-zero when a build fails or a target finds a crash (the reproducer
is left in DIR).
  --time SECONDS  run time per target (0: build and make seeds only)
  --no-run        same as --time 0
  --out DIR       output directory
Environment: CLANG (default clang).
EOF
}

secs=20
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/fuzz/out/keyring
# shellcheck source=tests/fuzz/args.sh
. "$(dirname "$0")/args.sh"
fuzz_args "$@"

clang=${CLANG:-clang}
command -v "$clang" >/dev/null || { echo "$prog: $clang: not found (libFuzzer needs clang)" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d)
export GNUPGHOME=$tmp/gnupg
# shellcheck disable=SC2317  # called from the EXIT trap
cleanup() {
	gpgconf --kill gpg-agent >/dev/null 2>&1 || true
	rm -rf "$tmp"
}
trap cleanup EXIT

# shellcheck disable=SC2054  # the commas belong to -fsanitize=
cflags=(-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
	-Wall -Wno-format -Wno-deprecated-declarations
	-I"$top/scripts/pgp-shim/module" -I"$top/scripts/pgp-shim/module/tests" -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include"
	-DCONFIG_64BIT=1 -DCONFIG_PGP_BUILTIN_KEYS=1 -DCONFIG_SYSTEM_BLACKLIST_KEYRING=1
	-DCONFIG_CRYPTO_ED25519=1 -DCONFIG_PGP_KEYS_RUNTIME_MAX=1024)
common=("$top/security/pgp_keys/keyring_parse.c"
	"$top/scripts/pgp-shim/compat.c" "$top/scripts/pgp-shim/shash_openssl.c"
	"$top/scripts/pgp-shim/hash_info.c" "$top/tests/compat/stubs/algs_openssl.c")
for f in "$top"/crypto/pgp/*.c; do
	[[ $f != *_kunit.c ]] && common+=("$f")
done

echo "[1/4] building fuzz_keyring, fuzz_keyring_check, fuzz_keytype"
"$clang" "${cflags[@]}" -o "$out/fuzz_keyring" "$top/tests/fuzz/fuzz_keyring.c" \
	"${common[@]}" -lcrypto || { echo "$prog: fuzz_keyring: build failed" >&2; exit 1; }
"$clang" -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
	-Wall -DKEYRING_CHECK_NO_MAIN -I"$top/scripts/pgp-shim" -idirafter "$top/include" \
	-c -o "$out/pgp_keyring_check.o" "$top/certs/pgp_keyring_check.c" &&
"$clang" "${cflags[@]}" -o "$out/fuzz_keyring_check" "$top/tests/fuzz/fuzz_keyring_check.c" \
	"$out/pgp_keyring_check.o" "${common[@]}" -lcrypto ||
	{ echo "$prog: fuzz_keyring_check: build failed" >&2; exit 1; }
"$clang" "${cflags[@]}" -DCONFIG_PGP_KEYS_REVOKED='""' -o "$out/fuzz_keytype" \
	"$top/tests/fuzz/fuzz_keytype.c" "$top/security/pgp_keys/pgp_key_type.c" "$top/security/pgp_keys/policy.c" \
	"$top/tests/compat/keys.c" "${common[@]}" -lcrypto ||
	{ echo "$prog: fuzz_keytype: build failed" >&2; exit 1; }
echo "[2/4] building fuzz_modsig"
"$clang" "${cflags[@]}" -o "$out/fuzz_modsig" "$top/tests/fuzz/fuzz_modsig.c" \
	"$top/kernel/module/signing_pgp.c" "$top/kernel/module/signing_pgp_elf.c" \
	"${common[@]}" -lcrypto || { echo "$prog: fuzz_modsig: build failed" >&2; exit 1; }

echo "[3/4] making seeds"
# seeds are kept in DIR for longer runs (tests/host/fuzz/long.sh)
seeds_k=$out/seeds-keyring seeds_m=$out/seeds-modsig seeds_t=$out/seeds-keytype
rm -rf "$seeds_k" "$seeds_m" "$seeds_t"
mkdir -p "$seeds_k" "$seeds_m" "$seeds_t"
mkdir -m 700 "$GNUPGHOME"
gpgq() { gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" 2>/dev/null; }
fpr() { gpg --batch --with-colons --list-keys "$1" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }'; }
gpgq --quick-gen-key "Fuzz RSA <rsa@example.org>" rsa2048 sign 0
gpgq --quick-gen-key "Fuzz Ed25519 <ed@example.org>" ed25519 sign 0
gpgq --quick-gen-key "Fuzz DSA <dsa@example.org>" dsa2048 cert 1y
gpgq --quick-add-key "$(fpr 'Fuzz DSA')" rsa2048 sign 0
gpg --batch --export "$(fpr 'Fuzz RSA')" >"$seeds_k/rsa.gpg"
gpg --batch --export "$(fpr 'Fuzz DSA')" >"$seeds_k/dsa-sub.gpg"
gpg --batch --export >"$tmp/ring.gpg"
cp "$tmp/ring.gpg" "$seeds_k/both.gpg"
python3 "$top/tests/vectors/pgpcraft.py" keyring-dir "$tmp/crafted"
cp "$tmp/crafted"/*.gpg "$seeds_k/"
# fuzz_keytype: "be16 length of A || A || B", A built in, B added at run time: a key
# certified by A, a signing subkey of A (A's certificate with it), a revocation of A
gpgq --quick-gen-key "Fuzz Vendor <vendor@example.org>" ed25519 sign 0
gpgq -u "$(fpr 'Fuzz Ed25519')" --quick-sign-key "$(fpr 'Fuzz Vendor')"
seed_t() { # seed_t NAME A-FILE B-FILE
	python3 -c 'import sys; a = open(sys.argv[1], "rb").read(); b = open(sys.argv[2], "rb").read()
sys.stdout.buffer.write(len(a).to_bytes(2, "big") + a + b)' "$2" "$3" >"$seeds_t/$1"
}
gpg --batch --export "$(fpr 'Fuzz Ed25519')" >"$tmp/ed.gpg"
gpg --batch --export "$(fpr 'Fuzz Vendor')" >"$tmp/vendor.gpg"
gpg --batch --export "$(fpr 'Fuzz DSA')" >"$tmp/dsa.gpg"
gpg --batch --export-options export-minimal --export "$(fpr 'Fuzz DSA')" >"$tmp/dsa-min.gpg"
seed_t certified "$tmp/ed.gpg" "$tmp/vendor.gpg"
seed_t subkey "$tmp/dsa-min.gpg" "$tmp/dsa.gpg"
sed 's/^:-----/-----/' "$GNUPGHOME/openpgp-revocs.d/$(fpr 'Fuzz Vendor').rev" >"$tmp/rev.asc"
mkdir -m 700 "$tmp/g2"
gpg --homedir "$tmp/g2" --batch --quiet --import "$tmp/vendor.gpg" "$tmp/rev.asc" 2>/dev/null
gpg --homedir "$tmp/g2" --batch --export >"$tmp/vendor-rev.gpg"
gpgconf --homedir "$tmp/g2" --kill gpg-agent >/dev/null 2>&1 || true
seed_t revoked "$tmp/vendor.gpg" "$tmp/vendor-rev.gpg"

cc=$clang
"$cc" -g -I"$top/scripts/pgp-shim/module" -I"$top/scripts/pgp-shim/module/tests" -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include" \
	-o "$tmp/modsig_test" "$top/tests/host/module/modsig_test.c" \
	"$top/kernel/module/signing_pgp_elf.c" "$top/scripts/pgp-shim/compat.c"
"$tmp/modsig_test" --seed "$seeds_m"
printf 'int v = 1;\nint f(int x) { return x + v; }\n' >"$tmp/m.c"
"$cc" -c -o "$tmp/m.o" "$tmp/m.c"
# the program sign-module.sh runs, built once for the seeds (PGP_SIGN_MODULE)
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
sign_tool "$tmp/tool" || echo "$prog: warning: scripts/pgp-sign-module does not build" >&2
for key in 'Fuzz RSA' 'Fuzz DSA' 'Fuzz Ed25519'; do
	cp "$tmp/m.o" "$seeds_m/signed-${key#Fuzz }.o"
	"$top/scripts/sign-module.sh" -q -u "$(fpr "$key")" --homedir "$GNUPGHOME" \
		--reserve 1024 "$seeds_m/signed-${key#Fuzz }.o" >/dev/null 2>&1 ||
		echo "$prog: warning: could not sign a seed with $key" >&2
done
cp "$tmp/ring.gpg" "$out/keyring.gpg"

# Self-test of the differential: a copy of pgp_keyring_check.c that no longer refuses a key
# revocation by another key must make fuzz_keyring_check crash on that crafted keyring,
# while the real check passes it quietly (it refuses it, so the kernel is not asked).
sed 's/if (!by_primary)/if (0 \&\& !by_primary)/' "$top/certs/pgp_keyring_check.c" \
	>"$tmp/keyring_check_defect.c"
cmp -s "$tmp/keyring_check_defect.c" "$top/certs/pgp_keyring_check.c" &&
	{ echo "$prog: self-test: the defect could not be put into a copy of pgp_keyring_check.c" >&2; exit 1; }
"$clang" -g -O1 -fsanitize=fuzzer-no-link,address,undefined -Wall -DKEYRING_CHECK_NO_MAIN \
	-I"$top/certs" -I"$top/scripts/pgp-shim" -idirafter "$top/include" \
	-c -o "$tmp/keyring_check_defect.o" "$tmp/keyring_check_defect.c" &&
"$clang" "${cflags[@]}" -o "$tmp/fuzz_keyring_check_defect" "$top/tests/fuzz/fuzz_keyring_check.c" \
	"$tmp/keyring_check_defect.o" "${common[@]}" -lcrypto ||
	{ echo "$prog: self-test: build of the defective copy failed" >&2; exit 1; }
"$out/fuzz_keyring_check" "$seeds_k/a_revoked_by_b.gpg" >"$tmp/st-good.log" 2>&1 ||
	{ echo "$prog: self-test: fuzz_keyring_check fails on a_revoked_by_b.gpg" >&2; cat "$tmp/st-good.log" >&2; exit 1; }
if (cd "$tmp" && ./fuzz_keyring_check_defect "$seeds_k/a_revoked_by_b.gpg") >"$tmp/st-bad.log" 2>&1 ||
	! grep -q "pgp_keyring_check passed a keyring the kernel does not read completely" "$tmp/st-bad.log"; then
	echo "$prog: self-test: a check that passes a revocation by another key went unnoticed" >&2
	exit 1
fi
echo "   self-test: fuzz_keyring_check catches a check that passes a revocation by another key"

echo "[4/4] running each target for ${secs}s"
((secs > 0)) || exit 0
status=0
# the corpus make fuzz-long committed (tests/fuzz/corpus/<target>) seeds the run too
run() {
	local name=$1 seeds=$2 log
	log=$out/$name.log
	mkdir -p "$out/corpus-$name" "$top/tests/fuzz/corpus/${name#fuzz_}"
	if (cd "$out" && FUZZ_KEYRING=$out/keyring.gpg "./$name" -max_total_time="$secs" \
		-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		"$out/corpus-$name" "$seeds" "$top/tests/fuzz/corpus/${name#fuzz_}" >"$log" 2>&1); then
		echo "   $name: $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" |
			awk '{ print $2 }') runs, corpus $(find "$out/corpus-$name" -type f | wc -l) files, no crash"
	else
		echo "$prog: $name: crash or error; see $log" >&2
		tail -n 30 "$log" >&2
		status=1
	fi
}
run fuzz_keyring "$seeds_k"
run fuzz_keyring_check "$seeds_k"
run fuzz_keytype "$seeds_t"
run fuzz_modsig "$seeds_m"
exit "$status"
