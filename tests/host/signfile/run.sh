#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests for scripts/sign-file-pgp.sh (scripts/sign-file's calling
# convention, HASH KEY CERT MODULE [DEST], over sign-module.sh), with real
# gpg keys made in a temporary directory. Signed modules are checked with
# verify-module.sh (gpgv) and verify-module.sh --sqv. Prints TAP; exit
# status 0 only if all passed.
#
#   run.sh               the tests
#   run.sh --self-test   shows every kind of check failing: runs the checks
#                        against copies of sign-file-pgp.sh with one defect
#                        each (see "mutants" below) and expects the named
#                        check to fail on each
# SIGNFILE_TOOL=PATH tests another copy of the tool; SIGNFILE_ONLY=ID runs
# only the check ID (no plan line).

set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0 [--self-test]    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '3,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi

here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/../../.." && pwd)
real_tool=$top/scripts/sign-file-pgp.sh
tool=${SIGNFILE_TOOL:-$real_tool}
name=sign-file-pgp.sh
verify=$top/scripts/verify-module.sh
only=${SIGNFILE_ONLY:-}
nchecks=34

for t in gpg gpgv sqv gcc xz openssl sha256sum readelf; do
	command -v "$t" > /dev/null 2>&1 || { echo "Bail out! $t not installed"; exit 1; }
done

T=$(mktemp -d "${TMPDIR:-/tmp}/signfile-test.XXXXXX")
cleanup()
{
	local h

	for h in "$T"/g*; do
		[[ -d $h ]] && gpgconf --homedir "$h" --kill gpg-agent > /dev/null 2>&1
	done
	rm -rf -- "$T"
}
trap cleanup EXIT
# shellcheck source=tests/lib/tap.sh
. "$top/tests/lib/tap.sh"
# The program the scripts run, built once (the self-test's runs of one check take the
# one it built).
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
if [[ -z $only || ! -x ${PGP_SIGN_MODULE:-} ]] && ! sign_tool "$T/tool" 2> "$T/tool.err"; then
	echo "Bail out! scripts/pgp-sign-module does not build"
	sed 's/^/# /' "$T/tool.err"
	exit 1
fi

