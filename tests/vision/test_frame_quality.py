"""Choosing between board frames: the one that reads the maze clearly wins."""
import numpy as np
import pytest

from vision.board import Cell
from vision.scan import _quality

pytestmark = pytest.mark.vision

LOW = 0.6


def _cells(confidences: list[float]) -> list[Cell]:
    quad = np.zeros((4, 2))
    start = Cell(0, 0, "start", "NESW", False, None, 1.0, quad)
    return [start] + [Cell(i + 1, 0, "path", "EW", False, None, c, quad) for i, c in enumerate(confidences)]


def test_a_frame_reading_clear_cards_beats_one_reading_unsure_cards():
    clear, sane = _quality(_cells([0.9, 1.0, 0.8, 0.95]), LOW)
    muddled, muddled_sane = _quality(_cells([0.2, 0.1, 0.9, 0.3, 0.15]), LOW)
    assert sane and not muddled_sane
    assert clear > muddled


def test_a_frame_with_no_maze_is_not_taken_as_sane():
    score, sane = _quality(_cells([]), LOW)
    assert not sane and score == 0
