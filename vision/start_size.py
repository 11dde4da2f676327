"""A second look at the start card's size when its frame leaves most of the maze unread.

The start's outline is posed on its cross and pushed out to the strongest edges, from a window
sized by the goal cards. Under a steep view the goals are far smaller than the start, and a
cross on touching cards has many straight edges nearby: the outline can come out a quarter too
small or too large, and the walk then predicts every neighbour beside its card. The card-versus-
table mask says how much card lies around the start; when the cards the walk found cover little
of it, the start is posed again at other sizes and the frame that reads the maze best is kept.
"""
from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from .fit import Gradients, card_outline
from .frame import Frame, board_frame
from .geometry import scaled
from .goals import GoalColumn
from .ladder import fit_cross

# (scale of the start's cross frame, pose it on the cross again) tried in turn
SIZES = ((1.25, False), (0.8, False), (1.5, False), (1.0, True))


def explained(mask: np.ndarray, quads: list[np.ndarray], start: np.ndarray, mask_scale: float) -> float:
    """Share of the card area connected to the start (the maze's blob in the mask) that the
    found cards cover; 1.0 when the mask does not see the start as card (nothing to compare)."""
    blob, drawn = _blob_and_cards(mask, quads, start, mask_scale)
    if blob is None:
        return 1.0
    return float(np.count_nonzero(blob & drawn)) / max(1, int(np.count_nonzero(blob)))


def blob_fit(mask: np.ndarray, quads: list[np.ndarray], start: np.ndarray, mask_scale: float) -> float:
    """How well the found cards match the maze's blob round the start: the area both cover over
    the area either covers (1.0 when the mask does not see the start as card). Unlike `explained`
    it also counts cards drawn over the table against: it tells apart start sizes whose frames
    read the same cards (a start and goals alone: every size reads them, a start posed on its
    cross alone covers a third of its card)."""
    blob, drawn = _blob_and_cards(mask, quads, start, mask_scale)
    if blob is None:
        return 1.0
    return float(np.count_nonzero(blob & drawn)) / max(1, int(np.count_nonzero(blob | drawn)))


def _blob_and_cards(mask: np.ndarray, quads: list[np.ndarray], start: np.ndarray,
                    mask_scale: float) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(the mask's blob under the start's centre, the quads filled), both boolean on the mask's
    grid; (None, None) when the mask sees table where the start lies."""
    _, labels = cv2.connectedComponents((mask > 127).astype(np.uint8))
    x, y = (start.mean(axis=0) * mask_scale).astype(int)
    h, w = mask.shape[:2]
    if not (0 <= x < w and 0 <= y < h) or labels[y, x] == 0:
        return None, None
    drawn = np.zeros(mask.shape[:2], np.uint8)
    cv2.fillPoly(drawn, [np.int32(np.round(q * mask_scale)) for q in quads], 1)
    return labels == labels[y, x], drawn > 0


def resized_frames(fine: np.ndarray, grads: Gradients, frame: Frame, column: GoalColumn,
                   k: float) -> Iterator[Frame]:
    """Frames from the same start and goal column with the start posed at the other SIZES."""
    for scale, repose in SIZES:
        pattern = scaled(frame.pattern, scale)
        if repose:
            pattern = fit_cross(fine, pattern)
        other = board_frame(card_outline(grads, pattern), pattern, column, k)
        if other is not None:
            yield other
