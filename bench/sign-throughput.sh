#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Signing throughput: N copies of a module signed with scripts/sign-module.sh
# (gpg, OpenPGP module_sig) and with mainline scripts/sign-file (OpenSSL,
# appended PKCS#7), same key size, digest and parallelism. Prints modules/s
# for both and their ratio, measured in the same run; then, for reference,
# sign-module.sh --no-agent (gpg once per module) and gpg alone. Optional
# (make bench); needs gcc and libssl-dev.

set -euo pipefail

prog=${0##*/}
here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/.." && pwd)

usage()
{
	cat <<EOF
Usage: $prog [-n N] [-j JOBS] [--module FILE] [--algo ALGO] [--digest ALGO]
             [--kernel-src DIR] [--kbuild-obj DIR]

  -n N              number of module copies (default 100)
  -j JOBS           parallel jobs for both tools (default 2)
  --module FILE     module to copy (default: tests/host/sign/testmod.c built
                    with gcc -c)
  --algo ALGO       gpg key algorithm (default rsa4096, the size mainline's
                    sign-file gets; any pgp-modsign-genkey.sh algorithm)
  --digest ALGO     sha256, sha384 or sha512 (default sha512)
  --kernel-src DIR  kernel source holding scripts/sign-file.c
                    (default \$KERNEL_SRC or /tmp/k/linux-source-6.12)
  --kbuild-obj DIR  also time "make -jJOBS modules_install" of the N copies
                    (as an external module directory) with the patched
                    kernel build DIR: OpenPGP signing (this key) against
                    mainline's CONFIG_MODULE_SIG_ALL (the build's own key)
EOF
}

count=100 jobs=2 module='' algo=rsa4096 digest=sha512 kobj=''
ksrc=${KERNEL_SRC:-/tmp/k/linux-source-6.12}
while (($#)); do
	case $1 in
	-n) count=${2?}; shift 2 ;;
	-j) jobs=${2?}; shift 2 ;;
	--module) module=${2?}; shift 2 ;;
	--algo) algo=${2?}; shift 2 ;;
	--digest) digest=${2?}; shift 2 ;;
	--kernel-src) ksrc=${2?}; shift 2 ;;
	--kbuild-obj) kobj=$(cd "${2?}" && pwd); shift 2 ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
[[ $count =~ ^[1-9][0-9]*$ && $jobs =~ ^[1-9][0-9]*$ ]] || { usage >&2; exit 2; }

for tool in gpg openssl gcc xargs; do
	command -v "$tool" > /dev/null || { echo "$prog: $tool not found" >&2; exit 1; }
done
if [[ ! -f $ksrc/scripts/sign-file.c ]]; then
	echo "$prog: $ksrc/scripts/sign-file.c: not found (set --kernel-src)" >&2
	exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/sign-bench.XXXXXX")
