#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Shows the signer's packaging checks failing: builds pgp-sign-module as it
# is and with one check taken out at a time (a sed expression on a copy of
# the tree), runs the same command-line cases against each (quick; the full
# cases are part "packaging" of run.sh) and expects the real tool to pass
# all of them and each mutant to fail the case that names its check. TAP.
#
#   pre      the key judged before signing (preflight.c key_policy())
#   post     each signature judged before it is written (sign.c kernel_takes())
#   now      an expired key back-dated by SOURCE_DATE_EPOCH (preflight.c judge())
#   append   a key's own signature replaced on --append (sign.c drop_own())
#   summary  the "N signed, M failed" line (pool.c)
#   xz       the note on an xz check that becomes CRC32 (module.c)
#   a2xor    Argon2 passes after the first not XORed in (argon2.c): RFC 9106's vector
#   a2i      Argon2i addressing in every slice of the first pass (argon2.c): the
#            argon2 command's tag
#   b2len    BLAKE2b's output length not in its parameter block (argon2.c): b2sum
#   a2usage  the Argon2 S2K taken with a usage other than AEAD (s2k.c)
#   bufwipe  buffers freed and grown without a wipe (util.c): a secret left in memory
#   nodump   core dumps left on while secrets are held (util.c secrets_held())
#   s2kwipe  the S2K code's wipes as memset(), which the compiler drops (s2k.c)
#   prepdrop --prepare drops the signatures of a signed module (remote.c)
#   gensde   --gen-key reads SOURCE_DATE_EPOCH with atoll() (main.c)
#   dearmor  --dearmor writes a secret key 0644 (armor.c)
#   vexit    verify-module.sh's exit status: an unsigned module after a bad one
#            wins (verify.c)

set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (prints TAP; exits non-zero when the tool fails a case or a mutant passes)"
	sed -n '4,/^$/p' "$0" | sed 's/^# \{0,1\}/  /'
	exit 0