# ---- self-test: each mutant must make its check fail ----------------------
if [[ ${1:-} == --self-test ]]; then
	# ID|check that must fail|sed expression applied to sign-file-pgp.sh
	mutants=(
		'usage line without DEST|help|s/^\(Usage: .* MODULE\) \[DEST\]$/\1/'
		'three arguments accepted|usage|s/^if ((\${#args\[@\]} < 4 /if ((${#args[@]} < 3 /'
		'module not replaced|inplace|s/^mv -f -- "\$copy" "\$dest"/: /'
		'hash ignored|digest-sha256|s/^sha224 | sha256 | sha384 | sha512) digest=\${hash,,} ;;/sha224 | sha256 | sha384 | sha512) digest=sha512 ;;/'
		'sha384 signed as sha512|digest-sha384|s/^sha224 | sha256 | sha384 | sha512) digest=\${hash,,} ;;/sha224 | sha256 | sha512) digest=${hash,,} ;;\nsha384) digest=sha512 ;;/'
		'sha512 signed as sha256|digest-sha512|s/^sha224 | sha256 | sha384 | sha512) digest=\${hash,,} ;;/sha224 | sha256 | sha384) digest=${hash,,} ;;\nsha512) digest=sha256 ;;/'
		'sha224 signed as sha256|digest-sha224|s/^sha224 | sha256 | sha384 | sha512) digest=\${hash,,} ;;/sha256 | sha384 | sha512) digest=${hash,,} ;;\nsha224) digest=sha256 ;;/'
		'HASH case-sensitive|upper|s/^case \${hash,,} in/case $hash in/'
		'KEY with @ taken for a path|email|s/^elif \[\[ \$key == \*\/\* \]\]; then/elif [[ $key == *@* ]]; then/'
		'key file read as a key specification|keyfile|s/^if \[\[ -f \$key \]\]; then/if false; then/'
		'plain key line ignored|plainkey|s/^\t\t\tspec=\$line ;;/\t\t\t: ;;/'
		'no key taken from CERT|key-from-cert|s/^if \[\[ -z \$spec \]\]; then/if false; then/'
		'DEST ignored|dest|s/^hash=\${args\[0\]} \(.*\) dest=.*/hash=${args[0]} \1 dest=${args[3]}/'
		'suffix of the module lost|xz|s/^copy=\$work\/.*/copy=$work\/module/'
		'-k refused|opt-k|s/^\t-k) shift ;;//'
		'md5 accepted as sha256|bad-md5|s/^md5 | sha1 | rmd160 | ripemd160)/md5) digest=sha256 ;;\nsha1 | rmd160 | ripemd160)/'
		'sha1 accepted|bad-sha1|s/^md5 | sha1 | rmd160 | ripemd160)/sha1) digest=sha256 ;;\nmd5 | rmd160 | ripemd160)/'
		'unknown hash signed as sha512|bad-sha3|s/^\*) refuse "hash /*) digest=sha512; : "hash /'
		'signing error message lost|missing-key|s/^\tfail "\${msg:-signing failed}"/\tfail "signing failed"/'
		'missing key file taken for a key specification|missing-keyfile|s/^elif \[\[ \$key == \*\/\* \]\]; then/elif false; then/'
		'PEM private key not recognised|pem-key|s/^\tif grep -q -e .-----BEGIN .*/\tif false \&\&/'
		'CERT not checked|wrong-cert|s/^if ! "\$VERIFY_MODULE"/if false \&\& "$VERIFY_MODULE"/'
		'module signed in place before the check|wrong-cert|s/^copy=\$work\/.*/copy=$module/; s/^cp -p -- "\$module" "\$copy".*/:/'
		'CERT not checked (X.509 CERT)|x509-cert|s/^if ! "\$VERIFY_MODULE"/if false \&\& "$VERIFY_MODULE"/'
		'CERT not looked at before signing|cert-missing|s/^\[\[ -f \$cert \&\& -r \$cert \]\] || .*//'
		'written although the check failed|dest-fail|s/^\tfail "the signature does not verify/\tmv -f -- "$copy" "$dest"; fail "the signature does not verify/'
		'-d accepted and ignored|opt-d|s/^\t-d | -p | -dp | -pd)/\t-d) shift; continue ;;\n\t-p | -dp | -pd)/'
		'-p accepted and ignored|opt-p|s/^\t-d | -p | -dp | -pd)/\t-p) shift; continue ;;\n\t-d | -dp | -pd)/'
		'-s taken as a flag|opt-s|s/^\t-s) refuse /\t-s) shift; continue; refuse /'
		'module not looked at before copying|no-module|s/^\[\[ -f \$module \&\& -r \$module \]\] || .*//'
		'temporary directory left behind|no-leftovers|s/^trap .if \[\[ -n \$work.*//'
		'unknown key-file setting taken for the key|keyfile-unknown|s/^\t\t\tif \[\[ -n \$rest \&\& \$word =~ .*/\t\t\tif false; then/'
		"verifier's reason dropped|wrong-cert|s/^\tfail \"the signature does not verify with \$cert\${msg:+: \$msg}\"/\tfail \"the signature does not verify with \$cert: BAD\"/"
		'--version refused|version|s/^\t--version)$/\t--no-such-option)/'
		'exit codes not in --help|help-exit|s/Exit status: 0 signed, 1 not signed,/On failure,/'
	)
	echo "1..${#mutants[@]}"
	export SIGN_MODULE=$top/scripts/sign-module.sh VERIFY_MODULE=$top/scripts/verify-module.sh
	i=0
	for m in "${mutants[@]}"; do
		IFS='|' read -r what id expr <<< "$m"
		i=$((i + 1))
		mkdir -p "$T/mut$i"
		sed "$expr" "$real_tool" > "$T/mut$i/$name"
		chmod +x "$T/mut$i/$name"
		if cmp -s "$real_tool" "$T/mut$i/$name"; then
			nok "self-test: mutant '$what': the sed expression changed nothing"
			continue
		fi
		out=$(SIGNFILE_TOOL=$T/mut$i/$name SIGNFILE_ONLY=$id bash "$0" 2>&1) || true
		if grep -q "^not ok [0-9]* - \[$id\]" <<< "$out"; then
			ok "self-test: mutant '$what' is caught by check [$id]"
		else
			nok "self-test: mutant '$what' is NOT caught by check [$id]"
			sed 's/^/# /' <<< "$out" | head -n 20
		fi
	done
	exit $((failed > 0))
