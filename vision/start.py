"""Find the start card: a cross (four mouths alike, four corners alike) with something else in
its centre (the ladder), about eight card widths from the goal column on either side.

Searched in a strip rectified with the goal column's axes, over a few scales and turns, with box
filters, so every position is scored at once. Tunnel and stone colours are not assumed: each
window compares its own mouths, corners and centre.
"""
from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import parallelogram
from .goals import GoalColumn
from .settings import StartSettings

CARD_W = 10.0          # rectified card width in px (the search runs at this scale)
ASPECT = 0.648         # short / long side of a card
STRIP_SCALES = (0.74, 1.0, 1.32)   # start sizes searched, shares of the goals' (the perspective's change)
# a far start under a steep view: about half the goals' width (the main benchmark's #0129, renderer
# seed 424371's 0.47), its card often the cloth's colour and off the card mask
SMALL_SCALES = (0.45, 0.6)


@dataclass(frozen=True)
class StartHit:
    """Where the start card is, roughly: centre and the card's axes (image px vectors, half sides)."""

    centre: np.ndarray
    half_w: np.ndarray     # from centre to the middle of the card's east-or-west side
    half_l: np.ndarray     # from centre to the middle of the north-or-south side
    score: float

    def window(self, k: float = 1.0, scale: float = 1.0) -> np.ndarray:
        """The card's window (NW NE SE SW) in px scaled by `k` (rough to fine), its sides `scale`
        times the hit's: one parallelogram for every round that reads a window on a hit."""
        return parallelogram(self.centre, scale * self.half_w, scale * self.half_l) * k


def _box(img: np.ndarray, w: float, h: float) -> np.ndarray:
    k = (max(1, int(round(w))), max(1, int(round(h))))
    return cv2.blur(img, k, borderType=cv2.BORDER_REFLECT)


