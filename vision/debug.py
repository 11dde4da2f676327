"""Debug sheet: the photo with the goal blobs, the start, the fitted grid and every card's reading,
plus a table of every card as the scanner rectified it, with its reading and confidence; for a
photo that was not read, the reason and what the scanner saw (mask, blobs, goal columns, patches)."""
from pathlib import Path

import cv2
import numpy as np

from .board import Cell
from .geometry import quad_of
from .ladder import rectify

TILE = (72, 108)
FONT = cv2.FONT_HERSHEY_SIMPLEX


def _label(c: Cell) -> str:
    if c.kind == "goal":
        return f"goal {c.face} {c.openings}".strip()
    return ("start " if c.kind == "start" else "") + (c.openings or "-") + (" dead" if c.dead_end else "")


def _text(img: np.ndarray, text: str, org: tuple[int, int], colour: tuple, scale: float = 0.45) -> None:
    cv2.putText(img, text, org, FONT, scale, (0, 0, 0), 3, cv2.LINE_AA)
    cv2.putText(img, text, org, FONT, scale, colour, 1, cv2.LINE_AA)


def _overlay(dbg: dict, width: int) -> np.ndarray:
    """The photo with goal blobs (magenta), grid lines (grey), card outlines (green / red when
    unsure, yellow start; the thick blue side is the card's north) and each card's position."""
    photo = dbg["photo"]
    s = width / photo.fine.shape[1]
    img = cv2.resize(photo.fine, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    k = s * photo.k
    cols = [c.col for c in dbg["cells"]]
    rows = [c.row for c in dbg["cells"]]
    for col in range(min(cols) - 1, max(cols) + 2):
        for row in range(min(rows) - 1, max(rows) + 2):
            cv2.polylines(img, [np.int32(quad_of(dbg["h"], col, row, 0.5) * s)], True, (150, 150, 150), 1)
    for b in dbg["goals"].blobs:
        cv2.drawContours(img, [np.int32(b.contour * k)], -1, (255, 0, 255), 2)
    for c in dbg["cells"]:
        q = np.int32(c.quad * s)
        colour = (0, 255, 255) if c.kind == "start" else (0, 200, 0) if c.confidence >= 0.6 else (0, 0, 255)
        cv2.polylines(img, [q], True, colour, 2)
        cv2.line(img, tuple(map(int, q[0])), tuple(map(int, q[1])), (255, 80, 0), 3)
        centre = q.mean(axis=0).astype(int)
        _text(img, f"{c.col},{c.row}", (int(centre[0]) - 14, int(centre[1]) + 4), (255, 255, 255), 0.4)
    return img


def _tiles(dbg: dict, width: int) -> np.ndarray:
    """Every card rectified upright (north up), labelled with position, reading and confidence."""
    cells = sorted(dbg["cells"], key=lambda c: (c.col, c.row))
    tw, th = TILE
    per_row = max(1, width // (tw + 8))
    rows = (len(cells) + per_row - 1) // per_row
    sheet = np.full((rows * (th + 44) + 8, width, 3), 32, np.uint8)
    for i, c in enumerate(cells):
        x, y = 8 + (i % per_row) * (tw + 8), 8 + (i // per_row) * (th + 44)
        sheet[y:y + th, x:x + tw] = rectify(dbg["photo"].fine, c.quad, TILE)
        colour = (0, 220, 0) if c.confidence >= 0.6 else (0, 0, 255)
        _text(sheet, f"{i + 1}. {c.col},{c.row}", (x, y + th + 14), (255, 255, 255), 0.4)
        _text(sheet, f"{_label(c)[:12]} {c.confidence:.2f}", (x, y + th + 32), colour, 0.33)
    return sheet


def _failure(dbg: dict, error: str, width: int) -> np.ndarray:
    """A photo that was not read: what the scanner did see, under the reason. The card-versus-
    table mask's outline (cyan), every card-like blob (grey), goal-column candidates (magenta,
    numbered, lines through their three cards) and odd-coloured patches, ladder candidates (orange)."""
    photo = dbg["photo"]
    s = width / photo.fine.shape[1]
    img = cv2.resize(photo.fine, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    k = s * photo.k
    if "mask" in dbg:
        contours, _ = cv2.findContours((dbg["mask"] > 127).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(img, [np.int32(c * k) for c in contours], -1, (255, 255, 0), 1)
    seen = dbg.get("seen")
    if seen is not None:
        for b in seen.blobs:
            cv2.drawContours(img, [np.int32(b.contour * k)], -1, (170, 170, 170), 1)
        for p in seen.patches:
            cv2.circle(img, tuple(int(v) for v in p.centre * k), max(3, int(np.sqrt(p.area / np.pi) * k)), (0, 140, 255), 2)
        for i, column in enumerate((seen.placed + seen.copies)[:8]):
            pts = np.int32(column.centres * k)
            cv2.polylines(img, [pts], False, (255, 0, 255), 2)
            for b in column.blobs:
                cv2.drawContours(img, [np.int32(b.contour * k)], -1, (255, 0, 255), 2)
            _text(img, str(i + 1), (int(pts[0][0]) + 6, int(pts[0][1]) - 6), (255, 0, 255), 0.6)
    bar = np.full((64, img.shape[1], 3), 32, np.uint8)
    reason, _, retake = error.partition(": ")
    # plain text on the dark bar (an outline under long text drifts off its letters)
    cv2.putText(bar, "NOT READ: " + reason[:140], (8, 24), FONT, 0.55, (80, 80, 255), 1, cv2.LINE_AA)
    cv2.putText(bar, retake[:150], (8, 50), FONT, 0.45, (255, 255, 255), 1, cv2.LINE_AA)
    return np.vstack([bar, img])


def write_sheet(path: Path, result) -> None:
    """Save the overlay above the card table as one JPEG (for a photo not read: what was seen)."""
    if not result.ok:
        sheet = _failure(result.debug, result.error, 1400)
    else:
        overlay = _overlay(result.debug, 1400)
        sheet = np.vstack([overlay, _tiles(result.debug, overlay.shape[1])])
    cv2.imwrite(str(path), sheet, [cv2.IMWRITE_JPEG_QUALITY, 85])
