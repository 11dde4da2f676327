"""Draw the reading over the photo: every card outlined, the new card judged, tunnels traced.

Legal and illegal must read apart without colour: a legal new card has a solid double frame and
a tick; an illegal one a dashed frame, hatching and a cross. Cards that differ from the confirmed
board get a dotted frame and a "?". Start-connected tunnels are traced as thick bands.
"""
from __future__ import annotations

import cv2
import numpy as np

from .scanflow import Cell, Reading, Verdict

GOOD = (60, 200, 60)
BAD = (40, 40, 230)
ODD = (0, 170, 255)
PLAIN = (255, 255, 255)
ROUTE = (0, 220, 255)
INK = (20, 20, 20)


def _quad(card: dict, scale: float) -> np.ndarray | None:
    corners = card.get("corners")
    if not corners or len(corners) != 4:
        return None
    return (np.asarray(corners, np.float32) * scale).astype(np.int32)


def _dashed(img: np.ndarray, quad: np.ndarray, colour: tuple, width: int, dash: int) -> None:
    for i in range(4):
        a, b = quad[i].astype(float), quad[(i + 1) % 4].astype(float)
        n = max(1, int(np.linalg.norm(b - a) // dash))
        for k in range(0, n, 2):
            p = a + (b - a) * k / n
            q = a + (b - a) * min(k + 1, n) / n
            cv2.line(img, tuple(int(v) for v in p), tuple(int(v) for v in q), colour, width)


def _hatch(img: np.ndarray, quad: np.ndarray, colour: tuple) -> None:
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, quad, 255)
    x, y, w, h = cv2.boundingRect(quad)
    lines = np.zeros_like(img)
    for d in range(-h, w, 14):
        cv2.line(lines, (x + d, y + h), (x + d + h, y), colour, 3)
    img[mask > 0] = np.where(lines[mask > 0] > 0, lines[mask > 0], img[mask > 0])


def _symbol(img: np.ndarray, quad: np.ndarray, good: bool) -> None:
    c = quad.mean(axis=0).astype(int)
    r = max(10, int(np.linalg.norm(quad[0] - quad[1]) / 5))
    cv2.circle(img, tuple(c), r, INK, -1)
    colour = GOOD if good else BAD
    if good:
        pts = np.array([c + (-r // 2, 0), c + (-r // 8, r // 2), c + (r // 2, -r // 2)])
        cv2.polylines(img, [pts.astype(np.int32)], False, colour, max(3, r // 4))
    else:
        k = r // 2
        cv2.line(img, tuple(c - k), tuple(c + k), colour, max(3, r // 4))
        cv2.line(img, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), colour, max(3, r // 4))


def _route(img: np.ndarray, quad: np.ndarray, openings: str, width: int) -> None:
    """Trace tunnels: corners are NW, NE, SE, SW in the board frame (scanner contract)."""
    c = quad.mean(axis=0)
    mids = {"N": (quad[0] + quad[1]) / 2, "E": (quad[1] + quad[2]) / 2,
            "S": (quad[2] + quad[3]) / 2, "W": (quad[3] + quad[0]) / 2}
    for side in openings:
        a, b = tuple(int(v) for v in c), tuple(int(v) for v in mids[side])
        cv2.line(img, a, b, INK, width + 4)
        cv2.line(img, a, b, ROUTE, width)


def draw(reading: Reading, seen: list[dict], verdict: Verdict | None,
         connected: set[Cell]) -> bytes:
    """JPEG bytes of the display-sized photo with the reading drawn over it."""
    assert reading.display is not None
    img = reading.display.copy()
    width = max(3, img.shape[1] // 250)
    for card in seen:
        quad = _quad(card, reading.scale)
        if quad is None:
            continue
        cell = (card["col"], card["row"])
        if cell in connected and card.get("openings"):
            _route(img, quad, card["openings"], width)
        if verdict and verdict.cell == cell and verdict.kind == "place":
            if verdict.legal:
                cv2.polylines(img, [quad], True, INK, width * 3 + 2)
                cv2.polylines(img, [quad], True, GOOD, width * 2)
            else:
                _hatch(img, quad, BAD)
                _dashed(img, quad, BAD, width * 2, 18)
            _symbol(img, quad, verdict.legal)
        elif verdict and cell in verdict.changed:
            _dashed(img, quad, ODD, width, 8)
        else:
            cv2.polylines(img, [quad], True, INK, width + 2)
            cv2.polylines(img, [quad], True, PLAIN, max(1, width // 2))
    ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return jpg.tobytes()
