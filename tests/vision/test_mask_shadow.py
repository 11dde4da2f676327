"""The card mask keeps a deep shadow on the cloth as table, but not the dark spots of a card
whose stone has the cloth's colour when dark."""
import cv2
import numpy as np
import pytest

from vision.mask import card_mask
from vision.settings import MaskSettings

pytestmark = pytest.mark.vision

CLOTH = np.array([20, 75, 10], np.float32)    # BGR: a dark green baize, as a dim photo shows it


def _table(rng: np.random.Generator) -> np.ndarray:
    img = CLOTH + rng.normal(0, 3, (600, 800, 3)).astype(np.float32)
    # a card: pale stone mottled with dark patches of the cloth's hue (two fifths of it, up to its edge:
    # an enclosed hole would be filled anyway), a near-white tunnel
    card = img[200:360, 300:404]
    card[:] = (150, 140, 130)
    field = cv2.GaussianBlur(rng.normal(0, 1, card.shape[:2]).astype(np.float32), (0, 0), 4)
    card[field > np.percentile(field, 60)] = (8, 30, 4)
    card[:, 40:64] = (235, 235, 230)
    return img


def _shadowed(img: np.ndarray, dark: float) -> np.ndarray:
    """A hand's soft shadow, `dark` of the light left in its core, over the cloth's left half."""
    shade = np.ones(img.shape[:2], np.float32)
    cv2.ellipse(shade, (160, 420), (140, 110), 0, 0, 360, dark, -1)
    shade = cv2.GaussianBlur(shade, (0, 0), 12)
    return np.clip(img * shade[..., None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("dark", [0.5, 0.3])
def test_a_deep_shadow_on_the_cloth_stays_table(dark):
    img = _shadowed(_table(np.random.default_rng(1)), dark)
    mask = card_mask(img, MaskSettings())
    core = mask[380:460, 110:210]                 # the shadow's core
    assert np.count_nonzero(core) < 0.02 * core.size


def test_the_card_and_its_dark_spots_stay_card():
    img = _shadowed(_table(np.random.default_rng(2)), 0.3)
    mask = card_mask(img, MaskSettings())
    card = mask[205:355, 305:399]
    assert np.count_nonzero(card) == card.size
    assert np.count_nonzero(mask[:150]) == 0         # lit cloth


def test_no_shadow_rule_without_enough_lit_cloth():
    """A dark cloth with a lit strip too thin to learn its colours from: a darker patch of the
    cloth's hue (a card's dark back) stays what the plain mask says."""
    rng = np.random.default_rng(3)
    img = np.array([12, 45, 6], np.float32) + rng.normal(0, 1.5, (600, 800, 3)).astype(np.float32)
    img[:4] = CLOTH                                   # the only lit cloth: a strip along the top
    img[250:400, 300:400] = (6, 22, 3)                # a dark patch of the cloth's hue
    mask = card_mask(np.clip(img, 0, 255).astype(np.uint8), MaskSettings())
    patch = mask[255:395, 305:395]
    assert np.count_nonzero(patch) == patch.size
