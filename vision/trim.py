"""Where a card meets the table: the sides of a card's outline moved onto the card-versus-table
mask's edge (a patterned tablecloth's lines can pull an outline off the card; the mask cannot)."""
import numpy as np


def trim_to_mask(mask_area: np.ndarray, margin: float, reach: float) -> tuple[float, float, float, float]:
    """Where the card ends on each side (N, E, S, W offsets, shares of the card's length/width,
    outward positive) in a rectified card-versus-table mask showing the card plus `margin` around
    it. A side whose outside is card too (a touching card) gets 0: no information."""
    pm = (mask_area > 127).astype(np.float32)
    hh, ww = pm.shape
    h, w = hh / (1 + 2 * margin), ww / (1 + 2 * margin)
    mh, mw = margin * h, margin * w
    rows = pm[int(mh + 0.2 * h):int(mh + 0.8 * h)].mean(axis=0)   # profile across x
    cols = pm[:, int(mw + 0.2 * w):int(mw + 0.8 * w)].mean(axis=1)  # profile across y
    return (_step(cols, mh, reach * h, -1) / h, _step(rows, mw + w, reach * w, 1) / w,
            _step(cols, mh + h, reach * h, 1) / h, _step(rows, mw, reach * w, -1) / w)


def _step(prof: np.ndarray, edge: float, reach: float, outward: int) -> float:
    """Offset from `edge` of the sharpest card-to-table step (inside high, outside low)."""
    k = 4
    c = np.concatenate([[0.0], np.cumsum(prof)])
    pos = np.arange(max(k, int(edge - reach)), min(len(prof) - k, int(edge + reach)) + 1)
    if len(pos) == 0:
        return 0.0
    before = (c[pos] - c[pos - k]) / k
    after = (c[pos + k] - c[pos]) / k
    inside, outside = (before, after) if outward > 0 else (after, before)
    gain = np.where((inside > 0.85) & (outside < 0.3), inside - outside, 0.0)
    i = int(np.argmax(gain))
    return float(pos[i] - edge) * outward if gain[i] > 0.55 else 0.0
