"""The cells the walk passed over, read once more at its end, and the table filters.

The walk (vision.board) reads a cell once a pass, when it first reaches it, predicted by the fits
of that moment; these read the gaps it left where the board's last fit and the sure cards beside
each gap predict them, and drop the readings whose colours are the table's (vision.plain).
"""
from dataclasses import replace

import numpy as np

from . import cellnet, geometry
from .cells import STEPS, SURE, Cell, Surface, beside, card_p, confidence, mask_cover, read_on, same_place
from .edges import ACROSS
from .islands import hinted, islands
from .plain import without_plain, without_table_look
from .read_cell import read_cell
from .settings import CellSettings, GridSettings

MASK_VOUCHES = 0.95   # share of a sure card's middle the trusted mask must call card to vouch for it
MASK_SEES = 0.2       # median share of the path cards' middles an untrusted mask must call card ...
MASK_MISSES = 0.3     # ... for an unsure card it sees under this share of that median to be table
ISLAND_SURE = 0.95    # how surely a card cut off from the maze must read at the end (no card vouches)
ENCLOSED_SHARE = 0.5  # share of the mask's bar (min_mask) a gap two sure cards enclose must meet (_fills_hole)
TUNNEL_SURE = 0.99    # how surely a card the mask misses must read to go on with a tunnel (_continues)
SEEN_LIKE = 0.5       # share of the path cards' median mask cover a rim card must have (_seen_like_cards)
START_SEEN = 0.4      # share of the start's middle an untrusted mask must see to measure path cards by it ...
START_MISSES = 0.1    # ... and when it sees every path card under this share of that, they are table

__all__ = ["holes", "gaps_filled", "table_filtered", "table_bar"]


def table_filtered(sf: Surface, cells: dict, cs: CellSettings) -> dict:
    """The cells without plain windows and cards coloured like the table (vision.plain), cards a
    trusted mask sees whole excepted from the latter (_vouched)."""
    kept = without_table_look(sf.fine, without_plain(sf.fine, cells, SURE, cs.plain), SURE, cs.table_look,
                              _vouched(sf, cells))
    return _without_unseen(sf, kept)


def _seen_share(sf: Surface, cells: dict) -> float:
    """Median share of the path cards' middles the mask calls card (0 without path cards)."""
    covers = [mask_cover(sf, c.quad) for c in cells.values() if c.kind == "path"]
    return float(np.median(covers)) if covers else 0.0


def table_bar(sf: Surface, cells: dict, trusted_bar: float) -> float:
    """The share of a window's middle under which the mask calls it table: `trusted_bar` for a
    trusted mask; for an untrusted one MASK_MISSES of what it sees of the path cards where it sees
    a fair share of them (_without_unseen drops unsure cards under it), else none: a mask that
    misses the cards (their colours are the cloth's: 2 MP 424242 #0085) cannot tell a card from
    the table."""
    if sf.mask_trusted:
        return trusted_bar
    seen = _seen_share(sf, cells)
    return MASK_MISSES * seen if seen >= MASK_SEES else 0.0


def _seen_like_cards(sf: Surface, seen: float, quad: np.ndarray) -> bool:
    """Whether an untrusted mask that sees a fair share of the path cards (`seen`: _seen_share, at
    least MASK_SEES) sees at least half that share of the quad: a card at the rim whose tunnel
    leads in from one card (2 MP 424242-0018: cover 0.52 against the cards' 0.58; the far rim of
    1700009's steep view), where windows on the cloth come out bare (_without_unseen)."""
    return seen >= MASK_SEES and mask_cover(sf, quad) >= SEEN_LIKE * seen


def _without_unseen(sf: Surface, cells: dict) -> dict:
    """The cells without the unsure path cards an untrusted mask misses where it sees the others.
    A mask is not trusted when it misses the start, and then it often misses every card (cards in
    the cloth's colours); but where it still sees a fair share of the cards' middles, a window it
    calls bare all over is the cloth (stripes or tiles read as a straight tunnel at 0.6-0.9:
    renderer seeds 1600045, 1500055; on thirteen bench sets no card read right came under a
    fifth of its photo's median there; at three tenths none of sixteen sets changes, and a window
    half on the cloth beside the maze, a dead end at 0.62 seen at a quarter of the median, is
    table: 3600020 on OpenCV 4.10)."""
    if sf.mask_trusted:
        return cells
    cells = _without_unlike_start(sf, cells)
    bar = table_bar(sf, cells, 0.0)
    if not bar:
        return cells
    return {p: c for p, c in cells.items()
            if not (c.kind == "path" and c.confidence < SURE and mask_cover(sf, c.quad) < bar)}


