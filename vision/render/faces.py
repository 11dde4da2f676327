"""Whole card faces: tunnel cards with decorations, start, goals (back, gold, stone), other cards.

Upright drawing only: a card turned 180 degrees is drawn with its upright openings and then
rotated, exactly as the physical card is, so decorations and the ladder turn with it.
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np

from engine.cards import shape_of, turn180

from .art import boulder, card_size, draw_tunnels, noise, stone_base, tunnel_paths
from .style import Style, mix

GEMS = [(60, 60, 220), (200, 80, 40), (60, 200, 60), (200, 60, 200), (40, 200, 230)]


def upright(openings: str, dead_end: bool, prng: random.Random) -> tuple[str, bool]:
    """Which way up the physical card lies: (upright openings, turned?) for what the board shows."""
    shape = shape_of(openings, dead_end)
    if shape is None or shape.openings == openings:
        turned = shape is not None and turn180(openings) == openings and prng.random() < 0.5
        return openings, turned
    return shape.openings, True


def path_face(openings: str, dead_end: bool, style: Style, w: int, prng: random.Random,
              rng: np.random.Generator) -> np.ndarray:
    """A tunnel card as it lies on the table (already turned when its openings say so)."""
    up, turned = upright(openings, dead_end, prng)
    img = stone_base(style, w, rng, prng)
    h = img.shape[0]
    paths, tips = tunnel_paths(up, dead_end, w, h, style, prng)
    if prng.random() < style.deco:
        decorate(img, style, prng, avoid=paths)
    draw_tunnels(img, paths, style, prng, rng)
    for t, depth in tips:
        if prng.random() < 0.75:  # the lump sits at the end and never hides the mouth
            boulder(img, t, min(style.tunnel_w * w * prng.uniform(0.35, 0.5), 0.4 * depth), prng)
    if dead_end and prng.random() < 0.4:
        boulder(img, np.array([w / 2, h / 2]) + [prng.uniform(-5, 5), prng.uniform(-5, 5)], 0.08 * w, prng)
    return _finish(img, style, turned)


def start_face(style: Style, w: int, prng: random.Random, rng: np.random.Generator,
               turn: bool | None = None) -> np.ndarray:
    """Cross with an orange ladder (diagonal in the real print; other art lays it flat, upright or
    anyhow, long or short) and a small lantern."""
    img = stone_base(style, w, rng, prng)
    h = img.shape[0]
    paths, _ = tunnel_paths("NESW", False, w, h, style, prng)
    draw_tunnels(img, paths, style, prng, rng)
    lad = style.extra.get("ladder", ("diag", 0.42, 7, 0.07))
    pose, length, rungs, half_w = lad
    base = {"diag": prng.choice([35, 55, 125, 145]), "flat": 0, "up": 90}.get(pose, prng.uniform(0, 180))
    ang = math.radians(base + prng.uniform(-8, 8))
    c = np.array([w / 2, h / 2]) + np.array([prng.uniform(-0.05, 0.05) * w, prng.uniform(-0.05, 0.05) * w])
    d = np.array([math.cos(ang), math.sin(ang)])
    p = np.array([-d[1], d[0]])
    L, half = length * w, half_w * w
    th = max(1, int(0.025 * w))
    dark = mix(style.ladder, (0, 0, 0), 0.5)
    for k in (-half, half):
        a, b = c - d * L + p * k, c + d * L + p * k
        cv2.line(img, _pt(a), _pt(b), dark, th + 2, cv2.LINE_AA)
        cv2.line(img, _pt(a), _pt(b), style.ladder, th, cv2.LINE_AA)
    for t in np.linspace(-L * 0.85, L * 0.85, rungs):
        cv2.line(img, _pt(c + d * t - p * half), _pt(c + d * t + p * half), style.ladder, th, cv2.LINE_AA)
    lantern(img, c + np.array([0.25 * w, -0.3 * h]) * prng.choice([-1, 1]), 0.05 * w)
    return _finish(img, style, prng.random() < 0.5 if turn is None else turn)


def goal_face(face: str, openings: str, style: Style, w: int, prng: random.Random,
              rng: np.random.Generator, turn: bool | None = None) -> np.ndarray:
    """Back (face down), gold nugget on a cross, or coal on a curve."""
    if face == "down":
        return goal_back(style, w, prng, rng)
    if face == "gold":
        img = stone_base(style, w, rng, prng)
        paths, _ = tunnel_paths("NESW", False, w, img.shape[0], style, prng)
        draw_tunnels(img, paths, style, prng, rng)
        nugget(img, np.array([w / 2, img.shape[0] / 2]), 0.28 * w, prng)
        return _finish(img, style, prng.random() < 0.5 if turn is None else turn)
    up = openings if openings in ("NE", "NW") else turn180(openings)
    img = stone_base(style, w, rng, prng)
    paths, _ = tunnel_paths(up, False, w, img.shape[0], style, prng)
    draw_tunnels(img, paths, style, prng, rng)
    boulder(img, np.array([w / 2, img.shape[0] / 2]), 0.2 * w, prng, color=(35, 35, 38))
    return _finish(img, style, up != openings)


def goal_back(style: Style, w: int, prng: random.Random, rng: np.random.Generator) -> np.ndarray:
    """A goal card's back in the style's colour and pattern (the real one: brown, hammer and pick)."""
    _, h = card_size(w)
    img = np.empty((h, w, 3), np.float32)
    img[:] = style.goal_back
    img += (noise(rng, h, w, 0.2 * w, 2) * 12)[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    back_pattern(img, style.goal_pattern, style.goal_mark, prng)
    return img


def back_pattern(img: np.ndarray, pattern: str, mark, prng: random.Random) -> None:
    """Decorate a card back: embossed emblem, diamond, rings, stripes, dots, a printed word,
    checks, a star, or nothing (goal backs differ between editions and publishers)."""
    h, w = img.shape[:2]
    c = (w // 2, h // 2)
    th = max(1, w // 40)
    if pattern == "emblem":
        emblem(img, np.array(c, float), 0.3 * w, mark)
    elif pattern == "diamond":
        for f in (0.4, 0.25):
            pts = np.int32([(c[0], c[1] - f * h), (c[0] + f * w, c[1]), (c[0], c[1] + f * h), (c[0] - f * w, c[1])])
            cv2.polylines(img, [pts], True, mark, th, cv2.LINE_AA)
    elif pattern == "rings":
        for r in np.arange(0.08, 0.5, 0.08):
            cv2.circle(img, c, int(r * w), mark, th, cv2.LINE_AA)
    elif pattern == "stripes":
        for x in range(-h, w + h, max(4, w // 8)):
            cv2.line(img, (x, 0), (x + h, h), mark, th, cv2.LINE_AA)
    elif pattern == "text":
        _word(img, prng.choice(["SAB", "SABOTEUR", "GOAL", "ZIEL", "DOEL", "OR?", "MINE", "X"]), mark, prng)
    elif pattern == "checks":
        step = max(3, w // prng.choice([4, 6, 8]))
        for y in range(0, h, step):
            for x in range((y // step) % 2 * step, w, 2 * step):
                cv2.rectangle(img, (x, y), (x + step - 1, y + step - 1), mark, -1)
    elif pattern == "star":
        pts = [c + 0.35 * w * np.array([math.sin(a), -math.cos(a)]) * (1.0 if i % 2 == 0 else 0.45)
               for i, a in enumerate(np.linspace(0, 2 * math.pi, 11)[:-1])]
        cv2.fillPoly(img, [np.int32(pts)], mark, cv2.LINE_AA)
    elif pattern == "dots":
        for y in range(w // 10, h, w // 5):
            for x in range(w // 10, w, w // 5):
                cv2.circle(img, (x, y), max(1, w // 30), mark, -1, cv2.LINE_AA)
    if prng.random() < 0.5:
        cv2.rectangle(img, (w // 14, w // 14), (w - w // 14, h - w // 14), mark, th, cv2.LINE_AA)


def _word(img: np.ndarray, word: str, color, prng: random.Random) -> None:
    """A word printed across the back, somewhere along its length, upright or upside down."""
    h, w = img.shape[:2]
    scale = 1.0
    (tw, th), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_DUPLEX, scale, 2)
    scale = 0.8 * w / max(tw, 1) * prng.uniform(0.5, 1.0)
    thick = max(1, int(scale * 2))
    (tw, th), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_DUPLEX, scale, thick)
    y = int(h * prng.uniform(0.3, 0.85))
    cv2.putText(img, word, ((w - tw) // 2, y), cv2.FONT_HERSHEY_DUPLEX, scale, color, thick, cv2.LINE_AA)
    if prng.random() < 0.5:
        img[:] = cv2.rotate(img, cv2.ROTATE_180)


def emblem(img: np.ndarray, c: np.ndarray, r: float, color) -> None:
    """Crossed hammer and pick."""
    th = max(1, int(r * 0.12))
    for s in (1, -1):
        a, b = c + np.array([-r, -r * s]) * 0.8, c + np.array([r, r * s]) * 0.8
        cv2.line(img, _pt(a), _pt(b), color, th, cv2.LINE_AA)
    cv2.rectangle(img, _pt(c + np.array([0.5 * r, -0.95 * r])), _pt(c + np.array([0.95 * r, -0.5 * r])), color, -1)
    cv2.ellipse(img, _pt(c + np.array([-0.8 * r, -0.8 * r])), (int(r * 0.4), int(r * 0.12)), 45, 0, 360, color, -1)


def nugget(img: np.ndarray, c: np.ndarray, r: float, prng: random.Random) -> None:
    """A big yellow gold lump with highlights."""
    n = 9
    pts = [(c[0] + r * prng.uniform(0.7, 1.0) * math.cos(2 * math.pi * i / n),
            c[1] + r * prng.uniform(0.6, 0.9) * math.sin(2 * math.pi * i / n)) for i in range(n)]
    cv2.fillPoly(img, [np.int32(np.array(pts) * 4)], (20, 170, 230), cv2.LINE_AA, 2)
    cv2.polylines(img, [np.int32(np.array(pts) * 4)], True, (10, 90, 140), max(1, int(r * 0.08)), cv2.LINE_AA, 2)
    for _ in range(4):
        q = c + np.array([prng.uniform(-0.5, 0.5), prng.uniform(-0.4, 0.4)]) * r
        cv2.circle(img, _pt(q), max(1, int(r * 0.12)), (120, 230, 255), -1, cv2.LINE_AA)


def lantern(img: np.ndarray, c: np.ndarray, r: float) -> None:
    """A small lit lantern (on the start card, or as decoration)."""
    cv2.rectangle(img, _pt(c - [r * 0.6, r]), _pt(c + [r * 0.6, r]), (40, 40, 50), max(1, int(r * 0.25)))
    cv2.circle(img, _pt(c), max(1, int(r * 0.5)), (60, 210, 250), -1, cv2.LINE_AA)


def decorate(img: np.ndarray, style: Style, prng: random.Random, avoid: list) -> None:
    """A gem, lantern, spider web, boulder or small animal on the stone, away from the tunnels."""
    h, w = img.shape[:2]
    pts = np.vstack(avoid) if avoid else np.zeros((0, 2))
    for _ in range(12):
        c = np.array([prng.uniform(0.15, 0.85) * w, prng.uniform(0.1, 0.9) * h])
        if not len(pts) or np.min(np.hypot(*(pts - c).T)) > style.tunnel_w * w * 0.8 + 0.1 * w:
            break
    else:
        return
    kind = prng.choice(["gem", "lantern", "web", "boulder", "animal"])
    r = 0.08 * w
    if kind == "gem":
        poly = np.int32([c + [0, -r], c + [r * 0.8, 0], c + [0, r], c - [r * 0.8, 0]])
        cv2.fillPoly(img, [poly], prng.choice(GEMS), cv2.LINE_AA)
    elif kind == "lantern":
        lantern(img, c, r)
    elif kind == "web":
        for a in range(0, 360, 45):
            e = c + r * 1.3 * np.array([math.cos(math.radians(a)), math.sin(math.radians(a))])
            cv2.line(img, _pt(c), _pt(e), (230, 230, 230), 1, cv2.LINE_AA)
        for rr in (0.4, 0.8, 1.2):
            cv2.circle(img, _pt(c), int(r * rr), (220, 220, 220), 1, cv2.LINE_AA)
    elif kind == "boulder":
        boulder(img, c, r, prng)
    else:
        cv2.ellipse(img, _pt(c), (int(r), int(r * 0.6)), prng.uniform(0, 180), 0, 360, (60, 70, 90), -1, cv2.LINE_AA)
        cv2.circle(img, _pt(c + [r * 0.9, -r * 0.3]), max(1, int(r * 0.35)), (60, 70, 90), -1, cv2.LINE_AA)


def _finish(img: np.ndarray, style: Style, turned: bool) -> np.ndarray:
    """Printed frame, pixel-art blockiness, and the half turn of a card lying upside down."""
    if style.extra.get("pixel"):
        h, w = img.shape[:2]
        n = style.extra["pixel"]
        small = cv2.resize(img, (n, max(2, round(n * h / w))), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (w, h), interpolation=cv2.INTER_NEAREST)
    if style.border is not None:
        h, w = img.shape[:2]
        t = max(1, int(style.border_w * w))
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), style.border, t)
    return cv2.rotate(img, cv2.ROTATE_180) if turned else img


def _pt(p) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))
