"""A writer of MS-CFB compound files (version 3: 512-byte sectors), the OLE container of
`vbaProject.bin`.

Streams smaller than 4096 bytes live in the mini stream (64-byte sectors), larger ones in
regular sectors. Every storage's children form a balanced binary tree coloured as a valid
red-black tree. CLSIDs, state bits and timestamps are zero, so the same streams always
give the same bytes.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass, field

SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")
SECTOR = 512
MINI_SECTOR = 64
MINI_CUTOFF = 4096
FREESECT = 0xFFFFFFFF
ENDOFCHAIN = 0xFFFFFFFE
FATSECT = 0xFFFFFFFD
NOSTREAM = 0xFFFFFFFF
_HEADER_DIFAT = 109  # FAT sector numbers the header holds
_ENTRY = 128
_STORAGE, _STREAM, _ROOT = 1, 2, 5
_RED, _BLACK = 0, 1


@dataclass
class _Entry:
    name: str
    kind: int
    data: bytes = b""
    children: dict[str, _Entry] = field(default_factory=dict)
    left: int = NOSTREAM
    right: int = NOSTREAM
    child: int = NOSTREAM
    color: int = _BLACK
    start: int = ENDOFCHAIN
    size: int = 0


def compound_file(streams: Mapping[str, bytes]) -> bytes:
    """A compound file holding `streams`, keyed by path ("VBA/dir": stream "dir" in storage
    "VBA"); storages are created from the paths."""
    root = _tree(streams)
    entries = _number(root)
    for entry in entries:
        if entry.children:
            entry.child = _sibling_tree(entry, entries)

    mini = bytearray()
    mini_fat: list[int] = []
    big = [e for e in entries if e.kind == _STREAM and len(e.data) >= MINI_CUTOFF]
    for entry in entries:
        if entry.kind == _STREAM and 0 < len(entry.data) < MINI_CUTOFF:
            count = -(-len(entry.data) // MINI_SECTOR)
            entry.start, entry.size = len(mini_fat), len(entry.data)
            mini_fat += [*range(entry.start + 1, entry.start + count), ENDOFCHAIN]
            mini += entry.data.ljust(count * MINI_SECTOR, b"\x00")

    directory_sectors = -(-len(entries) * _ENTRY // SECTOR)
    mini_fat_sectors = -(-len(mini_fat) * 4 // SECTOR)
    mini_sectors = -(-len(mini) // SECTOR)
    big_sectors = [-(-len(e.data) // SECTOR) for e in big]
    data_sectors = directory_sectors + mini_fat_sectors + mini_sectors + sum(big_sectors)
    fat_sectors = 1
    while fat_sectors * SECTOR // 4 < fat_sectors + data_sectors:
        fat_sectors += 1
    if fat_sectors > _HEADER_DIFAT:
        raise ValueError("compound file too large for a header-only DIFAT (about 6.8 MB)")

    fat: list[int] = [FATSECT] * fat_sectors
    chains: list[bytes] = []

    def allocate(data: bytes, sectors: int) -> int:
        first = len(fat)
        fat.extend([*range(first + 1, first + sectors), ENDOFCHAIN])
        chains.append(data.ljust(sectors * SECTOR, b"\x00"))
        return first

    directory_start = allocate(b"", directory_sectors)  # filled in below, once complete
    mini_fat_start = (allocate(b"".join(struct.pack("<I", n) for n in mini_fat),
                               mini_fat_sectors) if mini_fat else ENDOFCHAIN)
    root.start = allocate(bytes(mini), mini_sectors) if mini else ENDOFCHAIN
    root.size = len(mini)
    for entry, sectors in zip(big, big_sectors):
        entry.start, entry.size = allocate(entry.data, sectors), len(entry.data)
    fat += [FREESECT] * (fat_sectors * SECTOR // 4 - len(fat))

    directory = b"".join(_directory_entry(e) for e in entries)
    free_entries = directory_sectors * SECTOR // _ENTRY - len(entries)
    chains[0] = directory + _free_entry() * free_entries

    header = _header(fat_sectors, directory_start, mini_fat_start, mini_fat_sectors)
    fat_bytes = struct.pack(f"<{len(fat)}I", *fat)
    return header + fat_bytes + b"".join(chains)


def _tree(streams: Mapping[str, bytes]) -> _Entry:
    root = _Entry("Root Entry", _ROOT)
    for path, data in streams.items():
        *storages, name = path.split("/")
        node = root
        for storage in storages:
            node = node.children.setdefault(storage, _Entry(storage, _STORAGE))
            if node.kind != _STORAGE:
                raise ValueError(f"{path!r}: {storage!r} is a stream, not a storage")
        if name in node.children:
            raise ValueError(f"{path!r} given twice")
        node.children[name] = _Entry(name, _STREAM, bytes(data))
    return root


def _order(name: str) -> tuple[int, str]:
    """MS-CFB sibling order: shorter names first, then by upper-cased code points."""
    return len(name.encode("utf-16-le")), name.upper()


def _number(root: _Entry) -> list[_Entry]:
    """Every entry, root first, then each storage's children in sibling order (breadth
    first): the index in this list is the directory entry's stream ID."""
    entries, queue = [root], [root]
    while queue:
        node = queue.pop(0)
        for child in sorted(node.children.values(), key=lambda e: _order(e.name)):
            if len(child.name) > 31:
                raise ValueError(f"name longer than 31 characters: {child.name!r}")
            entries.append(child)
            queue.append(child)
    return entries