def _shift(img: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """out[y, x] = img[y + dy, x + dx] (integer shift, edges replicated)."""
    dx, dy = int(round(dx)), int(round(dy))
    h, w = img.shape[:2]
    pad = cv2.copyMakeBorder(img, max(0, -dy), max(0, dy), max(0, -dx), max(0, dx), cv2.BORDER_REPLICATE)
    y0, x0 = max(0, dy), max(0, dx)
    return pad[y0:y0 + h, x0:x0 + w]


_SUM3 = np.ones((1, 3), np.float32)


def _dist(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per-pixel Euclidean distance between two float32 colour images (OpenCV's own per-pixel
    ops: three times faster than numpy's on the start search's strips)."""
    d = cv2.subtract(a, b)
    return cv2.sqrt(cv2.transform(cv2.multiply(d, d), _SUM3))


def score_map(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cross score and centre-oddity for a card centred at each pixel (card width CARD_W, upright)."""
    W, L = CARD_W, CARD_W / ASPECT
    mouth_v = _box(lab, 0.2 * W, 0.12 * L)
    mouth_h = _box(lab, 0.12 * W, 0.12 * L)
    corner = _box(lab, 0.22 * W, 0.18 * L)
    band = _box(lab, 0.18 * W, 0.36 * L)
    mouths = [_shift(mouth_v, 0, -0.39 * L), _shift(mouth_v, 0, 0.39 * L),
              _shift(mouth_h, 0.37 * W, 0), _shift(mouth_h, -0.37 * W, 0)]
    corners = [_shift(corner, sx * 0.3 * W, sy * 0.3 * L) for sx in (-1, 1) for sy in (-1, 1)]
    t = sum(mouths) / 4
    s = sum(corners) / 4
    contrast = _dist(t, s) + 1e-3
    m_spread = np.max([_dist(m, t) for m in mouths], axis=0)
    c_spread = np.max([_dist(c, s) for c in corners], axis=0)
    cross = (contrast - m_spread - 0.5 * c_spread) / contrast
    centre_off = np.minimum(_dist(band, t), _dist(band, s))
    ok = (contrast > 14) & (cross > 0)
    return np.where(ok, cross, -1.0), np.where(ok, centre_off / contrast, 0.0)


def _strip_transform(goals: GoalColumn, side: int, scale: float, turn: float,
                     s: StartSettings) -> tuple[np.ndarray, tuple[int, int], float]:
    """Affine map image -> rectified strip on one side of the goal column."""
    c = goals.centres
    u = (c[2] - c[0]) / np.linalg.norm(c[2] - c[0])
    v = np.array([-u[1], u[0]]) * side
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    u, v = rot @ u, rot @ v
    card_l_img = goals.row_pitch / 1.03 * scale          # card long side in image px, here
    px = (CARD_W / ASPECT) / card_l_img                    # rectified px per image px
    pc = goals.row_pitch * ASPECT                          # nominal col pitch in image px
    near, far = s.col_range[0] * pc, s.col_range[1] * pc
    lat = s.lateral * far
    width = int((far - near + 2 * pc) * px)
    height = int((2 * lat + 2 * goals.row_pitch) * px)
    origin = c[1] + v * (near - pc) - u * (lat + goals.row_pitch)
    a = np.array([v * px, u * px])                        # rows: x-axis (col), y-axis (row)
    m = np.hstack([a, (-a @ origin)[:, None]])
    return m.astype(np.float32), (width, height), px


def _card_cover(fg: np.ndarray) -> np.ndarray:
    """Share of the card-versus-table mask calling card over the middle of a card-sized window at
    each pixel: a ladder printed in the tablecloth's colour leaves the crossing itself off the mask."""
    return _box(fg.astype(np.float32), 0.6 * CARD_W, 0.6 * CARD_W / ASPECT)


def peaks(score: np.ndarray, k: int) -> list[tuple[int, int]]:
    """Up to k local maxima above zero, best first."""
    dil = cv2.dilate(score.astype(np.float32), np.ones((5, 5), np.uint8))
    ys, xs = np.nonzero((score >= dil) & (score > 0))
    order = np.argsort(-score[ys, xs])[:k]
    return [(int(xs[i]), int(ys[i])) for i in order]


def start_candidates(lab: np.ndarray, mask: np.ndarray, goals: GoalColumn, s: StartSettings,
                     on: str = "centre", scales: tuple[float, ...] = STRIP_SCALES) -> list[StartHit]:
    """Cross-like windows with an odd centre near the expected start position, best first
    (lab: the working image in float Lab), sized like the goals times `scales`. Where the card
    mask must see card (`on`): under the window's centre ("centre"), under most of the card
    round it ("covered"), or nowhere ("anywhere"). The looser gates are asked only when no start
    was found the strict way, as more windows let other crosses push the start out of the few
    candidates kept."""
    hits = []
    for side in (1, -1):
        for scale in scales:
            for turn in np.radians([-15.0, 0.0, 15.0]):
                m, size, px = _strip_transform(goals, side, scale, turn, s)
                if size[0] < 8 or size[1] < 8 or size[0] * size[1] > 4e6:
                    continue
                patch = cv2.warpAffine(lab, m, size, flags=cv2.INTER_AREA)
                if on == "anywhere":
                    fg = np.ones(patch.shape[:2], bool)
                else:
                    fg = cv2.warpAffine(mask, m, size, flags=cv2.INTER_NEAREST) > 0
                    if on == "covered":
                        fg |= _card_cover(fg) > 0.5
                cross, odd = score_map(patch)
                score = np.where((cross > s.min_cross) & fg & (odd > s.min_ladder), cross + odd, 0)
                inv = cv2.invertAffineTransform(m)
                for x, y in peaks(score, 4):
                    centre = inv[:, :2] @ np.array([x, y], np.float64) + inv[:, 2]
                    hits.append(StartHit(centre, inv[:, :2] @ np.array([CARD_W / 2, 0.0]),
                                         inv[:, :2] @ np.array([0.0, CARD_W / ASPECT / 2]),
                                         float(score[y, x])))
    hits.sort(key=lambda h: -h.score)
    return _dedupe(hits)[: s.candidates]


def _dedupe(hits: list[StartHit]) -> list[StartHit]:
    """Keep the best hit per card-sized neighbourhood."""
    kept: list[StartHit] = []
    for h in hits:
        if all(np.linalg.norm(h.centre - k.centre) > 0.6 * np.linalg.norm(k.half_w) for k in kept):
            kept.append(h)
    return kept


def _print_colours(lab: np.ndarray, maze: np.ndarray) -> np.ndarray:
    """The two main colours of the largest card patch (the maze; its outline given as a contour):
    tunnel and stone, unnamed."""
    inside = np.zeros(lab.shape[:2], np.uint8)
    cv2.drawContours(inside, [maze], -1, 1, thickness=cv2.FILLED)
    px = lab[inside > 0]
    px = np.ascontiguousarray(px[:: max(1, len(px) // 4000)], dtype=np.float32)
    if len(px) < 10:
        return np.zeros((0, 3), np.float32)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 15, 1.0)
    cv2.setRNGSeed(0)   # k-means++ seeds from OpenCV's global RNG: a photo must read the same whatever came before
    _, _, centres = cv2.kmeans(px, 2, None, crit, 2, cv2.KMEANS_PP_CENTERS)
    return centres


@dataclass(frozen=True)
class OddPatch:
    """A compact patch of a colour that is neither of the maze's print colours nor grey."""

    centre: np.ndarray
    area: float


def odd_patches(lab: np.ndarray, mask: np.ndarray, maze: np.ndarray, s: StartSettings) -> list[OddPatch]:
    """Patches of card print whose colour is neither of the maze's two main colours nor grey:
    a ladder, whatever its colour (found once per photo; the goal column only filters them).
    `maze` is the outline of the largest card patch."""
    colours = _print_colours(lab, maze)
    if len(colours) == 0:
        return []
    ys, xs = np.nonzero(mask)
    ab = lab[ys, xs, 1:] - 128
    refs = [c[1:] - 128 for c in colours] + [np.zeros(2, np.float32)]
    near = np.min([np.einsum("ij,ij->i", ab - r, ab - r) for r in refs], axis=0)
    odd = np.zeros(mask.shape, np.uint8)
    odd[ys, xs] = near > s.odd_chroma ** 2
    odd = cv2.morphologyEx(odd, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    n, _, stats, cents = cv2.connectedComponentsWithStats(odd, connectivity=8)
    return [OddPatch(np.array(cents[i], np.float64), float(stats[i, cv2.CC_STAT_AREA])) for i in range(1, n)]


def odd_candidates(patches: list[OddPatch], goals: GoalColumn, s: StartSettings) -> list[StartHit]:
    """Odd patches of a plausible ladder size where the start can lie for this goal column."""
    card_area = float(np.mean([b.area for b in goals.blobs]))
    c = goals.centres
    u = (c[2] - c[0]) / np.linalg.norm(c[2] - c[0])
    pc = goals.row_pitch * ASPECT
    half_l = u * goals.row_pitch / 1.03 / 2
    half_w = np.array([-u[1], u[0]]) * np.linalg.norm(half_l) * ASPECT
    hits = []
    for p in patches:
        dist_cols = np.linalg.norm(p.centre - c[1]) / pc
        if 0.01 * card_area <= p.area <= 0.3 * card_area and s.col_range[0] - 1 <= dist_cols <= s.col_range[1] + 2:
            hits.append(StartHit(p.centre, half_w, half_l, p.area))
    hits.sort(key=lambda h: -h.score)
    return hits[: s.candidates]