def _without_unlike_start(sf: Surface, cells: dict) -> dict:
    """The cells without their path cards when an untrusted mask sees much of the start
    (START_SEEN; a ladder alone is less) and almost nothing of any of them (each under
    START_MISSES of the start's share): path cards share the start's print, and where the mask
    sees none of them the start is the only measure of what it sees of a card. A lattice cloth's
    crossings read surely as crossings on a first-round table (renderer seed 3100050: cover 0.0,
    the start 0.51, its pale tunnels in the cloth's colour). Not card by card: beside a start it
    sees well such a mask can miss some true cards and see others (dropping each it missed lost 11
    boards on thirteen bench sets)."""
    start = next((c for c in cells.values() if c.kind == "start"), None)
    seen = mask_cover(sf, start.quad) if start is not None else 0.0
    paths = [p for p, c in cells.items() if c.kind == "path"]
    if seen < START_SEEN or not paths or any(mask_cover(sf, cells[p].quad) >= START_MISSES * seen for p in paths):
        return cells
    return {p: c for p, c in cells.items() if p not in paths}


def holes(sf: Surface, cells: dict, h: np.ndarray, gs: GridSettings, cs: CellSettings, off: float = 0.2,
          ring: tuple = tuple(sorted(STEPS)), facing: bool = False) -> dict:
    """The cells with the empty ones of `ring` (beside the start) and among sure cards read again,
    each predicted by the fit `h` and by the sure path cards beside it alone, kept where `h` puts
    the card within `off` of a cell of its cell. The walk reads a cell once a pass, when it first
    reaches it: the start's neighbours come first, predicted by the start's outline alone, and a
    start posed too large or off its card has them read across the gaps as no card; later passes
    predict them by fits that still lean on that outline, and skip them (renderer seed 1200051:
    the cards above and below the start missed). A card that touches only the start has no card
    beside it to predict it: the whole board's fit does (seed 1100004, a steep view). So are
    the empty cells with two sure path cards beside them (_enclosed), kept only where the card
    fills the hole (_fills_hole): a cell first reached from a goal is predicted by a fit that may
    be far off there, read as no card, and then skipped by every later pass (seed 1400084: a
    card with three sure neighbours). Asked again once the cards are registered in the cells
    the snapped fit puts them on (walk): where the walk's fit was a cell off, the gap lay
    elsewhere (1100000 #0082); then (`facing`) also every empty cell a path card's tunnel leads
    into, kept where read surely and a trusted mask sees card unless two sure cards lie beside
    it (seed 1500000: two crossings at the rim of a steep view the walk never reached, the first
    beside an unsure card). They come back `restored`: they must not make a frame whose start
    is posed wrongly look whole, or the start's other poses are not tried (main #0156)."""
    inv = np.linalg.inv(h)
    out = dict(cells)
    seen = _seen_share(sf, cells) if facing and not sf.mask_trusted else 0.0
    for pos in list(ring) + _enclosed(cells) + (_facing(cells) if facing else []):
        if pos in out:
            continue
        near = [out[p] for p in beside(pos) if p in out and out[p].kind == "path" and out[p].confidence >= SURE]
        hs = [h] + [m for m in (geometry.cell_homography(c.col, c.row, c.quad) for c in near) if m is not None]
        cell = _read_gap(sf, out, pos, hs, h, gs, cs, off, skip_bare=not facing)
        if cell is None or cell.confidence < cs.low_confidence or \
                (pos not in ring and not _fills_hole(sf, cell, gs, ENCLOSED_SHARE if len(near) >= 2 else 1.0)
                 and not _continues(cell, out, pos) and not (facing and _mouth_on_card(sf, cell, out, pos))):
            continue
        if facing and len(near) < 2 and not sf.mask_trusted and not _seen_like_cards(sf, seen, cell.quad) \
                and not _continues(cell, out, pos):
            continue   # a cell at the rim (_fills_hole held above): only the mask or the tunnel vouches for it
        if _on_cell(cell, inv, pos, off):
            out[pos] = replace(cell, restored=True)
    return out


