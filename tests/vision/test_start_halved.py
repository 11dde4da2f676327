"""A start posed on its crossing alone (half the card, its sides the other way round) on a maze of
touching cards: posed at its full size too, and the walks of half cards do not crowd out its own."""
import cv2
import numpy as np
import pytest

from vision import board
from vision.fit import Gradients
from vision.geometry import axes, scaled
from vision.image_io import load_photo
from vision.mask import card_mask
from vision.render import render_scene
from vision.settings import ScanSettings
from vision.start_first import longest, portrait
from vision.start_pose import Found, poses, quarter

pytestmark = pytest.mark.vision


def test_a_start_framed_by_its_crossing_alone_is_posed_at_its_full_size():
    """Renderer seed 600102 at 3 MP (43 touching teal cards): the crossing of the start, half the
    card and turned a quarter, reads as the start; at 12 MP (the benchmark's 600000 #0102) the cross
    was posed so, and the poses tried from it (resized on the cross, or by the cards around it)
    came no nearer than a tenth off the card's size: the walk never found the goals."""
    img, truth = render_scene(600102, mp=3.0)
    st = ScanSettings()
    photo = load_photo(img, st.load)
    mask = card_mask(photo.work, st.mask)
    grads = Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY))
    start = portrait(np.array(next(c for c in truth["cards"] if c["kind"] == "start")["corners"]) * photo.fine_scale)
    width, length = (np.linalg.norm(v) for v in axes(start))
    crossing = quarter(scaled(start, 0.5))
    sf = board.trusting(board.Surface(photo.fine, grads, mask, 1.0 / photo.k), crossing, st.grid.min_mask)

    def full_size(quad: np.ndarray) -> bool:
        w, l = (np.linalg.norm(v) for v in axes(quad))
        return abs(w / width - 1) < 0.05 and abs(l / length - 1) < 0.05 and np.linalg.norm(quad.mean(0) - start.mean(0)) < 0.1 * width

    assert any(full_size(p.quad) for p in poses(sf, Found(crossing, crossing, 1.0)))


def _walk(n: int, length: float = 90.0) -> tuple:
    """A walk of n cells from a pose 60 wide and `length` long (under 60: squat)."""
    quad = np.float64([[0, 0], [60, 0], [60, length], [0, length]])
    return (Found(quad, quad, 1.0), None, {(i, 0): None for i in range(n)})


def test_walks_that_ran_into_the_cap_come_after_the_others():
    walks = [_walk(50), _walk(35), _walk(49), _walk(50), _walk(6)]
    assert [len(w[2]) for w in longest(walks, 50)] == [49, 35, 6, 50, 50]
    assert [len(w[2]) for w in longest(walks, 60)] == [50, 50, 49, 35, 6]


def test_walks_from_squat_poses_come_after_the_others_but_before_capped_ones():
    walks = [_walk(30, 50.0), _walk(20), _walk(50), _walk(8)]
    assert [len(w[2]) for w in longest(walks, 50)] == [20, 8, 30, 50]
