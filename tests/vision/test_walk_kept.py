"""A card read surely in the first pass is not lost when the second pass predicts it off its card."""
import numpy as np
import pytest

from vision import board, geometry
from vision.cells import Cell, Surface
from vision.fit import Gradients

pytestmark = pytest.mark.vision

H = np.float64([[100, 0, 500], [0, 150, 500], [0, 0, 1]])   # board -> image: 100 x 150 px pitches


def _surface(card: bool) -> Surface:
    """A 1000 px square image whose mask sees card everywhere (or table everywhere)."""
    img = np.zeros((1000, 1000, 3), np.uint8)
    flat = np.zeros((1000, 1000), np.float32)
    return Surface(img, Gradients(flat, flat), np.full((1000, 1000), 255 if card else 0, np.uint8), 1.0)


def _card(pos: tuple[int, int], off: float = 0.0, confidence: float = 1.0) -> Cell:
    return Cell(pos[0], pos[1], "path", "NS", False, None, confidence, geometry.quad_of(H, pos[0] + off, pos[1]))


def test_a_sure_card_on_its_cell_is_kept():
    known = {(2, 0): _card((2, 0))}
    assert board._kept(_surface(True), H, known, (2, 0), [], 0.4) is known[(2, 0)]


@pytest.mark.parametrize("why, known, taken, card", [
    ("read across two cells", {(2, 0): _card((2, 0), off=0.3)}, [], True),
    ("unsure", {(2, 0): _card((2, 0), confidence=0.8)}, [], True),
    ("a card found beside lies on it", {(2, 0): _card((2, 0))}, [geometry.quad_of(H, 2.1, 0)], True),
    ("the mask sees table", {(2, 0): _card((2, 0))}, [], False),
    ("nothing read there", {}, [], True),
])
def test_an_earlier_reading_is_dropped_when(why, known, taken, card):
    assert board._kept(_surface(card), H, known, (2, 0), taken, 0.4) is None, why
