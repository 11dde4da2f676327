"""Goals merged into a bigger blob are found as copies of the one goal that lies apart."""
import cv2
import numpy as np
import pytest

from vision.goal_copies import copy_columns
from vision.goals import find_blobs
from vision.settings import GoalSettings

pytestmark = pytest.mark.vision

W, L = 40, 62           # card sides in px
PITCH = int(2.06 * L)   # two rows apart


def _back() -> np.ndarray:
    """A goal back: a coloured card with a diamond on it (the same picture on every goal)."""
    card = np.full((L, W, 3), (40, 90, 160), np.uint8)
    pts = np.array([[W // 2, 6], [W - 6, L // 2], [W // 2, L - 6], [6, L // 2]], np.int32)
    cv2.polylines(card, [pts], True, (120, 200, 230), 3)
    return card


def _table(goal_ys: list[int], x: int, merged: bool) -> tuple[np.ndarray, np.ndarray]:
    img = np.full((600, 500, 3), (170, 150, 140), np.uint8)
    mask = np.zeros(img.shape[:2], np.uint8)
    back = _back()
    if merged:   # a maze of grey cards touching the two lower goals
        cv2.rectangle(img, (x + W // 2, goal_ys[1] - L), (x + W // 2 + 200, goal_ys[2] + L), (200, 200, 200), -1)
        cv2.rectangle(mask, (x - W // 2, goal_ys[1] - L // 2), (x + W // 2 + 200, goal_ys[2] + L), 255, -1)
    for y in goal_ys:
        img[y - L // 2:y + L // 2, x - W // 2:x + W // 2] = back
        mask[y - L // 2:y + L // 2, x - W // 2:x + W // 2] = 255
    return img, mask


def test_two_goals_inside_the_maze_blob_are_found_from_the_one_apart():
    ys = [100, 100 + PITCH, 100 + 2 * PITCH]
    img, mask = _table(ys, 150, merged=True)
    blobs = find_blobs(img, mask, GoalSettings())
    columns = copy_columns(img, blobs)
    assert columns
    centres = sorted(columns[0].centres.tolist(), key=lambda c: c[1])   # either end may come first
    for y, c in zip(ys, centres):
        assert np.linalg.norm(np.subtract(c, (150, y))) < 0.2 * L


def test_a_lone_card_without_copies_makes_no_column():
    img, mask = _table([100], 150, merged=False)
    assert copy_columns(img, find_blobs(img, mask, GoalSettings())) == []
