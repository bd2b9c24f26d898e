#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Searches the signing tool's memory for its secrets once it is done with them.

Usage: memscan.py PROBE.so LOG [--stop WHERE] [--kinds K,...] [--secret HEX[:LABEL]]...
                  [--public FILE]... -- CMD...

Runs CMD with the probe memscan.c preloaded (LD_PRELOAD=PROBE.so, its log in
LOG), which stops the process in its last destructor, after main() returned:
everything the tool wipes is wiped by then.  The secrets are those the probe
logged (getrandom()'s output to the tool, Ed25519 seeds, cipher keys, HKDF's
input and output) less those found in a --public FILE (a signature's salt is
random too, and public), and each --secret.  Every 16 octets of each secret
are searched for in every writable mapping of the stopped process
(/proc/PID/mem: heap, stack, data); then the process goes on.  --stop
EVP_DigestSignInit stops it at that function's first call instead (the
secret key is in use, what its decryption derived must be gone), --kinds
limits the logged secrets searched for to those kinds (key,hkdf,kek).  Prints one line
per secret found ("FOUND LABEL in MAPPING at ADDRESS") and per moment a secret
was held with core dumps on ("DUMPABLE ..."); the last line is
"secrets: N searched, N found, core dumps off|on, tool exit RC".
Exit status 0 when nothing was found, core dumps were off whenever a secret
was held and CMD exited 0; 1 otherwise; 2 on a usage error or when the
process did not stop.
"""
import os
import signal
import sys


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help") or "--" not in argv or len(argv) < 4:
        print(__doc__.strip())
        sys.exit(0 if argv and argv[0] in ("-h", "--help") else 2)
    sep = argv.index("--")
    opts, cmd = argv[:sep], argv[sep + 1:]
    probe, log = os.path.abspath(opts[0]), opts[1]
    secrets, public, stop, kinds = [], [], "exit", None
    i = 2
    while i < len(opts):
        if opts[i] == "--stop":
            stop = opts[i + 1]
        elif opts[i] == "--kinds":
            kinds = opts[i + 1].split(",")
        elif opts[i] == "--secret":
            h, _, label = opts[i + 1].partition(":")
            secrets.append((label or "given", bytes.fromhex(h)))
        elif opts[i] == "--public":
            public.append(opts[i + 1])
        else:
            print(f"memscan.py: unknown option {opts[i]}", file=sys.stderr)
            sys.exit(2)
        i += 2
    if os.path.exists(log):
        os.unlink(log)
    env = dict(os.environ, LD_PRELOAD=probe, MEMSCAN_LOG=log, MEMSCAN_STOP=stop)
    pid = os.fork()
    if pid == 0:
        os.execvpe(cmd[0], cmd, env)
    _, status = os.waitpid(pid, os.WUNTRACED)
    if not os.WIFSTOPPED(status):
        print(f"memscan.py: {cmd[0]} ended without stopping (status {status})")
        sys.exit(2)

    try:
        found, held_on = scan(pid, log, secrets, public, kinds)
    finally:
        os.kill(pid, signal.SIGCONT)	# never left stopped
    _, status = os.waitpid(pid, 0)
    rc = os.waitstatus_to_exitcode(status)
    for line in found:
        print(line)
    for h in held_on:
        print(f"DUMPABLE while holding {h}")
    print(f"secrets: {len(secrets)} searched, {len(found)} found, core dumps "
          f"{'on' if held_on else 'off'}, tool exit {rc}")
    sys.exit(0 if not found and not held_on and rc == 0 and secrets else 1)


def scan(pid, log, secrets, public, kinds):
    """The secrets found in the stopped process @pid, the moments core dumps were on."""
    # (read now: the command may have written them)
    public = [open(p, "rb").read() for p in public]
    held_on = []
    for line in open(log):
        w = line.split()
        if len(w) < 4:
            continue		# ("exit", or where it stopped: no secret)
        kind, data, flags = w[0], bytes.fromhex(w[1]), dict(x.split("=") for x in w[2:])
        if flags.get("dumpable") != "0" or flags.get("core") != "0":
            held_on.append(f"{kind} ({' '.join(w[2:])})")
        if kind == "rand" and any(data in p for p in public):
            continue		# a salt: it is in the signature
        if len(data) >= 16 and (kinds is None or kind in kinds):
            secrets.append((kind, data))

    found = []
    maps = open(f"/proc/{pid}/maps").read().splitlines()
    with open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
        for m in maps:
            f = m.split(None, 5)
            lo, hi = (int(x, 16) for x in f[0].split("-"))
            name = f[5] if len(f) > 5 else "[anonymous]"
            if "w" not in f[1] or "r" not in f[1]:
                continue
            try:
                mem.seek(lo)
                chunk = mem.read(hi - lo)
            except OSError:
                continue
            for n, (label, s) in enumerate(secrets):
                for k in range(0, len(s) - 15, 16):
                    at = chunk.find(s[k:k + 16])
                    if at >= 0:
                        found.append(f"FOUND {label}#{n} (octets {k}..{k + 15} of {len(s)}) "
                                     f"in {name} at {lo + at:#x}")
    return found, held_on


if __name__ == "__main__":
    main()
