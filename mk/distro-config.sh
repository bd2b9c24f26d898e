#!/usr/bin/env bash
# make check-distro-config: the series under Debian's own kernel configuration, with W=1,
# sparse (C=1) and clang (LLVM=1); counts the warnings in the lines the project adds.
set -uo pipefail
prog=distro-config.sh

usage() {
	cat <<'EOF'
Usage: mk/distro-config.sh [--kver VERSION]... [--variant NAME]...

Builds the code this project adds or changes with Debian's own kernel configuration
(linux-config-VERSION's config.amd64_none_amd64: xz module compression, SHA-256 module
signing, lockdown, IMA) plus CONFIG_MODULE_SIG_PGP=y and the options it builds on:

  1. olddefconfig must keep every option of the fragment (printed when one is dropped);
  2. for each variant, a separate object tree: prepare (which builds the host programs in
     scripts/, among them pgp-sign-module and sign-file), then kernel/module/, crypto/pgp/,
     security/pgp_keys/, certs/ and the project's objects in crypto/ (their KUnit tests as
     modules with CONFIG_KUNIT=m);
  3. every warning and error of the build logs is classified: a *new* one names a file the
     project adds or a line its patches add (patches/series for 6.12, patches/6.1/series
     for 6.1); the others are the kernel's own and only counted.

VERSION: 6.12 (default: both) or 6.1.  NAME: w1 (gcc W=1), sparse (C=1), clang (LLVM=1
W=1); default all three.  Trees as make check-matrix keeps them (build/src, build/src-6.1);
objects in build/obj-distro-VERSION-NAME; logs and the classified warnings in
build/logs/distro-VERSION-NAME/.  One line per (version, variant), exit 1 when any new
warning or error is found or a build fails.
EOF
}

kvers=() variants=() selftest=()
while (($#)); do
	case $1 in
	--selftest-classify) selftest=("${@:2}"); break ;;	# SRC SERIESDIR LOG (tests/host/matrix)
	--kver) kvers+=("${2?}"); shift 2 ;;
	--variant) variants+=("${2?}"); shift 2 ;;
	-h|--help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
