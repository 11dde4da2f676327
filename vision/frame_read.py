"""A board read in one frame, and whether the answer may keep it: the walk from the frame's start
(vision.board), how well it reads the maze, and the frame moved onto the card the reader is sure
is the start when (0,0) is not (the start card defines the frame)."""
from typing import NamedTuple

import numpy as np

from . import board, cellnet, start_size
from .fit import Gradients
from .frame import Frame
from .goal_cells import goal_p
from .goals import GoalColumn
from .image_io import Photo
from .settings import ScanSettings
from .start_checks import read_as_start, shaped_like_goals


class Reading(NamedTuple):
    """A board read in one frame: its weight (clear cards and goals seen, unsure cards against),
    whether it can be trusted on its own, the cards, and the board -> image homography."""

    score: float
    sane: bool
    cells: list
    h: np.ndarray


def goals_in_view(cells: list, shape: tuple) -> bool:
    """Whether the frame puts every goal in the photo, at least half of it: the goal column is
    part of the photo a board is read from (a refused photo asks for all three goals in view), so
    a frame with a goal off the photo has taken other cards for the goals and stretched the grid."""
    h, w = shape[:2]
    for c in (c for c in cells if c.kind == "goal"):
        (x, y), half = c.quad.mean(axis=0), 0.5 * min(np.linalg.norm(c.quad[1] - c.quad[0]), np.linalg.norm(c.quad[3] - c.quad[0]))
        if not (-half <= x < w + half and -half <= y < h + half):
            return False
    return True


def apart(cells: list) -> bool:
    """Whether the start and the goals lie apart, as they do on every board (the nearest two, the
    goals, two card lengths): a frame whose start lies on a goal's outline took one card for
    both (renderer seed 1300070, a photo without a start: a window on a goal back read as the
    start, and the board answered with the start and the goals alone)."""
    fixed = [c.quad for c in cells if c.kind in ("start", "goal")]
    for i, a in enumerate(fixed):
        width = min(np.linalg.norm(a[1] - a[0]), np.linalg.norm(a[3] - a[0]))
        if any(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0)) < width for b in fixed[i + 1:]):
            return False
    return True


def framed(cells: list, h: np.ndarray, photo: Photo) -> bool:
    """Whether a frame's goals are in view, read like goals and lie apart from the start (see
    goals_in_view, shaped_like_goals, apart), the start where the answer would report it: where
    the maze's fit puts it when enough path cards hold that fit (board.start_from_fit). Its own
    outline, snapped in the walk, may have shrunk onto its ladder while the maze read exactly
    (renderer seed 1300038: a start 0.4 card off under a steep view, judged thinner than the goals)."""
    placed = board.start_from_fit(cells, h)
    return goals_in_view(placed, photo.fine.shape) and shaped_like_goals(placed) and apart(placed)


def kept(photo: Photo, mask: np.ndarray, grads: Gradients, read: Reading, goals: GoalColumn,
         settings: ScanSettings) -> Reading | None:
    """The reading a frame offers the answer: its own when its (0,0) reads
    as the start; else its reading moved onto a card the walk found that the reader is sure is the
    start, when there (0,0) reads as the start (a start posed one card off its ladder reads the
    maze shifted by a cell, as does a goal column a row off: the start card defines the frame);
    else None."""
    if read_as_start(photo.fine, read.cells, read.h):
        return read
    moved = moved_onto_start(photo, mask, grads, read.cells, read.h, goals, settings)
    if moved is None or not framed(moved.cells, moved.h, photo) or not read_as_start(photo.fine, moved.cells, moved.h):
        return None
    return moved


def moved_onto_start(photo: Photo, mask: np.ndarray, grads: Gradients, cells: list, h: np.ndarray,
                     goals: GoalColumn, settings: ScanSettings) -> Reading | None:
    """The frame read again from the path card the reader is surest is the start, when it is sure
    and the card at (0,0) reads less like it; None otherwise."""
    start = next(c for c in cells if c.kind == "start")
    rival = max((c for c in cells if c.kind == "path"), key=lambda c: c.p_start, default=None)
    if rival is None or rival.p_start < board.SURE:
        return None
    if cellnet.read(photo.fine, [start.quad])[0].p("start") >= rival.p_start:
        return None
    moved = h @ np.float64([[1, 0, rival.col], [0, 1, rival.row], [0, 0, 1]])
    frame = Frame(rival.quad, [c.quad for c in sorted(cells, key=lambda c: (c.col, c.row)) if c.kind == "goal"],
                  moved, rival.quad)
    return read_frame(photo, mask, grads, frame, goals, settings)


def start_beside(photo: Photo, mask: np.ndarray, grads: Gradients, read: Reading, goals: GoalColumn,
                 settings: ScanSettings) -> Reading:
    """The kept frame read again from a card the walk found that the reader is sure is the start,
    where the card at (0,0) reads less like it (a start posed one card off its ladder reads the
    maze shifted by a cell, often surely, and cells across two cards can read as more cards than
    the true frame finds): the start card defines the frame, so its reading is kept when it reads
    the maze cleanly (or better)."""
    moved = moved_onto_start(photo, mask, grads, read.cells, read.h, goals, settings)
    if moved is None:
        return read
    return moved if moved.sane or moved.score > read.score else read