fi

[[ -n $only ]] || echo "1..$nchecks"

# want ID: run check ID (all of them unless SIGNFILE_ONLY names one)
want()
{
	[[ -z $only || $only == "$1" ]]
}

# sign_if ID CMD...: run CMD (a signing step) when check ID is wanted; its
# failure shows in the check that follows
sign_if()
{
	want "$1" || return 0
	shift
	"$@" 2> "$T/sign.err" || sed 's/^/# signing: /' "$T/sign.err"
}

# ---- keys and modules ------------------------------------------------------
mkdir -p "$T/g" "$T/g2" "$T/m" "$T/empty"
chmod 700 "$T/g" "$T/g2" "$T/empty"
gk()
{
	gpg --homedir "$1" --batch --pinentry-mode loopback --passphrase '' \
		--quick-gen-key "$2" "${3:-ed25519}" sign never > /dev/null 2>&1
}
fpr_of()
{
	gpg --homedir "$1" --batch --with-colons --list-keys -- "$2" 2> /dev/null |
		awk -F: '$1 == "fpr" { print $10; exit }'
}
gk "$T/g" "DKMS signing <dkms@example.org>"
gk "$T/g" "Second key <second@example.org>"
gk "$T/g2" "Other <other@example.org>"
# SHA-224 is too short for Ed25519 (RFC 9580; the kernel and verify-module.sh refuse it):
# the sha224 case signs with an RSA key
gk "$T/g" "RSA key <rsa@example.org>" rsa2048
# a key gpg signs with and gpgv accepts, the kernel refuses (below the minimum)
gk "$T/g" "Weak key <weak@example.org>" dsa1024
fpr=$(fpr_of "$T/g" dkms@example.org)
fpr_rsa=$(fpr_of "$T/g" rsa@example.org)
fpr_weak=$(fpr_of "$T/g" weak@example.org)
gpg --homedir "$T/g" --batch --export -- "$fpr_rsa" > "$T/cert-rsa.pgp"
gpg --homedir "$T/g" --batch --export -- "$fpr_weak" > "$T/cert-weak.pgp"
fpr2=$(fpr_of "$T/g" second@example.org)
gpg --homedir "$T/g" --batch --export -- "$fpr" > "$T/cert.pgp"
gpg --homedir "$T/g" --batch --armor --export -- "$fpr2" > "$T/cert2.asc"
gpg --homedir "$T/g" --batch --export > "$T/both.pgp"
gpg --homedir "$T/g2" --batch --export > "$T/other.pgp"
[[ -s $T/cert.pgp && -s $T/cert2.asc && -s $T/other.pgp ]] || { echo "Bail out! gpg made no keys"; exit 1; }
openssl genpkey -algorithm ed25519 -out "$T/x509.key" 2> /dev/null
openssl req -new -x509 -key "$T/x509.key" -subj /CN=test -days 1 -outform DER \
	-out "$T/x509.der" 2> /dev/null
gcc -O2 -c -o "$T/base.ko" "$top/tests/host/sign/testmod.c"
printf 'key %s\nhomedir %s\n' "$fpr" "$T/g" > "$T/key.conf"
export GNUPGHOME=$T/g

# fresh NAME: a new unsigned copy of the test module, path in REPLY
fresh()
{
	REPLY=$T/m/$1
	cp -- "$T/base.ko" "$REPLY"
}

# digest_of FILE: the hash algorithm of the (first) signature in FILE's
# module_sig, read with readelf, dd and gpg --list-packets (not our tools)
digest_of()
{
	local f=$1 hex off plen

	case $f in *.xz) xz -dc -- "$f" > "$T/plain.ko"; f=$T/plain.ko ;; esac
	hex=$(readelf -S -W -- "$f" | awk '{ sub(/^.*\] /, "") } $1 == "module_sig" { print $4; exit }')
	[[ -n $hex ]] || { echo "no module_sig section"; return 1; }
	off=$((16#$hex))
	plen=$(od -An -t u4 --endian=big -j $((off + 12)) -N 4 -- "$f" | tr -d ' ')
	dd if="$f" of="$T/sig.bin" bs=1 skip=$((off + 16)) count="$plen" status=none
	case $(gpg --batch --list-packets -- "$T/sig.bin" 2> /dev/null |
		sed -n 's/.*digest algo \([0-9]*\).*/\1/p' | head -n 1) in
	8) echo sha256 ;; 9) echo sha384 ;; 10) echo sha512 ;; 11) echo sha224 ;;
	*) echo "unknown" ;;
	esac
}

