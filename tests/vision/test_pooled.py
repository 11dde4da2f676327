"""Unsure path cards: the readings of every outline the board offers are pooled."""
from dataclasses import replace

import numpy as np
import pytest

from vision.cellnet import KINDS, CellGuess
from vision.cells import Cell
from vision.pooled import _pooled_cell, not_sure

pytestmark = pytest.mark.vision


def _guess(card: float, n: float, e: float, s: float, w: float, dead: float) -> CellGuess:
    kinds = np.zeros(len(KINDS))
    kinds[KINDS.index("path")], kinds[KINDS.index("empty")] = card, 1.0 - card
    return CellGuess(kinds, np.array([n, e, s, w]), dead)


def _cell(openings: str, dead: bool, conf: float) -> Cell:
    quad = np.float64([[0, 0], [60, 0], [60, 90], [0, 90]])
    return Cell(1, 2, "path", openings, dead, None, conf, quad)


def test_a_side_one_grazing_crop_dropped_is_restored_by_the_others():
    cell = _cell("S", True, 0.53)                          # its own outline: W at 0.47
    guesses = [_guess(1.0, 0.02, 0.03, 0.97, 0.47, 0.9), _guess(1.0, 0.02, 0.02, 0.98, 0.85, 0.9),
               _guess(0.99, 0.05, 0.02, 0.95, 0.88, 0.8)]
    got = _pooled_cell(cell, guesses)
    assert (got.openings, got.dead_end) == ("SW", True)
    assert got.confidence <= cell.confidence              # never surer than before: frames' scores stay


def test_outlines_that_see_no_card_do_not_vote_and_one_alone_decides_nothing():
    cell = _cell("S", True, 0.53)
    guesses = [_guess(1.0, 0.02, 0.03, 0.97, 0.47, 0.9), _guess(0.2, 0.0, 0.0, 1.0, 1.0, 0.9),
               _guess(0.5, 0.0, 0.0, 1.0, 1.0, 0.9)]
    assert _pooled_cell(cell, guesses) is None


def test_a_pooled_reading_that_agrees_changes_nothing():
    cell = _cell("SW", True, 0.7)
    guesses = [_guess(1.0, 0.02, 0.03, 0.97, 0.65, 0.9), _guess(1.0, 0.02, 0.02, 0.98, 0.75, 0.9)]
    assert _pooled_cell(cell, guesses) is None


def test_a_pool_near_a_toss_up_leaves_the_cards_own_call():
    """main #0178: N at 0.35, 0.38 and 0.86 pools to 0.53, no clearer than the card's own 0.35."""
    cell = _cell("S", False, 0.65)
    guesses = [_guess(0.95, 0.35, 0.25, 0.97, 0.07, 0.07), _guess(0.92, 0.38, 0.1, 0.99, 0.07, 0.06),
               _guess(0.93, 0.86, 0.04, 0.88, 0.04, 0.17)]
    assert _pooled_cell(replace(cell, opens=(0.35, 0.25, 0.97, 0.07)), guesses) is None


def test_a_side_one_crop_grazes_is_read_as_the_other_outlines_read_it(read_as_bench):
    """Renderer seed 1200018 (4 MP): the dead end at (2,2), NS, read NSW on its own outline (W at
    0.57); the fit's and its neighbours' outlines read W at 0.17-0.41."""
    got, want = read_as_bench(1200018, mp=4)
    assert want[(2, 2)] == (2, 2, "path", "NS", True)
    assert got.get((2, 2)) == want[(2, 2)]
    assert got == want


def test_cards_read_up_to_099_are_pooled():
    """600000 #0028: a dead end N read NE at 0.95 on its own outline, E at 0.09 on the fit's and
    its neighbour's: cards that sure are pooled too; cards at 0.99 and the start are not."""
    cells = {(0, 0): Cell(0, 0, "start", "NESW", False, None, 0.5, np.zeros((4, 2))),
             (1, 0): _cell("NE", True, 0.95), (2, 0): _cell("N", True, 0.995), (3, 0): _cell("EW", False, 0.6)}
    assert not_sure(cells) == [(1, 0), (3, 0)]
