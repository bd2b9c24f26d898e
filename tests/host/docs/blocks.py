#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Lists the literal blocks of a reStructuredText file for tests/host/docs.

Usage: blocks.py RST OUTDIR

Writes OUTDIR/NN.sh (the text of block NN, as written) and prints one line per
block: "NN LINE KIND [ARG...]".  A block's KIND comes from a comment before it,
".. doc-test: KIND [ARG...]" (the nearest one since the previous block):

  run      (no comment) shell commands that need no kernel: they are run
  undo     run, and what they change is undone afterwards (they retire a key
           the later blocks still use)
  given    run, after the test has made what the ARGs name (what a reader has
           at hand and the guide does not make: a second key, modules)
  kernel   needs a running kernel with this feature (keyctl, /proc/keys, boot)
  device   needs a device (a smartcard)
  text     not commands: a file's contents, output, a layout

An unknown KIND, or a comment that no block follows, is an error (exit 1), so
that every choice is written where the block is.
"""
import os
import sys

import docutils.core
import docutils.nodes as nodes

KINDS = {"run", "undo", "given", "kernel", "device", "text"}


def main():
    if len(sys.argv) != 3 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) == 2 else 2)
    rst, out = sys.argv[1], sys.argv[2]
    src = open(rst, encoding="utf-8").read()
    lines = src.splitlines()
    doc = docutils.core.publish_doctree(
        src, settings_overrides={"report_level": 4, "halt_level": 5})
    os.makedirs(out, exist_ok=True)
    marker, marker_line, pos, n, bad = None, 0, 0, 0, 0
    for node in doc.findall():
        if isinstance(node, nodes.comment):
            text = node.astext().strip()
            if not text.startswith("doc-test:"):
                continue
            if marker is not None:
                print(f"{rst}: doc-test comment '{' '.join(marker)}' has no block after it",
                      file=sys.stderr)
                bad = 1
            marker = text[len("doc-test:"):].split()
            if not marker or marker[0] not in KINDS:
                print(f"{rst}: unknown doc-test kind in '{text}' (one of {sorted(KINDS)})",
                      file=sys.stderr)
                bad = 1
                marker = ["run"]
            continue
        if not isinstance(node, nodes.literal_block):
            continue
        text = node.astext()
        first = text.splitlines()[0].rstrip() if text else ""
        line = 0
        for i in range(pos, len(lines)):
            if first and lines[i].strip() == first.strip():
                line, pos = i + 1, i + 1
                break
        n += 1
        kind = marker or ["run"]
        marker = None
        with open(os.path.join(out, f"{n:02d}.sh"), "w", encoding="utf-8") as f:
            f.write(text + "\n")
        print(f"{n:02d} {line} {' '.join(kind)}")
    if marker is not None:
        print(f"{rst}: doc-test comment '{' '.join(marker)}' has no block after it",
              file=sys.stderr)
        bad = 1
    sys.exit(bad)


if __name__ == "__main__":
    main()
