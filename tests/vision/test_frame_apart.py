"""A frame whose start lies on a goal took one card for both: it is no board."""
import numpy as np
import pytest

from vision import scan
from vision.cells import Cell
from vision.frame_read import apart
from vision.render import render_scene
from vision.render.cli import jpeg_bytes, orientation_for

pytestmark = pytest.mark.vision


def _card(col: int, row: int, kind: str, x: float, y: float) -> Cell:
    quad = np.float64([[x, y], [x + 60, y], [x + 60, y + 90], [x, y + 90]])
    return Cell(col, row, kind, "NESW" if kind == "start" else "", False, "down" if kind == "goal" else None, 1.0, quad)


def test_the_start_and_goals_two_cards_apart_or_more_are_apart():
    cells = [_card(0, 0, "start", 0, 200), _card(8, -2, "goal", 500, 20), _card(8, 0, "goal", 500, 200),
             _card(8, 2, "goal", 500, 380)]
    assert apart(cells)


def test_a_start_on_a_goals_outline_is_not_apart():
    cells = [_card(0, 0, "start", 505, 30), _card(8, -2, "goal", 500, 20), _card(8, 0, "goal", 500, 200),
             _card(8, 2, "goal", 500, 380)]
    assert not apart(cells)


def test_a_photo_without_a_start_whose_goal_back_passes_for_it_is_refused():
    """Renderer seed 1300070 (no start card): a window over a goal back read as the start, and
    the board was answered with the start and the goals alone, the start on a goal's outline."""
    img, truth = render_scene(1300070)
    assert truth["negative"] == "no_start"
    result = scan(jpeg_bytes(img, 93, orientation_for(1300070)))
    assert not result.ok
    assert "start card" in result.error
