"""Walk the maze outward from the fiducials, one card at a time, reading each cell."""
from collections import deque
from dataclasses import dataclass

import cv2
import numpy as np

from . import classify, geometry
from .classify import Palette
from .fit import Gradients, push_sides, slide
from .ladder import rectify
from .settings import CellSettings, GridSettings

GOAL_CELLS = ((8, -2), (8, 0), (8, 2))
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
TRIM_MARGIN = 0.25


@dataclass(frozen=True)
class Cell:
    """One card found on the board (quad in fine-image pixels, NW NE SE SW in the board frame)."""

    col: int
    row: int
    kind: str
    openings: str
    dead_end: bool
    face: str | None
    confidence: float
    quad: np.ndarray


@dataclass(frozen=True)
class Surface:
    """What the walk looks at: the fine image, its gradients, and the card-versus-table mask
    (working scale; `mask_scale` maps fine pixels to it)."""

    fine: np.ndarray
    grads: Gradients
    mask: np.ndarray
    mask_scale: float
    palette: Palette
    mask_trusted: bool = True   # the mask covers the start card: it can veto table cells


def read_goals(sf: Surface, quads: list[np.ndarray], cs: CellSettings) -> list[Cell]:
    """Face-down goals look like each other; a revealed goal shows path print and unlike the backs."""
    labs = [classify.relit(rectify(sf.fine, q, cs.size), sf.palette) for q in quads]
    feats = [np.concatenate([lab.reshape(-1, 3).mean(0), lab.reshape(-1, 3).std(0)]) for lab in labs]
    cells = []
    for i, ((col, row), quad, lab) in enumerate(zip(GOAL_CELLS, quads, labs)):
        alike = min(np.linalg.norm(feats[i] - feats[j]) for j in range(3) if j != i)
        share = classify.print_share(lab, sf.palette)
        reading = classify.read_path(lab, sf.palette, cs) if share >= 0.6 else None
        if reading is None or alike < 12.0 or not reading.openings:
            cells.append(Cell(col, row, "goal", "", False, "down", float(np.clip(1.2 - share, 0, 1)), quad))
            continue
        face = "gold" if reading.openings == "NESW" else "stone"
        cells.append(Cell(col, row, "goal", reading.openings, False, face, reading.confidence, quad))
    return cells


def walk(sf: Surface, h: np.ndarray, start: Cell, goal_quads: list[np.ndarray],
         gs: GridSettings, cs: CellSettings) -> tuple[list[Cell], np.ndarray]:
    """Two passes: a first walk finds the cards, a homography fitted robustly to all of them
    (one misplaced outline cannot bend it) predicts every cell again for the final reading.
    The fiducials keep their own outlines (framed by their pattern / cut out as lone cards)."""
    goals = read_goals(sf, goal_quads, cs)
    cells = _bfs(sf, h, start, goals, gs, cs)
    others = {p: c for p, c in cells.items() if p != (0, 0)}
    if sum(c.kind == "path" for c in others.values()) >= 3:
        # the start's outline came from its own pattern; with enough cards around, the board knows better
        h = _refit(others, h, robust=True)
        quad = _trimmed(sf, push_sides(sf.grads, geometry.quad_of(h, 0, 0), -gs.search, gs.search, 15))
        start = Cell(0, 0, "start", "NESW", False, None, start.confidence, quad)
    else:
        h = _refit(cells, h, robust=True)
    cells = _bfs(sf, h, start, goals, gs, cs, known=cells)
    return list(cells.values()), _refit(cells, h, robust=True)


def _bfs(sf: Surface, h: np.ndarray, start: Cell, goals: list[Cell], gs: GridSettings,
         cs: CellSettings, known: dict | None = None) -> dict[tuple[int, int], Cell]:
    """Breadth-first over neighbours of found cards, nearest the start first; refits as it goes.
    A card already read in an earlier pass is kept when the new prediction agrees with it."""
    cells: dict[tuple[int, int], Cell] = {(0, 0): start}
    for cell in goals:
        cells[(cell.col, cell.row)] = cell
    queue = deque(sorted(((c + dc, r + dr) for c, r in cells for dc, dr in STEPS),
                         key=lambda p: abs(p[0]) + abs(p[1])))
    tried: set[tuple[int, int]] = set(cells)
    while queue and len(cells) < gs.max_cells:
        pos = queue.popleft()
        if pos in tried:
            continue
        tried.add(pos)
        local = _local(cells, pos, h)
        cell = _reuse(known, pos, local) or _read_cell(sf, local, pos, gs, cs)
        if cell is None:
            continue
        cells[pos] = cell
        if len(cells) % 3 == 0:
            h = _refit(cells, h)
        queue.extend((pos[0] + dc, pos[1] + dr) for dc, dr in STEPS)
    return cells


def _reuse(known: dict | None, pos: tuple[int, int], h: np.ndarray) -> Cell | None:
    """The earlier reading of pos if its outline is where the homography now expects a card."""
    if not known or pos not in known or known[pos].kind != "path":
        return None
    old = known[pos].quad
    size = np.linalg.norm(old[1] - old[0])
    return known[pos] if np.max(np.linalg.norm(geometry.quad_of(h, *pos) - old, axis=1)) < 0.12 * size else None


