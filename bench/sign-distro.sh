#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Signing a distribution's module set: a deterministic sample of the .ko.xz
# modules of Debian's linux-image-6.12.*-amd64-unsigned package, signed at
# -jJOBS, in one run:
#   (a) mainline's flow on the same files: xz -d, scripts/sign-file
#       (OpenSSL, RSA-4096/SHA-512, appended PKCS#7), xz with the kernel's
#       options (scripts/Makefile.modinst: --check=crc32 --lzma2=dict=1MiB);
#   (b) ours: sign-module.sh -jJOBS on the .ko.xz as shipped, Ed25519 key;
#   (c) the same modules as raw .ko: sign-module.sh against sign-file;
#   (d) sign-module.sh -u e-mail address against -u fingerprint;
#   (e), (f) v6 ML-DSA-65+Ed25519 and ML-DSA-87+Ed448 keys (--secret-key) against
#       the Ed25519 key;
#   (g) a v6 SLH-DSA-SHAKE-128s key (--secret-key, made by the tool's --gen-key)
#       against the Ed25519 key, on the first 200 modules (a second or so each).
# Writes the table to build/bench/distro.md (make bench puts it in
# bench/results.md) and the raw lines to build/bench/distro.txt. The package is fetched with apt-get download and
# cached under build/distro (never committed).
#
# The package's modules carry Debian's appended PKCS#7 signatures (made at
# build time with a throw-away key): the sample is cached with that
# signature removed and recompressed with the kernel's xz options, so that
# both flows sign the same unsigned .ko.xz files.

set -euo pipefail

prog=${0##*/}
here=$(cd -- "$(dirname -- "$0")" && pwd)
top=$(cd -- "$here/.." && pwd)

usage()
{
	cat <<EOF
Usage: $prog [-n N] [-j JOBS] [--kernel-src DIR] [--cache DIR] [--results FILE]
             [--no-email]

  -n N              modules in the sample (default 1000)
  -j JOBS           parallel jobs for every flow (default 2)
  --kernel-src DIR  tree holding scripts/sign-file.c (default build/src; else
                    it is taken from /usr/src/linux-source-6.12.tar.xz)
  --cache DIR       where the package and the sample are kept (default
                    build/distro)
  --results FILE    Markdown table (default build/bench/distro.md; make bench
                    copies it into bench/results.md and README.md)
  --no-email        skip (d), -u e-mail address against -u fingerprint
Needs apt-get (the package), gcc and libssl-dev (sign-file), gpg, xz.
EOF
}

count=1000 jobs=2 ksrc=$top/build/src cache=$top/build/distro results=$top/build/bench/distro.md
email=1
while (($#)); do
	case $1 in
	-n) count=${2?}; shift 2 ;;
	-j) jobs=${2?}; shift 2 ;;
	--kernel-src) ksrc=${2?}; shift 2 ;;
	--cache) cache=${2?}; shift 2 ;;
	--results) results=${2?}; shift 2 ;;
	--no-email) email=0; shift ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
[[ $count =~ ^[1-9][0-9]*$ && $jobs =~ ^[1-9][0-9]*$ ]] || { usage >&2; exit 2; }
for tool in apt-cache apt-get dpkg-deb gpg openssl gcc xz xargs; do
	command -v "$tool" > /dev/null || { echo "$prog: $tool not found" >&2; exit 1; }
done
mkdir -p "$cache" "$top/build/bench"
cache=$(cd "$cache" && pwd)

# ---- the package, its modules, the sample (cached) -------------------------
pkg=$(apt-cache search --names-only '^linux-image-6\.12\.[0-9]+\+deb[0-9]+-amd64-unsigned$' |
	awk '{ print $1 }' | sort -V | tail -n 1)
