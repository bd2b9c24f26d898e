#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Signing throughput, all ratios measured in one run on N copies of a
# module (raw .ko), JOBS parallel jobs:
#   - sign-module.sh (pgp-sign-module through gpg-agent) with an Ed25519 key
#     against mainline's scripts/sign-file with an RSA-4096 key (target 1.5);
#   - sign-module.sh -u e-mail against -u fingerprint (target: within 10%);
#   - sign-module.sh with an RSA-4096 key against gpg-agent alone making
#     the same number of RSA-4096 signatures (the ceiling; target 0.9);
#   - for reference: --no-agent (gpg per module), and where the time of one
#     module goes (--timings), raw and as .ko.xz.
# Each timing is the median of ROUNDS interleaved rounds. Optional (make
# bench); needs gcc, openssl and libssl-dev.

set -euo pipefail

prog=${0##*/}
here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/.." && pwd)

usage()
{
	cat <<EOF
Usage: $prog [-n N] [-j JOBS] [--rounds R] [--module FILE] [--algo ALGO]
             [--digest ALGO] [--kernel-src DIR] [--kbuild-obj DIR]

  -n N              number of module copies (default 100)
  -j JOBS           parallel jobs for every signer (default 2)
  --rounds R        rounds per measurement, the median is shown (default 3)
  --module FILE     module to copy (default: tests/host/sign/testmod.c built
                    with gcc -c)
  --algo ALGO       the "default key" algorithm compared with sign-file
                    (default ed25519, what the kernel build generates)
  --digest ALGO     sha256, sha384 or sha512 (default sha512)
  --kernel-src DIR  kernel source holding scripts/sign-file.c (default
                    \$KERNEL_SRC, else taken from Debian's linux-source-6.12
                    tarball and cached in build/host-cache)
  --kbuild-obj DIR  also time "make -jJOBS modules_install" of the N copies
                    (an external module directory) with the patched kernel
                    build DIR: OpenPGP signing against mainline's
                    CONFIG_MODULE_SIG_ALL (the build's own key)
EOF
}

count=100 jobs=2 rounds=3 module='' algo=ed25519 digest=sha512 kobj=''
ksrc=${KERNEL_SRC:-}
while (($#)); do
	case $1 in
	-n) count=${2?}; shift 2 ;;
	-j) jobs=${2?}; shift 2 ;;
	--rounds) rounds=${2?}; shift 2 ;;
	--module) module=${2?}; shift 2 ;;
	--algo) algo=${2?}; shift 2 ;;
	--digest) digest=${2?}; shift 2 ;;
	--kernel-src) ksrc=${2?}; shift 2 ;;
	--kbuild-obj) kobj=$(cd "${2?}" && pwd); shift 2 ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
[[ $count =~ ^[1-9][0-9]*$ && $jobs =~ ^[1-9][0-9]*$ && $rounds =~ ^[1-9][0-9]*$ ]] ||
	{ usage >&2; exit 2; }

for tool in gpg gpg-agent openssl gcc xargs xz; do
	command -v "$tool" > /dev/null || { echo "$prog: $tool not found" >&2; exit 1; }
done
if [[ -z $ksrc || ! -f $ksrc/scripts/sign-file.c ]]; then
	c=$top/build/host-cache/sign-file
	if [[ ! -f $c/scripts/sign-file.c ]]; then
		rm -rf -- "$c.tmp"
		mkdir -p -- "$c.tmp"
		tar -C "$c.tmp" --strip-components=1 -xf "${SRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz}" \
			linux-source-6.12/scripts/sign-file.c ||
			{ echo "$prog: cannot take scripts/sign-file.c from the linux-source tarball" >&2; exit 1; }
		rm -rf -- "$c"
		mv -- "$c.tmp" "$c"
	fi
	ksrc=$c
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/sign-bench.XXXXXX")
cleanup()
{
	local h

	for h in "$T"/gnupg-*; do
		gpgconf --homedir "$h" --kill gpg-agent > /dev/null 2>&1 || true
	done
	rm -rf -- "$T"
}
trap cleanup EXIT

# Mainline's signer, built from the kernel source.
if ! gcc -O2 -Wno-deprecated-declarations -I"$ksrc/scripts" -o "$T/sign-file" \
	"$ksrc/scripts/sign-file.c" -lcrypto 2> "$T/cc.err"; then
	echo "$prog: cannot build sign-file:" >&2
	cat "$T/cc.err" >&2
	exit 1
fi
openssl req -new -x509 -newkey rsa:4096 -nodes -batch -utf8 -days 36500 \
	-"$digest" -subj "/CN=sign-throughput bench key" \
	-keyout "$T/key.pem" -out "$T/cert.pem" > /dev/null 2>&1