cleanup()
{
	gpgconf --homedir "$T/gnupg" --kill gpg-agent > /dev/null 2>&1 || true
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
bits=4096
[[ $algo =~ ^rsa([0-9]+)$ ]] && bits=${BASH_REMATCH[1]}
openssl req -new -x509 -newkey "rsa:$bits" -nodes -batch -utf8 -days 36500 \
	-"$digest" -subj "/CN=sign-throughput bench key" \
	-keyout "$T/key.pem" -out "$T/cert.pem" > /dev/null 2>&1

"$top/scripts/pgp-modsign-genkey.sh" --homedir "$T/gnupg" --algo "$algo" \
	--export "$T/pub.gpg" > /dev/null

if [[ -z $module ]]; then
	module=$T/testmod.ko
	gcc -O2 -c -o "$module" "$top/tests/host/sign/testmod.c"
fi
mkdir -p "$T/pgp" "$T/p7" "$T/pgp1"
for ((i = 0; i < count; i++)); do
	cp -- "$module" "$T/pgp/m$i.ko"
	cp -- "$module" "$T/p7/m$i.ko"
	cp -- "$module" "$T/pgp1/m$i.ko"
done
size=$(stat -c %s -- "$module")

now() { date +%s%N; }

t0=$(now)
"$top/scripts/sign-module.sh" -q -j "$jobs" --homedir "$T/gnupg" --digest "$digest" "$T"/pgp/*.ko
t1=$(now)
printf '%s\0' "$T"/p7/*.ko |
	xargs -0 -n 1 -P "$jobs" "$T/sign-file" "$digest" "$T/key.pem" "$T/cert.pem"
t2=$(now)

# The former way: gpg once per module.
t5=$(now)
"$top/scripts/sign-module.sh" -q -j "$jobs" --no-agent --homedir "$T/gnupg" --digest "$digest" \
	"$T"/pgp1/*.ko
t6=$(now)

# gpg --detach-sign alone, one process per module, same jobs.
t3=$(now)
for ((i = 0; i < count; i++)); do
	echo "$T/p7/m$i.ko"
done | xargs -n 1 -P "$jobs" -I{} gpg --homedir "$T/gnupg" --batch --no-tty --quiet --yes \
	--digest-algo "${digest^^}" --detach-sign -o {}.sig {} 2> /dev/null || true
t4=$(now)

# gpg-agent signing alone: JOBS private "gpg-agent --server" processes (as
# the agent path runs them), each given its share of SIGKEY/SETHASH/PKSIGN
# commands at once: no file, ELF or process work, the ceiling of any signer
# built on gpg-agent with this key.
grip=$(gpg --homedir "$T/gnupg" --batch --with-colons --with-keygrip --list-secret-keys |
	awk -F: '$1 == "sec" || $1 == "ssb" { can = ($12 ~ /s/) } $1 == "grp" && can { print $10; exit }')
hash=$(sha512sum < "$module" | cut -c1-"$(( ${digest#sha} / 4 ))")
for ((k = 0; k < jobs; k++)); do
	for ((i = k; i < count; i += jobs)); do
		printf 'SIGKEY %s\nSETHASH --hash=%s %s\nPKSIGN\n' "$grip" "$digest" "$hash"
	done > "$T/agent$k.txt"
	echo BYE >> "$T/agent$k.txt"
done
t11=$(now)
for ((k = 0; k < jobs; k++)); do
	gpg-agent --homedir "$T/gnupg" --server < "$T/agent$k.txt" > "$T/agent$k.out" 2> /dev/null &
done
wait
t12=$(now)
nsig=$(cat "$T"/agent*.out | grep -c '^D ' || true)
if ((nsig != count)); then
	echo "$prog: gpg-agent made $nsig signatures, not $count" >&2
	exit 1
fi

# Sanity: the results verify (one of each).
"$top/scripts/verify-module.sh" -q --keyring "$T/pub.gpg" "$T/pgp/m0.ko" "$T/pgp1/m0.ko"
tail -c 28 "$T/p7/m0.ko" | grep -q 'Module signature appended' ||
	{ echo "$prog: sign-file produced no signature" >&2; exit 1; }

# make modules_install, as a packager runs it: N copies as an external
# module directory, installed and signed by the patched kbuild (one
# sign-module.sh run) and by mainline's per-module sign-file.
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
	p7hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"/\1/p' "$kobj/.config")
	modinst()
	{
		rm -rf -- "$T/inst"
		make -s -C "$kobj" M="$T/ext" INSTALL_MOD_PATH="$T/inst" -j"$jobs" \
			CONFIG_MODULE_SIG_PGP_HOMEDIR="$T/gnupg" CONFIG_MODULE_SIG_PGP_HASH="$digest" \
			CONFIG_MODULE_SIG_PGP_SIGNER= "$@" modules_install > "$T/kb.log" 2>&1 ||
			{ echo "$prog: make modules_install failed:" >&2; cat "$T/kb.log" >&2; exit 1; }
	}
	t7=$(now)
	modinst CONFIG_MODULE_SIG_PGP_ALL=y CONFIG_MODULE_SIG_ALL=
	t8=$(now)
	"$top/scripts/verify-module.sh" -q --keyring "$T/pub.gpg" "$T"/inst/lib/modules/*/updates/m0.ko
	t9=$(now)
	modinst CONFIG_MODULE_SIG_PGP_ALL= CONFIG_MODULE_SIG_ALL=y
	t10=$(now)
	tail -c 28 "$T"/inst/lib/modules/*/updates/m0.ko | grep -q 'Module signature appended' ||
		{ echo "$prog: mainline modules_install did not sign" >&2; exit 1; }
	kb_line=$(awk -v n="$count" -v a="$((t8 - t7))" -v b="$((t10 - t9))" -v j="$jobs" \
		-v algo="$algo" -v d="$digest" -v h="$p7hash" 'BEGIN {
		printf "make -j%d modules_install, %s %s (one sign-module.sh run):  %7.2f s  %8.1f modules/s\n", j, algo, d, a / 1e9, n / (a / 1e9)
		printf "make -j%d modules_install, mainline sign-file (the build'"'"'s key, %s): %7.2f s  %8.1f modules/s\n", j, h, b / 1e9, n / (b / 1e9)
		printf "ratio make modules_install ours / mainline: %.2f\n", (n / (a / 1e9)) / (n / (b / 1e9))
	}')
fi

pgp_ns=$((t1 - t0)) p7_ns=$((t2 - t1)) gpg_ns=$((t4 - t3)) pgp1_ns=$((t6 - t5))
awk -v n="$count" -v a="$pgp_ns" -v b="$p7_ns" -v c="$gpg_ns" -v e="$pgp1_ns" -v j="$jobs" -v sz="$size" \
    -v g="$((t12 - t11))" \
    -v algo="$algo" -v bits="$bits" -v d="$digest" 'BEGIN {
	ra = n / (a / 1e9); rb = n / (b / 1e9)
	printf "modules: %d copies of a %d-byte module, %d parallel jobs\n", n, sz, j
	printf "sign-module.sh (gpg %s, %s):       %7.2f s  %8.1f modules/s\n", algo, d, a / 1e9, ra
	printf "scripts/sign-file (openssl rsa%d, %s): %7.2f s  %8.1f modules/s\n", bits, d, b / 1e9, rb
	printf "(sign-module.sh --no-agent, gpg per module:  %7.2f s  %8.1f modules/s)\n", e / 1e9, n / (e / 1e9)
	printf "(gpg --detach-sign alone, %s:            %7.2f s  %8.1f modules/s)\n", algo, c / 1e9, n / (c / 1e9)
	printf "(gpg-agent signing alone, %d agents, %s:    %7.2f s  %8.1f signatures/s: the ceiling, %.2f of sign-file)\n", j, algo, g / 1e9, n / (g / 1e9), (n / (g / 1e9)) / rb
	printf "ratio sign-module.sh / sign-file: %.2f\n", ra / rb
}'
[[ -z $kb_line ]] || printf '%s\n' "$kb_line"
