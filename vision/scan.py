"""vision.scan(image) -> Scan: the pipeline, step by step, each step with only its own settings."""
import itertools
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from . import board, frame_read, start_first, start_pose, start_size, start_view
from .errors import ScanError, StartNotFound, TooBlurred
from .fiducials import Seen, find_fiducials
from .fit import Gradients
from .frame import Frame, board_frame
from .goal_cells import goals_wider
from .islands import without_strays
from .goals import GoalColumn
from .image_io import Photo, load_photo
from .mask import card_mask, light_mask, thin
from .outward import without_continued
from .settings import BlurSettings, ScanSettings, StartSettings
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


def sharpness(grey: np.ndarray, s: BlurSettings) -> float:
    """How steep the photo's edges are for their height: on pixels where the grey level spans
    much of the photo's contrast within about a tunnel's width, the gradient over that local
    span, at a high percentile. A sharp edge climbs most of its span in a pixel or two, a blurred
    one over the whole window. Local, so dim or harsh light (a gamma curve) and one hard edge in a
    soft photo hardly move it: the steepest gradient over the global contrast, the gate before,
    passed a blurred sample darkened (0.10 to 0.13, against 0.125 for the softest photo read).
    The percentile is the 99th: the cards' edges can be a small share of a photo's edges, and at
    the 90th a soft cloth's many edges outvoted a sharp first-round table of four small cards
    (renderer seed 3100146: 0.129 there, 0.299 at the 99th); a blurred photo has no sharp 1 %."""
    g = cv2.GaussianBlur(grey, (3, 3), 0)
    f = g.astype(np.float32)
    mag = cv2.magnitude(cv2.Sobel(f, cv2.CV_32F, 1, 0), cv2.Sobel(f, cv2.CV_32F, 0, 1))
    lo, hi = np.percentile(g[::2, ::2], (0.1, 99.9))    # a maze of four cards is a hundredth of a photo
    if hi - lo < s.min_contrast:
        return float("inf")   # a bare cloth: nothing to be sharp or blurred, and no maze (said later)
    box = np.ones((s.window, s.window), np.uint8)
    span = cv2.subtract(cv2.dilate(g, box), cv2.erode(g, box))
    edge = span >= max(s.least_span * (hi - lo), 4.0)
    if np.count_nonzero(edge) < 100:
        return 0.0   # no edge anywhere: nothing to read either
    ratio = mag[edge] / 8.0 / span[edge]
    return float(kth_smallest(ratio, int(s.percentile * (ratio.size - 1))))


def kth_smallest(flat: np.ndarray, k: int) -> float:
    """np.partition(flat, k)[k], partitioning only the values at or above a bound read off a
    sample (four times faster on a photo's gradients): when at least flat.size - k values reach
    the bound, the answer does too, and every value dropped lies below it."""
    need = flat.size - k
    sample = flat[::31]
    j = sample.size - 1 - min(sample.size - 1, 2 * (need // 31) + 16)
    top = flat[flat >= np.partition(sample, j)[j]]
    if top.size < need:
        return np.partition(flat, k)[k]
    return np.partition(top, top.size - need)[top.size - need]


def run(image, settings: ScanSettings) -> tuple[list, dict]:
    """The whole pipeline for one photo; raises ScanError subclasses for unreadable photos.
    Frames come from the goal column first; when none reads the maze well, from the start alone.
    A photo refused on a mask that saw almost no card is read again on other masks (_other_masks),
    and a board read there is answered only from a clear frame (frame_read.Reading.sane: its goals
    seen, its cards sure, the maze round its start covered). A photo without a start (renderer seed
    2100029, a cloth checked in dark red) was refused on the first mask and answered on the mask
    by lightness from a frame on a crossing whose goals the reader saw nowhere; of some 1,500
    boards answered on sixteen bench sets, no other came from an unclear frame on another mask."""
    photo = load_photo(image, settings.load)
    looked: dict = {"photo": photo}     # what a failure's debug sheet shows
    try:
        grey = cv2.cvtColor(photo.work, cv2.COLOR_BGR2GRAY)
        if sharpness(grey, settings.blur) < settings.blur.min_sharpness:
            raise TooBlurred()
        grads = Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY))
        mask = card_mask(photo.work, settings.mask)
        try:
            return _run(photo, mask, grads, settings, looked)
        except ScanError as first:
            for other, least in _other_masks(photo, mask, settings):
                try:
                    cards, debug = _run(photo, other, grads, settings, {"photo": photo})
                except ScanError:
                    continue
                if debug["clear"] and sum(c["kind"] == "path" for c in cards) >= least:
                    return cards, debug
            raise first from None   # the first reading's reason and sheet
    except ScanError as err:
        err.debug = looked
        raise


