"""Cards the walk never reaches: a rockfall or an unread card can cut a part of the maze off, and
the fit of the walked cards can put such a part's cells up to half a card off where it lies."""
import cv2
import numpy as np

from . import cellnet, geometry
from .cells import BARE, SURE, STEPS, Surface, card_p, mask_cover, overlaps, trimmed
from .fit import push_sides_many
from .settings import GridSettings

ISLAND_RING = 2   # cells this far beyond the found cards are looked at for cut-off cards
# where the mask sees a card that the board's fit does not frame, windows this far off (board
# pitches) are looked at too: an island far from the walked cards lies up to half a card off the
# fit, and the reader takes a card only on an outline within about a tenth of a card of it
DRIFTS = tuple((dc, dr) for dc in (-0.4, -0.2, 0.0, 0.2, 0.4) for dr in (-0.4, -0.2, 0.0, 0.2, 0.4))
DRIFT_CELLS = 8     # at most this many cells are looked at so (a cloth of the cards' colours is all "card")
DRIFT_SUPPORT = 4   # path cards found before a fit is trusted to tell which cell a drifted card lies on


def islands(sf: Surface, h: np.ndarray, cells: dict, min_card: float, gs: GridSettings,
            looked: set) -> dict[tuple[int, int], np.ndarray | None]:
    """Cells around and between the found cards where the reader sees a card although the walk
    never reached them: a rockfall or an unread card can cut a part of the maze off. Cells in
    `looked` (read by an earlier round) are skipped, and those read now are added to it. Under a
    fit that enough path cards support, cards are also looked for off the fit (see `_drifted`),
    and such a seed comes with the outline it was read on (a fit from a few cards can be a cell
    off there). Seeds read on the fit's own outline come without one: the walk reads them afresh
    as it refits (kept with theirs, such outlines made wrong frames read better than right ones)."""
    window, quads, covers = _ring(sf, h, cells, gs.min_mask, looked)
    # no neighbour vouches for an island: only a sure reading seeds one (tiles can look card-sized)
    sure = max(min_card, SURE)
    reads = cellnet.read(sf.fine, quads)
    seeds: dict = {pos: None for pos, g in zip(window, reads) if card_p(g) > sure}
    if sum(c.kind == "path" for c in cells.values()) < DRIFT_SUPPORT:
        return seeds
    # cells away from the found cards (the walk already looked beside them, from the cards there)
    # where the mask sees part of a card (trusted or not: this only adds looks), the most first
    away = {pos: v for pos, v in zip(window, covers)
            if pos not in seeds and not any((pos[0] + dc, pos[1] + dr) in cells for dc, dr in STEPS)}
    unread = sorted((p for p, v in away.items() if v >= 0.5 * gs.min_mask), key=lambda p: -away[p])
    for pos, quad in _drifted(sf, h, unread[:DRIFT_CELLS], cells, sure, gs.search).items():
        seeds.setdefault(pos, quad)
    return seeds


def _ring(sf: Surface, h: np.ndarray, cells: dict, min_mask: float,
          looked: set) -> tuple[list[tuple[int, int]], list[np.ndarray], list[float]]:
    """The cells up to ISLAND_RING beyond the found cards not looked at yet, in the photo and not
    bare table, with the outlines the board's fit gives them and how much of each the mask calls card."""
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    height, width = sf.fine.shape[:2]
    window, quads, covers = [], [], []
    for pos in ((c, r) for c in range(min(cols) - ISLAND_RING, max(cols) + ISLAND_RING + 1)
                for r in range(min(rows) - ISLAND_RING, max(rows) + ISLAND_RING + 1)):
        if pos in cells or pos in looked:
            continue
        looked.add(pos)
        q = geometry.quad_of(h, *pos)
        x, y = q.mean(axis=0)
        if not (0 <= x < width and 0 <= y < height and cv2.isContourConvex(np.float32(q))):
            continue
        cover = mask_cover(sf, q)
        if sf.mask_trusted and cover < BARE * min_mask:
            continue   # bare table
        window.append(pos)
        quads.append(q)
        covers.append(cover)
    return window, quads, covers


