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
RSA-2048/SHA-256 (and Ed25519/SHA-512 when the kernel supports it; and with BENCH_PQ=1
the v6 signatures pgp6-ed25519-sha512, pgp6-mldsa65ed25519-sha512 and -sha256, with
BENCH_PQ87=1 pgp6-ed448-sha512 and pgp6-mldsa87ed448-sha512, made on
the test side by tests/vectors/pgpv6.mjs with KEYSDIR's built-in v6 keys and put in by
tests/qemu/v6mod.py; with BENCH_SLH=1 pgp6-slhdsa128s-sha512, pgp6-slhdsa128f-sha512 and
pgp6-slhdsa256s-sha512, the -128f ones made the same way, the -128s and -256s ones by the
signing tool with the keys' secret key files: noble signs those sets in minutes).  With
CONFIG_MODULE_HASH_LIST_TEST_MODULES=m also "hashlist-sha256": the kernel's own in-tree
modules modhash_small and modhash_big as make modules_install installs them (stripped,
in the kernel's list of its modules' hashes), with no signature, at ~6 KiB and 1 MiB.
With BENCH_MAINLINE_MLDSA=1 (a 7.x kernel) also mainline-mldsa65-sha512 and
mainline-mldsa87-sha512: mainline's own ML-DSA PKCS#7 signatures, made by the 7.x tree's
scripts/sign-file built against OpenSSL 3.5 in a Debian 13 root
(tests/qemu/mainline-mldsa.sh, KEYSDIR/mainline).
Boots the
kernel once under QEMU TCG with -icount shift=0,sleep=off, where one guest nanosecond
is one guest instruction (and an idle guest's clock jumps to its next timer), on one CPU, and times each module's finit_module() N times
(tests/qemu/modtest.c bench: the unload is not timed, and the guest idles a few ticks
after it, since delete_module() waits for an RCU grace period that ends on a tick).
Writes OUTDIR/load-time.txt: "bench SCHEME@SIZE mean_ns best_ns verified|unsigned" and
"unload SCHEME@SIZE mean_ns best_ns" per variant, "size SCHEME@SIZE BYTES" (the file
loaded), "tick_ns N" (the guest kernel's CONFIG_HZ), "guest CPUS CLOCKSOURCE", "n N",
"config CONFIG_X=y" (options the figures depend on) and "run DATE".  Also writes OUTDIR/guest-kunit.txt: the guest's own figures from the same
boot (the KUnit hashing and DSA speed lines and the keyring's DSA table line), in
instructions.  bench/report.py checks the figures before publishing them.
Environment: BENCH_N (loads per variant, default 20); BENCH_SCHEMES and BENCH_SIZES
(space-separated subsets, e.g. "unsigned pgp-dsa3072-sha256" and "6k 1m") for quick runs;
BENCH_SMP (guest CPUs, default 1); BENCH_ARGS (more kernel arguments); BENCH_BREAK breaks the measurement on purpose, to see
bench/report.py's checks refuse it: sleep, unload, jitter, nosig (tests/qemu/modtest.c)
or wrongfile (the 1 MiB variants load the 256 KiB modules).
EOF
}
[[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
[[ $# -eq 4 ]] || { usage >&2; exit 2; }
obj=$1 mods=$2 keys=$3 out=$4
top=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_N:-20}
brk=${BENCH_BREAK:-}
case $brk in
''|sleep|unload|jitter|nosig|wrongfile) ;;
*) echo "$prog: BENCH_BREAK=$brk: unknown (sleep, unload, jitter, nosig, wrongfile)" >&2; exit 2 ;;
esac
hz=$(sed -n 's/^CONFIG_HZ=\([0-9]*\)$/\1/p' "$obj/.config")
[[ -n $hz ]] || { echo "$prog: $obj/.config: no CONFIG_HZ" >&2; exit 1; }
rm -rf "$out/guest"
mkdir -p "$out/guest/mods"
list=$out/guest/bench.list
: >"$list"
: >"$out/guest/cases.list"
: >"$out/guest/sizes.txt"
. "$keys/keys.env"
export GNUPGHOME=$keys/gnupg
# the program sign-module.sh runs: the one Kbuild built for this kernel
export PGP_SIGN_MODULE=${PGP_SIGN_MODULE:-$obj/scripts/pgp-sign-module}

schemes=(unsigned mainline-rsa4096-sha512 mainline-p384-sha512 pgp-dsa3072-sha256
	pgp-rsa4096-sha512 pgp-rsa2048-sha256)
# Linux 7.x: mainline's own ML-DSA module signatures, made by the 7.x tree's sign-file on
# OpenSSL 3.5 (tests/qemu/mainline-mldsa.sh), with the keys the kernel trusts
if [[ ${BENCH_MAINLINE_MLDSA:-0} == 1 ]]; then
	schemes+=(mainline-mldsa65-sha512 mainline-mldsa87-sha512)
fi
if [[ ${BENCH_ED25519:-0} == 1 ]]; then
	schemes+=(pgp-ed25519-sha512)
fi
if [[ ${BENCH_PQ:-0} == 1 ]]; then
	schemes+=(pgp6-ed25519-sha512 pgp6-mldsa65ed25519-sha512 pgp6-mldsa65ed25519-sha256)
	[[ ${BENCH_PQ87:-0} == 1 ]] && schemes+=(pgp6-ed448-sha512 pgp6-mldsa87ed448-sha512)
	[[ ${BENCH_SLH:-0} == 1 ]] &&
		schemes+=(pgp6-slhdsa128s-sha512 pgp6-slhdsa128f-sha512 pgp6-slhdsa256s-sha512)
	# shellcheck source=tests/lib/node.sh
	. "$top/tests/lib/node.sh"
	node_env
fi
# The list of the build's module hashes (CONFIG_MODULE_HASH_LIST): its in-tree test modules
# as make modules_install installs them (stripped, listed; decompressed), loaded with no
# signature, at ~6 KiB (modhash_small) and 1 MiB (modhash_big) only.
if grep -q '^CONFIG_MODULE_HASH_LIST_TEST_MODULES=m' "$obj/.config"; then
	schemes+=(hashlist-sha256)
	make -s -C "$obj" INSTALL_MOD_PATH="$(cd "$out/guest" && pwd)/inst" INSTALL_MOD_STRIP=1 \
		modules_install \
		>"$out/guest/modinst.log" 2>&1 ||
		{ cat "$out/guest/modinst.log" >&2; echo "$prog: make modules_install failed" >&2; exit 1; }
fi
declare -A hl_module=([6k]=modhash_small [1m]=modhash_big)
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
		hashlist-*)	# the in-tree module of that size, as installed
			rm -f "$f"
			[[ -n ${hl_module[$label]:-} ]] || continue
			m=${hl_module[$label]}
			f=$out/guest/mods/$m-$s.ko
			xz -dc "$(find "$out/guest/inst" -name "$m.ko.xz" -o -name "$m.ko" | head -n 1)" \
				>"$f" 2>/dev/null || cp "$(find "$out/guest/inst" -name "$m.ko" | head -n 1)" "$f"
			;;
		mainline-mldsa*)
			k=${s#mainline-mldsa}
			"$top/tests/qemu/mainline-mldsa.sh" sign "$keys" "${k%-*}" "${k#*-}" "$f" "$f"
			;;
		mainline-*)
			k=${s#mainline-}
			k=${k%-*}
			"$obj/scripts/sign-file" sha512 "$keys/x509-$k.key" "$keys/x509-$k.crt" "$f"
			;;
		pgp6-*)	# room for the signature, its signed data, the test-side v6 signature
			k=${s#pgp6-}
			d=${k#*-}
			k=${k%-*}
			# module_sig as the signer sizes it: its default 2048 octets for Ed25519
			# and Ed448, 4096 for the 3.5 KB composite, 6144 for the 4.8 KB one; the
			# SLH-DSA signature and its packet, rounded up to a KiB: 8192 octets for
			# -128s (7.8 KB), 18432 for -128f (16.7 KB), 30720 for -256s (29.1 KB)
			# (the loader hashes the section's zeros: each KiB costs the load both
			# hashes of a KiB)
			tool=
			case $k in
			ed25519) spec=$KEY_ed6 reserve=2048 ;;
			ed448) spec=$KEY_ed448 reserve=2048 ;;
			mldsa65ed25519) spec=$KEY_pq6 reserve=4096 ;;
			mldsa87ed448) spec=$KEY_pq87 reserve=6144 ;;
			slhdsa128s) tool=$keys/v6/slh128s.sec reserve=8192 ;;
			slhdsa128f) spec=$KEY_slh128f reserve=18432 ;;
			slhdsa256s) tool=$keys/v6/slh256s.sec reserve=30720 ;;
			esac
			if [[ -n $tool ]]; then
				"$top/scripts/sign-module.sh" --quiet --secret-key "$tool" --digest "$d" \
					--reserve "$reserve" "$f"
			else
				"$top/scripts/sign-module.sh" --quiet -u "$FPR_rsa2048" --digest sha256 \
					--reserve "$reserve" "$f"
				python3 "$top/tests/qemu/siglayout.py" extract "$f" "$f.data" "$f.v4" >/dev/null
				node "$top/tests/vectors/pgpv6.mjs" sign "$spec" --hash "$d" <"$f.data" >"$f.sig"
				python3 "$top/tests/qemu/v6mod.py" attach "$f" "$f" "$f.sig"
				rm -f "$f.data" "$f.v4" "$f.sig"
			fi
			;;
		pgp-*)
			k=${s#pgp-}
			d=${k#*-}
			k=${k%-*}
			"$top/scripts/sign-module.sh" --quiet -u "$(eval echo "\$FPR_$k")" --digest "$d" "$f"
			;;
		esac
		if [[ $brk == wrongfile && $label == 1m && $s != hashlist-* ]]; then	# a harness bug, on purpose
			echo "$s@$label|/mods/pgpbig_256k-$s.ko|pgpbig_256k|$n" >>"$list"
		else
			echo "$s@$label|/mods/$(basename "$f")|$m|$n" >>"$list"
		fi
		echo "size $s@$label $(stat -c %s "$f")" >>"$out/guest/sizes.txt"
		m=${sz%%:*}
	done
done

"$top/mk/initramfs.sh" "$out/guest" "$out/bench.cpio"
args=(modtest.bench=1)
# shellcheck disable=SC2206 # BENCH_ARGS is a word list
[[ -n ${BENCH_ARGS:-} ]] && args+=($BENCH_ARGS)
[[ -n $brk && $brk != wrongfile ]] && args+=("modtest.break=$brk")
[[ -n $brk ]] && echo "$prog: BENCH_BREAK=$brk: this run is broken on purpose"
smp=${BENCH_SMP:-1}
echo "$prog: booting with -icount shift=0,sleep=off, $smp CPU ($(wc -l <"$list") variants x $n loads)"
# sleep=off: while the guest idles, its clock jumps to the next timer deadline instead of
# following the host's real time (with sleep=on an idle period lasts as long as the loaded
# host takes, and the ticks land anywhere in the next timed load).
QEMU_ICOUNT=0,sleep=off QEMU_SMP=$smp "$top/mk/qemu.sh" --timeout 3000 "$obj/arch/x86/boot/bzImage" \
	"$out/bench.cpio" "$out/console.log" "${args[@]}"
guest=$(tr -d '\r' <"$out/console.log" | sed -n 's/^# modtest: bench, \([0-9]*\) CPU(s), clocksource \(.*\)$/\1 \2/p')
{
	tr -d '\r' <"$out/console.log" | grep -E '^(bench|unload) ' || true
	cat "$out/guest/sizes.txt"
	echo "tick_ns $((1000000000 / hz))"
	echo "guest ${guest:-? ?}"
	echo "n $n"
	grep -E '^CONFIG_(SMP|TREE_RCU|TINY_RCU|SYSTEM_BLACKLIST_KEYRING|CRYPTO_MLDSA|CRYPTO_MLDSA_VERIFY|CRYPTO_LIB_MLDSA|CRYPTO_ED448|CRYPTO_SLHDSA|MODULE_HASH_LIST)=' \
		"$obj/.config" |
		sed 's/^/config /'
	echo "run $(date -u +%F)"
} >"$out/load-time.txt"
tr -d '\r' <"$out/console.log" |
	grep -E 'pgp_test_hash_speed: |dsa_speed: |pgp_v6_test_speed: |hash_list_speed: |slhdsa_.*speed: |modsign-pgp: Key .*DSA tables' |
	sed 's/^.*\] //; s/^ *# *//' >"$out/guest-kunit.txt" || true
if grep -q ' error ' "$out/load-time.txt"; then
	echo "$prog: some variants did not load:" >&2
	grep ' error ' "$out/load-time.txt" >&2
	exit 1
fi
grep -q '^bench ' "$out/load-time.txt" || { echo "$prog: no results; console tail:" >&2; tail -20 "$out/console.log" >&2; exit 1; }
echo "$prog: $(grep -c '^bench ' "$out/load-time.txt") results in $out/load-time.txt"
