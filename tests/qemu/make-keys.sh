#!/usr/bin/env bash
# Generate the OpenPGP test keys for the QEMU matrix (kept in build/, never committed).
set -euo pipefail
prog=make-keys.sh

usage() {
	cat <<'EOF'
Usage: tests/qemu/make-keys.sh OUTDIR

Creates OUTDIR/gnupg (a GnuPG home with the test keys, no passphrases),
OUTDIR/trusted.pgp (the binary public keyring built into the test kernel),
OUTDIR/trusted-v4.pgp (its v4 keys alone, for gpgv and sqv, which know no v6 keys),
OUTDIR/keys.env (FPR_<name>=fingerprint for every key), OUTDIR/x509-{rsa4096,p384}.{key,crt}
(mainline PKCS#7 comparison keys), OUTDIR/keys.config (a kernel config fragment
pointing CONFIG_MODULE_SIG_PGP_KEYS at trusted.pgp) and OUTDIR/x509.config
(CONFIG_SYSTEM_TRUSTED_KEYS naming the X.509 certificates).
Keys: dsa2048 dsa3072 rsa2048 rsa3072 rsa4096 ed25519 nistp256 nistp384 dsa1024 (sign-only
primaries), sub (certify-only rsa3072 primary with an rsa2048 signing subkey),
revoked (rsa2048, revocation certificate imported), unknown (rsa2048, not in
trusted.pgp).
For the run-time keys (tests/qemu/cases-keys.sh), Ed25519 keys: distro (built in, it
certifies vendors' keys), oldca (built in; it certified latecert on 2024-07-01 and
expired on 2024-06-01), brt (built in, revoked at run time), bdrev (built in, listed in
CONFIG_PGP_KEYS_REVOKED), and, not built in: vendor, revvendor and rotate (a certify-only
primary with a signing subkey), each certified by distro; uncert (certified by nobody);
roguecert (certified by rogue, which is not trusted); latecert.
v6 keys (tests/vectors/pgpv6.mjs, fixed seeds): pq6 (ML-DSA-65+Ed25519), ed6 (Ed25519),
pq87 (ML-DSA-87+Ed448), ed448 (Ed448), slh128f, slh128s and slh256s (SLH-DSA-SHAKE-128f,
-128s, -256s), built in; pq6unknown, not built in (keys.env: KEY_<name>=ALGO:SEED and
FPR_<name>; their certificates in OUTDIR/v6/NAME.pgp, and the SLH-DSA keys' unprotected
secret keys in OUTDIR/v6/NAME.sec, for the signing tool: noble signs -128s and -256s in
minutes, so their self-signatures are made once, here).
OUTDIR/runtime/ holds their certificates as "gpg --export" writes them (NAME.pgp; revvendor-revoked.pgp and
brt-revoked.pgp carry the revocation; rsa2048-certified.pgp is the built-in rsa2048 key
certified by distro).  An existing complete OUTDIR is reused (the v6 keys are added to
one made without them).  KEYS_V6=auto (make demo) leaves the v6 keys out when the
test-only npm packages are not installed (make deps --demo installs none).
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -eq 1 ]] || { usage >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
names=(dsa2048 dsa3072 rsa2048 rsa3072 rsa4096 ed25519 nistp256 nistp384 dsa1024 sub revoked unknown)

# The v6 keys (RFC 9580, RFC 9980), made from fixed seeds by the test-side signer
# tests/vectors/pgpv6.mjs (GnuPG 2.2 makes no v6 keys): pq6 (ML-DSA-65+Ed25519), ed6
# (Ed25519), pq87 (ML-DSA-87+Ed448) and ed448 (Ed448) are built in, pq6unknown is not;
# their certificates are appended to trusted.pgp and their specifications (ALGO:SEED for
# pgpv6.mjs) kept in keys.env.
V6_KEYS_87=(pq87:mldsa87-ed448:pq87-builtin ed448:ed448:ed448-builtin)
V6_KEYS_SLH=(slh128f:slhdsa128f:slh128f-builtin slh128s:slhdsa128s:slh128s-builtin
	slh256s:slhdsa256s:slh256s-builtin)
V6_KEYS=(pq6:mldsa65-ed25519:pq6-builtin ed6:ed25519:ed6-builtin
	pq6unknown:mldsa65-ed25519:pq6-unknown "${V6_KEYS_87[@]}" "${V6_KEYS_SLH[@]}")
add_v6_keys() {	# add_v6_keys ENVFILE [NAME:ALGO:SEED...] (default: V6_KEYS)
	local top name spec f env=$1
	shift
	(($#)) || set -- "${V6_KEYS[@]}"
	top=$(cd "$(dirname "$0")/../.." && pwd)
	if [[ ${KEYS_V6:-1} == auto ]] && ! "$top/mk/node-deps.sh" --check 2> /dev/null; then
		echo "$prog: no v6 keys (KEYS_V6=auto and the test-only npm packages are not installed; make check adds them)"
		return 0
	fi
	# shellcheck source=tests/lib/node.sh
	. "$top/tests/lib/node.sh"
	node_env || { echo "$prog: no test-only npm packages" >&2; return 1; }
	for f in "$@"; do
		name=${f%%:*} spec=${f#*:}
		echo "KEY_$name=$spec" >>"$env"
		echo "FPR_$name=$(node "$top/tests/vectors/pgpv6.mjs" fpr "$spec")" >>"$env"
		mkdir -p "$out/v6"
		if [[ $spec == slhdsa* ]]; then
			node "$top/tests/vectors/pgpv6.mjs" seckey "$spec" \
				--uid "pgp-modsign test $name <$name@pgp-modsign.test>" \
				--cert "$out/v6/$name.pgp" >"$out/v6/$name.sec"
			chmod 600 "$out/v6/$name.sec"
		else
			node "$top/tests/vectors/pgpv6.mjs" cert "$spec" \
				--uid "pgp-modsign test $name <$name@pgp-modsign.test>" >"$out/v6/$name.pgp"
		fi
		[[ $name == *unknown ]] || cat "$out/v6/$name.pgp" >>"$out/trusted.pgp.tmp"
	done
	echo "$prog: v6 keys $*"
}

if [[ -f $out/keys.env && -f $out/trusted.pgp && -f $out/x509.config && -d $out/gnupg-revoked ]] &&
	grep -q '^FPR_rotatesub=' "$out/keys.env"; then
	if ! grep -q '^FPR_pq6=' "$out/keys.env" || [[ ! -f $out/trusted-v4.pgp ]]; then
		# keys made before the v6 keys: the keyring is the v4 one
		grep -q '^FPR_pq6=' "$out/keys.env" &&
			{ echo "$prog: $out: v6 keys without trusted-v4.pgp: remove $out" >&2; exit 1; }
		cp "$out/trusted.pgp" "$out/trusted-v4.pgp"
		cp "$out/trusted.pgp" "$out/trusted.pgp.tmp"
		add_v6_keys "$out/keys.env"
		# unchanged (no v6 keys added): keep the file, so that the kernel is not rebuilt
		if cmp -s "$out/trusted.pgp.tmp" "$out/trusted.pgp"; then
			rm "$out/trusted.pgp.tmp"
		else
			mv "$out/trusted.pgp.tmp" "$out/trusted.pgp"
		fi
	elif ! grep -q '^FPR_pq87=' "$out/keys.env" &&
		{ [[ ${KEYS_V6:-1} != auto ]] || "$(dirname "$0")/../../mk/node-deps.sh" --check 2> /dev/null; }; then
		# v6 keys made before the ML-DSA-87+Ed448 and Ed448 ones: add those
		cp "$out/trusted.pgp" "$out/trusted.pgp.tmp"
		add_v6_keys "$out/keys.env" "${V6_KEYS_87[@]}"
		mv "$out/trusted.pgp.tmp" "$out/trusted.pgp"
	fi
	if grep -q '^FPR_pq87=' "$out/keys.env" && ! grep -q '^FPR_slh128s=' "$out/keys.env" &&
		{ [[ ${KEYS_V6:-1} != auto ]] || "$(dirname "$0")/../../mk/node-deps.sh" --check 2> /dev/null; }; then
		# v6 keys made before the SLH-DSA ones: add those
		cp "$out/trusted.pgp" "$out/trusted.pgp.tmp"
		add_v6_keys "$out/keys.env" "${V6_KEYS_SLH[@]}"
		mv "$out/trusted.pgp.tmp" "$out/trusted.pgp"
	fi
	echo "$prog: reusing keys in $out"
	exit 0
fi

# A gpg-agent left from an earlier run must not serve the new home directory.
[[ -d $out/gnupg ]] && gpgconf --homedir "$out/gnupg" --kill gpg-agent 2>/dev/null
rm -rf "$out/gnupg" "$out/keys.env" "$out/trusted.pgp" "$out/runtime"
export GNUPGHOME=$out/gnupg
mkdir -m 700 "$GNUPGHOME"
trap 'gpgconf --kill gpg-agent 2>/dev/null || true' EXIT
gpgq() { gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@"; }
fpr_of() { gpg --batch --with-colons --list-keys "$1" | awk -F: '$1 == "fpr" { print $10; exit }'; }
subfpr_of() {
	gpg --batch --with-colons --list-keys "$1" |
		awk -F: '$1 == "sub" { s = 1 } s && $1 == "fpr" { print $10; exit }'
}

for n in "${names[@]}"; do
	uid="pgp-modsign test $n <$n@pgp-modsign.test>"
	case $n in
	sub)
		gpgq --quick-gen-key "$uid" rsa3072 cert never
		gpgq --quick-add-key "$(fpr_of "<$n@pgp-modsign.test>")" rsa2048 sign never
		;;
	revoked|unknown)
		gpgq --quick-gen-key "$uid" rsa2048 sign never ;;
	ed25519)
		gpgq --quick-gen-key "$uid" ed25519 sign never ;;
	*)
		gpgq --allow-weak-key-signatures --quick-gen-key "$uid" "$n" sign never ;;
	esac
	fpr=$(fpr_of "<$n@pgp-modsign.test>")
	[[ -n $fpr ]] || { echo "$prog: key $n was not created" >&2; exit 1; }
	echo "FPR_$n=$fpr" >>"$out/keys.env.tmp"
	if [[ $n == sub ]]; then
		echo "FPR_subkey=$(subfpr_of "$fpr")" >>"$out/keys.env.tmp"
	fi
	echo "$prog: $n $fpr"
done

# Revoke "revoked" with the certificate gpg stored at generation time.  gpg will not sign
# with a revoked key, so a copy of it from before the revocation is kept in gnupg-revoked/.
. "$out/keys.env.tmp"
rm -rf "$out/gnupg-revoked"
mkdir -m 700 "$out/gnupg-revoked"
gpgq --export-secret-keys "$FPR_revoked" | gpgq --homedir "$out/gnupg-revoked" --import
gpgconf --homedir "$out/gnupg-revoked" --kill gpg-agent 2>/dev/null || true
sed 's/^:-----/-----/' "$GNUPGHOME/openpgp-revocs.d/$FPR_revoked.rev" | gpgq --import

# ---- the run-time keys: certified by a built-in key, or refused ----
rt=$out/runtime
mkdir -p "$rt"
byemail() { fpr_of "<$1@pgp-modsign.test>"; }
ed() { # ed NAME [USAGE [FAKED-TIME]]
	gpgq ${3:+--faked-system-time "$3"} --quick-gen-key "pgp-modsign test $1 <$1@pgp-modsign.test>" \
		ed25519 "${2:-sign}" never
	echo "FPR_$1=$(byemail "$1")" >>"$out/keys.env.tmp"
}
certify() { # certify SIGNER KEY [FAKED-TIME]
	gpgq ${3:+--faked-system-time "$3"} -u "$(byemail "$1")" --quick-sign-key "$(byemail "$2")"
}
for n in distro brt bdrev vendor revvendor uncert rogue roguecert; do
	ed "$n"
done
ed rotate cert
gpgq --quick-add-key "$(byemail rotate)" ed25519 sign never
echo "FPR_rotatesub=$(subfpr_of "$(byemail rotate)")" >>"$out/keys.env.tmp"
ed oldca sign 20240101T000000
ed latecert sign 20240101T000000
for n in vendor revvendor rotate rsa2048; do
	certify distro "$n"
done
certify rogue roguecert
certify oldca latecert 20240701T000000
# oldca expires 2024-06-01, by a self-signature of 2024-05-01 (the newest one counts), so
# its certification of latecert (2024-07-01) was made after it expired
gpgq --faked-system-time 20240501T000000 --quick-set-expire "$(byemail oldca)" 2024-06-01
. "$out/keys.env.tmp"
for n in vendor revvendor uncert roguecert latecert rotate rsa2048; do
	gpg --batch --export "$(eval echo "\$FPR_$n")" >"$rt/$n.pgp"
done
mv "$rt/rsa2048.pgp" "$rt/rsa2048-certified.pgp"
# the certificates with their revocation, made in a scratch home (the test home keeps
# the keys unrevoked, so that modules can still be signed with them)
for n in revvendor brt; do
	f=$(eval echo "\$FPR_$n")
	rm -rf "$out/gnupg-scratch"
	mkdir -m 700 "$out/gnupg-scratch"
	gpg --batch --export "$f" | gpgq --homedir "$out/gnupg-scratch" --import
	sed 's/^:-----/-----/' "$GNUPGHOME/openpgp-revocs.d/$f.rev" |
		gpgq --homedir "$out/gnupg-scratch" --import
	gpg --batch --homedir "$out/gnupg-scratch" --export "$f" >"$rt/$n-revoked.pgp"
	gpgconf --homedir "$out/gnupg-scratch" --kill gpg-agent 2>/dev/null || true
done
rm -rf "$out/gnupg-scratch"

trusted=()
for n in "${names[@]}" distro oldca brt bdrev; do
	[[ $n == unknown ]] || trusted+=("$(eval echo "\$FPR_$n")")
done
gpg --batch --export "${trusted[@]}" >"$out/trusted.pgp.tmp"
cp "$out/trusted.pgp.tmp" "$out/trusted-v4.pgp"
add_v6_keys "$out/keys.env.tmp"
mv "$out/trusted.pgp.tmp" "$out/trusted.pgp"
# X.509 keys for comparing with mainline's PKCS#7 signatures (make bench): RSA-4096 and
# ECDSA P-384, the two key types mainline's certs/Kconfig offers, trusted by the test kernel.
x509() { # x509 NAME OPENSSL-NEWKEY-ARGS...
	local n=$1
	shift
	openssl req -new -nodes -utf8 -batch -x509 -days 36500 -outform PEM \
		-subj "/CN=pgp-modsign bench $n" -addext "keyUsage=digitalSignature" \
		-addext "extendedKeyUsage=codeSigning" "$@" \
		-keyout "$out/x509-$n.key" -out "$out/x509-$n.crt" 2>/dev/null
}
x509 rsa4096 -newkey rsa:4096
x509 p384 -newkey ec -pkeyopt ec_paramgen_curve:secp384r1
cat "$out/x509-rsa4096.crt" "$out/x509-p384.crt" >"$out/x509-trusted.pem"
echo "CONFIG_SYSTEM_TRUSTED_KEYS=\"$out/x509-trusted.pem\"" >"$out/x509.config"
cat >"$out/keys.config" <<EOF
CONFIG_MODULE_SIG_PGP_KEYS="$out/trusted.pgp"
CONFIG_MODULE_SIG_PGP_HOMEDIR="$out/gnupg"
CONFIG_PGP_KEYS_REVOKED="$FPR_bdrev"
EOF
mv "$out/keys.env.tmp" "$out/keys.env"
echo "$prog: $(wc -c <"$out/trusted.pgp") bytes of public keys in $out/trusted.pgp"
