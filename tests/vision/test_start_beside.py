"""A start posed one card off its ladder: the frame is moved onto the card the reader takes for the start."""
import numpy as np
import pytest

from vision import frame_read, geometry, start_first
from vision.frame import Frame
from vision.settings import ScanSettings
from vision.start_checks import read_as_start

pytestmark = pytest.mark.vision


def test_a_frame_one_card_off_the_ladder_is_moved_onto_it(scene_424285):
    """A start posed one card off its ladder (the card beside it taken for the start) reads the
    maze shifted by a cell, surely, and here as more cards (24) than the true frame (21): cells
    across two cards read as cards. The walk reads the ladder card as a card the reader is sure
    is the start: the frame is read again from it, and kept as it reads the maze cleanly."""
    truth, right = scene_424285.truth, scene_424285.result
    photo, h = right.debug["photo"], right.debug["h"]
    st = ScanSettings()
    grads = scene_424285.surface.grads
    goal_quads = [c.quad for c in sorted(right.debug["cells"], key=lambda c: (c.col, c.row)) if c.kind == "goal"]
    k = photo.fine_scale / photo.work_scale
    column = start_first.goal_column(goal_quads, k)
    off = h @ np.float64([[1, 0, 0], [0, 1, 1], [0, 0, 1]])          # (0,0) is the card at (0,1)
    frame = Frame(geometry.quad_of(off, 0, 0), goal_quads, off, geometry.quad_of(off, 0, 0))
    read = frame_read.read_frame(photo, right.debug["mask"], grads, frame, column, st)
    moved = frame_read.start_beside(photo, right.debug["mask"], grads, read, column, st)
    assert moved.score != read.score                                  # the frame moved
    start = next(c for c in moved.cells if c.kind == "start")
    true_start = next(np.array(c["corners"]) for c in truth["cards"] if c["kind"] == "start") * photo.fine_scale
    assert np.linalg.norm(start.quad.mean(axis=0) - true_start.mean(axis=0)) < 0.3 * np.linalg.norm(true_start[1] - true_start[0])


def test_a_frame_one_card_off_whose_start_reads_not_is_kept_moved(scene_424285):
    """A frame one card off is not thrown away when (0,0) does not read as the start: read again
    from the card the reader is sure is the start, it is kept if there (0,0) does (600000 #0055:
    the first frame, one card off, was refused, and the search went on to a frame of 9 cards)."""
    truth, right = scene_424285.truth, scene_424285.result
    photo, h, mask = right.debug["photo"], right.debug["h"], right.debug["mask"]
    st = ScanSettings()
    grads = scene_424285.surface.grads
    goal_quads = [c.quad for c in sorted(right.debug["cells"], key=lambda c: (c.col, c.row)) if c.kind == "goal"]
    column = start_first.goal_column(goal_quads, photo.fine_scale / photo.work_scale)
    off = h @ np.float64([[1, 0, 0], [0, 1, 1], [0, 0, 1]])
    read = frame_read.read_frame(photo, mask, grads, Frame(geometry.quad_of(off, 0, 0), goal_quads, off,
                                                           geometry.quad_of(off, 0, 0)), column, st)
    assert not read_as_start(photo.fine, read[2], read[3])            # refused as it is
    kept = frame_read.kept(photo, mask, grads, read, column, st)
    assert kept is not None
    start = next(c for c in kept[2] if c.kind == "start")
    true_start = next(np.array(c["corners"]) for c in truth["cards"] if c["kind"] == "start") * photo.fine_scale
    assert np.linalg.norm(start.quad.mean(axis=0) - true_start.mean(axis=0)) < 0.3 * np.linalg.norm(true_start[1] - true_start[0])
