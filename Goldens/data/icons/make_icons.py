#!/usr/bin/env python3
"""Writes the small settings icons used by Goldens/styles/settings.yaml (58×58 px PNGs:
a white glyph of bars and dots on a coloured rounded square). Run from this folder."""
import struct
import zlib

SIZE = 58
RADIUS = 13


def png(path, pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def inside_rounded(x, y):
    cx = min(max(x, RADIUS), SIZE - 1 - RADIUS)
    cy = min(max(y, RADIUS), SIZE - 1 - RADIUS)
    return (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS ** 2


def icon(path, color, glyph):
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            if not inside_rounded(x, y):
                row += [0, 0, 0, 0]
            elif glyph(x, y):
                row += [255, 255, 255, 255]
            else:
                row += list(color) + [255]
        rows.append(row)
    png(path, rows)


def bars(x, y):  # signal bars
    return any(13 + i * 9 <= x < 19 + i * 9 and 40 - i * 7 <= y < 44 for i in range(4))


def bell(x, y):  # a dot over a rounded block
    return (x - 29) ** 2 + (y - 14) ** 2 <= 9 or (18 <= x <= 40 and 19 <= y <= 38 and (x - 29) ** 2 / 121 + (y - 38) ** 2 / 400 <= 1.2) or (25 <= x <= 33 and 40 <= y <= 44)


def toggle(x, y):  # a switch
    return (17 <= x <= 41 and 23 <= y <= 35) and not ((x - 35) ** 2 + (y - 29) ** 2 <= 20)


def moon(x, y):
    return (x - 29) ** 2 + (y - 29) ** 2 <= 196 and (x - 36) ** 2 + (y - 23) ** 2 > 144


icon("wifi.png", (0, 122, 255), bars)
icon("notifications.png", (255, 59, 48), bell)
icon("general.png", (142, 142, 147), toggle)
icon("focus.png", (88, 86, 214), moon)
