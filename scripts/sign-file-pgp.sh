#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/sign-file's calling convention for OpenPGP module signatures:
#
#   sign-file-pgp.sh HASH KEY CERT MODULE [DEST]
#
# Packaging tools that call "sign-file HASH KEY CERT MODULE" (DKMS's
# sign_file, RPM spec files, akmods) sign with gpg through this command by
# changing the path of the signing program. KEY names the gpg key, CERT is
# the exported OpenPGP public key; the signature is made by sign-module.sh
# and checked against CERT with verify-module.sh before the module is
# replaced.  Both run the one program this script resolves once:
# $PGP_SIGN_MODULE, or else pgp-sign-module beside it (Kbuild's in a kernel
# tree, make install-tools's when installed); nothing is built here.

set -euo pipefail

prog=${0##*/}
self=$(readlink -f -- "$0")
libdir=$(dirname -- "$self")

SIGN_MODULE=${SIGN_MODULE:-$libdir/sign-module.sh}
VERIFY_MODULE=${VERIFY_MODULE:-$libdir/verify-module.sh}
GPG=${GPG:-gpg}

usage()
{
	cat <<EOF
Usage: $prog [-k] HASH KEY CERT MODULE [DEST]

Signs MODULE (.ko, .ko.xz, .ko.zst, .ko.gz) with a gpg key, with the
arguments of the kernel's scripts/sign-file, so that DKMS (sign_file=),
RPM spec files and akmods sign with gpg by changing one setting. The OpenPGP
signature goes into the module's "module_sig" section (sign-module.sh), and
is checked against CERT (verify-module.sh) before the module is written.

  HASH    sha256, sha384, sha512 or sha224 (sign-module.sh --digest);
          sha1 and md5 are refused
  KEY     the gpg key: a key specification gpg accepts (fingerprint, key ID,
          e-mail address, user ID, FINGERPRINT! for a subkey), or a file
          holding one. The file has one setting per line ("#" starts a
          comment):
              key SPEC                 the key (a line without a keyword is
                                       the key specification too)
              homedir DIR              GnuPG home directory
              passphrase-file FILE     passphrase (pinentry loopback)
          Without a key line the key is the first key of CERT. Another
          setting ("WORD VALUE", WORD in lower case) is refused.
  CERT    the exported OpenPGP public key (gpg --export [--armor]); the
          signed module must verify with it, or nothing is written
  MODULE  the module to sign; replaced atomically unless DEST is given
  DEST    write the signed module there and leave MODULE unchanged

  -k      accepted and ignored (an OpenPGP signature always names its
          issuer's fingerprint)
  -d, -p, -s  refused: they write or take a detached PKCS#7 signature
          (MODULE.p7s); an OpenPGP module signature lives in module_sig
  -h, --help  this text
  --version   the version of the tree this script comes from

Before the module is written, the signature must be one the kernel takes
(sign-module.sh refuses a key or digest the kernel refuses, with its
reason) and must verify with CERT (verify-module.sh; its reason is printed
when it does not).

On any failure MODULE (and DEST) are unchanged and one line
"$prog: MODULE: reason" is printed.  Exit status: 0 signed, 1 not signed,
2 usage error (as sign-file), 130 interrupted (SIGINT; 143 SIGTERM).

DKMS (/etc/dkms/framework.conf):
    sign_file=/path/to/linux/scripts/$prog
    mok_signing_key=/etc/dkms/pgp-signing.key    # "key FPR", "homedir DIR"
    mok_certificate=/etc/dkms/pgp-signing.pgp    # gpg --export FPR
Environment: SIGN_MODULE, VERIFY_MODULE, GPG (the tools used), GNUPGHOME,
PGP_SIGN_MODULE (the program both run; else pgp-sign-module beside this
script).
EOF
}

# The program sign-module.sh and verify-module.sh run, resolved once by
# sign-module.sh --print-tool (exported to both as an absolute path); exit 2
# when there is none, sign-module.sh having said how to build it.
find_tool()
{
	local t

	t=$("$SIGN_MODULE" --print-tool) || exit 2
	export PGP_SIGN_MODULE=$t
}

refuse()
{
	echo "$prog: $*" >&2
	exit 2
}

args=()
while (($#)); do
	case $1 in
	-h | --help) usage; exit 0 ;;
	--version)
		v=$("$SIGN_MODULE" --version) || exit 2
		echo "$prog ${v#* }"
		exit 0 ;;
	-k) shift ;;
	-d | -p | -dp | -pd)
		detached="writes a detached PKCS#7 signature (MODULE.p7s)"
		refuse "option $1 $detached; OpenPGP module signatures live in the" \
			"module_sig section (check them with verify-module.sh)" ;;
	-s) refuse "option -s takes a raw PKCS#7 signature made elsewhere;" \
		"not supported for OpenPGP module signatures" ;;
	--) shift; args+=("$@"); break ;;
	-?*) refuse "unknown option $1 (see --help)" ;;
	*) args+=("$1"); shift ;;
	esac
