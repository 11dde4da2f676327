"""A start the reader is sure of is a card of the photo, not of the goal column it was found
beside: it is framed with every column seen apart that lies exactly eight cards from it."""
import numpy as np
import pytest

from vision.fiducials import _tried

pytestmark = pytest.mark.vision


def test_a_column_is_framed_once_with_a_start_on_the_same_card():
    column, other = object(), object()
    outline = np.float64([[0, 0], [60, 0], [60, 90], [0, 90]])
    tried = [(id(column), outline.mean(axis=0))]
    assert _tried(tried, column, outline + 10)        # the same card posed a little apart
    assert not _tried(tried, column, outline + 60)    # the next card
    assert not _tried(tried, other, outline)          # the same start beside another column


def test_a_start_found_only_beside_a_shifted_column_frames_the_true_one(read_as_bench):
    """Renderer seed 1400075: the ladder was read surely only beside a column of a goal and the
    next card in line; the true column's own search posed its windows on plain crosses, and the
    board was read one card off with the goals a row off."""
    got, want = read_as_bench(1400075)
    assert got == want
