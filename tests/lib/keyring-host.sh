# shellcheck shell=bash disable=SC2034,SC2154  # the sourcing script defines usage() and uses the keys
# SPDX-License-Identifier: GPL-2.0
#
# The common part of tests/host/pgp_keys/run.sh and tests/host/module/run.sh (sourced
# with the script's arguments after tests/lib/plan.sh, with $top the repository; it makes
# the work directory $tmp):
#   ok, notok, diag, expect, expect_grep   TAP results numbered in $n, failures in $failed
#   build OUT SRC... [-lLIB]               an ASan+UBSan program from kernel files compiled
#                                          unchanged through tests/compat ($cc, $cflags)
#   kunit SUITE SRC...                     a KUnit suite run on the host, one result a case
#   build_driver / build_driver_kmath      the keyring_test driver (tests/host/pgp_keys/
#                                          keyring_test.c: the keyring parser and the
#                                          loader check) with the OpenSSL oracle of
#                                          tests/compat, and with the in-kernel maths
#   kt ARGS...                             both drivers; the answer, or exit 3 when the
#                                          two disagree
#   make_keys, revoke_keys, export_keys    the gpg test keys (in $GNUPGHOME), their
#                                          fingerprints in G S SS SA R RS V VS E ES U H D
#                                          O X, exported one certificate a file to $k

