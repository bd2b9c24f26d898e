#!/usr/bin/env bash
# Differential testing: random signed (and sometimes damaged) modules judged by gpgv, sqv and
# the kernel.  The host verdicts become the guest's expectations.
set -euo pipefail
prog=make-differential.sh

usage() {
	cat <<'EOF'
Usage: tests/qemu/make-differential.sh MODULE CASEDIR COUNT [SEED]

For COUNT random cases (seeded by SEED, default 1): pick a key (DSA-2048/3072,
RSA-2048/3072/4096, Ed25519, ECDSA P-256/P-384, the signing subkey, or a key that is
not in the kernel; or one of the v6 keys: ML-DSA-65+Ed25519, Ed25519, a v6 key not in
the kernel), a digest the key allows, sign a copy of MODULE with scripts/sign-module.sh
(v6: with the test-side signer tests/vectors/pgpv6.mjs, put in by tests/qemu/v6mod.py),
and with probability 1/2 change one random byte anywhere (random non-zero xor mask).
The oracles see the copy through a reader of their own, not the project's scripts:
tests/qemu/siglayout.py extract writes the signed data (the file with module_sig's
content zeroed) and the signature packets, and gpgv and sqv verify those against the
kernel's v4 keys (KEYS_DIR/trusted-v4.pgp: they read no v6 key); a v6 signature is
verified instead by the test-side signer's own verifier (noble's Ed25519 and ML-DSA-65)
against the kernel's keyring (KEYS_DIR/trusted.pgp) and, for Ed25519, by OpenPGP.js 6
(which has no ML-DSA).  Expectations, for
the enforcing boot (permissive, a damaged module by an unknown key would load unsigned
and run its damaged code):
  - gpgv and sqv say good, nothing changed: loads, signed by the expected key;
  - the container breaks its rules: EBADMSG (siglayout.py expect's set when the change
    leaves no signature the oracles can read, e.g. an ELF header the locator cannot read);
  - otherwise refused with the errno (set) siglayout.py expect gives for where the
    changed byte lies (EKEYREJECTED for signed data, EBADMSG for framing, ...);
    an untouched signature by the unknown key: EKEYREJECTED (ENOKEY, enforced).
A gpgv/sqv disagreement, or both saying good for a change to signed data, is counted
here.  Appends the cases to CASEDIR/cases.list, the modules to CASEDIR/mods/, and
writes CASEDIR/differential.txt ("cases N host_disagreements D").  DIFF_TRACE=1 prints
each case's verdicts.
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -ge 3 ]] || { usage >&2; exit 2; }
module=$1 casedir=$2 count=$3 seed=${4:-1}
top=$(cd "$(dirname "$0")/../.." && pwd)
keys=${KEYS_DIR:?KEYS_DIR must name the tests/qemu/make-keys.sh output}
. "$keys/keys.env"
export GNUPGHOME=$keys/gnupg
RANDOM=$seed
size=$(stat -c %s "$module")
keyset=(dsa2048 dsa3072 rsa2048 rsa3072 rsa4096 ed25519 nistp256 nistp384 subkey unknown
	pq6 ed6 pq6unknown)
