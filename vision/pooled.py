"""Unsure path cards read once more on every outline the board offers, the readings pooled.

The walk keeps the one outline the reader was likeliest to call a card on, and a card's openings
then rest on that one crop: a mouth the outline grazes, a side a few pixels off, can tip a side
read at 0.5-0.8 either way (renderer seed 1200018: a dead end NS read NSW, W at 0.57 on its own
outline, 0.17-0.41 on the board's fit and on its neighbours' predictions). Where the reader is
not quite sure (below 0.99), the outlines the board's fit and each sure card beside it predict
are read too, and the readings of those it takes surely for a card are averaged: one grazing
crop no longer decides.
Cards read surely are left as they are.
"""
from dataclasses import replace

import numpy as np

from . import cellnet, geometry
from .cells import SURE, STEPS, Cell, Surface, card_p, some_openings

__all__ = ["not_sure", "pooled"]

# how far from a toss-up a pooled call must be to override the card's own call: on the bench the
# pools at 0.53-0.58 were right and wrong alike (700007's W at 0.55, main #0178's N at 0.53)
CLEAR = 0.1
# cards read below this are pooled: SURE (0.9) first; up to 0.99 also righted a dead end N read NE
# at 0.95 on its own outline, E at 0.09 on the fit's and its neighbour's (600000 #0028)
POOL_BELOW = 0.99


def _outlines(cells: dict, pos: tuple[int, int], h: np.ndarray) -> list[np.ndarray]:
    """The card's own outline, the fit's, and the one each sure path card or the start beside it predicts."""
    quads = [cells[pos].quad, geometry.quad_of(h, *pos)]
    for dc, dr in STEPS:
        other = cells.get((pos[0] + dc, pos[1] + dr))
        if other is None or other.kind not in ("path", "start") or other.confidence < SURE:
            continue
        m = geometry.cell_homography(other.col, other.row, other.quad)
        if m is not None:
            quads.append(geometry.quad_of(m, *pos))
    return quads


def _pooled_cell(cell: Cell, guesses: list) -> Cell | None:
    """The cell with the mean reading of the guesses that see a card surely, call by call where
    the mean is CLEAR of a toss-up; None when fewer than two see a card or nothing changes."""
    seen = [g for g in guesses if card_p(g) >= SURE]
    if len(seen) < 2:
        return None
    own = np.append(cell.opens or seen[0].opens, float(cell.dead_end))
    mean = np.mean([np.append(g.opens, g.dead) for g in seen], axis=0)
    calls = np.where(np.abs(mean - 0.5) >= CLEAR, mean, own)   # a pool near a toss-up leaves the own call
    opens, dead = calls[:4], float(calls[4])
    openings = some_openings(cellnet.CellGuess(seen[0].kinds, opens, dead))
    if (openings, dead > 0.5) == (cell.openings, cell.dead_end):
        return None
    margin = float(min(np.abs(np.append(opens, dead) - 0.5).min() * 2, 1.0))
    # no surer than before: the frames' scores count unsure cards, and pooling must not pick the frame
    return replace(cell, openings=openings, dead_end=dead > 0.5, confidence=min(cell.confidence, 0.5 + 0.5 * margin),
                   opens=tuple(float(p) for p in opens))


def not_sure(cells: dict) -> list[tuple[int, int]]:
    """The path cards read below POOL_BELOW: those whose readings are pooled."""
    return [p for p, c in cells.items() if c.kind == "path" and c.confidence < POOL_BELOW]


def pooled(sf: Surface, cells: dict, h: np.ndarray) -> dict:
    """The cells with each path card read below POOL_BELOW set to the pooled reading of its
    outlines (see the module), where that differs from its own."""
    unsure = not_sure(cells)
    if not unsure:
        return cells
    quads = {p: _outlines(cells, p, h) for p in unsure}
    guesses = iter(cellnet.read(sf.fine, [q for p in unsure for q in quads[p]]))
    out = dict(cells)
    for p in unsure:
        better = _pooled_cell(cells[p], [next(guesses) for _ in quads[p]])
        if better is not None:
            out[p] = better
    return out
