"""vision.scan(image) -> Scan: the pipeline, step by step, each step with only its own settings."""
import itertools
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from . import board, cellnet, start_first, start_pose, start_size, start_view
from .errors import ScanError, StartNotFound, TooBlurred
from .fiducials import Seen, find_fiducials
from .fit import Gradients
from .frame import Frame, board_frame
from .goal_cells import goal_p, goals_wider
from .goals import GoalColumn
from .image_io import Photo, load_photo
from .mask import card_mask, thin
from .start_checks import read_as_start, shaped_like_goals
from .settings import ScanSettings, StartSettings
from .warnings import board_warnings


@dataclass
class Scan:
    """What lies on the table (or why the photo cannot be read)."""

    ok: bool
    cards: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    ms: float = 0.0
    error: str = ""
    photo: str | None = None
    debug: dict = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict:
        out: dict = {} if self.photo is None else {"photo": self.photo}
        if not self.ok:
            out.update(ok=False, error=self.error)
            return out
        out.update(ok=True, cards=self.cards, warnings=self.warnings, ms=round(self.ms, 1))
        return out


def sharpness(grey: np.ndarray) -> float:
    """Steepest edges relative to the photo's contrast: low when the whole photo is blurred."""
    g = cv2.GaussianBlur(grey, (3, 3), 0).astype(np.float32)
    mag = cv2.magnitude(cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1))
    lo, hi = np.percentile(g[::4, ::4], (1, 99))
    flat = mag.ravel()
    k = int(0.997 * (flat.size - 1))
    return float(np.partition(flat, k)[k] / 8.0 / max(hi - lo, 1.0))


def run(image, settings: ScanSettings) -> tuple[list, dict]:
    """The whole pipeline for one photo; raises ScanError subclasses for unreadable photos.
    Frames come from the goal column first; when none reads the maze well, from the start alone.
    A photo refused on a mask that saw almost no card is read once more on a mask whose table
    must also run round the photo's rim (vision.mask): a maze filling half the photo can pass
    for the table. Only then: on a plain mask that reads the board, that one is kept."""
    photo = load_photo(image, settings.load)
    looked: dict = {"photo": photo}     # what a failure's debug sheet shows
    try:
        grey = cv2.cvtColor(photo.work, cv2.COLOR_BGR2GRAY)
        if sharpness(grey) < settings.blur.min_sharpness:
            raise TooBlurred()
        grads = Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY))
        mask = card_mask(photo.work, settings.mask)
        try:
            return _run(photo, mask, grads, settings, looked)
        except ScanError as first:
            if not thin(mask, settings.mask):
                raise
            rim = card_mask(photo.work, settings.mask, rim=True)
            if np.array_equal(rim, mask):
                raise   # the same mask reads the same: most thin masks have no colour the rim rules out
            try:
                return _run(photo, rim, grads, settings, {"photo": photo})
            except ScanError:
                raise first from None   # the first reading's reason and sheet
    except ScanError as err:
        err.debug = looked
        raise


def _run(photo: Photo, mask: np.ndarray, grads: Gradients, settings: ScanSettings, looked: dict) -> tuple[list, dict]:
    """The pipeline after decoding and masking; `looked` gathers what a refused photo's debug sheet shows."""
    looked["mask"] = mask
    best, best_sane, error, seen = None, False, None, Seen(photo, mask, settings)
    looked["seen"] = seen
    for source in (find_fiducials, _start_first):
        try:
            for i, (goals, frame) in enumerate(source(photo, mask, grads, seen, settings)):
                score, sane, cells, h = _read_frame(photo, mask, grads, frame, goals, settings)
                if not (_goals_in_view(cells, photo.fine.shape) and shaped_like_goals(cells)):
                    continue
                if (best is None or score > best[0]) and read_as_start(photo.fine, cells, h):
                    best, best_sane = (score, goals, cells, h), sane
                if _settled(sane, cells, i, settings.start):
                    break
        except ScanError as err:
            error = error or err
        if best is not None and best_sane:
            break   # a frame from the goal column that reads the maze clearly: no start-first search
    if best is None:
        raise error or StartNotFound()
    best = _start_beside(photo, mask, grads, best, settings)
    _, goals, cells, h = best
    cells = goals_wider(photo.fine, h, board.start_from_fit(cells, h))
    _read_enough(photo, mask, cells, settings.start)
    cards = [_card_dict(c, photo.fine_scale) for c in sorted(cells, key=lambda c: (c.col, c.row))]
    debug = {"photo": photo, "mask": mask, "goals": goals, "h": h, "cells": cells}
    return cards, debug


