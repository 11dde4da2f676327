"""vision.scan(image) -> Scan: the pipeline, step by step, each step with only its own settings."""
import functools
import itertools
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from . import board, cellnet, start_first, start_size
from .errors import GoalsNotFound, NoMaze, ScanError, StartNotFound, TooBlurred
from .goal_copies import copy_columns
from .goals import GoalColumn, find_blobs, find_goal_columns
from .image_io import Photo, load_photo
from .fit import Gradients, push_pairs
from .frame import Frame, board_frame
from .ladder import evidence, fit_cross, rectify
from .mask import card_mask
from .settings import ScanSettings
from .start import ASPECT, odd_candidates, odd_patches, start_candidates
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


class Seen:
    """What both frame searches start from, worked out once per photo: card blobs, odd-coloured
    patches (ladder candidates), goal columns seen apart and made of copies, and (on demand, once
    per column) how many of a column's cards the reader calls goals."""

    def __init__(self, photo: Photo, mask: np.ndarray, settings: ScanSettings):
        self.blobs = find_blobs(photo.work, mask, settings.goals)
        if not self.blobs:
            raise NoMaze()
        self.lab = cv2.cvtColor(photo.work, cv2.COLOR_BGR2Lab).astype(np.float32)
        self.patches = odd_patches(self.lab, mask, max(self.blobs, key=lambda b: b.area).contour, settings.start)
        self.placed = find_goal_columns(self.blobs, settings.goals)
        self._work = photo.work
        self._fine, self._k = photo.fine, photo.fine_scale / photo.work_scale
        self._votes: dict[int, int] = {}

    @functools.cached_property
    def copies(self) -> list[GoalColumn]:
        """Goal columns made of copies of one clean goal's picture; searched only when asked for
        (a column of goals seen apart usually frames the photo first)."""
        return copy_columns(self._work, self.blobs)

    def votes(self, column: GoalColumn) -> int:
        if id(column) not in self._votes:
            self._votes[id(column)] = start_first.goal_votes(self._fine, column, self._k)
        return self._votes[id(column)]


def _find_fiducials(photo: Photo, mask: np.ndarray, grads: Gradients, seen: Seen, settings: ScanSettings):
    """Goal columns whose start card is found and gives a plausible board frame, best first:
    yields (goal column, Frame); raises the reason when there is none. Start windows sized like
    the goals are tried for every column before windows of other sizes (a steep view)."""
    k = photo.fine_scale / photo.work_scale
    seen_start = found = False
    for scales in ((1.0,), START_SCALES):
        for column, placed in _columns(seen, settings):
            for outline, ev, pattern, p_start in _starts_for(photo, seen, mask, grads, column, settings, scales):
                cols = _distance(outline, column, k)
                if not placed and not 7.0 <= cols <= 10.2:
                    continue   # a column partly made of copies must also lie eight card widths away
                exact = placed and 7.6 <= cols <= 9.2
                if not _is_start(ev.score, p_start, settings.start.min_evidence_placed if exact else settings.start.min_evidence):
                    continue
                seen_start = True
                if not _consistent(outline, column, k):
                    continue
                frame = board_frame(outline, pattern, column, k)
                if frame is not None:
                    found = True
                    yield column, frame
    if found:
        return
    if not (seen.placed or seen.copies):
        raise GoalsNotFound()
    raise GoalsNotFound("the start card was seen, but no goal column fits it") if seen_start else StartNotFound()


def _columns(seen: Seen, settings: ScanSettings):
    """(goal column, seen apart) to try: three goals seen apart first; then one seen apart and
    two copies of its picture in line (goals merged into the maze blob, or coloured like the
    tablecloth). A column whose three cards the reader all calls goals comes first (two goals and
    the next card in line also make three alike in a line); the rest keep their order, as the
    reader may not know this edition's goal backs."""
    for columns, placed in ((seen.placed, True), (seen.copies, False)):
        columns = columns[: settings.start.columns]
        sure = [seen.votes(c) == 3 for c in columns]
        for _, column in sorted(zip(sure, columns), key=lambda t: -t[0]):
            yield column, placed


def _is_start(evidence: float, p_start: float, min_evidence: float) -> bool:
    """The card reader is sure it sees the start, or the ladder's evidence is strong and the reader
    does not rule the start out (a plain cross with a gem on it is not the start)."""
    return p_start >= 0.5 or (evidence >= min_evidence and p_start >= 0.15)


