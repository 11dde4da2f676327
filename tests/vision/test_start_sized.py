"""The start's size and turn from the cards laid round it (start_pose.sized): the reader takes the
ladder for the start from half to twice its size, its neighbours read as cards only at the true one."""
import cv2
import numpy as np
import pytest

from vision.start_pose import Found, neighbours_read, quarter, sized

pytestmark = pytest.mark.vision


def _truth_start(scene) -> np.ndarray:
    """The start's true outline in the fine image the scanner read (NW NE SE SW)."""
    photo = scene.result.debug["photo"]
    start = next(c for c in scene.truth["cards"] if c["kind"] == "start")
    return np.array(start["corners"], np.float64) * photo.fine_scale


def _scaled(quad: np.ndarray, s: float) -> np.ndarray:
    c = quad.mean(axis=0)
    return c + (quad - c) * s


def _width(quad: np.ndarray) -> float:
    return float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2


def test_the_neighbours_read_as_cards_only_round_the_true_size_and_turn(scene_424285):
    start = _truth_start(scene_424285)
    fine = scene_424285.surface.fine
    small, true, large, turned = neighbours_read(fine, [_scaled(start, 0.6), start, _scaled(start, 1.6), quarter(start)])
    assert true > 2.0                       # the maze's cards round the start
    assert max(small, large, turned) < 0.5 * true


def test_outlines_that_cannot_reach_the_bar_are_not_read_round(scene_424285):
    """The neighbours' sum is at most 8: an outline whose p(start) times 8 is under the bar cannot
    reach it, so its neighbours are not read (it scores 0); every other outline scores as unbarred."""
    start = _truth_start(scene_424285)
    fine = scene_424285.surface.fine
    outlines = [_scaled(start, s) for s in (0.3, 0.6, 1.0, 1.6, 3.0)] + [quarter(start), start + 0.5 * (start[1] - start[0])]
    full = neighbours_read(fine, outlines)
    barred = neighbours_read(fine, outlines, least=1.0)
    read = [f for f, b in zip(full, barred) if b == f]
    assert 0 < len(read) < len(outlines)            # some outlines were passed over, not all
    for f, b in zip(full, barred):
        assert b == f or (b == 0.0 and f < 1.0)
    assert barred[2] == full[2] > 2.0               # the start's own outline reads its neighbours


def test_a_start_posed_too_small_is_sized_by_its_neighbours(scene_424285):
    start = _truth_start(scene_424285)
    sf = scene_424285.surface
    for share in (0.6, 1.5):                # the cross fits well off the card's size (0.5x to 1.9x seen)
        posed = _scaled(start, share)
        found = sized(sf.fine, sf.grads, Found(posed, posed, 1.0))
        assert abs(_width(found.quad) / _width(start) - 1.0) < 0.12, share
        assert np.linalg.norm(found.quad.mean(axis=0) - start.mean(axis=0)) < 0.15 * _width(start)


def test_a_start_with_no_cards_round_it_keeps_its_pose(scene_424285):
    start = _truth_start(scene_424285)
    sf = scene_424285.surface
    lone = np.full_like(sf.fine, np.median(sf.fine[:20, :20].reshape(-1, 3), axis=0).astype(np.uint8))
    card = np.zeros(sf.fine.shape[:2], np.uint8)
    cv2.fillConvexPoly(card, np.int32(np.round(start)), 1)
    lone[card > 0] = sf.fine[card > 0]           # the start card alone on the table
    posed = _scaled(start, 0.7)
    found = Found(posed, posed, 1.0)
    assert sized(lone, sf.grads, found) is found
