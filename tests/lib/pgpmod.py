# SPDX-License-Identifier: GPL-2.0
"""ELF64 and OpenPGP readers and writers shared by the test scripts.

The test side only: the kernel parses on its own (kernel/module/signing_pgp_elf.c,
crypto/pgp/).  Python 3.11 standard library, no installation: a script imports
it by a path relative to its own file, e.g. from tests/qemu/:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", "lib"))
    import pgpmod

Readers do not judge what they read beyond what they need to split it: a
caller that must refuse bad input checks for itself (or catches
HEADER_ERRORS, see packet_header()), so each script keeps its own messages.
"""
import struct

# ---- ELF64 (x86_64 and arm64 modules little-endian, s390x big-endian) ----

SHDR_FIELDS = ['name', 'type', 'flags', 'addr', 'offset', 'size', 'link', 'info',
               'addralign', 'entsize']
SHDR_FMT = '<IIQQQQIIQQ'


def is_elf64(data):
    """True when data starts like an ELF64 file of either byte order."""
    return data[:4] == b'\x7fELF' and data[4] == 2 and data[5] in (1, 2)


def elf_order(data):
    """The struct byte-order character of an ELF file: '>' for ELFDATA2MSB, else '<'."""
    return '>' if data[5] == 2 else '<'


def shdr_fmt(data):
    """SHDR_FMT in the byte order of the ELF file in data."""
    return elf_order(data) + SHDR_FMT[1:]