def _distance(quad: np.ndarray, goals: GoalColumn, k: float) -> float:
    """How far the middle goal lies from this start, in card widths (the start's and the goals'
    averaged, which undoes most of the perspective's change of scale): about 8 for the real start."""
    w = float(np.linalg.norm(quad[1] + quad[2] - quad[0] - quad[3])) / 2 / k
    goal_w = np.sqrt(float(np.median([b.area for b in goals.blobs])) * ASPECT)
    return float(np.linalg.norm(goals.centres[1] - quad.mean(axis=0) / k)) / max(np.sqrt(w * goal_w), 1e-6)


def _consistent(quad: np.ndarray, goals: GoalColumn, k: float) -> bool:
    """Start and goal column agree on the card size, lie about eight card widths apart, and the
    start lies in line with the goals (its long side along the goal column, give or take the
    perspective): three alike blobs near the maze are not the goal column, a turned window no start."""
    start_area = cv2.contourArea(np.float32(quad)) / (k * k)
    goal_area = float(np.median([b.area for b in goals.blobs]))
    width = np.linalg.norm(quad[1] - quad[0]) / k
    gap = np.linalg.norm(goals.centres[1] - quad.mean(axis=0) / k) / max(width, 1e-6)
    along = (quad[3] + quad[2] - quad[0] - quad[1]) / 2
    column = goals.centres[2] - goals.centres[0]
    cos = abs(float(along @ column)) / (np.linalg.norm(along) * np.linalg.norm(column) + 1e-9)
    return 0.25 <= goal_area / max(start_area, 1e-6) <= 4.0 and 4.0 <= gap <= 14.0 and cos > np.cos(np.radians(35))


START_SCALES = (0.7, 0.5, 1.4)   # start window sizes tried second, shares of the goal-sized one


def _starts_for(photo: Photo, seen: Seen, mask: np.ndarray, grads: Gradients, column: GoalColumn,
                settings: ScanSettings, scales: tuple = (1.0,)):
    """Start-like cards near this goal column, most start-like first (the card reader's call on the
    rough window, then the ladder's evidence): yields (outline quad in fine px, evidence, the quad
    framed by its cross pattern, the reader's probability of the start). Windows are sized like the
    goals times one of `scales`; with several, each spot keeps its likeliest size, and only spots
    the reader takes for the start are posed. Lazy: posing a window on its cross is the costly
    part, and the first start usually gives a frame that reads well."""
    k = photo.fine_scale / photo.work_scale
    sized = []
    for hit in start_candidates(seen.lab, mask, column, settings.start) + odd_candidates(seen.patches, column, settings.start):
        c, hw, hl = hit.centre * k, hit.half_w * k, hit.half_l * k
        sized += [np.array([c - s * (hw + hl), c + s * (hw - hl), c + s * (hw + hl), c - s * (hw - hl)]) for s in scales]
    n = len(scales)
    ps = np.array([g.p("start") for g in cellnet.read(photo.fine, sized)]).reshape(-1, n)
    best = [int(np.argmax(row)) for row in ps]
    spots = [(float(ps[i, j]), sized[i * n + j]) for i, j in enumerate(best) if n == 1 or ps[i, j] >= 0.5]
    for quad in _by_evidence(photo.fine, spots, settings.start.snapped):
        quad = fit_cross(photo.fine, quad)
        outline = push_pairs(grads, quad, -0.05, 0.22, 12)   # the cross frames the middle; the outline fixes the size
        yield outline, evidence(rectify(photo.fine, quad)), quad, cellnet.read(photo.fine, [outline])[0].p("start")


def _by_evidence(img: np.ndarray, spots: list, limit: int):
    """The first `limit` windows: those the reader takes for the start, then the rest, each group
    by the ladder's evidence. Lazy: the second group's evidence is worked out only if asked for."""
    sure = [q for p, q in spots if p >= 0.5]
    rest = [q for p, q in spots if p < 0.5]
    for group in (sure, rest):
        for _, i in sorted(((evidence(rectify(img, q)).score, i) for i, q in enumerate(group)), key=lambda t: -t[0])[:limit]:
            yield group[i]
            limit -= 1
        if limit <= 0:
            return


def run(image, settings: ScanSettings) -> tuple[list, dict]:
    """The whole pipeline for one photo; raises ScanError subclasses for unreadable photos.
    Frames come from the goal column first; when none reads the maze well, from the start alone."""
    photo = load_photo(image, settings.load)
    looked: dict = {"photo": photo}     # what a failure's debug sheet shows
    try:
        return _run(photo, settings, looked)
    except ScanError as err:
        err.debug = looked
        raise


