"""Card-versus-table mask from colour spread: the table's colours are everywhere, cards' are not.

Chromaticity only (r, g of normalised RGB), so soft shadows, which darken the table without
changing its colour, stay table. No colour is hard-coded: the table is learned per photo.
"""
import cv2
import numpy as np

from .settings import MaskSettings


def chroma_index(img: np.ndarray, bins: int) -> np.ndarray:
    """Per-pixel bin of normalised (r, g) chromaticity."""
    f = cv2.GaussianBlur(img, (5, 5), 0).astype(np.float32) + 8.0
    total = f.sum(axis=2)
    r = np.clip((f[..., 2] / total * bins * 1.5).astype(np.int32), 0, bins - 1)
    g = np.clip((f[..., 1] / total * bins * 1.5).astype(np.int32), 0, bins - 1)
    return r * bins + g


def table_bins(idx: np.ndarray, n_bins: int, settings: MaskSettings) -> np.ndarray:
    """Bins present in a large share of image tiles: the table (cards cover only a few tiles)."""
    h, w = idx.shape
    t = settings.tiles
    spread = np.zeros(n_bins)
    for i in range(t):
        for j in range(t):
            tile = idx[i * h // t:(i + 1) * h // t, j * w // t:(j + 1) * w // t]
            spread += np.bincount(tile.ravel(), minlength=n_bins) > settings.min_share * tile.size
    return spread >= settings.spread * t * t


def card_mask(img: np.ndarray, settings: MaskSettings) -> np.ndarray:
    """uint8 mask (255 = card print) with specks removed and holes inside cards filled."""
    n = settings.bins
    idx = chroma_index(img, n)
    table = table_bins(idx, n * n, settings)
    mask = np.where(table[idx], 0, 255).astype(np.uint8)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, k)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7)))
    return fill_holes(mask)


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """Fill enclosed holes (tunnels coloured like the table, glare spots)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(mask)
    cv2.drawContours(out, contours, -1, 255, thickness=cv2.FILLED)
    return out
