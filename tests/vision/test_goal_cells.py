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


def test_goals_the_chosen_frame_puts_most_of_a_card_off_are_found_around_it(scene_424285):
    """A fit drifting eight cards out (main set 0162: a stone goal read as face down, the fit's
    outline on the cloth 0.8 of a card off): once the frame is chosen, each goal the reader sees
    on no outline is looked for up to a card around; half a card is not enough."""
    from dataclasses import replace

    from vision.goal_cells import GOAL_OFFSETS, goal_near, goals_wider

    cells = scene_424285.result.debug["cells"]
    img = scene_424285.result.debug["photo"].fine
    h = scene_424285.result.debug["h"]
    drifted = h @ np.float64([[1, 0, 0], [0, 1, -0.8], [0, 0, 1]])   # the goals a row 0.8 off
    off = [replace(c, quad=geometry.quad_of(drifted, c.col, c.row)) if c.kind == "goal" else c for c in cells]
    _, near = goal_near(img, drifted, 8, 2, GOAL_OFFSETS)
    assert near is None or near.p("goal_stone") < 0.5
    again = {(c.col, c.row): c for c in goals_wider(img, drifted, off)}
    truth = {(c["col"], c["row"]): c for c in scene_424285.truth["cards"]}
    for row in (-2, 0, 2):
        got, want = again[(8, row)], truth[(8, row)]
        assert got.face == want["face"]
        k = scene_424285.result.debug["photo"].fine_scale
        width = np.linalg.norm(np.subtract(want["corners"][1], want["corners"][0])) * k
        assert np.linalg.norm(got.quad.mean(axis=0) - np.mean(want["corners"], axis=0) * k) < 0.3 * width
