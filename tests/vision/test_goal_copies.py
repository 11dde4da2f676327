"""Goals merged into a bigger blob are found as copies of the one goal that lies apart."""
import cv2
import numpy as np
import pytest

from vision.goal_copies import _axes, copy_columns
from vision.goals import Blob, find_blobs
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


@pytest.mark.parametrize("turn", [-80, -50, -10, 0, 30, 60, 85, 90])
def test_a_blob_long_axis_comes_out_the_same_way_on_every_opencv(turn):
    """OpenCV 4.10 (the phone's) and 5.x report a rotated box's angle in different ranges, so the
    long axis came out turned 180 degrees on one of them, the copies' strip with it, and a match
    at the threshold went one way on 5.1 and the other on 4.10 (main #0093, #0110, #0129). The axis
    is folded into one half-turn: pointing right (or straight up), whatever the version."""
    img = np.zeros((300, 300), np.uint8)
    box = cv2.boxPoints(((150.0, 150.0), (float(L), float(W)), float(turn))).astype(np.int32)
    cv2.fillPoly(img, [box], 255)
    contour = max(cv2.findContours(img, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)
    blob = Blob(np.array([150.0, 150.0]), float(cv2.contourArea(contour)), float(L), np.zeros(3), contour)
    u, long_side, short_side = _axes(blob)
    a = np.degrees(np.arctan2(u[1], u[0]))
    assert -90.0 - 1e-6 <= a < 90.0 + 1e-6
    assert abs(((a - turn) + 90.0) % 180.0 - 90.0) < 3.0          # along the card's long side
    assert long_side > short_side
