"""The maze as ONE small PNG (the phones' board overlay).

A phone page gets a single image instead of a grid of tappable tiles: ten phones on a 2-core
table device must stay light, and a phone only looks at the maze (the table device records it).
Built from the same tiles as the table's grid, so both show the same drawing.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from . import tiles


def board_png(board: list[dict[str, Any]], connected: list[list[int]]) -> bytes:
    """PNG bytes of the public board (cards in the scanner's format) with connected tunnels banded."""
    key = tuple(sorted((c["col"], c["row"], c.get("kind", "path"), c.get("openings", ""),
                        bool(c.get("dead_end")), c.get("face") or "") for c in board))
    return _draw(key, tuple(sorted(tuple(p) for p in connected)))


@lru_cache(maxsize=64)
def _draw(cards: tuple, connected: tuple) -> bytes:
    seen = {(c[0], c[1]): c for c in cards}
    joined = set(connected)
    cols = [c for c, _ in seen] + [-1, 9]
    rows = [r for _, r in seen] + [-3, 3]
    lines = []
    for row in range(min(rows), max(rows) + 1):
        cells = []
        for col in range(min(cols), max(cols) + 1):
            c = seen.get((col, row))
            png = (tiles.tile("empty") if c is None else
                   tiles.tile(c[2], c[3], c[4], c[5], "", (col, row) in joined and c[2] != "goal"))
            cells.append(cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR))
        lines.append(np.hstack(cells))
    img = np.vstack(lines)
    scale = min(1.0, 360 / img.shape[1])
    if scale < 1.0:
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, png = cv2.imencode(".png", img)
    return png.tobytes()
