"""Snap a predicted card quad onto the card's outline: search small moves, turns and scalings for
the quad whose border lies on the strongest edges across it (card outlines, seams, gaps)."""
from dataclasses import dataclass

import cv2
import numpy as np

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


def border_score(grads: Gradients, quad: np.ndarray) -> float:
    """Mean gradient across the quad's four sides (only the component normal to each side)."""
    a = quad
    b = np.roll(quad, -1, axis=0)
    pts = (a[:, None, :] * _U[None, :, None] + b[:, None, :] * _T[None, :, None]).reshape(-1, 2)
    d = b - a
    n = np.column_stack([-d[:, 1], d[:, 0]]) / (np.hypot(d[:, 0], d[:, 1])[:, None] + 1e-9)
    n = np.repeat(n, SAMPLES, axis=0)
    h, w = grads.gx.shape
    xs = np.clip(pts[:, 0].astype(np.int32), 0, w - 1)
    ys = np.clip(pts[:, 1].astype(np.int32), 0, h - 1)
    g = np.abs(grads.gx[ys, xs] * n[:, 0] + grads.gy[ys, xs] * n[:, 1]).reshape(4, SAMPLES)
    return float(np.median(g, axis=1).mean() * 0.6 + g.mean() * 0.4)


def _moves(quad: np.ndarray, dx: float, dy: float, turn: float, scale: float) -> np.ndarray:
    """The quad shifted along its own axes (in card widths / lengths), turned and scaled."""
    c = quad.mean(axis=0)
    ax_w = (quad[1] + quad[2] - quad[0] - quad[3]) / 2
    ax_l = (quad[3] + quad[2] - quad[0] - quad[1]) / 2
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    rel = (quad - c) @ rot.T * scale
    return rel + c + dx * ax_w + dy * ax_l


LIMITS = np.array([0.3, 0.25, np.radians(12.0), 0.22])   # furthest a snap may move a quad


def snap(grads: Gradients, quad: np.ndarray, reach: float = 0.12, turns: float = 4.0,
         scales: float = 0.06, rounds: int = 2) -> tuple[np.ndarray, float]:
    """Bounded coordinate search, coarse to fine; returns the best quad and its border score."""
    pose = np.array([0.0, 0.0, 0.0, 0.0])  # dx, dy (card units), turn, log scale
    best_score = border_score(grads, quad)
    step = np.array([reach, reach * 0.7, np.radians(turns), scales])
    for _ in range(rounds):
        for _ in range(6):
            improved = False
            for k in range(4):
                for sign in (-1, 1):
                    trial = pose.copy()
                    trial[k] += sign * step[k]
                    if np.any(np.abs(trial) > LIMITS):
                        continue
                    sc = border_score(grads, _pose(quad, trial))
                    if sc > best_score * 1.0001:
                        pose, best_score, improved = trial, sc, True
            if not improved:
                break
        step = step / 2.5
    return _pose(quad, pose), best_score


def _pose(quad: np.ndarray, pose: np.ndarray) -> np.ndarray:
    return _moves(quad, pose[0], pose[1], pose[2], float(np.exp(pose[3])))


def interior_score(grads: Gradients, quad: np.ndarray) -> float:
    """Typical gradient inside the card, to judge whether its border is a real outline."""
    inner = _moves(quad, 0, 0, 0, 0.7)
    return border_score(grads, inner)


