#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests for scripts/sign-module.sh (the C hostprog pgp-sign-module
# under it), scripts/verify-module.sh and scripts/pgp-modsign-genkey.sh,
# with real gpg keys made in a temporary directory (the program the scripts run built once,
# PGP_SIGN_MODULE). Every signed module is checked three ways: verify-module.sh,
# gpgv and sqv (the last two on data rebuilt here with readelf + dd, without
# the scripts' own parser). Prints TAP, the plan first (the results are
# collected, then printed after it); exit status 0 only if all passed.
# Mainline's sign-file.c comes from Debian's linux-source-6.12 tarball
# (SRC_TARBALL), cached in build/host-cache.
#
# The tests are in parts that follow the signer's files (parts/NN-NAME.sh:
# digests, tamper, append, compress, policy, module, pool, agent, token,
# remote, failures, armor, cache, review, verify, attach, sanitize, v6), after a
# common setup (the test modules, the keys, parts/lib.sh's helpers).
# SIGN_TEST_PART=NAME[,NAME...] runs only those parts (the setup always runs).
# SIGN_TEST_MODULE="a.ko b.ko" runs the module-level tests on real modules
# instead of the object built from testmod.c (the first one gets the full
# tamper matrix). SIGN_TEST_QUICK=1 uses fewer key types.

# shellcheck disable=SC2015,SC2001,SC2010 # ok/nok always succeed; hidden temp files
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | grep -v SPDX | sed 's/^# \{0,1\}/  /'
	exit 0
fi

here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/../../.." && pwd)
scripts=$top/scripts
sign=$scripts/sign-module.sh
verify=$scripts/verify-module.sh
genkey=$scripts/pgp-modsign-genkey.sh


for tool in gpg gpgv sqv readelf objcopy xz zstd gzip sha256sum; do
	if ! command -v "$tool" > /dev/null 2>&1; then
		echo "Bail out! $tool not installed"
		exit 1
	fi
done

T=$(mktemp -d "${TMPDIR:-/tmp}/sign-test.XXXXXX")
homes=()
finished=0
# The program the scripts run, built once for every part (they run only the one
# PGP_SIGN_MODULE names, or the one beside them).
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
if ! sign_tool "$T/tool" 2> "$T/tool.err"; then
	echo "Bail out! scripts/pgp-sign-module does not build"
	sed 's/^/# /' "$T/tool.err"
	rm -rf -- "$T"
	exit 1
fi
# TAP: results go to $T/tap until the end, then the plan and the results.
exec 3>&1 > "$T/tap"
cleanup()
{
	local h

	if ((!finished)); then
		exec 1>&3
		cat -- "$T/tap" 2> /dev/null
		echo "Bail out! the test script stopped early"
	fi

	for h in "${homes[@]}"; do
		gpgconf --homedir "$h" --kill gpg-agent > /dev/null 2>&1 || true
	done
	if mountpoint -q "$T/full" 2> /dev/null; then
		umount "$T/full" || true
	fi
	chmod -R u+w "$T" 2> /dev/null || true
	rm -rf -- "$T"
}
trap cleanup EXIT

# ok, nok, skip, check DESC CMD...
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
# shellcheck source=tests/lib/deps.sh
. "$top/tests/lib/deps.sh"
# shellcheck source=tests/host/sign/parts/lib.sh
. "$here/parts/lib.sh"
diag()
{
	echo "# $*"
}

mkdir -p "$T/keys" "$T/m" "$T/empty-gnupg" "$T/tmp"
# The scripts' own temporary files (a SIGKILLed run cannot remove its own).
export TMPDIR=$T/tmp
chmod 700 "$T/empty-gnupg"
# Keys are dated in the past so that SOURCE_DATE_EPOCH-signed modules are
# not older than their key.
key_epoch=1700000000

# --- test modules -----------------------------------------------------------
if [[ -n ${SIGN_TEST_MODULE:-} ]]; then
	read -r -a real_modules <<< "$SIGN_TEST_MODULE"
	i=0
	for m in "${real_modules[@]}"; do
		cp -- "$m" "$T/m/base$i.ko"
		i=$((i + 1))
	done
	base=$T/m/base0.ko
else
	gcc -O2 -c -o "$T/m/base0.ko" "$here/testmod.c"
	gcc -O2 -g -c -o "$T/m/debug.ko" "$here/testmod.c"
	base=$T/m/base0.ko
fi

# --- keys ---------------------------------------------------------------------
if [[ -n ${SIGN_TEST_QUICK:-} ]]; then
	algos=(dsa3072 rsa2048 ed25519)
