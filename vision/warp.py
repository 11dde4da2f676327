"""Perspective crops that come out the same on every OpenCV the scanner runs on.

OpenCV 4.10 (the phone build) interpolates warpPerspective in fixed point: source positions are
rounded to 1/32 px. OpenCV 4.11 and later interpolate in floating point. The same outline gives
crops a grey level apart in about one pixel in 25, and that is enough to turn some of the card
reader's readings (on the benchmark 4.10 read 3 boards and 6 cells fewer than 5.1; with crops
made as here, 2 boards and 1 cell). The reader was trained and the scanner tuned on
floating-point crops, so where cv2's warp is not (found by trying it once), crops are made here:
source positions in double precision, the four neighbours of each fetched by cv2.remap (nearest
neighbour, exact at whole pixels, the same on every version), blended in float32 and rounded as
OpenCV rounds. It costs the phone build about 6 % more time per photo (a crop takes 3-4 times
cv2's warp).
"""
import functools

import cv2
import numpy as np

CHUNK = 12    # crops per pass: its arrays stay in the processor's cache (and remap's maps under 32767 rows)


def warp_crops(img: np.ndarray, ms: list[np.ndarray], size: tuple[int, int]) -> np.ndarray:
    """N x h x w (x channels) uint8: img under each forward perspective map (image -> crop) of
    `ms`, bilinear, the border replicated; size is (w, h)."""
    if not ms:
        return np.zeros((0, size[1], size[0]) + img.shape[2:], np.uint8)
    if cv2_warp_is_float():
        return np.stack([cv2.warpPerspective(img, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
                         for m in ms])
    return np.concatenate([bilinear(img, ms[i:i + CHUNK], size) for i in range(0, len(ms), CHUNK)])


def bilinear(img: np.ndarray, ms: list[np.ndarray], size: tuple[int, int]) -> np.ndarray:
    """warp_crops in floating point, whatever cv2's warp does (see the module's docstring)."""
    w, h = size
    n = len(ms)
    src = np.linalg.inv(np.asarray(ms, np.float64)) @ _grid(w, h)          # n x 3 x (h w)
    sx, sy = (src[:, :2] / src[:, 2:]).reshape(n, 2, h, w).transpose(1, 0, 2, 3).reshape(2, n * h, w)
    x0, y0 = np.floor(sx), np.floor(sy)
    fx, fy = (sx - x0).astype(np.float32), (sy - y0).astype(np.float32)
    x0, y0 = x0.astype(np.float32), y0.astype(np.float32)
    both = np.concatenate([x0, x0 + 1], axis=1)   # a row's left and right neighbours side by side
    top, bottom = (cv2.remap(img, both, np.concatenate([y, y], axis=1), cv2.INTER_NEAREST,
                             borderMode=cv2.BORDER_REPLICATE).astype(np.float32) for y in (y0, y0 + 1))
    if img.ndim == 3:
        fx, fy = cv2.merge([fx] * img.shape[2]), cv2.merge([fy] * img.shape[2])
    upper = cv2.add(top[:, :w], cv2.multiply(fx, cv2.subtract(top[:, w:], top[:, :w])))
    lower = cv2.add(bottom[:, :w], cv2.multiply(fx, cv2.subtract(bottom[:, w:], bottom[:, :w])))
    out = np.rint(cv2.add(upper, cv2.multiply(fy, cv2.subtract(lower, upper)))).clip(0, 255).astype(np.uint8)
    return out.reshape((n, h, w) + img.shape[2:])


@functools.lru_cache(maxsize=4)
def _grid(w: int, h: int) -> np.ndarray:
    """The crop's pixel positions as homogeneous columns (3 x h w), row by row."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    return np.stack([xs.ravel(), ys.ravel(), np.ones(h * w)])


@functools.lru_cache(maxsize=1)
def cv2_warp_is_float() -> bool:
    """Whether this OpenCV's warpPerspective interpolates in floating point: tried once on a
    random picture under a slanted map, against `bilinear` (on such noise 4.10's fixed point
    differs in most pixels, 5.1's floating point in none or a last-bit rounding)."""
    img = np.random.default_rng(7).integers(0, 256, (64, 64, 3), dtype=np.uint8)
    m = cv2.getPerspectiveTransform(np.float32([[3.3, 5.1], [58.7, 2.9], [61.2, 60.4], [1.9, 57.6]]),
                                    np.float32([[0, 0], [40, 0], [40, 60], [0, 60]]))
    ours = bilinear(img, [m], (40, 60))[0]
    theirs = cv2.warpPerspective(img, m, (40, 60), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return float(np.mean(ours != theirs)) < 0.003
