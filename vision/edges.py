"""Openings the reader is unsure of, decided by the card across the edge.

Laid cards match their neighbours (opening against opening, wall against wall: RULES.md), so an
edge shared by two face-up cards is seen twice. Where the reader is not sure whether one card opens
on a side (a faint tunnel, glare, a mouth the outline cut) and the card across it reads that edge
more surely, the surer side decides. Two sure readings that disagree are left as they are: a card
laid against the rules is reported as it lies, and judging it is the engine's job.

On the four bench sets 145 sides were read otherwise than the card across read them (both
sides of an edge counted): mostly cards truly laid against each other, read surely on both sides.
Of the 9 edges with a wrong reading below 0.9 (margin), the wrong one was always the less sure
(0.14-0.85 against 0.58-1.0); above 0.9, the wrong one was as often the surer as not.
"""
from __future__ import annotations

from dataclasses import replace

from .cells import Cell

SIDES = "NESW"
ACROSS = {"N": ((0, -1), "S"), "E": ((1, 0), "W"), "S": ((0, 1), "N"), "W": ((-1, 0), "E")}
SURE = 0.9     # a side read with a margin |2p - 1| below this may be decided by a surer card across


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
    """The cells with each side of a path card read less than surely set as the card across it
    reads, where that card reads the edge more surely; and a card with one opening a dead end (the
    box holds no other: every connected card opens twice)."""
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
            if q is not None and _margin(opens[i]) < SURE and _margin(q) > _margin(opens[i]):
                opens[i] = q
        openings = "".join(s for s, p in zip(SIDES, opens) if p > 0.5)
        if openings and openings != c.openings:
            c = replace(c, openings=openings, opens=tuple(opens))
        out.append(replace(c, dead_end=True) if len(c.openings) == 1 and not c.dead_end else c)
    return out


def joined(cells: list[Cell], low: float) -> list[Cell]:
    """The cells without unsure path cards (read below `low`) none of whose openings meets an
    opening across: every path card is laid with an opening against one of the maze's (RULES.md),
    so such a reading is more likely the table (a window over a checked cloth beside a dead end,
    read as a dead end turned away from it at 0.53: renderer seed 1200088). The start and the
    goals count as meeting any opening. A card read surely stays however it lies: a rockfall can
    cut a card off, and a card laid against the rules is reported as it lies."""
    at = {(c.col, c.row): c for c in cells}

    def meets(c: Cell) -> bool:
        for side in c.openings:
            (dc, dr), back = ACROSS[side]
            n = at.get((c.col + dc, c.row + dr))
            if n is not None and (n.kind != "path" or back in n.openings):
                return True
        return False

    return [c for c in cells if c.kind != "path" or c.confidence >= low or meets(c)]
