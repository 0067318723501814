#!/usr/bin/env python3
"""Writes the decoder's test PNGs and, beside each, the RGBA8 bytes it must decode to.

Uses only the standard library (zlib, struct), so the PNGs come from an
encoder independent of the Swift code under test. Every file exercises all five
filter types (row r uses filter r % 5) and the expected .rgba output is derived
with exact rational arithmetic: a d-bit sample v becomes floor(v*255/(2^d-1) + 1/2).

Run from this folder:  python3 make_fixtures.py
"""
import struct
import zlib
from fractions import Fraction

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def scale(v, depth):
    return int(Fraction(v * 255, 2 ** depth - 1) + Fraction(1, 2))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def filter_rows(rows, bpp):
    out, prev = bytearray(), bytes(len(rows[0])) if rows else b""
    for r, row in enumerate(rows):
        ftype = r % 5
        line = bytearray([ftype])
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]
            line.append((x - pred) & 0xFF)
        out += line
        prev = row
    return bytes(out)


def sample_grid(width, height, channels, depth, seed):
    """Deterministic samples that hit 0 and the maximum value."""
    top = 2 ** depth - 1
    grid = []
    for y in range(height):
        row = []
        for x in range(width):
            px = []
            for c in range(channels):
                v = (x * 7 + y * 13 + c * 29 + seed * 31) * 2654435761 % (top + 1)
                if (x + y + c) % 6 == 0:
                    v = top
                if (x + 2 * y + c) % 7 == 0:
                    v = 0
                px.append(v)
            row.append(px)
        grid.append(row)
    return grid


def expected_rgba(grid, ctype, depth, palette=None, trns=None):
    out = bytearray()
    for row in grid:
        for px in row:
            if ctype == 3:
                r, g, b = palette[px[0]]
                a = trns[px[0]] if trns is not None and px[0] < len(trns) else 255
                out += bytes([r, g, b, a])
            elif ctype == 0:
                v = scale(px[0], depth)
                a = 0 if trns is not None and px[0] == trns else 255
                out += bytes([v, v, v, a])
            elif ctype == 4:
                v = scale(px[0], depth)
                out += bytes([v, v, v, scale(px[1], depth)])
            elif ctype == 2:
                a = 0 if trns is not None and tuple(px) == tuple(trns) else 255
                out += bytes([scale(s, depth) for s in px] + [a])
            else:
                out += bytes([scale(s, depth) for s in px])
    return bytes(out)


def raw_data(grid, ctype, depth, interlace):
    channels = CHANNELS[ctype]
    bpp = max(1, channels * depth // 8)
    height, width = len(grid), len(grid[0])
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    data = b""
    for x0, y0, dx, dy in passes:
        rows = []
        for y in range(y0, height, dy):
            xs = range(x0, width, dx)
            if not xs:
                continue
            rows.append(pack_row([s for x in xs for s in grid[y][x]], depth))
        if rows:
            data += filter_rows(rows, bpp)
    return data


def write_png(name, width, height, ctype, depth, interlace=False, trns=None, level=9,
              extra_before_idat=b"", idat_split=None, seed=0):
    channels = CHANNELS[ctype]
    grid = sample_grid(width, height, channels, depth, seed)
    palette = None
    chunks = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, int(interlace)))
    if ctype == 3:
        palette = [((i * 37) % 256, (i * 91 + 11) % 256, (255 - i * 13) % 256) for i in range(2 ** depth)]
        chunks += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    if trns is not None:
        if ctype == 3:
            chunks += chunk(b"tRNS", bytes(trns))
        elif ctype == 0:
            chunks += chunk(b"tRNS", struct.pack(">H", trns))
        else:
            chunks += chunk(b"tRNS", struct.pack(">HHH", *trns))
        if ctype in (0, 2):
            # Make sure the key colour actually occurs.
            grid[0][1] = [trns] if ctype == 0 else list(trns)
    chunks += extra_before_idat
    compressed = zlib.compress(raw_data(grid, ctype, depth, interlace), level)
    pieces = [compressed] if not idat_split else [
        compressed[i:i + idat_split] for i in range(0, len(compressed), idat_split)]
    for piece in pieces:
        chunks += chunk(b"IDAT", piece)
    chunks += chunk(b"IEND", b"")
    with open(name + ".png", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunks)
    with open(name + ".rgba", "wb") as f:
        f.write(expected_rgba(grid, ctype, depth, palette, trns if ctype != 3 or trns else None))


