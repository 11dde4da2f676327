"""Cards the reader believes in where the photo shows table.

- Plain: a hole in the maze on a tablecloth the colour of the stone, a tile of a chequered table.
  Every path card carries a tunnel whose walls contrast with the stone, and in one photo all cards
  share light and print; an unsure cell whose middle varies far less than the photo's clear cards
  do is table, whatever the reader says.
- Table-coloured: a lattice cloth whose tiles cross like tunnels reads as a field of sure crossings.
  A card whose colours are mostly the table's (everything outside the found cards) and not the
  maze core's (the start and the sure cards beside it) is table. Only the photo's own colours are
  compared, bin by bin, so a tunnel coloured like the cloth does not count: the core has it too.
  No colour is built in.
- Half of each: a pale tile of a chequered cloth can be a little too busy to be plain and carry
  too little of the cloth's colour to look like table; half-way on both, it is table, however
  surely the reader calls it a crossing (white lanes between pink squares: 0.955 seen)."""
from __future__ import annotations

import cv2
import numpy as np

from . import cellnet
from .mask import chroma_bins

INNER = (slice(10, 62), slice(7, 41))   # the card's middle in a reader crop (its margin left out)
HALF_PLAIN = 0.5    # a card this plain (share of the sure cards' spread) ...
HALF_LOOK = 0.2     # ... and with this share of its pixels coloured like the table is table
RG_BINS = 16        # chromaticity bins per axis of the shadow-proof comparison (_lit_alike)
AB_HALF = 5         # half-width in Lab levels of the colour window round each pixel (table_share)


def spread(img: np.ndarray, quad: np.ndarray) -> float:
    """Standard deviation of the grey level over the card's middle."""
    grey = cv2.cvtColor(cellnet.crop(img, quad), cv2.COLOR_BGR2GRAY)
    return float(grey[INNER].std())


def plain_cards(img: np.ndarray, quads: list[np.ndarray], sure: list[bool], share: float) -> list[bool]:
    """For each quad, whether it is too plain to be a card: its spread under `share` of the median
    spread of the sure ones (needs three sure cards to compare with, else nothing is plain)."""
    return _below_floor([spread(img, q) for q in quads], sure, share)


def _below_floor(spreads: list[float], sure: list[bool], share: float, any_card: bool = False) -> list[bool]:
    """For each spread, whether it is under `share` of the median spread of the sure ones (three
    sure cards are needed to compare with, else none is) and, unless `any_card`, an unsure card's."""
    known = [s for s, ok in zip(spreads, sure) if ok]
    if len(known) < 3:
        return [False] * len(spreads)
    floor = share * float(np.median(known))
    return [(any_card or not ok) and s < floor for s, ok in zip(spreads, sure)]


def without_plain(img: np.ndarray, cells: dict, sure: float, share: float) -> dict:
    """The cells ({(col, row): Cell}) without the unsure path cards that are too plain; the path
    cards read at least `sure` are the measure (the start's ladder is not)."""
    paths = [c for c in cells.values() if c.kind == "path"]
    plain = plain_cards(img, [c.quad for c in paths], [c.confidence >= sure for c in paths], share)
    drop = {(c.col, c.row) for c, p in zip(paths, plain) if p}
    return {p: c for p, c in cells.items() if p not in drop}


