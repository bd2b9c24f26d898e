#!/usr/bin/env bash
# make bench: load-time cost in QEMU (-icount), native verify speed, signing throughput.
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	cat <<'USAGE'
Usage: mk/bench.sh [--signing | --kver 7.3]

Builds the test kernel (as make check does), then
  1. bench/load-time.sh: module load cost (finit_module alone) per signature scheme and
     module size, in guest instructions (QEMU -icount shift=0,sleep=off, one CPU), against
     mainline PKCS#7;
  2. tests/host/crypto/bench (when present): native verify time next to OpenSSL; and
     tests/host/pgp_keys/bench.sh: the CPU time of the worst run-time key parse (hostile
     1 MiB certificates that any user can hand add_key());
  3. bench/sign-throughput.sh: sign-module.sh -j2 vs scripts/sign-file and vs gpg-agent
     alone, -u e-mail vs fingerprint, and make -j2 modules_install signing with gpg vs
     with sign-file;
  4. bench/sign-distro.sh: 1000 of Debian's own .ko.xz modules against mainline's flow;
and writes bench/results.md, bench/load-time.png and README.md's figures.  Raw figures: build/bench/.
The load-time figures are checked first (bench/report.py --check-figures: every scheme
costs more than an unsigned load, a stable baseline, no figures on whole timer ticks, the
1 MiB overhead at least the hashing of the file): a run that fails prints why, exits 1 and
writes nothing.

  --signing  only 3 and 4 (make bench-sign: no kernel build; modules_install is left out),
             replacing only the signing sections of bench/results.md and README.md
  --kver 7.3 (make bench KVER=7.3) only 1, on the Linux 7.3 test kernel (build/src-7.3,
             build/obj-7.3-x86_64, as make check-matrix builds it), with mainline's own
             ML-DSA-65 and ML-DSA-87 PKCS#7 signatures beside the other rows: they are made
             by 7.3's scripts/sign-file built against OpenSSL 3.5 in a Debian 13 root
             (mmdebstrap; Debian 12's OpenSSL 3.0 has no ML-DSA: tests/qemu/mainline-mldsa.sh);
             the checks add 7.3's targets (bench/report.py --kver 7.3): ours ML-DSA-87+Ed448
             and ML-DSA-65+Ed25519 at most mainline's ML-DSA-87 and ML-DSA-65 at ~6 KiB and
             1 MiB.  Writes bench/results-7.3.md, its block of README.md and the figures of
             the 7.3 cover letter (make patches KVER=7.3); raw figures: build/bench-7.3/.

Environment: BENCH_SIGNING=0 leaves out 3 and 4, BENCH_NATIVE=0 leaves out 2 (wall-clock
figures: on a loaded machine keep the published ones; bench/results.md's "Runs" says which
run each section comes from); BENCH_UML=0 leaves out the KUnit-under-UML part of 2;
bench/load-time.sh's BENCH_N, BENCH_SCHEMES, BENCH_SIZES, BENCH_SMP, BENCH_BREAK.
USAGE
	exit 0
fi
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=$top/build/bench
mkdir -p "$out"
t0=$(date +%s)
mk/deps.sh
if [[ ${1:-} == --kver ]]; then
	[[ ${2:-} == 7.3 ]] || { echo "bench.sh: --kver ${2:-}: make bench has a 7.3 run only (6.12 is the default)" >&2; exit 2; }
	. mk/lib.sh
	mk/deps.sh --matrix
	export KEYS_DIR=$top/build/keys
	out=$top/build/bench-7.3
	mkdir -p "$out"
	run() { # run NAME CMD...: a step of the guest pipeline, its output in $out/NAME.log
		local name=$1
		shift
		"$@" >"$out/$name.log" 2>&1 || { tail -n 20 "$out/$name.log" >&2; echo "bench: $name failed" >&2; return 1; }
	}
	guest_kernel run 7.3 x86_64
	guest_paths 7.3 x86_64
	echo "== load time on Linux 7.3 (QEMU -icount shift=0,sleep=off), with mainline's ML-DSA"
	t1=$(date +%s)
	slh=0
	grep -q '^CONFIG_CRYPTO_SLHDSA=y' "$obj/.config" && slh=1
	BENCH_ED25519=1 BENCH_PQ=1 BENCH_PQ87=1 BENCH_SLH=$slh BENCH_MAINLINE_MLDSA=1 \
		bench/load-time.sh "$obj" "$mods" "$KEYS_DIR" "$out"
	echo "bench: load time in $(($(date +%s) - t1)) s"
	echo "== memory of one verification (the 7.x side in userspace: mainline's lib/crypto)"
	bench/memory.sh "$src" "$out/memory.txt"
	cat "$out/memory.txt"
	echo "== checks and report (7.3)"
	python3 bench/report.py --kver 7.3 "$out" bench/results-7.3.md README.md
	echo "bench: done in $(($(date +%s) - t0)) s"
	exit 0
fi
if [[ ${1:-} == --signing ]]; then
	echo "== signing throughput (test module)"
	bench/sign-throughput.sh -n 100 -j 2 | tee "$out/sign.txt"
	echo "== Debian module set (1000 .ko.xz)"
	bench/sign-distro.sh -n 1000 -j 2 --results "$out/distro.md"
	python3 bench/report.py --signing "$out" bench/results.md README.md
	echo "bench: done in $(($(date +%s) - t0)) s"
	exit 0
fi
command -v gnuplot >/dev/null || { apt-get install -y -qq gnuplot-nox >/dev/null || true; }
. mk/lib.sh
export KEYS_DIR=$top/build/keys
tests/qemu/make-keys.sh "$KEYS_DIR" >/dev/null
make -s apply
mk/kernel.sh $(guest_configs) >"$out/kernel.log" 2>&1 || { tail -20 "$out/kernel.log"; exit 1; }
ed=0 pq=0 pq87=0 slh=0
grep -q '^CONFIG_CRYPTO_ED25519=y' build/obj/.config && ed=1
grep -q '^CONFIG_CRYPTO_MLDSA_VERIFY=y' build/obj/.config && pq=1
grep -q '^CONFIG_CRYPTO_ED448=y' build/obj/.config && pq87=$pq
grep -q '^CONFIG_CRYPTO_SLHDSA=y' build/obj/.config && slh=$pq
echo "== load time (QEMU -icount shift=0,sleep=off)"
t1=$(date +%s)
BENCH_ED25519=$ed BENCH_PQ=$pq BENCH_PQ87=$pq87 BENCH_SLH=$slh bench/load-time.sh build/obj build/mods "$KEYS_DIR" "$out"
echo "bench: load time in $(($(date +%s) - t1)) s"
echo "== checks of the load-time figures"
python3 bench/report.py --check-figures "$out" ||
	{ echo "bench: the load-time figures failed the checks; nothing written" >&2; exit 1; }
rm -f "$out/native.txt" "$out/sign.txt" "$out/distro.md"
if [[ ${BENCH_NATIVE:-1} == 0 ]]; then
	echo "== native verification: left out (BENCH_NATIVE=0); bench/results.md keeps its section"
elif [[ -x tests/host/crypto/bench.sh ]]; then
	echo "== native verification (userspace build of the kernel code vs OpenSSL)"
	tests/host/crypto/bench.sh | tee "$out/native.txt"
fi
if [[ ${BENCH_NATIVE:-1} != 0 ]]; then
	echo "== run-time key parse, worst case (userspace build of security/pgp_keys, in-kernel maths)"
	tests/host/pgp_keys/bench.sh | tee -a "$out/native.txt"
fi
if [[ ${BENCH_NATIVE:-1} != 0 && ${BENCH_UML:-1} == 1 ]]; then
	echo "== native verification in the kernel (KUnit under UML, kunit.py --arch=um)"
	uml=$top/build/uml
	mkdir -p "$uml"
	cp tests/config/kunit-crypto.config "$uml/.kunitconfig"
	if (cd build/src && ./tools/testing/kunit/kunit.py run --arch=um --jobs "$(nproc)" \
		--build_dir="$uml" --kunitconfig="$uml/.kunitconfig" --raw_output=all) \
		>"$out/uml.log" 2>&1; then
		grep -E 'us per verify|per verification|tables of|MB/s' "$out/uml.log" | sed 's/^.*\] //; s/^ *# *//' |
			tee "$out/uml.txt"
		for a in rsa2048 rsa4096 dsa2048 ed25519; do
			openssl speed -seconds 1 "$a" 2>/dev/null | tail -n 1 || true
		done | sed 's/^/openssl speed (sign\/s verify\/s): /' | tee -a "$out/uml.txt"
		cat "$out/uml.txt" >>"$out/native.txt"
		# the run-time key parse with an ECDSA key (not in the userspace build): at most
		# 16 verifications (each counts 4 of PGP_KEYS_CERT_CHECKS_MAX), the slowest curve
		p521=$(sed -n 's/.*p521-[a-z0-9]*: \([0-9]*\) us per verification.*/\1/p' "$out/uml.txt" |
			sort -n | tail -n 1)
		[[ -z $p521 ]] ||
			echo "keyparse worst with ECDSA P-521: 16 verifications of $p521 us in the kernel (UML): $((16 * p521 / 1000)) ms CPU" |
			tee -a "$out/native.txt"
	else
		echo "bench: the UML KUnit run failed (log: $out/uml.log)"
	fi
fi
if [[ ${BENCH_SIGNING:-1} == 0 ]]; then
	echo "== signing: left out (BENCH_SIGNING=0); bench/results.md keeps its sections"
else
	echo "== signing throughput (the test module, Ed25519 and RSA-4096 keys)"
	bench/sign-throughput.sh -n 100 -j 2 --module build/mods/pgptest.ko --kernel-src build/src \
		--kbuild-obj build/obj | tee "$out/sign.txt"
	echo "== Debian module set (1000 .ko.xz)"
	bench/sign-distro.sh -n 1000 -j 2 --results "$out/distro.md"
fi
echo "== report"
python3 bench/report.py "$out" bench/results.md bench/load-time.png README.md
echo "bench: done in $(($(date +%s) - t0)) s"