def _sibling_tree(parent: _Entry, entries: list[_Entry]) -> int:
    """Link `parent`'s children as a balanced search tree; return the root's stream ID.

    Splitting at the middle puts every empty link at depth h or h + 1; making the nodes at
    the deepest level red (unless that level is full) gives equal black heights."""
    ids = {id(e): index for index, e in enumerate(entries)}
    children = sorted(parent.children.values(), key=lambda e: _order(e.name))
    depth = (len(children)).bit_length() - 1  # deepest level of the node tree
    full = len(children) == 2 ** (depth + 1) - 1

    def build(low: int, high: int, level: int) -> int:
        if low >= high:
            return NOSTREAM
        middle = (low + high) // 2
        node = children[middle]
        node.left = build(low, middle, level + 1)
        node.right = build(middle + 1, high, level + 1)
        node.color = _RED if level == depth and not full else _BLACK
        return ids[id(node)]

    return build(0, len(children), 0)


def _directory_entry(entry: _Entry) -> bytes:
    name = (entry.name + "\x00").encode("utf-16-le")
    return struct.pack(
        "<64sHBBIII16sIQQIQ", name, len(name), entry.kind, entry.color, entry.left,
        entry.right, entry.child, b"\x00" * 16, 0, 0, 0,
        entry.start if entry.kind != _STORAGE else 0, entry.size)


def _free_entry() -> bytes:
    return struct.pack("<64sHBBIII16sIQQIQ", b"", 0, 0, 0, NOSTREAM, NOSTREAM, NOSTREAM,
                       b"\x00" * 16, 0, 0, 0, 0, 0)


def _header(fat_sectors: int, directory_start: int, mini_fat_start: int,
            mini_fat_sectors: int) -> bytes:
    difat = list(range(fat_sectors)) + [FREESECT] * (_HEADER_DIFAT - fat_sectors)
    return (SIGNATURE + b"\x00" * 16
            + struct.pack("<HHHHH6sIIIIIIIII", 0x003E, 0x0003, 0xFFFE, 9, 6, b"", 0,
                          fat_sectors, directory_start, 0, MINI_CUTOFF, mini_fat_start,
                          mini_fat_sectors, ENDOFCHAIN, 0)
            + struct.pack(f"<{_HEADER_DIFAT}I", *difat))