def read_frame(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, goals: GoalColumn,
               settings: ScanSettings) -> Reading:
    """The board read in this frame; where the cards found
    cover little of the maze around the start, also with the start posed at other sizes (_sized).
    Each goal the reader sees where the frame puts it counts like a clear card; a frame that leaves
    most of the maze unread, or puts its goals where the reader sees fewer than two goal cards,
    is not trusted on its own: other frames are read too."""
    cells, h = read_board(photo, mask, grads, frame, settings)
    score, sane = quality(cells, settings.cell.low_confidence)
    k = photo.k
    covered = covered_share(mask, cells, frame.start, k)
    if covered < settings.start.explained or _no_path(cells):
        (score, sane, cells, h), covered = _sized(photo, mask, grads, frame, goals, settings,
                                                  Reading(score, sane, cells, h), covered)
        sane = sane and covered >= settings.start.explained
    seen = goal_count(photo.fine, cells)
    return Reading(score + seen, sane and seen >= 2, cells, h)


def _sized(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, goals: GoalColumn,
           settings: ScanSettings, read: Reading, covered: float) -> tuple[Reading, float]:
    """The best of this reading (its goals seen not yet counted; `covered`: the share of the
    maze's blob its cards cover) and the frame's start posed at the other sizes, with its share
    covered: one scoring higher; between readings of no path card, the size fitting the mask's blob
    (_blob_fit). When the cards cover enough of the maze (not `short`) but no path card was read,
    only a size reading a handful of path cards clearly (StartSettings.few) replaces it: a start
    posed on its ladder in cards the mask misses (cloth-coloured stone: 2100089) reads the start
    and goals alone, while on a first-round table a larger start reads a card or two of clutter.
    When `short` (covered under StartSettings.explained), a size scoring higher must also cover
    as much of the maze's blob as the kept reading: on a first-round table (renderer seed 3100130, 1 MP, a dark cloth) the start posed
    again on its cross came out half its card's length, the other half of the card read as a path
    card (0.74), one card more than the sizes fitting the card (blob covered 0.65 against 0.79)."""
    score, sane, cells, h = read
    k, fit, short = photo.k, None, covered < settings.start.explained
    for other in start_size.resized_frames(photo.fine, grads, frame, goals, k):
        cells2, h2 = read_board(photo, mask, grads, other, settings)
        score2, sane2 = quality(cells2, settings.cell.low_confidence)
        if score2 > score and short:
            covered2 = covered_share(mask, cells2, frame.start, k)
            if covered2 >= covered:
                score, sane, cells, h, fit, covered = score2, sane2, cells2, h2, None, covered2
        elif score2 > score and sane2 and walked_paths(cells2) >= settings.start.few:
            score, sane, cells, h, fit = score2, sane2, cells2, h2, None
            covered = covered_share(mask, cells, frame.start, k)
        elif short and _no_path(cells) and _no_path(cells2):   # the same goals alone: the size fitting the blob
            fit = _blob_fit(mask, cells, frame.start, k) if fit is None else fit
            fit2 = _blob_fit(mask, cells2, frame.start, k)
            if fit2 > fit:
                score, sane, cells, h, fit = score2, sane2, cells2, h2, fit2
                covered = covered_share(mask, cells, frame.start, k)
    return Reading(score, sane, cells, h), covered


def better(read: Reading, best: tuple | None) -> bool:
    """Whether a reading should replace the kept one: it scores higher, or it is clear where the
    kept one is not. A frame whose goals the reader does not see is not clear, however many cards
    its walk finds: on a cloth checked in the cards' colours a column of dark squares taken for
    the goals framed 31 "cards" across the maze (renderer seed 1900009), outscoring the start's
    own frame that saw its three goals and read the 17 cards exactly."""
    return best is None or read.score > best[1].score or (read.sane and not best[1].sane)


def replaces(read: Reading, best: tuple | None, mask: np.ndarray, k: float) -> bool:
    """Whether a reading replaces the kept one (`best`: (goal column, Reading), None before the
    first): `better`, or alike and winning the tie (wins_tie); between two clear readings a card
    apart, not the one whose grid is cut finer than the cards (splits_finer), whichever came first."""
    if best is not None and splits_finer(read, best[1], mask, k):
        return False
    if best is not None and splits_finer(best[1], read, mask, k):
        return True
    return better(read, best) or wins_tie(read, best, mask, k)


TIE_COVER = 0.1   # share of the maze's blob a reading must cover more to win a tie ...
TIE_SURE = 0.1    # ... or, covering about as much, how much surer its path cards must be on average


