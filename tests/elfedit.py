#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Small ELF64 surgery for the tamper tests (the test side only; the kernel parses on its own).

  elfedit.py offset FILE REGION          print the file offset of one byte inside REGION
  elfedit.py flip FILE REGION [MASK]     xor that byte with MASK (default 0x01)
  elfedit.py flip-at FILE OFFSET [MASK]  xor the byte at OFFSET
  elfedit.py set-shdr FILE SECTION FIELD VALUE   write a section header field
  elfedit.py rename-as FILE SECTION OTHER   give SECTION the name of OTHER (same sh_name)
  elfedit.py info FILE                   list the regions and their offsets

REGION is one of: ehdr, shdr, padding, sig-padding, sig-mpi, sig-header, or a section
name (.text, .init.text, .rodata, .data, .modinfo, .symtab, .strtab, .rela.text, ...).
The byte chosen inside a section is its middle byte, so it is real content.
FIELD: name type flags addr offset size link info addralign entsize.
"""
import os
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))
import pgpmod  # noqa: E402  (tests/lib/pgpmod.py)
from pgpmod import SHDR_FIELDS  # noqa: E402


class Elf:
    def __init__(self, path):
        self.path = path
        with open(path, 'rb') as f:
            self.data = bytearray(f.read())
        if not pgpmod.is_elf64(self.data):
            raise SystemExit(f'{path}: not an ELF64 file')
        self.shoff, self.shentsize, self.shnum, self.shstrndx = pgpmod.elf_shdr_table(self.data)
        self.sections = pgpmod.elf_sections(self.data)
        for s in self.sections:
            s['sname'] = s['sname'].decode()

    def section(self, name):
        hits = [s for s in self.sections if s['sname'] == name]
        if not hits:
            raise SystemExit(f'{self.path}: no section {name}')
        return hits[0]

    def sig_payload(self):
        s = self.section('module_sig')
        magic = bytes(self.data[s['offset']:s['offset'] + len(pgpmod.SIG_MAGIC)])
        if magic != pgpmod.SIG_MAGIC:
            raise SystemExit(f'{self.path}: module_sig has no OPGPMSIG header')
        start, plen = pgpmod.container_payload(self.data, s['offset'])
        return s, start, plen

    def padding(self):
        """A zero byte between two sections' contents (alignment padding)."""
        spans = sorted((s['offset'], s['offset'] + s['size']) for s in self.sections
                       if s['type'] != 8 and s['size'] > 0)  # 8 = SHT_NOBITS
        spans.append((self.shoff, self.shoff + self.shnum * self.shentsize))
        spans.sort()
        for (a0, a1), (b0, _) in zip(spans, spans[1:]):
            if b0 > a1 and a1 >= 64:
                return a1
        raise SystemExit(f'{self.path}: no inter-section padding found')

    def offset(self, region):
        if region == 'ehdr':
            return 0x18            # e_entry: not used for ET_REL, so only the signature notices
        if region == 'shdr':
            return self.section('.text')['hdr'] + 16   # .text's sh_addr
        if region == 'padding':
            return self.padding()
        if region == 'sig-header':
            return self.section('module_sig')['offset'] + 12
        if region == 'sig-mpi':
            s, start, plen = self.sig_payload()
            return start + plen - 2         # inside the last MPI of the last packet
        if region == 'sig-padding':
            s, start, plen = self.sig_payload()
            if start + plen >= s['offset'] + s['size']:
                raise SystemExit(f'{self.path}: module_sig has no padding')
            return start + plen + (s['offset'] + s['size'] - start - plen) // 2
        s = self.section(region)
        if s['size'] == 0:
            raise SystemExit(f'{self.path}: section {region} is empty')
        return s['offset'] + s['size'] // 2

    def write(self):
        tmp = self.path + '.tmp'
        with open(tmp, 'wb') as f:
            f.write(self.data)
        os.replace(tmp, self.path)


def main(argv):
    if len(argv) < 3 or argv[1] in ('-h', '--help'):
        print(__doc__)
        return 0 if len(argv) > 1 and argv[1] in ('-h', '--help') else 2
    cmd, path = argv[1], argv[2]
    elf = Elf(path)
    if cmd == 'info':
        for r in ['ehdr', 'shdr', 'padding'] + [s['sname'] for s in elf.sections if s['sname']]:
            try:
                print(f'{r:24} {elf.offset(r)}')
            except SystemExit as e:
                print(f'{r:24} - ({e})')
        return 0
    if cmd == 'offset':
        print(elf.offset(argv[3]))
        return 0
    if cmd in ('flip', 'flip-at'):
        off = elf.offset(argv[3]) if cmd == 'flip' else int(argv[3], 0)
        mask = int(argv[4], 0) if len(argv) > 4 else 1
        if not 0 <= off < len(elf.data):
            raise SystemExit(f'{path}: offset {off} outside the file')
        elf.data[off] ^= mask
        elf.write()
        print(off)
        return 0
    if cmd == 'rename-as':
        s = elf.section(argv[3])
        struct.pack_into(pgpmod.elf_order(elf.data) + 'I', elf.data, s['hdr'],
                         elf.section(argv[4])['name'])
        elf.write()
        return 0
    if cmd == 'set-shdr':
        s = elf.section(argv[3])
        vals = [s[f] for f in SHDR_FIELDS]
        vals[SHDR_FIELDS.index(argv[4])] = int(argv[5], 0)
        struct.pack_into(pgpmod.shdr_fmt(elf.data), elf.data, s['hdr'], *vals)
        elf.write()
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
