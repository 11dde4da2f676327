"""Where the cards lie on the table (mm, board frame) and what size the photo is.

Pitch = card size + a per-scene gap; each card a little turned and out of line, the lines drifting
as real layouts do; touching cards get only as much play as cards lying edge to edge can have.
"""
from __future__ import annotations

import math
import random

import numpy as np

from .clutter import CARD_MM
from .maze import Board


def layout_cards(board: Board, prng: random.Random) -> dict[tuple[int, int], tuple[np.ndarray, float]]:
    """Centre (mm) and turn (rad) of every card: touching or gapped, jittered, drifting lines."""
    touching = prng.random() < 0.45
    gx = prng.uniform(0.0, 0.8) if touching else prng.uniform(0.5, 5.0)
    gy = prng.uniform(0.0, 0.8) if touching else prng.uniform(0.5, 5.0)
    # touching cards cannot turn or shift much without lying on each other
    rot_max = math.radians(prng.choice([0.3, 0.8, 1.5]) if touching else prng.choice([0.5, 2, 3.5, 5]))
    off_max = prng.choice([0.2, 0.5, 1.0]) if touching else prng.choice([0.3, 1.0, 2.0, 3.0])
    drift = [prng.uniform(-1, 1) for _ in range(4)]
    out = {}
    for (c, r) in board:
        base = np.array([c * (CARD_MM[0] + gx), r * (CARD_MM[1] + gy)])
        wave = np.array([drift[0] * math.sin(0.5 * r + drift[1]), drift[2] * math.sin(0.4 * c + drift[3])]) * off_max
        jit = np.array([prng.uniform(-1, 1), prng.uniform(-1, 1)]) * off_max
        ang = prng.uniform(-rot_max, rot_max)
        out[(c, r)] = (base + wave + jit, ang)
    return out


def card_corners(center: np.ndarray, ang: float) -> np.ndarray:
    """NW, NE, SE, SW corners (board frame) of a card in mm."""
    w, h = CARD_MM
    loc = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    c, s = math.cos(ang), math.sin(ang)
    return loc @ np.array([[c, s], [-s, c]]) + center


def image_size(mp: float, prng: random.Random) -> tuple[int, int]:
    """A phone-like (w, h) of about `mp` megapixels, landscape or portrait."""
    aspect = prng.choice([4 / 3, 4 / 3, 4 / 3, 16 / 9, 3 / 2])
    h = math.sqrt(mp * 1e6 / aspect)
    w, h = int(round(h * aspect / 8) * 8), int(round(h / 8) * 8)
    return (w, h) if prng.random() < 0.6 else (h, w)


def fake_region(prng: random.Random) -> np.ndarray:
    """A stand-in table area to frame when there is no board at all."""
    w, h = prng.uniform(300, 700), prng.uniform(250, 500)
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], float)
