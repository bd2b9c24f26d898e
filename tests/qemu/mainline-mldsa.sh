#!/usr/bin/env bash
# Mainline's own ML-DSA module signatures (Linux 7.x, PKCS#7/CMS) made with OpenSSL >= 3.5.
set -euo pipefail
prog=mainline-mldsa.sh

usage() {
	cat <<'EOF'
Usage: tests/qemu/mainline-mldsa.sh keys KEYS_DIR KSRC
       tests/qemu/mainline-mldsa.sh sign KEYS_DIR SET HASH MODULE OUT
       tests/qemu/mainline-mldsa.sh --root

Linux 7.x signs and verifies modules with ML-DSA-44/65/87 in PKCS#7/CMS
(CONFIG_MODULE_SIG_KEY_TYPE_MLDSA_*), and its scripts/sign-file makes those
signatures only with OpenSSL >= 3.5 (ML-DSA keys, CMS); Debian 12 has 3.0.  This
makes a Debian 13 (trixie) root with mmdebstrap (minbase + gcc, libc6-dev,
libssl-dev, openssl: OpenSSL 3.5), kept in build/trixie-root (TRIXIE_ROOT), and
builds the tree's own scripts/sign-file.c there against its OpenSSL.  Nothing is
installed on this machine; the root is used with chroot.

  keys KEYS_DIR KSRC   ML-DSA-65 and ML-DSA-87 keys with self-signed X.509
                       certificates (keyUsage digitalSignature, codeSigning), made
                       by the root's openssl: KEYS_DIR/mainline/mldsa{65,87}.{key,crt};
                       KSRC's scripts/sign-file built in the root;
                       KEYS_DIR/x509-trusted-7.3.pem (the test keys'
                       x509-trusted.pem and these two) and KEYS_DIR/x509-7.3.config
                       (CONFIG_SYSTEM_TRUSTED_KEYS naming it, for the 7.3 test kernel)
  sign KEYS_DIR SET HASH MODULE OUT
                       sign MODULE with the ML-DSA-SET key (65 or 87) and HASH
                       (sha512, ...) by that sign-file, as make modules_sign does:
                       an appended PKCS#7 signature; OpenSSL 3.5 puts signed
                       attributes in it (CMS_NOATTR needs OpenSSL 4), which the
                       kernel accepts with CONFIG_PKCS7_WAIVE_AUTHATTRS_REJECTION_FOR_MLDSA
  --root               make the root only and print its path

Needs root (mmdebstrap, chroot) and access to a Debian mirror the first time (the
machine's own, else deb.debian.org; APT_PRIVATE_MIRROR sets it).
EOF
}

die() { echo "$prog: $*" >&2; exit 1; }
top=$(cd "$(dirname "$0")/../.." && pwd)
root=${TRIXIE_ROOT:-$top/build/trixie-root}

# The Debian 13 root, made once: OpenSSL >= 3.5 and a compiler.
make_root() {
	local mirror log
	if [[ -x $root/usr/bin/openssl && -x $root/usr/bin/gcc && -f $root/.pgp-modsign-root ]]; then
		return 0
	fi
	[[ $(id -u) -eq 0 ]] || die "needs root (mmdebstrap, chroot)"
	command -v mmdebstrap >/dev/null || die "mmdebstrap not installed: apt-get install mmdebstrap"
	mirror=${APT_PRIVATE_MIRROR:-}
	if [[ -z $mirror ]]; then
		mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
			/etc/apt/sources.list.d/*.sources 2>/dev/null |
			grep -oE 'https?://[^ ]*/debian/?( |$)' | grep -v security | head -n 1 | tr -d ' ') || true
		mirror=${mirror:-http://deb.debian.org/debian}
	fi
	rm -rf "$root"
	mkdir -p "$(dirname "$root")"
	log=$root.log
	echo "$prog: making a Debian 13 root with OpenSSL 3.5 in ${root#"$top"/} (mmdebstrap, $mirror)" >&2
	mmdebstrap --variant=minbase --include=gcc,libc6-dev,libssl-dev,openssl \
		trixie "$root" "$mirror" >"$log" 2>&1 ||
		{ tail -n 15 "$log" >&2; die "mmdebstrap failed (log: $log)"; }
	touch "$root/.pgp-modsign-root"
}

# The root's OpenSSL version must make ML-DSA CMS signatures: 3.5 or newer.
check_openssl() {
	local v
	v=$(chroot "$root" openssl version | awk '{ print $2 }')
	case $v in
	3.[5-9]*|3.[1-9][0-9]*|[4-9].*) echo "$v" ;;
	*) die "the root's OpenSSL is $v: ML-DSA needs 3.5 or newer" ;;
	esac
}

