"""Is this card the start? A cross (four arms alike, four corners alike) with a ladder in the
middle: a patch of colour that is neither tunnel nor stone, with evenly spaced rungs.

Nothing here knows what colour a ladder is: "odd" means far from this card's own tunnel and stone.
"""
from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import axes

RECT_W, RECT_L = 64, 100


def rectify(img: np.ndarray, quad: np.ndarray, size: tuple[int, int] = (RECT_W, RECT_L)) -> np.ndarray:
    """Warp the quad (NW, NE, SE, SW order, image px) to an upright card image."""
    w, h = size
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(np.float32(quad), dst)
    return cv2.warpPerspective(img, m, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


@dataclass(frozen=True)
class StartEvidence:
    cross: float      # 1: arms alike and unlike the corners; <= 0: not a cross
    odd: float        # share of the centre that is neither tunnel nor stone
    rungs: float      # regularity of the odd patch along its long axis
    busy: float = 0.0  # share of the crossing (pure tunnel on a plain cross) unlike tunnel and stone

    @property
    def score(self) -> float:
        if self.cross < 0.25:
            return 0.0
        return min(self.cross, 0.6) / 0.6 * (self.rungs + 2 * min(self.busy, 0.4))


def _regularity(profile: np.ndarray, lo: float, hi: float) -> float:
    """Evenly spaced peaks: autocorrelation at the best lag P in [lo, hi] minus that at P/2."""
    p = profile.astype(np.float64)
    p = p - np.convolve(p, np.ones(15) / 15, "same")
    p = p[7:-7]
    if len(p) < 3 * hi or p.std() < 1e-6:
        return 0.0
    p = (p - p.mean()) / p.std()
    n = len(p)
    full = np.correlate(p, p, "full")[n - 1:] / np.maximum(n - np.arange(n), 1)   # mean product per lag
    lags = np.arange(lo, hi + 0.5, 0.5)
    k1 = np.rint(lags).astype(int)
    k2 = np.rint(lags / 2).astype(int)
    ok = (k1 > 0) & (k1 < n)
    ac1 = np.where(ok, full[np.clip(k1, 0, n - 1)], 0.0)
    ac2 = np.where((k2 > 0) & (k2 < n), full[np.clip(k2, 0, n - 1)], 0.0)
    return float(np.max(ac1 - ac2))


# the four arms' mouths (N, S, W, E), then the four corners: (top, bottom, left, right) in shares of the card
ARMS = ((0.04, 0.16, 0.42, 0.58), (0.84, 0.96, 0.42, 0.58), (0.44, 0.56, 0.04, 0.2), (0.44, 0.56, 0.8, 0.96))
CORNERS = tuple((a, b, c, d) for a, b in ((0.05, 0.25), (0.75, 0.95)) for c, d in ((0.05, 0.28), (0.72, 0.95)))


def _arms_and_corners(lab: np.ndarray, robust: bool = True) -> tuple[list, list]:
    h, w = lab.shape[:2]
    arms, corners = ([lab[int(a * h):int(b * h), int(c * w):int(d * w)] for a, b, c, d in regions]
                     for regions in (ARMS, CORNERS))
    stat = (lambda x: np.median(x.reshape(-1, 3), axis=0)) if robust else (lambda x: x.reshape(-1, 3).mean(axis=0))
    return [stat(a) for a in arms], [stat(c) for c in corners]


def evidence(card: np.ndarray) -> StartEvidence:
    """Cross-ness, odd centre and rungs of one rectified card."""
    lab = cv2.cvtColor(card, cv2.COLOR_BGR2Lab).astype(np.float32)
    arms, corners = _arms_and_corners(lab)
    t, s = np.mean(arms, axis=0), np.mean(corners, axis=0)
    contrast = float(np.linalg.norm(t - s)) + 1e-6
    spread = max(np.linalg.norm(a - t) for a in arms) + 0.5 * max(np.linalg.norm(c - s) for c in corners)
    cross = (contrast - spread) / contrast if contrast > 12 else 0.0
    h, w = lab.shape[:2]
    centre = lab[int(0.22 * h):int(0.78 * h), int(0.15 * w):int(0.85 * w)]
    axis = t - s
    along = np.clip(((centre - s) @ axis) / max(float(axis @ axis), 1e-6), 0, 1)[..., None]
    off = centre - (s + along * axis)
    off[..., 0] *= 0.5
    odd = np.linalg.norm(off, axis=2) > 0.22 * contrast
    rungs = max(_rungs(lab, odd, (int(0.15 * w), int(0.22 * h))), _band_rungs(lab))
    return StartEvidence(cross, float(odd.mean()), rungs, _busy(lab, t, s, contrast))


def _busy(lab: np.ndarray, t: np.ndarray, s: np.ndarray, contrast: float) -> float:
    """Share of the crossing square that is far from both the tunnel and the stone colour (a ladder
    there, even one drawn in a shade between them)."""
    h, w = lab.shape[:2]
    sq = lab[int(0.38 * h):int(0.62 * h), int(0.36 * w):int(0.64 * w)]
    weight = np.array([0.7, 1.0, 1.0], np.float32)
    dt = np.linalg.norm((sq - t) * weight, axis=2)
    ds = np.linalg.norm((sq - s) * weight, axis=2)
    return float(np.mean((dt > 0.3 * contrast) & (ds > 0.3 * contrast)))


def _band_rungs(lab: np.ndarray) -> float:
    """Rungs along or across the card's centre line (a ladder drawn in line with the card)."""
    h, w = lab.shape[:2]
    along = lab[int(0.18 * h):int(0.82 * h), int(0.38 * w):int(0.62 * w)]
    across = lab[int(0.4 * h):int(0.6 * h), int(0.08 * w):int(0.92 * w)].transpose(1, 0, 2)
    best = 0.0
    for band in (along, across):
        med = np.median(band.reshape(-1, 3), axis=0)
        prof = np.linalg.norm(band - med, axis=2).mean(axis=1)
        best = max(best, _regularity(prof, 0.035 * h, 0.11 * h))
    return best


def _rungs(lab: np.ndarray, odd: np.ndarray, origin: tuple[int, int]) -> float:
    """Regularity of the colour profile along the odd patch's long axis (a ladder lies any way)."""
    ys, xs = np.nonzero(odd)
    if len(xs) < 25:
        return 0.0
    pts = np.column_stack([xs + origin[0], ys + origin[1]]).astype(np.float32)
    mean = pts.mean(axis=0)
    _, vecs = np.linalg.eigh(np.cov((pts - mean).T))
    axis = vecs[:, 1]
    h = lab.shape[0]
    length, width = 0.6 * h, 0.1 * h
    n = 96
    normal = np.array([-axis[1], axis[0]])
    src = np.float32([mean - axis * length / 2 - normal * width / 2, mean + axis * length / 2 - normal * width / 2,
                      mean - axis * length / 2 + normal * width / 2])
    m = cv2.getAffineTransform(src, np.float32([[0, 0], [n, 0], [0, 8]]))
    band = cv2.warpAffine(lab, m, (n, 8), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    med = np.median(band.reshape(-1, 3), axis=0)
    prof = np.linalg.norm(band - med, axis=2).mean(axis=0)
    per_px = n / length
    return _regularity(prof, 0.035 * h * per_px, 0.11 * h * per_px)


def _region_weights(h: int, w: int) -> np.ndarray:
    """(8, h*w): rows averaging the four arms' and four corners' pixels (ARMS, CORNERS)."""
    regions = ARMS + CORNERS
    out = np.zeros((len(regions), h, w), np.float32)
    for k, (a, b, c, d) in enumerate(regions):
        out[k, int(a * h):int(b * h), int(c * w):int(d * w)] = 1.0
    return (out / out.sum(axis=(1, 2), keepdims=True)).reshape(len(regions), -1)


SMALL = (28, 44)
_SMALL_WEIGHTS = _region_weights(SMALL[1], SMALL[0])


def _cross_margin(img: np.ndarray, quad: np.ndarray) -> float:
    """Arms-versus-corners separation minus their spreads (Lab units) of a small rectified card
    (the pose search calls this hundreds of times: the eight regions' means are one product)."""
    lab = cv2.cvtColor(rectify(img, quad, SMALL), cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float32)
    means = _SMALL_WEIGHTS @ lab
    arms, corners = means[:4], means[4:]
    # the means and squares written out: numpy's reductions cost more than the sums on four rows
    t = (arms[0] + arms[1] + arms[2] + arms[3]) / np.float32(4)
    s = (corners[0] + corners[1] + corners[2] + corners[3]) / np.float32(4)
    da, dc = arms - t, corners - s
    spread = np.sqrt((da * da).sum(axis=1)).max() + 0.5 * np.sqrt((dc * dc).sum(axis=1)).max()
    return float(np.linalg.norm(t - s) - spread)


class _Poser:
    """Quads moved along the card's axes (card units), turned, scaled and stretched lengthwise:
    what depends on the quad alone (its centre, axes and length direction) is worked out once,
    as the pose search asks for over a hundred poses of the same quad."""

    def __init__(self, quad: np.ndarray):
        self.c = quad.mean(axis=0)
        self.ax_w, self.ax_l = axes(quad)
        self.rel = quad - self.c
        unit_l = self.ax_l / (np.linalg.norm(self.ax_l) + 1e-9)
        self.along = np.outer(self.rel @ unit_l, unit_l)

    def __call__(self, pose: np.ndarray) -> np.ndarray:
        # stretch along the length axis, then turn and scale about the centre
        rel = self.rel + self.along * (np.exp(pose[4]) - 1)
        t = pose[2]
        rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
        return (rel @ rot.T) * np.exp(pose[3]) + self.c + pose[0] * self.ax_w + pose[1] * self.ax_l


CROSS_LIMITS = np.array([0.45, 0.4, np.radians(28.0), 0.5, 0.3])


def fit_cross(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Pose the quad so that it frames a cross best (the start card's own pattern), from a rough
    guess: coordinate steps over the five pose parameters, halved four times. A pose tried
    before (a step back to where the search came from) is not measured again."""
    posed = _Poser(quad)
    pose = np.zeros(5)
    best = _cross_margin(img, quad)
    margins: dict[bytes, float] = {}
    step = np.array([0.12, 0.1, np.radians(7.0), 0.12, 0.08])
    for _ in range(4):
        for _ in range(8):
            improved = False
            for k in range(5):
                for sign in (-1, 1):
                    trial = pose.copy()
                    trial[k] += sign * step[k]
                    if np.any(np.abs(trial) > CROSS_LIMITS):
                        continue
                    key = trial.tobytes()
                    if key not in margins:
                        margins[key] = _cross_margin(img, posed(trial))
                    if margins[key] > best:
                        pose, best, improved = trial, margins[key], True
            if not improved:
                break
        step = step / 2
    return posed(pose)