else
	algos=(dsa2048 dsa3072 rsa2048 rsa3072 rsa4096 ed25519 nistp256 nistp384)
fi
declare -A fpr=()
: > "$T/all.pub"
for a in "${algos[@]}" untrusted; do
	h=$T/keys/$a
	homes+=("$h")
	ka=$a
	[[ $a == untrusted ]] && ka=ed25519
	if ! fpr[$a]=$(SOURCE_DATE_EPOCH=$key_epoch "$genkey" --homedir "$h" --algo "$ka" \
			--name "Test $a <$a@example.org>" --export "$T/keys/$a.pub" 2> "$T/err"); then
		nok "genkey $a"
		sed 's/^/# /' "$T/err"
		continue
	fi
	if [[ ${fpr[$a]} =~ ^[0-9A-F]{40}$ && -s $T/keys/$a.pub ]]; then
		ok "genkey $a: fingerprint ${fpr[$a]}"
	else
		nok "genkey $a: fingerprint and keyring"
	fi
	[[ $a == untrusted ]] || cat -- "$T/keys/$a.pub" >> "$T/all.pub"
done
gpg --homedir "$T/keys/ed25519" --batch --export --armor > "$T/ed25519.asc" 2> /dev/null
# Idempotence: a second run keeps the key.
if again=$("$genkey" --homedir "$T/keys/ed25519" --algo ed25519 --export "$T/again.pub" 2>&1) &&
   [[ $again == "${fpr[ed25519]}" ]] && cmp -s "$T/again.pub" "$T/keys/ed25519.pub"; then
	ok "genkey reuses the existing secret key"
else
	nok "genkey reuses the existing secret key"
fi
# All keys also in one homedir, to sign with --local-user.
H=$T/keys/all
homes+=("$H")
mkdir -m 700 "$H"
for a in "${algos[@]}" untrusted; do
	gpg --homedir "$T/keys/$a" --batch --export-secret-keys 2> /dev/null |
		gpg --homedir "$H" --batch --import > /dev/null 2>&1
done

# The module most parts start from (the matrix signs it again the same way): the test
# module signed with the Ed25519 key and SHA-512, and that key's keyring.
good=$T/m/ed25519-sha512.ko
kr=$T/keys/ed25519.pub
cp -- "$base" "$good"
"$sign" --quiet --homedir "$H" --local-user "${fpr[ed25519]}" --digest sha512 "$good" 2> /dev/null ||
	diag "setup: signing $good failed (the parts that use it will say so)"

# What several parts write into: a 2048-byte placeholder for objcopy, the
# agent's and the remote signer's modules.
head -c 2048 /dev/zero > "$T/zeros"
mkdir -p "$T/ma"
head -c 300 /dev/urandom > "$T/blob"
# where module_sig lies in it
read -r so ss < <(sec module_sig "$good")

# --- the parts ----------------------------------------------------------------------
# What a part run alone needs from the parts before it: the policy part's keys
# (the signing subkey, the expiring and the weak key), the modules the verify part
# judges and the signatures it crafts, the remote signer's key, the review part's
# decompression bombs.
declare -A part_needs=([agent]=policy [verify]="digests tamper append policy" [packaging]="digests policy"
	[attach]="digests tamper append policy verify" [review]=remote
	[sanitize]="digests tamper append policy remote armor review verify")
SIGN_TEST_PART=${SIGN_TEST_PART:-}
wanted=,$SIGN_TEST_PART,
for p in ${SIGN_TEST_PART//,/ }; do
	for d in ${part_needs[$p]:-}; do
		wanted+=$d,
	done
done
# part_wanted NAME: SIGN_TEST_PART names it, or a part that needs it (or is empty)
part_wanted()
{
	[[ -z ${SIGN_TEST_PART:-} || $wanted == *,$1,* ]]
}
known=0
for p in "$here"/parts/[0-9][0-9]-*.sh; do
	part=${p##*/[0-9][0-9]-}
	part=${part%.sh}
	part_wanted "$part" || continue
	known=$((known + 1))
	echo "# --- part $part"
	t_part=$SECONDS
	# shellcheck source=/dev/null
	. "$p"
	# (a part may use any name but part and t_part)
	echo "# --- part $part: $((SECONDS - t_part)) s"
done
((known)) || nok "SIGN_TEST_PART=$SIGN_TEST_PART names no part of $here/parts"

finished=1
exec 1>&3
echo "1..$n"
cat -- "$T/tap"
echo "# $((n - failed)) passed, $failed failed"
((failed == 0))
