"""Debug sheet: the photo with goals, start, fitted grid and every cell's reading and confidence."""
from pathlib import Path

import cv2
import numpy as np

from .board import Cell


def _label(c: Cell) -> str:
    if c.kind == "goal":
        return f"G{c.face[0]}{c.openings}"
    text = ("S" if c.kind == "start" else "") + (c.openings or "-") + ("x" if c.dead_end else "")
    return text


def write_sheet(path: Path, result) -> None:
    """Draw on the fine image, scaled to ~1600 px, and save as JPEG."""
    dbg = result.debug
    photo = dbg["photo"]
    img = photo.fine.copy()
    s = 1600 / max(img.shape[:2])
    img = cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    k = s * photo.fine_scale / photo.work_scale  # work px -> sheet px
    for b in dbg["goals"].blobs:
        cv2.drawContours(img, [np.int32(b.contour * k)], -1, (255, 0, 255), 2)
    for c in dbg["cells"]:
        q = np.int32(c.quad * s)
        colour = (0, 200, 0) if c.confidence >= 0.6 else (0, 0, 255)
        if c.kind == "start":
            colour = (0, 255, 255)
        cv2.polylines(img, [q], True, colour, 2)
        cv2.line(img, tuple(q[0]), tuple(q[1]), (255, 80, 0), 3)  # north edge
        centre = q.mean(axis=0).astype(int)
        for text, dy, col in ((f"{c.col},{c.row}", -6, (255, 255, 255)), (_label(c), 8, (0, 255, 255)),
                              (f"{c.confidence:.2f}", 22, colour)):
            cv2.putText(img, text, (int(centre[0] - 18), int(centre[1] + dy)), cv2.FONT_HERSHEY_SIMPLEX,
                        0.38, (0, 0, 0), 3, cv2.LINE_AA)
            cv2.putText(img, text, (int(centre[0] - 18), int(centre[1] + dy)), cv2.FONT_HERSHEY_SIMPLEX,
                        0.38, col, 1, cv2.LINE_AA)
    cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 85])
