"""Faster ways to the same numbers: the blur gate's order statistic and the mask's chromaticity
bins must equal the plain numpy they replaced, value for value (ties and edge ranks included)."""
import cv2
import numpy as np
import pytest

from vision.mask import chroma_index
from vision.scan import kth_smallest

pytestmark = pytest.mark.vision


@pytest.mark.parametrize("n", [1, 2, 31, 500, 120_000])
def test_kth_smallest_is_partitions(n):
    rng = np.random.default_rng(n)
    for trial in range(20):
        a = rng.normal(size=n).astype(np.float32)
        if trial % 3 == 0:
            a = np.round(a * 2)          # many ties
        if trial % 5 == 0:
            a[: n // 2] = a.max()        # half the values at the top
        for k in {0, n - 1, int(0.997 * (n - 1)), int(rng.integers(0, n))}:
            assert kth_smallest(a, k) == np.partition(a, k)[k]


def _chroma_plain(img: np.ndarray, bins: int) -> np.ndarray:
    """chroma_index as first written: the sum over the channels of the whole image."""
    f = cv2.GaussianBlur(img, (5, 5), 0).astype(np.float32) + 8.0
    total = f.sum(axis=2)
    r = np.clip((f[..., 2] / total * bins * 1.5).astype(np.int32), 0, bins - 1)
    g = np.clip((f[..., 1] / total * bins * 1.5).astype(np.int32), 0, bins - 1)
    return r * bins + g


def test_chroma_index_bins_as_before():
    rng = np.random.default_rng(7)
    img = rng.integers(0, 256, (97, 131, 3), dtype=np.uint8)
    img[:40] //= 9                       # dark pixels: the +8 matters there
    assert np.array_equal(chroma_index(img, 24), _chroma_plain(img, 24))
