"""The goals read again: a turned-up goal that no outline shows is looked for around the fit."""
import numpy as np
import pytest

from vision import geometry, goal_cells
from vision.cells import Cell
from vision.settings import GridSettings

pytestmark = pytest.mark.vision


class _Nothing:
    """A reading that sees no goal (what the search returns when it finds none)."""

    def p(self, _kind: str) -> float:
        return 0.0


def _off_frame(scene) -> tuple:
    """The scene with a stone goal at (8, 2) (renderer seed 424285), its surface, and a board fit
    shifted by 0.45 of a card both ways, so every goal outline misses its card."""
    assert {c["face"] for c in scene.truth["cards"] if (c["col"], c["row"]) == (8, 2)} == {"stone"}
    shift = np.array([[1.0, 0, 0.45], [0, 1.0, 0.45], [0, 0, 1.0]])
    h = scene.result.debug["h"] @ shift
    goals = [Cell(8, r, "goal", "", False, "down", 1.0, geometry.quad_of(h, 8, r)) for r in (-2, 0, 2)]
    return scene.surface, h, goals


def test_a_turned_up_goal_off_every_outline_is_found_around_the_fit(monkeypatch, scene_424285):
    sf, h, goals = _off_frame(scene_424285)
    faces = {(g.col, g.row): g.face for g in goal_cells.goals_again(sf, h, goals, GridSettings())}
    assert faces[(8, 2)] == "stone"
    monkeypatch.setattr(goal_cells, "goal_near", lambda img, h, col, row: (None, _Nothing()))
    faces = {(g.col, g.row): g.face for g in goal_cells.goals_again(sf, h, goals, GridSettings())}
    assert faces[(8, 2)] == "down"                 # without the search the reader saw no goal there
