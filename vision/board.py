"""Walk the maze outward from the fiducials, one card at a time, reading each cell."""
from collections import deque
from collections.abc import Iterable
from dataclasses import replace

import cv2
import numpy as np

from . import geometry
from .cells import GOAL_CELLS, STEPS, SURE, Cell, Surface, mask_cover, same_place, trimmed, trusting
from .edges import agree, joined
from .fit import push_lines_many, push_sides
from .goal_cells import goals_again, read_goals
from .islands import hinted, islands
from .holes import gaps_filled, holes, table_bar, table_filtered
from .pooled import pooled
from .read_cell import read_cell
from .reshaped import reshaped
from .settings import CellSettings, GridSettings

ISLAND_ROUNDS = 3
FIT_START = 3   # path cards from which the maze's fit places the start (start_from_fit)

__all__ = ["GOAL_CELLS", "STEPS", "Cell", "Surface", "trusting", "walk", "start_from_fit", "correspondences"]


def walk(sf: Surface, h: np.ndarray, start: Cell, goal_quads: list[np.ndarray],
         gs: GridSettings, cs: CellSettings) -> tuple[list[Cell], np.ndarray]:
    """Two passes: a first walk finds the cards, a homography fitted robustly to all of them
    (one misplaced outline cannot bend it) predicts every cell again for the final reading.
    The fiducials keep their own outlines (framed by their pattern / cut out as lone cards)."""
    goals = read_goals(sf, goal_quads)
    empty: dict[tuple[int, int], np.ndarray] = {}
    cells = _bfs(sf, h, start, goals, gs, cs, empty=empty)
    first = cells
    others = {p: c for p, c in cells.items() if p != (0, 0)}
    if fit_places_start(others.values()):
        # the start's outline came from its own pattern; with enough cards around, the board knows better
        h = _refit(others, h, robust=True)
        quad = trimmed(sf, push_sides(sf.grads, geometry.quad_of(h, 0, 0), -gs.search, gs.search, 15))
        start = Cell(0, 0, "start", "NESW", False, None, start.confidence, quad)
    else:
        # the start and the goals alone: four cards, too few for a robust fit to tell an outlier
        # from a goal laid a little out of line (it would fit two cards exactly and bend the rest)
        h = _refit(cells, h, robust=len(cells) > 4)
    goals = goals_again(sf, h, goals, gs)
    cells.update({(g.col, g.row): g for g in goals})
    looked: set[tuple[int, int]] = set()
    seeds = islands(sf, h, cells, cs.min_card, gs, looked)
    for round_ in range(ISLAND_ROUNDS):   # an island found widens the maze: cells beyond it are looked at too
        cells = _bfs(sf, h, start, goals, gs, cs, known=cells, seeds=seeds, empty=empty)
        h = _refit(cells, h, robust=True)
        more = islands(sf, h, cells, cs.min_card, gs, looked) if seeds and round_ + 1 < ISLAND_ROUNDS else {}
        if not more:
            break
        seeds = {**more, **seeds}
    cells = table_filtered(sf, holes(sf, _restored(sf, cells, first, h), h, gs, cs), cs)
    # cards go to the cells the snapped fit puts them on; the frame keeps the walk's fit (placing
    # the start by the snapped one let a 2 MP photo without the start pass start_checks)
    lined = _lines_fit(sf, cells, h)
    placed = gaps_filled(sf, {(c.col, c.row): c for c in _registered(_anchored(cells), lined)}, lined, gs, cs)
    placed = pooled(sf, _reread_gaps(sf, placed, reshaped(sf, placed, lined), lined, gs, cs), lined)
    return joined(agree(_beside_goals(list(placed.values()), cs.low_confidence)), cs.low_confidence), h


def _reread_gaps(sf: Surface, before: dict, after: dict, h: np.ndarray, gs: GridSettings,
                 cs: CellSettings) -> dict:
    """The reshaped cells with the gaps and tunnel mouths read again (holes.gaps_filled) when a card
    read unsurely became sure on the fit's outline: an unsure card does not lead the walk further,
    and the cards beyond it were never looked at (renderer seed 1500041: a T read S at 0.78, SW at
    1.00 on the fit, and the two cards its tunnel leads to missing)."""
    if not any(c.confidence >= SURE > before[p].confidence for p, c in after.items() if p in before):
        return after
    return gaps_filled(sf, after, h, gs, cs)


def _lines_fit(sf: Surface, cells: dict, h: np.ndarray) -> np.ndarray:
    """The board's fit to the cards' outlines each snapped to its own edges, sides turned too
    (fit.push_lines): the walk's outlines come from fits and only slide their sides, so a whole
    maze can lie turned a few degrees against them, which bends the fit far from the found cards."""
    own = [p for p, c in cells.items() if c.kind != "goal"]   # a goal's outline is the column's model
    quads = push_lines_many(sf.grads, np.array([cells[p].quad for p in own])) if own else []
    return _refit({**cells, **{p: replace(cells[p], quad=q) for p, q in zip(own, quads)}}, h, robust=True)


