"""The walk looks round the goals too: an unsure card there is a tile or a goal's edge, not a card."""
import numpy as np
import pytest

from vision.board import _beside_goals
from vision.cells import Cell

pytestmark = pytest.mark.vision


def card(col: int, row: int, conf: float, kind: str = "path") -> Cell:
    return Cell(col, row, kind, "" if kind == "goal" else "EW", False, "down" if kind == "goal" else None,
                conf, np.zeros((4, 2)))


def test_only_unsure_path_cards_beside_a_goal_go():
    cells = [card(8, 0, 1.0, "goal"), card(8, 2, 0.55, "goal"),
             card(7, 0, 0.54),        # unsure, west of a goal: goes
             card(9, 2, 0.5),         # unsure, east of another goal (itself unsure): goes
             card(8, 1, 0.95),        # sure, between two goals: stays
             card(6, 0, 0.5),         # unsure, two cells from the goal: stays
             card(7, 1, 0.5)]         # unsure, diagonal to a goal: stays
    kept = {(c.col, c.row) for c in _beside_goals(cells, 0.6)}
    assert kept == {(8, 0), (8, 2), (8, 1), (6, 0), (7, 1)}
