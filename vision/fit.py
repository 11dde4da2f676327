"""Move a predicted card quad onto the card's outline: each side (or each pair of sides, or the
whole quad) goes to where the strongest straight edge across it lies (card outlines, seams, gaps)."""
from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import axes

SAMPLES = 14  # points per side


@dataclass(frozen=True)
class Gradients:
    """Image gradients (float32) of the grey image the quads live in."""

    gx: np.ndarray
    gy: np.ndarray

    @staticmethod
    def of(grey: np.ndarray) -> "Gradients":
        """3x3 Sobel of the lightly smoothed grey image (float32; the searches only sample it)."""
        g = cv2.GaussianBlur(grey.astype(np.float32), (3, 3), 0)
        return Gradients(cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3))


def _side_points() -> tuple[np.ndarray, np.ndarray]:
    t = (np.arange(SAMPLES) + 0.5) / SAMPLES * 0.8 + 0.1   # skip the rounded corners
    return t, 1 - t


_T, _U = _side_points()




def _side_scores(grads: Gradients, a: np.ndarray, b: np.ndarray, shifts: np.ndarray) -> np.ndarray:
    """_side_score of segment a-b moved by each row of shifts, all at once."""
    pts = a[None] * _U[:, None] + b[None] * _T[:, None]                 # (S, 2)
    pts = pts[None] + shifts[:, None, :]                                 # (K, S, 2)
    d = b - a
    n = np.array([-d[1], d[0]]) / (np.hypot(*d) + 1e-9)
    h, w = grads.gx.shape
    xs = np.clip(pts[..., 0].astype(np.int32), 0, w - 1)
    ys = np.clip(pts[..., 1].astype(np.int32), 0, h - 1)
    g = np.abs(grads.gx[ys, xs] * n[0] + grads.gy[ys, xs] * n[1])
    mid = np.partition(g, (SAMPLES // 2 - 1, SAMPLES // 2), axis=1)    # np.median's own way, without its overhead
    return (mid[:, SAMPLES // 2 - 1] + mid[:, SAMPLES // 2]) / 2 * 0.7 + g.mean(axis=1) * 0.3


def push_sides(grads: Gradients, quad: np.ndarray, lo: float = -0.1, hi: float = 0.4, steps: int = 26) -> np.ndarray:
    """Move each side along the card's axis to the strongest parallel edge (a card framed too
    small by its pattern grows to its outline). Offsets are shares of the card's width/length."""
    return push_sides_many(grads, np.asarray(quad, np.float64)[None], lo, hi, steps)[0]


def push_sides_many(grads: Gradients, quads: np.ndarray, lo: float = -0.1, hi: float = 0.4,
                    steps: int = 26) -> np.ndarray:
    """push_sides of every quad (Q x 4 x 2) in one pass: the windows a search slides over a
    cell number in the hundreds per photo, and the same sums done quad by quad cost 15 times more."""
    q = np.asarray(quads, np.float64)
    ax_w, ax_l = axes(q)
    out = np.stack([-ax_l, ax_w, ax_l, -ax_w], axis=1)          # N, E, S, W outward: (Q, 4, 2)
    a, b = q, q[:, [1, 2, 3, 0]]                                # side k runs from corner k to k+1
    offs = np.linspace(lo, hi, steps)
    pts = a[:, :, None, :] * _U[:, None] + b[:, :, None, :] * _T[:, None]            # (Q, 4, S, 2)
    pts = pts[:, :, None] + (offs[:, None] * out[:, :, None, :])[:, :, :, None, :]    # (Q, 4, K, S, 2)
    d = b - a
    n = np.stack([-d[..., 1], d[..., 0]], axis=-1) / (np.hypot(d[..., 0], d[..., 1]) + 1e-9)[..., None]
    h, w = grads.gx.shape
    xs = np.clip(pts[..., 0].astype(np.int32), 0, w - 1)
    ys = np.clip(pts[..., 1].astype(np.int32), 0, h - 1)
    g = np.abs(grads.gx[ys, xs] * n[:, :, None, None, 0] + grads.gy[ys, xs] * n[:, :, None, None, 1])
    mid = np.partition(g, (SAMPLES // 2 - 1, SAMPLES // 2), axis=-1)
    score = (mid[..., SAMPLES // 2 - 1] + mid[..., SAMPLES // 2]) / 2 * 0.7 + g.mean(axis=-1) * 0.3
    moved = offs[np.argmax(score, axis=-1)][..., None] * out     # each side's move: (Q, 4, 2)
    return q + (moved + moved[:, [3, 0, 1, 2]])                 # a corner moves with both of its sides


def push_pairs(grads: Gradients, quad: np.ndarray, lo: float = -0.1, hi: float = 0.4, steps: int = 26) -> np.ndarray:
    """Like push_sides, but opposite sides move together: for a card whose centre is known (the
    start, framed by its cross) the outline is found where both sides agree."""
    q = quad.astype(np.float64).copy()
    ax_w, ax_l = axes(q)
    offs = np.linspace(lo, hi, steps)
    shift = np.zeros_like(q)
    for (i, j, out_a), (k, m, out_b) in (((0, 1, -ax_l), (2, 3, ax_l)), ((1, 2, ax_w), (3, 0, -ax_w))):
        both = np.minimum(_side_scores(grads, q[i], q[j], np.outer(offs, out_a)),
                          _side_scores(grads, q[k], q[m], np.outer(offs, out_b)))
        best = offs[int(np.argmax(both))]
        for a, b, out in ((i, j, out_a), (k, m, out_b)):
            shift[a] += best * out
            shift[b] += best * out
    return q + shift


def push_lines(grads: Gradients, quad: np.ndarray, lo: float = -0.08, hi: float = 0.12, steps: int = 11,
               max_turn: float = np.radians(12.0), turns: int = 9) -> np.ndarray:
    """Each side moved along its normal and turned about its middle (up to `max_turn`) to the
    strongest straight edge; the corners are where the four lines meet. A card seen at a slant is
    no rectangle: a window posed on the start's cross by turning and scaling it can sit across the
    card's true sides, which moving sides without turning them cannot mend."""
    return push_lines_many(grads, np.asarray(quad, np.float64)[None], lo, hi, steps, max_turn, turns)[0]


def push_lines_many(grads: Gradients, quads: np.ndarray, lo: float = -0.08, hi: float = 0.12, steps: int = 11,
                    max_turn: float = np.radians(12.0), turns: int = 9) -> np.ndarray:
    """push_lines of every quad (Q x 4 x 2) in one pass (a whole maze's cards are snapped so for
    the board's last fit). A quad whose lines do not meet (two sides parallel) stays as it was."""
    q = np.asarray(quads, np.float64)
    ax_w, ax_l = axes(q)
    out = np.stack([-ax_l, ax_w, ax_l, -ax_w], axis=1)                  # N, E, S, W outward: (Q, 4, 2)
    mid, half = (q + q[:, [1, 2, 3, 0]]) / 2, (q[:, [1, 2, 3, 0]] - q) / 2
    t = np.linspace(-max_turn, max_turn, turns)
    rot = np.stack([np.stack([np.cos(t), -np.sin(t)], -1), np.stack([np.sin(t), np.cos(t)], -1)], 1)   # (T, 2, 2)
    turned = np.einsum("tij,qsj->qsti", rot, half)                      # (Q, 4, T, 2)
    a, b = mid[:, :, None] - turned, mid[:, :, None] + turned
    offs = np.linspace(lo, hi, steps)
    pts = a[..., None, :] * _U[:, None] + b[..., None, :] * _T[:, None]                  # (Q, 4, T, S, 2)
    pts = pts[:, :, :, None] + (offs[:, None] * out[:, :, None, :])[:, :, None, :, None, :]   # (Q, 4, T, K, S, 2)
    d = b - a
    n = np.stack([-d[..., 1], d[..., 0]], axis=-1) / (np.hypot(d[..., 0], d[..., 1]) + 1e-9)[..., None]
    h, w = grads.gx.shape
    xs = np.clip(pts[..., 0].astype(np.int32), 0, w - 1)
    ys = np.clip(pts[..., 1].astype(np.int32), 0, h - 1)
    g = np.abs(grads.gx[ys, xs] * n[:, :, :, None, None, 0] + grads.gy[ys, xs] * n[:, :, :, None, None, 1])
    mid_g = np.partition(g, (SAMPLES // 2 - 1, SAMPLES // 2), axis=-1)
    score = (mid_g[..., SAMPLES // 2 - 1] + mid_g[..., SAMPLES // 2]) / 2 * 0.7 + g.mean(axis=-1) * 0.3
    best = np.argmax(score.reshape(*score.shape[:2], -1), axis=-1)     # first best (turn, offset): (Q, 4)
    ti, ki = np.divmod(best, steps)
    pick = np.take_along_axis
    p0 = pick(a, ti[..., None, None], axis=2)[:, :, 0] + offs[ki][..., None] * out
    dirs = pick(d, ti[..., None, None], axis=2)[:, :, 0]
    return _meet_all(p0[:, [3, 0, 1, 2]], dirs[:, [3, 0, 1, 2]], p0, dirs, q)   # corner k ends side k-1


def _meet_all(p1: np.ndarray, d1: np.ndarray, p2: np.ndarray, d2: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    """Where each line through p1 along d1 meets the one through p2 along d2 (... x 2 arrays);
    quads with a pair of parallel lines keep `fallback`."""
    det = d1[..., 1] * d2[..., 0] - d1[..., 0] * d2[..., 1]
    r = p2 - p1
    ok = det != 0
    t = np.where(ok, (r[..., 1] * d2[..., 0] - r[..., 0] * d2[..., 1]) / np.where(ok, det, 1.0), 0.0)
    met = p1 + t[..., None] * d1
    return np.where(ok.all(axis=-1)[:, None, None], met, fallback)


def card_outline(grads: Gradients, pattern: np.ndarray) -> np.ndarray:
    """The start card's outline around the quad its cross pattern frames: the cross frames the
    card's middle, the outline (both pairs of sides, a little in to a fifth out) fixes its size."""
    return push_pairs(grads, pattern, -0.05, 0.22, 12)
