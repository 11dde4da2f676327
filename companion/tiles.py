"""Small card drawings (PNG bytes) for the board grid and the fix-a-cell picker.

Drawn with OpenCV here, in the service layer, so components only ever receive bytes. The marks
are shapes, not just colours: a legal new card gets a solid frame and a tick, an illegal one a
dashed frame, hatching and a cross, so the two read apart without colour vision.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

W, H = 44, 66  # portrait, like the real cards
STONE = (150, 160, 165)
TUNNEL = (245, 245, 240)
EDGE = (60, 60, 60)
GOOD = (40, 160, 40)
BAD = (40, 40, 210)
ROUTE = (0, 200, 255)

_MID = {"N": (W // 2, 0), "E": (W - 1, H // 2), "S": (W // 2, H - 1), "W": (0, H // 2)}


def _tunnels(img: np.ndarray, openings: str, dead_end: bool, colour: tuple[int, int, int]) -> None:
    """Tunnels from the edge midpoints; dead ends stop short of the centre with a boulder."""
    c = (W // 2, H // 2)
    width = max(6, W // 4)
    for side in openings:
        end = _MID[side]
        if dead_end:
            stub = (int(end[0] + (c[0] - end[0]) * 0.45), int(end[1] + (c[1] - end[1]) * 0.45))
            cv2.line(img, end, stub, colour, width)
        else:
            cv2.line(img, end, c, colour, width)
    if dead_end:
        cv2.circle(img, c, W // 7, EDGE, -1)
    elif openings:
        cv2.circle(img, c, width // 2, colour, -1)


def _dashed_frame(img: np.ndarray, colour: tuple[int, int, int]) -> None:
    pts = [(1, 1), (W - 2, 1), (W - 2, H - 2), (1, H - 2), (1, 1)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        n = max(abs(x1 - x0), abs(y1 - y0)) // 6
        for i in range(0, n, 2):
            a = (x0 + (x1 - x0) * i // n, y0 + (y1 - y0) * i // n)
            b = (x0 + (x1 - x0) * (i + 1) // n, y0 + (y1 - y0) * (i + 1) // n)
            cv2.line(img, a, b, colour, 3)


def _mark(img: np.ndarray, mark: str) -> None:
    """Frame and symbol for the card's status: new (legal), bad (illegal), or plain."""
    if mark == "good":
        cv2.rectangle(img, (1, 1), (W - 2, H - 2), GOOD, 3)
        cv2.polylines(img, [np.array([(W - 16, H - 12), (W - 11, H - 6), (W - 3, H - 17)])],
                      False, GOOD, 3)
    elif mark == "bad":
        for x in range(-H, W, 8):
            cv2.line(img, (x, H), (x + H, 0), BAD, 1)
        _dashed_frame(img, BAD)
        cv2.line(img, (W - 15, H - 16), (W - 4, H - 5), BAD, 3)
        cv2.line(img, (W - 4, H - 16), (W - 15, H - 5), BAD, 3)
    else:
        cv2.rectangle(img, (0, 0), (W - 1, H - 1), EDGE, 1)


@lru_cache(maxsize=512)
def tile(kind: str, openings: str = "", dead_end: bool = False, face: str = "",
         mark: str = "", connected: bool = False) -> bytes:
    """PNG of one cell: kind "empty" | "start" | "goal" | "path"."""
    img = np.full((H, W, 3), STONE, np.uint8)
    if kind == "empty":
        img[:] = (235, 235, 235)
        cv2.rectangle(img, (0, 0), (W - 1, H - 1), (200, 200, 200), 1)
    elif kind == "goal" and face in ("", "down"):
        img[:] = (40, 70, 110)
        cv2.putText(img, "?", (W // 2 - 8, H // 2 + 9), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (200, 220, 240), 2)
    else:
        _tunnels(img, openings, dead_end, ROUTE if connected else TUNNEL)
        if kind == "start":
            for y in range(H // 2 - 14, H // 2 + 15, 6):
                cv2.line(img, (W // 2 - 6, y), (W // 2 + 6, y), (0, 120, 230), 2)
        if kind == "goal":
            colour = (0, 200, 240) if face == "gold" else (50, 50, 50)
            cv2.circle(img, (W // 2, H // 2), 8, colour, -1)
    _mark(img, mark)
    ok, png = cv2.imencode(".png", img)
    return png.tobytes()


CARD_ART = Path(__file__).resolve().parents[1] / "assets" / "cards"


@lru_cache(maxsize=64)
def card_art(openings: str, dead_end: bool) -> bytes:
    """The card as drawn in assets/cards (upright there; a turned card is the drawing rotated
    180 degrees), so the picker looks like the box. Our own tile if the drawing is missing."""
    from engine.cards import turn180

    suffix = "_dead" if dead_end else ""
    path = CARD_ART / f"{openings}{suffix}.png"
    turned = CARD_ART / f"{turn180(openings)}{suffix}.png"
    img = cv2.imread(str(path if path.exists() else turned))
    if img is None:
        return tile("path", openings, dead_end)
    if not path.exists():
        img = cv2.rotate(img, cv2.ROTATE_180)
    img = cv2.resize(img, (60, round(60 * img.shape[0] / img.shape[1])), interpolation=cv2.INTER_AREA)
    ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return jpg.tobytes()
