"""The maze's card size read off the maze (vision.maze_scale), for the last-resort start search."""
import cv2
import numpy as np
import pytest

from vision import maze_scale
from vision.fiducials import Seen
from vision.image_io import load_photo
from vision.mask import card_mask
from vision.render import render_scene
from vision.settings import ScanSettings
from vision.start_first import EdgeAngles, _window

pytestmark = pytest.mark.vision


def test_a_lone_blob_size_the_reader_sees_cards_at_is_kept():
    trials = [(200.0, 0.1), (100.0, 0.99), (70.0, 1.0), (50.0, 0.97), (35.0, 0.4)]
    assert maze_scale.card_length(trials, 60.0) == 60.0


def test_specks_for_lone_blobs_give_way_to_the_sizes_the_reader_is_sure_of():
    trials = [(200.0, 0.1), (100.0, 0.99), (70.0, 1.0), (50.0, 0.97), (35.0, 0.4), (20.0, 0.05)]
    length = maze_scale.card_length(trials, 20.0)
    assert length == pytest.approx(np.sqrt(100.0 * 50.0) * maze_scale.CENTRE)
    assert maze_scale.card_length(trials, None) == length


def test_without_a_sure_size_there_is_no_maze_to_search():
    # a blob on which the reader is sure of no card at any size holds no card: the lone blobs'
    # size does not send the search over it
    assert maze_scale.card_length([(100.0, 0.5), (50.0, 0.2)], 42.0) is None
    assert maze_scale.card_length([], 42.0) is None
    assert maze_scale.card_length([], None) is None


@pytest.mark.parametrize("seed", [424244, 424245, 424246, 424247])
def test_the_sure_sizes_bracket_the_maze_cards(seed: int):
    """On rendered mazes (the bench's first scenes at 2 MP whose largest blob is the maze; the
    first, 424243, has its maze split by the mask) the reader is sure of cards only on windows
    near their size, and the length chosen with no lone blob lies among the cards' sizes in the
    photo (a steep view shows them from 25 to 41 px long): the search then tries it and smaller."""
    img, truth = render_scene(seed, mp=2.0, negative=None)
    st = ScanSettings()
    photo = load_photo(img, st.load)
    mask = card_mask(photo.work, st.mask)
    seen = Seen(photo, mask, st)
    edges = EdgeAngles(cv2.cvtColor(photo.work, cv2.COLOR_BGR2GRAY))
    trials = maze_scale.card_lengths(photo, seen.maze, _window, edges.at)
    longs = [float(np.linalg.norm(np.subtract(c["corners"][3], c["corners"][0]))) * photo.work_scale
             for c in truth["cards"]]
    sure = [length for length, s in trials if s >= maze_scale.SURE]
    assert sure and min(sure) <= float(np.median(longs)) <= max(sure)
    assert max(sure) < 2.0 * max(longs) and min(sure) > 0.5 * min(longs)
    assert 0.8 * min(longs) <= maze_scale.card_length(trials, None) <= 1.1 * max(longs)
