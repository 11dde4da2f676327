"""Whole boards read from (downscaled copies of) the shared sample photos, compared with their truth."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import scan

pytestmark = pytest.mark.vision

SHARED = Path(__file__).parents[2].parent / "shared" / "vision-samples"


def _key(card: dict) -> tuple:
    if card["kind"] == "goal":
        return (card["col"], card["row"], "goal", card.get("face"))
    return (card["col"], card["row"], card["kind"], card["openings"], bool(card["dead_end"]))


def _scaled(name: str, side: int) -> tuple[np.ndarray, dict]:
    img = cv2.imread(str(SHARED / f"{name}.jpg"))
    s = side / max(img.shape[:2])
    return cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_AREA), json.loads((SHARED / f"{name}.json").read_text())


@pytest.mark.parametrize("name", ["0004", "0008"])
def test_every_card_of_a_sample_board_is_read(name):
    img, truth = _scaled(name, 1600)
    result = scan(img)
    assert result.ok, result.error
    assert sorted(map(_key, result.cards)) == sorted(map(_key, truth["cards"]))


def test_corners_are_reported_in_photo_pixels():
    img, truth = _scaled("0008", 1600)
    k = 1600 / max(truth["image"]["w"], truth["image"]["h"])
    result = scan(img)
    want = {(c["col"], c["row"]): np.mean(c["corners"], axis=0) * k for c in truth["cards"]}
    for card in result.cards:
        size = np.linalg.norm(np.subtract(card["corners"][1], card["corners"][0]))
        assert np.linalg.norm(np.mean(card["corners"], axis=0) - want[(card["col"], card["row"])]) < 0.25 * size


def test_a_photo_without_the_start_card_is_refused():
    img, _ = _scaled("0010", 1600)
    result = scan(img).to_dict()
    assert result == {"ok": False, "error": result["error"]} and "start card" in result["error"]


def test_the_reading_does_not_depend_on_the_side_the_photo_was_taken_from():
    img, truth = _scaled("0008", 1600)
    want = sorted(map(_key, truth["cards"]))
    for turn in (cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180):
        result = scan(cv2.rotate(img, turn))
        assert result.ok and sorted(map(_key, result.cards)) == want
