"""Tablecloths and table tops under the maze: felt, wood, checks, grids, stripes, dots, waves,
and cloths the colour of the cards themselves (the scanner must not rely on contrast with the table).
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np

from .art import noise
from .camera import project
from .style import Style, jitter, mix

KINDS = ("felt", "wood", "checks", "grid", "stripes", "dots", "waves", "cardlike", "plain")
WEIGHTS = (3, 3, 2, 2, 1, 1, 2, 2, 2)


def make_table(prng: random.Random, rng: np.random.Generator, style: Style, extent_mm: float,
               kind: str | None = None, color: tuple[int, int, int] | None = None) -> tuple[np.ndarray, float, int]:
    """A table texture, its pixels per mm, and the border mode to tile it with."""
    kind = kind or prng.choices(KINDS, weights=WEIGHTS)[0]
    size = 1536
    ppm = float(np.clip(size / max(extent_mm, 200), 0.6, 3.0))
    base = jitter(prng, prng.choice([(40, 110, 40), (60, 60, 160), (150, 120, 90), (200, 200, 200), (90, 90, 95),
                                  (50, 90, 170), (120, 70, 140), (60, 140, 200), (30, 30, 35), (210, 225, 235)]), 30)
    if kind == "cardlike":
        base = jitter(prng, style.stone, 12)
    if color is not None:
        base = color
    img = np.empty((size, size, 3), np.float32)
    img[:] = base
    border = cv2.BORDER_REFLECT
    if kind in ("felt", "plain", "cardlike"):
        amp = {"felt": 10, "plain": 4, "cardlike": prng.uniform(6, 18)}[kind]
        img += (noise(rng, size, size, prng.uniform(10, 80) * ppm, 3) * amp)[..., None]
        img += rng.standard_normal((size, size, 1), dtype=np.float32) * (amp * 0.5)
    elif kind == "wood":
        img[:] = jitter(prng, prng.choice([(60, 100, 150), (40, 70, 110), (90, 140, 190), (30, 50, 80)]), 20)
        n = noise(rng, size, size, 200 * ppm, 2)
        y = np.arange(size, dtype=np.float32)[:, None] / ppm
        period = prng.uniform(6, 20)
        grain = np.sin((y + n * 40) * 2 * np.pi / period) * 0.5 + 0.5
        img *= (0.8 + 0.3 * grain)[..., None]
        img += (noise(rng, size, size, 20 * ppm, 2) * 10)[..., None]
        if prng.random() < 0.6:  # plank seams: long straight dark lines, like card edges
            plank = prng.uniform(60, 200) * ppm
            for yv in np.arange(prng.uniform(0, plank), size, plank):
                img[int(yv):int(yv) + max(1, int(ppm * prng.uniform(1, 3)))] *= 0.45
    elif kind == "waves":
        other = np.array(mix(base, (0, 0, 0), prng.uniform(0.2, 0.4)), np.float32)
        n = noise(rng, size, size, prng.uniform(15, 40) * ppm, 2)
        m = np.clip((np.sin(n * prng.uniform(6, 14)) + 0.2) * 2, 0, 1)[..., None]
        img = img * (1 - m) + other * m
    else:
        img, border = _periodic(prng, kind, base, ppm, size)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return img, ppm, border


def _periodic(prng: random.Random, kind: str, base, ppm: float, size: int) -> tuple[np.ndarray, int]:
    """Checks, grid lines, stripes and dots, built so the tile wraps seamlessly."""
    other = jitter(prng, prng.choice([(250, 250, 250), (30, 30, 30), mix(base, (0, 0, 0), 0.4)]), 10)
    period_mm = prng.uniform(12, 100) if kind != "grid" else prng.uniform(20, 90)
    reps = max(1, round(size / (period_mm * ppm)))
    per = size / reps
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    img = np.empty((size, size, 3), np.float32)
    img[:] = base
    fx, fy = (xx % per) / per, (yy % per) / per
    if kind == "checks":
        m = (((fx < 0.5) ^ (fy < 0.5)).astype(np.float32) * 0.5 + (fx < 0.5) * 0.25 + (fy < 0.5) * 0.25)
    elif kind == "grid":
        lw = prng.uniform(0.05, 0.2)
        m = ((fx < lw) | (fy < lw)).astype(np.float32)
    elif kind == "stripes":
        m = (fx < prng.uniform(0.2, 0.6)).astype(np.float32)
    else:
        m = (((fx - 0.5) ** 2 + (fy - 0.5) ** 2) < prng.uniform(0.02, 0.1)).astype(np.float32)
    m = cv2.GaussianBlur(m, (0, 0), 0.8)[..., None]
    img = img * (1 - m) + np.array(other, np.float32) * m
    return img, cv2.BORDER_WRAP


def warp_table(tex: np.ndarray, ppm: float, border: int, H: np.ndarray, size: tuple[int, int],
               angle: float = 0.0) -> np.ndarray:
    """The table as the camera sees it: the texture (turned by `angle` under the board) pulled
    through the inverse of the plane homography."""
    c, s = np.cos(angle), np.sin(angle)
    S = np.array([[ppm * c, -ppm * s, 0], [ppm * s, ppm * c, 0], [0, 0, 1.0]])
    up = np.diag([2.0, 2.0, 1.0])  # sample at twice the size and average down: no moire far away
    M = S @ np.linalg.inv(up @ H)
    big = cv2.warpPerspective(tex, M, (size[0] * 2, size[1] * 2), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=border)
    return cv2.resize(big, size, interpolation=cv2.INTER_AREA)


def table_edge(canvas: np.ndarray, prng, rng, H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The end of the table in view: beyond a straight edge (well clear of the cards) lies the floor,
    dark and out of focus, with a lit rim along the edge."""
    h, w = canvas.shape[:2]
    ang = prng.uniform(0, 2 * math.pi)
    n = np.array([math.cos(ang), math.sin(ang)])
    off = float((pts @ n).max()) + prng.uniform(60, 250)
    ys, xs = np.mgrid[0:h:4, 0:w:4].astype(np.float64)
    plane = project(np.linalg.inv(H), np.stack([xs.ravel(), ys.ravel()], axis=1)).reshape(ys.shape + (2,))
    dist = (plane @ n - off).astype(np.float32)
    side = cv2.GaussianBlur(cv2.resize((dist > 0).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR),
                            (0, 0), 2.0)
    if side.max() == 0:
        return canvas
    rim = cv2.resize(((dist > -12) & (dist <= 0)).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    floor = np.empty_like(canvas, dtype=np.float32)
    floor[:] = [prng.uniform(20, 90) for _ in range(3)]
    floor += (noise(rng, h, w, 0.1 * w, 2) * 25)[..., None]
    out = canvas.astype(np.float32) * (1 + 0.25 * rim[..., None])
    out = out * (1 - side[..., None]) + cv2.GaussianBlur(floor, (0, 0), 3) * side[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)
