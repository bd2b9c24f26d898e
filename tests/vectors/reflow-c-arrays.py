#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Lay out the byte arrays of generated C headers the way checkpatch --strict wants them.

  reflow-c-arrays.py FILE...

Every run of lines made only of byte literals ("0x12,0x34," in any spacing) is re-emitted
as "\\t0x12, 0x34, ..." with 12 bytes a line (80 columns with the tab).  Other lines are
kept.  The vector generators call this on their output, so a regenerated header keeps
the same layout.
"""
import re
import sys

BYTES = re.compile(r'^\s*(0x[0-9a-fA-F]{2}\s*,\s*)+(0x[0-9a-fA-F]{2})?\s*$')


def reflow(text):
    out, run = [], []

    def flush():
        if run:
            for i in range(0, len(run), 12):
                out.append('\t' + ', '.join(run[i:i + 12]) + ',')
            run.clear()

    for line in text.split('\n'):
        if BYTES.match(line):
            run.extend(re.findall(r'0x[0-9a-fA-F]{2}', line))
        else:
            flush()
            out.append(line)
    flush()
    return '\n'.join(out)


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ('-h', '--help'):
        print(__doc__)
        return 0 if len(sys.argv) > 1 else 2
    for path in sys.argv[1:]:
        with open(path) as f:
            text = f.read()
        new = reflow(text)
        if new != text:
            with open(path, 'w') as f:
                f.write(new)
    return 0


if __name__ == '__main__':
    sys.exit(main())
