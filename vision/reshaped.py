"""Path cards read once more on the board's final fit, where their own outline may have misled the reader.

The walk snaps each predicted outline to the card's edges and prefers the snapped one; on a card at
the rim of the maze (nothing beside it to stop a side) a side can snap onto a tunnel's own outline
a quarter of a card in, and the crop then cuts off that side's mouth: the reader drops the opening,
surely (renderer seed 1500068: NSW read SW at 1.00 on an outline 25 px off, NSW at 1.00 on the
fit's). The board's fit, made from all the cards, has the card's size there. And an outline a
few pixels off can turn a side the reader calls open at 0.97 to 0.08 (seed 1400000: the dead
end behind the start read NE at 0.92, NEW at 1.00 on the fit's outline).

The same second look drops a card where the snap squashed a window that lies half on the table:
beside the maze's rim a window over the table and the strip of a card beside it snaps onto that
card's edge and tunnel and reads as a dead end whose stub is the other card's tunnel (seed 600098
at 12 MP: (1,4) read N at 0.98, on the fit's outline table at 1.00), and an unsure card whose
window the fit, sure of every card beside, reads as table (_table).
"""

import numpy as np

from . import cellnet, geometry
from .cells import SURE, Surface, beside, card_p, confidence, read_on, some_openings
from .edges import ACROSS

SQUASHED = 0.15   # |log| of a side's length over the fit's side beyond which an outline is squashed
SURER = 0.05      # how much surer the fit's reading of an outline not squashed must be to stand
MOVED_SURE = 0.98   # how sure the fit's outline moved onto a squashed card's middle must read it (_out_of_line)
ASKEW = 1 / 3     # share of squashed outlines beyond which the fit itself is off: nothing is re-read
TOWARD = {step: side for side, (step, _) in ACROSS.items()}   # the side facing the cell one step on

__all__ = ["reshaped"]


def _squash(quad: np.ndarray, fit: np.ndarray) -> float:
    """How far the outline's sides are from the fit's: the largest |log| of their lengths' ratio."""
    def sides(q: np.ndarray) -> np.ndarray:
        return np.linalg.norm(np.roll(q, -1, axis=0) - q, axis=1)
    return float(np.abs(np.log(sides(quad) / np.maximum(sides(fit), 1e-6))).max())


def reshaped(sf: Surface, cells: dict, h: np.ndarray) -> dict:
    """The cells with each path card read again on the fit `h`'s outline, and read so where that
    reading is a sure card (SURE) that says otherwise, on a squashed outline or more surely
    (SURER). When many outlines are squashed the fit is what is off (a frame a cell or a quarter
    turn off: seed 600038), and nothing is read again; the squashed windows on the table (_table)
    still go, as that rule asks the fit's reading of the cards beside (seed 1400044 on OpenCV
    4.10: five outlines of fourteen squashed). The same card read more surely is left as it was:
    raising unsure cards' confidence made frames look whole early (seed 800074 lost a card, as
    the search stopped on a frame of ten cards before the one of eleven)."""
    paths = [(pos, geometry.quad_of(h, *pos)) for pos, c in cells.items() if c.kind == "path"]
    start = [(pos, geometry.quad_of(h, *pos)) for pos, c in cells.items() if c.kind == "start"]
    squashed = {pos for pos, fit in paths if _squash(cells[pos].quad, fit) > SQUASHED}
    guesses = cellnet.read(sf.fine, [f for _, f in paths + start]) if paths else []
    on_fit = {pos: card_p(g) for (pos, _), g in zip(paths + start, guesses)}
    out = {p: c for p, c in cells.items() if p not in _table(squashed, on_fit, cells)}
    dropped = {p: cells[p] for p in squashed if p not in out and any(q in cells for q in beside(p))}
    out.update(_out_of_line(sf, dropped, dict(paths)))
    if len(squashed) > ASKEW * len(paths):
        return out
    for (pos, fit), g in zip(paths, guesses):
        if pos not in out:
            continue
        c, conf = cells[pos], confidence(g)
        if card_p(g) < SURE or conf < SURE or (pos not in squashed and conf < c.confidence + SURER):
            continue
        if (some_openings(g), g.dead_end) == (c.openings, c.dead_end):
            continue
        out[pos] = read_on(c, g, fit)
    return out


def _out_of_line(sf: Surface, dropped: dict, fits: dict) -> dict:
    """The squashed cards beside others that _table drops and the fit's outline, moved onto the
    card's own middle, reads as a card, read there: a card laid out of line shows the fit's
    outline half table and half card (seed 600098 at 12 MP: the crossing EW at (0,-2), a fifth of
    a card off its cell, read at 1.00 on its snapped outline, as no card at 1.00 on the fit's),
    while the window that snapped onto the strip of a card beside the table, moved so, still lies
    half on the table (the same photo's (1,4)). A card lying apart is not asked (half an action
    card beyond the goals read so, seed 1100110), and the cards kept are `restored`: they must not
    make a frame that is off look whole (1100000 #0077 lost its frame to a mirrored one). The
    moved outline must read nearly certainly (MOVED_SURE): on OpenCV 4.10 that window at (1,4), a
    fifth of a card off its cell each way, reads as a dead end at 0.92 moved; the two cards kept
    on the bench sets read at 0.996 and 1.00. `fits`: the fit's outline of each path card."""
    moved = [fits[p] - fits[p].mean(axis=0) + c.quad.mean(axis=0) for p, c in dropped.items()]
    out = {}
    for (pos, c), quad, g in zip(dropped.items(), moved, cellnet.read(sf.fine, moved) if moved else []):
        if card_p(g) >= MOVED_SURE and confidence(g) >= MOVED_SURE:
            out[pos] = read_on(c, g, quad, restored=True)
    return out


def _table(squashed: set, on_fit: dict, cells: dict) -> set:
    """The cards whose fit outline reads surely as no card where the snap squashed their own
    outline and the fit reads a card beside them surely: there the fit lies on the cards, so the
    snap made the card out of the table beside one. Where no card beside reads on the fit, the fit
    itself may be what is off (a small maze far from its goals, seed 600027: a card 0.3 of a card
    off its fit outline). A squashed card with no card of any kind beside it goes too: a card
    lying apart shows all four edges to the snap, and an outline squashed there framed the end of
    another card (seed 1100110: half an action card beyond the goals read as a dead end at 0.95).
    So does an unsure card every card beside which the fit reads surely (seed 800069: a window
    half on the cloth, half on the card beside, read W at 0.63). `on_fit`: card p on the fit's
    outline of each path card and of the start. The start read there vouches for the fit only
    beside a card read as a stub into it, the mark of a window half on it (the first round's start
    alone, seed 2000220: S at 0.91): the fit is posed on the start, so it reads the start surely
    where the fit is off a little further out (seeds 1600020, 1700002: NSW, NES beside it)."""

    def vouches(pos: tuple[int, int], p: tuple[int, int]) -> bool:
        stub = TOWARD[(p[0] - pos[0], p[1] - pos[1])]
        return on_fit.get(p, 0.0) >= SURE and (cells[p].kind != "start" or cells[pos].openings == stub)

    def table(pos: tuple[int, int]) -> bool:
        near = [p for p in beside(pos) if p in cells]
        sure = [vouches(pos, p) for p in near]
        if pos in squashed:
            return any(sure) or not near
        return cells[pos].confidence < SURE and bool(near) and all(sure)

    return {pos for pos, p in on_fit.items() if cells[pos].kind == "path" and p <= 1 - SURE and table(pos)}
