"""An unsure reading where a trusted mask sees table is dropped, unsure of anything: the card or
its openings (a window across the gap between cards can read surely as a card, its openings not)."""
from dataclasses import replace

import numpy as np
import pytest

from vision import geometry
from vision.read_cell import unsure_on_table
from vision.cellnet import KINDS, CellGuess
from vision.cells import Cell, Surface, confidence, mask_cover
from vision.holes import _without_unseen
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


def _cells_over(confidences: dict) -> dict:
    """Path cards on cells (col, 1) read at these confidences."""
    return {(c, 1): Cell(c, 1, "path", "EW", False, None, p, geometry.quad_of(H, c, 1)) for c, p in confidences.items()}


def test_an_unsure_card_a_trusted_mask_sees_under_half_the_cards_median_is_dropped():
    """800069: cloth in a hole the cards enclose, read as a dead end at 0.63, seen 0.21 card by a
    trusted mask that sees the other cards whole; a sure card stands, and an untrusted mask drops
    only what it sees under a fifth of the median."""
    mask = np.zeros((400, 500), np.uint8)
    mask[:, :328] = 255                         # cells 1-3 (x 130-310) card; cell 4 (x 310-370) card on
                                                # a quarter of its middle (x 316-364)
    sf = Surface(np.zeros((400, 500, 3), np.uint8), None, mask, 1.0, mask_trusted=True)
    cells = _cells_over({1: 1.0, 2: 0.95, 3: 0.7, 4: 0.63})
    assert mask_cover(sf, cells[(4, 1)].quad) < 0.5
    assert set(_without_unseen(sf, cells)) == {(1, 1), (2, 1), (3, 1)}
    sure = {**cells, (4, 1): replace(cells[(4, 1)], confidence=0.95)}
    assert set(_without_unseen(sf, sure)) == set(sure)
    assert set(_without_unseen(replace(sf, mask_trusted=False), cells)) == set(cells)
