"""The board's last fit snaps each card's sides to its own edges, turned too: outlines that lie
turned against their cards, fitted with the goal column far away, bend the fit where no card was
found (bench #0032: a card cut off three rows out went a cell over)."""
import cv2
import numpy as np
import pytest

from vision import geometry
from vision.board import _lines_fit, _refit
from vision.cells import Cell, Surface
from vision.fit import Gradients

pytestmark = pytest.mark.vision

TRUE = np.array([[55.0, -22.0, 420.0], [20.0, 80.0, 520.0], [0.00002, 0.0001, 1.0]])   # board -> pixels
MAZE = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (-1, 0)]
GOALS = [(8, -2), (8, 0), (8, 2)]
FAR = [(-1, -3), (-2, -4), (2, -4), (-2, 3)]   # cells no card of the maze lies beside


def turned(quad: np.ndarray, degrees: float) -> np.ndarray:
    """The outline turned about its middle, as the walk's fits can leave a maze's outlines."""
    t = np.radians(degrees)
    c = quad.mean(axis=0)
    return c + (quad - c) @ np.array([[np.cos(t), np.sin(t)], [-np.sin(t), np.cos(t)]])


def scene() -> tuple[Surface, dict]:
    """Pale cards on a dark table; the maze's outlines turned 7 degrees, the goals' outlines true."""
    img = np.full((1000, 1000), 70, np.uint8)
    for pos in MAZE + GOALS:
        cv2.fillPoly(img, [np.int32(np.round(geometry.quad_of(TRUE, *pos)))], 200)
    img = cv2.GaussianBlur(img, (5, 5), 0)
    sf = Surface(cv2.cvtColor(img, cv2.COLOR_GRAY2BGR), Gradients.of(img), np.full(img.shape, 255, np.uint8), 1.0)
    cells = {p: Cell(*p, "start" if p == (0, 0) else "path", "NESW", False, None, 1.0,
                     turned(geometry.quad_of(TRUE, *p), 7.0)) for p in MAZE}
    cells.update({p: Cell(*p, "goal", "", False, "down", 1.0, geometry.quad_of(TRUE, *p)) for p in GOALS})
    return sf, cells


def off(h: np.ndarray, pos: tuple[int, int]) -> float:
    """How far (in cells) the fit puts the middle of the card truly at pos from pos."""
    return float(np.abs(geometry.board_point(np.linalg.inv(h), geometry.quad_of(TRUE, *pos)) - pos).max())


def test_the_snapped_fit_places_cells_far_from_the_found_cards():
    sf, cells = scene()
    walked = _refit(cells, TRUE)
    assert max(off(walked, p) for p in FAR) > 0.2        # the turned outlines bend the walk's fit
    assert max(off(_lines_fit(sf, cells, walked), p) for p in FAR) < 0.12