def _read_cell(sf: Surface, h: np.ndarray, pos: tuple[int, int], gs: GridSettings,
               cs: CellSettings) -> Cell | None:
    """The path card at pos, or None when the cell shows no path-card print. A card laid with a
    gap sits off the predicted cell: then its outline is searched for further out."""
    col, row = pos
    predicted = geometry.quad_of(h, col, row)
    if sf.mask_trusted and _mask_cover(sf, predicted) < 0.5 * gs.min_mask:
        return None   # bare table: no need to look closer
    lab0 = classify.relit(rectify(sf.fine, predicted, cs.size), sf.palette)
    if classify.print_share(lab0, sf.palette) < gs.min_cover * 0.5:
        return None
    best = None
    for start in (predicted, None):
        if start is None:
            if best is not None and best[0] >= gs.min_cover:
                break
            start = slide(sf.grads, predicted)
        quad = _trimmed(sf, push_sides(sf.grads, start, -gs.search, gs.search, 15))
        lab = classify.relit(rectify(sf.fine, quad, cs.size), sf.palette)
        share = classify.print_share(lab, sf.palette)
        if best is None or share > best[0]:
            best = (share, quad, lab)
    share, quad, lab = best
    if share < gs.min_cover or not classify.two_tone(lab, sf.palette):
        return None
    if sf.mask_trusted and _mask_cover(sf, quad) < gs.min_mask:
        return None   # print-coloured table (or a glare patch) beside the maze
    r = classify.read_path(lab, sf.palette, cs)
    if not r.openings:
        return None
    conf = r.confidence * float(np.clip((share - gs.min_cover) / 0.15 + 0.5, 0, 1))
    return Cell(col, row, "path", r.openings, r.dead_end, None, conf, quad)


def _mask_cover(sf: Surface, quad: np.ndarray) -> float:
    """Share of the quad's middle that the card-versus-table mask calls card."""
    ax_w = (quad[1] + quad[2] - quad[0] - quad[3]) / 2
    ax_l = (quad[3] + quad[2] - quad[0] - quad[1]) / 2
    c = quad.mean(axis=0)
    inner = np.array([c - 0.4 * (ax_w + ax_l), c + 0.4 * (ax_w - ax_l), c + 0.4 * (ax_w + ax_l), c - 0.4 * (ax_w - ax_l)])
    return float(np.mean(rectify(sf.mask, inner * sf.mask_scale, (16, 24)) > 127))


def _trimmed(sf: Surface, quad: np.ndarray) -> np.ndarray:
    """Move each side to where the card meets the table (where it does): lines of a patterned
    tablecloth can pull an outline off the card, the card-versus-table mask cannot."""
    m = TRIM_MARGIN
    ax_w = (quad[1] + quad[2] - quad[0] - quad[3]) / 2
    ax_l = (quad[3] + quad[2] - quad[0] - quad[1]) / 2
    outer = np.array([quad[0] - m * (ax_w + ax_l), quad[1] + m * (ax_w - ax_l),
                      quad[2] + m * (ax_w + ax_l), quad[3] - m * (ax_w - ax_l)])
    size = (int(40 * (1 + 2 * m)), int(60 * (1 + 2 * m)))
    area = rectify(sf.mask, outer * sf.mask_scale, size)
    n, e, s, w = classify.trim_to_mask(area, m, 0.2)
    out = quad.astype(np.float64).copy()
    out[[0, 1]] -= n * ax_l
    out[[2, 3]] += s * ax_l
    out[[1, 2]] += e * ax_w
    out[[0, 3]] -= w * ax_w
    return out


def _local(cells: dict, pos: tuple[int, int], h: np.ndarray, k: int = 5) -> np.ndarray:
    """Homography from the k found cards nearest to pos: cards drift (gaps, cards out of line), so
    the neighbours predict a cell better than the whole board does."""
    near = sorted(cells, key=lambda p: abs(p[0] - pos[0]) + abs(p[1] - pos[1]))[:k]
    if len(near) < 2 or abs(near[0][0] - pos[0]) + abs(near[0][1] - pos[1]) > 1:
        return h
    return _refit({p: cells[p] for p in near}, h)


def _refit(cells: dict, h: np.ndarray, robust: bool = False) -> np.ndarray:
    """Homography from every found card's corners (board corners at +-CARD_HALF); with robust,
    outlines that disagree with the rest by over a tenth of a card are left out."""
    src, dst = [], []
    half = geometry.CARD_HALF
    for (col, row), cell in cells.items():
        src += [[col - half, row - half], [col + half, row - half], [col + half, row + half], [col - half, row + half]]
        dst += list(cell.quad)
    if len(src) < 8:
        return h
    src32, dst32 = np.float32(src), np.float32(dst)
    if robust:
        size = float(np.median([np.linalg.norm(c.quad[1] - c.quad[0]) for c in cells.values()]))
        fitted, _ = cv2.findHomography(src32, dst32, cv2.RANSAC, max(2.0, 0.1 * size))
    else:
        fitted, _ = cv2.findHomography(src32, dst32, 0)
    return h if fitted is None else fitted
