#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs the shell blocks of the admin guide as a reader would, in order, in one
# scratch directory: a kernel tree (the project's scripts/ and sources, with
# scripts/pgp-sign-module where a kernel build leaves it: PGP_SIGN_MODULE's
# program, else one built here; a certs/ of its own, foo.ko built from
# tests/host/sign/testmod.c) with a
# throw-away GnuPG home the guide itself makes, real gpg, gpgv and sqv.
# Each block runs in its own bash with errexit, its stdin /dev/null, in the
# directory and with the variables the previous block left; it fails when it
# exits non-zero or prints what a reader would take as a failure (gpg's
# "nothing exported", "No such file or directory", "no valid OpenPGP data").
# The kind of each block comes from a ".. doc-test: KIND" comment before it
# (blocks.py says which): blocks that need a running kernel, a device, or are
# not commands are printed as skips.
# Paths a reader's system has (/lib/modules, /etc, /root) are overlays in a
# private mount namespace (unshare -m, or unshare -rm as a user), so the
# commands run as written and the host is not touched; /lib/modules/$(uname
# -r)/updates holds a.ko, b.ko.xz and the a.ko.tbs and a.ko.sig that remote
# signing leaves.  What a block's "given" comment names is made just before
# it (see given_* below).
# Prints one "ok - ..." / "not ok - ..." line per block (unnumbered: run.sh
# numbers them), diagnostics as "# ..."; exit status 1 when a block failed.
# STOP=N runs the blocks up to N only.

