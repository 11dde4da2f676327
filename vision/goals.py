"""Find the goal column: three alike cards in a line, two card lengths apart (rows -2, 0, 2).

Goal backs differ between print runs, so nothing about their look is assumed except that the three
look alike; the arrangement is what identifies them.
"""
from dataclasses import dataclass
from itertools import combinations

import cv2
import numpy as np

from .settings import GoalSettings


@dataclass(frozen=True)
class Blob:
    """One connected patch of card print at working scale."""

    centre: np.ndarray
    area: float
    long_side: float
    colour: np.ndarray        # mean Lab
    contour: np.ndarray
    guessed: bool = False     # not seen: placed where the two seen goals put it


@dataclass(frozen=True)
class GoalColumn:
    """Three goal blobs ordered along the line (the row sign is fixed later, from the start)."""

    blobs: tuple[Blob, Blob, Blob]
    score: float

    @property
    def centres(self) -> np.ndarray:
        return np.array([b.centre for b in self.blobs], np.float64)

    @property
    def row_pitch(self) -> float:
        c = self.centres
        return float(np.linalg.norm(c[2] - c[0]) / 4.0)


def find_blobs(work: np.ndarray, mask: np.ndarray, settings: GoalSettings) -> list[Blob]:
    """Connected card patches big enough to be a card, largest first."""
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2Lab)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    order = sorted(range(1, n), key=lambda i: -stats[i, cv2.CC_STAT_AREA])
    blobs = []
    for i in order[: settings.max_candidates]:
        area = float(stats[i, cv2.CC_STAT_AREA])
        if area < settings.min_area:
            break
        x, y, w, h = stats[i, :4]
        sub = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
        contours, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = max(contours, key=cv2.contourArea) + np.array([x, y])
        (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
        colour = lab[y:y + h, x:x + w][sub > 0].mean(axis=0)
        blobs.append(Blob(np.array(cents[i], np.float64), area, float(max(rw, rh)), colour, contour))
    return blobs


def maze_blob(work: np.ndarray, blobs: list[Blob], strong: float = 60.0) -> Blob:
    """Of the blobs larger than a card (twice the median blob), the one richest in strong edges:
    the maze, whose tunnels are bounded by outlines; the largest blob when none is. The largest
    blob is not always the maze: a dark cloth edge or a shadow the card mask took in can be larger,
    and its colours would then pass for the print's; a lone card can be richer in edges (a goal
    back's texture) but is no larger than a card (measured on the benchmark: the blob picked holds
    two path cards in 380 photos of 394, the largest in 350)."""
    grey = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    strong_px = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1)) > strong
    big = [b for b in blobs if b.area >= 2.0 * float(np.median([b.area for b in blobs]))]
    if not big:
        return max(blobs, key=lambda b: b.area)

    def edges(b: Blob) -> int:
        x, y, w, h = cv2.boundingRect(b.contour)
        inside = np.zeros((h, w), np.uint8)
        cv2.drawContours(inside, [b.contour - np.array([x, y])], -1, 1, thickness=cv2.FILLED)
        return int(np.count_nonzero(strong_px[y:y + h, x:x + w] & (inside > 0)))
    return max(big, key=edges)


def _colour_dist(a: Blob, b: Blob) -> float:
    """Lab distance with lightness damped: a shadow over one goal must not split the column."""
    d = (a.colour - b.colour) * np.array([0.25, 1.0, 1.0])
    return float(np.linalg.norm(d))


# short / long side of a blob's rotated box above which it is no card (a card 0.65; under a 40
# degree view up to about 0.85, the bound goal_copies takes for a clean goal)
SQUARE = 0.9


def _squareness(blob: Blob) -> float:
    """Short over long side of the blob's rotated box: a card is far from square at any view the
    scanner takes, a checked cloth's squares are not."""
    (_, _), (w, h), _ = cv2.minAreaRect(blob.contour)
    return float(min(w, h) / max(w, h, 1e-9))


def find_goal_columns(blobs: list[Blob], settings: GoalSettings) -> list[GoalColumn]:
    """Every plausible goal column, best first: the middle goal half way between the others, then
    (only after all those) where a steep view's perspective puts it. Ranked in one list, the
    perspective's freedom let three other cards of a cluttered table push the goals out of the
    few columns tried. Every trio is scored at once (_trio_scores): a cluttered table has dozens
    of blobs, and a loop over the trios took a twentieth of a whole scan."""
    idx, colour = _alike_trios(blobs, settings)
    if not len(idx):
        return []
    # each trio with each of its cards as the middle one (a, b, c), in (trio, middle) order
    order = np.array([[1, 0, 2], [0, 1, 2], [0, 2, 1]])   # k != mid for a and c, mid for b
    abc = idx[:, order].reshape(-1, 3)
    level = _trio_scores(blobs, abc, colour, settings, steep=False)
    steep = np.where(np.isnan(level), _trio_scores(blobs, abc, colour, settings, steep=True), np.nan)
    out = []
    for scores in (level, steep):
        for i in np.argsort(scores, kind="stable")[: int(np.count_nonzero(~np.isnan(scores)))]:
            a, b, c = abc[i]
            out.append(GoalColumn((blobs[a], blobs[b], blobs[c]), float(scores[i])))
    return out


