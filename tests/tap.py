#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Count TAP/KTAP results for make check.

  tap.py tap LOG        a host test's TAP output (plan + ok/not ok lines)
  tap.py console LOG    a QEMU console log: KUnit KTAP and the modtest TAP section

Prints the failing lines and a summary, and as its last line "counts PASSED FAILED".
A missing plan, fewer results than planned, or (console) no modtest section counts as
a failure, so a test that silently ran nothing cannot pass.
"""
import re
import sys

RESULT = re.compile(r'^(\s*)(not ok|ok) (\d+)\b\s*-?\s*(.*)$')
PLAN = re.compile(r'^(\s*)1\.\.(\d+)')


def strip_console(line):
    # printk may add "[    1.234567] " timestamps; the serial console adds \r.
    line = line.rstrip('\r\n')
    return re.sub(r'^\[\s*\d+\.\d+\]\s?', '', line)


def count_tap(lines, label):
    """Top-level TAP: returns (passed, failed, messages)."""
    passed = failed = 0
    plan = None
    msgs = []
    for line in lines:
        m = PLAN.match(line)
        if m and m.group(1) == '' and plan is None:
            plan = int(m.group(2))
            continue
        m = RESULT.match(line)
        if not m or m.group(1) != '':
            continue
        skip = '# SKIP' in m.group(4).upper()
        if m.group(2) == 'ok':
            passed += 0 if skip else 1
        else:
            failed += 1
            msgs.append(f'{label}: {line.strip()}')
    if plan is None:
        failed += 1
        msgs.append(f'{label}: no TAP plan (did the test run at all?)')
    elif passed + failed < plan:
        missing = plan - passed - failed
        # A skip still counts as a result for the plan.
        skips = sum(1 for l in lines if RESULT.match(l) and '# SKIP' in l.upper()
                    and RESULT.match(l).group(1) == '')
        if missing > skips:
            failed += 1
            msgs.append(f'{label}: plan 1..{plan} but only {passed + failed + skips} results')
    return passed, failed, msgs


def count_kunit(lines):
    """KUnit KTAP: count test cases (indent 4) and parameterised leaves below them."""
    passed = failed = 0
    msgs = []
    suite = None
    seen = False
    for line in lines:
        if re.match(r'^\s*# Subtest: ', line) and line.startswith('    #'):
            suite = line.split(':', 1)[1].strip()
            seen = True
            continue
        m = RESULT.match(line)
        if not m or len(m.group(1)) != 4:
            continue
        desc = m.group(4)
        if '# SKIP' in desc.upper():
            continue
        if m.group(2) == 'ok':
            passed += 1
        else:
            failed += 1
            msgs.append(f'kunit {suite}: {line.strip()}')
    return passed, failed, msgs, seen


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('tap', 'console'):
        print(__doc__, file=sys.stderr)
        return 2
    mode, path = sys.argv[1], sys.argv[2]
    with open(path, errors='replace') as f:
        lines = [strip_console(l) for l in f]
    if mode == 'tap':
        p, fl, msgs = count_tap(lines, path)
    else:
        # The modtest section of the console.
        begin = [i for i, l in enumerate(lines) if l.startswith('# modtest: begin ')]
        if begin:
            end = [i for i, l in enumerate(lines) if l.startswith('# modtest: end ')]
            stop = end[0] if end else len(lines)
            p, fl, msgs = count_tap(lines[begin[0] + 1:stop], 'modtest')
            if not end:
                fl += 1
                msgs.append('modtest: section never ended (guest crashed or hung?)')
        else:
            p, fl, msgs = 0, 1, ['modtest: the guest never printed its TAP plan; console tail:']
            msgs += ['| ' + l for l in lines[-20:]]
        kp, kf, kmsgs, seen = count_kunit(lines)
        p, fl, msgs = p + kp, fl + kf, msgs + kmsgs
        if seen:
            print(f'  kunit: {kp} passed, {kf} failed')
        reports = 0
        for bad in ('BUG:', 'WARNING:', 'Kernel panic', 'UBSAN:', 'KASAN:',
                    'general protection fault', 'Oops'):
            hits = [l for l in lines if bad in l]
            reports += len(hits)
            if hits:
                fl += 1
                msgs.append(f'console: {hits[0].strip()}')
        print(f'  console scan: {reports} BUG/WARNING/KASAN/UBSAN/Oops lines')
    for m in msgs:
        print('  ' + m)
    print(f'counts {p} {fl}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
