"""Compose one seeded table photo and its truth.

The maze is laid on the table in mm (layout.py), the camera is framed on it, and every flat thing
is pasted through the same homography, so each truth corner is exactly where its card was drawn.
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np

from . import effects
from .camera import frame_camera, paste, placement, project, rounded_alpha
from .clutter import CARD_MM, clutter_items
from .faces import goal_face, path_face, start_face
from .maze import Board, Cell, first_cards, grow_maze, reveal_random
from .style import Style, mix, random_style, tinted
from .layout import card_corners, fake_region, image_size, layout_cards
from .table import make_table, table_edge, warp_table

NEGATIVES = ("no_board", "no_start", "blur")


def _pick_options(prng: random.Random, o: dict) -> dict:
    """Fill every unset option with a seeded random choice (every draw is made either way, so a
    given option never shifts the rest of the scene: the art family follows from the seed alone)."""
    neg = o.get("negative", "auto")
    draw, kind = prng.random(), prng.choice(NEGATIVES)
    if neg == "auto":
        neg = kind if draw < 0.1 else None
    mp_default = prng.choice([1, 2, 3, 4, 5, 8, 12, 12])
    mp = o.get("mp") or mp_default
    return {
        "negative": neg, "mp": float(mp),
        "family": o.get("family"), "table": o.get("table"), "table_color": o.get("table_color"),
        "n_cards": o.get("n_cards", int(prng.triangular(0, 40, 14))),
        "tilt": math.radians(o.get("tilt", prng.choice([0, 8, 15, 22, 30, 36, 40]) + prng.uniform(-4, 0))),
        "fill": o.get("fill", prng.uniform(0.5, 0.96)),
        "clutter": o.get("clutter", prng.uniform(0, 1)),
        "max_render_mp": o.get("max_render_mp", 3.0), "full_res": o.get("full_res", False),
        "hard": o.get("hard", prng.uniform(0, 1)),
        "rockfalls": o.get("rockfalls", prng.choice([0, 0, 0, 1, 2])),
        "reveal_p": o.get("reveal_p", 0.12), "upto": o.get("upto"),
        "size": o.get("size"), "tint": o.get("tint", 0.0),
    }


def scene_family(seed: int, family: str | None = None) -> str:
    """The card-art family scene `seed` is drawn in (cheap: nothing is drawn)."""
    prng = random.Random(seed)
    _pick_options(prng, {})
    return random_style(prng, family).family


def render_scene(seed: int, **options) -> tuple[np.ndarray, dict]:
    """A photo (BGR uint8) of a Saboteur table and its truth, fully determined by `seed` and options.

    Options (all optional): negative ("auto" | None | "no_board" | "no_start" | "blur"), mp,
    family (style family), table (tablecloth kind), table_color (BGR), n_cards, tilt (deg), fill (0..1), clutter (0..1),
    hard (0..1: strength of shadows, glare, blur, noise), rockfalls, reveal_p (chance a goal is turned
    up at random), upto (show only the first N tunnel cards laid: the same table earlier in the game),
    size ((w, h) in px, overrides mp), max_render_mp, full_res, tint (chance the art gets coloured
    tunnels and an odd ladder colour: vision.render.style.tinted; 0 by default, the bench's sets).
    """
    prng = random.Random(seed)
    rng = np.random.default_rng(seed)
    opt = _pick_options(prng, options)
    style = random_style(prng, opt["family"])
    tint_rng = random.Random(seed * 7919 + 17)   # its own draws: scenes without tint stay as they were
    if tint_rng.random() < opt["tint"]:
        style = tinted(style, tint_rng)
    board = _board(prng, opt)
    lay = layout_cards(board, prng)
    corners = {pos: card_corners(*lay[pos]) for pos in board}
    size_t, size_r, H, frame_pts = _camera(prng, opt, corners)
    canvas = _table(prng, rng, style, H, size_r, opt["table"], opt["table_color"])
    if prng.random() < 0.2 and opt["table_color"] is None:
        canvas = table_edge(canvas, prng, rng, H, frame_pts)
    items = _place_clutter(prng, rng, style, H, size_r, corners, opt)
    if opt["upto"] is not None:  # the same table earlier in the game: only the first cards laid
        board = first_cards(board, opt["upto"])
        corners = {pos: corners[pos] for pos in board}
    canvas = _drop_shadows(canvas, H, corners, items, prng)
    for kind, (img, alpha, A) in items:
        if kind != "hand":
            paste(canvas, img, alpha, H @ A)
    glare_spots = _paste_cards(canvas, board, lay, style, H, seed)
    for kind, (img, alpha, A) in items:
        if kind == "hand":
            paste(canvas, img, alpha, H @ A)
    gloss = _card_mask(canvas.shape, H, corners)
    canvas = _finish(canvas, prng, rng, style, opt, (glare_spots, gloss), size_t, size_r)
    scale = (size_t[0] / size_r[0], size_t[1] / size_r[1])
    return canvas, _truth(seed, opt, board, corners, H, scale, canvas.shape)


def _board(prng: random.Random, opt: dict) -> Board:
    """The maze on the table (empty for "no_board"; start taken away for "no_start")."""
    if opt["negative"] == "no_board":
        return {}
    board = grow_maze(prng, opt["n_cards"], rockfalls=opt["rockfalls"])
    reveal_random(board, prng, opt["reveal_p"])
    if opt["negative"] == "no_start":
        del board[(0, 0)]
        if prng.random() < 0.4:  # a plain cross lies where the start should be: no ladder, no frame
            board[(0, 0)] = Cell("path", "NESW", False)
    return board


def _camera(prng: random.Random, opt: dict, corners: dict) -> tuple:
    """(target size, render size, homography table mm -> render px, points the camera framed)."""
    size_t = image_size(opt["mp"], prng)
    if opt["size"]:
        size_t = tuple(opt["size"])
    k = 1.0 if opt["full_res"] else min(1.0, math.sqrt(opt["max_render_mp"] * 1e6 / (size_t[0] * size_t[1])))
    size_r = (int(size_t[0] * k), int(size_t[1] * k))
    frame_pts = np.vstack(list(corners.values())) if corners else fake_region(prng)
    roll = prng.choices([math.pi, 0.0, math.pi / 2, -math.pi / 2], weights=[6, 1, 1.5, 1.5])[0]
    H = frame_camera(size_r, prng.uniform(58, 75), prng.uniform(0, 2 * math.pi), opt["tilt"], frame_pts,
                     opt["fill"], (prng.random(), prng.random()), roll + math.radians(prng.uniform(-6, 6)))
    return size_t, size_r, H, frame_pts


def _truth(seed: int, opt: dict, board: Board, corners: dict, H: np.ndarray, scale, shape) -> dict:
    """The truth record in the shared samples' format (corners in target-size pixels)."""
    cards = []
    for (c, r), cell in sorted(board.items()):
        q = project(H, corners[(c, r)]) * scale
        cards.append({"col": c, "row": r, **cell.truth(),
                      "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in q]})
    return {"seed": seed, "negative": opt["negative"], "cards": [] if opt["negative"] else cards,
            "image": {"w": int(shape[1]), "h": int(shape[0])}}


def _table(prng, rng, style: Style, H: np.ndarray, size: tuple[int, int], kind, color) -> np.ndarray:
    w, h = size
    vis = project(np.linalg.inv(H), np.array([[0, 0], [w, 0], [w, h], [0, h]], float))
    extent = float(np.max(np.ptp(vis, axis=0)))
    tex, ppm, border = make_table(prng, rng, style, extent, kind, color)
    angle = 0.0 if prng.random() < 0.2 else prng.uniform(0, math.pi)
    return warp_table(tex, ppm, border, H, size, angle)


def _local_ppm(H: np.ndarray, p: np.ndarray) -> float:
    """Image pixels per mm at table point p (largest direction)."""
    q = project(H, np.array([p, p + [1, 0], p + [0, 1]]))
    return float(max(np.hypot(*(q[1] - q[0])), np.hypot(*(q[2] - q[0]))))


def _face_width(H: np.ndarray, center: np.ndarray) -> int:
    return int(np.clip(CARD_MM[0] * _local_ppm(H, center) * 1.3, 40, 640))


def _paste_cards(canvas, board: Board, lay, style: Style, H, seed: int) -> list[tuple[float, float]]:
    """Draw each maze card at the resolution it is seen with, paste it; returns glare spot centres.

    Each card's drawing is seeded by the scene seed and its cell, so a card keeps its look while the
    board grows around it (the demo photos of one game)."""
    prng = random.Random(seed * 7919 + 17)
    order = list(board)
    prng.shuffle(order)
    edge = prng.choice(["none", "dark", "dark", "light"])
    curl = prng.choice([0.0, 0.0, 0.4, 0.8])  # mm an edge's middle may lift inward (corners stay put)
    spots = []
    for pos in order:
        center, ang = lay[pos]
        w = _face_width(H, center)
        face = _card_face(board[pos], style, w, seed, pos, edge)
        h = face.shape[0]
        if prng.random() < 0.3:  # a curled or tilted card catches the light unevenly
            ramp = np.linspace(prng.uniform(0.85, 1.0), prng.uniform(1.0, 1.12), h, dtype=np.float32)
            face = np.clip(face * ramp[:, None, None], 0, 255).astype(np.uint8)
        alpha = rounded_alpha(w, h, style.corner_r * w)
        if curl:
            face, alpha = _curl(face, alpha, curl * w / CARD_MM[0], prng)
        paste(canvas, face, alpha, H @ placement(center, ang, CARD_MM, (w, h)))
        if prng.random() < style.gloss * 0.3:
            spots.append(tuple(project(H, center[None])[0]))
    return spots


def _card_face(cell, style: Style, w: int, seed: int, pos: tuple[int, int], edge: str) -> np.ndarray:
    """One maze card's face, with the scene's edge tone (dark or light rim, or none)."""
    cprng = random.Random(f"{seed}:{pos}")
    crng = np.random.default_rng([seed & 0xFFFFFFFF, pos[0] + 1000, pos[1] + 1000])
    if cell.kind == "start":
        face = start_face(style, w, cprng, crng)
    elif cell.kind == "goal":
        face = goal_face(cell.face or "down", cell.openings, style, w, cprng, crng)
    else:
        face = path_face(cell.openings, cell.dead_end, style, w, cprng, crng)
    if edge != "none":
        h = face.shape[0]
        tone = (25, 25, 25) if edge == "dark" else (240, 240, 240)
        cv2.rectangle(face, (0, 0), (w - 1, h - 1), mix(tuple(int(v) for v in face[h // 2, 2]), tone, 0.6),
                      max(1, w // 90))
    return face


def _curl(face: np.ndarray, alpha: np.ndarray, amp: float, prng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    """Bow the card's edges inward by up to `amp` px at their middles, corners fixed (a card that is
    not quite flat), so its outline is no longer four straight lines."""
    h, w = face.shape[:2]
    ax, ay = prng.uniform(0, amp), prng.uniform(0, amp)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    map_x = xs - ax * np.sin(np.pi * ys / h) * (1 - 2 * xs / w)
    map_y = ys - ay * np.sin(np.pi * xs / w) * (1 - 2 * ys / h)
    face = cv2.remap(face, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    alpha = cv2.remap(alpha, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return face, alpha


def _place_clutter(prng, rng, style: Style, H, size, corners: dict, opt: dict) -> list:
    """Clutter items laid in the visible table area, clear of every maze card."""
    w, h = size
    inv = np.linalg.inv(H)
    centres = np.array([c.mean(axis=0) for c in corners.values()]) if corners else np.zeros((0, 2))
    px_card = int(np.clip(_face_width(H, project(inv, np.array([[w / 2, h / 2]]))[0]), 40, 240))
    out = []
    raw = clutter_items(prng, rng, style, px_card, opt["clutter"])
    loose = prng.randint(1, 4) if opt["negative"] == "no_board" and prng.random() < 0.6 else 0
    if opt["negative"] != "no_board" and prng.random() < 0.12 * opt["clutter"]:
        loose = prng.randint(1, 2)  # a face-up tunnel card off the grid (in a hand, not laid)
    for _ in range(loose):
        face = path_face(prng.choice(["NESW", "NS", "EW", "NE", "ESW"]), False, style, px_card, prng, rng)
        raw.append(("loose", (face, rounded_alpha(px_card, face.shape[0], 4), CARD_MM)))
    for kind, (img, alpha, mm) in raw:
        radius = math.hypot(*mm) / 2
        for _ in range(30):
            p = project(inv, np.array([[prng.uniform(-0.1, 1.1) * w, prng.uniform(-0.1, 1.1) * h]]))[0]
            if not len(centres) or np.min(np.hypot(*(centres - p).T)) > radius + 52 + prng.uniform(5, 60):
                break
        else:
            continue
        ang = prng.uniform(0, 2 * math.pi)
        if kind == "loose":  # clearly not laid: turned at least 25 degrees off the board's grid
            ang = prng.choice([1, -1]) * prng.uniform(math.radians(25), math.radians(65)) + prng.choice([0, math.pi])
        if kind == "hand" and len(centres):  # fingers point at the maze
            d = centres.mean(axis=0) - p
            ang = math.atan2(d[1], d[0]) - math.pi / 2
        out.append((kind, (img, alpha, placement(p, ang, mm, (img.shape[1], img.shape[0])))))
    return out


def _card_mask(shape, H: np.ndarray, corners: dict) -> np.ndarray:
    """1.0 on the maze cards, 0.0 elsewhere (soft-edged), in render pixels."""
    mask = np.zeros(shape[:2], np.float32)
    for q in corners.values():
        cv2.fillConvexPoly(mask, np.int32(np.round(project(H, q))), 1.0, cv2.LINE_AA)
    return mask


def _drop_shadows(canvas, H, corners: dict, items: list, prng) -> np.ndarray:
    """The small soft shadow every card and object throws on the table."""
    h, w = canvas.shape[:2]
    mask = np.zeros((h, w), np.float32)
    for q in corners.values():
        cv2.fillConvexPoly(mask, np.int32(project(H, q)), 1.0)
    for _, (img, _a, A) in items:
        ih, iw = img.shape[:2]
        q = project(H @ A, np.array([[0, 0], [iw, 0], [iw, ih], [0, ih]], float))
        cv2.fillConvexPoly(mask, np.int32(q), 1.0)
    s = max(1.0, 0.004 * max(w, h))
    M = np.float32([[1, 0, prng.uniform(-1, 1) * s], [0, 1, prng.uniform(-1, 1) * s]])
    mask = cv2.GaussianBlur(cv2.warpAffine(mask, M, (w, h)), (0, 0), s)
    return np.clip(canvas * (1 - prng.uniform(0.1, 0.4) * mask)[..., None], 0, 255).astype(np.uint8)


def _finish(canvas, prng, rng, style: Style, opt: dict, spots, size_t, size_r) -> np.ndarray:
    """Light, shadows, glare, then the camera at the target size: blur, noise, JPEG."""
    hard = opt["hard"]
    canvas = effects.lighting(canvas, prng, rng, 0.3 + 0.7 * hard)
    n_sh = prng.choice([0, 0, 1, 1, 2, 3]) if hard > 0.2 else 0
    if n_sh:
        canvas = effects.cast_shadows(canvas, prng, n_sh, prng.uniform(0.2, 0.55) * (0.5 + hard / 2))
    spots, gloss = spots
    sheen = style.gloss * prng.uniform(0.2, 0.5) if prng.random() < 0.25 else 0.0
    if (spots or sheen) and style.gloss > 0:
        scale = 0.04 * max(size_r)
        canvas = effects.glare(canvas, prng, spots[:4], style.gloss * prng.uniform(0.3, 0.8), scale, gloss, sheen)
    if opt["negative"] == "blur":  # far too soft to read: defocus or a shaken phone, at render size
        r_long = max(size_r)
        if prng.random() < 0.65:
            canvas = cv2.GaussianBlur(canvas, (0, 0), prng.uniform(0.006, 0.012) * r_long)
        else:
            canvas = effects.camera(canvas, prng, rng, 0.002 * r_long, 0, prng.uniform(0.015, 0.03) * r_long, 0)
    if size_t != size_r:
        canvas = cv2.resize(canvas, size_t, interpolation=cv2.INTER_CUBIC)
    long_side = max(size_t)
    blur = prng.choice([0, 0, 0.3, 0.6, 1.0]) * hard * long_side / 2000
    noise_sigma = prng.choice([0, 1.5, 3, 5]) * (0.5 + hard)
    motion = prng.choice([0, 0, 0, 2, 3]) * hard * long_side / 2000
    sharpen = prng.choice([0, 0, 0.3, 0.6])
    canvas = effects.camera(canvas, prng, rng, blur, noise_sigma, motion, sharpen)
    if opt["tilt"] > math.radians(15) and prng.random() < 0.5:
        canvas = effects.depth_of_field(canvas, prng, prng.uniform(0.3, 1.2) * long_side / 2000)
    return effects.jpeg(canvas, prng.randint(55, 95))