def _other_masks(photo: Photo, mask: np.ndarray, settings: ScanSettings):
    """(mask, path cards its reading must find) to read a refused photo by again. When the
    chromaticity mask saw almost no card (most such photos have no maze), each only if it differs:
    one whose table must also run round the photo's rim (a maze filling half the photo can pass
    for the table), then one by colour and lightness together (cards printed in the table's
    colours: grey on grey, white tunnels on a cloth ruled in white), if it sees more card. When it
    saw card, only the latter: it saw the clutter and a few cards (pale cards on a warm wood
    table, goal backs in the wood's brown: renderer seeds 1100050, 1100051, 1100068), and a
    reading there must find a few path cards (one of the start and goals alone was a start
    posed on the wrong card); the rim's mask then read a photo without a start (600000 #0056)."""
    if not settings.mask.again:
        return
    sparse = thin(mask, settings.mask)
    if sparse:
        rim = card_mask(photo.work, settings.mask, rim=True)
        if not np.array_equal(rim, mask):
            yield rim, 0
    light = light_mask(photo.work, settings.mask)
    if np.count_nonzero(light) > np.count_nonzero(mask):
        yield light, 0 if sparse else settings.start.few


def _run(photo: Photo, mask: np.ndarray, grads: Gradients, settings: ScanSettings, looked: dict) -> tuple[list, dict]:
    """The pipeline after decoding and masking; `looked` gathers what a refused photo's debug sheet shows."""
    looked["mask"] = mask
    best: tuple[GoalColumn, frame_read.Reading] | None = None   # the kept frame's goal column and reading
    error, seen = None, Seen(photo, mask, settings)
    looked["seen"] = seen
    for source in (find_fiducials, _start_first):
        try:
            for i, (goals, frame) in enumerate(source(photo, mask, grads, seen, settings)):
                read = frame_read.read_frame(photo, mask, grads, frame, goals, settings)
                if not frame_read.framed(read.cells, read.h, photo):
                    continue
                refused = False
                if frame_read.replaces(read, best, mask, photo.k):
                    kept = frame_read.kept(photo, mask, grads, read, goals, settings)
                    refused, read = kept is None, kept if kept is not None else read
                    if kept is not None and frame_read.replaces(kept, best, mask, photo.k):
                        best = goals, kept
                if _settled(read.sane, read.cells, i, settings.start,
                            refused and (source is _start_first or (best is not None and best[1].sane))):
                    break
        except ScanError as err:
            error = error or err
        if best is not None and best[1].sane:
            break   # a frame from the goal column that reads the maze clearly: no start-first search
    if best is None:
        raise error or StartNotFound()
    goals, chosen = best
    read = frame_read.start_beside(photo, mask, grads, chosen, goals, settings)
    cells, h = read.cells, read.h
    cells = without_strays(without_continued(photo.fine, goals_wider(photo.fine, h, board.start_from_fit(cells, h))))
    _read_enough(photo, mask, cells, settings.start)
    cards = [_card_dict(c, photo.fine_scale) for c in sorted(cells, key=lambda c: (c.col, c.row))]
    debug = {"photo": photo, "mask": mask, "goals": goals, "h": h, "cells": cells, "clear": chosen.sane or read.sane}
    return cards, debug


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


def _settled(sane: bool, cells: list, i: int, s: StartSettings, refused_over_clear: bool = False) -> bool:
    """Whether the i-th frame (from 0) read ends the search: a clear one reading a handful of path
    cards, or the last one allowed. A clear frame that reads only a few cards may be a start posed
    askew whose walk stopped early where the mask hardly sees the maze: the next frames are read too.
    A clear frame refused as its (0,0) does not read as the start (even moved onto a sure one) ends
    it too, the start-first search being read next, unless a clear frame is already kept: then it
    would end the whole search on the kept frame, often a small one (OpenCV 4.10, main #0110: 6
    cards kept, 22 a row off refused, the true 28 next): `refused_over_clear`. Nor does a refused
    frame of the start-first search end it, that search being the last (ending there left its next
    windows unread: renderer seed 2100026, a window on the ladder read 18 cells for 12 cards and
    was refused, the next one read the 12 exactly). (Never ending on
    a refused frame lost 2 MP #0055: a muddled frame was kept over start-first's.) Cards restored
    or read in the gaps after the walk (board._restored, holes) do not count, as in its score: read
    round the cards of a frame a cell off, they made it look whole (1400040: 3 walked, 6 more)."""
    clear = sane and not refused_over_clear
    return (clear and frame_read.walked_paths(cells) >= s.few) or i + 1 >= s.frames


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
        trusted = board.trusting(sf, found.quad, settings.grid.min_mask)
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
