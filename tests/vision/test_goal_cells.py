"""The goals read again: a turned-up goal that no outline shows is looked for around the fit."""
import cv2
import numpy as np
import pytest

from vision import geometry, goal_cells, scan
from vision.cells import Cell, Surface
from vision.fit import Gradients
from vision.render import render_scene
from vision.settings import GridSettings

pytestmark = pytest.mark.vision


class _Nothing:
    """A reading that sees no goal (what the search returns when it finds none)."""

    def p(self, _kind: str) -> float:
        return 0.0


def _off_frame() -> tuple:
    """A scene with a stone goal at (8, 2) (renderer seed 424285), its surface, and a board fit
    shifted by 0.45 of a card both ways, so every goal outline misses its card."""
    img, truth = render_scene(424285, mp=2.0)
    assert {c["face"] for c in truth["cards"] if (c["col"], c["row"]) == (8, 2)} == {"stone"}
    result = scan(img)
    assert result.ok, result.error
    photo = result.debug["photo"]
    grads = Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY))
    sf = Surface(photo.fine, grads, result.debug["mask"], photo.work_scale / photo.fine_scale)
    shift = np.array([[1.0, 0, 0.45], [0, 1.0, 0.45], [0, 0, 1.0]])
    h = result.debug["h"] @ shift
    goals = [Cell(8, r, "goal", "", False, "down", 1.0, geometry.quad_of(h, 8, r)) for r in (-2, 0, 2)]
    return sf, h, goals


def test_a_turned_up_goal_off_every_outline_is_found_around_the_fit(monkeypatch):
    sf, h, goals = _off_frame()
    faces = {(g.col, g.row): g.face for g in goal_cells.goals_again(sf, h, goals, GridSettings())}
    assert faces[(8, 2)] == "stone"
    monkeypatch.setattr(goal_cells, "goal_near", lambda img, h, col, row: (None, _Nothing()))
    faces = {(g.col, g.row): g.face for g in goal_cells.goals_again(sf, h, goals, GridSettings())}
    assert faces[(8, 2)] == "down"                 # without the search the reader saw no goal there
