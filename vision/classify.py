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
    direction: np.ndarray   # discriminant direction (Lab), scaled so stone -> 0 and tunnel -> 1
    top_grey: float         # the start card's bright level (95th percentile of its grey)

    def along(self, lab: np.ndarray) -> np.ndarray:
        """0 at stone, 1 at tunnel, for every pixel (Fisher's discriminant learnt on the start card)."""
        return (lab - self.stone) @ self.direction

    def fit(self, lab: np.ndarray) -> np.ndarray:
        """How far each pixel is from this print's tunnel-stone range: <= 1 fits.

        Lightness and colour are judged apart: shade moves lightness, but a table or another
        card differs in colour, so the colour tolerance does not grow with the lightness contrast.
        """
        axis = self.tunnel - self.stone
        t = np.clip(self.along(lab), 0, 1)[..., None]
        d = lab - (self.stone + t * axis)
        l_tol = 0.5 * abs(float(axis[0])) + 14.0
        ab_tol = 0.5 * float(np.linalg.norm(axis[1:])) + 13.0
        return np.maximum(np.abs(d[..., 0]) / l_tol, np.linalg.norm(d[..., 1:], axis=-1) / ab_tol)


def to_lab(card: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(card, cv2.COLOR_BGR2Lab).astype(np.float32)


def bright_level(card: np.ndarray) -> float:
    """95th percentile of a BGR card's grey."""
    grey = card.mean(axis=2).ravel()
    k = int(0.95 * (len(grey) - 1))
    return float(np.partition(grey, k)[k])


def relit(card: np.ndarray, palette: Palette) -> np.ndarray:
    """Lab of one rectified BGR card with a shadow (or glare) over it undone: scaled so its bright
    level matches the start card's (whichever of tunnel and stone is the lighter). A shadow
    multiplies the colour channels alike."""
    gain = float(np.clip(palette.top_grey / max(bright_level(card), 1.0), 0.4, 2.5))
    lifted = np.clip(card.astype(np.float32) * gain, 0, 255).astype(np.uint8)
    return to_lab(lifted)


def learn_palette(start_card: np.ndarray) -> Palette:
    """Tunnel from the start card's four arm ends (clear of the ladder), stone from its corners;
    the split between them weighs colour against lightness by how much each varies in the stone."""
    lab = to_lab(start_card)
    h, w = lab.shape[:2]
    arms = [lab[int(0.03 * h):int(0.14 * h), int(0.42 * w):int(0.58 * w)],
            lab[int(0.86 * h):int(0.97 * h), int(0.42 * w):int(0.58 * w)],
            lab[int(0.44 * h):int(0.56 * h), int(0.03 * w):int(0.17 * w)],
            lab[int(0.44 * h):int(0.56 * h), int(0.83 * w):int(0.97 * w)]]
    corners = [lab[int(a * h):int(b * h), int(c * w):int(d * w)]
               for a, b in ((0.05, 0.3), (0.7, 0.95)) for c, d in ((0.05, 0.3), (0.7, 0.95))]
    tp = np.concatenate([a.reshape(-1, 3) for a in arms])
    sp = np.concatenate([c.reshape(-1, 3) for c in corners])
    t, s = np.median(tp, axis=0), np.median(sp, axis=0)
    cov = np.cov(tp.T) + np.cov(sp.T) + np.eye(3) * 4.0
    direction = np.linalg.solve(cov, t - s)
    scale = float((t - s) @ direction)
    direction = direction / (scale if abs(scale) > 1e-6 else 1e-6)   # a start card without contrast reads nothing
    spread = float(np.mean([np.linalg.norm(a.reshape(-1, 3).mean(0) - t) for a in arms]))
    return Palette(t, s, spread, direction, bright_level(start_card))


def print_share(lab: np.ndarray, palette: Palette) -> float:
    """Share of the card's inner area that looks like this photo's path-card print."""
    h, w = lab.shape[:2]
    inner = lab[int(0.08 * h):int(0.92 * h), int(0.08 * w):int(0.92 * w)]
    return float(np.mean(palette.fit(inner) < 1.0))


def two_tone(lab: np.ndarray, palette: Palette) -> bool:
    """Both tunnel and stone are present, as on every path card."""
    t = palette.along(lab)
    return bool(np.mean(t > 0.6) > 0.04 and np.mean(t < 0.4) > 0.25)


def tunnel_mask(lab: np.ndarray, palette: Palette) -> tuple[np.ndarray, np.ndarray]:
    """(tunnel, open space): tunnel is an Otsu split of the card's own tunnel-stone values; open
    space adds whatever is neither tunnel nor stone (outlines, a boulder or gem in a stub)."""
    w = lab.shape[1]
    sigma = 0.035 * w                         # smooth away mottled stone, keep 0.25-wide tunnels
    t = cv2.GaussianBlur(palette.along(lab), (0, 0), sigma)
    v = np.clip(t * 200 + 20, 0, 255).astype(np.uint8)
    thr, _ = cv2.threshold(v, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    thr = float(np.clip((thr - 20) / 200, 0.35, 0.7))
    off = cv2.GaussianBlur(palette.fit(lab).astype(np.float32), (0, 0), sigma)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(3, int(0.08 * w) | 1),) * 2)
    tunnel = cv2.morphologyEx((t > thr).astype(np.uint8), cv2.MORPH_OPEN, k)
    space = cv2.morphologyEx(((t > thr) | (t < -0.5) | (off > 1.6)).astype(np.uint8), cv2.MORPH_OPEN, k)
    return tunnel, space


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


