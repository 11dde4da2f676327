"""Training crops for the card reader, cut from rendered table photos with their truth.

    python -m vision.cellnet.data OUT.npz [--scenes 2000] [--seed 1000000] [--workers 2] [--tint P] [--family F ...]

Each scene is rendered, JPEG-compressed, decoded the way the scanner decodes photos, and cut into
crops exactly as the scanner cuts them (`vision.cellnet.crop`) -- with the outline jittered as a
real fit would leave it. Besides every card there are empty cells around the maze (table, hands,
neighbouring cards' edges) and cells half a card off (the net must not read a card there).
Seeds start far from the benchmark's (424242...) and the renderer's test seeds.
"""
from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from multiprocessing import Pool

import cv2
import numpy as np

from vision.geometry import card_corners, quad_of

from . import KINDS, SIDES, crop

def _label(card: dict) -> tuple[int, list[int], int]:
    kind = card["kind"]
    if kind == "goal":
        kind = "goal_" + card.get("face", "down")
    opens = [int(s in card.get("openings", "")) for s in SIDES]
    return KINDS.index(kind), opens, int(bool(card.get("dead_end", False)))


def _board_h(cards: list[dict]) -> np.ndarray | None:
    src = [p for c in cards for p in card_corners(c["col"], c["row"])]
    dst = [p for c in cards for p in c["corners"]]
    h, _ = cv2.findHomography(np.float32(src), np.float32(dst), cv2.RANSAC, 8.0)
    return h


def jitter(quad: np.ndarray, rng: np.random.Generator, strength: float) -> np.ndarray:
    """The outline as a fit leaves it: corners off a little, the whole card shifted and scaled."""
    size = float(np.linalg.norm(quad[1] - quad[0]))
    c = quad.mean(axis=0)
    q = c + (quad - c) * rng.normal(1.0, 0.035 * strength)
    q = q + rng.normal(0, 0.035 * strength * size, 2) + rng.normal(0, 0.025 * strength * size, (4, 2))
    return q