done
if ((${#args[@]} < 4 || ${#args[@]} > 5)); then
	usage >&2
	exit 2
fi
find_tool
hash=${args[0]} key=${args[1]} cert=${args[2]} module=${args[3]} dest=${args[4]:-${args[3]}}

fail()
{
	echo "$prog: $module: $*" >&2
	exit 1
}

case ${hash,,} in
sha224 | sha256 | sha384 | sha512) digest=${hash,,} ;;
md5 | sha1 | rmd160 | ripemd160)
	refuse "hash $hash is too weak for module signatures (use sha256, sha384 or sha512)" ;;
*) refuse "hash '$hash' is not supported for OpenPGP module signatures" \
	"(sha256, sha384, sha512, sha224)" ;;
esac

[[ -f $module && -r $module ]] || fail "cannot read the module"

# KEY: a file with settings, or a key specification.
spec='' homedir='' passfile=''
if [[ -f $key ]]; then
	[[ -r $key ]] || fail "$key: cannot read the key file"
	if grep -q -e '-----BEGIN .*PRIVATE KEY-----' -- "$key" ||
	   [[ $(head -c 2 -- "$key" | od -An -tx1 | tr -d ' ') == 3082 ]]; then
		fail "$key: is an X.509/PKCS#8 private key; KEY must name a gpg key" \
			"(a fingerprint, or a file with \"key FINGERPRINT\")"
	fi
	while IFS= read -r line || [[ -n $line ]]; do
		line=${line%%#*}
		line=$(sed 's/^[[:space:]]*//; s/[[:space:]]*$//' <<< "$line")
		[[ -n $line ]] || continue
		word=${line%%[[:space:]]*} rest=
		[[ $line == *[[:space:]]* ]] && rest=$(sed 's/^[^[:space:]]*[[:space:]]*//' <<< "$line")
		case $word in
		key) spec=$rest ;;
		homedir) homedir=$rest ;;
		passphrase-file) passfile=$rest ;;
		*)
			if [[ -n $rest && $word =~ ^[a-z][a-z-]*$ ]]; then
				fail "$key: unknown setting '$word' (the settings are key, homedir and" \
					"passphrase-file; a user ID as the key is written \"key $line\")"
			fi
			[[ -z $spec ]] || fail "$key: more than one key specification"
			spec=$line ;;
		esac
	done < "$key"
	[[ -z $homedir || -d $homedir ]] || fail "$key: homedir $homedir is not a directory"
elif [[ $key == */* ]]; then
	fail "$key: no such key file"
else
	spec=$key
fi

[[ -f $cert && -r $cert ]] || fail "$cert: cannot read the public key (CERT)"
if [[ -z $spec ]]; then
	gopts=(--batch --no-tty --with-colons)
	[[ -n $homedir ]] && gopts+=(--homedir "$homedir")
	spec=$("$GPG" "${gopts[@]}" --show-keys -- "$cert" 2> /dev/null |
		awk -F: '$1 == "fpr" { print $10; exit }') || spec=
	[[ -n $spec ]] || fail "$cert: not an OpenPGP public key (no key to sign with)"
fi

# Sign a copy beside the destination, check it with CERT, then rename.
destdir=$(dirname -- "$dest")
[[ -d $destdir && -w $destdir ]] || fail "$destdir: cannot write there"
work=
trap 'if [[ -n $work ]]; then rm -rf -- "$work"; fi' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
work=$(mktemp -d "$destdir/.sign-file-pgp.XXXXXX") ||
	fail "cannot create a temporary directory in $destdir"
copy=$work/${module##*/}
cp -p -- "$module" "$copy" 2> /dev/null || fail "cannot copy the module to $destdir"

sopts=(--quiet --digest "$digest" --local-user "$spec")
[[ -n $homedir ]] && sopts+=(--homedir "$homedir")
[[ -n $passfile ]] && sopts+=(--passphrase-file "$passfile")
if ! "$SIGN_MODULE" "${sopts[@]}" -- "$copy" 2> "$work/err"; then
	msg=$(grep -v '^$' "$work/err" | tail -n 1 || true)
	msg=${msg#*"$copy": }
	fail "${msg:-signing failed}"
fi
if ! "$VERIFY_MODULE" --quiet --keyring "$cert" -- "$copy" > "$work/out" 2>&1; then
	# verify-module.sh's reason: its verdict line, "BAD (REASON)" or "BAD: REASON"
	msg=$(grep -v '^$' "$work/out" | tail -n 1 || true)
	msg=${msg#*"$copy": }
	msg=${msg#BAD: }
	[[ $msg == "BAD ("*")" ]] && msg=${msg#BAD (} && msg=${msg%)}
	fail "the signature does not verify with $cert${msg:+: $msg}"
fi
mv -f -- "$copy" "$dest" || fail "cannot write $dest"
