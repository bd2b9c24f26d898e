#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn make bench's raw figures into bench/results.md, a plot, and README.md's figures.

  report.py OUTDIR RESULTS.md PLOT.png [README.md]
  report.py --check-figures OUTDIR
  report.py --readme RESULTS.md README.md [--check]
  report.py --signing OUTDIR RESULTS.md README.md
  report.py --kver 7.3 OUTDIR RESULTS-7.3.md README.md

Reads OUTDIR/load-time.txt (bench/load-time.sh: "bench SCHEME@SIZE mean_ns best_ns
verified|unsigned" for finit_module() alone, guest instructions under -icount shift=0;
"unload SCHEME@SIZE mean_ns best_ns"; "size SCHEME@SIZE BYTES"; "tick_ns N", "run DATE",
"guest CPUS CLOCKSOURCE"), OUTDIR/guest-kunit.txt (the same boot's KUnit lines:
"pgp_test_hash_speed: sha512 (driver) 1 MiB: N ns per pass", also instructions),
OUTDIR/native.txt when present (free text, copied), OUTDIR/sign.txt and OUTDIR/distro.md
(bench/sign-throughput.sh's and bench/sign-distro.sh's Markdown, copied),
prints one line per comparison and writes the Markdown table and a gnuplot PNG.

Before it writes anything it checks the load-time figures (--check-figures: only that):
  complete            every scheme at ~6 KiB and 1 MiB, verified, and the unsigned baseline
  more-than-unsigned  each verified scheme's best load costs more than the unsigned mean
  stable-baseline     the unsigned loads' mean is within BASELINE_TOL of their best
  not-on-ticks        the figures do not sit on multiples of the guest's timer tick
  beyond-hashing      the overhead at 1 MiB is at least hashing that file (same boot), for
                      each signature scheme
  composite-above-ed25519  when the run has the v6 rows (a kernel with ML-DSA-65): the
                      ML-DSA-65+Ed25519 load costs more than the v6 Ed25519 load over the
                      same hash, at each size (it verifies an Ed25519 half and more)
  pq-under-mainline   when the run has the v6 rows: the ML-DSA-65+Ed25519/SHA-512 overhead
                      at ~6 KiB and 1 MiB is at most mainline's RSA-4096/SHA-512 overhead
                      (post-quantum at no extra cost over what mainline ships)
  hashlist-one-pass   when the run has the hash list rows (CONFIG_MODULE_HASH_LIST): the
                      overhead of a listed module at ~6 KiB and 1 MiB is one SHA-256 pass over
                      it (the same boot's KUnit figure of the loader's hash) plus at most
                      HL_LOOKUP, and at least HL_LOW of that pass less HL_BASE (it was
                      hashed: in place of beyond-hashing, whose baseline is another module),
                      and below the Ed25519 and mainline RSA-4096 loads over the same hash:
                      their overhead less their own digest's cost plus SHA-256's (the KUnit
                      hashing lines), so that the lookup is compared with a verification and
                      not SHA-256 with SHA-512 (which costs fewer instructions a byte: once
                      the loader hashes a module for the blacklist only while it holds
                      module hashes, an Ed25519/SHA-512 module of 1 MiB loads faster than a
                      listed one)
  pq87-under-mainline  the same as pq-under-mainline for ML-DSA-87+Ed448/SHA-512
  slhdsa-above-ed25519  when the run has the SLH-DSA rows (CONFIG_CRYPTO_SLHDSA): each
                      SLH-DSA load costs more than the v6 Ed25519 load over the same hash, at
                      each size (its verification ran)
On a failed check it prints why, writes nothing and exits 1.

Targets are no check: SLH_TARGETS (SLH-DSA-SHAKE-128s/SHA-512's overhead at most 1.5 times
mainline PKCS#7 RSA-4096/SHA-512's at ~6 KiB and at most 1.0 times at 1 MiB) are not met in
portable C, and a run is not refused for them.  Their ratio rows say so, in the output and
in RESULTS.md, e.g. "ratio slh-dsa-shake-128s vs mainline rsa4096/sha512 (1 MiB): 1.08,
target ≤1.0: not met" (or "met").

--kver 7.3 (make bench KVER=7.3): the run on the Linux 7.3 test kernel, whose rows add
mainline's own ML-DSA-65 and ML-DSA-87 PKCS#7 signatures (7.3's sign-file on OpenSSL 3.5).
The checks are the same but for the two bounds against RSA-4096 (the 6.12 targets), which
7.3's targets replace:
  pq87-under-mainline-mldsa87  the ML-DSA-87+Ed448/SHA-512 overhead at ~6 KiB and 1 MiB is
                      at most mainline's ML-DSA-87/SHA-512 one
  pq65-under-mainline-mldsa65  the ML-DSA-65+Ed25519/SHA-512 overhead at most mainline's
                      ML-DSA-65/SHA-512 one
It writes RESULTS-7.3.md (the table, the ratios, the checks, OUTDIR/memory.txt when present,
and the block the 7.3 cover letter takes its figures from) and README.md's 7.3 block
(between README73_BEGIN and README73_END).
Sections of RESULTS.md this run did not measure (native speed without native.txt, signing
without sign.txt / distro.md) are kept as they are; "## Runs" says where each comes from.

