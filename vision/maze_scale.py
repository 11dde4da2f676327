"""The size of the maze's cards read off the maze itself, for the last-resort start search.

That search (vision.start_first.maze_windows) lays card windows over the whole maze blob; their
size came only from the lone card-like blobs beside the maze. With the goals merged into the maze
and a dotted cloth, the lone blobs are the cloth's dots (a coloured-tunnel probe photo: a median of
21 px against cards 65 px long) and every window is a fraction of a card. The card reader reads a
card as one on windows from about 0.7 to 1.4 times its size, and reads nothing on windows far off
that size: the sizes it is sure of, tried over the maze, bracket the true one.
"""
from collections.abc import Callable

import cv2
import numpy as np

from . import cellnet
from .goals import Blob
from .image_io import Photo
from .start import ASPECT

TRIALS = np.geomspace(1.5, 24.0, 14)    # the maze's long side in card lengths, tried
SPOTS = 40                             # windows' centres per trial, spread evenly over the maze
SURE = 0.95                            # a trial size counts when its best windows read this surely as a card
CENTRE = 1.1                           # the sure sizes' geometric middle lies a little under the card (measured)
STEP = 0.5                             # windows over the maze this share of a card width apart


def spots(rect: tuple[int, int, int, int], width: float, keep: np.ndarray) -> list[np.ndarray]:
    """Window centres (work px) half a card apart over the maze's bounding box, where `keep` is set."""
    x, y, w, h = rect
    return [np.array([cx, cy]) for cy in np.arange(y + width / 4, y + h, STEP * width)
            for cx in np.arange(x + width / 4, x + w, STEP * width) if keep[int(cy), int(cx)]]


def along_edges(photo: Photo, centres: list[np.ndarray], width: float, window: Callable, angle_at: Callable) -> list[np.ndarray]:
    """Card windows (fine px) on each centre, turned along the local edges and across them;
    `window(centre, width, angle)` and `angle_at(centre, radius)` as in vision.start_first."""
    return [window(c, width, angle_at(c, 2 * width) + turn) * photo.k for c in centres for turn in (0.0, np.pi / 2)]


def card_lengths(photo: Photo, maze: Blob, window: Callable, angle_at: Callable) -> list[tuple[float, float]]:
    """(card long side in work px, how surely the reader takes windows of that size for a card)
    for each trial size, on SPOTS of the search's own window centres. Surely: the mean of the top
    twentieth (at least 3) of (1 - p(empty)) x sureness over the windows."""
    rect = cv2.boundingRect(maze.contour)
    x, y, w, h = rect
    inside = np.zeros((y + h + 1, x + w + 1), np.uint8)
    cv2.drawContours(inside, [maze.contour], -1, 255, -1)
    out = []
    for n in TRIALS:
        length = max(w, h) / n
        width = length * ASPECT
        if width < 8:
            break
        pts = spots(rect, width, inside)
        pts = [pts[i] for i in np.unique(np.linspace(0, len(pts) - 1, SPOTS).astype(int))] if pts else []
        wins = along_edges(photo, pts, width, window, angle_at)
        if not wins:
            continue
        score = np.sort([(1 - g.p("empty")) * max(g.sureness, 0.0) for g in cellnet.read(photo.fine, wins)])[::-1]
        out.append((float(length), float(score[:max(3, len(score) // 20)].mean())))
    return out


def card_length(trials: list[tuple[float, float]], guess: float | None) -> float | None:
    """The card length to search the maze at: `guess` (from lone blobs) when the reader is sure
    of cards that size, else the geometric middle of the sizes it is sure of. None when it is sure
    of no card at any size: the blob is no maze (a stray card, the cloth's shading on a table
    without a board) and the search over it would read thousands of windows for nothing (main
    #0009: 8,114 of its 9,676 crops); the guess alone sent it there before, and no bench photo
    read differently without it."""
    sure = [length for length, s in trials if s >= SURE]
    if not sure:
        return None
    if guess is not None and min(sure) <= guess <= max(sure):
        return guess
    return float(np.sqrt(min(sure) * max(sure)) * CENTRE)
