"""A sure card the walk's first pass found and its last pass lost comes back, where it still fits."""
from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import geometry
from vision.board import _restored
from vision.cells import Cell, Surface

pytestmark = pytest.mark.vision

H = np.array([[60.0, 0.0, 400.0], [0.0, 90.0, 400.0], [0.0, 0.0, 1.0]])   # board -> fine pixels


def card(col: float, row: float, conf: float = 1.0, at: tuple[float, float] | None = None) -> Cell:
    """A path card labelled (col, row) whose outline lies at `at` (its own cell unless given)."""
    quad = geometry.quad_of(H, *(at or (col, row)))
    return Cell(int(col), int(row), "path", "EW", False, None, conf, quad)


def surface() -> Surface:
    mask = np.full((900, 1000), 255, np.uint8)
    x, y = 400 + 60 * 3, 400 + 90 * 2            # the mask calls cell (3, 2) table
    mask[y - 45:y + 45, x - 30:x + 30] = 0
    return Surface(np.zeros((900, 1000, 3), np.uint8), None, mask, 1.0)


def test_only_sure_cards_still_on_their_cell_on_card_and_free_come_back():
    last = {(0, 0): Cell(0, 0, "start", "NESW", False, None, 1.0, geometry.quad_of(H, 0, 0)),
            (1, 0): card(1, 0, 0.95, at=(1, 0.45)),   # read again on an outline a little off
            (4, 1): card(4, 1, 0.96, at=(4, 0.05))}   # labelled a cell over: its outline lies on (4, 0)
    first = {(1, 0): card(1, 0, 0.99, at=(1.1, 0)),   # read again in the last pass: the last reading stays
             (2, 0): card(2, 0, 0.97),                 # sure, on its cell: comes back
             (-1, 0): card(-1, 0, 0.7),                # unsure: stays out
             (0, 1): card(0, 1, 1.0, at=(0, 1.48)),    # nearly half a cell off under the last fit: out
             (3, 2): card(3, 2, 1.0),                  # where the mask sees table: out
             (4, 0): card(4, 0, 1.0)}                  # free cell, but a card found since lies on it: out
    out = _restored(surface(), last, first, H)
    assert set(out) == {(0, 0), (1, 0), (4, 1), (2, 0)}
    assert out[(1, 0)].confidence == 0.95
    assert out[(2, 0)].restored and not out[(1, 0)].restored


def test_a_card_beside_an_outline_stretched_toward_it_still_comes_back():
    """600000 #0048: the last pass read (0,2) on an outline stretched half a card toward (-1,2),
    which it lost; the sure first-pass card there was kept out as if a card lay on it (centres
    closer than 0.6 of that stretched outline's width). A card lies on another only where either
    outline holds the other's middle."""
    stretched = cv2.perspectiveTransform(np.float32([[[2.1, -0.49], [3.6, -0.49], [3.6, 0.49], [2.1, 0.49]]]), H)[0]
    last = {(0, 0): Cell(0, 0, "start", "NESW", False, None, 1.0, geometry.quad_of(H, 0, 0)),
            (3, 0): Cell(3, 0, "path", "EW", False, None, 0.99, stretched.astype(np.float64))}
    first = {(2, 0): card(2, 0, 1.0)}
    out = _restored(surface(), last, first, H)
    assert set(out) == {(0, 0), (3, 0), (2, 0)}



def test_an_untrusted_mask_keeps_a_card_out_only_where_it_sees_the_others():
    """A mask is not trusted when it misses the start. Where it still sees the cards it was found
    by, a window it calls bare is the cloth (700000 #0025: a pink cloth's patch read SW at 0.90 in
    the first pass); where it misses them all (424242 #0085 at 2 MP: the cards' colours are the
    table's), it cannot tell, and seven sure cards stayed out as table."""
    start = {(0, 0): Cell(0, 0, "start", "NESW", False, None, 1.0, geometry.quad_of(H, 0, 0)),
             (1, 0): card(1, 0)}
    first = {(3, 2): card(3, 2, 1.0)}                  # where the mask sees table
    sees_cards = replace(surface(), mask_trusted=False)
    assert set(_restored(sees_cards, start, first, H)) == {(0, 0), (1, 0)}
    blind = replace(sees_cards, mask=np.zeros_like(sees_cards.mask))
    assert set(_restored(blind, start, first, H)) == {(0, 0), (1, 0), (3, 2)}


def test_a_card_under_a_fit_bent_by_a_goal_comes_back(read_as_bench):
    """Renderer seed 1600020 (0.8 MP, steep): a goal's outline a third of a card off bent the final
    fit, which put the sure first-pass card at (0, -2) 0.44 of a cell from its own."""
    got, want = read_as_bench(1600020)
    assert got == want


def test_cards_in_the_clothes_colours_come_back_and_a_patch_of_cloth_does_not(read_as_bench):
    """424242 #0085 at 2 MP and 700000 #0025 (see above) as the bench reads them."""
    for seed, options in ((424327, {"mp": 2.0}), (700025, {})):
        got, want = read_as_bench(seed, **options)
        assert got == want, seed
