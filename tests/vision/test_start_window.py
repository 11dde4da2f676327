"""A start hit's card window: one parallelogram for every round that reads a window on a hit."""
import numpy as np
import pytest

from vision.geometry import axes
from vision.start import StartHit

pytestmark = pytest.mark.vision


def test_a_hits_window_has_the_hits_centre_and_sides_in_the_fine_image():
    """A hit turned 30 degrees, its half sides 7 and 11 rough px, read at four times the rough
    scale and 1.25 times the size: the window's centre, its sides' directions and lengths follow,
    corners in the NW NE SE SW order the card reader rectifies by."""
    t = np.radians(30)
    w, l = 7 * np.array([np.cos(t), np.sin(t)]), 11 * np.array([-np.sin(t), np.cos(t)])
    hit = StartHit(np.array([40.0, 25.0]), w, l, 1.0)
    quad = hit.window(4.0, 1.25)
    assert np.allclose(quad.mean(axis=0), [160.0, 100.0])
    width, length = axes(quad)
    assert np.allclose(width, 4 * 1.25 * 2 * w) and np.allclose(length, 4 * 1.25 * 2 * l)
    assert np.allclose(quad[0], 4 * (hit.centre - 1.25 * (w + l)))
    assert np.allclose(quad[2], 4 * (hit.centre + 1.25 * (w + l)))


def test_the_default_window_is_the_hit_itself_in_rough_px():
    hit = StartHit(np.array([5.0, 6.0]), np.array([2.0, 0.0]), np.array([0.0, 3.0]), 0.5)
    assert np.allclose(hit.window(), [[3, 3], [7, 3], [7, 9], [3, 9]])
