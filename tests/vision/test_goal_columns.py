"""The goal column's middle card under a steep view: where perspective puts it, not half way."""
import importlib

import numpy as np
import pytest

from vision.goals import Blob, _colour_dist, find_goal_columns
from vision.render import render_scene
from vision.settings import GoalSettings

S = importlib.import_module("vision.scan")   # the module; `vision.scan` the package exports is the function
pytestmark = pytest.mark.vision


def _blob(x: float, y: float, area: float, colour=(100.0, 150.0, 140.0)) -> Blob:
    side = np.sqrt(area / 0.648)
    box = np.int32([[x, y], [x + 0.648 * side, y], [x + 0.648 * side, y + side], [x, y + side]])
    return Blob(np.array([x, y], np.float64), area, side, np.array(colour), box)


def test_a_column_seen_steeply_is_found_after_every_level_one():
    """Benchmark photo 600000 #0068 at working scale: the goals' areas fall 9166 -> 5085 -> 3117
    away from the camera and the middle one lies 0.59 of the way from the near one, not half way
    (the plane's image scales as 1/w, areas as 1/w^3: the cube root of the outer areas' ratio,
    1.43, puts it at 0.59). Three level cards elsewhere make a column too: it comes first."""
    steep = [_blob(71, 888, 9166), _blob(119, 686, 5085), _blob(151, 546, 3117)]
    level = [_blob(900, 100, 4000, (60, 120, 160)), _blob(900, 260, 4000, (60, 120, 160)), _blob(900, 420, 4000, (60, 120, 160))]
    found = find_goal_columns(steep + level, GoalSettings())
    centres = [sorted(map(tuple, g.centres)) for g in found]
    want_steep = sorted(map(tuple, np.array([b.centre for b in steep])))
    want_level = sorted(map(tuple, np.array([b.centre for b in level])))
    assert want_steep in centres and want_level in centres
    assert centres.index(want_level) < centres.index(want_steep)


def test_a_steep_view_with_the_goals_near_the_camera_is_read():
    """Renderer seed 600068 at 2 MP (its goals' areas 3 to 1): read exactly."""
    img, truth = render_scene(600068, mp=2.0)
    result = S.scan(img)
    assert result.ok, result.error
    key = lambda c: (c["col"], c["row"], c["kind"], c.get("openings", ""))
    assert sorted(map(key, result.cards)) == sorted(map(key, truth["cards"]))


def test_a_steep_column_may_span_four_times_in_area_a_level_one_may_not():
    """Renderer seed 1800046 at working scale: the goals' areas 16237, 7259, 3984 (4.1 to 1), the
    middle one 0.38 of the way from the far one where the cube root of the outer areas' ratio puts
    it. Found as a steep column; the same three sizes half way along a line make no column."""
    steep = [_blob(55, 247, 3984), _blob(69, 393, 7259), _blob(80, 633, 16237)]
    assert [sorted(map(tuple, g.centres)) for g in find_goal_columns(steep, GoalSettings())] == \
        [sorted(map(tuple, np.array([b.centre for b in steep])))]
    level = [_blob(55, 247, 3984), _blob(67, 440, 7259), _blob(80, 633, 16237)]
    assert find_goal_columns(level, GoalSettings()) == []
    # no-start photo 424261 at 2 MP: two goal backs and a goal turned up, cut to its tunnels by
    # the mask (areas 2478, 2628, 872): sizes out of order are no steep view
    cut = [_blob(243, 183, 2478), _blob(392, 180, 2628), _blob(542, 174, 872)]
    assert find_goal_columns(cut, GoalSettings()) == []


def test_a_steep_view_whose_goals_span_four_times_in_area_is_read(read_as_bench):
    """Renderer seed 1800046 (12 MP, steep view, goals apart on a green cloth): the goal column
    was refused for sizes 4.1 to 1 apart and the photo with it."""
    got, want = read_as_bench(1800046)
    assert got == want


def _square(x: float, y: float, area: float, colour=(80.0, 150.0, 170.0)) -> Blob:
    side = np.sqrt(area)
    box = np.int32([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])
    return Blob(np.array([x, y], np.float64), area, side, np.array(colour), box)


def test_three_squares_in_line_are_no_goal_column():
    """Mixed benchmark photo 700000 #0070: a checked cloth's squares (short over long side 0.95 to
    1.0) lie alike, evenly and in line, and made 23 columns ahead of the goals (whose blobs, cut by
    the mask, score worse). Three squares are no three cards; three cards beside them still make a
    column, and so do squares with a card among them."""
    squares = [_square(100, 100 + 120 * i, 3600) for i in range(4)]
    cards = [_blob(600, 100 + 140 * i, 3600, (60, 120, 160)) for i in range(3)]
    found = [sorted(map(tuple, g.centres)) for g in find_goal_columns(squares + cards, GoalSettings())]
    assert sorted(map(tuple, np.array([b.centre for b in cards]))) in found
    assert not any(all(c[0] == 100 for c in column) for column in found)
    mixed = [_square(100, 100, 3600), _blob(100, 220, 3600, (80, 150, 170)), _square(100, 340, 3600)]
    assert find_goal_columns(mixed, GoalSettings())


