"""An edge two face-up cards share is seen twice: the sure side decides the unsure one."""
import numpy as np
import pytest

from vision.cells import Cell
from vision.edges import agree, joined

pytestmark = pytest.mark.vision


def path(col: int, row: int, opens: tuple[float, float, float, float]) -> Cell:
    openings = "".join(s for s, p in zip("NESW", opens) if p > 0.5)
    return Cell(col, row, "path", openings, False, None, 0.9, np.zeros((4, 2)), 0.0, opens)


def by_pos(cells: list[Cell]) -> dict:
    return {(c.col, c.row): c.openings for c in cells}


def test_an_unsure_side_takes_the_sure_reading_across_it():
    """(1, 0) is read N S with its west side a toss-up leaning shut; the start opens east, and
    (2, 0) surely opens west, so both sides of (1, 0) facing them open: N E S W."""
    cells = [Cell(0, 0, "start", "NESW", False, None, 1.0, np.zeros((4, 2))),
             path(1, 0, (0.99, 0.3, 0.98, 0.4)),
             path(2, 0, (0.01, 0.02, 0.01, 0.99))]
    assert by_pos(agree(cells))[(1, 0)] == "NESW"


def test_sure_readings_that_disagree_stay_as_laid():
    """A card laid against the rules is reported as it lies: two sure sides that disagree stay,
    and an unsure side faces a card just as unsure, or no card, or a face-down goal: it stays."""
    cells = [path(1, 0, (0.99, 0.02, 0.99, 0.02)),      # surely shut east
             path(2, 0, (0.01, 0.02, 0.01, 0.99)),      # surely open west
             path(1, 1, (0.99, 0.4, 0.02, 0.6)),        # unsure east (nothing there), unsure west
             path(0, 1, (0.02, 0.4, 0.02, 0.99)),       # just as unsure east toward (1, 1)'s west
             Cell(8, 0, "goal", "", False, "down", 1.0, np.zeros((4, 2))),
             path(7, 0, (0.99, 0.35, 0.01, 0.01))]      # unsure east toward a face-down goal
    got = by_pos(agree(cells))
    assert got == by_pos(cells)


def test_the_surer_reading_of_an_edge_decides_where_one_is_not_sure():
    """Below 0.9 (margin) neither side protects its reading: a side at 0.08 (margin 0.84) yields
    to a sure wall across it, and of two unsure sides (0.3 and 0.75) the less unsure decides."""
    cells = [path(1, 0, (0.99, 0.08, 0.99, 0.01)),      # east read shut at 0.08
             path(2, 0, (0.01, 0.01, 0.01, 0.999)),     # west surely open
             path(1, 1, (0.99, 0.3, 0.01, 0.01)),       # east leaning shut, 0.3
             path(2, 1, (0.01, 0.01, 0.99, 0.85))]      # west leaning open, more surely
    got = by_pos(agree(cells))
    assert got[(1, 0)] == "NES" and got[(2, 0)] == "W"
    assert got[(1, 1)] == "NE" and got[(2, 1)] == "SW"


def test_a_card_with_one_opening_is_a_dead_end():
    """Every connected card of the box opens on two sides or more: one opening read is a stub."""
    one = path(1, 0, (0.01, 0.01, 0.01, 0.99))
    two = path(2, 0, (0.01, 0.01, 0.99, 0.99))
    got = {(c.col, c.row): c.dead_end for c in agree([one, two])}
    assert got == {(1, 0): True, (2, 0): False}


def test_an_unsure_card_no_opening_of_which_meets_the_maze_is_dropped():
    """Every card is laid with an opening against one of the maze's: read unsurely, a card whose
    openings meet none (a window over the cloth beside a dead end) is table; read surely, or
    meeting an opening across (the start's, any side), it stays."""
    start = Cell(0, 0, "start", "NESW", False, None, 1.0, np.zeros((4, 2)))
    dead = path(1, 0, (0.01, 0.01, 0.01, 0.99))                     # opens west, to the start only
    cloth = path(2, 0, (0.9, 0.01, 0.01, 0.01))                     # opens north, away from (1, 0)
    low = 0.6
    unsure = Cell(2, 0, "path", "N", True, None, 0.53, np.zeros((4, 2)), 0.0, cloth.opens)
    assert sorted(by_pos(joined([start, dead, unsure], low))) == [(0, 0), (1, 0)]
    assert sorted(by_pos(joined([start, dead, cloth], low))) == [(0, 0), (1, 0), (2, 0)]   # sure: stays
    meets = Cell(2, 0, "path", "NW", False, None, 0.53, np.zeros((4, 2)))
    bent = path(1, 0, (0.01, 0.99, 0.01, 0.99))
    assert sorted(by_pos(joined([start, bent, meets], low))) == [(0, 0), (1, 0), (2, 0)]
    toward_start = Cell(0, 1, "path", "N", True, None, 0.53, np.zeros((4, 2)))
    assert sorted(by_pos(joined([start, toward_start], low))) == [(0, 0), (0, 1)]
    away = Cell(0, 1, "path", "S", True, None, 0.53, np.zeros((4, 2)))
    assert sorted(by_pos(joined([start, away], low))) == [(0, 0)]
