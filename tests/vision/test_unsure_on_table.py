"""An unsure reading where a trusted mask sees table is dropped, unsure of anything: the card or
its openings (a window across the gap between cards can read surely as a card, its openings not)."""
from dataclasses import replace

import numpy as np
import pytest

from vision import geometry
from vision.read_cell import unsure_on_table
from vision.cellnet import KINDS, CellGuess
from vision.cells import Surface, confidence
from vision.settings import GridSettings

pytestmark = pytest.mark.vision

H = np.array([[60.0, 0.0, 100.0], [0.0, 90.0, 100.0], [0.0, 0.0, 1.0]])   # board -> fine pixels
TABLE, CARD = geometry.quad_of(H, 1, 1), geometry.quad_of(H, 3, 1)


def surface() -> Surface:
    mask = np.zeros((400, 500), np.uint8)     # table everywhere ...
    mask[:, 250:] = 255                        # ... but card right of x = 250 (cell (3, 1) lies there)
    return Surface(np.zeros((400, 500, 3), np.uint8), None, mask, 1.0, mask_trusted=True)


def reading(opens: list[float], p_card: float = 0.99) -> CellGuess:
    kinds = np.full(len(KINDS), (1 - p_card) / (len(KINDS) - 1))
    kinds[KINDS.index("path")] = p_card
    return CellGuess(kinds, np.array(opens), 0.02)


def test_a_card_read_surely_with_an_unsure_opening_on_table_is_dropped():
    sf, gs = surface(), GridSettings()
    gap = confidence(reading([0.99, 0.62, 0.99, 0.01]))   # surely a card, unsure of one side
    clear = confidence(reading([0.99, 0.99, 0.99, 0.01]))
    assert gap < 0.9 < clear
    assert unsure_on_table(sf, TABLE, gap, gs)
    assert not unsure_on_table(sf, TABLE, clear, gs)                       # a clear reading stands
    assert not unsure_on_table(sf, CARD, gap, gs)                          # where the mask sees card
    assert not unsure_on_table(replace(sf, mask_trusted=False), TABLE, gap, gs)   # a mask that missed the start