def _band(mask: np.ndarray, side: str, s: CellSettings, deeper: float = 0.0) -> np.ndarray:
    """Profile along the side of the mask's share in the band just inside that edge (or, with
    `deeper`, in a band that much further in)."""
    h, w = mask.shape
    a, b = s.depth_ns if side in "NS" else s.depth_ew
    a, b = a + deeper, b + deeper
    if side == "N":
        return mask[int(a * h):int(b * h)].mean(axis=0)
    if side == "S":
        return mask[int((1 - b) * h):int((1 - a) * h)].mean(axis=0)
    if side == "W":
        return mask[:, int(a * w):int(b * w)].mean(axis=1)
    return mask[:, int((1 - b) * w):int((1 - a) * w)].mean(axis=1)


def _mouth_score(tunnel: np.ndarray, space: np.ndarray, side: str, s: CellSettings) -> float:
    """Best open share of a mouth-wide window slid near the middle of the side (it must hold
    some tunnel, not only a crack), minus half the share on the side's outer parts."""
    prof, tprof = _band(space, side, s), _band(tunnel, side, s)
    n = len(prof)
    win = max(3, int(round(s.mouth * s.window * tunnel.shape[1])))
    box = np.ones(win) / win
    sums, tsums = np.convolve(prof, box, "valid"), np.convolve(tprof, box, "valid")
    lo, hi = max(0, int(0.38 * n - win / 2)), int(0.62 * n - win / 2)
    hi = max(lo + 1, hi)
    k = lo + int(np.argmax(sums[lo:hi]))
    if tsums[k] < s.mouth_tunnel:
        return 0.0
    # a mouth leads somewhere: the open space goes on deeper into the card (a light strip along
    # the card's edge does not)
    deep = np.convolve(_band(space, side, s, s.mouth_depth), box, "valid")
    if deep[max(0, k - 2):k + 3].max() < 0.5:
        return 0.0
    edge = int(0.18 * n)
    # flanks on the tunnel mask: a strip of table inside a slightly large quad is not tunnel
    flank = max(float(tprof[int(0.03 * n):edge].mean()), float(tprof[n - edge:int(0.97 * n)].mean()))
    return float(sums[k]) - 0.5 * flank


def read_path(lab: np.ndarray, palette: Palette, s: CellSettings) -> Reading:
    """Openings (mouth windows full of tunnel, flanks not) and whether they join inside the card."""
    tunnel, space = tunnel_mask(lab, palette)
    openings, margins = "", []
    for side in SIDES:
        score = _mouth_score(tunnel, space, side, s)
        if score > s.mouth_min:
            openings += side
        margins.append(abs(score - s.mouth_min))
    dead_end, joined_margin = _dead_end(tunnel, openings, s, space)
    conf = float(np.clip(min(margins) / 0.3, 0, 1)) * joined_margin
    return Reading(openings, dead_end, conf)


JOIN_SHARE = 0.42  # a join's narrowest point, as a share of the openings' own half-width


def _mouth_seed(dt: np.ndarray, side: str, s: CellSettings) -> tuple[int, int, float]:
    """Widest tunnel point in the band behind an opening: (y, x, half-width there)."""
    h, w = dt.shape
    a, b = s.depth_ns if side in "NS" else s.depth_ew
    ys, xs = {"N": (slice(int(a * h), int(b * h) + 1), slice(int(0.25 * w), int(0.75 * w))),
              "S": (slice(int((1 - b) * h), int((1 - a) * h)), slice(int(0.25 * w), int(0.75 * w))),
              "W": (slice(int(0.3 * h), int(0.7 * h)), slice(int(a * w), int(b * w) + 1)),
              "E": (slice(int(0.3 * h), int(0.7 * h)), slice(int((1 - b) * w), int((1 - a) * w)))}[side]
    sub = dt[ys, xs]
    y, x = np.unravel_index(int(np.argmax(sub)), sub.shape)
    return ys.start + int(y), xs.start + int(x), float(sub[y, x])


def _dead_end(tunnel: np.ndarray, openings: str, s: CellSettings, space: np.ndarray | None = None) -> tuple[bool, float]:
    """A card is a dead end unless its openings join through tunnel that stays wide: the narrowest
    point on the best path between them (a bottleneck) is compared with the tunnel's own width
    at the openings, so rubble or a pale patch between two stubs does not join them, while a dot
    on a tunnel's edge does not cut it."""
    if len(openings) < 2:
        return True, 1.0
    if space is not None:   # a dark dot drawn on a tunnel's edge is not a narrowing
        tunnel = tunnel | (space & cv2.dilate(tunnel, np.ones((7, 7), np.uint8)))
    filled = cv2.morphologyEx(tunnel, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    dt = cv2.distanceTransform(filled, cv2.DIST_L2, 3)
    seeds = [_mouth_seed(dt, side, s) for side in openings]
    width = min(r for _, _, r in seeds)
    if width < 1.0:
        return True, 0.5
    need = JOIN_SHARE * width
    _, labels = cv2.connectedComponents((dt >= need).astype(np.uint8))
    ids = {int(labels[y, x]) for y, x, _ in seeds}
    joined = len(ids) == 1 and 0 not in ids
    # confidence: how far the bottleneck is from the bar either way
    _, loose = cv2.connectedComponents((dt >= 0.6 * need).astype(np.uint8))
    _, tight = cv2.connectedComponents((dt >= 1.5 * need).astype(np.uint8))
    same = lambda lab: len({int(lab[y, x]) for y, x, _ in seeds}) == 1
    sure = (not same(loose)) if not joined else same(tight)
    return not joined, 1.0 if sure else 0.6


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