def main():
    for depth in (1, 2, 4, 8, 16):
        write_png(f"grey{depth}", 7, 5, 0, depth, seed=depth)
    write_png("grey8_trns", 7, 5, 0, 8, trns=77)
    write_png("grey16_trns", 7, 5, 0, 16, trns=4660)
    write_png("grey2_trns", 7, 5, 0, 2, trns=2)
    write_png("rgb8", 7, 5, 2, 8, seed=3)
    write_png("rgb16", 7, 5, 2, 16, seed=4)
    write_png("rgb8_trns", 7, 5, 2, 8, trns=(10, 20, 30))
    write_png("rgb16_trns", 7, 5, 2, 16, trns=(1000, 2000, 65535))
    for depth in (1, 2, 4, 8):
        alphas = [(i * 53) % 256 for i in range(min(2 ** depth, 5))]
        write_png(f"palette{depth}", 7, 5, 3, depth, trns=alphas, seed=depth)
    write_png("palette8_opaque", 7, 5, 3, 8, seed=9)
    write_png("ga8", 7, 5, 4, 8, seed=5)
    write_png("ga16", 7, 5, 4, 16, seed=6)
    write_png("rgba8", 7, 5, 6, 8, seed=7)
    write_png("rgba16", 7, 5, 6, 16, seed=8)
    # Adam7: 9x9 fills every pass with several rows; 3x2 and 1x1 leave passes empty.
    write_png("rgba8_interlaced", 9, 9, 6, 8, interlace=True, seed=10)
    write_png("grey1_interlaced", 9, 9, 0, 1, interlace=True, seed=11)
    write_png("palette4_interlaced", 9, 9, 3, 4, interlace=True, trns=[0, 128, 255], seed=12)
    write_png("rgb16_interlaced", 9, 9, 2, 16, interlace=True, seed=13)
    write_png("ga8_interlaced", 9, 9, 4, 8, interlace=True, seed=14)
    write_png("grey16_interlaced", 9, 9, 0, 16, interlace=True, seed=15)
    write_png("rgba8_interlaced_3x2", 3, 2, 6, 8, interlace=True, seed=16)
    write_png("rgba8_interlaced_1x1", 1, 1, 6, 8, interlace=True, seed=17)
    # Stored (uncompressed) deflate blocks, and IDAT split into many chunks.
    write_png("rgb8_stored", 7, 5, 2, 8, level=0, seed=18)
    write_png("rgba8_split_idat", 7, 5, 6, 8, idat_split=7, seed=19)
    # Ancillary chunks the decoder must skip without inflating: a zTXt whose
    # payload would inflate to 8 MiB, an iCCP, tEXt, gAMA, and APNG's
    # acTL/fcTL/fdAT (the fdAT holds garbage that must never be decoded).
    bomb = zlib.compress(bytes(8 << 20), 9)
    ancillary = (chunk(b"gAMA", struct.pack(">I", 45455))
                 + chunk(b"tEXt", b"Comment\x00made by make_fixtures.py")
                 + chunk(b"zTXt", b"Bomb\x00\x00" + bomb)
                 + chunk(b"iCCP", b"bomb\x00\x00" + bomb)
                 + chunk(b"acTL", struct.pack(">II", 2, 0))
                 + chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 7, 5, 0, 0, 1, 10, 0, 0)))
    write_png("rgba8_ancillary", 7, 5, 6, 8, extra_before_idat=ancillary, seed=20)
    # APNG: frame 2 as fdAT after the IDAT; the decoder returns the default image.
    with open("rgba8_ancillary.png", "rb") as f:
        data = f.read()
    iend = chunk(b"IEND", b"")
    fdat = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 1, 7, 5, 0, 0, 1, 10, 0, 0)) + chunk(
        b"fdAT", struct.pack(">I", 2) + b"\xde\xad\xbe\xef" * 4)
    with open("rgba8_ancillary.png", "wb") as f:
        f.write(data[: -len(iend)] + fdat + iend)


if __name__ == "__main__":
    main()
