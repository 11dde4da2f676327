"""Cards cut off from the maze: the walk never reaches them, the island search must."""
import pytest

from vision import scan
from vision.render import render_scene

pytestmark = pytest.mark.vision


@pytest.mark.parametrize("seed", [424259, 424306])
def test_a_card_two_cells_from_the_maze_is_reported(seed):
    """Renderer seeds 424259 and 424306: a path card lies two cells behind the start with an
    empty cell between (at 424259 it touches the maze only at a corner, through an island found
    first). No neighbour leads the walk there: only a search reaching two cells beyond the found
    cards, run again once an island widens the maze, sees it, and reads it right. (The rest of
    the board is not this test's business: on the phone's OpenCV 4.10 this 2 MP rendering of
    424259 also shows two cards that are not there, with or without the island search.)"""
    img, truth = render_scene(seed, mp=2.0)
    result = scan(img)
    assert result.ok, result.error
    want = {(c["col"], c["row"]): c for c in truth["cards"]}
    got = {(c["col"], c["row"]): c for c in result.cards}
    assert (-2, 0) in want and (-1, 0) not in want     # the scene is what this test is about
    assert (-2, 0) in got
    assert got[(-2, 0)]["openings"] == want[(-2, 0)]["openings"]


def test_only_cards_something_vouches_for_are_kept():
    """A group of touching cards stays when it holds the start, a goal or a card read surely; an
    unsure card left alone once the cells it was reached through were found to be table goes."""
    import numpy as np

    from vision.board import Cell, _anchored

    def card(col: int, row: int, conf: float, kind: str = "path") -> Cell:
        return Cell(col, row, kind, "NESW", False, "down" if kind == "goal" else None, conf, np.zeros((4, 2)))
    cells = {(c.col, c.row): c for c in (
        card(0, 0, 1.0, "start"), card(1, 0, 0.95), card(1, 1, 0.6),       # the maze, an unsure card in it
        card(8, 0, 1.0, "goal"), card(7, 0, 0.5),                           # beside a goal
        card(3, 3, 0.97), card(3, 4, 0.7),                                  # an island with a sure card
        card(0, -5, 0.88), card(1, -5, 0.7))}                               # unsure cards alone
    assert sorted(_anchored(cells)) == sorted(set(cells) - {(0, -5), (1, -5)})


def test_an_island_a_third_of_a_card_off_the_fit_is_found_on_windows_moved_round_its_cell():
    """Renderer seed 900066 at 2.5 MP: the card at (1, 2) touches the maze only at its corners.
    Under a fit of the board a third of a card off there (as the walked cards' fit extrapolates
    to a part cut off from them), the reader sees no card on the fit's own outline; the windows
    moved round the cell and snapped to the card's edges find it, on its own cell and outline."""
    import cv2
    import numpy as np

    from vision import cellnet, geometry
    from vision.cells import SURE, Cell, Surface, card_p
    from vision.fit import Gradients
    from vision.islands import _drifted
    img, truth = render_scene(900066, mp=2.5)
    photo, mask = (lambda r: (r.debug["photo"], r.debug["mask"]))(scan(img))
    sf = Surface(photo.fine, Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY)), mask,
                 photo.work_scale / photo.fine_scale)
    quads = {(c["col"], c["row"]): np.float64(c["corners"]) * photo.fine_scale for c in truth["cards"]}
    island = (1, 2)
    assert island in quads and not any((1 + dc, 2 + dr) in quads for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    h = geometry.fit_homography([p for pos in quads for p in geometry.card_corners(*pos)],
                                [p for q in quads.values() for p in q])
    off = h @ np.float64([[1, 0, 0.3], [0, 1, -0.35], [0, 0, 1]])     # the fit a third of a card off
    assert card_p(cellnet.read(sf.fine, [geometry.quad_of(off, *island)])[0]) < 0.5
    others = {pos: Cell(*pos, "path", "NS", False, None, 1.0, q) for pos, q in quads.items() if pos != island}
    found = _drifted(sf, off, [island], others, SURE, 0.18)
    assert set(found) == {island}
    width = np.linalg.norm(quads[island][1] - quads[island][0])
    assert np.max(np.linalg.norm(found[island] - quads[island], axis=1)) < 0.15 * width


def test_a_window_closed_in_on_part_of_a_card_is_no_island():
    """A snapped window much smaller than the cell where it lies (part of a card, a drawing on a
    role card) or of another shape (a card of a fanned hand) does not seed an island; one about
    the cell's size does."""
    import numpy as np

    from vision import geometry
    from vision.islands import _card_sized
    h = np.float64([[100, 0, 500], [0, 150, 400], [0, 0, 1]])

    def card_sized(quad: np.ndarray) -> bool:
        return _card_sized(quad, h, geometry.board_point(np.linalg.inv(h), quad))
    cell = geometry.quad_of(h, 2, 1)
    assert card_sized(cell)
    assert card_sized(geometry.scaled(cell, 1.15))
    assert not card_sized(geometry.scaled(cell, 0.7))
    assert not card_sized(cell[[0, 2, 1, 3]])              # not a convex outline
    wide = cell.copy()
    wide[[1, 2]] += (cell[1] - cell[0]) * 0.4                 # 1.4 times as wide, as long
    assert not card_sized(wide)


def test_a_path_card_three_cells_from_every_card_is_dropped():
    """The final answer keeps a card two cells from another (a part cut off past one missing card),
    not a path card three cells from every card; goals and the start stay wherever they lie."""
    import numpy as np

    from vision.board import Cell
    from vision.islands import without_strays

    def card(col: int, row: int, kind: str = "path") -> Cell:
        return Cell(col, row, kind, "NESW", False, "down" if kind == "goal" else None, 1.0, np.zeros((4, 2)))
    cells = [card(0, 0, "start"), card(1, 0), card(3, 2), card(-3, 5), card(8, 0, "goal"), card(9, 2),
             card(8, 5), card(4, -3)]
    kept = {(c.col, c.row) for c in without_strays(cells)}
    assert kept == {(0, 0), (1, 0), (3, 2), (8, 0), (9, 2)}


def test_a_card_on_the_discard_pile_far_from_the_maze_is_no_island(read_as_bench):
    """Renderer seed 1400081: a path card atop the discard pile beside an L-shaped maze, three
    cells from any card but within two of the found cards' bounding box, read at 1.00."""
    got, want = read_as_bench(1400081)
    assert (-3, 5) not in want
    assert (-3, 5) not in got
    assert got == want


def test_an_island_snapped_onto_its_tunnel_is_read_on_the_fit(read_as_bench):
    """Renderer seed 1400077: a dead end cut off from the maze (nothing beside it to stop its
    sides' snap) reads NE at 0.83 on its snapped outline, under the island bar; on the board's
    fit it reads NE at 0.99, and is kept. (On the phone's OpenCV 4.10 it is kept too, read NEW.)"""
    got, want = read_as_bench(1400077)
    assert want[(-2, -1)] == (-2, -1, "path", "NE", True)
    assert got.get((-2, -1), ())[:3] == want[(-2, -1)][:3]
    assert got[(-2, -1)][4] is True