def _read_gap(sf: Surface, cells: dict, pos: tuple[int, int], hs: list[np.ndarray], h: np.ndarray,
              gs: GridSettings, cs: CellSettings, off: float, skip_bare: bool = True) -> Cell | None:
    """The card an empty cell shows on the outlines `hs` predict, none read over the cards beside
    it where the fit `h` registered them (_taken); outlines a trusted mask calls bare are read too
    unless `skip_bare`."""
    return read_cell(sf, hs, pos, gs, cs, [_taken(cells[p], h, off) for p in beside(pos) if p in cells], skip_bare)


def _on_fit(sf: Surface, cell: Cell, h: np.ndarray) -> Cell | None:
    """The card read on the fit's own outline of its cell, where it reads surer there than on the
    outline the reader chose (a snapped one, preferred when it reads as surely a card): a card cut
    off from the maze has no neighbour to stop a side's snap, which can cut a mouth (1400077: a dead
    end read NE at 0.83 snapped, at 0.99 on the fit). None where it does not."""
    quad = geometry.quad_of(h, cell.col, cell.row)
    g = cellnet.read(sf.fine, [quad])[0]
    if card_p(g) < SURE or confidence(g) <= cell.confidence:
        return None
    return read_on(cell, g, quad, p_start=g.p("start"))


def _mouth_on_card(sf: Surface, cell: Cell, cells: dict, pos: tuple[int, int]) -> bool:
    """Whether a card read unsurely where a sure card's tunnel leads goes on with that tunnel
    (_continues' test at any sureness) where a trusted mask sees card all over (MASK_VOUCHES): a
    path card laid between two goals, its one opening toward the maze, read W at 0.70 on the
    right outline (1600029); a window on the table there is table to the mask."""
    return sf.mask_trusted and _continues(cell, cells, pos, 0.0) and mask_cover(sf, cell.quad) >= MASK_VOUCHES


def _continues(cell: Cell, cells: dict, pos: tuple[int, int], sure: float = TUNNEL_SURE) -> bool:
    """Whether a card read at `sure` (TUNNEL_SURE) in an empty cell goes on with a sure card's tunnel that
    leads into it and meets every card beside it as laid cards meet (opening against opening,
    wall against wall): where its stone is the cloth's colour the mask sees only its tunnel, or
    nothing (1200082, 2 MP 424254: read at 1.00, mask cover 0.01 and 0.00)."""
    if cell.confidence < sure:
        return False
    led = False
    for side, ((dc, dr), back) in ACROSS.items():
        other = cells.get((pos[0] + dc, pos[1] + dr))
        if other is None or other.kind not in ("path", "start"):
            continue
        opens = other.kind == "start" or back in other.openings
        if opens != (side in cell.openings):
            return False
        led |= opens and other.kind == "path" and other.confidence >= SURE
    return led


def _on_cell(cell: Cell, inv: np.ndarray, pos: tuple[int, int], off: float) -> bool:
    """Whether the board's fit (`inv`: image to board) puts the card within `off` of its cell: a
    gap's card read on an outline that slid toward a neighbour's cell belongs to neither."""
    return float(np.abs(geometry.board_point(inv, cell.quad) - pos).max()) <= off


def _taken(cell: Cell, h: np.ndarray, off: float) -> np.ndarray:
    """Where a card beside a gap lies, so that the gap's outlines are not read over it: its own
    outline, or where a corner of it strays over `off` of a card's width from its cell's outline
    under `h`, that one (the card was registered there). A card's outline can lie a third of a card
    toward the gap (1400043), or a start posed twice its size cover half of it (1300095), and hide
    every outline of the gap, though they read the card there surely."""
    fit = geometry.quad_of(h, cell.col, cell.row)
    return cell.quad if same_place(cell.quad, fit, off) else fit