def scene_samples(seed: int, tint: float = 0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(crops, kind, openings N x 4, dead end) from one rendered scene (empty arrays for negatives);
    `tint`: the chance its art gets coloured tunnels and an odd ladder (vision.render.style.tinted)."""
    from vision.image_io import load_photo
    from vision.render import render_scene
    from vision.settings import LoadSettings
    rng = np.random.default_rng(seed)
    img, truth = render_scene(seed, mp=float(rng.uniform(1.0, 3.0)), negative=None, tint=tint)
    ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 96))])
    photo = load_photo(enc.tobytes(), LoadSettings())
    fine, k = photo.fine, photo.fine_scale
    cards = [dict(c, corners=(np.array(c["corners"]) * k).tolist()) for c in truth["cards"]]
    h = _board_h(cards)
    crops, kinds, opens, dead = [], [], [], []

    def add(quad, label):
        crops.append(crop(fine, quad))
        kinds.append(label[0]); opens.append(label[1]); dead.append(label[2])

    empty = (0, [0, 0, 0, 0], 0)
    taken = {(c["col"], c["row"]) for c in cards}
    for c in cards:
        label = _label(c)
        reps = 2 if c["kind"] == "path" else 5
        for i in range(reps):
            add(jitter(np.array(c["corners"]), rng, (0.4, 1.4)[i % 2]), label)
        if h is not None and rng.random() < 0.35:   # half a card off: no card to read there
            d = rng.uniform(0.38, 0.6) * rng.choice([-1, 1])
            dc, dr = (d, 0.0) if rng.random() < 0.5 else (0.0, d)
            add(jitter(quad_of(h, c["col"] + dc, c["row"] + dr), rng, 0.8), empty)
    if h is not None:
        cols = [c for c, _ in taken]
        rows = [r for _, r in taken]
        free = [(c, r) for c in range(min(cols) - 2, max(cols) + 3) for r in range(min(rows) - 2, max(rows) + 3)
                if (c, r) not in taken]
        for i in rng.permutation(len(free))[: len(cards)]:
            quad = jitter(quad_of(h, *free[i]), rng, 1.0)
            if cv2.contourArea(np.float32(quad)) > 100:
                add(quad, empty)
    for quad in _clutter_windows(photo, cards, rng):
        add(quad, empty)
    return (np.array(crops, np.uint8), np.array(kinds, np.int8), np.array(opens, np.uint8), np.array(dead, np.uint8))


def _clutter_windows(photo, cards: list[dict], rng: np.random.Generator, n_random: int = 8) -> list[np.ndarray]:
    """Card-sized windows away from every card of the maze: anywhere on the table, and on the
    odd-coloured patches (hands, cups, other cards) where the scanner looks for the start's ladder.
    The reader must call them empty, or a hand passes for the start."""
    from vision.goals import find_blobs
    from vision.mask import card_mask
    from vision.settings import GoalSettings, MaskSettings, StartSettings
    from vision.start import odd_patches
    k = photo.k
    centres = np.array([np.mean(c["corners"], axis=0) for c in cards])
    width = float(np.median([np.linalg.norm(np.subtract(c["corners"][1], c["corners"][0])) for c in cards]))
    h, w = photo.fine.shape[:2]
    spots = [np.array([rng.uniform(0, w), rng.uniform(0, h)]) for _ in range(n_random)]
    mask = card_mask(photo.work, MaskSettings())
    blobs = find_blobs(photo.work, mask, GoalSettings())
    if blobs:
        lab = cv2.cvtColor(photo.work, cv2.COLOR_BGR2Lab).astype(np.float32)
        patches = odd_patches(lab, mask, max(blobs, key=lambda b: b.area).contour, StartSettings())
        for p in sorted(patches, key=lambda p: -p.area)[:6]:
            spots.append(p.centre * k + rng.normal(0, 0.2 * width, 2))
    out = []
    for c in spots:
        if np.min(np.linalg.norm(centres - c, axis=1)) < 0.6 * width:
            continue
        size = width * rng.uniform(0.6, 1.6)
        a = rng.uniform(0, np.pi)
        u = np.array([np.cos(a), np.sin(a)]) * size / 2
        v = np.array([-np.sin(a), np.cos(a)]) * size / 0.648 / 2
        out.append(np.array([c - u - v, c + u - v, c + u + v, c - u + v]))
    return out


def _safe(seed: int, tint: float = 0.0):
    try:
        return scene_samples(seed, tint)
    except Exception as err:   # a scene the renderer cannot make is skipped, not fatal
        print(f"scene {seed}: {type(err).__name__}: {err}", file=sys.stderr)
        return None


def _seeds(first: int, n: int, families: list[str] | None) -> list[int]:
    """The first n scene seeds from `first` on, of the given card-art families only (any if None)."""
    if not families:
        return list(range(first, first + n))
    from vision.render import scene_family
    out, seed = [], first
    while len(out) < n:
        if scene_family(seed) in families:
            out.append(seed)
        seed += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m vision.cellnet.data")
    ap.add_argument("out")
    ap.add_argument("--scenes", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1_000_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tint", type=float, default=0.0,
                    help="chance a scene's art gets coloured tunnels and an odd ladder colour (default 0)")
    ap.add_argument("--family", action="append", default=None,
                    help="only scenes drawn in this card-art family (repeat for several): more of a look the reader misses")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    parts = []
    with Pool(args.workers) as pool:
        for i, part in enumerate(pool.imap(partial(_safe, tint=args.tint), _seeds(args.seed, args.scenes, args.family), chunksize=4)):
            if part is not None and len(part[0]):
                parts.append(part)
            if (i + 1) % 100 == 0:
                print(f"{i + 1}/{args.scenes} scenes, {time.perf_counter() - t0:.0f} s", flush=True)
    x, k, o, d = (np.concatenate(a) for a in zip(*parts))
    np.savez(args.out, x=x, kind=k, opens=o, dead=d)
    print(f"{len(x)} crops from {len(parts)} scenes -> {args.out}; kinds {np.bincount(k, minlength=len(KINDS)).tolist()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
