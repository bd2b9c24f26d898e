#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The default key path of a patched kernel build: with
# CONFIG_MODULE_SIG_PGP_KEYS left at "certs/signing_key.pgp" and no such
# file, certs/Makefile generates a throw-away signing key
# (scripts/pgp-modsign-genkey.sh, CONFIG_MODULE_SIG_PGP_KEY_ALGO) in
# CONFIG_MODULE_SIG_PGP_HOMEDIR and builds its public part into the kernel.
# Configures tinyconfig + tests/config/{base,pgp}.config (no key options) in
# a scratch object directory and builds certs/pgp_keyring.o only; then again
# with CONFIG_MODULE_SIG_PGP_KEY_ALGO="mldsa65-ed25519" (a v6 key, RFC 9980),
# and with "mldsa87-ed448".
# With OBJ (a kernel built from KSRC), its Kbuild-built pgp-sign-module and
# certs/pgp_keyring_check must print the kernel's version for --version.
# Prints TAP; exit status 0 only if all passed.
#
# Usage: tests/kbuild/genkey-default.sh [KSRC [OBJ]]   (KSRC: a tree patched
# with patches/series; default build/src)

set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	awk 'NR > 2 && !/^#/ { exit } NR > 2 { sub(/^# ?/, ""); print }' "$0"
	exit 0
fi
top=$(cd -- "$(dirname -- "$0")/../.." && pwd)
ksrc=$(cd -- "${1:-$top/build/src}" && pwd) || { echo "Bail out! no kernel tree"; exit 1; }
kobj=${2:-}
[[ -f $ksrc/certs/pgp_keyring.S ]] ||
	{ echo "Bail out! $ksrc is not patched (run make apply)"; exit 1; }

T=$(mktemp -d "${TMPDIR:-/tmp}/genkey-default.XXXXXX")
trap 'gpgconf --homedir "$T/obj/certs/pgp-gnupg" --kill gpg-agent >/dev/null 2>&1; rm -rf -- "$T"' EXIT
obj=$T/obj

# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"

echo "1..$((19 + (${#kobj} > 0 ? 2 : 0)))"
# mk/kernel.sh configures (tinyconfig + fragments, every requested option
# checked) and builds only the keyring object.
if "$top/mk/kernel.sh" --ksrc "$ksrc" --obj "$obj" --mods "$T/mods" \
	--target certs/pgp_keyring.o \
	"$top/tests/config/base.config" "$top/tests/config/pgp.config" > "$T/make.log" 2>&1; then
	ok "tinyconfig + base + pgp, certs/pgp_keyring.o builds with no key given"
else
	nok "tinyconfig + base + pgp, certs/pgp_keyring.o builds with no key given"
	sed 's/^/# /' "$T/make.log"
fi
check "MODULE_SIG_PGP_KEYS at its default (certs/signing_key.pgp)" \
	grep -qx 'CONFIG_MODULE_SIG_PGP_KEYS="certs/signing_key.pgp"' "$obj/.config"

key=$obj/certs/signing_key.pgp home=$obj/certs/pgp-gnupg
algo=$(sed -n 's/^CONFIG_MODULE_SIG_PGP_KEY_ALGO="\(.*\)"/\1/p' "$obj/.config")
# The secret key: one primary key of the configured algorithm (ed25519:
# public-key algorithm 22, curve ed25519) that can sign.
sec=$(gpg --homedir "$home" --batch --with-colons --list-secret-keys 2>/dev/null | grep '^sec:')
IFS=: read -r _ _ _ kalgo _ _ _ _ _ _ _ caps _ _ _ _ curve _ <<< "$sec"
good=0
[[ $algo == ed25519 && ${kalgo:-} == 22 && ${curve:-} == ed25519 && ${caps:-} == *[sS]* &&
   $(grep -c '^sec:' <<< "$sec") == 1 ]] && good=1
check "a throw-away $algo key in $(basename "$home") (got algo ${kalgo:-none} ${curve:-}, caps ${caps:-none})" \
	test "$good" = 1
sfpr=$(gpg --homedir "$home" --batch --with-colons --list-secret-keys 2>/dev/null |
	awk -F: '$1 == "fpr" { print $10; exit }')
