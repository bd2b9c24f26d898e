#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Count TAP/KTAP results for make check.

  tap.py tap LOG              a host test's TAP output (plan + ok/not ok lines)
  tap.py console LOG          a QEMU console log: the modtest TAP section (and KUnit's
                              KTAP when the boot printed any)
  tap.py console-kunit LOG    the same, and the boot must have run KUnit
  tap.py kunit LOG            a QEMU console log of a boot that only runs KUnit (no
                              modtest: make check-series)

Prints the failing lines and a summary, and as its last line
"counts PASSED FAILED SKIPPED".  A missing plan, fewer results than planned, or
(console) no modtest section counts as a failure, so a test that silently ran
nothing cannot pass.  KUnit (console-kunit): the log must hold KUnit's KTAP; every
suite's results must match its plan ("1..N"), a suite-level "not ok" is a failure
even when its cases passed, and the counts must agree with KUnit's own
"# SUITE: pass:P fail:F skip:S total:T" lines (test cases), its "# Totals: ..." lines
(cases, each parameter counted) and with the number of suites the top-level plan
announced.
"""
import re
import sys

RESULT = re.compile(r'^(\s*)(not ok|ok) (\d+)\b\s*-?\s*(.*)$')
PLAN = re.compile(r'^(\s*)1\.\.(\d+)')
STATS = re.compile(r'^# (\S+): pass:(\d+) fail:(\d+) skip:(\d+) total:(\d+)$')
SUBTEST = re.compile(r'^(\s*)# Subtest: (\S+)')


def strip_console(line):
    # printk may add "[    1.234567] " timestamps; the serial console adds \r.
    line = line.rstrip('\r\n')
    return re.sub(r'^\[\s*\d+\.\d+\]\s?', '', line)


def is_skip(desc):
    return '# SKIP' in desc.upper()


def count_tap(lines, label):
    """Top-level TAP: returns (passed, failed, skipped, messages)."""
    passed = failed = skipped = 0
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
        if m.group(2) == 'ok':
            if is_skip(m.group(4)):
                skipped += 1
            else:
                passed += 1
        else:
            failed += 1
            msgs.append(f'{label}: {line.strip()}')
    if plan is None:
        failed += 1
        msgs.append(f'{label}: no TAP plan (did the test run at all?)')
    elif passed + failed + skipped != plan:
        failed += 1
        msgs.append(f'{label}: plan 1..{plan} but {passed + failed + skipped} results')
    return passed, failed, skipped, msgs


def count_kunit(lines):
    """KUnit KTAP: (passed, failed, skipped, messages, seen).

    Test cases are the results at indent 4 (a parameterised case counts once, as
    KUnit's per-suite line does); suites are the results at indent 0.
    """
    passed = failed = skipped = 0
    msgs = []
    seen = False
    top_plan = None
    # [name, plan, pass, fail, skip, stats, result, leaves [p, f, s], totals]
    suites = []
    cur = None
    sub = [0, 0, 0]	# results at indent 8 (parameters) since the last test case
    for line in lines:
        m = SUBTEST.match(line)
        if m and len(m.group(1)) == 4:
            cur = [m.group(2), None, 0, 0, 0, None, None, [0, 0, 0], None]
            suites.append(cur)
            sub = [0, 0, 0]
            seen = True
            continue
        m = PLAN.match(line)
        if m:
            if len(m.group(1)) == 0 and top_plan is None and not suites:
                top_plan = int(m.group(2))
            elif len(m.group(1)) == 4 and cur is not None and cur[1] is None:
                cur[1] = int(m.group(2))
            continue
        m = STATS.match(line)
        if m and cur is not None and m.group(1) in (cur[0], 'Totals'):
            cur[5 if m.group(1) == cur[0] else 8] = tuple(int(m.group(i)) for i in range(2, 6))
            continue
        m = RESULT.match(line)
        if not m or cur is None:
            continue
        indent, verdict, desc = len(m.group(1)), m.group(2), m.group(4)
        kind = 2 if verdict == 'ok' and is_skip(desc) else 0 if verdict == 'ok' else 1
        if indent == 8:
            sub[kind] += 1
        elif indent == 4:
            cur[2 + kind] += 1
            if kind == 1:
                msgs.append(f'kunit {cur[0]}: {line.strip()}')
            # KUnit's "# Totals:" counts each parameter of a parameterised case
            for i in range(3):
                cur[7][i] += sub[i] if any(sub) else (kind == i)
            sub = [0, 0, 0]
        elif indent == 0 and desc.split()[:1] == [cur[0]]:
            cur[6] = 'skip' if verdict == 'ok' and is_skip(desc) else verdict
            cur = None
    for name, plan, p, f, s, stats, result, leaves, totals in suites:
        passed, failed, skipped = passed + p, failed + f, skipped + s
        if plan is None:
            failed += 1
            msgs.append(f'kunit {name}: no plan')
        elif p + f + s != plan:
            failed += 1
            msgs.append(f'kunit {name}: plan 1..{plan} but {p + f + s} results')
        if stats is not None and stats != (p, f, s, p + f + s):
            failed += 1
            msgs.append(f'kunit {name}: KUnit says pass:{stats[0]} fail:{stats[1]} '
                        f'skip:{stats[2]} total:{stats[3]}, the log shows {p}/{f}/{s}')
        if totals is not None and totals != (*leaves, sum(leaves)):
            failed += 1
            msgs.append(f'kunit {name}: KUnit totals pass:{totals[0]} fail:{totals[1]} '
                        f'skip:{totals[2]} total:{totals[3]}, the log shows {leaves}')
        if result is None:
            failed += 1
            msgs.append(f'kunit {name}: no suite result (crashed?)')
        elif result == 'not ok':
            failed += 1
            msgs.append(f'kunit {name}: suite result "not ok"')
        elif result == 'ok' and f:
            failed += 1
            msgs.append(f'kunit {name}: suite says ok with {f} failed cases')
    if seen:
        if top_plan is None:
            failed += 1
            msgs.append('kunit: no top-level plan')
        elif top_plan != len(suites):
            failed += 1
            msgs.append(f'kunit: plan 1..{top_plan} but {len(suites)} suites ran')
    return passed, failed, skipped, msgs, seen


def count_console(lines, need_kunit, need_modtest=True):
    begin = [i for i, l in enumerate(lines) if l.startswith('# modtest: begin ')]
    if not need_modtest:
        p, fl, sk, msgs = 0, 0, 0, []
        kunit_lines = lines
    elif begin:
        end = [i for i, l in enumerate(lines) if l.startswith('# modtest: end ')]
        stop = end[0] if end else len(lines)
        p, fl, sk, msgs = count_tap(lines[begin[0] + 1:stop], 'modtest')
        if not end:
            fl += 1
            msgs.append('modtest: section never ended (guest crashed or hung?)')
        kunit_lines = lines[:begin[0]]
    else:
        p, fl, sk, msgs = 0, 1, 0, ['modtest: the guest never printed its TAP plan; console tail:']
        msgs += ['| ' + l for l in lines[-20:]]
        kunit_lines = lines
    kp, kf, ks, kmsgs, seen = count_kunit(kunit_lines)
    p, fl, sk, msgs = p + kp, fl + kf, sk + ks, msgs + kmsgs
    if seen:
        print(f'  kunit: {kp} passed, {kf} failed, {ks} skipped')
    elif need_kunit:
        fl += 1
        msgs.append('kunit: this boot must run KUnit, but the console has no KUnit suite')
    reports = 0
    for bad in ('BUG:', 'WARNING:', 'Kernel panic', 'UBSAN:', 'KASAN:',
                'general protection fault', 'Oops'):
        hits = [l for l in lines if bad in l]
        reports += len(hits)
        if hits:
            fl += 1
            msgs.append(f'console: {hits[0].strip()}')
    print(f'  console scan: {reports} BUG/WARNING/KASAN/UBSAN/Oops lines')
    return p, fl, sk, msgs


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('tap', 'console', 'console-kunit', 'kunit'):
        print(__doc__, file=sys.stderr)
        return 2
    mode, path = sys.argv[1], sys.argv[2]
    with open(path, errors='replace') as f:
        lines = [strip_console(l) for l in f]
    if mode == 'tap':
        p, fl, sk, msgs = count_tap(lines, path)
    else:
        p, fl, sk, msgs = count_console(lines, mode != 'console', mode != 'kunit')
    for m in msgs:
        print('  ' + m)
    print(f'counts {p} {fl} {sk}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