def _goals_in_view(cells: list, shape: tuple) -> bool:
    """Whether the frame puts every goal in the photo, at least half of it: the goal column is
    part of the photo a board is read from (a refused photo asks for all three goals in view), so
    a frame with a goal off the photo has taken other cards for the goals and stretched the grid."""
    h, w = shape[:2]
    for c in (c for c in cells if c.kind == "goal"):
        (x, y), half = c.quad.mean(axis=0), 0.5 * min(np.linalg.norm(c.quad[1] - c.quad[0]), np.linalg.norm(c.quad[3] - c.quad[0]))
        if not (-half <= x < w + half and -half <= y < h + half):
            return False
    return True


def _read_enough(photo: Photo, mask: np.ndarray, cells: list, s: StartSettings) -> None:
    """Refuse a board that reads only a small part of the maze around its start: its start is
    not the start (in a photo without one, a crossing of four cards was taken for it, and a
    frame from it reads a few cards surely), whatever those cards say. On the bench, boards read
    exactly cover 57 % of the start's blob or more; the bad photos that passed covered a quarter."""
    start = next(c.quad for c in cells if c.kind == "start")
    k = photo.k
    covered = start_size.explained(mask, [c.quad for c in cells], start, 1.0 / k)
    if covered < s.least_read:
        raise StartNotFound(f"the card taken for it leaves {1 - covered:.0%} of the maze around it unread")


def _settled(sane: bool, cells: list, i: int, s: StartSettings) -> bool:
    """Whether the i-th frame (from 0) read ends the search: a clear one reading a handful of path
    cards, or the last one allowed. A clear frame that reads only a few cards may be a start posed
    askew whose walk stopped early where the mask hardly sees the maze: the next frames are read too."""
    return (sane and sum(c.kind == "path" for c in cells) >= s.few) or i + 1 >= s.frames


def _start_beside(photo: Photo, mask: np.ndarray, grads: Gradients, best: tuple, settings: ScanSettings) -> tuple:
    """The frame read again from a card the walk found that the reader is sure is the start,
    where the card at (0,0) reads less like it (a start posed one card off its ladder reads the
    maze shifted by a cell, often surely, and cells across two cards can read as more cards than
    the true frame finds): the start card defines the frame, so its reading is kept when it reads
    the maze cleanly (or better)."""
    score, goals, cells, h = best
    start = next(c for c in cells if c.kind == "start")
    rival = max((c for c in cells if c.kind == "path"), key=lambda c: c.p_start, default=None)
    if rival is None or rival.p_start < board.SURE:
        return best
    if cellnet.read(photo.fine, [start.quad])[0].p("start") >= rival.p_start:
        return best
    moved = h @ np.float64([[1, 0, rival.col], [0, 1, rival.row], [0, 0, 1]])
    frame = Frame(rival.quad, [c.quad for c in sorted(cells, key=lambda c: (c.col, c.row)) if c.kind == "goal"],
                  moved, rival.quad)
    score2, sane2, cells2, h2 = _read_frame(photo, mask, grads, frame, goals, settings)
    return (score2, goals, cells2, h2) if sane2 or score2 > score else best


def _start_first(photo: Photo, mask: np.ndarray, grads: Gradients, seen: Seen, settings: ScanSettings):
    """Frames found from the start card alone (see vision.start_first): yields (goal column, Frame)."""
    k = photo.k
    n = settings.start.columns
    columns = [c for c in seen.placed[:n] + seen.copies[:n] if seen.votes(c) >= 2]
    sf = board.Surface(photo.fine, grads, mask, 1.0 / k)
    # odd patches first (a ladder); then where the goal columns say the start must lie (along their strip,
    # then on the board plane their outlines rectify); then anywhere on the maze
    windows = itertools.chain(start_first.start_windows(photo, seen.patches),
                              (w for c in columns[:2] for w in start_first.strip_windows(photo, c)),
                              (w for c in columns[:2] for w in _view_windows(photo, seen, c, settings.start)),
                              start_first.maze_windows(photo, mask, seen.maze, seen.blobs))
    for window in windows:
        found = start_pose.snap(photo, grads, window)
        if found is None:
            continue
        trusted = board.trusting(sf, found.quad)
        for column in columns:   # the start and the goals alone fix the frame, else with the maze
            frame = board_frame(found.quad, found.pattern, column, k)
            if frame is None:
                framed = start_first.frame_with_column(trusted, found, column, k, settings.grid, settings.cell)
                frame = None if framed is None else Frame(*framed)
            if frame is not None:
                yield column, frame
        framed = start_first.frame_for(trusted, found, settings.grid, settings.cell, settings.start.explained)
        if framed is not None:
            yield start_first.goal_column(framed[1], k), Frame(*framed)
    raise StartNotFound()


