"""Cells beside the start that the walk passed over are read again from the cards around them."""
import pytest

from vision import scan
from vision.bench import key
from vision.render import render_scene
from vision.render.cli import jpeg_bytes

pytestmark = pytest.mark.vision


def test_the_cards_beside_a_start_posed_off_its_card_are_read():
    """Renderer seed 1200051 at 4 MP: the start's outline reads the cards above and below it
    across the gaps as no card, and the later passes skip them; predicted by the sure cards
    beside them, both are read (on OpenCV 5.1 the walk alone missed them)."""
    img, truth = render_scene(1200051, mp=4)
    result = scan(jpeg_bytes(img, 93))
    assert result.ok, result.error
    assert sorted(map(key, result.to_dict()["cards"])) == sorted(map(key, truth["cards"]))