def _restored(sf: Surface, cells: dict, first: dict, h: np.ndarray, off: float = 0.45) -> dict:
    """The cells with the sure path cards the first pass found and the last did not, where the
    final fit puts that outline nearer its own cell than any other (within `off`), the mask does
    not call it table (holes.table_bar: an untrusted mask only where it sees the other cards) and
    no card read since lies on it. The later passes predict each cell from fits made after the
    first; a card laid further out of line than its neighbours (a third of a card) can fall
    outside the snap's reach from the new prediction although the first pass framed it, and a
    goal's outline set a third of a card off can bend the last fit near the far rim (renderer
    seed 1600020: the card 0.44 of a cell off under it). They come back `restored`: cards the
    frame's last fit could not find do not vouch for it."""
    inv = np.linalg.inv(h)
    out = dict(cells)
    bar = table_bar(sf, cells, 0.2)
    for pos, c in first.items():
        if c.kind != "path" or c.confidence < SURE or pos in out:
            continue
        if float(np.abs(geometry.board_point(inv, c.quad) - pos).max()) > off:
            continue
        if (bar and mask_cover(sf, c.quad) < bar) or any(_on(c.quad, o.quad) for o in out.values()):
            continue
        out[pos] = replace(c, restored=True)
    return out


def _on(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether either outline's middle lies inside the other."""
    return (cv2.pointPolygonTest(np.float32(b), tuple(map(float, a.mean(axis=0))), False) >= 0
            or cv2.pointPolygonTest(np.float32(a), tuple(map(float, b.mean(axis=0))), False) >= 0)


def _beside_goals(cells: list[Cell], low: float) -> list[Cell]:
    """The cells without unsure path cards beside a goal. The walk also looks round the goals,
    which lie apart on the table, and there a tablecloth's tile or the edge of a goal outline set a
    little off passes for an unsure card; a card truly laid against a goal is read clearly (on the
    four bench sets: the 97 true ones at 0.84 or more, the two that were not at 0.51 and 0.54)."""
    goals = {(c.col, c.row) for c in cells if c.kind == "goal"}
    near = {(col + dc, row + dr) for col, row in goals for dc, dr in STEPS}
    return [c for c in cells if not (c.kind == "path" and (c.col, c.row) in near and c.confidence < low)]


def _anchored(cells: dict) -> dict:
    """The cells whose group of touching cards holds the start, a goal or a card read surely: an
    unsure card the walk reached only through cells found to be table (a lattice cloth's tiles
    read one after another) has nothing left to vouch for it."""
    kept: set = set()
    for root, cell in cells.items():
        if root in kept or not (cell.kind != "path" or cell.confidence >= SURE):
            continue
        todo = [root]
        while todo:
            pos = todo.pop()
            if pos in kept or pos not in cells:
                continue
            kept.add(pos)
            todo += [(pos[0] + dc, pos[1] + dr) for dc, dr in STEPS]
    return {p: c for p, c in cells.items() if p in kept}


def fit_places_start(cells: Iterable[Cell]) -> bool:
    """Whether enough path cards (FIT_START) support the maze's fit for it to place the start."""
    return sum(c.kind == "path" for c in cells) >= FIT_START


def start_from_fit(cells: list[Cell], h: np.ndarray) -> list[Cell]:
    """The cells with the start's outline where the whole maze's fit puts it, when three path cards
    or more support that fit: the start's own outline comes from its pattern and the edges nearby
    (a quarter of a card off under a steep view), and it is the card all others were laid against."""
    if not fit_places_start(cells):
        return cells
    return [replace(c, quad=geometry.quad_of(h, 0, 0)) if c.kind == "start" else c for c in cells]


def _registered(cells: dict, h: np.ndarray) -> list[Cell]:
    """Path cards at the cell their outline lies on under the whole board's fit: where the walk
    stepped over a card (or read one twice) a card sits nearer another cell than its own label.
    A card that would land on a cell already taken is dropped."""
    inv = np.linalg.inv(h)
    out = {p: c for p, c in cells.items() if c.kind != "path"}
    placed = []
    for p, c in cells.items():
        if c.kind == "path":
            b = geometry.board_point(inv, c.quad)
            placed.append((float(np.abs(b - p).max()), (int(round(b[0])), int(round(b[1]))), c))
    for _, q, c in sorted(placed, key=lambda t: t[0]):
        if q not in out:
            out[q] = c if (c.col, c.row) == q else replace(c, col=q[0], row=q[1])
    return list(out.values())


def _bfs(sf: Surface, h: np.ndarray, start: Cell, goals: list[Cell], gs: GridSettings,
         cs: CellSettings, known: dict | None = None, seeds: dict | None = None,
         empty: dict | None = None) -> dict[tuple[int, int], Cell]:
    """Breadth-first over neighbours of found cards (and `seeds`, cells worth a look), nearest the
    start first; refits as it goes. A card already read in an earlier pass is kept when the new
    prediction agrees with it; `empty` ({pos: outline}) collects the cells read as no card, and a
    later pass does not read them again where the prediction has not moved."""
    cells: dict[tuple[int, int], Cell] = {(0, 0): start}
    for cell in goals:
        cells[(cell.col, cell.row)] = cell
    first = [(c + dc, r + dr) for c, r in cells for dc, dr in STEPS] + list(seeds or [])
    queue = deque(sorted(first, key=lambda p: abs(p[0]) + abs(p[1])))
    tried: set[tuple[int, int]] = set(cells)
    while queue and len(cells) < gs.max_cells:
        pos = queue.popleft()
        if pos in tried:
            continue
        tried.add(pos)
        local = _local(cells, pos, h)
        if empty is not None and pos in empty and pos not in (seeds or ()) and same_place(geometry.quad_of(local, *pos), empty[pos], 0.12):
            continue
        taken = [cells[p].quad for p in ((pos[0] + dc, pos[1] + dr) for dc, dr in STEPS) if p in cells]
        hs = [local] + _beside(cells, pos) + hinted(seeds, pos, local)
        cell = _reuse(known, pos, local) or read_cell(sf, hs, pos, gs, cs, taken)
        if cell is None:
            if empty is not None:
                empty[pos] = geometry.quad_of(local, *pos)
            continue
        cells[pos] = cell
        if len(cells) % 3 == 0:
            h = _refit(cells, h)
        if cell.confidence >= cs.low_confidence:   # an unsure card does not lead the walk further
            queue.extend((pos[0] + dc, pos[1] + dr) for dc, dr in STEPS)
    return cells


def _reuse(known: dict | None, pos: tuple[int, int], h: np.ndarray) -> Cell | None:
    """The earlier reading of pos if its outline is where the homography now expects a card."""
    if not known or pos not in known or known[pos].kind != "path":
        return None
    old = known[pos].quad
    size = np.linalg.norm(old[1] - old[0])
    return known[pos] if np.max(np.linalg.norm(geometry.quad_of(h, *pos) - old, axis=1)) < 0.12 * size else None


def _beside(cells: dict, pos: tuple[int, int]) -> list[np.ndarray]:
    """Homographies of single found cards next to pos: a card predicts its neighbour well even
    where the whole board's fit does not (a steep view, a goal column laid further out)."""
    out = []
    for dc, dr in STEPS:
        cell = cells.get((pos[0] + dc, pos[1] + dr))
        if cell is not None and cell.kind != "goal":
            h = geometry.cell_homography(cell.col, cell.row, cell.quad)
            if h is not None:
                out.append(h)
    return out[:2]


def _local(cells: dict, pos: tuple[int, int], h: np.ndarray, k: int = 5) -> np.ndarray:
    """Homography from the k found cards nearest to pos: cards drift (gaps, cards out of line), so
    the neighbours predict a cell better than the whole board does."""
    near = sorted(cells, key=lambda p: abs(p[0] - pos[0]) + abs(p[1] - pos[1]))[:k]
    if len(near) < 2 or abs(near[0][0] - pos[0]) + abs(near[0][1] - pos[1]) > 1:
        return h
    return _refit({p: cells[p] for p in near}, h)


def correspondences(cells: dict) -> tuple[np.ndarray, np.ndarray]:
    """Every found card's corners on the board (at +-CARD_HALF) and in the image, float32, for a fit."""
    src = [p for (col, row) in cells for p in geometry.card_corners(col, row)]
    dst = [p for cell in cells.values() for p in cell.quad]
    return np.float32(src).reshape(-1, 2), np.float32(dst).reshape(-1, 2)


def _refit(cells: dict, h: np.ndarray, robust: bool = False) -> np.ndarray:
    """Homography from every found card's corners (board corners at +-CARD_HALF); with robust,
    outlines that disagree with the rest by over a tenth of a card are left out."""
    src32, dst32 = correspondences(cells)
    if len(src32) < 8:
        return h
    if robust:
        size = float(np.median([np.linalg.norm(c.quad[1] - c.quad[0]) for c in cells.values()]))
        fitted, _ = cv2.findHomography(src32, dst32, cv2.RANSAC, max(2.0, 0.1 * size))
    else:
        fitted, _ = cv2.findHomography(src32, dst32, 0)
    return h if fitted is None else fitted