((${#kvers[@]})) || kvers=(6.12 6.1)
((${#variants[@]})) || variants=(w1 sparse clang)
for v in "${variants[@]}"; do
	case $v in w1|sparse|clang) ;; *) echo "$prog: unknown variant $v" >&2; exit 2 ;; esac
done

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. mk/lib.sh
jobs=$(nproc)
summary=() bad=0 t_all=$(date +%s)

# The options of ours a distribution sets (olddefconfig must keep each), and what keeps
# Debian's configuration buildable outside Debian's packaging (its certificate files are
# not in the tarball).
fragment() {
	cat <<'EOF'
CONFIG_MODULE_SIG_PGP=y
CONFIG_CRYPTO_PGP=y
CONFIG_PGP_BUILTIN_KEYS=y
CONFIG_CRYPTO_DSA=y
CONFIG_CRYPTO_RSASSA_PKCS1=y
CONFIG_CRYPTO_MONT=y
CONFIG_CRYPTO_ED25519=y
CONFIG_CRYPTO_ED448=y
CONFIG_CRYPTO_SLHDSA=y
CONFIG_CRYPTO_ECDSA_RAW=y
CONFIG_KUNIT=m
CONFIG_CRYPTO_MONT_KUNIT_TEST=m
CONFIG_CRYPTO_DSA_KUNIT_TEST=m
CONFIG_CRYPTO_RSASSA_KUNIT_TEST=m
CONFIG_CRYPTO_ED25519_KUNIT_TEST=m
CONFIG_CRYPTO_ED448_KUNIT_TEST=m
CONFIG_CRYPTO_SLHDSA_KUNIT_TEST=m
CONFIG_CRYPTO_ECDSA_RAW_KUNIT_TEST=m
CONFIG_CRYPTO_PGP_KUNIT_TEST=m
CONFIG_PGP_BUILTIN_KEYS_KUNIT_TEST=m
CONFIG_MODULE_SIG_PGP_KUNIT_TEST=m
EOF
}
fixups() {
	cat <<'EOF'
CONFIG_SYSTEM_TRUSTED_KEYS=""
CONFIG_SYSTEM_REVOCATION_KEYS=""
CONFIG_MODULE_SIG_KEY="certs/signing_key.pem"
EOF
}

# classify SRC SERIESDIR LOG...: "new" and "kernel" warning lines, then "counts NEW KERNEL"
classify() {
	python3 - "$@" <<'PY'
import os, re, subprocess, sys
src, series_dir, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
top = os.getcwd()
ours = set(subprocess.run(['git', '-C', os.environ.get('PROJECT_TOP', top), 'ls-files', 'crypto',
                           'kernel', 'security', 'scripts', 'include', 'certs'],
                          capture_output=True, text=True, check=True).stdout.split())
added = {}                                   # file -> set of line numbers the series adds
def read_patch(path):
    cur = None
    line = 0
    for l in open(path, errors='replace'):
        if l.startswith('+++ '):
            name = l[4:].strip().split('\t')[0]
            cur = name[2:] if name.startswith('b/') else None
            continue
        m = re.match(r'@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@', l)
        if m:
            line = int(m.group(1))
            continue
        if cur is None or l.startswith('--- ') or l.startswith('diff '):
            continue
        if l.startswith('+'):
            added.setdefault(cur, set()).add(line)
            line += 1
        elif l.startswith(' '):
            line += 1
for entry in open(os.path.join(series_dir, 'series')):
    entry = entry.strip()
    if entry and not entry.startswith('#'):
        read_patch(os.path.normpath(os.path.join(series_dir, entry)))
pat = re.compile(r'^(\S+?):(\d+):(?:\d+:)? (warning|error):')
new = kern = 0
seen = set()
for log in logs:
    for l in open(log, errors='replace'):
        m = pat.match(l)
        if not m:
            continue
        path = os.path.normpath(m.group(1))
        for pre in (os.path.realpath(src) + '/', src + '/', '../src/'):
            if path.startswith(pre):
                path = path[len(pre):]
        key = (path, m.group(2), l.split(':', 3)[-1].strip())
        if key in seen:
            continue
        seen.add(key)
        if path in ours or int(m.group(2)) in added.get(path, ()):
            new += 1
            print('new    ' + l.rstrip())
        else:
            kern += 1
            print('kernel ' + l.rstrip())
print(f'counts {new} {kern}')
PY
}

run_one() {
	local ver=$1 var=$2 tag=$1-$2 src obj logs t0 cfg make_args=() rc=0 missing opt val
	local counts new kern
	t0=$(date +%s)
	src=$top/build/src
	[[ $ver == 6.12 ]] || src=$top/build/src-$ver
	obj=$top/build/obj-distro-$tag logs=$top/build/logs/distro-$tag
	rm -rf "$logs"
	mkdir -p "$logs" "$obj"
	cfg=/usr/src/linux-config-$ver/config.amd64_none_amd64.xz
	if [[ ! -f $cfg ]]; then
		summary+=("$ver $var: FAILED: $cfg not installed (apt-get install linux-config-$ver)")
		bad=1
		return
	fi
	if ! mk/default-tree.sh "/usr/src/linux-source-$ver.tar.xz" "$src" >"$logs/apply.log" 2>&1; then
		summary+=("$ver $var: FAILED: the series does not apply (log: $logs/apply.log)")
		bad=1
		return
	fi
	case $var in
	w1) make_args=(W=1) ;;
	sparse) make_args=(C=1) ;;
	clang) make_args=(LLVM=1 W=1) ;;
	esac
	echo "== $ver $var (${make_args[*]})"
	xz -dc "$cfg" >"$obj/.config"
	fragment >>"$obj/.config"
	fixups >>"$obj/.config"
	make -s -C "$src" O="$obj" "${make_args[@]}" olddefconfig >"$logs/config.log" 2>&1 || rc=$?
	missing=
	while IFS= read -r opt; do
		val=${opt#*=} opt=${opt%%=*}
		grep -qxF -- "$opt=$val" "$obj/.config" || missing+=" $opt"
	done < <(fragment)
	if ((rc)) || [[ -n $missing ]]; then
		summary+=("$ver $var: FAILED: olddefconfig (exit $rc) dropped:${missing:- nothing}")
		bad=1
		return
	fi
	echo "   olddefconfig keeps all $(fragment | wc -l) options"
	local -a objs=(kernel/module/ crypto/pgp/ security/pgp_keys/ certs/)
	local f
	for f in $(git ls-files 'crypto/*.c'); do
		objs+=("${f%.c}.o")
	done
	# every file of ours is compiled in this run, even in a reused object tree
	rm -rf "$obj/kernel/module" "$obj/crypto" "$obj/security/pgp_keys" "$obj/certs" \
		"$obj"/scripts/pgp-sign-module* "$obj"/scripts/pgp-shim "$obj"/scripts/sign-file
	if ! make -C "$src" O="$obj" -j"$jobs" "${make_args[@]}" prepare >"$logs/prepare.log" 2>&1; then
		rc=1
	elif ! make -C "$src" O="$obj" -j"$jobs" "${make_args[@]}" "${objs[@]}" \
		>"$logs/build.log" 2>&1; then
		rc=1
	fi
	touch "$logs/build.log"
	classify "$src" "$(series_dir "$ver")" "$logs/prepare.log" "$logs/build.log" \
		>"$logs/warnings.txt"
	read -r _ new kern < <(grep '^counts ' "$logs/warnings.txt") || true
	grep '^new ' "$logs/warnings.txt" | head -n 20 | sed 's/^new    /   | /'
	if ((rc)); then
		tail -n 15 "$logs/build.log" "$logs/prepare.log" 2>/dev/null | sed 's/^/   | /'
		summary+=("$(printf '%s %s: FAILED: build error; %s new warnings (%d s)' "$ver" "$var" \
			"${new:-?}" $(($(date +%s) - t0)))")
		bad=1
		return
	fi
	[[ $new =~ ^[0-9]+$ ]] || { new=1; echo "   $prog: no warning count"; }
	# the files were compiled: a build log naming none of them is no evidence
	local ncc
	ncc=$(grep -cE '^ +(CC|CC \[M\]|HOSTCC|CHECK) +(crypto/(pgp/|dsa|mont|rsassa|ed25519|ecdsa_raw)|security/pgp_keys/|certs/pgp_keyring|kernel/module/signing_pgp|scripts/pgp-sign-module|scripts/pgp-shim/)' \
		"$logs/prepare.log" "$logs/build.log" | awk -F: '{ n += $2 } END { print n + 0 }')
	if ((ncc < 8)); then
		summary+=("$ver $var: FAILED: only $ncc of the project's files compiled")
		bad=1
		return
	fi
	((new == 0)) || bad=1
	summary+=("$(printf '%s %s: %d new warnings, %d of the kernel'"'"'s own in the same build, %d files of ours compiled (%d s)' \
		"$ver" "$var" "$new" "$kern" "$ncc" $(($(date +%s) - t0)))")
}

if ((${#selftest[@]})); then
	classify "${selftest[@]}"
	exit
fi
for ver in "${kvers[@]}"; do
	series_dir "$ver" >/dev/null || { echo "$prog: no series for $ver" >&2; exit 2; }
	for var in "${variants[@]}"; do
		run_one "$ver" "$var"
	done
done
echo "== distribution configuration"
printf '%s\n' "${summary[@]}"
echo "distro-config: $(($(date +%s) - t_all)) s"
exit "$bad"
