"""A card's axes and its grown outline: every pose, crop and trim measures along them."""
import numpy as np
import pytest

from vision.geometry import axes, grown, scaled

pytestmark = pytest.mark.vision

# a card seen at a slant: its top side is shorter than its bottom one, no two sides parallel
SLANTED = np.array([[100.0, 80.0], [210.0, 95.0], [237.0, 283.0], [90.0, 262.0]])


def test_axes_are_the_means_of_opposite_sides():
    ax_w, ax_l = axes(SLANTED)
    top, bottom = SLANTED[1] - SLANTED[0], SLANTED[2] - SLANTED[3]
    left, right = SLANTED[3] - SLANTED[0], SLANTED[2] - SLANTED[1]
    assert np.allclose(ax_w, (top + bottom) / 2)
    assert np.allclose(ax_l, (left + right) / 2)


def test_axes_take_integer_corners_as_they_are():
    ax_w, ax_l = axes(np.array([[0, 0], [3, 0], [3, 5], [0, 5]]))
    assert ax_w.dtype == np.float64 and ax_w.tolist() == [3.0, 0.0] and ax_l.tolist() == [0.0, 5.0]


def test_grown_moves_each_corner_out_along_both_axes():
    rect = np.array([[10.0, 20.0], [50.0, 20.0], [50.0, 80.0], [10.0, 80.0]])
    assert np.allclose(grown(rect, 0.25), [[0, 5], [60, 5], [60, 95], [0, 95]])
    assert np.allclose(grown(rect, 0.0), rect)
    # a negative margin shrinks it, and the slanted card keeps its middle either way
    assert np.allclose(grown(rect, -0.25), [[20, 35], [40, 35], [40, 65], [20, 65]])
    assert np.allclose(grown(SLANTED, 0.3).mean(axis=0), SLANTED.mean(axis=0))


def test_scaled_keeps_the_middle_and_scales_each_corners_offset():
    q = np.float64([[0, 0], [4, 0], [4, 6], [0, 6]])
    assert np.allclose(scaled(q, 0.5), [[1, 1.5], [3, 1.5], [3, 4.5], [1, 4.5]])
    assert np.allclose(scaled(q, 1.0), q)
