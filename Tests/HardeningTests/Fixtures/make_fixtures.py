#!/usr/bin/env python3
"""Writes the hostile PNG files of ImageHardeningTests (run from this folder; output is committed).

Each is a 4 x 4 image whose pixels are (0x12, 0x34, 0x56, 0xFF) unless said otherwise.
"""
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, depth, colour, rows, extra_before_idat=b"", extra_after_idat=b""):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra_before_idat
            + chunk(b"IDAT", zlib.compress(raw, 9)) + extra_after_idat + chunk(b"IEND", b""))


rgba8 = [bytes([0x12, 0x34, 0x56, 0xFF] * 4)] * 4
good = png(4, 4, 8, 6, rgba8)
open("good.png", "wb").write(good)

# Cut in the middle of the IDAT chunk.
open("truncated.png", "wb").write(good[: len(good) - 20])

# The IDAT chunk's CRC flipped.
bad = bytearray(good)
idat = bad.index(b"IDAT")
length = struct.unpack(">I", bad[idat - 4: idat])[0]
bad[idat + 4 + length] ^= 0xFF
open("bad-crc.png", "wb").write(bytes(bad))

# A header claiming 1,000,000 x 1,000,000 pixels, followed by a tiny IDAT.
open("huge-claim.png", "wb").write(
    b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1_000_000, 1_000_000, 8, 6, 0, 0, 0))
    + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))

# A zTXt chunk that inflates to 256 MB of spaces (about 255 KB compressed).
bomb = zlib.compress(b" " * (256 << 20), 9)
open("ztxt-bomb.png", "wb").write(png(4, 4, 8, 6, rgba8, extra_before_idat=chunk(b"zTXt", b"Comment\x00\x00" + bomb)))

# 16 bits a channel: 0x1234 0x3456 0x5678 0xFFFF; decoders keep the high bytes.
rgba16 = [struct.pack(">HHHH", 0x1234, 0x3456, 0x5678, 0xFFFF) * 4] * 4
open("rgba16.png", "wb").write(png(4, 4, 16, 6, rgba16))

# APNG: acTL and fcTL before IDAT (the default image is the first frame), then a second frame
# in fdAT whose pixels are different; decoders that do not animate show the default image.
actl = chunk(b"acTL", struct.pack(">II", 2, 0))
fctl0 = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 4, 4, 0, 0, 1, 1, 0, 0))
fctl1 = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 1, 4, 4, 0, 0, 1, 1, 0, 0))
frame2 = zlib.compress(b"".join(b"\x00" + bytes([0xFF, 0, 0, 0xFF] * 4) for _ in range(4)))
fdat = chunk(b"fdAT", struct.pack(">I", 2) + frame2)
open("apng.png", "wb").write(png(4, 4, 8, 6, rgba8, extra_before_idat=actl + fctl0, extra_after_idat=fctl1 + fdat))
