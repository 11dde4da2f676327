"""Walk the maze outward from the fiducials, one card at a time, reading each cell."""
from collections import deque
from dataclasses import dataclass

import cv2
import numpy as np

from . import classify, geometry
from .classify import Palette
from .fit import Gradients, push_sides, snap
from .ladder import rectify
from .settings import CellSettings, GridSettings

GOAL_CELLS = ((8, -2), (8, 0), (8, 2))
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


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


def read_goals(fine: np.ndarray, quads: list[np.ndarray], palette: Palette, cs: CellSettings) -> list[Cell]:
    """Face-down goals look like each other; a revealed goal shows path print and unlike the backs."""
    labs = [classify.relit(rectify(fine, q, cs.size), palette) for q in quads]
    feats = [np.concatenate([lab.reshape(-1, 3).mean(0), lab.reshape(-1, 3).std(0)]) for lab in labs]
    cells = []
    for i, ((col, row), quad, lab) in enumerate(zip(GOAL_CELLS, quads, labs)):
        alike = min(np.linalg.norm(feats[i] - feats[j]) for j in range(3) if j != i)
        share = classify.print_share(lab, palette)
        reading = classify.read_path(lab, palette, cs) if share >= 0.6 else None
        if reading is None or alike < 12.0 or not reading.openings:
            cells.append(Cell(col, row, "goal", "", False, "down", float(np.clip(1.2 - share, 0, 1)), quad))
            continue
        face = "gold" if reading.openings == "NESW" else "stone"
        cells.append(Cell(col, row, "goal", reading.openings, False, face, reading.confidence, quad))
    return cells


def walk(fine: np.ndarray, grads: Gradients, h: np.ndarray, start: Cell, goal_quads: list[np.ndarray],
         palette: Palette, gs: GridSettings, cs: CellSettings) -> tuple[list[Cell], np.ndarray]:
    """Two passes: a first walk finds the cards, a homography fitted robustly to all of them
    (one misplaced outline cannot bend it) predicts every cell again for the final reading."""
    goals = read_goals(fine, goal_quads, palette, cs)
    cells = _bfs(fine, grads, h, start, goals, palette, gs, cs)
    h = _refit(cells, h, robust=True)
    # the fiducials keep their own outlines (framed by their pattern / cut out as lone cards)
    cells = _bfs(fine, grads, h, start, goals, palette, gs, cs)
    return list(cells.values()), _refit(cells, h, robust=True)


def _bfs(fine: np.ndarray, grads: Gradients, h: np.ndarray, start: Cell, goals: list[Cell], palette: Palette,
         gs: GridSettings, cs: CellSettings) -> dict[tuple[int, int], Cell]:
    """Breadth-first over neighbours of found cards, nearest the start first; refits as it goes."""
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
        cell = _read_cell(fine, grads, _local(cells, pos, h), pos, palette, gs, cs)
        if cell is None:
            continue
        cells[pos] = cell
        if len(cells) % 3 == 0:
            h = _refit(cells, h)
        queue.extend((pos[0] + dc, pos[1] + dr) for dc, dr in STEPS)
    return cells


def _read_cell(fine: np.ndarray, grads: Gradients, h: np.ndarray, pos: tuple[int, int], palette: Palette,
               gs: GridSettings, cs: CellSettings) -> Cell | None:
    """The path card at pos, or None when the cell shows no path-card print. A card laid with a
    gap sits off the predicted cell: then its outline is searched for further out."""
    col, row = pos
    predicted = geometry.quad_of(h, col, row)
    lab0 = classify.relit(rectify(fine, predicted, cs.size), palette)
    if classify.print_share(lab0, palette) < gs.min_cover * 0.5:
        return None
    best = None
    for start in (predicted, None):
        if start is None:
            if best is not None and best[0] >= gs.min_cover:
                break
            start, _ = snap(grads, predicted, reach=0.12, turns=2.0, scales=0.02)
        quad = push_sides(grads, start, -gs.search, gs.search, 15)
        lab = classify.relit(rectify(fine, quad, cs.size), palette)
        share = classify.print_share(lab, palette)
        if best is None or share > best[0]:
            best = (share, quad, lab)
    share, quad, lab = best
    if share < gs.min_cover or not classify.two_tone(lab, palette):
        return None
    r = classify.read_path(lab, palette, cs)
    if not r.openings:
        return None
    conf = r.confidence * float(np.clip((share - gs.min_cover) / 0.15 + 0.5, 0, 1))
    return Cell(col, row, "path", r.openings, r.dead_end, None, conf, quad)


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
