"""Snapping outlines onto a card's edges (vision.fit): one window, or hundreds at once."""
import cv2
import numpy as np
import pytest

from vision.fit import Gradients, push_sides, push_sides_many

pytestmark = pytest.mark.vision

# a grey card 120 x 180 px on a dark table, its NW corner at (140, 110)
CARD = np.float64([[140, 110], [260, 110], [260, 290], [140, 290]])


def _table() -> Gradients:
    img = np.full((400, 420), 40, np.uint8)
    cv2.fillConvexPoly(img, np.int32(CARD), 200)
    return Gradients.of(img)


def test_each_side_moves_onto_the_cards_edge():
    # every side of the window lies 9-14 px inside the card: each finds its own edge
    window = CARD + np.float64([[9, 12], [-10, 12], [-10, -14], [9, -14]])
    snapped = push_sides(_table(), window, -0.18, 0.18, 15)
    assert np.abs(snapped - CARD).max() <= 3.0, snapped


def test_many_windows_at_once_snap_exactly_as_one_by_one():
    grads = _table()
    rng = np.random.default_rng(5)
    windows = CARD[None] + rng.normal(0, 12, (60, 4, 2))
    together = push_sides_many(grads, windows, -0.18, 0.18, 15)
    apart = np.array([push_sides(grads, w, -0.18, 0.18, 15) for w in windows])
    assert together.shape == (60, 4, 2)
    assert np.array_equal(together, apart)
    assert push_sides_many(grads, np.zeros((0, 4, 2)), -0.18, 0.18, 15).shape == (0, 4, 2)
