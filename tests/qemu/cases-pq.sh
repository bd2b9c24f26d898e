#!/usr/bin/env bash
# Guest cases of OpenPGP v6 (RFC 9580: Ed25519, Ed448), ML-DSA-65+Ed25519, ML-DSA-87+Ed448 and
# SLH-DSA (RFC 9980) module signatures, and of the post-quantum-only policy (pgp_keys.pq_only).
# Called by tests/qemu/make-cases.sh.
set -euo pipefail
prog=cases-pq.sh

usage() {
	cat <<'EOF_USAGE'
Usage: tests/qemu/cases-pq.sh OBJDIR MODULE OUTDIR

OBJDIR is the kernel build, MODULE the built test module (pgptest.ko), OUTDIR the case
directory of tests/qemu/make-cases.sh: writes OUTDIR/mods/pq-*.ko, appends the cases to
OUTDIR/cases.list and writes OUTDIR/cases-pqonly.list, the cases of the boots with
pgp_keys.pq_only=1 (mk/lib.sh's pq-permissive and pq-enforce).  KEYS_DIR must name the
tests/qemu/make-keys.sh output, whose v6 keys (pq6: ML-DSA-65+Ed25519, ed6: Ed25519, pq87:
ML-DSA-87+Ed448, ed448: Ed448; slh128f, slh128s, slh256s: SLH-DSA; pq6unknown, not built
in) the kernel has built in.

The modules are signed on the test side: a module with a 16 KiB module_sig made by
scripts/sign-module.sh, its signed data (the file with module_sig's content zeroed) signed
by tests/vectors/pgpv6.mjs (noble's Ed25519 and ML-DSA-65), the packets put into module_sig
by tests/qemu/v6mod.py.  Cases: /proc/keys lists the v6 keys; good v6 Ed25519 and
composite signatures over SHA-256, SHA-512 and SHA3-256; the composite's Ed25519 half
broken, its ML-DSA half broken, the salt changed, the salt length changed; a digest too
short (SHA-224); a v6 key that is not built in; v4+v6 rollover in both orders; tampered
regions; a v6 vendor key certified by the built-in composite key, added at run time; a
tamper sweep over a composite-signed module.  ML-DSA-87+Ed448 over SHA-256, SHA-512 and
SHA3-512, Ed448 over SHA-512 and SHA3-512 (and SHA-256: too short); each half of
ML-DSA-87+Ed448 broken; a rollover of a v4 Ed25519 signature and an ML-DSA-87+Ed448 one,
accepted by the first.  SLH-DSA-SHAKE-128f (noble) over SHA-512 and SHA3-256, -128s and
-256s (the signing tool) over SHA-512; one bit of R, of the FORS part and of the hypertree
flipped, for each set; -128f over SHA-224 (too short); ML-DSA-87+Ed448 and SLH-DSA side by
side, good and broken.  With the policy on (cases-pqonly.list, both boots): the parameter
reads Y and cannot be written; modules signed by classical keys only (v4 RSA, v6 Ed25519,
Ed448) are treated as unsigned (tainted, or refused when enforcing) with a log line;
composite and SLH-DSA ones load; the rollover modules load by their post-quantum
signature, a good v4 one beside a broken post-quantum one is refused; a
classical run-time key certified by a composite key is refused, a composite one joins.
Every container: a module with only sign-file's PKCS#7 signature by the build's X.509 key
(RSA) or by the built-in P-384 X.509 key is treated as unsigned, with a log line naming
the key; the build's PKCS#7 signature beside an ML-DSA-65+Ed25519 one loads by the
second; an X.509 certificate issued by the build's key, added to .secondary_trusted_keys
at run time, is refused (logged).  The boots without the policy run the controls: the
same modules load by their PKCS#7 signature, the certificate joins.  OBJDIR's
scripts/sign-file and certs/signing_key.pem sign.
EOF_USAGE
}
# shellcheck source=tests/qemu/cases-lib.sh
. "$(dirname "$0")/cases-lib.sh"
cases_args --keys "$@"
# shellcheck source=/dev/null
. "$keys/keys.env"
[[ -n ${KEY_pq6:-} ]] || { echo "$prog: $keys/keys.env: no v6 keys (tests/qemu/make-keys.sh)" >&2; exit 1; }
[[ -n ${KEY_pq87:-} ]] ||
	{ echo "$prog: $keys/keys.env: no ML-DSA-87+Ed448 key (tests/qemu/make-keys.sh)" >&2; exit 1; }
export GNUPGHOME=$keys/gnupg
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
node_env || { echo "$prog: no test-only npm packages" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

lc() { tr 'A-F' 'a-f' <<<"$1"; }
pgpv6() { node "$top/tests/vectors/pgpv6.mjs" "$@"; }
v6mod() { python3 "$top/tests/qemu/v6mod.py" "$@"; }

# The base: a module whose module_sig (16 KiB) can hold a v4 and a v6 signature.
cp "$module" "$work/base.ko"
"$top/scripts/sign-module.sh" --quiet -u "$FPR_rsa2048" --digest sha256 --reserve 16384 \
	"$work/base.ko"
python3 "$top/tests/qemu/siglayout.py" extract "$work/base.ko" "$work/data" "$work/rsa2048.sig" \
	>/dev/null
# v6sig NAME KEYSPEC HASH [pgpv6.mjs options]: $work/NAME.sig over the signed data
v6sig() {
	local n=$1 k=$2 h=$3
	shift 3
	pgpv6 sign "$k" --hash "$h" --salt-seed "$n" "$@" <"$work/data" >"$work/$n.sig"
}
# v4sig NAME FPR HASH: a gpg-made v4 signature packet over the same data
v4sig() {
	cp "$work/base.ko" "$work/v4.ko"
	"$top/scripts/sign-module.sh" --quiet -u "$2" --digest "$3" "$work/v4.ko"
	python3 "$top/tests/qemu/siglayout.py" extract "$work/v4.ko" "$work/v4.data" "$work/$1.sig" \
		>/dev/null
	cmp -s "$work/v4.data" "$work/data" || { echo "$prog: $1: other signed data" >&2; exit 1; }
}
attach() { # attach OUT SIGNAME...
	local o=$1 s sigs=()
	shift
	for s in "$@"; do sigs+=("$work/$s.sig"); done
	v6mod attach "$work/base.ko" "$mods/$o" "${sigs[@]}"
}
field() { v6mod fields "$work/$1.sig" | awk -v f="$2" '$1 == f { print $2 }'; }
field_len() { v6mod fields "$work/$1.sig" | awk -v f="$2" '$1 == f { print $3 }'; }

pq=$(lc "$FPR_pq6") ed=$(lc "$FPR_ed6")
printf 'listing|listing|/proc/keys|-|%s|%s\n' "$pq mldsa65-ed25519 primary usable" \
	"/proc/keys lists the built-in ML-DSA-65+Ed25519 v6 key" >>"$list"
printf 'listing|listing|/proc/keys|-|%s|%s\n' "$ed ed25519 primary usable" \
	"/proc/keys lists the built-in Ed25519 v6 key" >>"$list"

for h in sha256 sha512 sha3-256; do
	v6sig "pq-$h" "$KEY_pq6" "$h"
	attach "pq-$h.ko" "pq-$h"
	case_line ok ok "pq-$h.ko" "$pq" "ML-DSA-65+Ed25519 v6 signature over $h loads with its signer"
done
for h in sha256 sha512; do
	v6sig "ed6-$h" "$KEY_ed6" "$h"
	attach "ed6-$h.ko" "ed6-$h"
	case_line ok ok "ed6-$h.ko" "$ed" "Ed25519 v6 signature over $h loads with its signer"
done

# each half of the composite, the salt, its length
for f in ed25519 mldsa salt; do
	cp "$work/pq-sha512.sig" "$work/pq-bad-$f.sig"
	v6mod flip "$work/pq-bad-$f.sig" $(($(field pq-sha512 "$f") + 7)) 0x10
	attach "pq-bad-$f.ko" "pq-bad-$f"
done
case_line EKEYREJECTED EKEYREJECTED pq-bad-ed25519.ko "" "composite with its Ed25519 half broken refused"
case_line EKEYREJECTED EKEYREJECTED pq-bad-mldsa.ko "" "composite with its ML-DSA-65 half broken refused"
case_line EKEYREJECTED EKEYREJECTED pq-bad-salt.ko "" "v6 signature with its salt changed refused"
cp "$work/pq-sha512.sig" "$work/pq-bad-saltlen.sig"
v6mod flip "$work/pq-bad-saltlen.sig" "$(field pq-sha512 salt-length)" 0x30
attach pq-bad-saltlen.ko pq-bad-saltlen
case_line EBADMSG EBADMSG pq-bad-saltlen.ko "" "v6 signature whose salt length is not its hash's refused"
v6sig pq-sha224 "$KEY_pq6" sha224
attach pq-sha224.ko pq-sha224
case_line taint EKEYREJECTED pq-sha224.ko "" "composite over SHA-224 (digest under 256 bits) unsupported"
v6sig pq-unknown "$KEY_pq6unknown" sha512
attach pq-unknown.ko pq-unknown
case_line taint EKEYREJECTED pq-unknown.ko "" "v6 signature by a key not in the kernel: unavailable key"

# rollover: a v4 and a v6 signature side by side, either may be the trusted one
v4sig v4-unknown "$FPR_unknown" sha256
v4sig v4-rsa3072 "$FPR_rsa3072" sha512
attach pq-roll-new.ko v4-unknown pq-sha512
case_line ok ok pq-roll-new.ko "$pq" "rollover: old v4 (unknown key) then v6 composite loads with the v6 key"
attach pq-roll-old.ko pq-unknown v4-rsa3072
case_line ok ok pq-roll-old.ko "$(lc "$FPR_rsa3072")" \
	"rollover: v6 by an unknown key then v4 rsa3072 loads with the v4 key"
attach pq-roll-both.ko pq-unknown pq-bad-mldsa ed6-sha512
case_line ok ok pq-roll-both.ko "$ed" \
	"three v6 signatures: unknown key, bad composite (pass 1), good Ed25519 (pass 2, its own salt)"

# tampered regions of a composite-signed module
for r in .text .init.text .rodata .modinfo shdr; do
	cp "$mods/pq-sha512.ko" "$mods/pq-t${r//./_}.ko"
	python3 "$top/tests/elfedit.py" flip "$mods/pq-t${r//./_}.ko" "$r" >/dev/null
	case_line EKEYREJECTED EKEYREJECTED "pq-t${r//./_}.ko" "" "composite-signed module, $r tampered, refused"
done

# a v6 vendor key certified by the built-in composite key, added at run time
pgpv6 cert ed25519:pq6-vendor --uid "pgp-modsign test pq6vendor <pq6vendor@pgp-modsign.test>" \
	--certify-by "$KEY_pq6" >"$mods/pq6vendor.pgp"
vendor=$(pgpv6 fpr ed25519:pq6-vendor)
v6sig pq-vendor ed25519:pq6-vendor sha512
attach pq-vendor.ko pq-vendor
case_line taint EKEYREJECTED pq-vendor.ko "" "v6 vendor module refused before its certificate is added"
printf 'exec|exec|/mods/keyadd|-|asymmetric "" /mods/pq6vendor.pgp .secondary_trusted_keys|%s\n' \
	"the v6 vendor certificate certified by the built-in ML-DSA-65+Ed25519 key joins" >>"$list"
printf 'listing|listing|/proc/keys|-|%s|%s\n' "$vendor ed25519 primary usable" \
	"/proc/keys lists the v6 vendor key" >>"$list"
case_line ok ok pq-vendor.ko "$vendor" "v6 vendor module loads after its certificate is added"

# the tamper sweep over a composite-signed module (siglayout.py's map; the ML-DSA half
# is sampled like the bulk regions with SWEEP_STRIDE)
perm_sweep=1
case $(cat "$obj/include/config/kernel.release" 2>/dev/null) in
6.1 | 6.1.*) perm_sweep=0 ;;	# see make-cases.sh: 6.1 sweeps in the enforcing boot
esac
st=${SWEEP_STRIDE:-16}
for mask in 0x01 0x80; do
	python3 "$top/tests/qemu/siglayout.py" map "$mods/pq-sha512.ko" "$mask" "$mods/pq-sha512.ko.$mask.map"
	how=$mask desc="tamper sweep: ML-DSA-65+Ed25519 module xor $mask, every byte"
	((st > 1)) && how+=:$st desc+=" of the packet but the ML-DSA half, every ${st}th of the bulk"
	if ((perm_sweep)); then
		case_line "sweep:$how" "sweep:$how" pq-sha512.ko "$pq" "$desc"
	else
		case_line skip "sweep:$how" pq-sha512.ko "$pq" "$desc"
	fi
done
# ---- ML-DSA-87+Ed448 (algorithm 31) and Ed448 (algorithm 28) ----
pq87=$(lc "$FPR_pq87") ed448=$(lc "$FPR_ed448") ed4=$(lc "$FPR_ed25519")
printf 'listing|listing|/proc/keys|-|%s|%s\n' "$pq87 mldsa87-ed448 primary usable" \
	"/proc/keys lists the built-in ML-DSA-87+Ed448 v6 key" >>"$list"
printf 'listing|listing|/proc/keys|-|%s|%s\n' "$ed448 ed448 primary usable" \
	"/proc/keys lists the built-in Ed448 v6 key" >>"$list"
for h in sha256 sha512 sha3-512; do
	v6sig "pq87-$h" "$KEY_pq87" "$h"
	attach "pq87-$h.ko" "pq87-$h"
	case_line ok ok "pq87-$h.ko" "$pq87" "ML-DSA-87+Ed448 v6 signature over $h loads with its signer"
done
for h in sha512 sha3-512; do
	v6sig "ed448-$h" "$KEY_ed448" "$h"
	attach "ed448-$h.ko" "ed448-$h"
	case_line ok ok "ed448-$h.ko" "$ed448" "Ed448 v6 signature over $h loads with its signer"
done
v6sig ed448-sha256 "$KEY_ed448" sha256
attach ed448-sha256.ko ed448-sha256
case_line taint EKEYREJECTED ed448-sha256.ko "" "Ed448 over SHA-256 (digest under 512 bits) unsupported"
for f in ed448 mldsa; do
	cp "$work/pq87-sha512.sig" "$work/pq87-bad-$f.sig"
	v6mod flip "$work/pq87-bad-$f.sig" $(($(field pq87-sha512 "$f") + 9)) 0x10
	attach "pq87-bad-$f.ko" "pq87-bad-$f"
done
case_line EKEYREJECTED EKEYREJECTED pq87-bad-ed448.ko "" "ML-DSA-87+Ed448 with its Ed448 half broken refused"
case_line EKEYREJECTED EKEYREJECTED pq87-bad-mldsa.ko "" "ML-DSA-87+Ed448 with its ML-DSA-87 half broken refused"
v4sig v4-ed25519 "$FPR_ed25519" sha512
attach pq87-roll.ko v4-ed25519 pq87-sha512
case_line ok ok pq87-roll.ko "$ed4" \
	"rollover: v4 Ed25519 then ML-DSA-87+Ed448, policy off: loads with the first, the v4 key"
attach pq-v4only.ko v4-ed25519
printf 'listing|listing|/sys/module/pgp_keys/parameters/pq_only|-|N|%s\n' \
	"pgp_keys.pq_only is off (N) without the boot parameter" >>"$list"

# ---- SLH-DSA (RFC 9980 algorithms 32 to 34) ----
# A base whose module_sig (36 KiB) holds an SLH-DSA-SHAKE-256s signature (29.9 KB) or an
# -128f one (17.2 KB) beside an ML-DSA-87+Ed448 one.  -128f signatures are made on the test
# side (noble); -128s and -256s ones by the signing tool (--secret-key, the keys' secret key
# files of make-keys.sh: noble signs those sets in minutes), checked against noble and
# ACVP's known answers by tests/host/sign.
[[ -n ${KEY_slh128s:-} && -f $keys/v6/slh128s.sec ]] ||
	{ echo "$prog: $keys/keys.env: no SLH-DSA keys (tests/qemu/make-keys.sh)" >&2; exit 1; }
cp "$module" "$work/slhbase.ko"
"$top/scripts/sign-module.sh" --quiet -u "$FPR_rsa2048" --digest sha256 --reserve 36864 \
	"$work/slhbase.ko"
python3 "$top/tests/qemu/siglayout.py" extract "$work/slhbase.ko" "$work/slhdata" "$work/slhrsa.sig" \
	>/dev/null
slhsig() { # slhsig NAME KEYSPEC HASH: noble's signature over the base's signed data
	pgpv6 sign "$2" --hash "$3" --salt-seed "$1" <"$work/slhdata" >"$work/$1.sig"
}
slhtool() { # slhtool NAME KEYNAME: the signing tool's signature over the same data
	cp "$work/slhbase.ko" "$work/$1.ko"
	"$top/scripts/sign-module.sh" --quiet --secret-key "$keys/v6/$2.sec" "$work/$1.ko"
	python3 "$top/tests/qemu/siglayout.py" extract "$work/$1.ko" "$work/$1.data" "$work/$1.sig" \
		>/dev/null
	cmp -s "$work/$1.data" "$work/slhdata" || { echo "$prog: $1: other signed data" >&2; exit 1; }
}
slhattach() { # slhattach OUT SIGNAME...
	local o=$1 s sigs=()
	shift
	for s in "$@"; do sigs+=("$work/$s.sig"); done
	v6mod attach "$work/slhbase.ko" "$mods/$o" "${sigs[@]}"
}
s128f=$(lc "$FPR_slh128f") s128s=$(lc "$FPR_slh128s") s256s=$(lc "$FPR_slh256s")
for k in 128f:$s128f 128s:$s128s 256s:$s256s; do
	printf 'listing|listing|/proc/keys|-|%s|%s\n' "${k#*:} slhdsa${k%%:*} primary usable" \
		"/proc/keys lists the built-in SLH-DSA-SHAKE-${k%%:*} v6 key" >>"$list"
done
for h in sha512 sha3-256; do
	slhsig "slh128f-$h" "$KEY_slh128f" "$h"
	slhattach "slh128f-$h.ko" "slh128f-$h"
	case_line ok ok "slh128f-$h.ko" "$s128f" "SLH-DSA-SHAKE-128f signature over $h loads with its signer"
done
for k in 128s 256s; do
	slhtool "slh$k-sha512" "slh$k"
	slhattach "slh$k-sha512.ko" "slh$k-sha512"
	case_line ok ok "slh$k-sha512.ko" "$(eval echo "\$s$k")" \
		"SLH-DSA-SHAKE-$k signature (the signing tool's) over sha512 loads with its signer"
done
# one bit of each part of a signature flipped: R, the FORS signature, the hypertree
for k in 128f 128s 256s; do
	for f in r fors ht; do
		cp "$work/slh$k-sha512.sig" "$work/slh$k-bad-$f.sig"
		v6mod flip "$work/slh$k-bad-$f.sig" \
			$(($(field "slh$k-sha512" "$f") + $(field_len "slh$k-sha512" "$f") / 3)) 0x08
		slhattach "slh$k-bad-$f.ko" "slh$k-bad-$f"
		case_line EKEYREJECTED EKEYREJECTED "slh$k-bad-$f.ko" "" \
			"SLH-DSA-SHAKE-$k with one bit of its ${f^^} part flipped refused"
	done
done
slhsig slh128f-sha224 "$KEY_slh128f" sha224
slhattach slh128f-sha224.ko slh128f-sha224
case_line taint EKEYREJECTED slh128f-sha224.ko "" "SLH-DSA over SHA-224 (digest under 256 bits) unsupported"
# rollover: ML-DSA-87+Ed448 and SLH-DSA side by side, either may be the good one
slhsig slh-pq87 "$KEY_pq87" sha512
cp "$work/slh-pq87.sig" "$work/slh-pq87-bad.sig"
v6mod flip "$work/slh-pq87-bad.sig" $(($(field slh-pq87 mldsa) + 9)) 0x10
slhattach slh-roll.ko slh-pq87 slh128f-sha512
case_line ok ok slh-roll.ko "$pq87" "rollover: ML-DSA-87+Ed448 then SLH-DSA-SHAKE-128f loads with the first"
slhattach slh-roll-bad87.ko slh-pq87-bad slh128f-sha512
case_line ok ok slh-roll-bad87.ko "$s128f" \
	"rollover: a broken ML-DSA-87+Ed448 then a good SLH-DSA-SHAKE-128f loads with the second"

# ---- the post-quantum-only policy: the boots with pgp_keys.pq_only=1 ----
: >"$pol"
pol_exec() { # FILE ARGS DESCRIPTION: passes when FILE ARGS exits 0 (in both boots)
	printf 'exec|exec|%s|-|%s|%s\n' "$1" "$2" "$3" >>"$pol"
}
pq_only=/sys/module/pgp_keys/parameters/pq_only
printf 'listing|listing|%s|-|Y|%s\n' "$pq_only" "pq-only: /sys/module/pgp_keys/parameters/pq_only reads Y" >>"$pol"
pol_exec /bin/sh "-c 'echo N > $pq_only 2>/dev/null && exit 1; grep -qx Y $pq_only'" \
	"pq-only: the parameter cannot be written (still Y)"
pol_line taint EKEYREJECTED pq-v4only.ko "" \
	"pq-only: a module signed by a built-in v4 Ed25519 key only is treated as unsigned"
# (no "|" in a case line: it separates the fields)
pol_exec /bin/sh "-c 'dmesg >/dmesg.txt && grep -q \"Module signed by classical key $ed4 only: not counted\" /dmesg.txt'" \
	"pq-only: the log says why, naming the classical key"
pol_line taint EKEYREJECTED ed6-sha512.ko "" "pq-only: a v6 Ed25519 module is treated as unsigned"
pol_line taint EKEYREJECTED ed448-sha512.ko "" "pq-only: a v6 Ed448 module is treated as unsigned"
pol_line ok ok pq-sha512.ko "$pq" "pq-only: an ML-DSA-65+Ed25519 module loads"
pol_line ok ok pq87-sha512.ko "$pq87" "pq-only: an ML-DSA-87+Ed448 module loads"
pol_line ok ok pq87-roll.ko "$pq87" \
	"pq-only: rollover v4 Ed25519 then ML-DSA-87+Ed448 loads with the ML-DSA-87+Ed448 key"
attach pq87-roll-bad.ko v4-ed25519 pq87-bad-mldsa
pol_line EKEYREJECTED EKEYREJECTED pq87-roll-bad.ko "" \
	"pq-only: a good v4 Ed25519 signature beside a broken ML-DSA-87+Ed448 one: refused"
# the controls, in the boots without the policy: the same modules load by their v4 key
case_line ok ok pq-v4only.ko "$ed4" "policy off: the module of a v4 Ed25519 signature only loads"
case_line ok ok pq87-roll-bad.ko "$ed4" \
	"policy off: a good v4 Ed25519 signature beside a broken ML-DSA-87+Ed448 one loads by the first"
pol_exec /mods/keyadd '--expect EKEYREJECTED asymmetric "" /mods/pq6vendor.pgp .secondary_trusted_keys' \
	"pq-only: a v6 Ed25519 vendor key certified by the built-in composite key is refused"
pol_line taint EKEYREJECTED pq-vendor.ko "" "pq-only: so its module is treated as unsigned"
pgpv6 cert mldsa87-ed448:pq87-vendor --uid "pgp-modsign test pq87vendor <pq87vendor@pgp-modsign.test>" \
	--certify-by "$KEY_pq87" >"$mods/pq87vendor.pgp"
vendor87=$(pgpv6 fpr mldsa87-ed448:pq87-vendor)
v6sig pq87-vendor mldsa87-ed448:pq87-vendor sha512
attach pq87-vendor.ko pq87-vendor
pol_exec /mods/keyadd 'asymmetric "" /mods/pq87vendor.pgp .secondary_trusted_keys' \
	"pq-only: an ML-DSA-87+Ed448 vendor key certified by the built-in ML-DSA-87+Ed448 key joins"
pol_line ok ok pq87-vendor.ko "$vendor87" "pq-only: its module loads"
pol_line ok ok slh128f-sha512.ko "$s128f" "pq-only: an SLH-DSA-SHAKE-128f module loads"
pol_line ok ok slh128s-sha512.ko "$s128s" "pq-only: an SLH-DSA-SHAKE-128s module loads"
pol_line ok ok slh-roll-bad87.ko "$s128f" \
	"pq-only: a broken ML-DSA-87+Ed448 then a good SLH-DSA-SHAKE-128f: loads with the second"
slhattach slh-roll-v4.ko slhrsa slh128f-bad-ht
pol_line EKEYREJECTED EKEYREJECTED slh-roll-v4.ko "" \
	"pq-only: a good v4 RSA signature beside a broken SLH-DSA one: refused"
case_line ok ok slh-roll-v4.ko "$(lc "$FPR_rsa2048")" \
	"policy off: a good v4 RSA signature beside a broken SLH-DSA one loads by the first"

# ---- every container: mainline's appended PKCS#7 signature, run-time X.509 keys ----
# The build's X.509 key (RSA) and the trusted P-384 key of make-keys.sh sign with sign-file.
signfile=$obj/scripts/sign-file
p7hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"/\1/p' "$obj/.config")
"$signfile" "$p7hash" "$keys/x509-p384.key" "$keys/x509-p384.crt" "$module" "$mods/pq-p7p384.ko"
"$signfile" "$p7hash" "$obj/certs/signing_key.pem" "$obj/certs/signing_key.x509" \
	"$mods/pq-sha512.ko" "$mods/pq-p7both.ko"
pol_line taint EKEYREJECTED x509.ko "" \
	"pq-only: a module with only sign-file's PKCS#7 signature by the build's X.509 key (RSA) is treated as unsigned"
pol_exec /bin/sh "-c 'dmesg >/dmesg.txt && grep -q \"PKCS#7 signature by key .Build time autogenerated kernel key: [0-9a-f]*. (rsa) not counted: only post-quantum\" /dmesg.txt'" \
	"pq-only: the log says why, naming the build's X.509 key and its algorithm"
pol_line taint EKEYREJECTED pq-p7p384.ko "" \
	"pq-only: a module with only a PKCS#7 signature by a built-in ECDSA P-384 X.509 key is treated as unsigned"
pol_line ok ok pq-p7both.ko "$pq" \
	"pq-only: the build's PKCS#7 signature beside an ML-DSA-65+Ed25519 one: loads by the second"
case_line ok ok pq-p7p384.ko "" "policy off: a module with only a PKCS#7 signature by the P-384 X.509 key loads"
case_line ok ok pq-p7both.ko "" \
	"policy off: the build's PKCS#7 signature beside an ML-DSA-65+Ed25519 one: loads by the first"
# an X.509 certificate (RSA) issued by the build's key, added at run time
openssl req -new -nodes -utf8 -batch -newkey rsa:2048 -subj "/CN=pgp-modsign test X.509 vendor" \
	-keyout "$work/x509vendor.key" -out "$work/x509vendor.csr" 2>/dev/null
printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=digitalSignature" \
	"subjectKeyIdentifier=hash" "authorityKeyIdentifier=keyid" >"$work/x509vendor.ext"
openssl x509 -req -in "$work/x509vendor.csr" -CA "$obj/certs/signing_key.pem" \
	-CAkey "$obj/certs/signing_key.pem" -set_serial 0x5eed -days 36500 -extfile "$work/x509vendor.ext" \
	-outform DER -out "$mods/x509vendor.der" 2>/dev/null
pol_exec /mods/keyadd '--expect EKEYREJECTED asymmetric "" /mods/x509vendor.der .secondary_trusted_keys' \
	"pq-only: an X.509 certificate (RSA) issued by the build's key, added at run time, is refused"
pol_exec /bin/sh "-c 'dmesg >/dmesg.txt && grep -q \"X.509 key [0-9a-f]* refused: a classical key (rsa), only post-quantum keys count\" /dmesg.txt'" \
	"pq-only: the log says why, naming the X.509 key"
printf 'exec|exec|/mods/keyadd|-|%s|%s\n' 'asymmetric "" /mods/x509vendor.der .secondary_trusted_keys' \
	"policy off: the same X.509 certificate joins .secondary_trusted_keys" >>"$list"

echo "$prog: $(grep -c 'pq' "$list") v6 cases, $(wc -l <"$pol") with the policy on"
