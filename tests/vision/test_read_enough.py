"""A board that leaves most of the maze around its start unread is refused: its start is wrong."""
import importlib
import re

import numpy as np
import pytest

from vision.cells import Cell
from vision.errors import StartNotFound
from vision.image_io import Photo
from vision.settings import StartSettings

pytestmark = pytest.mark.vision
scan_module = importlib.import_module("vision.scan")   # the package exports a function of that name


def _photo() -> Photo:
    """A 400 x 300 work image, the fine one twice its size: 4 x 3 cards of 100 x 100 work px."""
    return Photo(np.zeros((600, 800, 3), np.uint8), np.zeros((300, 400, 3), np.uint8), 2.0, 1.0, (400, 300))


def _mask() -> np.ndarray:
    """The maze's blob (a block of cards touching) and a lone card apart from it."""
    mask = np.zeros((300, 400), np.uint8)
    mask[0:200, 0:300] = 255
    mask[240:290, 340:390] = 255
    return mask


def _cell(kind: str, x: int, y: int) -> Cell:
    """A card of 100 x 100 work px at (x, y) work px, as the walk keeps it (fine px)."""
    q = np.array([[x, y], [x + 100, y], [x + 100, y + 100], [x, y + 100]], np.float64) * 2.0
    return Cell(0, 0, kind, "NESW", False, None, 1.0, q)


def test_a_board_covering_most_of_its_maze_passes():
    cells = [_cell("start", 0, 0), _cell("path", 100, 0), _cell("path", 0, 100), _cell("path", 100, 100)]
    scan_module._read_enough(_photo(), _mask(), cells, StartSettings())   # 4 of 6 cards: 67 %


def test_a_board_reading_a_corner_of_its_maze_is_refused_with_why():
    cells = [_cell("start", 0, 0), _cell("path", 100, 0)]   # 2 of 6 cards: 33 %
    with pytest.raises(StartNotFound) as err:
        scan_module._read_enough(_photo(), _mask(), cells, StartSettings())
    unread = re.search(r"leaves (\d+)% of the maze around it unread", err.value.message)
    assert unread and 60 <= int(unread.group(1)) <= 70                     # 4 of the 6 cards' area
    assert err.value.message.startswith("the start card (the cross with the ladder) was not found")


def test_the_lone_card_apart_does_not_count_as_maze():
    # the start's blob is the maze block; cards read there are measured against it alone
    cells = [_cell("start", 0, 0), _cell("path", 100, 0), _cell("path", 200, 0)]   # 3 of 6: 50 %
    scan_module._read_enough(_photo(), _mask(), cells, StartSettings())
    with pytest.raises(StartNotFound):
        scan_module._read_enough(_photo(), _mask(), cells, StartSettings(least_read=0.55))
