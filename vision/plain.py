"""Cards the reader half-believes in where the photo shows almost nothing: a hole in the maze on a
tablecloth the colour of the stone, a tile of a chequered table. Every path card carries a tunnel
whose walls contrast with the stone, and in one photo all cards share light and print; a cell whose
middle varies far less than the photo's clear cards do is table, whatever the reader says."""
from __future__ import annotations

import cv2
import numpy as np

from . import cellnet

INNER = (slice(10, 62), slice(7, 41))   # the card's middle in a reader crop (its margin left out)


def spread(img: np.ndarray, quad: np.ndarray) -> float:
    """Standard deviation of the grey level over the card's middle."""
    grey = cv2.cvtColor(cellnet.crop(img, quad), cv2.COLOR_BGR2GRAY)
    return float(grey[INNER].std())


def plain_cards(img: np.ndarray, quads: list[np.ndarray], sure: list[bool], share: float) -> list[bool]:
    """For each quad, whether it is too plain to be a card: its spread under `share` of the median
    spread of the sure ones (needs three sure cards to compare with, else nothing is plain)."""
    spreads = [spread(img, q) for q in quads]
    known = [s for s, ok in zip(spreads, sure) if ok]
    if len(known) < 3:
        return [False] * len(quads)
    floor = share * float(np.median(known))
    return [not ok and s < floor for s, ok in zip(spreads, sure)]


def without_plain(img: np.ndarray, cells: dict, sure: float, share: float) -> dict:
    """The cells ({(col, row): Cell}) without the unsure path cards that are too plain; the path
    cards read at least `sure` are the measure (the start's ladder is not)."""
    paths = [c for c in cells.values() if c.kind == "path"]
    plain = plain_cards(img, [c.quad for c in paths], [c.confidence >= sure for c in paths], share)
    drop = {(c.col, c.row) for c, p in zip(paths, plain) if p}
    return {p: c for p, c in cells.items() if p not in drop}
