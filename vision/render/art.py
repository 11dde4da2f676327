"""Draw card faces: stone, wavy hand-drawn tunnels with dark outlines, dead-end stubs, specials.

Geometry follows the measured print (REAL_CARDS.md): mouths centred on the edges, about a
quarter of the card width; tunnels swing up to ~0.1 of the width; dead-end stubs stop in stone
0.25-0.45 of the way in with a boulder; curves are wide arcs. All sizes scale with the width.
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np

from .style import Style

ASPECT = 88.0 / 57.0  # long / short side of a card
OUT = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}


def noise(rng: np.random.Generator, h: int, w: int, cell: float, octaves: int = 3) -> np.ndarray:
    """Smooth value noise in [-1, 1]: blobs about `cell` px wide, plus finer octaves."""
    out = np.zeros((h, w), np.float32)
    amp, total = 1.0, 0.0
    for _ in range(octaves):
        gh, gw = max(2, int(h / max(cell, 1)) + 2), max(2, int(w / max(cell, 1)) + 2)
        small = rng.random((gh, gw), dtype=np.float32) * 2 - 1
        out += amp * cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
        total += amp
        amp *= 0.5
        cell /= 2.5
    return np.clip(out / total * 1.6, -1, 1)


def card_size(w: int) -> tuple[int, int]:
    """(width, height) of a card face drawn `w` px wide."""
    return w, int(round(w * ASPECT))


def stone_base(style: Style, w: int, rng: np.random.Generator, prng: random.Random) -> np.ndarray:
    """Mottled stone with darker cracks and a few bright patches (the real print's trap)."""
    _, h = card_size(w)
    shift = prng.uniform(-style.stone_jitter, style.stone_jitter)
    base = np.array(style.stone, np.float32) + shift
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    if style.stone_tex > 0:
        n = noise(rng, h, w, style.tex_scale * w + 2)
        img += (n * style.stone_tex)[..., None]
        img += (rng.standard_normal((h, w, 1), dtype=np.float32) * style.stone_tex * 0.15)
    if style.patches > 0:
        n2 = noise(rng, h, w, 0.3 * w, 2)
        m = np.clip((n2 - (1 - 2 * style.patches)) * 4, 0, 1)[..., None]
        img = img * (1 - m) + np.array(style.tunnel, np.float32) * m * 0.97
    if style.extra.get("strata"):
        yy = np.arange(h, dtype=np.float32)[:, None] + noise(rng, h, w, 0.4 * w, 1) * 0.08 * w
        img += (np.sin(yy / (style.extra["strata"] * w) * 2 * np.pi) * style.stone_tex * 0.8)[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    if style.extra.get("plates"):
        _plates(img, style, prng, style.extra["plates"])
    for _ in range(prng.randint(0, 12) if style.extra.get("speckles") else 0):
        cv2.circle(img, (prng.randrange(w), prng.randrange(h)), max(1, int(w * prng.uniform(0.01, 0.025))),
                   style.extra["speckles"], -1, cv2.LINE_AA)
    for _ in range(prng.randint(max(0, style.cracks - 2), style.cracks + 2)):
        _crack(img, style, prng)
    return img


def _plates(img: np.ndarray, style: Style, prng: random.Random, n: int) -> None:
    """Rock broken into plates (Voronoi cells), each a little lighter or darker, with dark seams."""
    h, w = img.shape[:2]
    sub = cv2.Subdiv2D((0, 0, w, h))
    for _ in range(n):
        sub.insert((prng.uniform(0, w - 1), prng.uniform(0, h - 1)))
    facets, _ = sub.getVoronoiFacetList([])
    labels = np.zeros((h, w), np.int32)
    for i, f in enumerate(facets):
        cv2.fillConvexPoly(labels, np.int32(f), i)
    delta = np.array([prng.uniform(-12, 12) for _ in facets], np.float32)
    img[:] = np.clip(img.astype(np.float32) + delta[labels][..., None], 0, 255).astype(np.uint8)
    th = max(1, int(w * 0.008))
    cv2.polylines(img, [np.int32(f) for f in facets], True, style.crack, th, cv2.LINE_AA)


def _crack(img: np.ndarray, style: Style, prng: random.Random) -> None:
    """One thin dark crack: a short random walk."""
    h, w = img.shape[:2]
    x, y = prng.uniform(0, w), prng.uniform(0, h)
    ang = prng.uniform(0, 2 * math.pi)
    pts = []
    for _ in range(prng.randint(3, 9)):
        pts.append((x, y))
        ang += prng.uniform(-0.8, 0.8)
        step = prng.uniform(0.03, 0.09) * w
        x, y = x + step * math.cos(ang), y + step * math.sin(ang)
    th = max(1, int(w * prng.uniform(0.004, style.extra.get("crack_w", 0.012))))
    cv2.polylines(img, [np.int32(np.array(pts) * 4)], False, style.crack, th, cv2.LINE_AA, 2)


def _bezier(p0, p1, p2, p3, n: int = 16) -> np.ndarray:
    t = np.linspace(0, 1, n)[:, None]
    p0, p1, p2, p3 = (np.asarray(p, float) for p in (p0, p1, p2, p3))
    return (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3 * p3


def _mouth(side: str, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Point on the edge midpoint and the inward unit vector for one side."""
    ox, oy = OUT[side]
    p = np.array([w / 2 + ox * w / 2, h / 2 + oy * h / 2])
    return p, -np.array([ox, oy])


def tunnel_paths(openings: str, dead_end: bool, w: int, h: int, style: Style, prng: random.Random) -> tuple[list, list]:
    """Centre lines (polylines in px) of the tunnels, and (tip point, depth) of each dead-end stub."""
    tw = style.tunnel_w * w
    wob = style.wobble * w
    centre = np.array([w / 2, h / 2]) + np.array([prng.uniform(-wob, wob), prng.uniform(-wob, wob)]) * 0.5
    paths, tips = [], []
    if not dead_end and len(openings) == 2 and openings not in ("NS", "EW"):  # a curve: one wide arc
        (pa, da), (pb, db) = _mouth(openings[0], w, h), _mouth(openings[1], w, h)
        k = prng.uniform(0.45, 0.65)
        mid = _bezier(pa, pa + da * k * w, pb + db * k * w, pb, 24)
        return [np.vstack([pa - da * tw, mid, pb - db * tw])], tips
    for s in openings:
        p, d = _mouth(s, w, h)
        perp = np.array([-d[1], d[0]])
        if not dead_end:
            c1 = p + d * 0.15 * w + perp * prng.uniform(-wob, wob)
            c2 = centre - d * 0.12 * w + perp * prng.uniform(-wob, wob)
            paths.append(np.vstack([p - d * tw, _bezier(p, c1, c2, centre, 16)]))
            continue
        depth = _stub_depth(s, openings, w, h, tw, prng)
        q = p + d * depth
        if len(openings) == 1 and prng.random() < 0.8:  # single stubs curl inside the card
            q = q + perp * prng.choice([-1, 1]) * prng.uniform(0.12, 0.22) * w
        c1 = p + d * depth * 0.4 + perp * prng.uniform(-wob, wob) * 0.5
        paths.append(np.vstack([p - d * tw, _bezier(p, c1, q - d * depth * 0.3, q, 12)]))
        tips.append((q, depth))
    return paths, tips


def _stub_depth(side: str, openings: str, w: int, h: int, tw: float, prng: random.Random) -> float:
    """How far a dead-end stub reaches: 0.25-0.45 of the card, but always short of the stone centre."""
    span = h if side in "NS" else w
    gap = 0.07 * w
    if len(openings) == 1:
        lim = span * 0.55
    elif side in "NS":  # stop short of the centre, and above the E/W stubs' band if there are any
        lim = h / 2 - tw / 2 - gap - (tw / 2 if ("E" in openings or "W" in openings) else 0)
    else:
        lim = w / 2 - tw / 2 - gap
    return max(0.2 * w, min(prng.uniform(0.25, 0.45) * span, lim))


def draw_tunnels(img: np.ndarray, paths: list, style: Style, prng: random.Random, rng: np.random.Generator) -> None:
    """Outlines first, fills on top, so junctions merge like the hand-drawn print."""
    h, w = img.shape[:2]
    tw = style.tunnel_w * w
    ol = style.outline_w * w
    jitter = [p + np.array([[prng.uniform(-1, 1), prng.uniform(-1, 1)] for _ in p]) * 0.004 * w for p in paths]
    pts = [np.int32(p * 4) for p in jitter]
    if ol > 0:
        cv2.polylines(img, pts, False, style.outline, int(round(tw + 2 * max(1.0, ol))), cv2.LINE_AA, 2)
    mask = np.zeros((h, w), np.uint8)
    cv2.polylines(mask, pts, False, 255, int(round(tw)), cv2.LINE_AA, 2)
    if style.extra.get("soft"):  # airbrushed tunnels: no crisp edge at all
        mask = cv2.GaussianBlur(mask, (0, 0), style.extra["soft"] * w)
    fill = np.empty_like(img, dtype=np.float32)
    fill[:] = style.tunnel
    if style.tunnel_tex > 0:
        fill += (noise(rng, h, w, 0.1 * w + 2, 2) * style.tunnel_tex)[..., None]
    a = (mask.astype(np.float32) / 255)[..., None]
    img[:] = np.clip(img * (1 - a) + fill * a, 0, 255).astype(np.uint8)
    if style.extra.get("rails"):
        rails(img, jitter, w, style.extra["rails"])
    for _ in range(prng.randint(0, 5)):  # pebbles in the tunnel
        if not paths:
            break
        path = prng.choice(paths)
        x, y = path[prng.randrange(len(path) // 4, max(len(path) // 4 + 1, 3 * len(path) // 4))]
        cv2.circle(img, (int(x), int(y)), max(1, int(w * 0.008)), style.crack, -1, cv2.LINE_AA)


def rails(img: np.ndarray, paths: list, w: int, color) -> None:
    """Mine-cart rails with sleepers along the tunnel centre lines (strong lines inside tunnels)."""
    gauge, th = 0.055 * w, max(1, int(0.012 * w))
    for p in paths:
        d = np.gradient(p, axis=0)
        n = np.stack([-d[:, 1], d[:, 0]], axis=1) / (np.hypot(d[:, 0], d[:, 1])[:, None] + 1e-9)
        for k in (-1, 1):
            cv2.polylines(img, [np.int32((p + n * gauge * k) * 4)], False, color, th, cv2.LINE_AA, 2)
        seg = np.cumsum(np.r_[0, np.hypot(*np.diff(p, axis=0).T)])
        for t in np.arange(0, seg[-1], 0.09 * w):
            i = min(int(np.searchsorted(seg, t)), len(p) - 1)
            a, b = p[i] - n[i] * gauge * 1.4, p[i] + n[i] * gauge * 1.4
            cv2.line(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), color, th, cv2.LINE_AA)


def boulder(img: np.ndarray, c: np.ndarray, r: float, prng: random.Random, color=(80, 82, 85)) -> None:
    """A dark grey lump with a lighter top: what blocks a dead end, or just lies on the stone."""
    n = prng.randint(7, 11)
    pts = [(c[0] + r * prng.uniform(0.75, 1.1) * math.cos(2 * math.pi * i / n),
            c[1] + r * prng.uniform(0.6, 0.95) * math.sin(2 * math.pi * i / n)) for i in range(n)]
    col = tuple(int(min(255, max(0, v + prng.randint(-20, 20)))) for v in color)
    cv2.fillPoly(img, [np.int32(np.array(pts) * 4)], col, cv2.LINE_AA, 2)
    hi = tuple(min(255, v + 45) for v in col)
    cv2.ellipse(img, (int(c[0] - r * 0.2), int(c[1] - r * 0.25)), (max(1, int(r * 0.4)), max(1, int(r * 0.22))),
                -20, 0, 360, hi, -1, cv2.LINE_AA)
    cv2.polylines(img, [np.int32(np.array(pts) * 4)], True, (30, 30, 30), max(1, int(r * 0.12)), cv2.LINE_AA, 2)
