"""MS-OVBA §2.4.1 compression: the CompressedContainer that holds VBA source and `dir`.

A container is the signature byte 0x01 followed by chunks, each encoding up to 4096 bytes
of input. A compressed chunk is a sequence of flag bytes, each announcing eight tokens:
a literal byte (flag bit 0) or a 16-bit copy token (flag bit 1) pointing back into the
same chunk. The match search here is the specification's (the longest match, the nearest
one among equals), sped up by indexing every position by its first three bytes, so the
output is the one the specification's pseudocode gives.
"""

from __future__ import annotations

CHUNK = 4096  # input bytes per chunk
_MIN_MATCH = 3
_SIGNATURE = 0x01
_CHUNK_SIGNATURE = 0b011 << 12
_COMPRESSED = 0x8000


def compress(data: bytes) -> bytes:
    """The CompressedContainer of `data` (MS-OVBA §2.4.1.3.6)."""
    data = bytes(data)
    out = bytearray([_SIGNATURE])
    for start in range(0, len(data), CHUNK):
        out += _chunk(data, start, min(start + CHUNK, len(data)))
    return bytes(out)


def decompress(container: bytes) -> bytes:
    """The bytes a CompressedContainer encodes (MS-OVBA §2.4.1.3.1)."""
    if not container or container[0] != _SIGNATURE:
        raise ValueError("not an MS-OVBA compressed container (signature byte 0x01 missing)")
    out = bytearray()
    pos = 1
    while pos < len(container):
        if pos + 2 > len(container):
            raise ValueError(f"truncated chunk header at offset {pos}")
        header = int.from_bytes(container[pos:pos + 2], "little")
        if header & 0x7000 != _CHUNK_SIGNATURE:
            raise ValueError(f"bad chunk signature at offset {pos}")
        end = min(pos + (header & 0x0FFF) + 3, len(container))
        pos += 2
        if not header & _COMPRESSED:
            out += container[pos:pos + CHUNK]
            pos += CHUNK
            continue
        chunk_start = len(out)
        while pos < end:
            flags = container[pos]
            pos += 1
            for bit in range(8):
                if pos >= end:
                    break
                if not flags >> bit & 1:
                    out.append(container[pos])
                    pos += 1
                    continue
                token = int.from_bytes(container[pos:pos + 2], "little")
                pos += 2
                bits = _offset_bits(len(out) - chunk_start)
                offset = (token >> (16 - bits)) + 1
                length = (token & (0xFFFF >> bits)) + _MIN_MATCH
                if offset > len(out) - chunk_start:
                    raise ValueError(f"copy token points before its chunk at offset {pos - 2}")
                for _ in range(length):  # byte by byte: a copy may overlap its own output
                    out.append(out[-offset])
    return bytes(out)


def _offset_bits(position: int) -> int:
    """Bits of a copy token given to the offset at `position` within the chunk (§2.4.1.3.19.1):
    the smallest n with 2**n >= position, at least 4."""
    return max((position - 1).bit_length(), 4)


def _chunk(data: bytes, start: int, end: int) -> bytes:
    """One chunk: compressed if that fits in 4096 bytes, else raw (§2.4.1.3.7)."""
    body = bytearray()
    seen: dict[bytes, list[int]] = {}  # first three bytes -> their positions, in order
    pos = start
    while pos < end:
        flag_at = len(body)
        body.append(0)
        flags = 0
        for bit in range(8):
            if pos >= end:
                break
            offset, length = _longest_match(data, start, pos, end, seen)
            if length:
                bits = _offset_bits(pos - start)
                token = (offset - 1) << (16 - bits) | (length - _MIN_MATCH)
                body += token.to_bytes(2, "little")
                flags |= 1 << bit
            else:
                body.append(data[pos])
                length = 1
            for p in range(pos, min(pos + length, end - _MIN_MATCH + 1)):
                seen.setdefault(data[p:p + _MIN_MATCH], []).append(p)
            pos += length
        body[flag_at] = flags
    if len(body) <= CHUNK:
        header = _COMPRESSED | _CHUNK_SIGNATURE | (len(body) + 2 - 3)
        return header.to_bytes(2, "little") + bytes(body)
    # Incompressible: a raw chunk always holds exactly 4096 bytes, padded with zeros
    # (§2.4.1.3.10). VBA source never gets here; Excel is reported to drop such modules.
    raw = data[start:end].ljust(CHUNK, b"\x00")
    return (_CHUNK_SIGNATURE | (CHUNK + 2 - 3)).to_bytes(2, "little") + raw


def _longest_match(data: bytes, start: int, pos: int, end: int,
                   seen: dict[bytes, list[int]]) -> tuple[int, int]:
    """(offset, length) of the copy token for data[pos:] (§2.4.1.3.19.4): the earlier position
    in the chunk with the longest match, the nearest among equals, the length then capped at
    what the token can hold; length 0 when no match reaches three bytes."""
    candidates = seen.get(data[pos:pos + _MIN_MATCH])
    if not candidates:
        return 0, 0
    limit = end - pos
    best, best_at = 0, 0
    for candidate in reversed(candidates):  # nearest first: ties keep the nearest
        if best >= limit:
            break
        if best and data[candidate + best] != data[pos + best]:
            continue  # cannot be longer than the best so far
        length = _common_prefix(data, candidate, pos, limit)
        if length > best:
            best, best_at = length, candidate
    if best < _MIN_MATCH:
        return 0, 0
    return pos - best_at, min(best, (0xFFFF >> _offset_bits(pos - start)) + _MIN_MATCH)


def _common_prefix(data: bytes, a: int, b: int, limit: int) -> int:
    """How many bytes data[a:] and data[b:] share, up to `limit` (a < b; may overlap)."""
    if data[a:a + limit] == data[b:b + limit]:
        return limit
    low, high = 0, limit  # data[a:a+low] == data[b:b+low]; data[a:a+high] != data[b:b+high]
    while high - low > 1:
        middle = (low + high) // 2
        if data[a:a + middle] == data[b:b + middle]:
            low = middle
        else:
            high = middle
    return low