# good KEYRING FILE [DIGEST]: gpgv and sqv accept FILE (and its digest is DIGEST)
good()
{
	local d

	"$verify" --quiet --keyring "$1" -- "$2" || return 1
	"$verify" --quiet --sqv --keyring "$1" -- "$2" || return 1
	[[ -z ${3:-} ]] && return 0
	d=$(digest_of "$2")
	[[ $d == "$3" ]] || { echo "signature digest $d, expected $3"; return 1; }
}

# tcase ID DESC CMD...: one TAP line, when ID is wanted
tcase()
{
	local id=$1 desc=$2

	shift 2
	want "$id" || return 0
	check "[$id] $desc" "$@"
}

# refused RC PATTERN FILE CMD...: CMD exits RC with one line on stderr
# "sign-file-pgp.sh: ..." matching PATTERN; FILE is unchanged and no
# temporary directory is left beside it.
refused()
{
	local rc_want=$1 pat=$2 f=$3 before rc=0

	shift 3
	before=$(sha256sum < "$f")
	"$@" > "$T/out" 2> "$T/err" || rc=$?
	((rc == rc_want)) || { echo "exit $rc, expected $rc_want"; cat "$T/err"; return 1; }
	[[ $(wc -l < "$T/err") == 1 ]] || { echo "expected one line on stderr:"; cat "$T/err"; return 1; }
	grep -q "^$name: " "$T/err" || { echo "no '$name:' prefix:"; cat "$T/err"; return 1; }
	grep -qi -e "$pat" "$T/err" || { echo "message does not match '$pat':"; cat "$T/err"; return 1; }
	[[ $(sha256sum < "$f") == "$before" ]] || { echo "$f was changed"; return 1; }
	! compgen -G "$(dirname -- "$f")/.sign-file-pgp.*" > /dev/null ||
		{ echo "temporary directory left in $(dirname -- "$f")"; return 1; }
}

# ---- command line ----------------------------------------------------------
tcase help "--help prints the usage and exits 0" \
	bash -c '"$1" --help | grep -q "^Usage: .* HASH KEY CERT MODULE \[DEST\]"' _ "$tool"
tcase help-exit "--help documents the exit status (0, 1, 2, 130)" \
	bash -c '"$1" --help | tr "\n" " " | grep -q "Exit status: 0 signed, 1 not signed, *2 usage error .*130 interrupted"' _ "$tool"
tcase version "--version prints the tree's version" \
	bash -c '[[ $("$1" --version) == "sign-file-pgp.sh $(bash "$2" --version)" ]]' _ "$tool" \
	"$top/scripts/pgp-sign-module-build.sh"
fresh usage.ko
tcase usage "three arguments: usage, exit 2, module unchanged" \
	bash -c 'rc=0; before=$(sha256sum < "$4"); "$1" "$2" "$3" "$4" 2> /dev/null || rc=$?
		((rc == 2)) && [[ $(sha256sum < "$4") == "$before" ]]' _ "$tool" sha512 "$fpr" "$REPLY"

# ---- signing ---------------------------------------------------------------
fresh inplace.ko
sign_if inplace "$tool" sha512 "$fpr" "$T/cert.pgp" "$REPLY"
tcase inplace "KEY a fingerprint, module signed in place, verifies (gpgv, sqv)" \
	good "$T/cert.pgp" "$REPLY" sha512
for d in sha256 sha384 sha512 sha224; do
	k=$fpr c=$T/cert.pgp
	[[ $d == sha224 ]] && k=$fpr_rsa c=$T/cert-rsa.pgp
	fresh "$d.ko"
	sign_if "digest-$d" "$tool" "$d" "$k" "$c" "$REPLY"
	tcase "digest-$d" "HASH $d gives a $d signature" good "$c" "$REPLY" "$d"