case ${1:-} in
-h|--help) usage; exit 0 ;;
--root) make_root; echo "$root"; exit 0 ;;
keys)
	[[ $# -eq 3 ]] || { usage >&2; exit 2; }
	keys=$(cd "$2" && pwd) ksrc=$(cd "$3" && pwd)
	[[ -f $ksrc/scripts/sign-file.c ]] || die "$ksrc: no scripts/sign-file.c"
	[[ -f $keys/x509-trusted.pem ]] || die "$keys: no x509-trusted.pem (run tests/qemu/make-keys.sh first)"
	make_root
	ver=$(check_openssl)
	mkdir -p "$keys/mainline"
	work=$root/work
	rm -rf "$work"
	mkdir -p "$work/src/scripts" "$work/src/tools/include/uapi/linux" "$work/keys"
	cp "$ksrc/scripts/sign-file.c" "$ksrc/scripts/ssl-common.h" "$work/src/scripts/"
	cp "$ksrc/tools/include/uapi/linux/module_signature.h" "$work/src/tools/include/uapi/linux/"
	chroot "$root" gcc -O2 -Wall -I/work/src/scripts -I/work/src/tools/include/uapi \
		-o /work/sign-file /work/src/scripts/sign-file.c -lcrypto ||
		die "building $ksrc/scripts/sign-file.c against OpenSSL $ver failed"
	for set in 65 87; do
		if [[ ! -s $keys/mainline/mldsa$set.key || ! -s $keys/mainline/mldsa$set.crt ]]; then
			chroot "$root" openssl req -new -nodes -utf8 -batch -x509 -days 36500 -outform PEM \
				-subj "/CN=pgp-modsign bench mldsa$set" -addext "keyUsage=digitalSignature" \
				-addext "extendedKeyUsage=codeSigning" -newkey "ml-dsa-$set" \
				-keyout "/work/keys/mldsa$set.key" -out "/work/keys/mldsa$set.crt" 2>/dev/null ||
				die "openssl $ver: no ML-DSA-$set key"
			cp "$work/keys/mldsa$set.key" "$work/keys/mldsa$set.crt" "$keys/mainline/"
		fi
	done
	cp "$work/sign-file" "$keys/mainline/sign-file"
	cat "$keys/x509-trusted.pem" "$keys/mainline/mldsa65.crt" "$keys/mainline/mldsa87.crt" \
		>"$keys/x509-trusted-7.3.pem"
	echo "CONFIG_SYSTEM_TRUSTED_KEYS=\"$keys/x509-trusted-7.3.pem\"" >"$keys/x509-7.3.config"
	echo "$prog: ML-DSA-65 and ML-DSA-87 X.509 keys and sign-file (OpenSSL $ver, Debian 13 root) in $keys/mainline"
	;;
sign)
	[[ $# -eq 6 ]] || { usage >&2; exit 2; }
	keys=$(cd "$2" && pwd) set=$3 hash=$4 module=$5 outf=$6
	[[ $set == 65 || $set == 87 ]] || die "$set: not an ML-DSA set (65, 87)"
	[[ -x $keys/mainline/sign-file ]] || die "$keys/mainline: no sign-file (run: $prog keys KEYS_DIR KSRC)"
	make_root
	work=$root/work/sign.$$
	rm -rf "$work"
	mkdir -p "$work"
	trap 'rm -rf "$work"' EXIT
	cp "$keys/mainline/sign-file" "$keys/mainline/mldsa$set.key" "$keys/mainline/mldsa$set.crt" "$work/"
	cp "$module" "$work/in.ko"
	chroot "$root" "/work/sign.$$/sign-file" "$hash" "/work/sign.$$/mldsa$set.key" \
		"/work/sign.$$/mldsa$set.crt" "/work/sign.$$/in.ko" "/work/sign.$$/out.ko" ||
		die "$module: sign-file (ML-DSA-$set, $hash) failed"
	cp "$work/out.ko" "$outf.tmp"
	mv "$outf.tmp" "$outf"
	;;
*) usage >&2; exit 2 ;;
esac