def gaps_filled(sf: Surface, cells: dict, h: np.ndarray, gs: GridSettings, cs: CellSettings) -> dict:
    """The registered cells with the gaps among sure cards and the cells tunnels lead into read
    again (holes), for up to three rounds (a card found opens onto more), each new card kept
    only where the table filters keep it as they kept the walk's (seed 1200087: a cloth's tiles)."""
    filled = cells
    looked: set = set()
    for _ in range(3):
        more = _island_cells(sf, holes(sf, filled, h, gs, cs, ring=(), facing=True), h, gs, cs, looked)
        if len(more) == len(filled):
            break
        filled = more
    new = set(filled) - set(cells)
    if not new:
        return cells
    kept = table_filtered(sf, filled, cs)
    return {**cells, **{p: filled[p] for p in new if p in kept}}


def _island_cells(sf: Surface, cells: dict, h: np.ndarray, gs: GridSettings, cs: CellSettings,
                  looked: set, off: float = 0.2) -> dict:
    """The cells with the cards cut off from the maze (vision.islands) that the final fit frames
    surely: the walk looks for them under its own fits, and a cell read there as no card is not
    looked at again (1100000 #0041: a crossing two cells beyond the maze, read at 1.00 on the
    final fit). Kept only where read at ISLAND_SURE and the mask vouches for it (_fills_hole): an
    action card lying beyond the goals read as a path card at 0.90 (1500031); the cut-off cards
    recovered on the bench read at 0.98 or more."""
    inv = np.linalg.inv(h)
    out = dict(cells)
    seen = 0.0 if sf.mask_trusted else _seen_share(sf, cells)
    for pos, quad in islands(sf, h, cells, cs.min_card, gs, looked).items():
        if pos in out:
            continue
        cell = _read_gap(sf, out, pos, [h] + hinted({pos: quad}, pos, h), h, gs, cs, off)
        if cell is not None and cell.confidence < ISLAND_SURE:
            cell = _on_fit(sf, cell, h) or cell
        if cell is None or cell.confidence < ISLAND_SURE or not _fills_hole(sf, cell, gs) \
                or not (sf.mask_trusted or _seen_like_cards(sf, seen, cell.quad)):
            continue
        if _on_cell(cell, inv, pos, off):
            out[pos] = replace(cell, restored=True)
    return out


def _fills_hole(sf: Surface, cell: Cell, gs: GridSettings, share: float = 1.0) -> bool:
    """Whether a card read in a gap among sure cards may stand: read surely, where a trusted mask
    sees card, at least `share` of what it must see of a cell (a rockfall hole over a striped
    cloth reads as a tunnel at 0.94 where it sees none: seed 900051). Half of that for a gap two
    sure cards enclose: the mask can miss part of a card there (600077: 0.33 of a dead end
    between three sure cards)."""
    return cell.confidence >= SURE and not (sf.mask_trusted and mask_cover(sf, cell.quad) < share * gs.min_mask)


def _enclosed(cells: dict, least: int = 2) -> list[tuple[int, int]]:
    """Empty cells with `least` sure path cards beside them, nearest the start first."""
    sure = {p for p, c in cells.items() if c.kind == "path" and c.confidence >= SURE}
    count = {q: sum((q[0] + dc, q[1] + dr) in sure for dc, dr in STEPS)
             for q in {(p[0] + dc, p[1] + dr) for p in sure for dc, dr in STEPS} - set(cells)}
    return sorted((q for q, n in count.items() if n >= least), key=lambda q: (abs(q[0]) + abs(q[1]), q))


def _facing(cells: dict) -> list[tuple[int, int]]:
    """Empty cells a path card's tunnel leads into, nearest the start first."""
    out = {(col + ACROSS[side][0][0], row + ACROSS[side][0][1])
           for (col, row), c in cells.items() if c.kind == "path" for side in c.openings}
    return sorted(out - set(cells), key=lambda q: (abs(q[0]) + abs(q[1]), q))


def _vouched(sf: Surface, cells: dict) -> frozenset:
    """Sure path cards that a trusted card mask calls card nearly all over (MASK_VOUCHES): the
    mask learns the table from the whole photo's colours, so a card it sees whole is no tile of
    the cloth, whatever the colours near the start say (plain.without_table_look)."""
    if not sf.mask_trusted:
        return frozenset()
    return frozenset(p for p, c in cells.items()
                     if c.kind == "path" and c.confidence >= SURE and mask_cover(sf, c.quad) >= MASK_VOUCHES)
