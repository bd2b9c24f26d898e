#!/usr/bin/env bash
# Differential testing: random signed (and sometimes damaged) modules judged by gpgv, sqv and
# the kernel.  The host verdicts become the guest's expectations.
set -euo pipefail
prog=make-differential.sh

usage() {
	cat <<'EOF'
Usage: tests/qemu/make-differential.sh MODULE CASEDIR COUNT [SEED]

For COUNT random cases (seeded by SEED, default 1): pick a key (DSA-2048/3072,
RSA-2048/3072/4096, Ed25519, ECDSA P-256/P-384, the signing subkey, or a key that is not in the kernel), a digest
the key allows, sign a copy of MODULE with scripts/sign-module.sh, and with probability
1/2 change one random byte anywhere (random non-zero xor mask).  Each copy is judged by
scripts/verify-module.sh with gpgv and with sqv against the kernel's keyring
(KEYS_DIR/trusted.pgp).  When both say good the enforcing guest must load it as signed by
the expected key; when both say not good it must refuse it.  (The cases run in the
enforcing boot only: permissive, a damaged module by an unknown key would load unsigned
and run its damaged code.)  A gpgv/sqv
disagreement is counted here.  Appends the cases to CASEDIR/cases.list, the modules to
CASEDIR/mods/, and writes CASEDIR/differential.txt ("cases N host_disagreements D").
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
keyset=(dsa2048 dsa3072 rsa2048 rsa3072 rsa4096 ed25519 nistp256 nistp384 subkey unknown)
host_dis=0
for ((i = 1; i <= count; i++)); do
	k=${keyset[RANDOM % ${#keyset[@]}]}
	case $k in
	dsa*|ed25519|nistp256) digests=(sha256 sha384 sha512) ;;	# gpg: no digest shorter than q
	nistp384) digests=(sha384 sha512) ;;
	*) digests=(sha224 sha256 sha384 sha512) ;;
	esac
	d=${digests[RANDOM % ${#digests[@]}]}
	fpr=$(eval echo "\$FPR_$k")
	f=$casedir/mods/diff-$i.ko
	cp "$module" "$f"
	"$top/scripts/sign-module.sh" --quiet -u "$fpr!" --digest "$d" "$f"
	what="$k/$d"
	if ((RANDOM % 2)); then
		len=$(stat -c %s "$f")
		off=$(((RANDOM * 32768 + RANDOM) % len))
		mask=$((RANDOM % 255 + 1))
		python3 "$top/tests/elfedit.py" flip-at "$f" "$off" "$mask" >/dev/null
		what+=", byte $off xor $mask"
	fi
	g=bad s=bad
	"$top/scripts/verify-module.sh" --keyring "$keys/trusted.pgp" "$f" >/dev/null 2>&1 && g=good
	"$top/scripts/verify-module.sh" --sqv --keyring "$keys/trusted.pgp" "$f" >/dev/null 2>&1 && s=good
	if [[ $g != "$s" ]]; then
		host_dis=$((host_dis + 1))
		echo "$prog: case $i ($what): gpgv says $g, sqv says $s" >&2
		continue
	fi
	if [[ $g == good ]]; then
		exp=ok signer=$(tr 'A-F' 'a-f' <<<"$fpr")
	else
		exp=reject signer=
	fi
	# Run only under enforcement: when not enforcing, a damaged module whose signature the
	# kernel cannot attribute (unknown key) loads as unsigned and runs its damaged code.
	printf 'skip|%s|/mods/%s|pgptest|%s|differential %d: %s, gpgv+sqv %s\n' \
		"$exp" "$(basename "$f")" "$signer" "$i" "$what" "$g" >>"$casedir/cases.list"
done
echo "cases $count host_disagreements $host_dis" >"$casedir/differential.txt"
echo "$prog: $count cases, $host_dis gpgv/sqv disagreements"
