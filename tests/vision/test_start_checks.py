"""A frame is only read from a start that looks like one: shaped like the goals, and read as the
start by the card reader where the frame's maze puts it."""
from dataclasses import replace

import numpy as np
import pytest

from vision import cellnet, geometry, start_checks
from vision.bench import key
from vision.cells import Cell

pytestmark = pytest.mark.vision


def outline(cx: float, cy: float, w: float, l: float) -> np.ndarray:
    return np.array([[cx - w / 2, cy - l / 2], [cx + w / 2, cy - l / 2], [cx + w / 2, cy + l / 2], [cx - w / 2, cy + l / 2]])


def cells_with_start(start: np.ndarray) -> list[Cell]:
    goals = [Cell(8, r, "goal", "", False, "down", 1.0, outline(900, 300 + 60 * r, 60, 95)) for r in (-2, 0, 2)]
    return [Cell(0, 0, "start", "NESW", False, None, 1.0, start)] + goals


def test_a_start_shaped_like_the_goals_passes_a_sliver_across_a_card_does_not():
    assert start_checks.shaped_like_goals(cells_with_start(outline(100, 300, 60, 95)))
    assert start_checks.shaped_like_goals(cells_with_start(outline(100, 300, 70, 70)))      # seen at a slant: 1.6 times wider
    assert not start_checks.shaped_like_goals(cells_with_start(outline(100, 300, 79, 45)))  # a window across a card (2.8 times)


def test_the_reader_must_see_the_start_where_the_frame_puts_it(scene_424285):
    result = scene_424285.result
    fine, cells, h = result.debug["photo"].fine, result.debug["cells"], result.debug["h"]
    assert start_checks.read_as_start(fine, cells, h)
    off = h @ np.float64([[1, 0, 1], [0, 1, 0], [0, 0, 1]])          # the frame one card over
    assert not start_checks.read_as_start(fine, cells, off)


def test_without_path_cards_the_start_must_be_read_more_surely(scene_424285):
    result = scene_424285.result
    fine, cells, h = result.debug["photo"].fine, result.debug["cells"], result.debug["h"]
    alone = [c for c in cells if c.kind != "path"]
    assert start_checks.read_as_start(fine, alone, h)
    start = next(c for c in alone if c.kind == "start")
    across = [replace(start, quad=geometry.quad_of(h, 0.5, 0)) if c is start else c for c in alone]
    assert not start_checks.read_as_start(fine, across, h)                          # half on the start, half on the next card


def test_a_start_read_as_a_turned_up_gold_goal_is_the_start_when_path_cards_place_it(scan_as_bench):
    """Renderer seed 1400032 (8 MP): dark tunnels on pale stone, and the reader takes the start's
    cross and orange ladder for a gold goal's cross and nugget (p 0.996, p(start) 0.004).
    No goal lies at (0,0), so there it counts for the start once the maze's path cards place it;
    the photo was refused as showing no start. Without path cards it does not count."""
    result, truth = scan_as_bench(1400032)
    assert result.ok, result.error
    assert sorted(map(key, result.to_dict()["cards"])) == sorted(map(key, truth["cards"]))
    fine, cells, h = result.debug["photo"].fine, result.debug["cells"], result.debug["h"]
    start = next(c for c in cells if c.kind == "start")
    guess = cellnet.read(fine, [start.quad])[0]
    assert guess.p("goal_gold") > 0.5 > guess.p("start")
    assert start_checks.read_as_start(fine, cells, h)
    assert not start_checks.read_as_start(fine, [c for c in cells if c.kind != "path"], h)
