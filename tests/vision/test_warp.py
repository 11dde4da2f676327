"""Crops for the card reader come out the same on every OpenCV version (vision.warp): bilinear in
floating point, the border replicated. The suite runs on OpenCV 5.x and on the phone's 4.10,
whose own warpPerspective rounds source positions to 1/32 px (a grey level off in ~4 % of pixels)."""
import cv2
import numpy as np
import pytest

from vision import cellnet, warp

pytestmark = pytest.mark.vision


def _reference(img: np.ndarray, m: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Bilinear warp written out pixel by pixel in double precision, border replicated."""
    w, h = size
    inv = np.linalg.inv(m)
    out = np.zeros((h, w) + img.shape[2:], np.float64)
    f = img.astype(np.float64)
    rows, cols = img.shape[:2]
    for y in range(h):
        for x in range(w):
            sx, sy, sz = inv @ (x, y, 1.0)
            sx, sy = sx / sz, sy / sz
            x0, y0 = int(np.floor(sx)), int(np.floor(sy))
            ax, ay = sx - x0, sy - y0
            px = [min(max(v, 0), cols - 1) for v in (x0, x0 + 1)]
            py = [min(max(v, 0), rows - 1) for v in (y0, y0 + 1)]
            top = (1 - ax) * f[py[0], px[0]] + ax * f[py[0], px[1]]
            bottom = (1 - ax) * f[py[1], px[0]] + ax * f[py[1], px[1]]
            out[y, x] = (1 - ay) * top + ay * bottom
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def _picture() -> np.ndarray:
    """A smooth picture with sharp edges, like a card's print (noise would exaggerate rounding)."""
    rng = np.random.default_rng(3)
    img = cv2.resize(rng.integers(0, 256, (12, 16, 3), dtype=np.uint8), (160, 120), interpolation=cv2.INTER_CUBIC)
    cv2.rectangle(img, (40, 30), (90, 100), (250, 245, 240), -1)
    cv2.line(img, (0, 60), (160, 70), (20, 30, 40), 3)
    return img


# slanted outlines (NW NE SE SW, px): inside the picture, and one reaching over its border
QUADS = [np.array([[30.4, 20.7], [70.2, 24.9], [66.8, 85.3], [27.1, 80.6]]),
         np.array([[100.3, 50.2], [158.7, 47.5], [171.9, 131.4], [96.2, 118.8]])]


def test_the_readers_crops_are_bilinear_in_floating_point():
    img = _picture()
    dst = np.float32([[0, 0], [cellnet.CROP_W, 0], [cellnet.CROP_W, cellnet.CROP_H], [0, cellnet.CROP_H]])
    for quad, got in zip(QUADS, cellnet.crops(img, QUADS)):
        m = cv2.getPerspectiveTransform(np.float32(cellnet.outer_quad(quad)), dst)
        want = _reference(img, m, (cellnet.CROP_W, cellnet.CROP_H))
        diff = np.abs(got.astype(int) - want)
        assert diff.max() <= 1 and np.mean(diff > 0) < 0.002   # last-bit rounding at most


def test_own_bilinear_matches_the_reference_whatever_opencv_does():
    img = _picture()
    dst = np.float32([[0, 0], [30, 0], [30, 44], [0, 44]])
    ms = [cv2.getPerspectiveTransform(np.float32(q), dst) for q in QUADS]
    for m, got in zip(ms, warp.bilinear(img, ms, (30, 44))):
        diff = np.abs(got.astype(int) - _reference(img, m, (30, 44)))
        assert diff.max() <= 1 and np.mean(diff > 0) < 0.002
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert warp.bilinear(grey, ms, (30, 44)).shape == (2, 44, 30)