def _run(photo: Photo, settings: ScanSettings, looked: dict) -> tuple[list, dict]:
    grey = cv2.cvtColor(photo.work, cv2.COLOR_BGR2GRAY)
    if sharpness(grey) < settings.blur.min_sharpness:
        raise TooBlurred()
    mask = looked["mask"] = card_mask(photo.work, settings.mask)
    grads = Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY))
    best, error, seen = None, None, Seen(photo, mask, settings)
    looked["seen"] = seen
    for source in (_find_fiducials, _start_first):
        try:
            for i, (goals, frame) in enumerate(source(photo, mask, grads, seen, settings)):
                score, sane, cells, h = _read_frame(photo, mask, grads, frame, goals, settings)
                if best is None or score > best[0]:
                    best = (score, goals, cells, h)
                if sane or i + 1 >= settings.start.frames:
                    break
        except ScanError as err:
            error = error or err
        if best is not None and _clean(best[2], settings.cell.low_confidence):
            break   # a frame from the goal column that reads clearly: no start-first search
    if best is None:
        raise error or StartNotFound()
    _, goals, cells, h = best
    cells = board.start_from_fit(cells, h)
    cards = [_card_dict(c, photo.fine_scale) for c in sorted(cells, key=lambda c: (c.col, c.row))]
    debug = {"photo": photo, "mask": mask, "goals": goals, "h": h, "cells": cells}
    return cards, debug


def _start_first(photo: Photo, mask: np.ndarray, grads: Gradients, seen: Seen, settings: ScanSettings):
    """Frames found from the start card alone (see vision.start_first): yields (goal column, Frame)."""
    k = photo.fine_scale / photo.work_scale
    n = settings.start.columns
    columns = [c for c in seen.placed[:n] + seen.copies[:n] if seen.votes(c) >= 2]
    sf = board.Surface(photo.fine, grads, mask, 1.0 / k)
    # odd patches first (a ladder); then where the goal columns say the start must lie
    windows = itertools.chain(start_first.start_windows(photo, seen.patches),
                              (w for c in columns[:2] for w in start_first.strip_windows(photo, c)))
    for window in windows:
        found = start_first.snap(photo, grads, window)
        if found is None:
            continue
        for column in columns:   # the start and the goals alone fix the frame, else with the maze
            frame = board_frame(found.quad, found.pattern, column, k)
            if frame is None:
                framed = start_first.frame_with_column(board.trusting(sf, found.quad), found, column, k, settings.grid, settings.cell)
                frame = None if framed is None else Frame(*framed)
            if frame is not None:
                yield column, frame
        framed = start_first.frame_for(board.trusting(sf, found.quad), found, settings.grid, settings.cell)
        if framed is not None:
            yield start_first.goal_column(framed[1], k), Frame(*framed)
    raise StartNotFound()


def _read_frame(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, goals: GoalColumn,
                settings: ScanSettings) -> tuple[float, bool, list, np.ndarray]:
    """The board read in this frame, (quality, sane, cells, homography); where the cards found
    cover little of the maze around the start, also with the start posed at other sizes."""
    cells, h = _read_board(photo, mask, grads, frame, settings)
    score, sane = _quality(cells, settings.cell.low_confidence)
    k = photo.fine_scale / photo.work_scale
    if start_size.explained(mask, [c.quad for c in cells], frame.start, 1.0 / k) >= settings.start.explained:
        return score, sane, cells, h
    for other in start_size.resized_frames(photo.fine, grads, frame, goals, k):
        cells2, h2 = _read_board(photo, mask, grads, other, settings)
        score2, sane2 = _quality(cells2, settings.cell.low_confidence)
        if score2 > score:
            score, sane, cells, h = score2, sane2, cells2, h2
    return score, sane, cells, h


def _read_board(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, settings: ScanSettings):
    """Every card the walk finds in this frame: (cells, board->image homography)."""
    k = photo.fine_scale / photo.work_scale
    surface = board.trusting(board.Surface(photo.fine, grads, mask, 1.0 / k), frame.start)
    start = board.Cell(0, 0, "start", "NESW", False, None, 1.0, frame.start)
    return board.walk(surface, frame.h, start, frame.goal_quads, settings.grid, settings.cell)


def _quality(cells: list, low: float) -> tuple[float, bool]:
    """How well a frame reads the maze: cards read clearly count for it, unsure ones three times
    against (a start one cell off, or a cross elsewhere taken for the start, puts the grid across
    the cards); sane when few of its cards are unsure, so no other frame is tried (a young maze
    has few cards, and the reader vets the start)."""
    paths = [c.confidence for c in cells if c.kind == "path"]
    unsure = sum(c < low for c in paths)
    return len(paths) - 3.0 * unsure, _clean(cells, low)


def _clean(cells: list, low: float) -> bool:
    """At most a quarter of the path cards read unsure."""
    paths = [c.confidence for c in cells if c.kind == "path"]
    return sum(c < low for c in paths) <= 0.25 * len(paths)


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