def without_strays(cells: list) -> list:
    """The cards without path cards farther than ISLAND_RING from every other card (either way and
    diagonally). A part of the maze is cut off by a card taken away or unread between it and the
    rest, so it lies that close to some card; the sweep looks round the found cards' bounding box,
    whose corners can lie much farther (a card atop the discard pile beside an L-shaped maze, three
    cells from any card, read as a path card at 1.00: 1400081). Asked of the final answer only:
    during the walk an island that far can be the first card found of a part the rest joins."""
    at = [(c.col, c.row) for c in cells]

    def alone(c) -> bool:
        return all(max(abs(c.col - p[0]), abs(c.row - p[1])) > ISLAND_RING for p in at if p != (c.col, c.row))
    return [c for c in cells if not (c.kind == "path" and alone(c))]


def _drifted(sf: Surface, h: np.ndarray, unread: list[tuple[int, int]], cells: dict, sure: float,
             search: float) -> dict[tuple[int, int], np.ndarray]:
    """Cards the mask sees where the board's fit frames none, found on windows moved up to 0.4 of a
    card each way and snapped to the card's edges: the fit of the walked cards extrapolates poorly
    to a part of the maze cut off from them (a steep view, cards drifting out of line). Each card
    found goes to the cell its middle lies on, read on the outline the reader is surest of; a
    card found from two cells goes to one."""
    taken = [c.quad for c in cells.values()]
    windows: list[tuple[float, np.ndarray]] = []
    tried = [(c + dc, r + dr, float(np.hypot(dc, dr))) for c, r in unread for dc, dr in DRIFTS]
    pushed = push_sides_many(sf.grads, np.array([geometry.quad_of(h, c, r) for c, r, _ in tried]).reshape(-1, 4, 2),
                             -search, search, 15)
    inv = np.linalg.inv(h)
    for (_, _, off), quad in zip(tried, pushed):
        moved = trimmed(sf, quad)
        if overlaps(moved, taken):
            continue
        b = geometry.board_point(inv, moved)
        pos = (int(round(b[0])), int(round(b[1])))
        if _card_sized(moved, h, b) and pos not in cells:   # else never taken: not read
            windows.append((off, moved, pos))
    reads = cellnet.read(sf.fine, [q for _, q, _ in windows])
    found: dict[tuple[int, int], np.ndarray] = {}
    for (_, quad, pos), g in sorted(zip(windows, reads), key=lambda t: (-card_p(t[1]), t[0][0])):
        if card_p(g) <= sure or overlaps(quad, list(found.values())):
            continue
        found.setdefault(pos, quad)
    return found


def _card_sized(quad: np.ndarray, h: np.ndarray, b: np.ndarray) -> bool:
    """A convex outline about as wide and as long as the cell at b (where its middle lies on the
    board) under h (a snapped window can close in on part of a card or a drawing on another card,
    which the reader may take for a dead end; a card in a fanned hand lies across the grid)."""
    if not cv2.isContourConvex(np.float32(quad)):
        return False
    (w, l), (cw, cl) = ([np.linalg.norm(a) for a in geometry.axes(q)] for q in (quad, geometry.quad_of(h, *b)))
    size, shape = np.sqrt(w * l / max(cw * cl, 1e-9)), (w / max(l, 1e-9)) / max(cw / max(cl, 1e-9), 1e-9)
    return 0.78 <= size <= 1.3 and 0.75 <= shape <= 1.3


def hinted(seeds: dict | None, pos: tuple[int, int], h: np.ndarray) -> list[np.ndarray]:
    """The homography of the outline an island seed was found on, while the walk's fit still puts
    that outline on the seed's cell (an island read under a fit from a few cards can be a cell off:
    the walk's later fit then reads the cell afresh)."""
    quad = (seeds or {}).get(pos)
    if quad is None:
        return []
    if np.max(np.abs(geometry.board_point(np.linalg.inv(h), quad) - pos)) >= 0.5:
        return []
    fitted = geometry.cell_homography(*pos, quad)
    return [] if fitted is None else [fitted]