done
fresh upper.ko
sign_if upper "$tool" SHA256 "$fpr" "$T/cert.pgp" "$REPLY"
tcase upper "HASH SHA256 (upper case, as OpenSSL accepts it) gives a sha256 signature" \
	good "$T/cert.pgp" "$REPLY" sha256
fresh email.ko
sign_if email "$tool" sha256 dkms@example.org "$T/cert.pgp" "$REPLY"
tcase email "KEY an e-mail address: signed by that key" good "$T/cert.pgp" "$REPLY" sha256
fresh keyfile.ko
sign_if keyfile env GNUPGHOME=$T/empty "$tool" sha512 "$T/key.conf" "$T/cert.pgp" "$REPLY"
tcase keyfile "KEY a file with 'key FPR' and 'homedir DIR' (GNUPGHOME elsewhere): verifies" \
	good "$T/cert.pgp" "$REPLY" sha512
printf '# the module signing key\n%s\n' "$fpr2" > "$T/plain.key"
fresh plainkey.ko
sign_if plainkey "$tool" sha512 "$T/plain.key" "$T/both.pgp" "$REPLY"
tcase plainkey "KEY a file holding only a fingerprint (the second key of CERT): signed by it" \
	good "$T/cert2.asc" "$REPLY" sha512
printf 'homedir %s\n' "$T/g" > "$T/homeonly.conf"
fresh fromcert.ko
sign_if key-from-cert env GNUPGHOME=$T/empty "$tool" sha256 "$T/homeonly.conf" "$T/cert2.asc" "$REPLY"
tcase key-from-cert "KEY file without a key line: the key is CERT's (not gpg's default key)" \
	good "$T/cert2.asc" "$REPLY" sha256
fresh dest.ko
before=$(sha256sum < "$REPLY")
sign_if dest "$tool" sha384 "$fpr" "$T/cert.pgp" "$REPLY" "$T/m/dest-signed.ko"
unchanged_and_good() # FILE SHA256 KEYRING SIGNED DIGEST
{
	[[ $(sha256sum < "$1") == "$2" ]] || { echo "$1 was changed"; return 1; }
	good "$3" "$4" "$5"
}
tcase dest "DEST: MODULE unchanged, DEST signed and verifies" \
	unchanged_and_good "$REPLY" "$before" "$T/cert.pgp" "$T/m/dest-signed.ko" sha384
cp -- "$T/base.ko" "$T/m/xz.ko" && xz --check=crc32 --lzma2=dict=1MiB -f "$T/m/xz.ko"
sign_if xz "$tool" sha512 "$fpr" "$T/cert.pgp" "$T/m/xz.ko.xz"
xz_good() # FILE KEYRING DIGEST
{
	xz -t -- "$1" || { echo "$1 is not xz any more"; return 1; }
	good "$2" "$1" "$3"
}
tcase xz ".ko.xz: signed as shipped, still xz, verifies" xz_good "$T/m/xz.ko.xz" "$T/cert.pgp" sha512
fresh k.ko
sign_if opt-k "$tool" -k sha512 "$fpr" "$T/cert.pgp" "$REPLY"
tcase opt-k "-k (key identifier) accepted" good "$T/cert.pgp" "$REPLY" sha512

# ---- refusals: exit status, one message, module unchanged ------------------
fresh refuse.ko
m=$REPLY
tcase bad-md5 "HASH md5 refused as too weak (exit 2)" \
	refused 2 'md5 is too weak' "$m" "$tool" md5 "$fpr" "$T/cert.pgp" "$m"
tcase bad-sha1 "HASH sha1 refused as too weak (exit 2)" \
	refused 2 'sha1 is too weak' "$m" "$tool" sha1 "$fpr" "$T/cert.pgp" "$m"
tcase bad-sha3 "HASH sha3-256 refused as unsupported (exit 2)" \
	refused 2 "sha3-256.*not supported" "$m" "$tool" sha3-256 "$fpr" "$T/cert.pgp" "$m"
tcase missing-key "KEY not in the keyring: MODULE: reason naming the key, exit 1" \
	refused 1 "$m: .*key" "$m" "$tool" sha512 0123456789ABCDEF0123456789ABCDEF01234567 \
	"$T/cert.pgp" "$m"
