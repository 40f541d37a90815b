"""Draws the app's icons: `python -m scorekeeper.webapp.icons` rewrites static/webapp/icons.

Two fanned cards, a heart and a spade, on table felt. Shapes are polygons in a unit square,
filled by a small scanline rasterizer (exact coverage across a row, 4 sub-rows per pixel)
and written as PNG with zlib; the same polygons make the SVG icon.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

Point = tuple[float, float]
Colour = tuple[int, int, int, int]

FELT: Colour = (20, 108, 67, 255)
FELT_LIGHT: Colour = (34, 134, 86, 255)
SHADOW: Colour = (0, 0, 0, 70)
CARD: Colour = (251, 250, 246, 255)
CARD_EDGE: Colour = (206, 201, 188, 255)
HEART: Colour = (211, 47, 47, 255)
SPADE: Colour = (29, 29, 31, 255)
OUT = Path(__file__).resolve().parent / "static" / "webapp" / "icons"

# A heart and a spade in a 100-unit box, as cubic Bézier runs: start, then (c1, c2, end)...
HEART_PATH: list[Point] = [
    (50, 90),
    (22, 68),
    (4, 50),
    (4, 31),
    (4, 16),
    (15, 6),
    (28, 6),
    (38, 6),
    (46, 12),
    (50, 21),
    (54, 12),
    (62, 6),
    (72, 6),
    (85, 6),
    (96, 16),
    (96, 31),
    (96, 50),
    (78, 68),
    (50, 90),
]
SPADE_PATH: list[Point] = [
    (50, 6),
    (78, 28),
    (96, 44),
    (96, 60),
    (96, 74),
    (86, 82),
    (73, 82),
    (63, 82),
    (56, 77),
    (53, 71),
    (53, 80),
    (56, 88),
    (62, 95),
    (62, 95),
    (38, 95),
    (38, 95),
    (44, 88),
    (47, 80),
    (47, 71),
    (44, 77),
    (37, 82),
    (27, 82),
    (14, 82),
    (4, 74),
    (4, 60),
    (4, 44),
    (22, 28),
    (50, 6),
]


@dataclass(frozen=True)
class Layer:
    polygon: list[Point]
    colour: Colour


def bezier(points: Sequence[Point], steps: int = 24) -> list[Point]:
    out = [points[0]]
    for i in range(1, len(points) - 2, 3):
        p0, p1, p2, p3 = points[i - 1], points[i], points[i + 1], points[i + 2]
        for step in range(1, steps + 1):
            t = step / steps
            u = 1 - t
            out.append(
                (
                    u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
                )
            )
    return out


def rounded_rect(width: float, height: float, radius: float, steps: int = 10) -> list[Point]:
    """Centred on the origin."""
    out: list[Point] = []
    corners = [
        (width / 2 - radius, height / 2 - radius, 0.0),
        (-width / 2 + radius, height / 2 - radius, 90.0),
        (-width / 2 + radius, -height / 2 + radius, 180.0),
        (width / 2 - radius, -height / 2 + radius, 270.0),
    ]
    for cx, cy, start in corners:
        for step in range(steps + 1):
            angle = math.radians(start + 90 * step / steps)
            out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def circle(radius: float, steps: int = 96) -> list[Point]:
    return [
        (radius * math.cos(2 * math.pi * i / steps), radius * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def place(
    polygon: Iterable[Point], *, scale: float = 1, angle: float = 0, at: Point = (0, 0)
) -> list[Point]:
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [
        (at[0] + scale * (x * cos - y * sin), at[1] + scale * (x * sin + y * cos))
        for x, y in polygon
    ]


def pip(path: list[Point]) -> list[Point]:
    """A suit shape from the 100-unit box, centred on the origin with unit height."""
    return [((x - 50) / 100, (y - 50) / 100) for x, y in bezier(path)]


def card(
    *, centre: Point, angle: float, size: float, suit: list[Point], ink: Colour, pip_at: Point
) -> list[Layer]:
    width, height = 0.42 * size, 0.58 * size
    body = rounded_rect(width, height, 0.05 * size)
    inner = rounded_rect(width - 0.012 * size, height - 0.012 * size, 0.044 * size)
    shadow_at = (centre[0] + 0.012 * size, centre[1] + 0.018 * size)
    return [
        Layer(place(body, angle=angle, at=shadow_at), SHADOW),
        Layer(place(body, angle=angle, at=centre), CARD_EDGE),
        Layer(place(inner, angle=angle, at=centre), CARD),
        Layer(place(place(pip(suit), scale=0.22 * size, at=pip_at), angle=angle, at=centre), ink),
    ]


def design(*, maskable: bool) -> list[Layer]:
    """The icon in a unit square. A maskable icon is full-bleed with its cards in the middle
    80 %; the plain one is a rounded square with transparent corners."""
    if maskable:
        background = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        size = 0.78
    else:
        background = place(rounded_rect(1.0, 1.0, 0.22), at=(0.5, 0.5))
        size = 0.92
    layers = [
        Layer(background, FELT),
        Layer(place(circle(0.36 * size), at=(0.5, 0.5)), FELT_LIGHT),
    ]
    layers += card(
        centre=(0.5 + 0.13 * size, 0.5 - 0.02 * size),
        angle=14,
        size=size,
        suit=SPADE_PATH,
        ink=SPADE,
        pip_at=(0.07 * size, -0.1 * size),
    )
    layers += card(
        centre=(0.5 - 0.12 * size, 0.5 + 0.03 * size),
        angle=-12,
        size=size,
        suit=HEART_PATH,
        ink=HEART,
        pip_at=(0.0, 0.0),
    )
    return layers


def coverage(polygon: list[Point], size: int, sub: int = 4) -> list[float]:
    """How much of each pixel the polygon covers (even-odd), 0..1, row by row."""
    cover = [0.0] * (size * size)
    edges = [
        (polygon[i], polygon[(i + 1) % len(polygon)])
        for i in range(len(polygon))
        if polygon[i][1] != polygon[(i + 1) % len(polygon)][1]
    ]
    weight = 1 / sub
    for row in range(size * sub):
        y = (row + 0.5) / (size * sub)
        crossings = sorted(
            a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            for a, b in edges
            if min(a[1], b[1]) <= y < max(a[1], b[1])
        )
        base = (row // sub) * size
        for start, end in zip(crossings[0::2], crossings[1::2], strict=False):
            x0, x1 = max(start * size, 0.0), min(end * size, float(size))
            if x1 <= x0:
                continue
            first, last = int(x0), min(int(x1), size - 1)
            if first == last:
                cover[base + first] += (x1 - x0) * weight
                continue
            cover[base + first] += (first + 1 - x0) * weight
            for x in range(first + 1, last):
                cover[base + x] += weight
            cover[base + last] += (x1 - last) * weight
    return cover


def render(layers: list[Layer], size: int) -> bytes:
    """Composite the layers ("over") into straight RGBA."""
    pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]
    for layer in layers:
        r, g, b, a = (c / 255 for c in layer.colour)
        for index, amount in enumerate(coverage(layer.polygon, size)):
            if amount <= 0:
                continue
            alpha = min(amount, 1.0) * a
            pixel = pixels[index]
            out_alpha = alpha + pixel[3] * (1 - alpha)
            for channel, value in enumerate((r, g, b)):
                pixel[channel] = (
                    (value * alpha + pixel[channel] * pixel[3] * (1 - alpha)) / out_alpha
                    if out_alpha
                    else 0.0
                )
            pixel[3] = out_alpha
    return bytes(round(channel * 255) for pixel in pixels for channel in pixel)


def png(rgba: bytes, size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    rows = b"".join(b"\x00" + rgba[y * size * 4 : (y + 1) * size * 4] for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def svg(layers: list[Layer]) -> str:
    paths = []
    for layer in layers:
        points = " ".join(f"{x * 512:.1f},{y * 512:.1f}" for x, y in layer.polygon)
        r, g, b, a = layer.colour
        opacity = f' fill-opacity="{a / 255:.2f}"' if a < 255 else ""
        paths.append(f'<polygon points="{points}" fill="#{r:02x}{g:02x}{b:02x}"{opacity}/>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        + "".join(paths)
        + "</svg>\n"
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    plain, maskable = design(maskable=False), design(maskable=True)
    for name, layers, size in (
        ("icon-192.png", plain, 192),
        ("icon-512.png", plain, 512),
        ("maskable-192.png", maskable, 192),
        ("maskable-512.png", maskable, 512),
        ("apple-touch-icon.png", maskable, 180),
    ):
        (OUT / name).write_bytes(png(render(layers, size), size))
    (OUT / "icon.svg").write_text(svg(plain))


if __name__ == "__main__":
    main()