# The scripts' options (their usage() prints the help): --keep keeps the work
# directory $tmp, which is made here and removed at exit.
keep=0
case ${1:-} in
-h|--help) usage; exit 0 ;;
--keep) keep=1 ;;
"") ;;
*) usage >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
export GNUPGHOME=$tmp/gnupg
cleanup() {
	gpgconf --kill gpg-agent >/dev/null 2>&1 || true
	if ((keep)); then echo "# work directory kept: $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
diag() { sed 's/^/# /'; }

# expect DESC WANT CMD...: the command's stdout must equal WANT.
expect() {
	local desc=$1 want=$2 got rc=0
	shift 2
	got=$("$@" 2>"$tmp/stderr") || rc=$?
	if ((rc == 0)) && [[ $got == "$want" ]]; then
		ok "$desc"
	else
		notok "$desc"
		{ echo "want: $want"; echo "got:  $got (exit $rc)"; cat "$tmp/stderr"; } | diag
	fi
}

# expect_grep DESC REGEX CMD...: the command's stdout must match REGEX.
expect_grep() {
	local desc=$1 re=$2 got rc=0
	shift 2
	got=$("$@" 2>"$tmp/stderr") || rc=$?
	if ((rc == 0)) && grep -Eq -- "$re" <<<"$got"; then
		ok "$desc"
	else
		notok "$desc"
		{ echo "want match: $re"; echo "got: $got (exit $rc)"; cat "$tmp/stderr"; } | diag
	fi
}

# ---- build ----
cc=${CC:-}
if [[ -z $cc ]]; then
	if command -v clang >/dev/null; then cc=clang; else cc=gcc; fi
fi
# shellcheck disable=SC2054  # the commas belong to -fsanitize=
cflags=(-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all
	-fno-omit-frame-pointer -Wall -Wno-format -Wno-deprecated-declarations
	-I"$top/scripts/pgp-shim/module" -I"$top/scripts/pgp-shim/module/tests" -I"$top/tests/compat/include" -I"$top/scripts/pgp-shim" -I"$top/include"
	-DCONFIG_64BIT=1 -DCONFIG_PGP_BUILTIN_KEYS=1 -DCONFIG_SYSTEM_BLACKLIST_KEYRING=1
	-DCONFIG_CRYPTO_ED25519=1 -DCONFIG_CRYPTO_MLDSA_VERIFY=1 -DCONFIG_CRYPTO_ED448=1
	-DCONFIG_CRYPTO_SLHDSA=1 -DCONFIG_PGP_KEYS_REVOKED="\"${PGP_KEYS_REVOKED:-}\""
	-DCONFIG_PGP_KEYS_RUNTIME_MAX="${PGP_KEYS_RUNTIME_MAX:-1024}")
compat=("$top/scripts/pgp-shim/compat.c" "$top/scripts/pgp-shim/shash_openssl.c"
	"$top/scripts/pgp-shim/hash_info.c" "$top/tests/compat/stubs/algs_openssl.c")
pgp_srcs=()
for f in "$top"/crypto/pgp/*.c; do
	[[ $f != *_kunit.c ]] && pgp_srcs+=("$f")
done
# ML-DSA (for ML-DSA-65+Ed25519, ML-DSA-87+Ed448) and SLH-DSA: the kernel's own, OpenSSL
# 3.0 has neither; Ed448 (alone and in ML-DSA-87+Ed448): the kernel's own too
pgp_srcs+=("$top/crypto/shake.c" "$top/crypto/mldsa_verify.c" "$top/crypto/ed448.c" "$top/crypto/slhdsa.c")
# the in-kernel maths, which the OpenSSL stand-ins of tests/compat/stubs replace
kmath=("$top"/crypto/{mont,dsa,rsassa,ed25519}.c)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# build OUT SRC... [-lLIB]: link OUT from SRCs, each compiled once into $tmp/obj.
mkdir "$tmp/obj"
build() {
	local out=$1 s o objs=()
	shift
	for s in "$@"; do
		if [[ $s == -l* || $s == *.o ]]; then
			objs+=("$s")
			continue
		fi
		o=${s#"$top"/}
		o=$tmp/obj/${o//\//_}.o
		[[ -f $o ]] || "$cc" "${cflags[@]}" -c -o "$o" "$s" || return 1
		objs+=("$o")
	done
	"$cc" "${cflags[@]}" -o "$out" "${objs[@]}"
}

# ---- the KUnit suites on the host (tests/compat/kunit_main.c) ----
# kunit SUITE SOURCES...: build, run, one TAP line per case (and parameter).
kunit() {
	local suite=$1 rc=0 cases=0 line
	shift
	if ! build "$tmp/kunit-$suite" "$@" "${pgp_srcs[@]}" "${compat[@]}" \
		"$top/tests/compat/kunit_main.c" -lcrypto >"$tmp/kunit-$suite.build" 2>&1; then
		notok "kunit $suite: build for the host"
		diag <"$tmp/kunit-$suite.build"
		return
	fi
	"$tmp/kunit-$suite" >"$tmp/kunit-$suite.tap" 2>&1 || rc=$?
	while IFS= read -r line; do
		case $line in
		"    ok "*|"        ok "*)
			cases=$((cases + 1)); ok "kunit $suite: ${line#*ok [0-9]* }" ;;
		"    not ok "*|"        not ok "*)
			cases=$((cases + 1)); notok "kunit $suite: ${line#*not ok [0-9]* }" ;;
		esac
	done <"$tmp/kunit-$suite.tap"
	if ((rc != 0 || cases == 0)); then
		notok "kunit $suite: runner exited $rc after $cases results"
		diag <"$tmp/kunit-$suite.tap"
	fi
}

# ---- the keyring_test driver ----
driver=("$top/tests/host/pgp_keys/keyring_test.c" "$top/security/pgp_keys/keyring_parse.c"
	"$top/kernel/module/signing_pgp.c" "$top/kernel/module/signing_pgp_elf.c" "${pgp_srcs[@]}")
# build_driver: $tmp/keyring_test, with the OpenSSL oracle.
build_driver() {
	build "$tmp/keyring_test" "${driver[@]}" "${compat[@]}" -lcrypto
}
# build_driver_kmath: $tmp/keyring_test_kmath, with the in-kernel maths.
build_driver_kmath() {
	build "$tmp/keyring_test_kmath" "${driver[@]}" "${kmath[@]}" \
		"$top/scripts/pgp-shim/compat.c" "$top/scripts/pgp-shim/shash_openssl.c" \
		"$top/scripts/pgp-shim/hash_info.c" -lcrypto
}
# The driver twice: with the in-kernel maths (crypto/mont.c, dsa.c, rsassa.c,
# ed25519.c) and with the OpenSSL oracle of tests/compat.  kt runs
# both and prints the kernel maths' answer, plus a line when they disagree.
# A disagreement between the two is a failure of the case (exit status 3, the oracle's
# answer on stderr), whatever the case expects.
kt() {
	local a b
	a=$("${kt_kmath:-$tmp/keyring_test_kmath}" "$@") || return
	b=$("${kt_oracle:-$tmp/keyring_test}" "$@") || return
	printf '%s\n' "$a"
	if [[ $a != "$b" ]]; then
		printf 'OpenSSL oracle disagrees: %s\n' "$b" >&2
		return 3
	fi
}

# ---- keys ----
gpgq() { gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" 2>/dev/null; }
fpr() { gpg --batch --with-colons --list-keys "$1" 2>/dev/null | awk -F: '$1 == "fpr" { print tolower($10); exit }'; }
subfpr() { # subfpr UID N: fingerprint of the Nth subkey (1-based)
	gpg --batch --with-colons --list-keys "$1" 2>/dev/null |
		awk -F: -v n="$2" '$1 == "sub" { s++ } s == n && $1 == "fpr" { print tolower($10); exit }'
}
export_to() { gpg --batch --export "$1" >"$2"; }

# make_keys: the test keys in a new $GNUPGHOME, their fingerprints in G S SS SA R RS V VS
# E ES U H D O X.
make_keys() {
	mkdir -m 700 "$GNUPGHOME"
	gpgq --quick-gen-key "Good Key <good@example.org>" dsa2048 sign 0
	gpgq --quick-gen-key "Sub Primary <sub@example.org>" rsa2048 cert 0
	gpgq --quick-add-key "$(fpr 'Sub Primary')" rsa2048 sign 0
	gpgq --quick-add-key "$(fpr 'Sub Primary')" rsa2048 auth 0
	gpgq --quick-gen-key "Revoked Key <rev@example.org>" rsa2048 sign 0
	gpgq --quick-add-key "$(fpr 'Revoked Key')" rsa2048 sign 0
	gpgq --quick-gen-key "Subrev Key <subrev@example.org>" rsa2048 sign 0
	gpgq --quick-add-key "$(fpr 'Subrev Key')" rsa2048 sign 0
	gpgq --faked-system-time 20200101T000000 --quick-gen-key "Expiring Key <exp@example.org>" \
		rsa2048 sign 365d
	gpgq --faked-system-time 20200201T000000 --quick-add-key "$(fpr 'Expiring Key')" rsa2048 sign 30d
	gpgq --quick-gen-key "Unknown Key <unknown@example.org>" rsa2048 sign 0
	gpgq --cert-digest-algo SHA1 --quick-gen-key "Sha1 Key <sha1@example.org>" rsa2048 sign 0
	gpgq --quick-gen-key "Dsa1024 Key <dsa1024@example.org>" dsa1024 sign 0
	gpgq --quick-gen-key "Ed Key <ed@example.org>" ed25519 sign 0
	gpgq --quick-gen-key "Old Uid <old@example.org>" rsa2048 sign 0
	gpgq --quick-add-uid "$(fpr 'Old Uid')" "New Uid <new@example.org>"
	gpgq --quick-revoke-uid "$(fpr 'Old Uid')" "Old Uid <old@example.org>"

	G=$(fpr 'Good Key') S=$(fpr 'Sub Primary') SS=$(subfpr 'Sub Primary' 1) SA=$(subfpr 'Sub Primary' 2)
	R=$(fpr 'Revoked Key') RS=$(subfpr 'Revoked Key' 1)
	V=$(fpr 'Subrev Key') VS=$(subfpr 'Subrev Key' 1)
	E=$(fpr 'Expiring Key') ES=$(subfpr 'Expiring Key' 1)
	U=$(fpr 'Unknown Key') H=$(fpr 'Sha1 Key') D=$(fpr 'Dsa1024 Key') O=$(fpr 'Old Uid')
	X=$(fpr '<ed@example.org>')
}

# revoke_keys: revoke the "Revoked Key" primary with the certificate gpg made at
# generation (kept in $tmp/rev.asc) and the "Subrev Key" subkey.  A module signed by
# "Revoked Key" must be signed before (gpg cannot sign after).
revoke_keys() {
	sed 's/^:-----BEGIN/-----BEGIN/' "$GNUPGHOME/openpgp-revocs.d/${R^^}.rev" >"$tmp/rev.asc"
	gpgq --import "$tmp/rev.asc"
	printf 'key 1\nrevkey\ny\n0\n\ny\nsave\n' |
		gpg --batch --no-tty --pinentry-mode loopback --passphrase '' --command-fd 0 \
			--edit-key "$V" >/dev/null 2>&1
}

# export_keys: each certificate into $k/NAME.gpg (G.gpg ... X.gpg); the signature times
# the tests look keys up at.
export_keys() {
	local x
	k=$tmp/k
	mkdir "$k"
	for x in G S R V E U H D O X; do export_to "${!x}" "$k/$x.gpg"; done
	now=$(($(date +%s) + 60))
	t2020_06=1590969600 t2021_06=1622505600 t2019=1546300800 t2020_02_15=1581724800
}