tcase missing-keyfile "KEY a path that does not exist: no such key file" \
	refused 1 "no such key file" "$m" "$tool" sha512 "$T/nonexistent/mok.key" "$T/cert.pgp" "$m"
tcase pem-key "KEY a PEM private key (sign-file's kind): refused as not a gpg key" \
	refused 1 "$m: .*private key" "$m" "$tool" sha512 "$T/x509.key" "$T/cert.pgp" "$m"
tcase wrong-cert "CERT of another key: the signature does not verify, the verifier's reason, nothing written" \
	refused 1 "$m: the signature does not verify with $T/other.pgp: no signature verified with a trusted key: .*ENOKEY" \
	"$m" "$tool" sha512 "$fpr" "$T/other.pgp" "$m"
tcase weak-key "a DSA-1024 key the kernel refuses (gpgv does not): refused before signing, nothing written" \
	refused 1 "$m: the kernel would refuse this signature: key .*: DSA-1024 keys are below the kernel's minimum" \
	"$m" "$tool" sha256 "$fpr_weak" "$T/cert-weak.pgp" "$m"
printf 'home %s\nkey %s\n' "$T/g" "$fpr" > "$T/typo.conf"
tcase keyfile-unknown "KEY file with an unknown setting ('home' for 'homedir'): refused, naming it" \
	refused 1 "$m: $T/typo.conf: unknown setting 'home' (the settings are key, homedir and passphrase-file" \
	"$m" "$tool" sha512 "$T/typo.conf" "$T/cert.pgp" "$m"
tcase x509-cert "CERT an X.509 certificate: refused, nothing written" \
	refused 1 "$m: " "$m" "$tool" sha512 "$fpr" "$T/x509.der" "$m"
tcase cert-missing "CERT missing: refused" \
	refused 1 "cannot read the public key" "$m" "$tool" sha512 "$fpr" "$T/nonexistent.pgp" "$m"
tcase dest-fail "failure with DEST: DEST not created" \
	bash -c '! "$1" sha512 "$2" "$3" "$4" "$5" 2> /dev/null && [[ ! -e $5 ]]' \
	_ "$tool" "$fpr" "$T/other.pgp" "$m" "$T/m/never.ko"
tcase opt-d "-d (detached PKCS#7 only) refused, exit 2" \
	refused 2 "option -d .*detached" "$m" "$tool" -d sha512 "$fpr" "$T/cert.pgp" "$m"
tcase opt-p "-p (save PKCS#7 beside) refused, exit 2" \
	refused 2 "option -p .*detached" "$m" "$tool" -p sha512 "$fpr" "$T/cert.pgp" "$m"
tcase opt-s "-s (raw PKCS#7 signature) refused, exit 2" \
	refused 2 "option -s" "$m" "$tool" -s raw.sig sha512 "$T/cert.pgp" "$m"
tcase no-module "MODULE missing: cannot read the module" \
	refused 1 "cannot read the module" "$T/cert.pgp" "$tool" sha512 "$fpr" "$T/cert.pgp" "$T/m/none.ko"
# no_leftovers DIR: a signing run and a failing one in DIR, then nothing but
# the module is left there (and nothing in $T/m after all the runs above)
no_leftovers()
{
	mkdir -p "$1"
	cp -- "$T/base.ko" "$1/a.ko"
	"$tool" sha512 "$fpr" "$T/cert.pgp" "$1/a.ko" || { echo "signing failed"; return 1; }
	! "$tool" sha512 "$fpr" "$T/other.pgp" "$1/a.ko" 2> /dev/null || { echo "wrong CERT accepted"; return 1; }
	[[ $(ls -A -- "$1") == a.ko ]] || { echo "left in $1:"; ls -A -- "$1"; return 1; }
	! compgen -G "$T/m/.sign-file-pgp.*" || { echo "left in $T/m"; return 1; }
}
tcase no-leftovers "no temporary files left beside the module after good and failed runs" \
	no_leftovers "$T/lo"

if [[ -z $only ]] && ((n != nchecks)); then
	nok "the plan says $nchecks checks but $n ran"
fi
exit $((failed > 0))
