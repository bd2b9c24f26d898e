#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn make bench's raw figures into bench/results.md and a plot.

  report.py OUTDIR RESULTS.md PLOT.png

Reads OUTDIR/load-time.txt ("bench SCHEME@SIZE mean_ns best_ns verified|unsigned", guest
instructions under -icount shift=0), OUTDIR/guest-kunit.txt (the same boot's KUnit lines:
"pgp_test_hash_speed: sha512 (driver) 1 MiB: N ns per pass", also instructions),
OUTDIR/native.txt and OUTDIR/sign.txt when present (free text, copied),
prints one line per comparison and writes the Markdown table and a gnuplot PNG.
"""
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
]


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    out, md, png = sys.argv[1:]
    res = {}
    nbytes = {}
    with open(os.path.join(out, 'load-time.txt')) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[0] == 'size':
                nbytes[tuple(parts[1].split('@'))] = int(parts[2])
                continue
            if len(parts) == 5 and parts[0] == 'bench':
                scheme, size = parts[1].split('@')
                if scheme != 'unsigned' and parts[4] != 'verified':
                    print(f'warning: {parts[1]} was not verified by the kernel; left out',
                          file=sys.stderr)
                    continue
                res[(scheme, size)] = int(parts[2])
    schemes = sorted({s for s, _ in res}, key=lambda s: (s != 'unsigned', s))
    over = {}
    for (s, z), v in res.items():
        base = res.get(('unsigned', z))
        if base is not None:
            over[(s, z)] = v - base

    lines = ['# make bench results', '',
             'Load-time cost: one `finit_module` + `delete_module`, mean over the runs, in guest',
             'instructions (QEMU TCG, `-icount shift=0`: deterministic). Overhead = signed − unsigned.',
             '', '| scheme | ' + ' | '.join(f'{d} total | {d} overhead' for _, d, _ in SIZES) + ' |',
             '|---|' + '---:|---:|' * len(SIZES)]
    for s in schemes:
        row = [s]
        for z, _, _ in SIZES:
            v = res.get((s, z))
            o = over.get((s, z))
            row.append(f'{v / 1e6:.2f} M' if v is not None else '–')
            row.append(f'{o / 1e6:+.2f} M' if o is not None and s != 'unsigned' else '–')
        lines.append('| ' + ' | '.join(row) + ' |')
    lines += ['', '## Ours / mainline overhead ratios', '']
    for ours, ml, label in PAIRS:
        for z, desc, _ in SIZES:
            if (ours, z) in over and (ml, z) in over and over[(ml, z)] > 0:
                r = over[(ours, z)] / over[(ml, z)]
                text = f'ratio {label} ({desc}): {r:.2f}'
                print(text)
                lines.append(f'- `{text}`')
    # 1 MiB: the overhead against hashing the file alone (same kernel, same boot)
    kunit = os.path.join(out, 'guest-kunit.txt')
    guest = [l.rstrip('\n') for l in open(kunit)] if os.path.exists(kunit) else []
    hashed = {}
    for l in guest:
        m = re.search(r'pgp_test_hash_speed: (sha\d+) \((\S+)\) 1 MiB: (\d+) ns', l)
        if m:
            hashed[m.group(1)] = (int(m.group(3)), m.group(2))
    if hashed:
        lines += ['', '## 1 MiB: overhead against hashing alone', '',
                  'Hashing 1 MiB with the kernel\'s shash driver, timed by a KUnit case in the '
                  'same -icount boot (guest instructions), scaled to the signed module\'s size: '
                  'what hashing that file alone costs.', '']
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
    for extra, title in (('native.txt', 'Native verification speed'),
                         ('sign.txt', 'Signing throughput')):
        p = os.path.join(out, extra)
        if os.path.exists(p):
            lines += ['', f'## {title}', '', '```']
            lines += [l.rstrip('\n') for l in open(p)]
            lines += ['```']
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
    return 0


if __name__ == '__main__':
    sys.exit(main())