declare -A fpr=()
for a in "$algo" rsa4096; do
	[[ -n ${fpr[$a]:-} ]] && continue
	fpr[$a]=$("$top/scripts/pgp-modsign-genkey.sh" --homedir "$T/gnupg-$a" --algo "$a" \
		--name "Bench $a <bench-$a@example.org>" --export "$T/pub-$a.gpg")
done
sign=$top/scripts/sign-module.sh
# the program the scripts run, built once, outside the timings (PGP_SIGN_MODULE)
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
sign_tool "$T/tool" || exit 1

if [[ -z $module ]]; then
	module=$T/testmod.ko
	gcc -O2 -c -o "$module" "$top/tests/host/sign/testmod.c"
fi
size=$(stat -c %s -- "$module")

# fresh DIR: N unsigned copies in DIR (SUFFIX .ko or .ko.xz)
fresh()
{
	local d=$T/$1 sfx=${2:-.ko} i

	rm -rf -- "$d"
	mkdir -p -- "$d"
	if [[ $sfx == .ko.xz ]]; then
		xz --check=crc32 --lzma2=dict=1MiB -c "$module" > "$d/m.ko.xz"
	fi
	for ((i = 0; i < count; i++)); do
		if [[ $sfx == .ko.xz ]]; then
			cp -- "$d/m.ko.xz" "$d/m$i.ko.xz"
		else
			cp -- "$module" "$d/m$i.ko"
		fi
	done
	rm -f -- "$d/m.ko.xz"
}

now() { date +%s%N; }
declare -A times=()
# timed NAME CMD...: appends CMD's wall time (ns) to times[NAME]
timed()
{
	local name=$1 t0 t1

	shift
	t0=$(now)
	"$@"
	t1=$(now)
	times[$name]+=" $((t1 - t0))"
}

# The ceiling: JOBS private "gpg-agent --server" processes (as the agent
# path runs them), each given its share of SIGKEY/SETHASH/PKSIGN at once.
ceiling()
{
	local a=$1 grip hash k i

	grip=$(gpg --homedir "$T/gnupg-$a" --batch --with-colons --with-keygrip --list-secret-keys |
		awk -F: '$1 == "sec" || $1 == "ssb" { can = ($12 ~ /s/) } $1 == "grp" && can { print $10; exit }')
	hash=$(sha512sum < "$module" | cut -c1-"$((${digest#sha} / 4))")
	for ((k = 0; k < jobs; k++)); do
		for ((i = k; i < count; i += jobs)); do
			printf 'SIGKEY %s\nSETHASH --hash=%s %s\nPKSIGN\n' "$grip" "$digest" "$hash"
		done > "$T/agent$k.txt"
		echo BYE >> "$T/agent$k.txt"
	done
	CEIL_T0=$(now)
	for ((k = 0; k < jobs; k++)); do
		gpg-agent --homedir "$T/gnupg-$a" --server < "$T/agent$k.txt" > "$T/agent$k.out" 2> /dev/null &
	done
	wait
	times[ceiling]+=" $(($(now) - CEIL_T0))"
	if (($(cat "$T"/agent*.out | grep -c '^D ') != count)); then
		echo "$prog: gpg-agent did not make $count signatures" >&2
		exit 1
	fi
}

