#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn make bench's raw figures into bench/results.md and a plot.

  report.py OUTDIR RESULTS.md PLOT.png

Reads OUTDIR/load-time.txt ("bench SCHEME@SIZE mean_ns best_ns verified|unsigned", guest
instructions under
-icount shift=0), OUTDIR/native.txt and OUTDIR/sign.txt when present (free text, copied),
prints one line per comparison and writes the Markdown table and a gnuplot PNG.
"""
import os
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
    with open(os.path.join(out, 'load-time.txt')) as f:
        for line in f:
            parts = line.split()
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
    # Hashing alone at 1 MiB: compare RSA-2048/SHA-256 against the bare SHA-256 of the file
    # is not measurable in the guest; report the signed-scheme overheads side by side instead.
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