pfpr=$(gpg --batch --with-colons --show-keys "$key" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
check "certs/signing_key.pgp is that key's public part ($pfpr)" test -n "$sfpr" -a "$sfpr" = "$pfpr"
check "pgp_keyring.bin (built into pgp_keyring.o) is certs/signing_key.pgp" \
	cmp -s "$key" "$obj/certs/pgp_keyring.bin"
check "pgp_keyring.o carries the keyring bytes" python3 -c '
import sys
k = open(sys.argv[1], "rb").read(); o = open(sys.argv[2], "rb").read()
sys.exit(0 if k and k in o else 1)' "$key" "$obj/certs/pgp_keyring.o"

# A second build must keep the key: modules signed with it keep loading.
before=$(stat -c %Y.%s -- "$key" 2>/dev/null)-$(sha256sum < "$key" 2>/dev/null)
sleep 1
"$top/mk/kernel.sh" --ksrc "$ksrc" --obj "$obj" --mods "$T/mods" --target certs/pgp_keyring.o \
	"$top/tests/config/base.config" "$top/tests/config/pgp.config" > "$T/make2.log" 2>&1
after=$(stat -c %Y.%s -- "$key" 2>/dev/null)-$(sha256sum < "$key" 2>/dev/null)
check "a rebuild leaves the generated key alone" test "$before" = "$after"

# The key signs modules as the kbuild signing step would (its homedir, its
# default key, the program Kbuild built) and the result verifies against the
# built-in keyring.
check "Kbuild built scripts/pgp-sign-module (the program the scripts run) for certs/" \
	test -x "$obj/scripts/pgp-sign-module"
export PGP_SIGN_MODULE=$obj/scripts/pgp-sign-module
gcc -O2 -c -o "$T/m.ko" "$top/tests/host/sign/testmod.c" &&
	"$top/scripts/sign-module.sh" --quiet --homedir "$home" "$T/m.ko" 2> "$T/sign.log"
check "a module signed with the generated key verifies against certs/signing_key.pgp" \
	"$top/scripts/verify-module.sh" -q --keyring "$key" "$T/m.ko"


# The same with a v6 key: certs/Makefile has pgp-modsign-genkey.sh make an
# ML-DSA-65+Ed25519 key (RFC 9980) with pgp-sign-module --gen-key; the
# keyring embedded is its public part, and modules signed from that home
# directory carry a v6 algorithm-30 signature that the kernel's code accepts.
# (the same object directory, the v4 key removed: only what the option changes is rebuilt)
obj6=$obj
gpgconf --homedir "$home" --kill gpg-agent > /dev/null 2>&1
rm -rf -- "$key" "$home"
echo 'CONFIG_MODULE_SIG_PGP_KEY_ALGO="mldsa65-ed25519"' > "$T/v6.config"
if "$top/mk/kernel.sh" --ksrc "$ksrc" --obj "$obj6" --mods "$T/mods" \
	--target certs/pgp_keyring.o "$top/tests/config/base.config" \
	"$top/tests/config/pgp.config" "$T/v6.config" > "$T/make6.log" 2>&1; then
	ok "KEY_ALGO=mldsa65-ed25519: certs/pgp_keyring.o builds with no key given"
else
	nok "KEY_ALGO=mldsa65-ed25519: certs/pgp_keyring.o builds with no key given"
	sed 's/^/# /' "$T/make6.log" | tail -n 20
fi
key6=$obj6/certs/signing_key.pgp home6=$obj6/certs/pgp-gnupg
check "a secret v6 key in $(basename "$home6") (pgp-modsign-v6.key, mode 0600)" \
	test "$(stat -c %a -- "$home6/pgp-modsign-v6.key" 2>&1)" = 600
# the first packet of the export: a public-key packet, version 6, algorithm 30
check "certs/signing_key.pgp is a v6 ML-DSA-65+Ed25519 public key (algorithm 30)" python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
if len(d) < 8 or d[0] != 0xC6:
    sys.exit("no new-format public-key packet first")
o = 2 if d[1] < 192 else 3 if d[1] < 224 else 6
v, algo = d[o], d[o + 5]
print("version", v, "algorithm", algo)
sys.exit(0 if (v, algo) == (6, 30) else 1)' "$key6"
check "pgp_keyring.bin (built into pgp_keyring.o) is that key" \
	cmp -s "$key6" "$obj6/certs/pgp_keyring.bin"
gcc -O2 -c -o "$T/m6.ko" "$top/tests/host/sign/testmod.c" &&
	"$top/scripts/sign-module.sh" --quiet --homedir "$home6" "$T/m6.ko" 2> "$T/sign6.log"
check "a module signed from that home directory verifies against it (the kernel's code)" \
	"$top/scripts/verify-module.sh" -q --keyring "$key6" "$T/m6.ko"
"$top/scripts/verify-module.sh" --json --keyring "$key6" "$T/m6.ko" > "$T/json6" 2>&1
check "its one signature is ML-DSA-65+Ed25519 (v6), good" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))[0]["signatures"]
print(s)
sys.exit(0 if len(s) == 1 and s[0]["algorithm"] == "ML-DSA-65+Ed25519" and
         s[0]["key"] == "mldsa65-ed25519" and s[0]["verdict"] == "good" else 1)' "$T/json6"
