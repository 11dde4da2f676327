"""Where the goals lie, seen from a start found alone (see vision.start_first): eight cards out,
two rows apart, in whichever direction the walked frame has them.

The frame a walk from the start fits is good near the start and drifts eight cards out: its turn
is known only modulo a quarter (the start's cross looks the same turned), a small walked patch
fixes the perspective poorly, and the rows' spacing out there is the least sure of all. So the
goals are looked for in all four directions, under the walk's fit and its affine part, and a goal
once seen fixes where the others are looked for.
"""
from typing import TYPE_CHECKING

import cv2
import numpy as np

from . import board, geometry
from .cells import Surface
from .fit import push_sides
from .goal_cells import GOAL_OFFSETS, goal_near, goal_p

if TYPE_CHECKING:
    from .start_first import Found

GOAL_ROWS = (-2, 0, 2)
WIDE = np.linspace(-0.75, 0.75, 7)       # search round a goal the start and a seen goal predict, in pitches


def goal_at(img: np.ndarray, h: np.ndarray, col: int, row: int, offsets: np.ndarray = GOAL_OFFSETS) -> tuple[float, np.ndarray]:
    """(probability, outline) of the likeliest goal near (col, row): the maze's homography is
    extrapolated eight cards, so the goal is looked for up to half a card around it."""
    quad, g = goal_near(img, h, col, row, offsets)
    return (0.0 if g is None else goal_p(g)), quad


def affine(cells: dict, h: np.ndarray) -> np.ndarray:
    """The walked cards' best affine map (board -> image): the perspective a small patch of maze
    implies is poorly fixed, and extrapolated eight cards out it can bend the grid away from the
    goals; a view's foreshortening over the maze is milder than that."""
    src, dst = board.correspondences(cells)
    if len(src) < 8:
        return h
    m, _ = cv2.estimateAffine2D(src, dst, method=cv2.RANSAC, ransacReprojThreshold=0.1 * float(np.linalg.norm(dst[1] - dst[0])))
    return h if m is None else np.vstack([m, [0.0, 0.0, 1.0]])


# the board frame turned about the start: (board -> walked frame, corner order of a card in it)
TURNS = ((np.eye(3), [0, 1, 2, 3]),
         (np.float64([[-1, 0, 0], [0, -1, 0], [0, 0, 1]]), [2, 3, 0, 1]),    # the goals lie the other way
         (np.float64([[0, -1, 0], [1, 0, 0], [0, 0, 1]]), [1, 2, 3, 0]),     # the start was posed a quarter
         (np.float64([[0, 1, 0], [-1, 0, 0], [0, 0, 1]]), [3, 0, 1, 2]))     # turned, either way


def with_goals(sf: Surface, found: "Found", h: np.ndarray):
    """The frame with the goals found eight cards out, or None. The start's pattern fixes its
    turn only modulo a quarter, and a walk from a start posed a quarter turned can still read the
    maze (labelling its cards turned): the goals are looked for in all four directions."""
    best = None
    for turn, order in TURNS:
        ht = h @ turn
        seen = goals_seen(sf, ht, found.quad[order])
        total = sum(p for p, _ in seen)
        if sum(p >= 0.5 for p, _ in seen) >= 2 and (best is None or total > best[0]):
            best = (total, ht, order, [q for _, q in seen])
    if best is None:
        return None
    _, ht, order, quads = best
    return found.quad[order], quads, ht, found.pattern[order]


def goals_seen(sf: Surface, h: np.ndarray, start: np.ndarray) -> list[tuple[float, np.ndarray]]:
    """(probability, outline) of each goal around where h puts it. A fit from a few cards near
    the start gets the direction to the goals better than the spacing of the rows out there:
    once a goal is seen, the start and the goals seen fix a new fit, and the others are looked
    for again around where it puts them."""
    img = sf.fine
    seen = [goal_at(img, h, 8, row) for row in GOAL_ROWS]
    for _ in range(2):
        # each goal seen on its own outline (it lies apart, on the table): the fit's outline out
        # there has the fit's spacing, which is what is off
        sure = [(row, push_sides(sf.grads, q, -0.3, 0.3, 25)) for row, (p, q) in zip(GOAL_ROWS, seen) if p >= 0.5]
        if not sure or len(sure) == len(GOAL_ROWS):
            break
        src = geometry.card_corners(0, 0) + [c for row, _ in sure for c in geometry.card_corners(8, row)]
        dst = list(start) + [c for _, q in sure for c in q]
        refit, _ = cv2.findHomography(np.float32(src), np.float32(dst), 0)
        if refit is None:
            break
        again = [p_q if p_q[0] >= 0.5 else goal_at(img, refit, 8, row, WIDE) for row, p_q in zip(GOAL_ROWS, seen)]
        # a goal still unseen keeps the outline the start and the goals seen put it on
        seen = [p_q if p_q[0] >= 0.5 else (p_q[0], geometry.quad_of(refit, 8, row)) for row, p_q in zip(GOAL_ROWS, again)]
        if sum(p >= 0.5 for p, _ in again) <= len(sure):
            break
    return seen
