"""An unsure card where the photo shows no tunnel is table, measured against the photo's clear cards."""
import numpy as np
import pytest

from vision.plain import plain_cards

pytestmark = pytest.mark.vision


def _quad(x: float, y: float, w: float = 60, h: float = 90) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)


@pytest.fixture
def table() -> np.ndarray:
    """Green table; four cards with a bright tunnel down the middle, one empty spot of table."""
    rng = np.random.default_rng(0)
    img = np.full((200, 500, 3), (60, 140, 70), np.uint8)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    for x in (20, 100, 180, 260):
        img[60:150, x:x + 60] = (70, 150, 80)
        img[60:150, x + 22:x + 38] = (235, 235, 235)
    return img


def test_an_unsure_card_on_plain_table_is_found_plain(table):
    quads = [_quad(x, 60) for x in (20, 100, 180, 260, 380)]
    sure = [True, True, True, False, False]
    assert plain_cards(table, quads, sure, 0.35) == [False, False, False, False, True]


def test_a_sure_reading_is_never_overruled(table):
    quads = [_quad(x, 60) for x in (20, 100, 180, 380)]
    assert plain_cards(table, quads, [True] * 4, 0.35) == [False] * 4


def test_without_three_clear_cards_to_compare_nothing_is_plain(table):
    quads = [_quad(x, 60) for x in (20, 100, 380)]
    assert plain_cards(table, quads, [True, True, False], 0.35) == [False] * 3