check "a rebuild leaves the v6 key alone" bash -c '
a=$(sha256sum < "$1"); "$2" "${@:3}" > /dev/null 2>&1 && test "$a" = "$(sha256sum < "$1")"' \
	_ "$home6/pgp-modsign-v6.key" "$top/mk/kernel.sh" --ksrc "$ksrc" --obj "$obj6" \
	--mods "$T/mods" --target certs/pgp_keyring.o "$top/tests/config/base.config" \
	"$top/tests/config/pgp.config" "$T/v6.config"

# And an ML-DSA-87+Ed448 key (algorithm 31): the v6 key above removed, the option changed.
rm -rf -- "$key6" "$home6"
echo 'CONFIG_MODULE_SIG_PGP_KEY_ALGO="mldsa87-ed448"' > "$T/v31.config"
if "$top/mk/kernel.sh" --ksrc "$ksrc" --obj "$obj6" --mods "$T/mods" \
	--target certs/pgp_keyring.o "$top/tests/config/base.config" \
	"$top/tests/config/pgp.config" "$T/v31.config" > "$T/make31.log" 2>&1; then
	ok "KEY_ALGO=mldsa87-ed448: certs/pgp_keyring.o builds with no key given"
else
	nok "KEY_ALGO=mldsa87-ed448: certs/pgp_keyring.o builds with no key given"
	sed 's/^/# /' "$T/make31.log" | tail -n 20
fi
check "certs/signing_key.pgp is a v6 ML-DSA-87+Ed448 public key (algorithm 31), built in" python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
if len(d) < 8 or d[0] != 0xC6 or d != open(sys.argv[2], "rb").read():
    sys.exit("no new-format public-key packet first, or not pgp_keyring.bin")
o = 2 if d[1] < 192 else 3 if d[1] < 224 else 6
v, algo = d[o], d[o + 5]
print("version", v, "algorithm", algo)
sys.exit(0 if (v, algo) == (6, 31) else 1)' "$key6" "$obj6/certs/pgp_keyring.bin"
gcc -O2 -c -o "$T/m31.ko" "$top/tests/host/sign/testmod.c" &&
	"$top/scripts/sign-module.sh" --quiet --homedir "$home6" "$T/m31.ko" 2> "$T/sign31.log"
"$top/scripts/verify-module.sh" --json --keyring "$key6" "$T/m31.ko" > "$T/json31" 2>&1
check "a module signed from that home directory: one ML-DSA-87+Ed448 signature, good (the kernel's code)" python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))[0]
s = m["signatures"]
print(m["verdict"], s)
sys.exit(0 if m["verdict"] == "good" and len(s) == 1 and s[0]["algorithm"] == "ML-DSA-87+Ed448" and
         s[0]["key"] == "mldsa87-ed448" and s[0]["verdict"] == "good" else 1)' "$T/json31"

# --version of the tools Kbuild built for OBJ: the kernel's version.
if [[ -n $kobj ]]; then
	kver=$(make -s -C "$ksrc" kernelversion 2> /dev/null)
	check "Kbuild's scripts/pgp-sign-module --version: pgp-sign-module $kver" \
		bash -c 'o=$("$1" --version); echo "$o"; test "$o" = "$2"' \
		_ "$kobj/scripts/pgp-sign-module" "pgp-sign-module $kver"
	check "Kbuild's certs/pgp_keyring_check --version: pgp_keyring_check $kver" \
		bash -c 'o=$("$1" --version); echo "$o"; test "$o" = "$2"' \
		_ "$kobj/certs/pgp_keyring_check" "pgp_keyring_check $kver"
fi

((failed == 0))