fi
here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/../../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sign-self-test.XXXXXX")
cleanup()
{
	local h

	for h in "$T"/w/*/; do
		gpgconf --homedir "$h" --kill gpg-agent > /dev/null 2>&1 || true
	done
	rm -rf -- "$T"
}
trap cleanup EXIT
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"

# NAME#FILE#sed expression#the case it must fail
mutants=(
	'pre#scripts/pgp-sign/preflight.c#s/^\tif (key_policy(r, s, \&out, t, why, sizeof(why)))$/\tif (0)/#rsa1024-before'
	'post#scripts/pgp-sign/sign.c#s/^\tif (j->signer \&\& kernel_takes(j, \&m, \&loc, \&pkt, why, wl))$/\tif (0)/#subkey-written'
	'now#scripts/pgp-sign/preflight.c#s/^\tif (k || opt->sde < 0 || t >= now)$/\tif (1)/#backdated'
	'append#scripts/pgp-sign/sign.c#s/^\tint n = drop_own(old, pkt);$/\tint n = count_sig_packets(old->p, old->len, NULL, 0);/#append-once'
	'summary#scripts/pgp-sign/pool.c#s/^\tsay(1, "%d %s, %d failed\\n", pool_counts\[0\], verb, pool_counts\[1\]);/\t(void)verb;/#summary'
	'xz#scripts/pgp-sign/module.c#s/^\t\txz_check_note(j, m, fd);/\t\t;/#xz-note'
	'a2xor#scripts/pgp-sign/argon2.c#s/^\t\t\t pass != 0);$/\t\t\t false);/#argon2-rfc9106'
	'a2i#scripts/pgp-sign/argon2.c#s/pass == 0 \&\& s < ARGON2_SLICES \/ 2;/pass == 0;/#argon2-cli'
	'b2len#scripts/pgp-sign/argon2.c#s/0x01010000 ^ outlen;/0x01010040;/#blake2b-b2sum'
	'a2usage#scripts/pgp-sign/s2k.c#s/if (sl \&\& q\[0\] == 4 \&\& usage != 253) {/if (0) {/#argon2-usage'
	'bufwipe#scripts/pgp-sign/util.c#s/explicit_bzero(b->p, b->cap);/(void)b;/#secrets-genkey'
	'nodump#scripts/pgp-sign/util.c#s/^\tprctl(PR_SET_DUMPABLE, 0, 0, 0, 0);$/\t;/#secrets-genkey'
	's2kwipe#scripts/pgp-sign/s2k.c#s/explicit_bzero(\([a-z]*\), /memset(\1, 0, /g#s2k-explicit'
	'prepdrop#scripts/pgp-sign/remote.c#s/(!j->run->opt.append \&\& would_drop(\&m, why, wl)) ||/0 ||/#prepare-signed'
	'gensde#scripts/pgp-sign/main.c#s/argv\[first + 2\], source_date_epoch());/argv[first + 2], getenv("SOURCE_DATE_EPOCH") ? atoll(getenv("SOURCE_DATE_EPOCH")) : -1);/#genkey-sde'
	'dearmor#scripts/pgp-sign/armor.c#s/holds_secret(o.p, o.len) ? 0600 : 0644/0644/#dearmor-0600'
	'vexit#scripts/pgp-sign/verify.c#s/else if (rc == 2 \&\& final != 1)/else if (rc == 2)/#verify-exit'
)
cases=(rsa1024-before subkey-written backdated append-once summary xz-note argon2-rfc9106
	argon2-cli blake2b-b2sum argon2-usage secrets-genkey s2k-explicit prepare-signed genkey-sde
	dearmor-0600 verify-exit)

# the keys and the module, once
w=$T/w
mkdir -p "$w"
gcc -O2 -c -o "$w/base.ko" "$here/testmod.c"
mkdir -m 700 "$w/k" "$w/s" "$w/e" "$w/m"
g() { gpg --homedir "$1" --batch --pinentry-mode loopback --passphrase '' "${@:2}" > /dev/null 2>&1 || true; }
g "$w/k" --quick-gen-key "Small <s@example.org>" rsa1024 sign never
g "$w/s" --quick-gen-key "Good <g@example.org>" ed25519 sign never
g "$w/e" --faked-system-time "1700000000!" --quick-gen-key "Expired <e@example.org>" ed25519 sign 1d
g "$w/m" --quick-gen-key "Mixed <m@example.org>" ed25519 sign,cert never
mf=$(gpg --homedir "$w/m" --batch --with-colons --list-keys 2> /dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
g "$w/m" --quick-add-key "$mf" rsa1024 sign never
gpg --homedir "$w/s" --batch --export > "$w/s.pub" 2> /dev/null
# the probe of part "secrets" (memscan.c, memscan.py)
gcc -O2 -shared -fPIC -Wl,-z,now -o "$w/memscan.so" "$here/memscan.c" -ldl -lcrypto
printf '#!/bin/bash\nfor a in "$@"; do [[ $a == --detach-sign ]] && echo x >> "%s/signs"; done\nexec gpg "$@"\n' \
	"$w" > "$w/countgpg"
chmod +x "$w/countgpg"

# a2 TOOL ARGS...: tests/host/sign/argon2_test.c linked with the objects of TOOL's tree
a2()
{
	local src=$top

	[[ $1 == "$T/real" ]] || src=$T/src-${1##*/}
	if [[ ! -x $1.a2 ]]; then
		objs=$(bash "$src/scripts/pgp-sign-module-build.sh" --objects "$1.objs") &&
			gcc -O2 -o "$1.a2" "$here/argon2_test.c" $objs -lcrypto -llzma || return 1
	fi
	"$1.a2" "${@:2}"
}
r() { local i; for ((i = 0; i < $2; i++)); do printf %s "$1"; done; }