# the per-trio reference the vectorised find_goal_columns must agree with
def _half_way(a: Blob, c: Blob) -> np.ndarray:
    return (a.centre + c.centre) / 2


def _in_view(a: Blob, c: Blob) -> np.ndarray:
    """Where the middle goal's centre lies between the outer two under the view's perspective:
    the table's image scales as 1/w along a line and areas as 1/w^3 (w the homography's
    denominator), so the middle card splits the span in the ratio of the outer cards' areas to
    the power 1/3."""
    r = (a.area / c.area) ** (1.0 / 3.0)
    return a.centre + (c.centre - a.centre) * (r / (1.0 + r))


def _triple_score(a: Blob, b: Blob, c: Blob, s: GoalSettings, middle=_half_way) -> float | None:
    """Lower is better; None when the three cannot be a goal column (b is the middle one, where
    `middle` puts it)."""
    areas = [a.area, b.area, c.area]
    ratio = max(areas) / min(areas)
    in_order = min(a.area, c.area) <= b.area <= max(a.area, c.area)
    if ratio > s.max_area_ratio and (middle is _half_way or ratio > s.max_area_ratio_steep or not in_order):
        return None
    dists = sorted([_colour_dist(a, b), _colour_dist(b, c), _colour_dist(a, c)])
    if dists[0] > s.max_colour_dist:      # a revealed goal may differ, but two backs look alike
        return None
    colour = dists[2] if dists[2] <= s.max_colour_dist else dists[0] + s.max_colour_dist
    span = np.linalg.norm(c.centre - a.centre)
    if span < 1e-6:
        return None
    bend = 2 * np.linalg.norm(b.centre - middle(a, c)) / span
    if bend > s.max_bend:
        return None
    card = np.sqrt(np.mean(areas) / 0.648)   # long side of a card of that area
    pitch = span / 4.0 / card
    if not s.pitch_range[0] <= pitch <= s.pitch_range[1]:
        return None
    fill = max(areas) / (max(b.long_side for b in (a, b, c)) ** 2 * 0.648 + 1e-9)
    return bend * 3 + colour / s.max_colour_dist + abs(np.log(pitch / 1.05)) + abs(np.log(max(fill, 0.2) / 0.9)) * 0.3


def _every_trio(blobs: list[Blob], s: GoalSettings) -> list[tuple]:
    """find_goal_columns' answer the slow way: every trio, every middle card, no prefilter."""
    from itertools import combinations
    from vision.goals import SQUARE, _squareness
    level, steep = [], []
    for trio in combinations(blobs, 3):
        if all(_squareness(b) > SQUARE for b in trio):
            continue
        for mid in range(3):
            a, c = [trio[k] for k in range(3) if k != mid]
            score = _triple_score(a, trio[mid], c, s)
            if score is not None:
                level.append((a, trio[mid], c, score))
            elif (score := _triple_score(a, trio[mid], c, s, _in_view)) is not None:
                steep.append((a, trio[mid], c, score))
    return sorted(level, key=lambda t: t[3]) + sorted(steep, key=lambda t: t[3])


@pytest.mark.parametrize("seed", range(6))
def test_the_trio_prefilter_drops_no_column(seed):
    """Trios are sifted all at once on what does not depend on the middle card (sizes alike, two
    colours alike, not three squares): on a cluttered table of cards, goals and squares of many
    sizes and colours, the columns found are exactly those of testing every trio in full."""
    rng = np.random.default_rng(seed)
    blobs = []
    for _ in range(24):
        x, y, area = rng.uniform(0, 1500), rng.uniform(0, 1000), rng.uniform(1500, 6000)
        colour = (rng.uniform(60, 200), *rng.choice([[150.0, 140.0], [120.0, 120.0], [140.0, 160.0]]) + rng.normal(0, 8, 2))
        blobs.append(_square(x, y, area, colour) if rng.random() < 0.3 else _blob(x, y, area, colour))   # 0.3: a checked cloth's squares
    for i in range(4):   # four alike cards in a line: two columns of three overlap
        blobs.append(_blob(700, 100 + 160 * i, 4000, (100, 150, 140)))
    s = GoalSettings()
    want = [(a.centre.tolist(), b.centre.tolist(), c.centre.tolist(), sc) for a, b, c, sc in _every_trio(blobs, s)]
    got = [(*(b.centre.tolist() for b in g.blobs), g.score) for g in find_goal_columns(blobs, s)]
    assert len(want) > 3 and [w[:3] for w in want] == [g[:3] for g in got]
    assert [g[3] for g in got] == pytest.approx([w[3] for w in want], rel=1e-12, abs=0)   # one array op may round the last bit otherwise
