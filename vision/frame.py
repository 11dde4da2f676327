"""The board frame the fiducials fix: start and goal outlines and the board->image homography."""
from dataclasses import dataclass

import cv2
import numpy as np

from . import board, geometry
from .goals import GoalColumn, blob_quad


def _goal_quads(goals: GoalColumn, order: np.ndarray, east: np.ndarray, south: np.ndarray, k: float,
                h: np.ndarray) -> list[np.ndarray]:
    """Each goal's outline when its blob is card-shaped, else the homography's prediction."""
    quads = []
    for (col, row), i in zip(board.GOAL_CELLS, order):
        predicted = geometry.quad_of(h, col, row)
        q = None if goals.blobs[i].guessed else blob_quad(goals.blobs[i])
        if q is not None:
            q = geometry.board_order(q * k, east, south)
            size = np.linalg.norm(predicted[1] - predicted[0])
            if np.max(np.linalg.norm(q - predicted, axis=1)) > 0.45 * size:
                q = None   # a drawing on the back (a diamond), not the card's outline
        quads.append(predicted if q is None else q)
    return quads


START_FIT = 0.35   # the frame may place the start this far (share of its width) from where it was seen


@dataclass(frozen=True)
class Frame:
    """The board frame the fiducials fix: start and goal outlines (fine px, board-ordered), the
    board->image homography, and the start's pattern frame (for learning its colours)."""

    start: np.ndarray
    goal_quads: list
    h: np.ndarray
    pattern: np.ndarray


def board_frame(quad: np.ndarray, pattern: np.ndarray, goals: GoalColumn, k: float) -> Frame | None:
    """Homography from the start's outline and the goals (their outlines where the blobs are
    card-shaped, else their centres); None when it is implausible (a wrong goal column)."""
    east, south, order = geometry.board_axes(quad, goals.centres * k)
    quad = geometry.board_order(quad, east, south)
    corners = geometry.card_corners(0, 0)
    try:
        seen = [(cell, goals.blobs[i].centre * k) for cell, i in zip(board.GOAL_CELLS, order) if not goals.blobs[i].guessed]
        h0 = geometry.fit_homography(corners + [list(c) for c, _ in seen], list(quad) + [p for _, p in seen])
        outlines = _goal_quads(goals, order, east, south, k, h0)
        src, pts = list(corners), list(quad)
        for (col, row), gq in zip(board.GOAL_CELLS, outlines):
            src += geometry.card_corners(col, row)
            pts += list(gq)
        h1 = geometry.fit_homography(src, pts)
    except (ValueError, cv2.error, np.linalg.LinAlgError):
        return None
    for h, gq in ((h1, outlines), (h0, [geometry.quad_of(h0, c, r) for c, r in board.GOAL_CELLS])):
        if _plausible(h, quad, goals, k):
            return Frame(quad, gq, h, geometry.board_order(pattern, east, south))
    return None


def _plausible(h: np.ndarray, start: np.ndarray, goals: GoalColumn, k: float) -> bool:
    """Cards as the homography draws them look like cards: convex, sensible aspect, the start where
    it was seen, goals the size of their blobs."""
    for col, row in ((0, 0), (4, 0), (8, 0), (8, -2), (8, 2)):
        q = geometry.quad_of(h, col, row)
        if not cv2.isContourConvex(np.float32(q)):
            return False
        w = np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])
        l = np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])
        if not 0.35 <= w / max(l, 1e-6) <= 1.2:
            return False
    q0 = geometry.quad_of(h, 0, 0)
    if np.max(np.linalg.norm(q0 - start, axis=1)) > START_FIT * np.linalg.norm(start[1] - start[0]):
        return False
    area = cv2.contourArea(np.float32(geometry.quad_of(h, 8, 0))) / (k * k)
    return 0.15 <= float(np.median([b.area for b in goals.blobs])) / max(area, 1e-6) <= 4.0