def _axes_from_edges(grads: Gradients, centre: np.ndarray, radius: float, hint: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two edge directions around centre (card outlines and seams): unit vectors along the
    card's width and length; the length is the family closer to hint."""
    h, w = grads.gx.shape
    x0, x1 = int(max(0, centre[0] - radius)), int(min(w, centre[0] + radius))
    y0, y1 = int(max(0, centre[1] - radius)), int(min(h, centre[1] + radius))
    gx, gy = grads.gx[y0:y1:2, x0:x1:2], grads.gy[y0:y1:2, x0:x1:2]
    mag = np.hypot(gx, gy)
    keep = mag > np.percentile(mag, 80)
    ang = (np.degrees(np.arctan2(gy[keep], gx[keep])) % 180.0).astype(np.float32)
    hist = np.bincount(ang.astype(np.int32) % 180, weights=mag[keep], minlength=180)
    hist = np.convolve(np.concatenate([hist[-3:], hist, hist[:3]]), np.ones(7) / 7, "valid")
    a = int(np.argmax(hist))
    far = [(a + d) % 180 for d in range(55, 126)]
    b = max(far, key=lambda i: hist[i])
    # a gradient is normal to its edge: the card's width axis is along gradients of the long sides
    va = np.array([np.cos(np.radians(a)), np.sin(np.radians(a))])
    vb = np.array([np.cos(np.radians(b)), np.sin(np.radians(b))])
    hint = hint / (np.linalg.norm(hint) + 1e-9)
    if abs(va @ hint) > abs(vb @ hint):
        va, vb = vb, va
    return va * np.sign(va @ np.array([-hint[1], hint[0]]) + 1e-9), vb * np.sign(vb @ hint + 1e-9)


def fit_card(grads: Gradients, centre: np.ndarray, half_w: np.ndarray, half_l: np.ndarray) -> tuple[np.ndarray, float]:
    """Find the card around centre when its size and turn are only roughly known: edge directions
    from the neighbourhood, then a grid search over size, aspect and shift, then a snap."""
    size = np.linalg.norm(half_l)
    aw, al = _axes_from_edges(grads, centre, 2.2 * size, half_l)
    w0, l0 = np.linalg.norm(half_w), size
    best, best_score = None, -1.0
    for scale in np.geomspace(0.62, 1.7, 11):
        for aspect in (0.85, 1.0, 1.18):
            hw, hl = aw * w0 * scale * aspect, al * l0 * scale
            for dx in (-0.2, -0.1, 0.0, 0.1, 0.2):
                for dy in (-0.15, -0.05, 0.05, 0.15, 0.0):
                    c = centre + dx * 2 * hw + dy * 2 * hl
                    quad = np.array([c - hw - hl, c + hw - hl, c + hw + hl, c - hw + hl])
                    sc = border_score(grads, quad)
                    if sc > best_score:
                        best, best_score = quad, sc
    return snap(grads, best)


def _side_score(grads: Gradients, a: np.ndarray, b: np.ndarray) -> float:
    """Median gradient across the segment a-b (normal component)."""
    pts = a[None] * _U[:, None] + b[None] * _T[:, None]
    d = b - a
    n = np.array([-d[1], d[0]]) / (np.hypot(*d) + 1e-9)
    h, w = grads.gx.shape
    xs = np.clip(pts[:, 0].astype(np.int32), 0, w - 1)
    ys = np.clip(pts[:, 1].astype(np.int32), 0, h - 1)
    g = np.abs(grads.gx[ys, xs] * n[0] + grads.gy[ys, xs] * n[1])
    return float(np.median(g) * 0.7 + g.mean() * 0.3)


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
    return np.median(g, axis=1) * 0.7 + g.mean(axis=1) * 0.3


def push_sides(grads: Gradients, quad: np.ndarray, lo: float = -0.1, hi: float = 0.4, steps: int = 26) -> np.ndarray:
    """Move each side along the card's axis to the strongest parallel edge (a card framed too
    small by its pattern grows to its outline). Offsets are shares of the card's width/length."""
    q = quad.astype(np.float64).copy()
    ax_w = (q[1] + q[2] - q[0] - q[3]) / 2
    ax_l = (q[3] + q[2] - q[0] - q[1]) / 2
    offs = np.linspace(lo, hi, steps)
    shift = np.zeros_like(q)
    for i, j, out in ((0, 1, -ax_l), (1, 2, ax_w), (2, 3, ax_l), (3, 0, -ax_w)):   # N, E, S, W outward
        best = offs[int(np.argmax(_side_scores(grads, q[i], q[j], np.outer(offs, out))))]
        shift[i] += best * out
        shift[j] += best * out
    return q + shift          # each corner moves with both of its sides


def push_pairs(grads: Gradients, quad: np.ndarray, lo: float = -0.1, hi: float = 0.4, steps: int = 26) -> np.ndarray:
    """Like push_sides, but opposite sides move together: for a card whose centre is known (the
    start, framed by its cross) the outline is found where both sides agree."""
    q = quad.astype(np.float64).copy()
    ax_w = (q[1] + q[2] - q[0] - q[3]) / 2
    ax_l = (q[3] + q[2] - q[0] - q[1]) / 2
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


def slide(grads: Gradients, quad: np.ndarray, reach: float = 0.3, steps: int = 25) -> np.ndarray:
    """Translate the quad along each card axis to where both sides across that axis sit on edges
    (a card laid with a gap or out of line is offset as a whole, not resized)."""
    q = quad.astype(np.float64).copy()
    ax_w = (q[1] + q[2] - q[0] - q[3]) / 2
    ax_l = (q[3] + q[2] - q[0] - q[1]) / 2
    for axis, (i, j), (k, m) in ((ax_w, (1, 2), (3, 0)), (ax_l, (0, 1), (2, 3))):
        best, best_off = -1.0, 0.0
        for off in np.linspace(-reach, reach, steps):
            d = off * axis
            sc = _side_score(grads, q[i] + d, q[j] + d) + _side_score(grads, q[k] + d, q[m] + d)
            sc -= abs(off) * 1e-3   # ties go to the prediction
            if sc > best:
                best, best_off = sc, off
        q = q + best_off * axis
    return q
