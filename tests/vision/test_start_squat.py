"""A start pose seen shorter along the card than across it is the crossing alone: the start is
posed again at a card's shape, its width kept, and a squat pose's walk neither ends the posing
nor looks for the goals before the others'."""
import numpy as np
import pytest

from vision.geometry import axes
from vision.start import ASPECT
from vision.start_pose import squat, stretched

pytestmark = pytest.mark.vision

CARD = np.float64([[100, 100], [160, 100], [160, 190], [100, 190]])   # NW NE SE SW, 60 x 90
CROSSING = np.float64([[100, 120], [160, 120], [160, 170], [100, 170]])   # 60 x 50: half a card


def test_a_pose_shorter_along_the_card_than_across_is_squat():
    assert squat(CROSSING)
    assert not squat(CARD)
    assert not squat(np.float64([[0, 0], [60, 0], [60, 70], [0, 70]]))   # foreshortened, still longer


def test_a_squat_pose_is_stretched_to_a_cards_shape_about_its_middle():
    out = stretched(CROSSING)
    width, length = axes(out)
    assert np.allclose(out.mean(axis=0), CROSSING.mean(axis=0))
    assert np.linalg.norm(width) == pytest.approx(60.0)
    assert np.linalg.norm(length) == pytest.approx(60.0 / ASPECT)
    assert np.allclose(length / np.linalg.norm(length), [0.0, 1.0])   # along the card, as before


def test_a_start_posed_on_its_crossing_on_a_small_photo_reads_the_maze_at_its_scale(read_as_bench):
    """Renderer seed 1400072 (2 MP, lattice cloth): the start was found as its crossing alone and
    every pose kept that squat shape; the walk read 19 half cards surely (9 extra) and the fit
    put the goal column at half its length."""
    got, want = read_as_bench(1400072)
    assert got == want