set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help || $# -ne 1 ]]; then
	echo "Usage: [STOP=N] $0 GUIDE.rst"
	sed -n '2,/^set /p' "$0" | grep '^#' | grep -v SPDX | sed 's/^# \{0,1\}/  /'
	[[ $# -eq 1 ]] && exit 0
	exit 2
fi
here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/../../.." && pwd)
guide=$(readlink -f -- "$1")
stop=${STOP:-999}

if [[ -z ${DOCS_IN_NS:-} ]]; then
	export DOCS_IN_NS=1
	if unshare -m true 2> /dev/null; then
		exec unshare -m --propagation private bash "$0" "$@"
	elif unshare -rm true 2> /dev/null; then
		exec unshare -rm --propagation private bash "$0" "$@"
	fi
	python3 "$here/blocks.py" "$guide" "${TMPDIR:-/tmp}/docs-blocks.$$" |
		while read -r nn line kind _; do
			echo "ok - block $nn (line $line, $kind) # SKIP no mount namespace (unshare -m)"
		done
	rm -rf -- "${TMPDIR:-/tmp}/docs-blocks.$$"
	exit 0
fi

S=$(mktemp -d "${TMPDIR:-/tmp}/docs-guide.XXXXXX")
W=$S/linux
mounted=()
cleanup()
{
	local h m

	while read -r h; do
		gpgconf --homedir "$h" --kill all > /dev/null 2>&1 || true
	done < <(find "$S" -name pubring.kbx -printf '%h\n' 2> /dev/null)
	for m in "${mounted[@]}"; do
		umount "$m" 2> /dev/null || true
	done
	umount "$S/ov" 2> /dev/null || true
	rm -rf -- "$S"
}
trap cleanup EXIT

# --- the reader's system: overlays over /etc, /root, /lib/modules ------------------
mkdir -p "$S/ov" "$S/tmp"
mount -t tmpfs tmpfs "$S/ov" || { echo "Bail out! cannot mount a tmpfs in the namespace"; exit 1; }
i=0
for d in /etc /root /lib/modules; do
	[[ -d $d ]] || mkdir -p "$d"
	r=$(readlink -f -- "$d")
	mkdir -p "$S/ov/$i/u" "$S/ov/$i/w"
	if ! mount -t overlay overlay -o "lowerdir=$r,upperdir=$S/ov/$i/u,workdir=$S/ov/$i/w" "$r"; then
		echo "Bail out! cannot mount an overlay over $r"
		exit 1
	fi
	mounted+=("$r")
	i=$((i + 1))
done
rm -rf /root/.gnupg
mkdir -p /etc/dkms/framework.conf.d	# DKMS is installed
rm -rf /lib/modules/*

# --- the kernel tree ---------------------------------------------------------------
mkdir -p "$W/certs" "$W/scripts"
for d in kernel crypto security include; do
	ln -s "$top/$d" "$W/$d"
done
# scripts/: the scripts themselves (they find the program beside them), the rest linked
for f in "$top"/scripts/*; do
	case $f in
	*.sh) cp -- "$f" "$W/scripts/" ;;
	*) ln -s "$f" "$W/scripts/" ;;
	esac
done
if [[ -n ${PGP_SIGN_MODULE:-} ]]; then
	cp -- "$PGP_SIGN_MODULE" "$W/scripts/pgp-sign-module"
elif ! bash "$top/scripts/pgp-sign-module-build.sh" "$S/tool" > "$S/tool.log" 2>&1; then
	echo "Bail out! scripts/pgp-sign-module does not build"
	exit 1
else
	mv -- "$S/tool" "$W/scripts/pgp-sign-module"
fi
unset PGP_SIGN_MODULE
for f in "$top"/certs/*; do
	ln -s "$f" "$W/certs/"
done
gcc -O2 -c -o "$W/foo.ko" "$top/tests/host/sign/testmod.c" || { echo "Bail out! gcc"; exit 1; }
cp "$W/foo.ko" "$S/foo.ko.fresh"
kv=$(uname -r)
up=/lib/modules/$kv/updates
mkdir -p "$up"
cp "$W/foo.ko" "$up/a.ko"
cp "$W/foo.ko" "$up/b.ko" && xz --check=crc32 --lzma2=dict=1MiB "$up/b.ko"
# what --prepare and a signer leave beside a module
cp "$up/a.ko" "$up/a.ko.tbs"
head -c 119 /dev/urandom > "$up/a.ko.sig"

export TMPDIR=$S/tmp
unset GNUPGHOME
: > "$S/state"
echo "$W" > "$S/cwd"

# --- what "given" names --------------------------------------------------------------
# (run with the variables the previous block left, so in its GNUPGHOME)
key()	# key NAME EMAIL: a new Ed25519 signing key; prints its fingerprint
{
	gpg --batch --pinentry-mode loopback --passphrase '' \
		--quick-gen-key "$1 <$2>" ed25519 sign never > /dev/null 2>&1 &&
		gpg --batch --with-colons --list-keys "<$2>" | awk -F: '/^fpr/ { print $10; exit }'
}
# site-key: the key of the site that re-signs a distribution's modules
given_site-key()
{
	key 'Site module signing' site@example.org > /dev/null
}
# OLD, NEW: two keys during a rollover
given_OLD()
{
	echo "OLD=$(key 'Old key' old@example.org)" >> "$S/state"
}
given_NEW()
{
	echo "NEW=$(key 'New key' new@example.org)" >> "$S/state"
}
# DISTRO_FPR, VENDOR_FPR: a distribution's key and a vendor's
given_DISTRO_FPR()
{
	echo "DISTRO_FPR=$(key 'Distro' keys@distro.example)" >> "$S/state"
}
given_VENDOR_FPR()
{
	echo "VENDOR_FPR=$(key 'Vendor' modules@vendor.example)" >> "$S/state"
}
# pkcs7: a distribution's modules, signed by mainline's sign-file (appended PKCS#7)
given_pkcs7()
{
	local c=$top/build/host-cache/sign-file tarball=${SRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
	local d=/lib/modules/6.12.0-1-amd64/kernel/drivers m

	if [[ ! -x $c/sign-file ]]; then
		mkdir -p "$c"
		tar -xJf "$tarball" -C "$c" --strip-components=2 \
			linux-source-6.12/scripts/sign-file.c linux-source-6.12/scripts/ssl-common.h &&
			gcc -O2 -Wno-deprecated-declarations -I"$c" -o "$c/sign-file" "$c/sign-file.c" -lcrypto ||
			return 1
	fi
	openssl req -new -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=distro -batch \
		-keyout "$S/x509.key" -out "$S/x509.crt" > /dev/null 2>&1 || return 1
	mkdir -p "$d"
	for m in e1000 snd; do
		cp "$W/foo.ko" "$d/$m.ko"
		"$c/sign-file" sha256 "$S/x509.key" "$S/x509.crt" "$d/$m.ko" || return 1
		xz --check=crc32 --lzma2=dict=1MiB "$d/$m.ko" || return 1
	done
}
# fresh-foo: foo.ko as the build made it, not signed yet
given_fresh-foo()
{
	cp "$S/foo.ko.fresh" "$(cat "$S/cwd")/foo.ko"
}
# pq-signer: a signing service's ML-DSA-65+Ed25519 key (made here by the tool, as RFC 9980
# keys are), its detached signature of foo.ko.tbs as foo.ko.sig and its certificate
# signer-pq.pub (the signature the tool makes over a copy of foo.ko.tbs, read back with
# --verify --data: a detached signature of exactly those bytes)
given_pq-signer()
{
	local d t=$W/scripts/pgp-sign-module x=$S/pq

	d=$(cat "$S/cwd")
	rm -rf "$x" && mkdir -p "$x/data" &&
		"$t" --gen-key mldsa65-ed25519 "Signing service <pq@example.org>" "$x/pq.key" \
			"$d/signer-pq.pub" > /dev/null &&
		cp "$d/foo.ko.tbs" "$x/tbs.ko" &&
		"$t" -q --secret-key "$x/pq.key" "$x/tbs.ko" &&
		"$t" --verify --keyring "$d/signer-pq.pub" --data "$x/data" "$x/tbs.ko" > /dev/null &&
		cmp -s "$x/data/data" "$d/foo.ko.tbs" &&
		cp "$x/data/sig.1" "$d/foo.ko.sig"
}
# pgp_keyring_check: certs/pgp_keyring_check, as a kernel build leaves it
given_pgp_keyring_check()
{
	rm -f "$W/certs/pgp_keyring_check"
	bash "$top/tests/lib/keyring-check-build.sh" "$S/pgp_keyring_check" > /dev/null &&
		mv "$S/pgp_keyring_check" "$W/certs/pgp_keyring_check"
}

# --- one block -------------------------------------------------------------------------
cat > "$S/runner.sh" << 'EOF'
base=" $(compgen -v | tr '\n' ' ') "
cd -- "$(cat "$S/cwd")" || exit 99
. "$S/state"
set -e
. "$1"
set +e
{
	export -p | grep -v -E '^declare -x (PWD|OLDPWD|SHLVL|_)='
	for v in $(compgen -v); do
		case $base in *" $v "*) ;; *) declare -p "$v" ;; esac
	done
} > "$S/state.new"
pwd > "$S/cwd.new"
EOF
snapshot()
{
	local h

	while read -r h; do
		gpgconf --homedir "$h" --kill all > /dev/null 2>&1 || true
	done < <(find "$W" -name pubring.kbx -printf '%h\n' 2> /dev/null)
}

blocks=$S/blocks
python3 "$here/blocks.py" "$guide" "$blocks" > "$S/list" || { echo "Bail out! blocks.py"; exit 1; }
failed=0
while read -r nn line kind args; do
	((10#$nn <= stop)) || break
	first=$(head -n 1 "$blocks/$nn.sh" | cut -c1-70)
	desc="block $nn (line $line): $first"
	case $kind in
	kernel) echo "ok - $desc # SKIP needs a running kernel"; continue ;;
	device) echo "ok - $desc # SKIP needs a device"; continue ;;
	text) echo "ok - $desc # SKIP not commands (a file, output, a layout)"; continue ;;
	esac
	why=
	if [[ $kind == given ]]; then
		for g in $args; do
			(set -a && . "$S/state" && "given_$g") > "$S/given.out" 2>&1 ||
				{ why="could not make what is given: $g"; break; }
		done
	fi
	if [[ $kind == undo ]]; then
		snapshot
		rm -rf "$S/undo" && mkdir "$S/undo" && cp -a "$W" "$S/undo/linux" &&
			cp "$S/state" "$S/cwd" "$S/undo/"
	fi
	rc=0
	if [[ -z $why ]]; then
		env S="$S" timeout 120 bash "$S/runner.sh" "$blocks/$nn.sh" < /dev/null > "$S/out" 2> "$S/err" || rc=$?
		if ((rc)); then
			why="exit status $rc"
		elif grep -E -q 'nothing exported|No such file or directory|no valid OpenPGP data' "$S/err"; then
			why="an error on stderr"
		else
			mv "$S/state.new" "$S/state"
			mv "$S/cwd.new" "$S/cwd"
		fi
	fi
	if [[ $kind == undo ]]; then
		snapshot
		rm -rf "$W" && mv "$S/undo/linux" "$W" && mv "$S/undo/state" "$S/undo/cwd" "$S/"
	fi
	if [[ -z $why ]]; then
		echo "ok - $desc${args:+ ($kind: $args)}"
	else
		echo "not ok - $desc: $why"
		failed=1
		sed 's/^/# /' "$blocks/$nn.sh"
		echo "# --- its output:"
		cat "$S/given.out" "$S/out" "$S/err" 2> /dev/null | head -n 20 | sed 's/^/#   /'
	fi
	rm -f "$S/given.out"
done < "$S/list"
exit "$failed"