[[ -n $pkg ]] || { echo "$prog: no linux-image-6.12.*-amd64-unsigned package known to apt" >&2; exit 1; }
deb=$(find "$cache" -maxdepth 1 -name "${pkg}_*_amd64.deb" | head -n 1)
if [[ -z $deb ]]; then
	echo "$prog: fetching $pkg"
	(cd "$cache" && apt-get download -q "$pkg" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
	deb=$(find "$cache" -maxdepth 1 -name "${pkg}_*_amd64.deb" | head -n 1)
	[[ -n $deb ]] || { echo "$prog: $pkg: apt-get download failed" >&2; exit 1; }
fi
root=$cache/$pkg
if [[ ! -f $root/.extracted ]]; then
	rm -rf -- "$root"
	mkdir -p "$root/x"
	dpkg-deb -x "$deb" "$root/x"
	touch "$root/.extracted"
fi
sample=$root/sample-$count
if [[ ! -f $sample/.done ]]; then
	rm -rf -- "$sample"
	mkdir -p "$sample"
	mapfile -t all < <(cd "$root/x" && find . -name '*.ko.xz' | LC_ALL=C sort)
	total=${#all[@]}
	((total >= count)) || { echo "$prog: $pkg has $total modules, fewer than $count" >&2; exit 1; }
	echo "$prog: sampling $count of $total modules of $pkg (every $((total / count)).x-th, sorted by path)"
	# evenly spaced over the sorted list; Debian's appended signature removed
	for ((i = 0; i < count; i++)); do
		rel=${all[i * total / count]#./}
		out=$sample/$(printf '%04d' "$i")-${rel##*/}
		echo "$rel" >> "$sample/LIST"
		xz -dc -- "$root/x/$rel" > "${out%.xz}"
	done
	python3 - "$sample"/*.ko <<'PY'
import struct, sys
magic = b'~Module signature appended~\n'
for p in sys.argv[1:]:
    with open(p, 'rb') as f:
        d = f.read()
    if not d.endswith(magic):
        continue
    sig_len = struct.unpack('>I', d[-len(magic) - 4:-len(magic)])[0]
    end = len(d) - len(magic) - 12 - sig_len
    if end <= 0:
        sys.exit(f'{p}: malformed appended signature')
    with open(p, 'r+b') as f:
        f.truncate(end)
PY
	printf '%s\0' "$sample"/*.ko | xargs -0 -n 32 -P "$(nproc)" xz --check=crc32 --lzma2=dict=1MiB -f --
	touch "$sample/.done"
fi
mapfile -t mods < <(find "$sample" -name '*.ko.xz' | LC_ALL=C sort)
((${#mods[@]} == count)) || { echo "$prog: $sample: ${#mods[@]} modules, expected $count" >&2; exit 1; }
bytes_xz=$(cat -- "${mods[@]}" | wc -c)

T=$(mktemp -d "${TMPDIR:-/tmp}/sign-distro.XXXXXX")
cleanup()
{
	gpgconf --homedir "$T/gnupg" --kill gpg-agent > /dev/null 2>&1 || true
	rm -rf -- "$T"
}
trap cleanup EXIT

# ---- tools and keys --------------------------------------------------------
sfc=$ksrc/scripts/sign-file.c
if [[ ! -f $sfc ]]; then
	tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$T" --wildcards '*/scripts/sign-file.c' \
		--strip-components=2 2> /dev/null || true
	sfc=$T/sign-file.c
	[[ -f $sfc ]] || { echo "$prog: no scripts/sign-file.c (use --kernel-src)" >&2; exit 1; }
fi
gcc -O2 -Wno-deprecated-declarations -I"$(dirname -- "$sfc")" -o "$T/sign-file" "$sfc" -lcrypto ||
	{ echo "$prog: cannot build sign-file (libssl-dev?)" >&2; exit 1; }
# the program the scripts run, built once, outside the timings (PGP_SIGN_MODULE)
# shellcheck source=tests/lib/tool.sh
. "$top/tests/lib/tool.sh"
sign_tool "$T/tool" || exit 1
openssl req -new -x509 -newkey rsa:4096 -nodes -batch -utf8 -days 36500 -sha512 \
	-subj "/CN=sign-distro bench key" -keyout "$T/key.pem" -out "$T/cert.pem" > /dev/null 2>&1
mail=distro-bench@example.org
fpr=$("$top/scripts/pgp-modsign-genkey.sh" --homedir "$T/gnupg" --algo ed25519 \
	--name "Distribution bench key <$mail>" --export "$T/pub.gpg" | tail -n 1)
[[ $fpr =~ ^[0-9A-F]{40}$ ]] || { echo "$prog: no gpg key made ($fpr)" >&2; exit 1; }

# set NAME [raw]: a fresh copy of the sample in $T/NAME
set_copy()
{
	local d=$T/$1 f

	rm -rf -- "$d"
	mkdir -p "$d"
	cp -- "${mods[@]}" "$d/"
	if [[ ${2:-} == raw ]]; then
		for f in "$d"/*.ko.xz; do
			xz -d -- "$f"
		done
	fi
}
now() { date +%s%N; }
# per_job CMD: CMD gets the files of $T/NAME in batches, JOBS at a time
per_job() { xargs -0 -n 16 -P "$jobs" "$@"; }

# The mainline flow as scripts/Makefile.modinst runs it for one module.
cat > "$T/mainline-one.sh" <<EOF
#!/bin/bash
set -e
for f; do
	k=\${f%.xz}
	xz -dc -- "\$f" > "\$k"
	"$T/sign-file" sha512 "$T/key.pem" "$T/cert.pem" "\$k"
	xz --check=crc32 --lzma2=dict=1MiB -f -- "\$k"
done
EOF
chmod +x "$T/mainline-one.sh"
sign_ours() { "$top/scripts/sign-module.sh" -q -j "$jobs" --homedir "$T/gnupg" --digest sha512 "$@"; }

# say LINE: print a result line at once (a long run that is stopped keeps
# what it measured) and keep it for the table
raw=
say() { printf '%s\n' "$1" | tee -a "$top/build/bench/distro.txt"; raw+=$1$'\n'; }
# rate NS [N]: modules per second
rate() { awk -v t="$1" -v n="${2:-$count}" 'BEGIN { printf "%.1f", n / (t / 1e9) }'; }
ratio_of() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
: > "$top/build/bench/distro.txt"
say "distro modules: $count of $pkg ($((bytes_xz / 1024)) KiB as .ko.xz), -j$jobs"
# The flows compared take turns on interleaved fifths of the sample (module
# i in part i % 5), the first of a pair alternating, so that a change in the
# machine's load during the run falls on both sides of each ratio.
parts=5
# part_files DIR K [SUFFIX]: the files of part K in $T/DIR (NUL-separated)
part_files()
{
	local i f

	for ((i = $2; i < count; i += parts)); do
		f=${mods[i]##*/}
		[[ ${3:-} == raw ]] && f=${f%.xz}
		printf '%s\0' "$T/$1/$f"
	done
}
# ours_part DIR K [ARGS...]: ours on part K of $T/DIR, --timings to $T/DIR.tK
ours_part()
{
	local d=$1 k=$2 sfx=
	local -a fs

	shift 2
	[[ $d == c-ours ]] && sfx=raw
	mapfile -d '' -t fs < <(part_files "$d" "$k" "$sfx")
	sign_ours -u "$fpr" --timings "$@" "${fs[@]}" 2> "$T/$d.t$k" || { cat -- "$T/$d.t$k" >&2; exit 1; }
}
# turns CMD_A CMD_B: CMD_A K and CMD_B K for each part K, the first of the pair
# alternating; their wall times (ns) summed in TA and TB
turns()
{
	local k side t

	TA=0 TB=0
	for ((k = 0; k < parts; k++)); do
		for side in $((k % 2)) $((1 - k % 2)); do
			t=$(now)
			if ((side == 0)); then
				"$1" "$k"
				TA=$((TA + $(now) - t))
			else
				"$2" "$k"
				TB=$((TB + $(now) - t))
			fi
		done
	done
}
# (a) mainline's flow on .ko.xz against (b) ours on .ko.xz as shipped
mainline_xz() { part_files a "$1" | per_job "$T/mainline-one.sh"; }
ours_xz() { ours_part b "$1"; }
set_copy a
set_copy b
turns mainline_xz ours_xz
ta=$TA tb=$TB
say "ko.xz mainline flow (xz -d, sign-file RSA-4096/SHA-512, xz): $(rate "$ta") modules/s"
say "ko.xz sign-module.sh (Ed25519, SHA-512, -u fingerprint): $(rate "$tb") modules/s"
say "ratio ko.xz ours / mainline flow: $(ratio_of "$tb" "$ta")"
# where our time goes: the parts' --timings lines, weighted by their modules
say "ko.xz sign-module.sh by step (ms a module, summed over jobs): $(sed -n 's/.*timings per module (ms, \([0-9]*\) modules.*): /\1 /p' "$T"/b.t* | awk '
	{ n += $1; for (i = 2; i < NF; i += 2) { name[i] = $i; sum[i] += $1 * $(i + 1) } }
	END { for (i = 2; i in name; i += 2) printf "%s%s %.3f", (i > 2 ? " " : ""), name[i], sum[i] / n }')"
# (c) raw .ko: ours against scripts/sign-file
signfile_ko() { part_files c-main "$1" raw | per_job -n 1 "$T/sign-file" sha512 "$T/key.pem" "$T/cert.pem"; }
ours_ko() { ours_part c-ours "$1"; }
set_copy c-ours raw
set_copy c-main raw
turns signfile_ko ours_ko
ts=$TA tc=$TB
say "ko sign-module.sh (Ed25519, SHA-512): $(rate "$tc") modules/s"
say "ko scripts/sign-file (RSA-4096, SHA-512): $(rate "$ts") modules/s"
say "ratio ko ours / sign-file: $(ratio_of "$tc" "$ts")"
# where mainline's time goes: the three steps separately, same jobs
set_copy s
t7=$(now)
printf '%s\0' "$T"/s/*.ko.xz | per_job xz -d --
t8=$(now)
printf '%s\0' "$T"/s/*.ko | per_job -n 1 "$T/sign-file" sha512 "$T/key.pem" "$T/cert.pem"
t9=$(now)
printf '%s\0' "$T"/s/*.ko | per_job xz --check=crc32 --lzma2=dict=1MiB -f --
t10=$(now)
say "$(awk -v a="$((t8 - t7))" -v b="$((t9 - t8))" -v c="$((t10 - t9))" 'BEGIN {
	printf "mainline flow by step: xz -d %.2f s, sign-file %.2f s, xz %.2f s (xz: %.0f%% of the three)", a / 1e9, b / 1e9, c / 1e9, 100 * (a + c) / (a + b + c) }')"
# (d) -u e-mail against -u fingerprint, on the first $sub modules (gpg
# resolves the e-mail address once per run, then the same path)
if ((email)); then
	sub=$((count < 200 ? count : 200))
	dsub=()
	for f in "${mods[@]:0:sub}"; do
		dsub+=("$T/d/${f##*/}")
	done
	# first $sub modules, in parts of a fifth, the two forms taking turns
	set_copy d0
	mkdir -p "$T/d"
	te=0 tf=0
	for ((k = 0; k < parts; k++)); do
		part=("${dsub[@]:k * sub / parts:(k + 1) * sub / parts - k * sub / parts}")
		for side in $((k % 2)) $((1 - k % 2)); do
			for f in "${part[@]}"; do
				cp -- "$T/d0/${f##*/}" "$f"
			done
			t=$(now)
			if ((side == 0)); then
				sign_ours -u "$mail" "${part[@]}"
				te=$((te + $(now) - t))
			else
				sign_ours -u "$fpr" "${part[@]}"
				tf=$((tf + $(now) - t))
			fi
		done
	done
	say "ko.xz sign-module.sh -u e-mail address ($sub modules): $(rate "$te" "$sub") modules/s ($(ratio_of "$te" "$tf") of -u fingerprint)"
fi

# (e) a post-quantum key: ML-DSA-65+Ed25519 (a v6 key, --secret-key, no gpg) against the
# Ed25519 v4 key through gpg-agent, on the .ko.xz as shipped; the key file comes from the
# test side's signer (tests/vectors/pgpv6.mjs; Debian 12's sq makes no v6 keys)
pq=0
# shellcheck source=tests/lib/node.sh
. "$top/tests/lib/node.sh"
if node_env --check 2> /dev/null; then
	pq=1
	node "$top/tests/vectors/pgpv6.mjs" seckey mldsa65-ed25519:bench-sign > "$T/pq.sec"
	node "$top/tests/vectors/pgpv6.mjs" cert mldsa65-ed25519:bench-sign > "$T/pq.pub"
	pq_part()
	{
		local -a fs

		mapfile -d '' -t fs < <(part_files e-pq "$1")
		"$top/scripts/sign-module.sh" -q -j "$jobs" --secret-key "$T/pq.sec" --digest sha512 \
			"${fs[@]}"
	}
	ed_part() { ours_part e-ed "$1"; }
	set_copy e-pq
	set_copy e-ed
	turns ed_part pq_part
	say "ko.xz sign-module.sh (ML-DSA-65+Ed25519 v6, SHA-512, --secret-key): $(rate "$TB") modules/s"
	say "ko.xz sign-module.sh (Ed25519 v4 beside it): $(rate "$TA") modules/s"
	say "ratio ko.xz ML-DSA-65+Ed25519 / Ed25519: $(ratio_of "$TB" "$TA")"
	vpq=()
	for ((i = 0; i < count; i += 5)); do
		f=${mods[i]##*/}
		vpq+=("$T/e-pq/$f")
	done
	"$top/scripts/verify-module.sh" -q --keyring "$T/pq.pub" "${vpq[@]}"
	# (f) ML-DSA-87+Ed448 (RFC 9980 algorithm 31) the same way
	node "$top/tests/vectors/pgpv6.mjs" seckey mldsa87-ed448:bench-sign > "$T/pq87.sec"
	node "$top/tests/vectors/pgpv6.mjs" cert mldsa87-ed448:bench-sign > "$T/pq87.pub"
	pq87_part()
	{
		local -a fs

		mapfile -d '' -t fs < <(part_files f-pq "$1")
		"$top/scripts/sign-module.sh" -q -j "$jobs" --secret-key "$T/pq87.sec" --digest sha512 \
			"${fs[@]}"
	}
	ed87_part() { ours_part f-ed "$1"; }
	set_copy f-pq
	set_copy f-ed
	turns ed87_part pq87_part
	say "ko.xz sign-module.sh (ML-DSA-87+Ed448 v6, SHA-512, --secret-key): $(rate "$TB") modules/s"
	say "ko.xz sign-module.sh (Ed25519 v4 beside ML-DSA-87+Ed448): $(rate "$TA") modules/s"
	say "ratio ko.xz ML-DSA-87+Ed448 / Ed25519: $(ratio_of "$TB" "$TA")"
	vpq=()
	for ((i = 0; i < count; i += 5)); do
		f=${mods[i]##*/}
		vpq+=("$T/f-pq/$f")
	done
	"$top/scripts/verify-module.sh" -q --keyring "$T/pq87.pub" "${vpq[@]}"
else
	say "ko.xz ML-DSA-65+Ed25519 and ML-DSA-87+Ed448: skipped (node or build/node missing: make deps)"
fi

# (g) SLH-DSA-SHAKE-128s (RFC 9980 algorithm 32, FIPS 205 signing by the tool) against the
# Ed25519 v4 key, on the first $gsub modules in interleaved fifths, taking turns as above
gsub=$((count < 200 ? count : 200))
"$top/scripts/sign-module.sh" --gen-key slhdsa128s "Distribution bench key <slh-$mail>" \
	"$T/slh.sec" "$T/slh.pub" > /dev/null
# sub_files DIR K: part K of the first $gsub modules in $T/DIR (NUL-separated)
sub_files()
{
	local i

	for ((i = $2; i < gsub; i += parts)); do
		printf '%s\0' "$T/$1/${mods[i]##*/}"
	done
}
slh_part()
{
	local -a fs

	mapfile -d '' -t fs < <(sub_files g-slh "$1")
	"$top/scripts/sign-module.sh" -q -j "$jobs" --secret-key "$T/slh.sec" --digest sha512 \
		"${fs[@]}"
}
edg_part()
{
	local -a fs

	mapfile -d '' -t fs < <(sub_files g-ed "$1")
	sign_ours -u "$fpr" "${fs[@]}"
}
set_copy g-slh
set_copy g-ed
turns edg_part slh_part
say "ko.xz sign-module.sh (SLH-DSA-SHAKE-128s v6, SHA-512, --secret-key, first $gsub modules): $(rate "$TB" "$gsub") modules/s"
say "ko.xz sign-module.sh (Ed25519 v4 beside SLH-DSA-SHAKE-128s): $(rate "$TA" "$gsub") modules/s"
say "ratio ko.xz SLH-DSA-SHAKE-128s / Ed25519: $(ratio_of "$TB" "$TA")"
vslh=()
for ((i = 0; i < gsub; i += 5)); do
	vslh+=("$T/g-slh/${mods[i]##*/}")
done
"$top/scripts/verify-module.sh" -q --keyring "$T/slh.pub" "${vslh[@]}"

# ---- results checked: every 5th of ours with gpgv through verify-module.sh,
# every one of mainline's for its trailer
vsub=()
for ((i = 0; i < count; i += 5)); do
	f=${mods[i]##*/}
	vsub+=("$T/b/$f" "$T/c-ours/${f%.xz}")
	((email == 0 || i >= sub)) || vsub+=("$T/d/$f")
done
"$top/scripts/verify-module.sh" -q --keyring "$T/pub.gpg" "${vsub[@]}"
for f in "$T"/a/*.ko.xz; do
	xz -dc -- "$f" | tail -c 28 | grep -q 'Module signature appended' ||
		{ echo "$prog: $f: mainline's flow left no signature" >&2; exit 1; }
done
for f in "$T"/c-main/*.ko; do
	tail -c 28 -- "$f" | grep -q 'Module signature appended' ||
		{ echo "$prog: $f: sign-file left no signature" >&2; exit 1; }
done

# ---- Markdown ---------------------------------------------------------------
get() { awk -v k="$1" 'index($0, k) == 1 { for (i = NF; i > 0; i--) if ($i == "modules/s") { print $(i - 1); exit } }' <<< "$raw"; }
ratio() { sed -n "s/^ratio $1: //p" <<< "$raw"; }
{
	echo "# Signing a distribution's modules (bench/sign-distro.sh)"
	echo
	echo "$count modules of Debian's \`$pkg\` (every $(( $(find "$root/x" -name '*.ko.xz' | wc -l) / count )).x-th"
	echo "by path, Debian's appended signature removed, kernel xz options), -j$jobs, one run,"
	echo "$(date -u +%Y-%m-%d), $(nproc) CPUs. Raw lines: \`build/bench/distro.txt\`."
	echo
	echo "| flow | modules/s | ratio |"
	echo "|---|---:|---:|"
	echo "| \`.ko.xz\`: mainline (xz -d, \`sign-file\` RSA-4096/SHA-512, xz) | $(get 'ko.xz mainline') | 1 |"
	echo "| \`.ko.xz\`: \`sign-module.sh -j$jobs\`, Ed25519/SHA-512, as shipped | $(get 'ko.xz sign-module.sh (') | **$(ratio 'ko.xz ours \/ mainline flow')** (target ≥ 1.1) |"
	echo "| \`.ko\`: \`scripts/sign-file\` RSA-4096/SHA-512 | $(get 'ko scripts/sign-file') | 1 |"
	echo "| \`.ko\`: \`sign-module.sh -j$jobs\`, Ed25519/SHA-512 | $(get 'ko sign-module.sh') | **$(ratio 'ko ours \/ sign-file')** (target ≥ 1.5) |"
	if ((email)); then
		echo "| \`.ko.xz\`: \`sign-module.sh -u $mail\` (first $sub modules) | $(get 'ko.xz sign-module.sh -u e-mail') | $(sed -n 's/.*(\([0-9.]*\) of -u fingerprint).*/\1/p' <<< "$raw") of \`-u\` fingerprint (target ≥ 0.9) |"
	fi
	if ((pq)); then
		echo "| \`.ko.xz\`: \`sign-module.sh -j$jobs --secret-key\`, ML-DSA-65+Ed25519 (v6)/SHA-512 | $(get 'ko.xz sign-module.sh (ML-DSA-65') | **$(ratio 'ko.xz ML-DSA-65+Ed25519 \/ Ed25519')** of Ed25519 v4 ($(get 'ko.xz sign-module.sh (Ed25519 v4 beside it')/s in the same turns; target ≥ 0.9) |"
		echo "| \`.ko.xz\`: \`sign-module.sh -j$jobs --secret-key\`, ML-DSA-87+Ed448 (v6)/SHA-512 | $(get 'ko.xz sign-module.sh (ML-DSA-87') | **$(ratio 'ko.xz ML-DSA-87+Ed448 \/ Ed25519')** of Ed25519 v4 ($(get 'ko.xz sign-module.sh (Ed25519 v4 beside ML-DSA-87')/s in the same turns; target ≥ 0.9) |"
	fi
	echo "| \`.ko.xz\`: \`sign-module.sh -j$jobs --secret-key\`, SLH-DSA-SHAKE-128s (v6)/SHA-512 (first $gsub modules) | $(get 'ko.xz sign-module.sh (SLH-DSA') | $(ratio 'ko.xz SLH-DSA-SHAKE-128s \/ Ed25519') of Ed25519 v4 ($(get 'ko.xz sign-module.sh (Ed25519 v4 beside SLH')/s in the same turns) |"
	echo
	echo "Mainline's flow by step: $(sed -n 's/^mainline flow by step: //p' <<< "$raw")."
	echo "Ours by step, \`.ko.xz\` (ms a module, summed over the jobs): $(sed -n 's/^ko.xz sign-module.sh by step (ms a module, summed over jobs): //p' <<< "$raw")."
} > "$results.tmp"
mv -- "$results.tmp" "$results"
echo "$prog: wrote $results"
