"""Walk the maze outward from the fiducials, one card at a time, reading each cell."""
from collections import deque
from dataclasses import dataclass

import numpy as np

from . import classify, geometry
from .classify import Palette
from .fit import Gradients, push_sides
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
    labs = [classify.relit(classify.to_lab(rectify(fine, q, cs.size)), palette) for q in quads]
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
    """Breadth-first over neighbours of found cards; refits the homography as cards are added."""
    cells: dict[tuple[int, int], Cell] = {(0, 0): start}
    for cell in read_goals(fine, goal_quads, palette, cs):
        cells[(cell.col, cell.row)] = cell
    fits = {pos: c.quad for pos, c in cells.items()}
    queue = deque(sorted(((c + dc, r + dr) for c, r in cells for dc, dr in STEPS),
                         key=lambda p: abs(p[0]) + abs(p[1])))
    tried: set[tuple[int, int]] = set(cells)
    while queue and len(cells) < gs.max_cells:
        pos = queue.popleft()
        if pos in tried:
            continue
        tried.add(pos)
        cell = _read_cell(fine, grads, h, pos, palette, gs, cs)
        if cell is None:
            continue
        cells[pos] = cell
        fits[pos] = cell.quad
        h = _refit(fits, h)
        queue.extend((pos[0] + dc, pos[1] + dr) for dc, dr in STEPS)
    return list(cells.values()), h


def _read_cell(fine: np.ndarray, grads: Gradients, h: np.ndarray, pos: tuple[int, int], palette: Palette,
               gs: GridSettings, cs: CellSettings) -> Cell | None:
    """The path card at pos, or None when the cell shows no path-card print."""
    col, row = pos
    predicted = geometry.quad_of(h, col, row)
    lab0 = classify.relit(classify.to_lab(rectify(fine, predicted, cs.size)), palette)
    if classify.print_share(lab0, palette) < gs.min_cover * 0.6:
        return None
    quad = push_sides(grads, predicted, -gs.search, gs.search, 15)
    lab = classify.relit(classify.to_lab(rectify(fine, quad, cs.size)), palette)
    share = classify.print_share(lab, palette)
    if share < gs.min_cover or not classify.two_tone(lab, palette):
        return None
    r = classify.read_path(lab, palette, cs)
    if not r.openings:
        return None
    conf = r.confidence * float(np.clip((share - gs.min_cover) / 0.15 + 0.5, 0, 1))
    return Cell(col, row, "path", r.openings, r.dead_end, None, conf, quad)


def _refit(fits: dict, h: np.ndarray) -> np.ndarray:
    """Homography from every found card's corners (board corners at +-CARD_HALF)."""
    src, dst = [], []
    half = geometry.CARD_HALF
    for (col, row), quad in fits.items():
        src += [[col - half, row - half], [col + half, row - half], [col + half, row + half], [col - half, row + half]]
        dst += list(quad)
    try:
        return geometry.fit_homography(src, dst)
    except ValueError:
        return h