README.md's figures are the block between the README_BEGIN and README_END marker lines;
it is rendered from RESULTS.md alone (so it can be redone without the raw figures) and
rewritten after each run; --readme rewrites it from an existing RESULTS.md, and with
--check only compares (exit 1 when README.md's block differs: the two drifted apart).
--signing replaces only RESULTS.md's signing sections (make bench-sign), then README.md's block.
"""
import datetime
import os
import re
import subprocess
import sys

SIZES = [('6k', 'pgptest (≈6 KiB)', 6), ('64k', '64 KiB', 64), ('256k', '256 KiB', 256),
         ('1m', '1 MiB', 1024)]
PAIRS = [  # (ours, mainline, label)
    ('pgp-rsa4096-sha512', 'mainline-rsa4096-sha512', 'rsa4096/sha512 vs mainline rsa4096/sha512'),
    ('pgp-rsa2048-sha256', 'mainline-rsa4096-sha512', 'rsa2048/sha256 vs mainline rsa4096/sha512'),
    ('pgp-dsa3072-sha256', 'mainline-rsa4096-sha512', 'dsa3072/sha256 vs mainline rsa4096/sha512'),
    ('pgp-dsa3072-sha256', 'mainline-p384-sha512', 'dsa3072/sha256 vs mainline ecdsa-p384/sha512'),
    ('pgp-ed25519-sha512', 'mainline-rsa4096-sha512', 'ed25519/sha512 vs mainline rsa4096/sha512'),
    ('pgp-ed25519-sha512', 'mainline-p384-sha512', 'ed25519/sha512 vs mainline ecdsa-p384/sha512'),
    ('pgp6-mldsa65ed25519-sha512', 'mainline-rsa4096-sha512',
     'v6 ML-DSA-65+Ed25519/sha512 vs mainline rsa4096/sha512'),
    ('pgp6-mldsa65ed25519-sha256', 'mainline-rsa4096-sha512',
     'v6 ML-DSA-65+Ed25519/sha256 vs mainline rsa4096/sha512'),
    ('pgp6-mldsa65ed25519-sha512', 'pgp6-ed25519-sha512',
     'v6 ML-DSA-65+Ed25519/sha512 vs v6 ed25519/sha512'),
    ('hashlist-sha256', 'mainline-rsa4096-sha512', 'hash list vs mainline rsa4096/sha512'),
    ('hashlist-sha256', 'pgp-ed25519-sha512', 'hash list vs ed25519/sha512'),
    ('pgp6-mldsa87ed448-sha512', 'mainline-rsa4096-sha512',
     'v6 ML-DSA-87+Ed448/sha512 vs mainline rsa4096/sha512'),
    ('pgp6-ed448-sha512', 'mainline-rsa4096-sha512', 'v6 ed448/sha512 vs mainline rsa4096/sha512'),
    ('pgp6-slhdsa128s-sha512', 'mainline-rsa4096-sha512',
     'slh-dsa-shake-128s vs mainline rsa4096/sha512'),
    ('pgp6-slhdsa128f-sha512', 'mainline-rsa4096-sha512',
     'slh-dsa-shake-128f vs mainline rsa4096/sha512'),
    ('pgp6-slhdsa256s-sha512', 'mainline-rsa4096-sha512',
     'slh-dsa-shake-256s vs mainline rsa4096/sha512'),
]
# The v6 rows (RFC 9580, RFC 9980): required when the kernel has ML-DSA-65
PQ_ROWS = [('pgp6-ed25519-sha512', 'ours v6 Ed25519/SHA-512'),
           ('pgp6-mldsa65ed25519-sha512', 'ours v6 ML-DSA-65+Ed25519/SHA-512'),
           ('pgp6-mldsa65ed25519-sha256', 'ours v6 ML-DSA-65+Ed25519/SHA-256')]
PQ_PAIR = ('pgp6-mldsa65ed25519-sha512', 'pgp6-ed25519-sha512')
# pq-under-mainline: (ours, mainline's) whose overheads are compared
PQ_BOUND = ('pgp6-mldsa65ed25519-sha512', 'mainline-rsa4096-sha512')
# The list of the build's module hashes: required when the kernel has CONFIG_MODULE_HASH_LIST
HL_ROWS = [('hashlist-sha256', 'ours hash list (in-tree module, no signature)')]
HL_BOUND = ('pgp-ed25519-sha512', 'mainline-rsa4096-sha512')
# ML-DSA-87+Ed448 (RFC 9980 algorithm 31) and Ed448 (28): required when the kernel has Ed448
PQ87_ROWS = [('pgp6-ed448-sha512', 'ours v6 Ed448/SHA-512'),
             ('pgp6-mldsa87ed448-sha512', 'ours v6 ML-DSA-87+Ed448/SHA-512')]
# pq87-under-mainline: algorithm 31's overhead at most mainline's RSA-4096/SHA-512 one
PQ87_BOUND = ('pgp6-mldsa87ed448-sha512', 'mainline-rsa4096-sha512')
# SLH-DSA (RFC 9980 algorithms 32 to 34): required when the kernel has CONFIG_CRYPTO_SLHDSA
SLH_ROWS = [('pgp6-slhdsa128s-sha512', 'ours v6 SLH-DSA-SHAKE-128s/SHA-512'),
            ('pgp6-slhdsa128f-sha512', 'ours v6 SLH-DSA-SHAKE-128f/SHA-512'),
            ('pgp6-slhdsa256s-sha512', 'ours v6 SLH-DSA-SHAKE-256s/SHA-512')]
SLH_ABOVE = 'pgp6-ed25519-sha512'
# SLH-DSA-SHAKE-128s's targets (no check: their ratio rows say "met" or "not met"): its
# overhead at most these times mainline's RSA-4096/SHA-512 one, by size
SLH_TARGETS = [('pgp6-slhdsa128s-sha512', 'mainline-rsa4096-sha512', {'6k': 1.5, '1m': 1.0})]


README_BEGIN = '<!-- figures: generated by bench/report.py from bench/results.md; do not edit -->'
README_END = '<!-- end of generated figures -->'
README73_BEGIN = ('<!-- figures 7.3: generated by bench/report.py from bench/results-7.3.md; '
                  'do not edit -->')
README73_END = '<!-- end of generated 7.3 figures -->'
COVER_BEGIN = '<!-- cover-letter figures -->'
COVER_END = '<!-- end of cover-letter figures -->'
# Linux 7.3: mainline's own ML-DSA module signatures in the same kernel
ML73_ROWS = [('mainline-mldsa65-sha512', 'mainline PKCS#7 ML-DSA-65/SHA-512'),
             ('mainline-mldsa87-sha512', 'mainline PKCS#7 ML-DSA-87/SHA-512')]
ML73_BOUNDS = [('pq87-under-mainline-mldsa87',
                ('pgp6-mldsa87ed448-sha512', 'mainline-mldsa87-sha512')),
               ('pq65-under-mainline-mldsa65',
                ('pgp6-mldsa65ed25519-sha512', 'mainline-mldsa65-sha512'))]
PAIRS73 = [('pgp6-mldsa87ed448-sha512', 'mainline-mldsa87-sha512',
            'mldsa87-ed448/sha512 vs mainline mldsa87'),
           ('pgp6-mldsa65ed25519-sha512', 'mainline-mldsa65-sha512',
            'mldsa65-ed25519/sha512 vs mainline mldsa65'),
           ('pgp6-ed25519-sha512', 'mainline-mldsa65-sha512', 'v6 ed25519/sha512 vs mainline mldsa65'),
           ('hashlist-sha256', 'mainline-mldsa65-sha512', 'hash list vs mainline mldsa65'),
           ('mainline-mldsa87-sha512', 'mainline-rsa4096-sha512',
            'mainline mldsa87 vs mainline rsa4096/sha512'),
           ('pgp6-slhdsa128s-sha512', 'mainline-mldsa87-sha512',
            'slh-dsa-shake-128s vs mainline mldsa87'),
           ('pgp6-slhdsa128s-sha512', 'mainline-rsa4096-sha512',
            'slh-dsa-shake-128s vs mainline rsa4096/sha512')]
README73_ROWS = ML73_ROWS + [('mainline-rsa4096-sha512', 'mainline PKCS#7 RSA-4096/SHA-512'),
                             ('pgp6-mldsa87ed448-sha512', 'ours v6 ML-DSA-87+Ed448/SHA-512'),
                             ('pgp6-mldsa65ed25519-sha512', 'ours v6 ML-DSA-65+Ed25519/SHA-512'),
                             ('pgp6-ed25519-sha512', 'ours v6 Ed25519/SHA-512'),
                             ('pgp-ed25519-sha512', 'ours Ed25519/SHA-512'),
                             ('hashlist-sha256', 'ours hash list (in-tree module, no signature)')] + \
    SLH_ROWS
DISTRO_TITLE = "Signing a distribution's modules"
README_ROWS = [('mainline-rsa4096-sha512', 'mainline PKCS#7 RSA-4096/SHA-512'),
               ('mainline-p384-sha512', 'mainline PKCS#7 ECDSA P-384/SHA-512'),
               ('pgp-rsa4096-sha512', 'ours RSA-4096/SHA-512'),
               ('pgp-ed25519-sha512', 'ours Ed25519/SHA-512'),
               ('pgp-rsa2048-sha256', 'ours RSA-2048/SHA-256'),
               ('pgp-dsa3072-sha256', 'ours DSA-3072/SHA-256')] + PQ_ROWS + PQ87_ROWS + \
    SLH_ROWS + HL_ROWS


def results_sections(md):
    """{section title: [lines]} of a results.md ('' for the part before the first ##)."""
    secs, cur = {}, ''
    for line in md.splitlines():
        if line.startswith('## '):
            cur = line[3:].strip()
            continue
        secs.setdefault(cur, []).append(line)
    return secs


def signing_sections(out):
    """results.md's signing sections from OUTDIR/sign.txt and OUTDIR/distro.md (Markdown)."""
    lines = []
    for name, title in (('sign.txt', 'Signing throughput'), ('distro.md', DISTRO_TITLE)):
        p = os.path.join(out, name)
        if os.path.exists(p):
            body = [l.rstrip('\n') for l in open(p) if not l.startswith('# ')]
            while body and not body[0].strip():
                body.pop(0)
            lines += ['', f'## {title}', ''] + body
    return lines


def update_signing(out, md, readme):
    """Replace RESULTS.md's signing sections with OUTDIR's, then README.md's figures."""
    new = signing_sections(out)
    if not new:
        print(f'report.py: {out}: no sign.txt or distro.md', file=sys.stderr)
        return 1
    text = open(md).read()
    runs = runs_entries(results_sections(text))
    keep, skip = [], False
    for line in text.splitlines():
        if line.startswith('## '):
            skip = line[3:].strip() in [t for t in SIGNING_TITLES if f'## {t}' in new] + [RUNS_TITLE]
        if not skip:
            keep.append(line)
    today = datetime.date.today().isoformat()
    for t in SIGNING_TITLES:
        if f'## {t}' in new:
            runs[t] = f'make bench-sign of {today}'
    with open(md, 'w') as f:
        f.write('\n'.join(trim(keep) + new + runs_section(runs)) + '\n')
    print(f'results: {md} (signing sections)')
    return update_readme(md, readme)


def fnum(pattern, lines, what):
    for l in lines:
        m = re.search(pattern, l)
        if m:
            return m.groups()
    raise SystemExit(f'report.py: results.md has no {what}')


def readme_block(md):
    """README.md's figures section, rendered from results.md's text."""
    secs = results_sections(md)
    over = {}
    for l in secs.get('', []):
        cells = [c.strip() for c in l.strip().strip('|').split('|')]
        if len(cells) == 9 and cells[0] in dict(README_ROWS):
            over[cells[0]] = (float(cells[2].rstrip(' M')), float(cells[8].rstrip(' M')))
    beyond = {}
    for l in secs.get('1 MiB: overhead against hashing alone', []):
        m = re.search(r'1 MiB (\S+): .*: ([+-][\d.]+%) beyond hashing', l)
        if m:
            beyond[m.group(1)] = m.group(2)
    base = over.get('mainline-rsa4096-sha512')
    if not base:
        raise SystemExit('report.py: results.md has no mainline RSA-4096 row')
    runs = runs_entries(secs)
    when = runs.get('Load time')
    out = [README_BEGIN, '',
           'Module load cost over an unsigned load: `finit_module` alone, in guest instructions '
           '(QEMU TCG with',
           '`-icount shift=0,sleep=off`, deterministic), against mainline PKCS#7 in the same kernel'
           + (f' ({when}):' if when else ':'), '',
           '| scheme | ~6 KiB module | 1 MiB module | vs mainline RSA-4096/SHA-512 (6 KiB / 1 MiB) '
           '| 1 MiB beyond hashing alone |', '|---|---:|---:|---:|---:|']
    for key, label in README_ROWS:
        if key not in over:
            continue
        o6, o1 = over[key]
        ratio = '1' if key == 'mainline-rsa4096-sha512' else f'{o6 / base[0]:.2f} / {o1 / base[1]:.2f}'
        out.append(f'| {label} | {o6:+.2f} M | {o1:+.1f} M | {ratio} | {beyond.get(key, "–")} |')
    met = [l.strip('- `') for l in secs.get('Ours / mainline overhead ratios', [])
           if ', target ≤' in l]
    if met:
        out += ['', 'Targets (printed, not checked: a run is not refused for them): '
                + '; '.join(f'`{t}`' for t in met) + '.']
    guest = secs.get('Guest KUnit figures (same boot, instructions as ns)', [])
    comp, ed = PQ_PAIR
    if comp in over and ed in over:
        line = (f'ML-DSA-65 alone (the v6 ML-DSA-65+Ed25519 load less the v6 Ed25519 one over '
                f'the same hash): {over[comp][0] - over[ed][0]:+.2f} M at ≈6 KiB, '
                f'{over[comp][1] - over[ed][1]:+.2f} M at 1 MiB')
        m = next((re.search(r'Ed25519 (\d+) ns, ML-DSA-65\+Ed25519 (\d+) ns, its ML-DSA-65 '
                            r'half (\d+) ns', l) for l in guest if 'pgp_v6_test_speed' in l), None)
        if m:
            e6, c6, ml = (int(x) / 1e6 for x in m.groups())
            line += (f'; in the same boot (KUnit, a finished digest): ML-DSA-65 {ml:.2f} M, '
                     f'Ed25519 {e6:.2f} M, both halves {c6:.2f} M instructions')
        m = next((re.search(r'prepared key: ML-DSA-65\+Ed25519 (\d+) ns, its ML-DSA-65 half '
                            r'(\d+) ns', l) for l in guest if 'pgp_v6_test_speed' in l), None)
        if m:
            c6, ml = (int(x) / 1e6 for x in m.groups())
            line += (f'; with the key prepared as the keyring prepares it: ML-DSA-65 {ml:.2f} M, '
                     f'both halves {c6:.2f} M')
        m = next((re.search(r'ML-DSA-65 tables of (\d+) KiB built in (\d+) us', l)
                  for l in guest if 'ML-DSA-65 tables of' in l), None)
        if m:
            line += (f' (the built-in key\'s tables: {m.group(1)} KiB, '
                     f'{int(m.group(2)) / 1e3:.2f} M instructions once at boot)')
        out += ['', line + '.']
    hlk = HL_ROWS[0][0]
    m = next((re.search(r'hash_list_speed: (\d+) entries \((\d+) bytes\): lookup (\d+) ns, Merkle '
                        r'proof of (\d+) levels (\d+) ns; module hash 1 MiB: (\d+) ns', l)
              for l in guest if 'hash_list_speed' in l), None)
    if hlk in over and m:
        n, nb, look, lv, merk, one = (int(x) for x in m.groups())
        out += ['', f'The hash list (`CONFIG_MODULE_HASH_LIST`: the build\'s own modules by their '
                f'SHA-256, no signature) costs one SHA-256 pass over the module and a lookup: '
                f'{over[hlk][0]:+.2f} M at ≈6 KiB and {over[hlk][1]:+.1f} M at 1 MiB (in-tree '
                f'modules of those sizes), against the loader\'s SHA-256 of 1 MiB '
                f'{one / 1e6:.1f} M in the same boot (KUnit); a lookup in {n:,} entries '
                f'({nb:,} bytes in vmlinux) {look:,} instructions, where a Merkle proof of {lv} '
                f'levels would cost {merk:,}.']
    kib, us = fnum(r'dsa3072/256 sha256: tables of (\d+) KiB in (\d+) us', guest,
                   'DSA-3072 table figures')
    out += ['', '"Beyond hashing alone": the overhead against hashing the same file once with the '
            'same kernel', 'driver (the signature\'s digest), timed in the same boot.']
    sec = secs.get('1 MiB: overhead against hashing alone', [])
    i = next((i for i, l in enumerate(sec) if l.startswith('Both paths hash the file once more')),
             None)
    while i is not None and i < len(sec) and sec[i].strip():    # that paragraph
        out.append(sec[i])
        i += 1
    out += ['DSA keys of the built-in ring get '
            f'fixed-base tables at boot ({kib} KiB', f'and {int(us) / 1000:.1f} M instructions '
            'once for DSA-3072).']
    native = secs.get('Native verification speed', [])
    parts = []
    for algo, label in (('rsa2048/sha256', 'RSA-2048'), ('rsa4096/sha512', 'RSA-4096'),
                        ('dsa3072/256', 'DSA-3072'), ('ed25519', 'Ed25519')):
        ours, ossl = fnum(re.escape(algo) + r'.* verify.*ours +([\d.]+) us +openssl +([\d.]+) us',
                          native, f'{algo} native figures')
        text = f'{label} {float(ours):.0f} µs (OpenSSL {float(ossl):.0f} µs)'
        if algo.startswith('dsa'):
            pre, = fnum(r'dsa3072/256 sha256 \(precomputed\): (\d+) us', native,
                        'DSA-3072 precomputed figure')
            text = (f'{label} {int(pre)} µs with the keyring\'s tables, {float(ours):.0f} µs '
                    f'without (OpenSSL {float(ossl):.0f} µs)')
        parts.append(text)
    ml = next((re.search(r'mldsa65 verify.*ours +([\d.]+) us', l) for l in native
               if 'mldsa65 verify' in l), None)
    if ml:
        parts.append(f'ML-DSA-65 {float(ml.group(1)):.0f} µs (OpenSSL 3.0 has none)')
    out += ['', 'Native verification (a userspace build of the kernel code against OpenSSL 3.0 on '
            'the same machine' + (f', {runs[NATIVE_TITLE]}' if NATIVE_TITLE in runs else '') + '):',
            ', '.join(parts) + '.']
    # Signing: the tables of bench/sign-throughput.sh and bench/sign-distro.sh, as they are
    for title, intro in (('Signing throughput', 'Signing the test module, against mainline\'s '
                          '`scripts/sign-file` (RSA-4096/SHA-512) in the same run'),
                         (DISTRO_TITLE, 'Signing Debian\'s own modules, against mainline\'s flow '
                          'in the same run')):
        sec = secs.get(title, [])
        rows = [l for l in sec if l.startswith('|')]
        if not rows:
            continue
        what = next((l for l in sec if l and not l.startswith(('|', '`', '#'))), '')
        what = what.split(' (')[0]
        if title in runs:
            what = f'{what.rstrip(".:")}; {runs[title]}' if what else runs[title]
        out += ['', f'{intro} ({what.rstrip(".:")}):' if what else f'{intro}:', ''] + rows
    out += ['', README_END]
    return '\n'.join(out) + '\n'


def update_readme(results, readme, check=False):
    """Write (or with check, compare) README.md's generated block; returns 0 or 1."""
    block = readme_block(open(results).read())
    text = open(readme).read()
    a, b = text.find(README_BEGIN), text.find(README_END)
    if a < 0 or b < a:
        print(f'report.py: {readme}: no generated-figures markers', file=sys.stderr)
        return 1
    new = text[:a] + block + text[b + len(README_END) + 1:]
    if check:
        if new != text:
            print(f'report.py: {readme}: figures differ from {results} '
                  f'(run bench/report.py --readme {results} {readme})', file=sys.stderr)
            return 1
        return 0
    if new != text:
        with open(readme, 'w') as f:
            f.write(new)
    print(f'readme: {readme}')
    return 0


NATIVE_TITLE = 'Native verification speed'
SIGNING_TITLES = ('Signing throughput', DISTRO_TITLE)
RUNS_TITLE = 'Runs'

# The self-checks of the load-time figures (see the docstring).
BASELINE_TOL = 0.03     # the unsigned loads' mean at most 3% above their best
TICK_NEAR = 0.01        # a figure within 1% of a tick of a multiple of the tick sits on it
TICK_SHARE = 0.25       # refused: more than a quarter of the figures (and at least 3) do
CHECKED_SIZES = ('6k', '1m')    # README.md's columns
LAST_CHECKS = []        # (name, what was found) of the last passing report_checks()


def read_load_time(out):
    """OUTDIR/load-time.txt as a dict (see the docstring for the lines)."""
    lt = {'res': {}, 'errors': [], 'unload': {}, 'size': {}, 'tick_ns': None,
          'run': None, 'guest': ('?', '?'), 'n': '?', 'config': {}}
    with open(os.path.join(out, 'load-time.txt')) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[0] == 'size':
                lt['size'][tuple(parts[1].split('@'))] = int(parts[2])
            elif len(parts) == 2 and parts[0] == 'tick_ns':
                lt['tick_ns'] = int(parts[1])
            elif len(parts) == 2 and parts[0] in ('run', 'n'):
                lt[parts[0]] = parts[1]
            elif len(parts) == 2 and parts[0] == 'config' and '=' in parts[1]:
                k, v = parts[1].split('=', 1)
                lt['config'][k] = v
            elif len(parts) == 3 and parts[0] == 'guest':
                lt['guest'] = (parts[1], parts[2])
            elif len(parts) == 4 and parts[0] == 'bench' and parts[2] == 'error':
                lt['errors'].append(f'{parts[1]}: {parts[3]}')
            elif len(parts) == 5 and parts[0] == 'bench':
                lt['res'][tuple(parts[1].split('@'))] = (int(parts[2]), int(parts[3]), parts[4])
            elif len(parts) == 4 and parts[0] == 'unload':
                lt['unload'][tuple(parts[1].split('@'))] = (int(parts[2]), int(parts[3]))
    lt['run'] = lt['run'] or datetime.date.today().isoformat()
    return lt


def guest_lines(out):
    p = os.path.join(out, 'guest-kunit.txt')
    return [l.rstrip('\n') for l in open(p)] if os.path.exists(p) else []


def hash_costs(guest):
    """{digest: (instructions for 1 MiB, driver)} from the guest's KUnit hashing lines."""
    hashed = {}
    for l in guest:
        m = re.search(r'pgp_test_hash_speed: (sha\d+) \((\S+)\) 1 MiB: (\d+) ns', l)
        if m:
            hashed[m.group(1)] = (int(m.group(3)), m.group(2))
    return hashed


def M(v):
    return f'{v / 1e6:.3f} M'


# hashlist-one-pass: what a listed module may cost beyond one SHA-256 pass over it (the
# .modinfo scan, the module_sig lookup, the binary search, and the two modules' own load
# costs, which differ a little: the listed one is an in-tree module, the baseline pgptest)
HL_LOOKUP = 100000
HL_LOW = 0.98           # ... and at least this share of it: the module was hashed,
HL_BASE = 50000         # less the two modules' own load costs' difference (7.3: 0.010 and
                        # 0.027 M in two runs; a module not hashed is a whole pass below)


def hash_list_pass(guest):
    """The loader's SHA-256 of 1 MiB (the hash list's KUnit line), in instructions, or None."""
    for l in guest:
        m = re.search(r'hash_list_speed: .*module hash 1 MiB: (\d+) ns', l)
        if m:
            return int(m.group(1))
    return None


def under_mainline(res, name, bound, none):
    """The check NAME: the overhead of BOUND's first scheme at most its second's at each size."""
    pq, ml = bound
    bad, seen = [], []
    for z in CHECKED_SIZES:
        c, m, u = res.get((pq, z)), res.get((ml, z)), res.get(('unsigned', z))
        if c is None:
            continue
        if m is None or u is None:
            bad.append(f'{pq}@{z}: no {ml if m is None else "unsigned"}@{z} figure')
            continue
        oc, om = c[0] - u[0], m[0] - u[0]
        if oc > om:
            bad.append(f'{pq}@{z} overhead {M(oc)} > {ml}@{z} {M(om)} '
                       f'(ratio {oc / om if om > 0 else float("inf"):.3f})')
        else:
            seen.append(f'{z} {M(oc)} vs {M(om)} (ratio {oc / om:.3f})')
    return (name, not bad, '; '.join(bad) if bad else
            (f'{pq} vs {ml} overhead: {", ".join(seen)}' if seen else none))


def check_figures(out, kver='6.12'):
    """[(check, True|False, why)] for OUTDIR's load-time figures (KVER 7.3: 7.3's bounds)."""
    lt = read_load_time(out)
    res, size = lt['res'], lt['size']
    checks = []
    # complete: a missing result is a failure
    pq = (lt['config'].get('CONFIG_CRYPTO_MLDSA_VERIFY') == 'y' or any(s.startswith('pgp6-')
                                                                       for s, _ in res) or
          (kver == '6.12' and lt['config'].get('CONFIG_CRYPTO_MLDSA') == 'y'))
    hl = lt['config'].get('CONFIG_MODULE_HASH_LIST') == 'y' or any(s.startswith('hashlist-')
                                                                    for s, _ in res)
    pq87 = lt['config'].get('CONFIG_CRYPTO_ED448') == 'y' or any(
        s in dict(PQ87_ROWS) for s, _ in res)
    slh = lt['config'].get('CONFIG_CRYPTO_SLHDSA') == 'y' or any(
        s in dict(SLH_ROWS) for s, _ in res)
    want = ['unsigned'] + [k for k, _ in README_ROWS
                           if (pq or (k, _) not in PQ_ROWS) and (pq87 or (k, _) not in PQ87_ROWS)
                           and (hl or (k, _) not in HL_ROWS) and (slh or (k, _) not in SLH_ROWS)]
    if kver == '7.3':
        want += [k for k, _ in ML73_ROWS]
    bad = list(lt['errors'])
    bad += [f'{s}@{z}: no figure' for s in want for z in CHECKED_SIZES if (s, z) not in res]
    bad += [f'{s}@{z}: the kernel did not verify it (taint E)' for (s, z), v in res.items()
            if s != 'unsigned' and v[2] != 'verified']
    checks.append(('complete', not bad, '; '.join(bad) if bad else
                   f'{len(res)} variants, every scheme at ≈6 KiB and 1 MiB verified'))
    # more-than-unsigned: each verified scheme's best load above the unsigned mean
    bad, least = [], None
    for (s, z), (mean, best, _) in sorted(res.items()):
        base = res.get(('unsigned', z))
        if s == 'unsigned' or base is None:
            continue
        if best <= base[0]:
            bad.append(f'{s}@{z} best {M(best)} <= unsigned mean {M(base[0])}')
        elif least is None or best - base[0] < least[0]:
            least = (best - base[0], f'{s}@{z}')
    checks.append(('more-than-unsigned', not bad, '; '.join(bad) if bad else
                   (f'least margin {M(least[0])} ({least[1]})' if least else 'nothing compared')))
    # stable-baseline: best vs mean of the unsigned loads
    bad, spread = [], []
    for (s, z), (mean, best, _) in sorted(res.items()):
        if s != 'unsigned':
            continue
        d = (mean - best) / best if best > 0 else float('inf')
        spread.append(f'{z} {100 * d:.3f}%')
        if not 0 <= d <= BASELINE_TOL:
            bad.append(f'unsigned@{z} mean {M(mean)} is {100 * d:.1f}% above its best {M(best)} '
                       f'(tolerance {100 * BASELINE_TOL:g}%)')
    if not spread:
        bad.append('no unsigned figures')
    checks.append(('stable-baseline', not bad, '; '.join(bad) if bad else
                   f'mean above best by {", ".join(spread)} (tolerance {100 * BASELINE_TOL:g}%)'))
    # not-on-ticks: figures quantized to the timer tick mean the loads waited for ticks
    tick = lt['tick_ns']
    if not tick:
        checks.append(('not-on-ticks', False, 'load-time.txt has no tick_ns line'))
    else:
        figs = [(f'{s}@{z} {w}', v) for (s, z), (mean, best, _) in sorted(res.items())
                for w, v in (('mean', mean), ('best', best)) if v >= tick / 2]
        near = [(lab, v) for lab, v in figs if abs(v - round(v / tick) * tick) <= TICK_NEAR * tick]
        bad = len(near) >= 3 and len(near) > TICK_SHARE * len(figs)
        ex = ', '.join(f'{lab} {v:,} ns = {v / tick:.3f} ticks' for lab, v in near[:4])
        checks.append(('not-on-ticks', not bad,
                       f'{len(near)} of {len(figs)} figures of a tick or more within '
                       f'{100 * TICK_NEAR:g}% of a multiple of the {tick:,} ns tick'
                       + (f' (allowed: {100 * TICK_SHARE:g}%): {ex}' if bad else '')))
    # beyond-hashing: the overhead at 1 MiB is at least hashing that file
    hashed = hash_costs(guest_lines(out))
    bad, least = [], None
    base = res.get(('unsigned', '1m'))
    for (s, z), (mean, _, _) in sorted(res.items()):
        if s == 'unsigned' or z != '1m' or base is None or s.startswith('hashlist-'):
            continue    # (the hash list's own bounds: hashlist-one-pass)
        dig = s.rsplit('-', 1)[-1]
        if dig not in hashed:
            bad.append(f'{s}@1m: no {dig} hashing figure in guest-kunit.txt')
            continue
        h = hashed[dig][0] * size.get((s, '1m'), 1 << 20) / (1 << 20)
        o = mean - base[0]
        if o < h:
            bad.append(f'{s}@1m overhead {M(o)} < hashing the file with {dig} {M(h)}')
        elif least is None or o / h < least[0]:
            least = (o / h, s)
    if base is None:
        bad.append('no unsigned 1 MiB figure')
    checks.append(('beyond-hashing', not bad, '; '.join(bad) if bad else
                   (f'least: {least[1]} at {100 * (least[0] - 1):+.1f}% of hashing'
                    if least else 'nothing compared')))
    # composite-above-ed25519: the composite verifies an Ed25519 half and an ML-DSA-65 one
    comp, ed = PQ_PAIR
    bad, seen = [], []
    for z in CHECKED_SIZES:
        c, e = res.get((comp, z)), res.get((ed, z))
        if c is None and e is None:
            continue
        if c is None or e is None:
            bad.append(f'{comp if c is None else ed}@{z}: no figure')
        elif c[1] <= e[0]:
            bad.append(f'{comp}@{z} best {M(c[1])} <= {ed}@{z} mean {M(e[0])}')
        else:
            seen.append(f'{z} +{M(c[1] - e[0])}')
    checks.append(('composite-above-ed25519', not bad, '; '.join(bad) if bad else
                   (f'the ML-DSA-65 half costs {", ".join(seen)}' if seen else
                    'no v6 rows (a kernel without ML-DSA-65)')))
    # pq-under-mainline: the composite's overhead at most mainline's RSA-4096/SHA-512 one
    if kver == '6.12':
        checks.append(under_mainline(res, 'pq-under-mainline', PQ_BOUND,
                                     'no v6 rows (a kernel without ML-DSA-65)'))
    # hashlist-one-pass: a listed module costs one SHA-256 pass (the loader's) and a lookup
    hl_key = HL_ROWS[0][0]
    one = hash_list_pass(guest_lines(out))
    bad, seen = [], []
    for z in CHECKED_SIZES:
        c, u = res.get((hl_key, z)), res.get(('unsigned', z))
        if c is None:
            continue
        if u is None or one is None:
            bad.append(f'{hl_key}@{z}: no unsigned@{z} figure' if u is None else
                       'no hash_list_speed figure (the loader\'s hash of 1 MiB) in guest-kunit.txt')
            continue
        o = c[0] - u[0]
        h = one * size.get((hl_key, z), 1 << 20) / (1 << 20)
        if o > h + HL_LOOKUP:
            bad.append(f'{hl_key}@{z} overhead {M(o)} > one SHA-256 pass {M(h)} + {M(HL_LOOKUP)}')
            continue
        if o < HL_LOW * h - HL_BASE:
            bad.append(f'{hl_key}@{z} overhead {M(o)} < {HL_LOW:g} of one SHA-256 pass {M(h)} '
                       f'less {M(HL_BASE)}: the module was not hashed')
            continue
        for other in HL_BOUND:
            oc = res.get((other, z))
            if oc is None:
                continue
            dig = other.rsplit('-', 1)[-1]
            if dig not in hashed or 'sha256' not in hashed:
                bad.append(f'{other}@{z}: no {dig} or sha256 hashing figure in guest-kunit.txt')
                continue
            n = size.get((other, z), 1 << 20) / (1 << 20)
            same = oc[0] - u[0] - (hashed[dig][0] - hashed['sha256'][0]) * n
            if o >= same:
                bad.append(f'{hl_key}@{z} overhead {M(o)} >= {other}@{z} {M(oc[0] - u[0])} '
                           f'over SHA-256 ({M(same)})')
        seen.append(f'{z} {M(o)} vs one pass {M(h)} ({M(o - h)} beyond)')
    checks.append(('hashlist-one-pass', not bad, '; '.join(bad) if bad else
                   (f'{hl_key}: {", ".join(seen)}' if seen else
                    'no hash list rows (a kernel without CONFIG_MODULE_HASH_LIST)')))
    # pq87-under-mainline: the same for ML-DSA-87+Ed448 (algorithm 31)
    if kver == '6.12':
        checks.append(under_mainline(res, 'pq87-under-mainline', PQ87_BOUND,
                                     'no ML-DSA-87+Ed448 rows (a kernel without Ed448)'))
    # slhdsa-above-ed25519: each SLH-DSA load above the v6 Ed25519 one (it was verified)
    bad, seen = [], []
    for s, _ in SLH_ROWS:
        for z in CHECKED_SIZES:
            c, e = res.get((s, z)), res.get((SLH_ABOVE, z))
            if c is None:
                continue
            if e is None:
                bad.append(f'{SLH_ABOVE}@{z}: no figure')
            elif c[1] <= e[0]:
                bad.append(f'{s}@{z} best {M(c[1])} <= {SLH_ABOVE}@{z} mean {M(e[0])}')
            else:
                seen.append(f'{s.split("-")[1]}@{z} +{M(c[1] - e[0])}')
    checks.append(('slhdsa-above-ed25519', not bad, '; '.join(bad) if bad else
                   (f'above the v6 Ed25519 load: {", ".join(seen)}' if seen else
                    'no SLH-DSA rows (a kernel without CONFIG_CRYPTO_SLHDSA)')))
    # 7.3: against mainline's own ML-DSA in the same kernel
    if kver == '7.3':
        for name, bound in ML73_BOUNDS:
            checks.append(under_mainline(res, name, bound, f'no {bound[0]} rows'))
    return checks


def target_note(ours, ml, z, ratio):
    """', target <=X: met' (or 'not met') for a ratio row that SLH_TARGETS bounds, else ''."""
    for t_ours, t_ml, bound in SLH_TARGETS:
        if (t_ours, t_ml) == (ours, ml) and z in bound:
            return f', target ≤{bound[z]:.1f}: {"met" if ratio <= bound[z] else "not met"}'
    return ''


def report_checks(out, kver='6.12'):
    """Print each check's verdict; True when all passed (then kept in LAST_CHECKS)."""
    try:
        checks = check_figures(out, kver)
    except (OSError, ValueError) as e:
        print(f'report.py: {out}: cannot read the figures: {e}', file=sys.stderr)
        return False
    for name, ok, why in checks:
        if ok:
            print(f'check {name}: ok: {why}')
        else:
            print(f'report.py: check {name} FAILED: {why}', file=sys.stderr)
    LAST_CHECKS[:] = [(name, why) for name, ok, why in checks]
    return all(ok for _, ok, _ in checks)


def trim(sec):
    """A section's lines without trailing blank lines."""
    sec = list(sec)
    while sec and not sec[-1].strip():
        sec.pop()
    return sec


def runs_entries(secs):
    """{section title: where it comes from} of a results.md's "## Runs" section."""
    runs = {}
    for l in secs.get(RUNS_TITLE, []):
        m = re.match(r'- (.+?): (.*)$', l)
        if m:
            runs[m.group(1)] = re.sub(r' \(kept: not measured since\)$', '', m.group(2))
    return runs


def runs_section(runs):
    return ['', f'## {RUNS_TITLE}', ''] + [f'- {t}: {w}' for t, w in runs.items()]


def main():
    if len(sys.argv) >= 2 and sys.argv[1] in ('-h', '--help'):
        print(__doc__)
        return 0
    if len(sys.argv) in (4, 5) and sys.argv[1] == '--readme':
        if len(sys.argv) == 5 and sys.argv[4] != '--check':
            print(__doc__, file=sys.stderr)
            return 2
        return update_readme(sys.argv[2], sys.argv[3], len(sys.argv) == 5)
    if len(sys.argv) == 5 and sys.argv[1] == '--signing':
        return update_signing(*sys.argv[2:5])
    if len(sys.argv) == 3 and sys.argv[1] == '--check-figures':
        return 0 if report_checks(sys.argv[2]) else 1
    if len(sys.argv) == 4 and sys.argv[1:3] == ['--check-figures', '--kver=7.3']:
        return 0 if report_checks(sys.argv[3], '7.3') else 1
    if len(sys.argv) == 6 and sys.argv[1:3] == ['--kver', '7.3']:
        return main73(*sys.argv[3:6])
    if len(sys.argv) not in (4, 5) or sys.argv[1].startswith('-'):
        print(__doc__, file=sys.stderr)
        return 2
    out, md, png = sys.argv[1:4]
    if not report_checks(out):
        print(f'report.py: {out}: the figures failed the checks above; '
              f'{md}, {png} and README.md are left as they were', file=sys.stderr)
        return 1
    lt = read_load_time(out)
    res = {k: v[0] for k, v in lt['res'].items()}
    nbytes = lt['size']
    schemes = sorted({s for s, _ in res}, key=lambda s: (s != 'unsigned', s))
    over = {}
    for (s, z), v in res.items():
        base = res.get(('unsigned', z))
        if base is not None:
            over[(s, z)] = v - base
    old = results_sections(open(md).read()) if os.path.exists(md) else {}
    old_runs = runs_entries(old)
    runs = {}
    n = lt['n']
    cpus, clock = lt['guest']
    cfg = lt['config']
    rcu = {'CONFIG_TREE_RCU': ' (tree RCU)', 'CONFIG_TINY_RCU': ' (tiny RCU)'}
    rcu = next((v for k, v in rcu.items() if cfg.get(k) == 'y'), '')
    lines = ['# make bench results', '',
             f'Load-time cost: one `finit_module`, the mean of {n} loads after two warm-up loads, '
             'in guest',
             'instructions (QEMU TCG, `-icount shift=0,sleep=off`: deterministic). Overhead = '
             'signed − unsigned.',
             'The module is unloaded outside the timed region and the guest left idle for five '
             'ticks before the',
             f'next load: `delete_module` waits for an RCU grace period{rcu}, which ends on a '
             'timer tick.',
             f'Guest: the test kernel, {cpus} CPU, clocksource `{clock}`, timer tick '
             f'{lt["tick_ns"] / 1e6:g} ms ({lt["tick_ns"]:,} instructions);',
             f'`make bench` of {lt["run"]}.',
             '', '| scheme | ' + ' | '.join(f'{d} total | {d} overhead' for _, d, _ in SIZES) + ' |',
             '|---|' + '---:|---:|' * len(SIZES)]
    runs['Load time'] = f'make bench of {lt["run"]}'
    for s in schemes:
        row = [s]
        for z, _, _ in SIZES:
            v = res.get((s, z))
            o = over.get((s, z))
            row.append(f'{v / 1e6:.2f} M' if v is not None else '–')
            row.append(f'{o / 1e6:+.2f} M' if o is not None and s != 'unsigned' else '–')
        lines.append('| ' + ' | '.join(row) + ' |')
    ul = lt['unload'].get(('unsigned', '6k'))
    if ul:
        lines += ['', f'For the record, not in the figures: unloading the unsigned ≈6 KiB '
                  f'module (`delete_module`) costs {ul[0] / 1e6:.2f} M on average, '
                  f'{ul[0] / lt["tick_ns"]:.2f} ticks.']
    lines += ['', '## Checks', '',
              'Checked by bench/report.py before anything was written (all passed):', '']
    lines += [f'- {name}: {text}' for name, text in LAST_CHECKS]
    lines += ['', '## Ours / mainline overhead ratios', '']
    for ours, ml, label in PAIRS:
        for z, desc, _ in SIZES:
            if (ours, z) in over and (ml, z) in over and over[(ml, z)] > 0:
                r = over[(ours, z)] / over[(ml, z)]
                text = f'ratio {label} ({desc}): {r:.2f}{target_note(ours, ml, z, r)}'
                print(text)
                lines.append(f'- `{text}`')
    # 1 MiB: the overhead against hashing the file alone (same kernel, same boot)
    guest = guest_lines(out)
    hashed = hash_costs(guest)
    if hashed:
        lines += ['', '## 1 MiB: overhead against hashing alone', '',
                  'Hashing 1 MiB with the kernel\'s shash driver, timed by a KUnit case in the '
                  'same -icount boot (guest instructions), scaled to the signed module\'s size: '
                  'what hashing that file alone costs.']
        if cfg.get('CONFIG_SYSTEM_BLACKLIST_KEYRING') == 'y' and 'sha256' in hashed:
            lines += ['', 'Both paths hash the file once more, with SHA-256, for the system '
                      'blacklist, in different cases: mainline\'s',
                      '`mod_verify_sig()` always, ours only while the blacklist holds a '
                      '"bin:" hash (this test kernel\'s holds none)',
                      f'({hashed["sha256"][0] / 1e6:.1f} M for 1 MiB, where it runs).']
            if any(s_.startswith('pgp6-') for s_ in schemes) and 'sha512' in hashed:
                lines += ['A v6 signature\'s digest is never the file\'s own hash (its salt '
                          'is hashed first): a module with both',
                          'a v6 SHA-256 signature and a blacklisted "bin:" hash pays SHA-256 '
                          'twice.',
                          'The v6 modules carry the `module_sig` the signer sizes for them '
                          '(2048 octets for Ed25519, 4096 for the',
                          'composite): its zeros are signed data, hashed by both passes.']
        lines += ['']
        for s_ in schemes:
            dig = s_.rsplit('-', 1)[-1]
            if s_ == 'unsigned' or (s_, '1m') not in over or dig not in hashed:
                continue
            o = over[(s_, '1m')]
            h, drv = hashed[dig]
            h = h * nbytes.get((s_, '1m'), 1 << 20) / (1 << 20)
            text = (f'1 MiB {s_}: overhead {o / 1e6:.2f} M, {dig} alone ({drv}) '
                    f'{h / 1e6:.2f} M: {100.0 * (o - h) / h:+.1f}% beyond hashing')
            print(text)
            lines.append(f'- `{text}`')
    if guest:
        lines += ['', '## Guest KUnit figures (same boot, instructions as ns)', '', '```']
        lines += guest + ['```']
    p = os.path.join(out, 'native.txt')
    if os.path.exists(p):
        lines += ['', '## Native verification speed', '', '```']
        lines += [l.rstrip('\n') for l in open(p)]
        lines += ['```']
        runs[NATIVE_TITLE] = f'make bench of {lt["run"]}'
    elif NATIVE_TITLE in old:
        lines += ['', f'## {NATIVE_TITLE}'] + trim(old[NATIVE_TITLE])
        runs[NATIVE_TITLE] = old_runs.get(NATIVE_TITLE, 'an earlier run') + \
            ' (kept: not measured since)'
    new_sign = signing_sections(out)
    if new_sign:
        lines += new_sign
        for t in SIGNING_TITLES:
            if f'## {t}' in new_sign:
                runs[t] = f'make bench of {lt["run"]}'
    else:
        for t in SIGNING_TITLES:
            if t in old:
                lines += ['', f'## {t}'] + trim(old[t])
                runs[t] = old_runs.get(t, 'an earlier run') + ' (kept: not measured since)'
    lines += runs_section(runs)
    with open(md, 'w') as f:
        f.write('\n'.join(lines) + '\n')

    # Plot: overhead (M instructions) against module size, one line per scheme.
    dat = os.path.join(out, 'plot.dat')
    plotted = [s for s in schemes if s != 'unsigned']
    with open(dat, 'w') as f:
        for s in plotted:
            f.write(f'# {s}\n')
            for z, _, kib in SIZES:
                if (s, z) in over:
                    f.write(f'{kib} {over[(s, z)] / 1e6}\n')
            f.write('\n\n')
    script = [
        'set terminal pngcairo size 900,560 noenhanced',
        f"set output '{png}'",
        "set title 'Module load: signature verification overhead (guest instructions, QEMU -icount)'",
        "set xlabel 'module size (KiB)'", "set ylabel 'overhead over unsigned (M instructions)'",
        'set logscale x 2', 'set key top left', 'set grid',
        'plot ' + ', '.join(f"'{dat}' index {i} with linespoints title '{s}'"
                            for i, s in enumerate(plotted)),
    ]
    try:
        subprocess.run(['gnuplot'], input='\n'.join(script), text=True, check=True)
        print(f'plot: {png}')
    except (OSError, subprocess.CalledProcessError) as e:
        print(f'plot skipped: {e}', file=sys.stderr)
    print(f'results: {md}')
    if len(sys.argv) == 5:
        return update_readme(md, sys.argv[4])
    return 0


def main73(out, md, readme):
    """make bench KVER=7.3: check, then write RESULTS-7.3.md and README.md's 7.3 block."""
    if not report_checks(out, '7.3'):
        print(f'report.py: {out}: the figures failed the checks above; {md} and README.md '
              'are left as they were', file=sys.stderr)
        return 1
    lt = read_load_time(out)
    res = {k: v[0] for k, v in lt['res'].items()}
    over = {(s, z): v - res[('unsigned', z)] for (s, z), v in res.items()
            if ('unsigned', z) in res}
    schemes = sorted({s for s, _ in res}, key=lambda s: (s != 'unsigned', s))
    cpus, clock = lt['guest']
    hashed = hash_costs(guest_lines(out))
    h256, h512 = (hashed.get(d, (0, ''))[0] / 1e6 for d in ('sha256', 'sha512'))
    lines = ['# make bench KVER=7.3 results', '',
             'Load-time cost on the Linux 7.3 test kernel (Debian\'s linux-source-7.3, 7.3.4, '
             'with this series), beside mainline\'s own ML-DSA module signatures in the same '
             'kernel: one `finit_module`, the mean of '
             f'{lt["n"]} loads after two warm-up loads, in guest instructions (QEMU TCG, '
             '`-icount shift=0,sleep=off`). Overhead = signed − unsigned.',
             f'Guest: {cpus} CPU, clocksource `{clock}`, timer tick {lt["tick_ns"] / 1e6:g} ms; '
             f'`make bench KVER=7.3` of {lt["run"]}.',
             '',
             'Mainline\'s ML-DSA signatures are made by 7.3\'s `scripts/sign-file` built against '
             'OpenSSL 3.5.9 in a Debian 13 root (`mmdebstrap`; Debian 12 has OpenSSL 3.0, '
             'without ML-DSA: `tests/qemu/mainline-mldsa.sh`); OpenSSL 3.5 cannot make '
             'ML-DSA CMS without signed attributes, so they carry signed attributes (the '
             'module\'s SHA-512 in them, ML-DSA over them), which the kernel accepts with '
             '`CONFIG_PKCS7_WAIVE_AUTHATTRS_REJECTION_FOR_MLDSA`.  Our ML-DSA half is the same '
             'kernel\'s lib/crypto/mldsa.c: `mldsa_verify_prepared()` on the tables '
             '`mldsa_prepare_key()` made once when the key joined the keyring (the 7.3 '
             'series adds both; mainline\'s `mldsa_verify()` computes them from the key at '
             'each verification).  The hash list is SHA-256: the KUnit lines below hash '
             f'1 MiB with SHA-256 in {h256:.1f} M instructions, with SHA-512 in {h512:.1f} M.',
             '', '| scheme | ' + ' | '.join(f'{d} total | {d} overhead' for _, d, _ in SIZES) + ' |',
             '|---|' + '---:|---:|' * len(SIZES)]
    for s in schemes:
        row = [s]
        for z, _, _ in SIZES:
            v, o = res.get((s, z)), over.get((s, z))
            row.append(f'{v / 1e6:.2f} M' if v is not None else '–')
            row.append(f'{o / 1e6:+.2f} M' if o is not None and s != 'unsigned' else '–')
        lines.append('| ' + ' | '.join(row) + ' |')
    lines += ['', '## Checks', '',
              'Checked by bench/report.py --kver 7.3 before anything was written (all passed):',
              '']
    lines += [f'- {name}: {text}' for name, text in LAST_CHECKS]
    lines += ['', '## Ratios (overhead over overhead, same boot)', '']
    ratios = []
    for ours, ml, label in PAIRS73:
        for z, desc, _ in SIZES:
            if (ours, z) in over and (ml, z) in over and over[(ml, z)] > 0:
                text = f'ratio {label} ({desc}): {over[(ours, z)] / over[(ml, z)]:.2f}'
                print(text)
                lines.append(f'- `{text}`')
                if z in CHECKED_SIZES:
                    ratios.append(text)
    mem = os.path.join(out, 'memory.txt')
    memory = [l.rstrip('\n') for l in open(mem)] if os.path.exists(mem) else []
    if memory:
        lines += ['', '## Memory per verification', ''] + memory
    guest = guest_lines(out)
    if guest:
        lines += ['', '## Guest KUnit figures (same boot, instructions as ns)', '', '```']
        lines += guest + ['```']
    # the figures of the 7.3 cover letter (make patches KVER=7.3 takes this block)
    cover = ['Module load overhead over an unsigned load on this kernel, in guest',
             'instructions (QEMU TCG -icount: deterministic), make bench KVER=7.3 of',
             f'{lt["run"]}:', '',
             f'  {"scheme":44} {"~6 KiB":>9} {"1 MiB":>9}']
    for k, label in README73_ROWS:
        if (k, '6k') in over and (k, '1m') in over:
            cover.append(f'  {label:44} {over[(k, "6k")] / 1e6:+8.2f}M {over[(k, "1m")] / 1e6:+8.1f}M')
    cover += [''] + [f'  {t}' for t in ratios]
    if memory:
        cover += [''] + [f'  {l.lstrip("- ")}' for l in memory if l.strip()]
    lines += ['', '## Figures of the 7.3 cover letter', '', COVER_BEGIN] + cover + [COVER_END]
    with open(md, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'results: {md}')
    # README.md's 7.3 block
    block = [README73_BEGIN, '',
             'On Linux 7.3 (`make bench KVER=7.3`, ' + lt['run'] + '), beside mainline\'s own '
             'ML-DSA module signatures in the same kernel (7.3\'s `sign-file` on OpenSSL 3.5 '
             'in a Debian 13 root), module load cost over an unsigned load, in guest '
             'instructions:', '',
             '| scheme | ~6 KiB module | 1 MiB module | vs mainline ML-DSA-87 (6 KiB / 1 MiB) |',
             '|---|---:|---:|---:|']
    base = (over.get(('mainline-mldsa87-sha512', '6k')), over.get(('mainline-mldsa87-sha512', '1m')))
    for k, label in README73_ROWS:
        if (k, '6k') not in over or (k, '1m') not in over:
            continue
        o6, o1 = over[(k, '6k')], over[(k, '1m')]
        r = (f'{o6 / base[0]:.2f} / {o1 / base[1]:.2f}' if base[0] and base[1] else '–')
        block.append(f'| {label} | {o6 / 1e6:+.2f} M | {o1 / 1e6:+.1f} M | {r} |')
    block += ['', 'Targets (bench/report.py refuses a run above them): '
              + '; '.join(f'`{t}`' for t in ratios if 'vs mainline mldsa' in t
                          and ('mldsa87-ed448' in t or 'mldsa65-ed25519' in t)) + '.']
    if memory:
        block += ['', 'Memory per verification (`bench/memory.sh`: the 7.x side in userspace on '
                  "7.3's lib/crypto):", ''] + [l for l in memory if l.strip()]
    block += ['', README73_END]
    text = open(readme).read()
    a, b = text.find(README73_BEGIN), text.find(README73_END)
    if a < 0 or b < a:
        print(f'report.py: {readme}: no 7.3 figures markers', file=sys.stderr)
        return 1
    new = text[:a] + '\n'.join(block) + '\n' + text[b + len(README73_END) + 1:]
    if new != text:
        with open(readme, 'w') as f:
            f.write(new)
    print(f'readme: {readme} (7.3)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
