#!/usr/bin/env bash
# Load-time cost of module signature verification, in guest instructions (QEMU -icount shift=0).
set -euo pipefail
prog=load-time.sh

usage() {
	cat <<'EOF'
Usage: bench/load-time.sh OBJDIR MODSDIR KEYSDIR OUTDIR

Signs the benchmark modules (pgptest ~6 KiB, pgpbig_64k, pgpbig_256k, pgpbig 1 MiB)
with each scheme: unsigned; mainline PKCS#7 (scripts/sign-file) with RSA-4096/SHA-512
and ECDSA P-384/SHA-512; ours with DSA-3072/SHA-256, RSA-4096/SHA-512,
RSA-2048/SHA-256 (and Ed25519/SHA-512 when the kernel supports it).  Boots the
kernel once under QEMU TCG with -icount shift=0, where one guest nanosecond is
one guest instruction, loads and unloads each module N times, and writes
OUTDIR/load-time.txt: "bench SCHEME@SIZE mean_ns best_ns verified|unsigned" per variant,
then "size SCHEME@SIZE BYTES" (the file loaded).
Also writes OUTDIR/guest-kunit.txt: the guest's own figures from the same boot (the
KUnit hashing and DSA speed lines and the keyring's DSA table line), in instructions.
Environment: BENCH_N (loads per variant, default 20); BENCH_SCHEMES and BENCH_SIZES
(space-separated subsets, e.g. "unsigned pgp-dsa3072-sha256" and "6k 1m") for quick runs.
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -eq 4 ]] || { usage >&2; exit 2; }
obj=$1 mods=$2 keys=$3 out=$4
top=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_N:-20}
rm -rf "$out/guest"
mkdir -p "$out/guest/mods"
list=$out/guest/bench.list
: >"$list"
: >"$out/guest/cases.list"
: >"$out/guest/sizes.txt"
. "$keys/keys.env"
export GNUPGHOME=$keys/gnupg

schemes=(unsigned mainline-rsa4096-sha512 mainline-p384-sha512 pgp-dsa3072-sha256
	pgp-rsa4096-sha512 pgp-rsa2048-sha256)
if [[ ${BENCH_ED25519:-0} == 1 ]]; then
	schemes+=(pgp-ed25519-sha512)
fi
sizes=(pgptest:6k pgpbig_64k:64k pgpbig_256k:256k pgpbig:1m)
# keep the entries named in $2 (all when it is empty); the array is named by $1
pick() {
	local -n arr=$1
	local keep=() e
	[[ -n $2 ]] || return 0
	for e in "${arr[@]}"; do
		[[ " $2 " == *" ${e#*:} "* || " $2 " == *" ${e%%:*} "* ]] && keep+=("$e")
	done
	arr=("${keep[@]}")
}
pick schemes "${BENCH_SCHEMES:-}"
pick sizes "${BENCH_SIZES:-}"

for sz in "${sizes[@]}"; do
	m=${sz%%:*} label=${sz#*:}
	for s in "${schemes[@]}"; do
		f=$out/guest/mods/$m-$s.ko
		cp "$mods/$m.ko" "$f"
		case $s in
		unsigned) ;;
		mainline-*)
			k=${s#mainline-}
			k=${k%-*}
			"$obj/scripts/sign-file" sha512 "$keys/x509-$k.key" "$keys/x509-$k.crt" "$f"
			;;
		pgp-*)
			k=${s#pgp-}
			d=${k#*-}
			k=${k%-*}
			"$top/scripts/sign-module.sh" --quiet -u "$(eval echo "\$FPR_$k")" --digest "$d" "$f"
			;;
		esac
		echo "$s@$label|/mods/$(basename "$f")|$m|$n" >>"$list"
		echo "size $s@$label $(stat -c %s "$f")" >>"$out/guest/sizes.txt"
	done
done

"$top/mk/initramfs.sh" "$out/guest" "$out/bench.cpio"
echo "$prog: booting with -icount shift=0 ($(wc -l <"$list") variants x $n loads)"
QEMU_ICOUNT=0 "$top/mk/qemu.sh" --timeout 1500 "$obj/arch/x86/boot/bzImage" "$out/bench.cpio" \
	"$out/console.log" modtest.bench=1
{ tr -d '\r' <"$out/console.log" | grep '^bench ' || true; cat "$out/guest/sizes.txt"; } >"$out/load-time.txt"
tr -d '\r' <"$out/console.log" |
	grep -E 'pgp_test_hash_speed: |dsa_speed: |modsign-pgp: Key .*DSA tables' |
	sed 's/^.*\] //; s/^ *# *//' >"$out/guest-kunit.txt" || true
if grep -q ' error ' "$out/load-time.txt"; then
	echo "$prog: some variants did not load:" >&2
	grep ' error ' "$out/load-time.txt" >&2
	exit 1
fi
grep -q '^bench ' "$out/load-time.txt" || { echo "$prog: no results; console tail:" >&2; tail -20 "$out/console.log" >&2; exit 1; }
echo "$prog: $(grep -c '^bench ' "$out/load-time.txt") results in $out/load-time.txt"
