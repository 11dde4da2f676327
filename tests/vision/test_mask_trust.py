"""The walk lets the card mask veto cells only where the mask can be trusted around the start."""
import cv2
import numpy as np
import pytest

from vision import scan
from vision.bench import key
from vision.cells import Surface, trusting
from vision.fit import Gradients
from vision.render import render_scene
from vision.render.cli import jpeg_bytes
from vision.settings import GridSettings

pytestmark = pytest.mark.vision

MIN_MASK = GridSettings().min_mask


def _card(img: np.ndarray, x: int, y: int) -> None:
    """A grey card 60 x 90 with a white tunnel down its middle."""
    img[y:y + 90, x:x + 60] = (128, 128, 132)
    img[y:y + 90, x + 22:x + 38] = (235, 235, 235)


def test_a_mask_blind_to_a_sure_card_beside_the_start_is_not_trusted():
    """The same mask (card only over the start) is trusted when the cells beside the start are
    bare cloth, and not when the reader is sure of a card beside it that the mask calls cloth."""
    img = np.full((300, 400, 3), (60, 140, 70), np.uint8)
    _card(img, 170, 100)
    mask = np.zeros(img.shape[:2], np.uint8)
    mask[100:190, 170:230] = 255
    start = np.float64([[170, 100], [230, 100], [230, 190], [170, 190]])
    grads = Gradients.of(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    assert trusting(Surface(img, grads, mask, 1.0), start, MIN_MASK).mask_trusted
    beside = img.copy()   # a new image: the reader's crops are kept per image
    _card(beside, 170, 190)
    grads = Gradients.of(cv2.cvtColor(beside, cv2.COLOR_BGR2GRAY))
    assert not trusting(Surface(beside, grads, mask, 1.0), start, MIN_MASK).mask_trusted


def test_cards_the_mask_sees_only_by_their_outlines_are_read():
    """Renderer seed 1200061 at 4 MP: grey stone cards on a mottled green cloth whose dark shades
    read grey. The chromaticity mask keeps the cards' outlines and fills the holes round the
    start only, so it covers the start; trusted, it vetoed 19 cards it called bare cloth."""
    img, truth = render_scene(1200061, mp=4)
    result = scan(jpeg_bytes(img, 93))
    assert result.ok, result.error
    assert sorted(map(key, result.to_dict()["cards"])) == sorted(map(key, truth["cards"]))