def _trio_scores(blobs: list[Blob], abc: np.ndarray, colour: np.ndarray, s: GoalSettings, steep: bool) -> np.ndarray:
    """How unlike a goal column each row (a, b, c) of blob indices is, b the middle card; lower is
    better, NaN where the three cannot be one: sizes too unlike, no two backs alike in colour (a
    revealed goal may differ), b off the line (half way between a and c, or with `steep` where the
    view's perspective puts it: the table's image scales as 1/w along a line and areas as 1/w^3, w
    the homography's denominator, so the middle card splits the span in the ratio of the outer
    cards' areas to the power 1/3; there the sizes may differ more, if they grow along the line:
    the goals of renderer seed 1800046 span 4.1 times in area, the middle where the cube root puts
    it to 2 % of the column; out of order they made a column of a goal turned up cut to its
    tunnels, and no-start photo 424261 was answered on a crossing taken for the start), rows not
    about two card lengths apart. The score adds the bend,
    the colour difference, the pitch's and the blobs' fill's distance from a card's."""
    areas = np.array([b.area for b in blobs], np.float64)[abc]
    centres = np.array([b.centre for b in blobs], np.float64)
    longest = np.array([b.long_side for b in blobs], np.float64)[abc].max(axis=1)
    a, b, c = (centres[abc[:, i]] for i in range(3))
    dists = np.sort(np.stack([colour[abc[:, 0], abc[:, 1]], colour[abc[:, 1], abc[:, 2]], colour[abc[:, 0], abc[:, 2]]], axis=1), axis=1)
    col = np.where(dists[:, 2] <= s.max_colour_dist, dists[:, 2], dists[:, 0] + s.max_colour_dist)
    span = np.linalg.norm(c - a, axis=1)
    if steep:
        r = (areas[:, 0] / areas[:, 2]) ** (1.0 / 3.0)
        middle = a + (c - a) * (r / (1.0 + r))[:, None]
    else:
        middle = (a + c) / 2
    with np.errstate(divide="ignore", invalid="ignore"):
        bend = 2 * np.linalg.norm(b - middle, axis=1) / span
        card = np.sqrt((areas[:, 0] + areas[:, 1] + areas[:, 2]) / 3 / 0.648)
        pitch = span / 4.0 / card
        fill = areas.max(axis=1) / (longest ** 2 * 0.648 + 1e-9)
        score = (bend * 3 + col / s.max_colour_dist + np.abs(np.log(pitch / 1.05))
                 + np.abs(np.log(np.maximum(fill, 0.2) / 0.9)) * 0.3)
    ratio = areas.max(axis=1) / areas.min(axis=1)
    if steep:   # beyond the level bound only sizes in order along the line, as perspective gives
        outer = np.sort(areas[:, [0, 2]], axis=1)
        in_order = (areas[:, 1] >= outer[:, 0]) & (areas[:, 1] <= outer[:, 1])
        sized = (ratio <= s.max_area_ratio) | ((ratio <= s.max_area_ratio_steep) & in_order)
    else:
        sized = ratio <= s.max_area_ratio
    ok = (sized & (dists[:, 0] <= s.max_colour_dist)
          & (span >= 1e-6) & (bend <= s.max_bend) & (pitch >= s.pitch_range[0]) & (pitch <= s.pitch_range[1]))
    return np.where(ok, score, np.nan)


def _alike_trios(blobs: list[Blob], s: GoalSettings) -> tuple[np.ndarray, np.ndarray]:
    """The trios (rows of blob indices, in combinations' order) that pass _trio_scores' tests
    that do not depend on which card is the middle one (sizes alike, two of them alike in colour)
    and are not three squares (a checked cloth's), tested for all trios at once: a cluttered table
    has dozens of blobs, tens of thousands of trios, and most fail here; and every pair's colour
    distance."""
    n = len(blobs)
    colour = np.zeros((n, n))
    if n < 3:
        return np.zeros((0, 3), np.intp), colour
    idx = np.array(list(combinations(range(n), 3)), np.intp)
    areas = np.array([b.area for b in blobs], np.float64)[idx]
    for i, j in combinations(range(n), 2):   # each pair once: the distance is symmetric
        colour[i, j] = colour[j, i] = _colour_dist(blobs[i], blobs[j])
    pairs = np.stack([colour[idx[:, 0], idx[:, 1]], colour[idx[:, 1], idx[:, 2]], colour[idx[:, 0], idx[:, 2]]])
    square = np.array([_squareness(b) > SQUARE for b in blobs])[idx].all(axis=1)
    most = max(s.max_area_ratio, s.max_area_ratio_steep)
    keep = ~square & ~(areas.max(axis=1) / areas.min(axis=1) > most) & ~(pairs.min(axis=0) > s.max_colour_dist)
    return idx[keep], colour


def blob_quad(blob: Blob) -> np.ndarray | None:
    """Four corners of a lone card blob (any order), or None when the blob is not card-shaped."""
    hull = cv2.convexHull(blob.contour)
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.04, 0.06, 0.09):
        poly = cv2.approxPolyDP(hull, eps * peri, True)
        if len(poly) == 4:
            break
    else:
        return None
    quad = poly.reshape(4, 2).astype(np.float64)
    if blob.area < 0.85 * cv2.contourArea(quad.astype(np.float32)):
        return None   # a drawing on the back, not the card's outline
    return quad
