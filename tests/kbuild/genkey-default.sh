#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The default key path of a patched kernel build: with
# CONFIG_MODULE_SIG_PGP_KEYS left at "certs/signing_key.pgp" and no such
# file, certs/Makefile generates a throw-away signing key
# (scripts/pgp-modsign-genkey.sh, CONFIG_MODULE_SIG_PGP_KEY_ALGO) in
# CONFIG_MODULE_SIG_PGP_HOMEDIR and builds its public part into the kernel.
# Configures tinyconfig + tests/config/{base,pgp}.config (no key options) in
# a scratch object directory and builds certs/pgp_keyring.o only.
# Prints TAP; exit status 0 only if all passed.
#
# Usage: tests/kbuild/genkey-default.sh [KSRC]   (KSRC: a tree patched with
# patches/series; default build/src)

set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	awk 'NR > 2 && !/^#/ { exit } NR > 2 { sub(/^# ?/, ""); print }' "$0"
	exit 0
fi
top=$(cd -- "$(dirname -- "$0")/../.." && pwd)
ksrc=$(cd -- "${1:-$top/build/src}" && pwd) || { echo "Bail out! no kernel tree"; exit 1; }
[[ -f $ksrc/certs/pgp_keyring.S ]] ||
	{ echo "Bail out! $ksrc is not patched (run make apply)"; exit 1; }

T=$(mktemp -d "${TMPDIR:-/tmp}/genkey-default.XXXXXX")
trap 'gpgconf --homedir "$T/obj/certs/pgp-gnupg" --kill gpg-agent >/dev/null 2>&1; rm -rf -- "$T"' EXIT
obj=$T/obj

# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"

echo "1..8"
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
# default key) and the result verifies against the built-in keyring.
gcc -O2 -c -o "$T/m.ko" "$top/tests/host/sign/testmod.c" &&
	"$top/scripts/sign-module.sh" --quiet --homedir "$home" "$T/m.ko" 2> "$T/sign.log"
check "a module signed with the generated key verifies against certs/signing_key.pgp" \
	"$top/scripts/verify-module.sh" -q --keyring "$key" "$T/m.ko"

((failed == 0))
