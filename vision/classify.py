"""Read one rectified card: is it path-card print, which edges open, are the openings joined.

Tunnel versus stone is learned per photo from the start card (its arms are tunnel, its corners
stone) and then judged per card along that colour axis, so any print run or lighting works.
"""
from dataclasses import dataclass

import cv2
import numpy as np

from .settings import CellSettings

SIDES = "NESW"


@dataclass(frozen=True)
class Palette:
    """Tunnel and stone colours of this photo's path cards (Lab), with their spreads."""

    tunnel: np.ndarray
    stone: np.ndarray
    spread: float

    def along(self, lab: np.ndarray) -> np.ndarray:
        """0 at stone, 1 at tunnel, for every pixel."""
        axis = self.tunnel - self.stone
        return ((lab - self.stone) @ axis) / float(axis @ axis)

    def fit(self, lab: np.ndarray) -> np.ndarray:
        """Distance of each pixel from the tunnel-stone segment, in units of the contrast."""
        t = np.clip(self.along(lab), 0, 1)[..., None]
        nearest = self.stone + t * (self.tunnel - self.stone)
        d = lab - nearest
        d[..., 0] *= 0.7                       # lightness varies with shade more than colour does
        return np.linalg.norm(d, axis=-1) / (np.linalg.norm(self.tunnel - self.stone) + 1e-6)


def to_lab(card: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(card, cv2.COLOR_BGR2Lab).astype(np.float32)


def learn_palette(start_card: np.ndarray) -> Palette:
    """Tunnel from the start card's four arms (beside the ladder), stone from its four corners."""
    lab = to_lab(start_card)
    h, w = lab.shape[:2]
    arms = [lab[int(0.05 * h):int(0.16 * h), int(0.42 * w):int(0.58 * w)],
            lab[int(0.84 * h):int(0.95 * h), int(0.42 * w):int(0.58 * w)],
            lab[int(0.44 * h):int(0.56 * h), int(0.05 * w):int(0.2 * w)],
            lab[int(0.44 * h):int(0.56 * h), int(0.8 * w):int(0.95 * w)]]
    corners = [lab[int(a * h):int(b * h), int(c * w):int(d * w)]
               for a, b in ((0.06, 0.28), (0.72, 0.94)) for c, d in ((0.06, 0.3), (0.7, 0.94))]
    t = np.median(np.concatenate([a.reshape(-1, 3) for a in arms]), axis=0)
    s = np.median(np.concatenate([c.reshape(-1, 3) for c in corners]), axis=0)
    spread = float(np.mean([np.linalg.norm(a.reshape(-1, 3).mean(0) - t) for a in arms]))
    return Palette(t, s, spread)


def print_share(lab: np.ndarray, palette: Palette) -> float:
    """Share of the card's inner area that looks like this photo's path-card print."""
    h, w = lab.shape[:2]
    inner = lab[int(0.08 * h):int(0.92 * h), int(0.08 * w):int(0.92 * w)]
    return float(np.mean(palette.fit(inner) < 0.3))


def two_tone(lab: np.ndarray, palette: Palette) -> bool:
    """Both tunnel and stone are present, as on every path card."""
    t = palette.along(lab)
    return bool(np.mean(t > 0.6) > 0.08 and np.mean(t < 0.4) > 0.25)


def tunnel_mask(lab: np.ndarray, palette: Palette) -> np.ndarray:
    """Tunnel pixels: over the card's own midpoint between its stone and tunnel levels."""
    t = cv2.GaussianBlur(palette.along(lab), (3, 3), 0)
    lo, hi = np.percentile(t, 20), np.percentile(t, 97)
    thr = 0.5 if hi - lo < 0.4 else float(np.clip((lo + hi) / 2, 0.3, 0.7))
    return (t > thr).astype(np.uint8)


def _windows(h: int, w: int, s: CellSettings) -> dict[str, tuple[slice, slice, list]]:
    """Mouth window per side and its two flanks, as (rows, cols) slices."""
    half = s.mouth * w / 2
    d0, d1 = int(0.03 * h), int(0.12 * h)
    e0, e1 = int(0.04 * w), int(0.17 * w)
    cx, cy = w / 2, h / 2
    mid_x = slice(int(cx - half * 0.8), int(cx + half * 0.8))
    mid_y = slice(int(cy - half * 0.8), int(cy + half * 0.8))
    fl_x = [slice(int(0.06 * w), int(0.24 * w)), slice(int(0.76 * w), int(0.94 * w))]
    fl_y = [slice(int(0.08 * h), int(0.3 * h)), slice(int(0.7 * h), int(0.92 * h))]
    return {"N": (slice(d0, d1), mid_x, [(slice(d0, d1), f) for f in fl_x]),
            "S": (slice(h - d1, h - d0), mid_x, [(slice(h - d1, h - d0), f) for f in fl_x]),
            "W": (mid_y, slice(e0, e1), [(f, slice(e0, e1)) for f in fl_y]),
            "E": (mid_y, slice(w - e1, w - e0), [(f, slice(w - e1, w - e0)) for f in fl_y])}


@dataclass(frozen=True)
class Reading:
    openings: str
    dead_end: bool
    confidence: float


def read_path(lab: np.ndarray, palette: Palette, s: CellSettings) -> Reading:
    """Openings (mouth windows full of tunnel, flanks not) and whether they join inside the card."""
    mask = tunnel_mask(lab, palette)
    h, w = mask.shape
    openings, margins = "", []
    for side, (ry, rx, flanks) in _windows(h, w, s).items():
        mouth = float(mask[ry, rx].mean())
        flank = max(float(mask[fy, fx].mean()) for fy, fx in flanks)
        score = mouth - 0.5 * flank
        if score > 0.45:
            openings += side
        margins.append(abs(score - 0.45))
    openings = "".join(c for c in SIDES if c in openings)
    dead_end, joined_margin = _dead_end(mask, openings, s)
    conf = float(np.clip(min(margins) / 0.3, 0, 1)) * joined_margin
    return Reading(openings, dead_end, conf)


def _dead_end(mask: np.ndarray, openings: str, s: CellSettings) -> tuple[bool, float]:
    """A card is a dead end unless one tunnel region reaches every opening (and there are two+)."""
    if len(openings) < 2:
        return True, 1.0
    h, w = mask.shape
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    n, labels = cv2.connectedComponents(closed)
    seen = set()
    for side, (ry, rx, _) in _windows(h, w, s).items():
        if side in openings:
            ids, counts = np.unique(labels[ry, rx], return_counts=True)
            ids, counts = ids[ids > 0], counts[ids > 0]
            if len(ids) == 0:
                return True, 0.5
            seen.add(int(ids[np.argmax(counts)]))
    return len(seen) > 1, 1.0