def _ab_hist(lab: np.ndarray, mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Two histograms of the a/b (colour) channels of a Lab image (under `mask` when given), as
    shares of its pixels: in fixed bins 16 levels wide (16 x 16) and, for every a/b pair, in the
    window AB_HALF levels round it on both channels (256 x 256). table_share asks both."""
    h = cv2.calcHist([lab], [1, 2], mask, [256, 256], [0, 256, 0, 256])
    total = max(float(h.sum()), 1.0)
    binned = h.reshape(16, 16, 16, 16).sum(axis=(1, 3)) / total
    side = 2 * AB_HALF + 1
    window = cv2.boxFilter(h, -1, (side, side), normalize=False, borderType=cv2.BORDER_CONSTANT) / total
    return binned, window


def _rg_hist(bgr: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Histogram (16 x 16 bins, flat) of a BGR image's chromaticity (vision.mask.chroma_bins), as
    shares of its pixels (under `mask` when given)."""
    idx = chroma_bins(bgr, RG_BINS)
    if mask is not None:
        idx = idx[mask > 0]
    h = np.bincount(idx.ravel(), minlength=RG_BINS * RG_BINS).astype(np.float64)
    return h / max(float(h.sum()), 1.0)


def _table_not_core(pt: np.ndarray, pc: np.ndarray) -> np.ndarray:
    """Per pixel, from the table's and the core's histogram at its colour: over 1 % of the
    table's pixels and under a tenth of that share of the core's (table_share, rg_table_share)."""
    return (pt > 0.01) & (pc < 0.1 * pt)


def rg_table_share(bgr: np.ndarray, core: np.ndarray, table: np.ndarray) -> float:
    """table_share by chromaticity bins (_rg_hist) instead of Lab's colour channels."""
    idx = chroma_bins(bgr, RG_BINS)
    return float(np.mean(_table_not_core(table[idx], core[idx])))


def table_share(lab: np.ndarray, core: tuple[np.ndarray, np.ndarray], table: tuple[np.ndarray, np.ndarray],
                sure: bool = True) -> float:
    """Share of a crop's pixels (Lab) coloured like the table and unlike the maze's core (each as
    _ab_hist gives them): a colour holding over 1 % of the table's pixels and under a tenth of that
    share of the core's in its fixed bin and, for a card read `sure`ly, in the window round it too.
    The fixed bins alone cut a card's stone at a bin's edge: the far cards of a hazy photo fell 6
    levels of `a` short of the core's bin, into the cloth's (renderer seed 2100019: three sure
    cards half 'table'). The windows alone, 11 levels wide, parted lit cards from a shadowed core
    (main #0129: 10 cards dropped), and asked of unsure readings they kept a window of near-grey
    cloth beside the goals that the start's white tunnels came within 5 levels of (2000037)."""
    a, b = lab[..., 1], lab[..., 2]
    like = np.ones(a.shape, bool)
    places = ((a // 16, b // 16), (a, b))[:2 if sure else 1]   # in each histogram of _ab_hist
    for t, c, (i, j) in zip(table, core, places):
        like &= _table_not_core(t[i, j], c[i, j])
    return float(np.mean(like))


def without_table_look(img: np.ndarray, cells: dict, sure: float, share: float,
                       vouched: frozenset = frozenset()) -> dict:
    """The cells without path cards over `share` of whose pixels are coloured like the table and
    unlike the maze's core (the start and the sure cards beside it). Lab's colour channels move
    with the light: when a hand's shadow lies over the start and its neighbours, the lit cards'
    colours are unlike the core's and can be the lit cloth's (2 MP main #0060: 18 sure cards
    dropped). So `vouched` cards (sure, and card all over by the trusted card mask: board.walk)
    are dropped only if they also look like the table by chromaticity, which a shadow leaves
    where it was (the mask fills holes in the maze: a hole's cloth is card to it, not to this)."""
    bgr = {p: np.ascontiguousarray(cellnet.crop(img, c.quad)[INNER]) for p, c in cells.items()}
    crops = {p: cv2.cvtColor(c, cv2.COLOR_BGR2Lab) for p, c in bgr.items()}
    step = 4   # the table's colours from every 4th pixel outside the found cards
    small_bgr = np.ascontiguousarray(img[::step, ::step])
    small = cv2.cvtColor(small_bgr, cv2.COLOR_BGR2Lab)
    outside = np.full(small.shape[:2], 255, np.uint8)
    cv2.fillPoly(outside, [np.int32(np.round(c.quad / step)) for c in cells.values()], 0)
    if not outside.any():
        return cells
    table = _ab_hist(small, outside)
    core_at = _core(cells, crops, sure, share, table)
    if not core_at:
        return cells
    core_hist = _ab_hist(np.concatenate([crops[p].reshape(-1, 1, 3) for p in core_at]))
    shares = {p: table_share(crops[p], core_hist, table, c.confidence >= sure)
              for p, c in cells.items() if c.kind == "path"}
    drop = {p for p, s in shares.items() if s > share} | _half_table(cells, crops, shares, sure)
    drop -= _lit_alike(bgr, core_at, drop & vouched, _rg_hist(small_bgr, outside), share)
    return {p: c for p, c in cells.items() if p not in drop}


def _core(cells: dict, crops: dict, sure: float, share: float, table: np.ndarray) -> list:
    """The maze's core: the start and the sure path cards beside it, but not those that look
    like the `table` (its histogram) against the start alone: on a cloth striped along the grid,
    windows over the stripes beside the start read surely as straight tunnels (2 MP, renderer
    seed 1100017), and in the core they made every stripe look like maze."""
    start = [p for p, c in cells.items() if c.kind == "start"]
    near = [p for p, c in cells.items() if c.kind == "path" and abs(p[0]) + abs(p[1]) == 1 and c.confidence >= sure]
    if not start:
        return near
    own = _ab_hist(np.concatenate([crops[p].reshape(-1, 1, 3) for p in start]))
    return start + [p for p in near if table_share(crops[p], own, table) <= share]


def _lit_alike(bgr: dict, core_at: list, asked: set, table: np.ndarray, share: float) -> set:
    """Of the `asked` cells, those whose chromaticity is not the table's (`table`: _rg_hist of
    the pixels outside the found cards) in over `share` of their pixels, against the core's (the
    cards at `core_at`); `bgr` holds each cell's crop as without_table_look cut it."""
    if not asked:
        return set()
    core = _rg_hist(np.concatenate([bgr[p].reshape(-1, 1, 3) for p in core_at]))
    return {p for p in asked if rg_table_share(bgr[p], core, table) <= share}


def _half_table(cells: dict, crops: dict, shares: dict, sure: float) -> set:
    """Path cards that look half like table on both counts: plainer than HALF_PLAIN of the sure
    cards' middles (lightness spread) and with over HALF_LOOK of their pixels coloured like the
    table (a pale tile of a chequered cloth: neither signal alone reaches its own limit). Sure
    readings too: of some 7,500 cards read right on five bench sets none came within 0.6 of the
    sure cards' spread and over 0.1 of table colour together, while a lattice tile read at 0.955
    gave 0.43 and 0.31."""
    paths = list(shares)
    plain = _below_floor([float(crops[p][..., 0].std()) for p in paths],
                         [cells[p].confidence >= sure for p in paths], HALF_PLAIN, any_card=True)
    return {p for p, flat in zip(paths, plain) if flat and shares[p] > HALF_LOOK}
