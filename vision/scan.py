"""vision.scan(image) -> Scan: the pipeline, step by step, each step with only its own settings."""
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from . import board, cellnet, classify, geometry, start_first
from .errors import GoalsNotFound, NoMaze, ScanError, StartNotFound, TooBlurred
from .goal_copies import copy_columns
from .goals import GoalColumn, blob_quad, find_blobs, find_goal_columns
from .image_io import Photo, load_photo
from .fit import Gradients, push_pairs
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


def _find_fiducials(photo: Photo, mask: np.ndarray, grads: Gradients, settings: ScanSettings):
    """Goal columns whose start card is found and gives a plausible board frame, best first:
    yields (goal column, Frame); raises the reason when there is none."""
    blobs = find_blobs(photo.work, mask, settings.goals)
    if not blobs:
        raise NoMaze()
    k = photo.fine_scale / photo.work_scale
    lab = cv2.cvtColor(photo.work, cv2.COLOR_BGR2Lab).astype(np.float32)
    patches = odd_patches(lab, mask, max(blobs, key=lambda b: b.area).contour, settings.start)
    seen_start = seen_goals = found = False
    # three goals seen apart first; then one seen apart and two copies of its picture in line
    # (goals merged into the maze blob, or coloured like the tablecloth)
    for columns, placed in ((find_goal_columns(blobs, settings.goals), True), (copy_columns(photo.work, blobs), False)):
        seen_goals |= bool(columns)
        for column in columns[: settings.start.columns]:
            for outline, ev, pattern, p_start in _starts_for(photo, lab, mask, patches, grads, column, settings):
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
    if not seen_goals:
        raise GoalsNotFound()
    raise GoalsNotFound("the start card was seen, but no goal column fits it") if seen_start else StartNotFound()


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


def _starts_for(photo: Photo, lab: np.ndarray, mask: np.ndarray, patches: list, grads: Gradients,
                column: GoalColumn, settings: ScanSettings) -> list:
    """Start-like cards near this goal column, most start-like first: (outline quad in fine px,
    evidence, the quad framed by its cross pattern, the card reader's probability of the start)."""
    k = photo.fine_scale / photo.work_scale
    scored = []
    hits = start_candidates(lab, mask, column, settings.start)
    hits += odd_candidates(patches, column, settings.start)
    for hit in hits:
        c, hw, hl = hit.centre * k, hit.half_w * k, hit.half_l * k
        quad = np.array([c - hw - hl, c + hw - hl, c + hw + hl, c - hw + hl])
        scored.append((evidence(rectify(photo.fine, quad)).score, quad))
    scored.sort(key=lambda t: -t[0])
    found = []
    for _, quad in scored[: settings.start.snapped]:
        quad = fit_cross(photo.fine, quad)
        found.append((evidence(rectify(photo.fine, quad)), quad))
    # the cross frames the card's middle; its outline fixes the size
    outlines = [push_pairs(grads, quad, -0.05, 0.22, 12) for _, quad in found]
    p_start = [g.p("start") for g in cellnet.read(photo.fine, outlines)]
    out = [(o, ev, quad, p) for o, (ev, quad), p in zip(outlines, found, p_start)]
    return sorted(out, key=lambda t: (-(t[3] >= 0.5), -t[1].score))


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
    half = geometry.CARD_HALF
    corners = [[-half, -half], [half, -half], [half, half], [-half, half]]
    try:
        seen = [(cell, goals.blobs[i].centre * k) for cell, i in zip(board.GOAL_CELLS, order) if not goals.blobs[i].guessed]
        h0 = geometry.fit_homography(corners + [list(c) for c, _ in seen], list(quad) + [p for _, p in seen])
        outlines = _goal_quads(goals, order, east, south, k, h0)
        src, pts = list(corners), list(quad)
        for (col, row), gq in zip(board.GOAL_CELLS, outlines):
            src += [[col + dx, row + dy] for dx, dy in corners]
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


