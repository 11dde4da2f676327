"""Cards whose outline the edge snap squashed are read again on the board's fit."""
import numpy as np
import pytest

from vision.reshaped import SQUASHED, _squash

pytestmark = pytest.mark.vision


def test_an_outline_a_quarter_short_is_squashed_and_one_slid_is_not():
    fit = np.float64([[0, 0], [60, 0], [60, 90], [0, 90]])
    assert _squash(fit + [7, -5], fit) == pytest.approx(0.0)
    short = fit.copy()
    short[[2, 3], 1] = 68          # the south side snapped a quarter of the card in
    assert _squash(short, fit) > SQUASHED
    assert _squash(short, fit) == pytest.approx(np.log(90 / 68), rel=0.01)


def test_a_dead_end_whose_outline_was_squashed_keeps_its_opening(read_as_bench):
    """Renderer seed 1500068: the dead end at (4,1), at the maze's rim, has its outline snapped a
    quarter of a card short (25 px), which cuts off its north mouth: read SW at 1.00. On the
    board's fit it reads NSW, a dead end, at 1.00."""
    got, want = read_as_bench(1500068)
    assert want[(4, 1)] == (4, 1, "path", "NSW", True)
    assert got.get((4, 1)) == want[(4, 1)]
    assert got == want


def test_a_crossing_whose_outline_was_squashed_keeps_all_four_openings(read_as_bench):
    """Renderer seed 1500065: the crossing at (0,2), with one card beside it, was read NEW on an
    outline a third of a card short; on the board's fit it reads NESW."""
    got, want = read_as_bench(1500065)
    assert got.get((0, 2)) == want[(0, 2)]
    assert got == want


def test_a_dead_end_behind_the_start_read_surer_on_the_fit_keeps_its_west_opening(read_as_bench):
    """Renderer seed 1400000: the dead end behind the start (NEW) reads NE at 0.92 on its own
    outline, a few pixels off, and NEW at 1.00 on the board's fit: the surer reading stands."""
    got, want = read_as_bench(1400000)
    assert want[(-1, 0)] == (-1, 0, "path", "NEW", True)
    assert got.get((-1, 0)) == want[(-1, 0)]
    assert got == want


def test_cards_beyond_a_card_the_fit_made_sure_are_read(read_as_bench):
    """Renderer seed 1500041: a T at (1,2) read S at 0.78 on its snapped outline, so the walk did
    not go on from it; on the board's fit it reads SW at 1.00, and the two cards its tunnel leads
    to, (1,3) and (2,3), read at 1.00 once the gaps are read again after reshaping."""
    got, want = read_as_bench(1500041)
    assert got.get((1, 3)) == want[(1, 3)]
    assert got.get((2, 3)) == want[(2, 3)]
    assert got == want
