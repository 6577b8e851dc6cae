"""A small reader for PCF bitmap fonts (the X11 format Debian ships Spleen in).

Only what the one-off conversion needs: metrics, bitmaps, encodings, accelerators.
Layout reference: the X.Org pcfread.c / FreeType pcfread.c table formats.
"""
from __future__ import annotations

import gzip
import struct

PCF_PROPERTIES = 1 << 0
PCF_ACCELERATORS = 1 << 1
PCF_METRICS = 1 << 2
PCF_BITMAPS = 1 << 3
PCF_BDF_ENCODINGS = 1 << 5
PCF_BDF_ACCELERATORS = 1 << 8
PCF_COMPRESSED_METRICS = 0x100


class _Reader:
    def __init__(self, data: bytes, offset: int):
        self.data = data
        self.pos = offset
        self.fmt = struct.unpack_from("<i", data, offset)[0]
        self.pos += 4
        self.big = bool(self.fmt & (1 << 2))

    def _get(self, code: str):
        fmt = (">" if self.big else "<") + code
        val = struct.unpack_from(fmt, self.data, self.pos)[0]
        self.pos += struct.calcsize(fmt)
        return val

    def i32(self):
        return self._get("i")

    def i16(self):
        return self._get("h")

    def u16(self):
        return self._get("H")

    def u8(self):
        return self._get("B")


def load_pcf(path: str):
    """Return (cell_w, cell_h, {codepoint: list of rows as '.#' strings})."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as fh:
        data = fh.read()
    if data[:4] != b"\x01fcp":
        raise ValueError("not a PCF file")
    (count,) = struct.unpack_from("<i", data, 4)
    tables = {}
    for i in range(count):
        typ, fmt, size, off = struct.unpack_from("<iiii", data, 8 + 16 * i)
        tables[typ] = off

    # accelerators: font ascent/descent give the baseline
    acc = tables.get(PCF_BDF_ACCELERATORS, tables.get(PCF_ACCELERATORS))
    r = _Reader(data, acc)
    r.pos += 8  # eight one-byte flags
    font_ascent, font_descent = r.i32(), r.i32()

    r = _Reader(data, tables[PCF_METRICS])
    metrics = []
    if r.fmt & PCF_COMPRESSED_METRICS:
        n = r.i16()
        for _ in range(n):
            lb, rb, w, asc, desc = (r.u8() - 0x80 for _ in range(5))
            metrics.append((lb, rb, w, asc, desc))
    else:
        n = r.i32()
        for _ in range(n):
            lb, rb, w, asc, desc = (r.i16() for _ in range(5))
            r.u16()
            metrics.append((lb, rb, w, asc, desc))

    r = _Reader(data, tables[PCF_BITMAPS])
    nglyphs = r.i32()
    offsets = [r.i32() for _ in range(nglyphs)]
    sizes = [r.i32() for _ in range(4)]
    pad_index = r.fmt & 3
    base = r.pos
    row_pad = 1 << pad_index
    msbit_first = bool(r.fmt & (1 << 3))
    if not msbit_first or (r.fmt >> 4) & 3:
        # Spleen uses MSB-first bits and a byte scan unit; keep the reader small.
        raise NotImplementedError("unsupported PCF bitmap layout")
    del sizes

    cell_w = max(m[2] for m in metrics)
    cell_h = font_ascent + font_descent

    def glyph_rows(index: int) -> list[str]:
        lb, rb, _w, asc, desc = metrics[index]
        gw, gh = rb - lb, asc + desc
        stride = ((gw + 7) // 8 + row_pad - 1) // row_pad * row_pad
        grid = [["."] * cell_w for _ in range(cell_h)]
        start = base + offsets[index]
        for y in range(gh):
            row = data[start + y * stride: start + (y + 1) * stride]
            cy = font_ascent - asc + y
            for x in range(gw):
                if row[x // 8] & (0x80 >> (x % 8)):
                    cx = lb + x
                    if 0 <= cx < cell_w and 0 <= cy < cell_h:
                        grid[cy][cx] = "#"
        return ["".join(r) for r in grid]

    r = _Reader(data, tables[PCF_BDF_ENCODINGS])
    min2, max2, min1, max1, _default = (r.i16() for _ in range(5))
    glyphs = {}
    for b1 in range(min1, max1 + 1):
        for b2 in range(min2, max2 + 1):
            idx = r.u16()
            if idx != 0xFFFF and idx < nglyphs:
                glyphs[(b1 << 8) | b2] = glyph_rows(idx)
    return cell_w, cell_h, glyphs