def elf_shdr_table(data):
    """(e_shoff, e_shentsize, e_shnum, e_shstrndx) from the ELF64 header in data."""
    (shoff,) = struct.unpack_from(elf_order(data) + 'Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from(elf_order(data) + 'HHH', data, 0x3a)
    return shoff, shentsize, shnum, shstrndx


def elf_sections(data):
    """Every section header of an ELF64 file, in table order.

    Each is a dict of the SHDR_FIELDS values plus 'index' (its number), 'hdr'
    (the file offset of the header itself, for rewriting it with SHDR_FMT) and
    'sname' (the name, bytes without the NUL, from the section name table).
    """
    shoff, shentsize, shnum, shstrndx = elf_shdr_table(data)
    sections = []
    for i in range(shnum):
        off = shoff + i * shentsize
        vals = struct.unpack_from(shdr_fmt(data), data, off)
        sections.append(dict(zip(SHDR_FIELDS, vals), index=i, hdr=off))
    strtab = sections[shstrndx]['offset']
    for s in sections:
        start = strtab + s['name']
        s['sname'] = bytes(data[start:data.index(0, start)])
    return sections


def find_section(sections, name):
    """The first of sections (from elf_sections()) called name (str or bytes), or None."""
    if isinstance(name, str):
        name = name.encode()
    for s in sections:
        if s['sname'] == name:
            return s
    return None


# ---- the module_sig container (Documentation/admin-guide/module-signing-pgp.rst) ----

SIG_MAGIC = b'OPGPMSIG'
SIG_HEADER_LEN = 16     # magic, version, 3 reserved octets, 32-bit big-endian payload length


def container(payload, version=1, reserved=b'\0\0\0', claimed=None, size=None, tail=b''):
    """module_sig content: header, payload, tail, then zeros up to size.

    claimed is the payload length the header states (default: the real one);
    size the section size (default and minimum: no padding).
    """
    claimed = len(payload) if claimed is None else claimed
    body = SIG_MAGIC + bytes([version]) + reserved + struct.pack('>I', claimed) + payload + tail
    size = max(size or 0, len(body))
    return body + b'\0' * (size - len(body))


def container_payload(data, off):
    """(start, length) of the payload of the container at data[off:], as its header says.

    Neither the magic nor the length is checked.
    """
    (length,) = struct.unpack_from('>I', data, off + 12)
    return off + SIG_HEADER_LEN, length


# ---- OpenPGP packets (RFC 4880 4.2, 5.2.3) ----

class PacketError(ValueError):
    """A packet header this reader does not take: kind is one of the constants below."""

    NOT_PACKET = 'not a packet'         # bit 7 of the first octet clear (e.g. armour)
    PARTIAL = 'partial length'
    INDETERMINATE = 'indeterminate length'

    def __init__(self, kind):
        super().__init__(kind)
        self.kind = kind


# what packet_header() raises for a header that is bad or cut short
HEADER_ERRORS = (PacketError, IndexError, struct.error)


def new_len(n):
    """New-format body length octets (RFC 4880 4.2.2) for n, never partial."""
    if n < 192:
        return bytes([n])
    if n < 8384:
        n -= 192
        return bytes([(n >> 8) + 192, n & 0xff])
    return b'\xff' + struct.pack('>I', n)


def packet(tag, body, old=False):
    """A whole packet: new-format header, or with old=True (and tag < 16) old format
    with the smallest length type."""
    if old and tag < 16:
        if len(body) < 256:
            return bytes([0x80 | tag << 2 | 0, len(body)]) + body
        if len(body) < 65536:
            return bytes([0x80 | tag << 2 | 1]) + struct.pack('>H', len(body)) + body
        return bytes([0x80 | tag << 2 | 2]) + struct.pack('>I', len(body)) + body
    return bytes([0xc0 | tag]) + new_len(len(body)) + body


def packet_header(buf, p=0):
    """(tag, header length, body length) of the packet header at buf[p], old or new format.

    Raises PacketError for a first octet without bit 7, a partial or an
    indeterminate length; a header cut short raises IndexError or struct.error
    (an old-format length cut short is read from the octets present).  The body
    length is not checked against buf.
    """
    ctb = buf[p]
    if not ctb & 0x80:
        raise PacketError(PacketError.NOT_PACKET)
    if ctb & 0x40:
        o = buf[p + 1]
        if o < 192:
            return ctb & 0x3f, 2, o
        if o < 224:
            return ctb & 0x3f, 3, ((o - 192) << 8) + buf[p + 2] + 192
        if o == 255:
            return ctb & 0x3f, 6, struct.unpack('>I', buf[p + 2:p + 6])[0]
        raise PacketError(PacketError.PARTIAL)
    lt = ctb & 3
    if lt == 3:
        raise PacketError(PacketError.INDETERMINATE)
    hl = 1 + (1 << lt)
    return (ctb >> 2) & 0xf, hl, int.from_bytes(buf[p + 1:p + hl], 'big')


def subpacket(typ, data):
    """A signature subpacket: length octets, type octet (with 0x80 for critical), data."""
    return new_len(len(data) + 1) + bytes([typ]) + data


def subpackets(area):
    """[(type octet, data)] of a subpacket area, in order.

    A subpacket of length 0 (no type octet) raises IndexError; one longer than
    the area gets the octets that are there.
    """
    out, p = [], 0
    while p < len(area):
        o = area[p]
        if o < 192:
            n, p = o, p + 1
        elif o < 255:
            n, p = ((o - 192) << 8) + area[p + 1] + 192, p + 2
        else:
            n, p = struct.unpack('>I', area[p + 1:p + 5])[0], p + 5
        body = area[p:p + n]
        out.append((body[0], body[1:]))
        p += n
    return out


def split_sig_v4(body):
    """The fields of a v4 signature packet body, as they are (version not checked):
    (version, type, public-key algorithm, hash algorithm, hashed area, unhashed
    area, 2-octet digest prefix, MPI octets)."""
    version, typ, algo, hash_algo = body[0:4]
    (hl,) = struct.unpack('>H', body[4:6])
    hashed = body[6:6 + hl]
    p = 6 + hl
    (ul,) = struct.unpack('>H', body[p:p + 2])
    unhashed = body[p + 2:p + 2 + ul]
    p += 2 + ul
    return version, typ, algo, hash_algo, hashed, unhashed, body[p:p + 2], body[p + 2:]
