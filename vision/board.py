"""Walk the maze outward from the fiducials, one card at a time, reading each cell."""
from collections import deque
from dataclasses import dataclass

import numpy as np

from . import classify, geometry
from .classify import Palette
from .fit import Gradients, interior_score, snap
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


def _snapped(grads: Gradients, h: np.ndarray, col: int, row: int) -> tuple[np.ndarray, np.ndarray, float]:
    """Predicted quad, the quad snapped onto the card outline, and the outline's strength."""
    predicted = geometry.quad_of(h, col, row)
    quad, score = snap(grads, predicted)
    inner = interior_score(grads, quad)
    return predicted, quad, score / (inner + 1.0)


def read_goal(fine: np.ndarray, quad: np.ndarray, palette: Palette, col: int, row: int,
              cs: CellSettings) -> Cell:
    """A goal is face down unless it shows path print; then gold if a cross, stone otherwise."""
    lab = classify.to_lab(rectify(fine, quad, cs.size))
    share = classify.print_share(lab, palette)
    if share < 0.7:
        return Cell(col, row, "goal", "", False, "down", float(np.clip(1 - share, 0, 1)), quad)
    r = classify.read_path(lab, palette, cs)
    face = "gold" if r.openings == "NESW" else "stone"
    return Cell(col, row, "goal", r.openings, False, face, r.confidence, quad)


def walk(fine: np.ndarray, grads: Gradients, h: np.ndarray, start: Cell, palette: Palette,
         gs: GridSettings, cs: CellSettings) -> tuple[list[Cell], np.ndarray]:
    """Breadth-first over neighbours of found cards; refits the homography as cards are added."""
    cells: dict[tuple[int, int], Cell] = {(0, 0): start}
    fits = {(0, 0): start.quad}
    for col, row in GOAL_CELLS:
        _, quad, _ = _snapped(grads, h, col, row)
        cells[(col, row)] = read_goal(fine, quad, palette, col, row, cs)
        fits[(col, row)] = quad
    h = _refit(fits, h)
    queue = deque((c + dc, r + dr) for c, r in list(cells) for dc, dr in STEPS)
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
        if len(fits) % 4 == 0:
            h = _refit(fits, h)
        queue.extend((pos[0] + dc, pos[1] + dr) for dc, dr in STEPS)
    return list(cells.values()), h


def _read_cell(fine: np.ndarray, grads: Gradients, h: np.ndarray, pos: tuple[int, int], palette: Palette,
               gs: GridSettings, cs: CellSettings) -> Cell | None:
    """The path card at pos, or None when the cell shows no path-card print."""
    col, row = pos
    predicted = geometry.quad_of(h, col, row)
    lab0 = classify.to_lab(rectify(fine, predicted, cs.size))
    if classify.print_share(lab0, palette) < gs.min_cover * 0.6:
        return None
    _, quad, strength = _snapped(grads, h, col, row)
    if strength < gs.min_outline:
        quad = predicted
    lab = classify.to_lab(rectify(fine, quad, cs.size))
    share = classify.print_share(lab, palette)
    if share < gs.min_cover:
        return None
    r = classify.read_path(lab, palette, cs)
    if not r.openings:
        return None
    conf = r.confidence * float(np.clip((share - gs.min_cover) / 0.15 + 0.5, 0, 1))
    return Cell(col, row, "path", r.openings, r.dead_end, None, conf, quad)


def _refit(fits: dict, h: np.ndarray) -> np.ndarray:
    """Homography from every found card's corners (board corners at +-CARD_HALF)."""
    src, dst = [], []
    for (col, row), quad in fits.items():
        half = geometry.CARD_HALF
        src += [[col - half, row - half], [col + half, row - half], [col + half, row + half], [col - half, row + half]]
        dst += list(quad)
    try:
        return geometry.fit_homography(src, dst)
    except ValueError:
        return h