host_dis=0
layout=$top/tests/qemu/siglayout.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -m 700 "$tmp/gnupg"
# the v6 cases: a module with room for a composite signature, and its signed data
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
node_env || { echo "$prog: no test-only npm packages" >&2; exit 1; }
cp "$module" "$tmp/base.ko"
"$top/scripts/sign-module.sh" --quiet -u "$FPR_rsa2048" --digest sha256 --reserve 8192 "$tmp/base.ko"
python3 "$layout" extract "$tmp/base.ko" "$tmp/base.data" "$tmp/base.sig" >/dev/null
pgpv6() { node "$top/tests/vectors/pgpv6.mjs" "$@"; }
for ((i = 1; i <= count; i++)); do
	k=${keyset[RANDOM % ${#keyset[@]}]}
	case $k in
	dsa*|ed25519|nistp256) digests=(sha256 sha384 sha512) ;;	# gpg: no digest shorter than q
	nistp384) digests=(sha384 sha512) ;;
	pq6*|ed6) digests=(sha256 sha384 sha512 sha3-256) ;;
	*) digests=(sha224 sha256 sha384 sha512) ;;
	esac
	d=${digests[RANDOM % ${#digests[@]}]}
	fpr=$(eval echo "\$FPR_$k")
	f=$casedir/mods/diff-$i.ko
	v6=0
	if [[ $k == pq6* || $k == ed6 ]]; then
		v6=1
		pgpv6 sign "$(eval echo "\$KEY_$k")" --hash "$d" --salt-seed "diff-$i" \
			<"$tmp/base.data" >"$tmp/v6.sig"
		python3 "$top/tests/qemu/v6mod.py" attach "$tmp/base.ko" "$f" "$tmp/v6.sig"
	else
		cp "$module" "$f"
		"$top/scripts/sign-module.sh" --quiet -u "$fpr!" --digest "$d" "$f"
	fi
	what="$k/$d" flipped=0
	if ((RANDOM % 2)); then
		len=$(stat -c %s "$f")
		off=$(((RANDOM * 32768 + RANDOM) % len))
		mask=$((RANDOM % 255 + 1))
		cp "$f" "$f.orig"
		python3 "$top/tests/elfedit.py" flip-at "$f" "$off" "$mask" >/dev/null
		what+=", byte $off xor $mask"
		flipped=1
	fi
	g=bad s=bad
	exp=
	if ((flipped)); then
		read -r exp where < <(python3 "$layout" expect "$f.orig" "$off" "$mask")
		what+=" ($where)"
	fi
	if ! why=$(python3 "$layout" extract "$f" "$tmp/data" "$tmp/sig"); then
		# no signature the oracles can read: what the layout gives for the changed byte
		# (a broken container: EBADMSG; an ELF header the locator cannot read: the
		# module is unsigned, refused under enforcement, or ENOEXEC)
		exp=${exp:-EBADMSG}
		what+=", $why"
	elif ((v6)); then
		# the test-side verifier, and OpenPGP.js for Ed25519 (else the first answer twice)
		pgpv6 verify "$keys/trusted.pgp" "$tmp/sig" "$tmp/data" >/dev/null 2>&1 && g=good
		s=$g
		if [[ $k == ed6 ]]; then
			s=bad
			pgpv6 openpgpjs-verify "$keys/v6/ed6.pgp" "$tmp/sig" "$tmp/data" >/dev/null 2>&1 &&
				s=good
		fi
	else
		gpgv --homedir "$tmp/gnupg" --keyring "$keys/trusted-v4.pgp" --status-fd 1 \
			"$tmp/sig" "$tmp/data" 2>/dev/null | grep -q '^\[GNUPG:\] VALIDSIG ' && g=good
		sqv --keyring "$keys/trusted-v4.pgp" "$tmp/sig" "$tmp/data" >/dev/null 2>&1 && s=good
	fi
	rm -f "$f.orig"
	if [[ $g != "$s" ]]; then
		host_dis=$((host_dis + 1))
		echo "$prog: case $i ($what): gpgv (v6: test-side verifier) says $g, sqv (v6: OpenPGP.js) says $s" >&2
		continue
	fi
	signer=
	if [[ $g == good && ( $flipped == 0 || $exp == *signed* ) ]]; then
		# untouched, or a change the specification lets a verifier ignore
		exp=ok signer=$(tr 'A-F' 'a-f' <<<"$fpr")
	elif [[ $g == good && $exp == EKEYREJECTED ]]; then
		# Both oracles accept a change to signed data: one of them is wrong.
		host_dis=$((host_dis + 1))
		echo "$prog: case $i ($what): gpgv and sqv say good after a change to signed data" >&2
		continue
	elif [[ -z $exp ]]; then
		exp=EKEYREJECTED	# untouched, by a key not in the kernel: ENOKEY, enforced
	fi
	# Otherwise the refusal the layout gives (both good after a change to framing the
	# oracles do not check, e.g. an unhashed issuer key ID no longer matching the issuer
	# fingerprint: the specification's EBADMSG stands).
	exp=${exp//\/signed/} exp=${exp//signed\//}
	# Run only under enforcement: when not enforcing, a damaged module whose signature the
	# kernel cannot attribute (unknown key) loads as unsigned and runs its damaged code.
	printf 'skip|%s|/mods/%s|pgptest|%s|differential %d: %s, gpgv+sqv %s\n' \
		"$exp" "$(basename "$f")" "$signer" "$i" "$what" "$g" >>"$casedir/cases.list"
	[[ -n ${DIFF_TRACE:-} ]] && echo "case $i: $what: gpgv+sqv $g, expect $exp"
done
echo "cases $count host_disagreements $host_dis" >"$casedir/differential.txt"
echo "$prog: $count cases, $host_dis gpgv/sqv disagreements"
