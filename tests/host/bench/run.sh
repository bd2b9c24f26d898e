#!/usr/bin/env bash
# Host test: make bench refuses to publish nonsense.  bench/report.py checks the load-time
# figures (complete, more-than-unsigned, stable-baseline, not-on-ticks, beyond-hashing,
# composite-above-ed25519, pq-under-mainline) before it writes bench/results.md, the plot or README.md.  Fed
# without a QEMU boot:
#   runs/NAME/: the raw figures (load-time.txt, guest-kunit.txt) of real make bench boots,
#     one good and the deliberately broken ones (BENCH_BREAK=sleep, unload, jitter, nosig,
#     wrongfile), with runs/NAME/expect naming the checks that must fail ("pass": none);
#   crafted copies of the good run that each break exactly one check.
# A refused run must exit non-zero, name exactly the expected checks and leave every output
# file as it was; the good run must pass every check, write the figures, keep the sections
# it did not measure (native speed, signing) and render README.md's block from them.
set -uo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
	echo "Usage: $0    (a make check host test: prints TAP, exits non-zero on failure)"
	sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}/  /'
	exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
report=$top/bench/report.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks="complete more-than-unsigned stable-baseline not-on-ticks beyond-hashing composite-above-ed25519
	pq-under-mainline pq87-under-mainline"
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() {
	n=$((n + 1)) fail=$((fail + 1))
	echo "not ok $n - $1"
	[[ -n ${2:-} ]] && printf '%s\n' "$2" | head -n 20 | sed 's/^/# /'
}
runs=()
for d in "$here"/runs/*/; do
	runs+=("$(basename "$d")")
done
crafted="drop-a-variant error-line signed-below-baseline unstable-baseline ticks hash-above-overhead
	pq-good pq-no-mldsa pq-missing-row pq-above-mainline pq87-good pq87-missing-row
	pq87-above-mainline"
nc=0
for _ in $crafted; do nc=$((nc + 1)); done
plan=$((2 * ${#runs[@]} + 2 * nc + 4))
echo "1..$plan"

# outputs DIR: a fresh copy of the published files (README.md, results.md, a plot) in DIR
outputs() {
	mkdir -p "$1"
	cp "$top/README.md" "$top/bench/results.md" "$1/"
	echo 'not a plot' >"$1/load-time.png"
}
# judge NAME RAWDIR EXPECT: report.py on RAWDIR must fail exactly the checks in EXPECT
# ("pass": none) and, when it fails, leave the outputs untouched.
judge() {
	local name=$1 raw=$2 expect=$3 o=$tmp/out-$1 out rc c failed=() want=()
	outputs "$o"
	cp -r "$o" "$o.before"
	out=$(python3 "$report" "$raw" "$o/results.md" "$o/load-time.png" "$o/README.md" 2>&1)
	rc=$?
	for c in $checks; do
		grep -q "^report.py: check $c FAILED: " <<<"$out" && failed+=("$c")
	done
	for c in $checks; do	# in the same order as failed
		[[ " $expect " == *" $c "* ]] && want+=("$c")
	done
	local rc_ok=0
	[[ $expect == pass ]] && ((rc == 0)) && rc_ok=1
	[[ $expect != pass ]] && ((rc != 0)) && rc_ok=1
	if [[ "${failed[*]}" == "${want[*]}" ]] && ((rc_ok)); then
		ok "$name: $([[ $expect == pass ]] && echo "every check passes" || echo "refused by ${want[*]}")"
	else
		notok "$name: exit $rc, failed checks '${failed[*]}', wanted '${want[*]:-none}'" "$out"
	fi
	if [[ $expect == pass ]]; then
		if ! cmp -s "$o/results.md" "$o.before/results.md" &&
			! cmp -s "$o/README.md" "$o.before/README.md" &&
			grep -q '^## Checks' "$o/results.md" &&
			python3 "$report" --readme "$o/results.md" "$o/README.md" --check; then
			ok "$name: results.md and README.md's block written, from the same figures"
		else
			notok "$name: results.md or README.md not written, or the two disagree" "$out"
		fi
	elif diff -r "$o" "$o.before" >/dev/null; then
		ok "$name: nothing written"
	else
		notok "$name: a refused run changed the outputs" "$(diff -r "$o.before" "$o" | head)"
	fi
}

# ---- real boots: the good run and the deliberately broken ones ----
for r in "${runs[@]}"; do
	judge "run $r" "$here/runs/$r" "$(cat "$here/runs/$r/expect")"
done

# ---- crafted from the good run: each breaks one check ----
good=$here/runs/good
# craft NAME EXPECT PYTHON: a copy of the good run changed by PYTHON (lt, gk: the lines of
# load-time.txt and guest-kunit.txt), judged like the real ones
craft() {
	local d=$tmp/raw-$1
	mkdir -p "$d"
	python3 - "$good" "$d" "$3" <<'EOF' || { notok "$1: cannot craft" ""; return; }
import sys
src, dst, code = sys.argv[1:4]
lt = open(f'{src}/load-time.txt').read().splitlines()
gk = open(f'{src}/guest-kunit.txt').read().splitlines()
def fig(label, mean=None, best=None, scale=None):
    """Change the figures of the 'bench LABEL ...' line."""
    for i, l in enumerate(lt):
        p = l.split()
        if p[:2] == ['bench', label]:
            m, b = int(p[2]), int(p[3])
            if scale:
                m, b = int(m * scale), int(b * scale)
            p[2], p[3] = str(mean if mean is not None else m), str(best if best is not None else b)
            lt[i] = ' '.join(p)
            return int(p[2]), int(p[3])
    raise SystemExit(f'no {label}')
def get(label):
    return next([int(x) for x in l.split()[2:4]] for l in lt if l.split()[:2] == ['bench', label])
exec(code)
open(f'{dst}/load-time.txt', 'w').write('\n'.join(lt) + '\n')
open(f'{dst}/guest-kunit.txt', 'w').write('\n'.join(gk) + '\n')
EOF
	judge "crafted $1" "$d" "$2"
}
craft drop-a-variant complete \
	"lt[:] = [l for l in lt if not l.startswith('bench pgp-ed25519-sha512@1m ')]"
craft error-line complete \
	"lt[:] = [l if not l.startswith('bench pgp-dsa3072-sha256@64k ') else 'bench pgp-dsa3072-sha256@64k error EKEYREJECTED' for l in lt]"
craft signed-below-baseline more-than-unsigned \
	"u = get('unsigned@6k'); fig('pgp-rsa2048-sha256@6k', best=u[0] - 1)"
craft unstable-baseline stable-baseline \
	"u = get('unsigned@6k'); fig('unsigned@6k', mean=int(u[1] * 1.05))"
# every signed figure of half a tick or more moved up onto a whole number of ticks (the
# overheads only grow: no other check is touched)
craft ticks not-on-ticks "
tick = next(int(l.split()[1]) for l in lt if l.startswith('tick_ns '))
for l in list(lt):
    p = l.split()
    if p[0] == 'bench' and len(p) == 5 and not p[1].startswith('unsigned@'):
        m, b = int(p[2]), int(p[3])
        up = lambda v: -(-v // tick) * tick + 1500 if v >= tick / 2 else v
        fig(p[1], mean=up(m), best=up(b))
"
craft hash-above-overhead beyond-hashing \
	"gk[:] = [l.replace(' 1 MiB: ', ' 1 MiB: 9') if 'pgp_test_hash_speed: sha256' in l else l for l in gk]"
# the v6 rows (a kernel with ML-DSA-65), from the Ed25519 figures: the composite ML (M
# instructions) above the v6 Ed25519 load; PQ (which rows) and CFG (the config line)
pq_rows() {
	printf '%s\n' "
ML, PQ, CFG = $1
for z in ('6k', '64k', '256k', '1m'):
    e = get(f'pgp-ed25519-sha512@{z}')
    size = next(l for l in lt if l.startswith(f'size pgp-ed25519-sha512@{z} '))
    for s, add in (('pgp6-ed25519-sha512', 0), ('pgp6-mldsa65ed25519-sha512', ML),
                   ('pgp6-mldsa65ed25519-sha256', ML)):
        if s in PQ:
            lt.append(f'bench {s}@{z} {e[0] + add} {e[1] + add} verified')
            lt.append(size.replace('pgp-ed25519-sha512', s))
if CFG:
    lt.append('config CONFIG_CRYPTO_MLDSA=y')
"
}
all_pq="('pgp6-ed25519-sha512', 'pgp6-mldsa65ed25519-sha512', 'pgp6-mldsa65ed25519-sha256')"
craft pq-good pass "$(pq_rows "1200000, $all_pq, True")"
craft pq-no-mldsa composite-above-ed25519 "$(pq_rows "0, $all_pq, True")"
craft pq-missing-row complete \
	"$(pq_rows "1200000, ('pgp6-ed25519-sha512', 'pgp6-mldsa65ed25519-sha512'), True")"
# the composite 3 M above the v4 Ed25519 load: above mainline's RSA-4096 at 6 KiB and 1 MiB
craft pq-above-mainline pq-under-mainline "$(pq_rows "3000000, $all_pq, True")"
# ML-DSA-87+Ed448 and Ed448 (a kernel with Ed448): ML87 above the v4 Ed25519 load, R87 the
# rows there, CFG87 the config line; with all the v6 rows of pq-good
pq87_rows() {
	printf '%s\n' "$(pq_rows "1200000, $all_pq, True")
ML87, R87, CFG87 = $1
for z in ('6k', '64k', '256k', '1m'):
    e = get(f'pgp-ed25519-sha512@{z}')
    size = next(l for l in lt if l.startswith(f'size pgp-ed25519-sha512@{z} '))
    for s, add in (('pgp6-ed448-sha512', 300000), ('pgp6-mldsa87ed448-sha512', ML87)):
        if s in R87:
            lt.append(f'bench {s}@{z} {e[0] + add} {e[1] + add} verified')
            lt.append(size.replace('pgp-ed25519-sha512', s))
if CFG87:
    lt.append('config CONFIG_CRYPTO_ED448=y')
"
}
all_pq87="('pgp6-ed448-sha512', 'pgp6-mldsa87ed448-sha512')"
craft pq87-good pass "$(pq87_rows "1800000, $all_pq87, True")"
craft pq87-missing-row complete "$(pq87_rows "1800000, ('pgp6-ed448-sha512',), True")"
# algorithm 31 3.5 M above the v4 Ed25519 load: above mainline's RSA-4096
craft pq87-above-mainline pq87-under-mainline "$(pq87_rows "3500000, $all_pq87, True")"

# ---- the good run's other outputs ----
o=$tmp/out-run\ good
if [[ -f $o/results.md ]] && python3 - "$o/results.md" "$top/bench/results.md" <<'EOF'; then
import sys
def secs(p):
    s, cur = {}, ''
    for l in open(p).read().splitlines():
        if l.startswith('## '):
            cur = l[3:]
        s.setdefault(cur, []).append(l)
    return {k: [l for l in v if l.strip()] for k, v in s.items()}
new, old = secs(sys.argv[1]), secs(sys.argv[2])
for t in ('Native verification speed', 'Signing throughput', "Signing a distribution's modules"):
    if t in old and new.get(t) != old[t]:
        raise SystemExit(f'{t}: changed by a run that did not measure it')
    if t in old and 'kept: not measured since' not in '\n'.join(new.get('Runs', [])):
        raise SystemExit(f'{t}: the Runs section does not say it was kept')
EOF
	ok "the good run keeps the sections it did not measure, and says so under Runs"
else
	notok "the good run changed or dropped a section it did not measure"
fi
if t_out=$(python3 "$report" --check-figures "$good" 2>&1) && [[ $(grep -c '^check .*: ok: ' <<<"$t_out") == 8 ]]; then
	ok "--check-figures: the good run passes all 8 checks"
else
	notok "--check-figures on the good run" "$t_out"
fi
if ! t_out=$(python3 "$report" --check-figures "$here/runs/sleep" 2>&1) && grep -q 'FAILED' <<<"$t_out"; then
	ok "--check-figures: a broken run exits non-zero"
else
	notok "--check-figures on the sleep run" "$t_out"
fi
mkdir -p "$tmp/empty"
if ! t_out=$(python3 "$report" --check-figures "$tmp/empty" 2>&1); then
	ok "--check-figures: no figures at all is a failure"
else
	notok "--check-figures on an empty directory passed" "$t_out"
fi

if ((n != plan)); then
	notok "the plan (1..$plan) matches the $n checks run"
fi
exit $((fail > 0))
