"""Start spots under a steep view: the goal column's own outlines fix the table's perspective.

The strip the start search (vision.start) rectifies is an affine map cut along the goal column:
under a steep view the start, eight card widths off, lies at another scale and slant than the
goals, and its windows miss it. The three goal outlines (twelve corners) fix a board->image
homography; the board plane round (0, 0) is rectified with it, where the start is upright and
about a card wide whatever the view, and searched by the same box-filter score.
"""
import cv2
import numpy as np

from . import geometry
from .cells import GOAL_CELLS
from .goals import GoalColumn, blob_quad
from .settings import StartSettings
from .start import ASPECT, CARD_W, StartHit, peaks, score_map

REACH = 2.5           # board pitches searched round (0, 0): the extrapolation's error
SCALES = (0.8, 1.0, 1.25)    # card sizes searched, shares of the size the homography predicts


def goal_homography(goals: GoalColumn, side: int) -> np.ndarray | None:
    """Board->image (working px) homography the goals' outlines imply with the start on `side`
    of the column (None with fewer than two card-shaped goals)."""
    c = goals.centres
    u = (c[2] - c[0]) / np.linalg.norm(c[2] - c[0])
    east = -np.array([-u[1], u[0]]) * side
    south = np.array([-east[1], east[0]])
    order = (0, 1, 2) if (c[2] - c[0]) @ south > 0 else (2, 1, 0)
    src, dst = [], []
    for cell, i in zip(GOAL_CELLS, order):
        q = None if goals.blobs[i].guessed else blob_quad(goals.blobs[i])
        if q is not None:
            src += geometry.card_corners(*cell)
            dst += list(geometry.board_order(q, east, south))
    if len(src) < 8:
        return None
    try:
        h = geometry.fit_homography(src, dst)
        np.linalg.inv(h)
    except (ValueError, cv2.error, np.linalg.LinAlgError):
        return None   # degenerate outlines
    return h


def _board_to_strip(scale: float) -> np.ndarray:
    """Board (col, row) -> strip px, the start's cell in the middle, a card CARD_W*scale wide."""
    sx, sy = CARD_W * scale, CARD_W / ASPECT * scale
    return np.array([[sx, 0, REACH * sx], [0, sy, REACH * sy], [0, 0, 1]], np.float64)


def _hit(inv: np.ndarray, x: int, y: int, half_w: float, half_l: float, score: float) -> StartHit:
    pts = cv2.perspectiveTransform(np.float64([[[x, y], [x + half_w, y], [x, y + half_l]]]), inv)[0]
    return StartHit(pts[0], pts[1] - pts[0], pts[2] - pts[0], score)


def view_candidates(lab: np.ndarray, mask: np.ndarray, goals: GoalColumn, s: StartSettings) -> list[StartHit]:
    """Cross-like windows with an odd centre round where the goals' perspective puts the start,
    best first (on both sides of the column)."""
    hits = []
    for side in (1, -1):
        h = goal_homography(goals, side)
        if h is None:
            continue
        for scale in SCALES:
            m = _board_to_strip(scale) @ np.linalg.inv(h)
            size = (int(2 * REACH * CARD_W * scale), int(2 * REACH * CARD_W / ASPECT * scale))
            patch = cv2.warpPerspective(lab, m, size, flags=cv2.INTER_AREA)
            fg = cv2.warpPerspective(mask, m, size, flags=cv2.INTER_NEAREST) > 0
            cross, odd = score_map(patch)
            score = np.where((cross > s.min_cross) & fg & (odd > s.min_ladder), cross + odd, 0)
            inv = np.linalg.inv(m)
            hits += [_hit(inv, x, y, CARD_W / 2, CARD_W / ASPECT / 2, float(score[y, x])) for x, y in peaks(score, 3)]
    hits.sort(key=lambda t: -t.score)
    return hits[: s.candidates]


def windows(hits: list[StartHit], k: float) -> list[np.ndarray]:
    """Card windows (NW NE SE SW, fine px) on these spots, each posed as its spot says: the
    start-first search reads them where its strip's windows, square to the goal column, are
    turned off a far start."""
    return [h.window(k) for h in hits]