signfile() { printf '%s\0' "$T"/p7/*.ko | xargs -0 -n 1 -P "$jobs" "$T/sign-file" "$digest" "$T/key.pem" "$T/cert.pem"; }
ours() { "$sign" -q -j "$jobs" --homedir "$T/gnupg-$1" --digest "$digest" -u "$2" "${@:4}" "$T/$3"/m*.ko*; }

for ((r = 0; r < rounds; r++)); do
	fresh p7; timed signfile signfile
	fresh a; timed fpr ours "$algo" "${fpr[$algo]}" a
	fresh b; timed email ours "$algo" "bench-$algo@example.org" b
	fresh c; timed rsa ours rsa4096 "${fpr[rsa4096]}" c
	ceiling rsa4096
	fresh d; timed gpg ours "$algo" "${fpr[$algo]}" d --no-agent
done

# Sanity: each result verifies (one of each).
"$top/scripts/verify-module.sh" -q --keyring "$T/pub-$algo.gpg" "$T"/a/m0.ko "$T"/b/m0.ko "$T"/d/m0.ko
"$top/scripts/verify-module.sh" -q --keyring "$T/pub-rsa4096.gpg" "$T"/c/m0.ko
tail -c 28 "$T/p7/m0.ko" | grep -q 'Module signature appended' ||
	{ echo "$prog: sign-file produced no signature" >&2; exit 1; }

# Where the time of one module goes (raw and .ko.xz)
fresh t
tr=$(ours "$algo" "${fpr[$algo]}" t --timings 2>&1 | sed -n 's/.*timings per module (ms, .*): //p')
fresh x .ko.xz
tx=$(ours "$algo" "${fpr[$algo]}" x --timings 2>&1 | sed -n 's/.*timings per module (ms, .*): //p')

# make modules_install, as a packager runs it (optional)
kb_line=''
if [[ -n $kobj ]]; then
	grep -q '^CONFIG_MODULE_SIG_PGP=y' "$kobj/.config" ||
		{ echo "$prog: $kobj: not a CONFIG_MODULE_SIG_PGP build" >&2; exit 1; }
	mkdir -p "$T/ext"
	for ((i = 0; i < count; i++)); do
		cp -- "$module" "$T/ext/m$i.ko"
		echo "$T/ext/m$i.o"
	done > "$T/ext/modules.order"
	echo 'obj-m := m0.o' > "$T/ext/Kbuild"
	modinst()
	{
		rm -rf -- "$T/inst"
		make -s -C "$kobj" M="$T/ext" INSTALL_MOD_PATH="$T/inst" -j"$jobs" \
			CONFIG_MODULE_SIG_PGP_HOMEDIR="$T/gnupg-$algo" CONFIG_MODULE_SIG_PGP_HASH="$digest" \
			CONFIG_MODULE_SIG_PGP_SIGNER= "$@" modules_install > "$T/kb.log" 2>&1 ||
			{ echo "$prog: make modules_install failed:" >&2; cat "$T/kb.log" >&2; exit 1; }
	}
	t7=$(now)
	modinst CONFIG_MODULE_SIG_PGP_ALL=y CONFIG_MODULE_SIG_ALL=
	t8=$(now)
	modinst CONFIG_MODULE_SIG_PGP_ALL= CONFIG_MODULE_SIG_ALL=y
	t10=$(now)
	kb_line=$(awk -v n="$count" -v a="$((t8 - t7))" -v b="$((t10 - t8))" -v j="$jobs" 'BEGIN {
		printf "| make -j%d modules_install, ours / mainline | %.1f / %.1f modules/s | %.2f | |\n", j, n / (a / 1e9), n / (b / 1e9), b / a }')
fi

# median of a list of numbers
median() { tr ' ' '\n' <<< "$1" | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
declare -A m=()
for k in signfile fpr email rsa ceiling gpg; do
	m[$k]=$(median "${times[$k]}")
done
awk -v n="$count" -v sz="$size" -v j="$jobs" -v r="$rounds" -v algo="$algo" -v d="$digest" \
    -v sf="${m[signfile]}" -v fp="${m[fpr]}" -v em="${m[email]}" -v rsa="${m[rsa]}" \
    -v ce="${m[ceiling]}" -v g="${m[gpg]}" -v tr="$tr" -v tx="$tx" -v kb="$kb_line" 'BEGIN {
	printf "%d copies of a %d-byte module, -j%d, %s, median of %d rounds\n\n", n, sz, j, d, r
	printf "| measurement | throughput | ratio | target |\n|---|---:|---:|---:|\n"
	printf "| %s key (-u fingerprint) vs sign-file RSA-4096, raw .ko | %.1f vs %.1f modules/s | **%.2f** | >= 1.5 |\n", algo, n / (fp / 1e9), n / (sf / 1e9), sf / fp
	printf "| %s key, -u e-mail vs -u fingerprint | %.1f vs %.1f modules/s | **%.2f** | >= 0.90 |\n", algo, n / (em / 1e9), n / (fp / 1e9), fp / em
	printf "| RSA-4096 key vs gpg-agent alone (the ceiling) | %.1f vs %.1f modules/s | **%.2f** | >= 0.9 |\n", n / (rsa / 1e9), n / (ce / 1e9), ce / rsa
	printf "| (RSA-4096 key vs sign-file RSA-4096) | %.1f vs %.1f modules/s | %.2f | |\n", n / (rsa / 1e9), n / (sf / 1e9), sf / rsa
	printf "| (%s key, --no-agent: gpg per module, vs sign-file) | %.1f modules/s | %.2f | |\n", algo, n / (g / 1e9), sf / g
	if (kb != "")
		print kb
	printf "\nWhere one module'"'"'s time goes (ms, summed over jobs, %s key):\n\n- raw .ko: %s\n- .ko.xz: %s\n", algo, tr, tx
}'