def wins_tie(read: Reading, best: tuple | None, mask: np.ndarray, k: float) -> bool:
    """Whether a reading that scores as the kept one (`best`: (goal column, Reading)) and is as
    clear replaces it: it covers more of the maze's blob round its start (by TIE_COVER), or about
    as much and its path cards read surer (by TIE_SURE on average). A start posed squashed can read
    the same cards a cell off, its grid sheared round the start (renderer seed 3300058, a start
    and two cards behind it: read as (-2, 1) and (-2, 0) for (-1, 0) and (-1, -1), covering 0.77
    of the blob; the next frame, its start at the card's size, read them right covering 0.96);
    a start posed a little off reads its lone neighbour askew (3500013: NW at 0.63, and NSW at
    1.00 from the next frame). Either lost the tie to the frame read first."""
    if best is None or read.score != best[1].score or read.sane != best[1].sane:
        return False
    mine, theirs = _covered(read, mask, k), _covered(best[1], mask, k)
    if abs(mine - theirs) >= TIE_COVER:
        return mine > theirs
    return _sureness(read.cells) >= _sureness(best[1].cells) + TIE_SURE


SPLIT_COVER = 0.05   # share of the maze's blob a reading of one card more may not cover less by


def splits_finer(read: Reading, other: Reading, mask: np.ndarray, k: float) -> bool:
    """Whether `read` outscores `other` by one card at most, both clear, by reading more path
    cards that cover less of the maze's blob round their start (by SPLIT_COVER): a grid cut
    finer than the cards, not a card more. Under a steep view a start posed small (renderer seed
    3500018: nearly square, 86 x 89 px, where its card is 75 x 139) reads the card behind it and
    half the start as two straight cards, covering 0.77 of the blob against 0.86 for the frame
    reading that one card right."""
    if not (read.sane and other.sane) or not 0 < read.score - other.score <= 1:
        return False
    if walked_paths(read.cells) <= walked_paths(other.cells):
        return False
    return _covered(read, mask, k) < _covered(other, mask, k) - SPLIT_COVER


def _covered(read: Reading, mask: np.ndarray, k: float) -> float:
    """covered_share of a reading, round its own start."""
    return covered_share(mask, read.cells, next(c.quad for c in read.cells if c.kind == "start"), k)


def _sureness(cells: list) -> float:
    """Mean confidence of the path cards the walk found (1.0 with none: nothing unsure)."""
    paths = [c.confidence for c in cells if c.kind == "path" and not c.restored]
    return float(np.mean(paths)) if paths else 1.0


def covered_share(mask: np.ndarray, cells: list, start: np.ndarray, k: float) -> float:
    """Share of the maze's blob round the start the frame's cards cover; cards restored from the
    walk's first pass (board._restored) are left out: they do not vouch for the frame's last fit."""
    return start_size.explained(mask, [c.quad for c in cells if not c.restored], start, 1.0 / k)


def _no_path(cells: list) -> bool:
    """Whether a frame reads no path card (restored ones left out, as in quality): a start and
    goals alone, the first round's table, read the same at every size of the start. Then only
    the mask tells its sizes apart (_blob_fit); with path cards it would favour the size whose
    cards spread furthest over a blob that is often the whole table (OpenCV 4.10, main #0162)."""
    return walked_paths(cells) == 0


def walked_paths(cells: list) -> int:
    """How many path cards a frame's walk found itself: cards restored from the walk's first pass
    or read in the gaps after it (board._restored, holes) do not vouch for the frame, as in quality."""
    return sum(c.kind == "path" and not c.restored for c in cells)


def _blob_fit(mask: np.ndarray, cells: list, start: np.ndarray, k: float) -> float:
    """start_size.blob_fit of a frame's cards (restored ones left out, as in covered_share)."""
    return start_size.blob_fit(mask, [c.quad for c in cells if not c.restored], start, 1.0 / k)


def goal_count(img: np.ndarray, cells: list) -> int:
    """How many of the frame's goal outlines the reader takes for a goal card (face down or up)."""
    return sum(goal_p(g) >= 0.5 for g in cellnet.read(img, [c.quad for c in cells if c.kind == "goal"]))


def read_board(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, settings: ScanSettings):
    """Every card the walk finds in this frame: (cells, board->image homography)."""
    k = photo.k
    surface = board.trusting(board.Surface(photo.fine, grads, mask, 1.0 / k), frame.start,
                             settings.grid.min_mask)
    start = board.Cell(0, 0, "start", "NESW", False, None, 1.0, frame.start)
    return board.walk(surface, frame.h, start, frame.goal_quads, settings.grid, settings.cell)


def quality(cells: list, low: float) -> tuple[float, bool]:
    """How well a frame reads the maze: cards read clearly count for it, unsure ones three times
    against (a start one cell off, or a cross elsewhere taken for the start, puts the grid across
    the cards); sane when few of its cards are unsure (at most a quarter of its path cards), so
    no other frame is tried once it also reads a handful of path cards (`StartSettings.few`).
    Cards restored from the walk's first pass (board._restored) count neither way."""
    paths = [c.confidence for c in cells if c.kind == "path" and not c.restored]
    unsure = sum(c < low for c in paths)
    return len(paths) - 3.0 * unsure, unsure <= 0.25 * len(paths)
