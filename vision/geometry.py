"""Card quads: refine a predicted quad to the card's real edges, and the board homography."""
import cv2
import numpy as np

REF_W, REF_L, MARGIN = 64, 100, 0.22
CARD_HALF = 0.49   # half a card in board pitches (cards lie nearly edge to edge)


def quad_of(h: np.ndarray, col: float, row: float, half: float = CARD_HALF) -> np.ndarray:
    """Image corners (NW, NE, SE, SW) of the card at (col, row) under board->image homography h."""
    pts = np.float32([[col - half, row - half], [col + half, row - half],
                      [col + half, row + half], [col - half, row + half]])
    return cv2.perspectiveTransform(pts[None], h)[0].astype(np.float64)


def fit_homography(board_pts: list, image_pts: list) -> np.ndarray:
    """Least-squares board->image homography (all points trusted; outliers are removed upstream)."""
    h, _ = cv2.findHomography(np.float32(board_pts), np.float32(image_pts), 0)
    if h is None:
        raise ValueError("degenerate card layout")
    return h


def _edge_offset(profile_img: np.ndarray, expected: float, reach: float) -> float | None:
    """Position of the strongest edge within reach of expected along axis 1, or None if weak."""
    prof = np.median(profile_img, axis=0)
    lo, hi = int(max(1, expected - reach)), int(min(len(prof) - 1, expected + reach + 1))
    if hi - lo < 3:
        return None
    seg = prof[lo:hi]
    k = int(np.argmax(seg))
    if seg[k] < 2.5 * (np.median(prof) + 1.0):
        return None
    return float(lo + k)


def refine_quad(grad_x: np.ndarray, grad_y: np.ndarray, quad: np.ndarray, reach: float) -> tuple[np.ndarray, int]:
    """Move each side of the quad onto the strongest straight edge nearby (two halves per side,
    so a turned card is followed). Returns the quad and how many half-sides found an edge."""
    w, l = REF_W, REF_L
    mw, ml = MARGIN * w, MARGIN * l
    dst = np.float32([[mw, ml], [mw + w, ml], [mw + w, ml + l], [mw, ml + l]])
    m = cv2.getPerspectiveTransform(np.float32(quad), dst)
    size = (int(w + 2 * mw), int(l + 2 * ml))
    # gradients are rectified too: fine for small turns, which is all a card can have here
    gx = np.abs(cv2.warpPerspective(grad_x, m, size, flags=cv2.INTER_LINEAR))
    gy = np.abs(cv2.warpPerspective(grad_y, m, size, flags=cv2.INTER_LINEAR))
    found = 0
    pts = {}
    for name, img, exp, halves, axis_len, rw in (
            ("W", gx, mw, ((0.12, 0.45), (0.55, 0.88)), l, reach * w),
            ("E", gx, mw + w, ((0.12, 0.45), (0.55, 0.88)), l, reach * w),
            ("N", gy.T, ml, ((0.12, 0.45), (0.55, 0.88)), w, reach * w),
            ("S", gy.T, ml + l, ((0.12, 0.45), (0.55, 0.88)), w, reach * w)):
        start = ml if name in "WE" else mw
        line = []
        for a, b in halves:
            rows = img[int(start + a * axis_len):int(start + b * axis_len)]
            off = _edge_offset(rows, exp, rw)
            found += off is not None
            line.append((start + (a + b) / 2 * axis_len, exp if off is None else off))
        pts[name] = line
    corners = []
    for v, hz in (("W", "N"), ("E", "N"), ("E", "S"), ("W", "S")):
        corners.append(_intersect(pts[v], pts[hz]))
    inv = np.linalg.inv(m)
    out = cv2.perspectiveTransform(np.float32(corners)[None], inv)[0].astype(np.float64)
    return out, found


def _intersect(vline: list, hline: list) -> tuple[float, float]:
    """Vertical side given as (y, x) pairs, horizontal side as (x, y) pairs: their crossing."""
    (y1, x1), (y2, x2) = vline
    (xa, ya), (xb, yb) = hline
    a = np.array([[1.0, -(x2 - x1) / (y2 - y1)], [-(yb - ya) / (xb - xa), 1.0]])
    rhs = np.array([x1 - (x2 - x1) / (y2 - y1) * y1, ya - (yb - ya) / (xb - xa) * xa])
    try:
        x, y = np.linalg.solve(a, rhs)
    except np.linalg.LinAlgError:
        return (x1, ya)
    return float(x), float(y)
