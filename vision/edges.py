"""Openings the reader is unsure of, decided by the card across the edge.

Laid cards match their neighbours (opening against opening, wall against wall: RULES.md), so an
edge shared by two face-up cards is seen twice. Where the reader is unsure whether one card opens
on a side (a faint tunnel, glare, a mouth the outline cut) and sure what the card across it shows,
the sure side decides. Two sure readings that disagree are left as they are: a card laid against
the rules is reported as it lies, and judging it is the engine's job.
"""
from __future__ import annotations

from dataclasses import replace

from .cells import Cell

SIDES = "NESW"
ACROSS = {"N": ((0, -1), "S"), "E": ((1, 0), "W"), "S": ((0, 1), "N"), "W": ((-1, 0), "E")}
UNSURE = 0.7   # a side read with p(open) this close to a toss-up (margin |2p - 1|) may be decided across
SURE = 0.9     # the card across decides only where it is at least this sure


def _margin(p: float) -> float:
    return abs(2.0 * p - 1.0)


def _opens_toward(cell: Cell | None, side: str) -> float | None:
    """The reader's p(open) of this card's side, 1 or 0 for the start (a cross), None where unknown
    (no card, a face-down goal, a revealed goal: turned to join the tunnel that reached it, it may
    mismatch its other neighbours)."""
    if cell is None:
        return None
    if cell.kind == "start":
        return 1.0
    if cell.kind == "path" and cell.opens:
        return cell.opens[SIDES.index(side)]
    return None


def agree(cells: list[Cell]) -> list[Cell]:
    """The cells with each unsure side of a path card set as the sure card across it reads, and a
    card with one opening a dead end (the box holds no other: every connected card opens twice)."""
    at = {(c.col, c.row): c for c in cells}
    out = []
    for c in cells:
        if c.kind != "path" or not c.opens:
            out.append(c)
            continue
        opens = list(c.opens)
        for i, side in enumerate(SIDES):
            (dc, dr), back = ACROSS[side]
            q = _opens_toward(at.get((c.col + dc, c.row + dr)), back)
            if _margin(opens[i]) < UNSURE and q is not None and _margin(q) >= SURE:
                opens[i] = q
        openings = "".join(s for s, p in zip(SIDES, opens) if p > 0.5)
        if openings and openings != c.openings:
            c = replace(c, openings=openings, opens=tuple(opens))
        out.append(replace(c, dead_end=True) if len(c.openings) == 1 and not c.dead_end else c)
    return out