def run(image, settings: ScanSettings) -> tuple[list, dict]:
    """The whole pipeline for one photo; raises ScanError subclasses for unreadable photos.
    Frames come from the goal column first; when none reads the maze well, from the start alone."""
    photo = load_photo(image, settings.load)
    grey = cv2.cvtColor(photo.work, cv2.COLOR_BGR2GRAY)
    if sharpness(grey) < settings.blur.min_sharpness:
        raise TooBlurred()
    mask = card_mask(photo.work, settings.mask)
    grads = Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY))
    best, sane, error = None, False, None
    for source in (_find_fiducials, _start_first):
        try:
            for i, (goals, frame) in enumerate(source(photo, mask, grads, settings)):
                cells, h, palette = _read_board(photo, mask, grads, frame, settings)
                score, sane = _quality(cells, settings.cell.low_confidence)
                if best is None or score > best[0]:
                    best = (score, goals, cells, h, palette)
                if sane or i + 1 >= settings.start.frames:
                    break
        except ScanError as err:
            error = error or err
        if sane:
            break
    if best is None:
        raise error or StartNotFound()
    _, goals, cells, h, palette = best
    cards = [_card_dict(c, photo.fine_scale) for c in sorted(cells, key=lambda c: (c.col, c.row))]
    debug = {"photo": photo, "mask": mask, "goals": goals, "h": h, "cells": cells, "palette": palette}
    return cards, debug


def _start_first(photo: Photo, mask: np.ndarray, grads: Gradients, settings: ScanSettings):
    """Frames found from the start card alone (see vision.start_first): yields (goal column, Frame)."""
    blobs = find_blobs(photo.work, mask, settings.goals)
    if not blobs:
        raise NoMaze()
    lab = cv2.cvtColor(photo.work, cv2.COLOR_BGR2Lab).astype(np.float32)
    patches = odd_patches(lab, mask, max(blobs, key=lambda b: b.area).contour, settings.start)
    k = photo.fine_scale / photo.work_scale
    columns = None
    for window in start_first.start_windows(photo, patches):
        found = start_first.snap(photo, grads, window)
        if found is None:
            continue
        if columns is None:   # goal columns the reader agrees with (only once a start is seen)
            columns = find_goal_columns(blobs, settings.goals)[: settings.start.columns]
            columns += copy_columns(photo.work, blobs)[: settings.start.columns]
            columns = [c for c in columns if start_first.goal_votes(photo.fine, c, k) >= 2]
        palette = classify.learn_palette(rectify(photo.fine, found.pattern, settings.cell.size))
        sf = board.Surface(photo.fine, grads, mask, 1.0 / k, palette)
        for column in columns:
            framed = start_first.frame_with_column(sf, found, column, k, settings.grid, settings.cell)
            if framed is not None:
                yield column, Frame(*framed)
        framed = start_first.frame_for(sf, found, settings.grid, settings.cell)
        if framed is None:
            continue
        quad, goal_quads, h = framed
        pattern = found.pattern if np.allclose(quad, found.quad) else found.pattern[[2, 3, 0, 1]]
        yield start_first.goal_column(goal_quads, k), Frame(quad, goal_quads, h, pattern)
    raise StartNotFound()


def _read_board(photo: Photo, mask: np.ndarray, grads: Gradients, frame: Frame, settings: ScanSettings):
    """Every card the walk finds in this frame: (cells, board->image homography, palette)."""
    k = photo.fine_scale / photo.work_scale
    # tunnel and stone are learnt inside the cross's own frame: an outline pushed a little too far
    # would mix in table or the next card
    palette = classify.learn_palette(rectify(photo.fine, frame.pattern, settings.cell.size))
    start = board.Cell(0, 0, "start", "NESW", False, None, 1.0, frame.start)
    surface = board.Surface(photo.fine, grads, mask, 1.0 / k, palette)
    surface = board.Surface(photo.fine, grads, mask, 1.0 / k, palette, board._mask_cover(surface, frame.start) > 0.8)
    cells, h = board.walk(surface, frame.h, start, frame.goal_quads, settings.grid, settings.cell)
    return cells, h, palette


def _quality(cells: list, low: float) -> tuple[float, bool]:
    """How well a frame reads the maze: cards read clearly count for it, unsure ones twice against
    (a start one cell off, or a cross elsewhere taken for the start, puts the grid across the
    cards); sane when there is a maze and few of its cards are unsure, so no other frame is tried."""
    paths = [c.confidence for c in cells if c.kind == "path"]
    unsure = sum(c < low for c in paths)
    return len(paths) - 3.0 * unsure, len(paths) >= 3 and unsure <= 0.25 * len(paths)


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
        return Scan(ok=False, error=err.message, photo=photo_name, ms=(time.perf_counter() - t0) * 1000)
    except (cv2.error, ValueError, np.linalg.LinAlgError) as err:
        return Scan(ok=False, error=f"the card layout could not be fitted ({type(err).__name__}): "
                    "retake the photo from straight above with the whole maze in view",
                    photo=photo_name, ms=(time.perf_counter() - t0) * 1000)
    warnings = board_warnings(cards)
    return Scan(ok=True, cards=cards, warnings=warnings, ms=(time.perf_counter() - t0) * 1000,
                photo=photo_name, debug=debug)