# run_case TOOL CASE: 0 when the case passes
run_case()
{
	local t=$1 f=$w/case.ko

	cp -- "$w/base.ko" "$f"
	case $2 in
	rsa1024-before)
		: > "$w/signs"
		! GPG=$w/countgpg "$t" -q --homedir "$w/k" "$f" 2> /dev/null &&
			[[ ! -s $w/signs ]] && cmp -s "$f" "$w/base.ko" ;;
	subkey-written)
		! "$t" -q --no-agent --homedir "$w/m" "$f" 2> /dev/null && cmp -s "$f" "$w/base.ko" ;;
	backdated)
		! SOURCE_DATE_EPOCH=1700000100 "$t" -q --homedir "$w/e" "$f" 2> /dev/null &&
			cmp -s "$f" "$w/base.ko" ;;
	append-once)
		"$t" -q --homedir "$w/s" "$f" &&
		for i in 1 2 3; do "$t" -q --homedir "$w/s" --append "$f" || return 1; done &&
		[[ $("$t" --verify --keyring "$w/s.pub" "$f" | grep -c ': signature [0-9]*/') == 1 ]] ;;
	summary)
		[[ $("$t" --homedir "$w/s" "$f" 2> /dev/null | tail -n 1) == "1 signed, 0 failed" ]] ;;
	xz-note)
		xz -c -- "$w/base.ko" > "$f.xz"
		"$t" -q --homedir "$w/s" "$f.xz" 2>&1 | grep -q "CRC64 becomes CRC32" ;;
	argon2-rfc9106)
		[[ $(a2 "$t" argon2id 3 4 32 32 "$(r 01 32)" "$(r 02 16)" "$(r 03 8)" "$(r 04 12)") == \
		   0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659 ]] ;;
	argon2-cli)
		[[ $(a2 "$t" argon2id 1 1 64 32 "$(r 70 4)" "$(r 73 8)") == \
		   "$(printf pppp | argon2 ssssssss -id -t 1 -p 1 -m 6 -l 32 -r)" ]] ;;
	blake2b-b2sum)
		[[ $(a2 "$t" blake2b 32 616263) == "$(printf abc | b2sum -l 256 | cut -d' ' -f1)" ]] ;;
	argon2-usage)
		[[ $(a2 "$t" s2k 254 "26091404$(r 5a 16)030410$(r 00 64)" pass) == *"not AEAD 253"* ]] ;;
	secrets-genkey)
		rm -f -- "$w/g.key" "$w/g.pub"
		(ulimit -S -c unlimited 2> /dev/null; python3 "$here/memscan.py" "$w/memscan.so" "$w/log" \
			--public "$w/g.pub" -- "$t" --gen-key mldsa65-ed25519 "G <g@example.org>" \
			"$w/g.key" "$w/g.pub") ;;
	s2k-explicit)
		nm -u -- "$t.o/s2k.o" | grep -qw explicit_bzero ;;
	prepare-signed)
		"$t" -q --homedir "$w/s" "$f" && cp -- "$f" "$w/signed.ko" && rm -f -- "$f.tbs" &&
		! "$t" -q --prepare "$f" 2> /dev/null && cmp -s "$f" "$w/signed.ko" && [[ ! -e $f.tbs ]] ;;
	genkey-sde)
		rm -f -- "$w/d.key" "$w/d.pub"
		! SOURCE_DATE_EPOCH=garbage "$t" --gen-key ed25519-v6 "D <d@example.org>" "$w/d.key" \
			"$w/d.pub" > /dev/null 2>&1 && [[ ! -e $w/d.key ]] ;;
	dearmor-0600)
		rm -f -- "$w/d.key" "$w/d.pub" "$w/d.bin"
		"$t" --gen-key ed25519-v6 "D <d@example.org>" "$w/d.key" "$w/d.pub" > /dev/null &&
		gpg --enarmor < "$w/d.key" 2> /dev/null | sed 's/ARMORED FILE/PRIVATE KEY BLOCK/' > "$w/d.asc" &&
		"$t" --dearmor "$w/d.asc" "$w/d.bin" && [[ $(stat -c %a "$w/d.bin") == 600 ]] ;;
	verify-exit)
		"$t" -q --homedir "$w/s" "$f" && cp -- "$f" "$w/bad.ko" &&
		printf '\x01' | dd of="$w/bad.ko" bs=1 seek=64 conv=notrunc status=none &&
		{ "$t" --verify -q --keyring "$w/s.pub" "$f" "$w/bad.ko" "$w/base.ko" > /dev/null 2>&1; (($? == 1)); } ;;
	esac
}

echo "1..$((${#cases[@]} + ${#mutants[@]}))"
bash "$top/scripts/pgp-sign-module-build.sh" "$T/real" > "$T/real.log" 2>&1 ||
	{ echo "Bail out! the tool does not build"; exit 1; }
for c in "${cases[@]}"; do
	check "the tool: $c" run_case "$T/real" "$c"
done
for m in "${mutants[@]}"; do
	IFS='#' read -r name file expr want <<< "$m"
	mkdir -p "$T/src-$name"
	(cd "$top" && tar cf - scripts crypto include kernel security) | tar xf - -C "$T/src-$name"
	sed -i "$expr" "$T/src-$name/$file"
	if cmp -s "$top/$file" "$T/src-$name/$file"; then
		nok "mutant $name: the sed expression changed nothing"
		continue
	fi
	if ! bash "$T/src-$name/scripts/pgp-sign-module-build.sh" "$T/$name" > "$T/$name.log" 2>&1; then
		nok "mutant $name: does not build"
		continue
	fi
	if run_case "$T/$name" "$want" > /dev/null 2>&1; then
		nok "mutant $name is NOT caught by case $want"
	else
		ok "mutant $name is caught by case $want"
	fi
done
exit $((failed > 0))