def _view_windows(photo: Photo, seen: Seen, column: GoalColumn, s: StartSettings) -> list:
    """Windows on the start spots of the board plane this column's outlines rectify that the
    reader takes for the start (vision.start_view; a steep view turns the strip's windows off)."""
    return start_first.best_windows(photo.fine, start_view.windows(seen.start_hits(column, s, "view"), photo.k), 4)


def _read_frame(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, goals: GoalColumn,
                settings: ScanSettings) -> tuple[float, bool, list, np.ndarray]:
    """The board read in this frame, (quality, sane, cells, homography); where the cards found
    cover little of the maze around the start, also with the start posed at other sizes. Each
    goal the reader sees where the frame puts it counts like a clear card; a frame that leaves
    most of the maze unread, or puts its goals where the reader sees fewer than two goal cards,
    is not trusted on its own: other frames are read too."""
    cells, h = _read_board(photo, mask, grads, frame, settings)
    score, sane = _quality(cells, settings.cell.low_confidence)
    k = photo.k
    covered = _covered(mask, cells, frame.start, k)
    if covered < settings.start.explained:
        first = cells
        for other in start_size.resized_frames(photo.fine, grads, frame, goals, k):
            cells2, h2 = _read_board(photo, mask, grads, other, settings)
            score2, sane2 = _quality(cells2, settings.cell.low_confidence)
            if score2 > score:
                score, sane, cells, h = score2, sane2, cells2, h2
        if cells is not first:
            covered = _covered(mask, cells, frame.start, k)
        sane = sane and covered >= settings.start.explained
    seen = _goal_count(photo.fine, cells)
    return score + seen, sane and seen >= 2, cells, h


def _covered(mask: np.ndarray, cells: list, start: np.ndarray, k: float) -> float:
    """Share of the maze's blob round the start the frame's cards cover; cards restored from the
    walk's first pass (board._restored) are left out: they do not vouch for the frame's last fit."""
    return start_size.explained(mask, [c.quad for c in cells if not c.restored], start, 1.0 / k)


def _goal_count(img: np.ndarray, cells: list) -> int:
    """How many of the frame's goal outlines the reader takes for a goal card (face down or up)."""
    return sum(goal_p(g) >= 0.5 for g in cellnet.read(img, [c.quad for c in cells if c.kind == "goal"]))


def _read_board(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, settings: ScanSettings):
    """Every card the walk finds in this frame: (cells, board->image homography)."""
    k = photo.k
    surface = board.trusting(board.Surface(photo.fine, grads, mask, 1.0 / k), frame.start)
    start = board.Cell(0, 0, "start", "NESW", False, None, 1.0, frame.start)
    return board.walk(surface, frame.h, start, frame.goal_quads, settings.grid, settings.cell)


def _quality(cells: list, low: float) -> tuple[float, bool]:
    """How well a frame reads the maze: cards read clearly count for it, unsure ones three times
    against (a start one cell off, or a cross elsewhere taken for the start, puts the grid across
    the cards); sane when few of its cards are unsure (at most a quarter of its path cards), so
    no other frame is tried once it also reads a handful of path cards (`StartSettings.few`).
    Cards restored from the walk's first pass (board._restored) count neither way."""
    paths = [c.confidence for c in cells if c.kind == "path" and not c.restored]
    unsure = sum(c < low for c in paths)
    return len(paths) - 3.0 * unsure, unsure <= 0.25 * len(paths)


def _card_dict(c: board.Cell, fine_scale: float) -> dict:
    d = {"col": c.col, "row": c.row, "kind": c.kind, "openings": c.openings, "dead_end": c.dead_end}
    if c.kind == "goal":
        d["face"] = c.face
    d["confidence"] = round(float(c.confidence), 3)
    d["corners"] = [[round(float(x) / fine_scale, 1), round(float(y) / fine_scale, 1)] for x, y in c.quad]
    return d


def scan(image, settings: ScanSettings | None = None, photo_name: str | None = None) -> Scan:
    """Read one photo (path, encoded bytes or BGR array). Never raises for a bad photo."""
    t0 = time.perf_counter()
    settings = settings or ScanSettings()
    try:
        cards, debug = run(image, settings)
    except ScanError as err:
        return Scan(ok=False, error=err.message, photo=photo_name, ms=(time.perf_counter() - t0) * 1000,
                    debug=getattr(err, "debug", {}))
    except (cv2.error, ValueError, np.linalg.LinAlgError) as err:
        return Scan(ok=False, error=f"the card layout could not be fitted ({type(err).__name__}): "
                    "retake the photo from straight above with the whole maze in view",
                    photo=photo_name, ms=(time.perf_counter() - t0) * 1000)
    warnings = board_warnings(cards)
    return Scan(ok=True, cards=cards, warnings=warnings, ms=(time.perf_counter() - t0) * 1000,
                photo=photo_name, debug=debug)
