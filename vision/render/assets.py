"""`python -m vision.render.assets [ROOT]`: redraw the app's pictures reproducibly.

- assets/cards/: every path-card shape upright (the app turns them) for the fix-a-cell picker,
  named by openings and dead end (NESW.png, NS_dead.png, ...), plus start, goal_back, gold,
  stone_NE, stone_NW.
- assets/demo/: four photos of one table as a game goes on (~1600 px wide, JPEG < 400 KB) with truth.
- assets/icon.png: the 512 x 512 app icon.
"""
from __future__ import annotations

import json
import os
import random
import sys

import cv2
import numpy as np

from engine.cards import TUNNEL_SHAPES

from .camera import rounded_alpha
from .faces import goal_face, nugget, path_face, start_face
from .scene import render_scene
from .style import Style, random_style

CARD_W = 120
DEMO_SEED = 20260
DEMO_STEPS = (4, 10, 17, 26)


def _style() -> "Style":
    """The calm grey print look used for the app's pictures."""
    s = random_style(random.Random(7), "grey")
    s.border, s.gloss, s.deco, s.patches = None, 0.0, 0.5, 0.03
    return s


def _rgba(face: np.ndarray, r: float) -> np.ndarray:
    """A face with transparent rounded corners."""
    a = rounded_alpha(face.shape[1], face.shape[0], r)
    return np.dstack([face, a])


def card_pictures(out: str) -> list[str]:
    """Write one upright PNG per card shape; returns the file names."""
    os.makedirs(out, exist_ok=True)
    style = _style()
    names = []
    for i, shape in enumerate(TUNNEL_SHAPES):
        dead = not shape.connected
        face = path_face(shape.openings, dead, style, CARD_W, random.Random(i), np.random.default_rng(i))
        names.append(shape.openings + ("_dead" if dead else "") + ".png")
        cv2.imwrite(os.path.join(out, names[-1]), _rgba(face, 0.06 * CARD_W))
    specials = {
        "start.png": lambda p, n: start_face(style, CARD_W, p, n, turn=False),
        "goal_back.png": lambda p, n: goal_face("down", "", style, CARD_W, p, n),
        "gold.png": lambda p, n: goal_face("gold", "NESW", style, CARD_W, p, n, turn=False),
        "stone_NE.png": lambda p, n: goal_face("stone", "NE", style, CARD_W, p, n),
        "stone_NW.png": lambda p, n: goal_face("stone", "NW", style, CARD_W, p, n),
    }
    style.goal_back, style.goal_mark, style.goal_pattern = (40, 90, 150), (90, 170, 220), "emblem"
    for k, (name, draw) in enumerate(specials.items()):
        face = draw(random.Random(100 + k), np.random.default_rng(100 + k))
        cv2.imwrite(os.path.join(out, name), _rgba(face, 0.06 * CARD_W))
        names.append(name)
    return names


def demo_photos(out: str) -> list[str]:
    """One table photographed four times as the maze grows; JPEG quality lowered until < 400 KB."""
    os.makedirs(out, exist_ok=True)
    names = []
    for i, n in enumerate(DEMO_STEPS):
        img, truth = render_scene(DEMO_SEED, size=(1600, 1200), negative=None, family="grey", n_cards=DEMO_STEPS[-1],
                                  upto=n, rockfalls=0, reveal_p=0.0, tilt=18, fill=0.8, clutter=0.6, hard=0.2)
        stem = os.path.join(out, f"game_{i + 1}")
        for q in (88, 82, 75, 68, 60):
            ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
            if ok and len(buf) < 400_000:
                break
        with open(stem + ".jpg", "wb") as f:
            f.write(buf.tobytes())
        with open(stem + ".json", "w") as f:
            json.dump(truth, f, indent=1)
        names.append(stem + ".jpg")
    return names


def icon(path: str) -> None:
    """The app icon: the start card's ladder crossing a gold find on a dark rounded square."""
    size = 512
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = (40, 32, 28)
    style = _style()
    face = start_face(style, 230, random.Random(3), np.random.default_rng(3), turn=False)
    gold = goal_face("gold", "NESW", style, 230, random.Random(4), np.random.default_rng(4), turn=False)
    for f, (x, y, ang) in ((gold, (310, 250, 12)), (face, (200, 262, -10))):
        M = cv2.getRotationMatrix2D((f.shape[1] / 2, f.shape[0] / 2), ang, 1.0)
        M[:, 2] += (x - f.shape[1] / 2, y - f.shape[0] / 2)
        a = cv2.warpAffine(rounded_alpha(f.shape[1], f.shape[0], 14), M, (size, size))[..., None] / 255.0
        w = cv2.warpAffine(f, M, (size, size))
        img = (img * (1 - a) + w * a).astype(np.uint8)
    nugget(img, np.array([395.0, 400.0]), 60, random.Random(5))
    alpha = rounded_alpha(size, size, 96)
    cv2.imwrite(path, np.dstack([img, alpha]))


def main(argv: list[str] | None = None) -> int:
    """Redraw everything under ROOT (default assets/)."""
    root = (argv or sys.argv[1:] or ["assets"])[0]
    cards = card_pictures(os.path.join(root, "cards"))
    demos = demo_photos(os.path.join(root, "demo"))
    icon(os.path.join(root, "icon.png"))
    print(f"wrote {len(cards)} card pictures, {len(demos)} demo photos and the icon under {root}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
