"""The board frame's fiducials from the goal column first: goal columns seen in the photo (three
card-shaped blobs in a line, or copies of one clean goal's picture), start cards near each, and the
frame they fix together. `Seen` is what every frame search starts from, worked out once per photo."""
import functools

import cv2
import numpy as np

from . import cellnet, start_first
from .errors import GoalsNotFound, NoMaze, StartNotFound
from .fit import Gradients, card_outline
from .frame import board_frame
from .goal_copies import copy_columns
from .goals import GoalColumn, find_blobs, find_goal_columns, maze_blob
from .image_io import Photo
from .ladder import evidence, fit_cross, rectify
from .settings import ScanSettings, StartSettings
from .start import ASPECT, SMALL_SCALES, STRIP_SCALES, StartHit, odd_candidates, odd_patches, start_candidates
from .start_view import view_candidates

EXACT = (7.6, 9.2)   # card widths from the middle goal a start lies "exactly where the goal column puts it"
START_ALONE = 0.15   # the reader's p(start) a window needs when only the ladder vouches for it
# the strip's looser gates (Seen.start_hits): where the card mask must see card and the start
# sizes searched, as vision.start.start_candidates takes them
LOOSE_GATES = {"covered": ("covered", STRIP_SCALES), "small": ("anywhere", SMALL_SCALES)}


class Seen:
    """What both frame searches start from, worked out once per photo: card blobs, odd-coloured
    patches (ladder candidates), goal columns seen apart and made of copies, and (on demand, once
    per column) how many of a column's cards the reader calls goals."""

    def __init__(self, photo: Photo, mask: np.ndarray, settings: ScanSettings):
        self.blobs = find_blobs(photo.work, mask, settings.goals)
        if not self.blobs:
            raise NoMaze()
        self.lab = cv2.cvtColor(photo.work, cv2.COLOR_BGR2Lab).astype(np.float32)
        self.maze = maze_blob(photo.work, self.blobs)
        self.patches = odd_patches(self.lab, mask, self.maze.contour, settings.start)
        self.placed = find_goal_columns(self.blobs, settings.goals)
        self._work = photo.work
        self._fine, self._k = photo.fine, photo.k
        self._votes: dict[int, int] = {}
        self._hits: dict[tuple[int, str], list] = {}
        self._mask = mask

    @functools.cached_property
    def copies(self) -> list[GoalColumn]:
        """Goal columns made of copies of one clean goal's picture; searched only when asked for
        (a column of goals seen apart usually frames the photo first)."""
        return copy_columns(self._work, self.blobs)

    def start_hits(self, column: GoalColumn, s: StartSettings, gate: str = "centre") -> list[StartHit]:
        """Start-like spots near this goal column, searched once per column and gate: the windows
        of every size are cut from the same spots. "centre": the window's centre on the card mask
        (vision.start); "covered": the spots that only most of the card on the mask adds (a ladder
        in the tablecloth's colour is off the mask); "small": spots about half the goals' size
        the mask does not gate, not on the "centre" ones (a far start under a steep view, the
        cloth's colour); "view": spots on the board plane the goals' outlines rectify
        (vision.start_view), each posed anew."""
        key = (id(column), gate)
        if key not in self._hits:
            if gate == "centre":
                self._hits[key] = start_candidates(self.lab, self._mask, column, s) + odd_candidates(self.patches, column, s)
            elif gate in LOOSE_GATES:
                loose = start_candidates(self.lab, self._mask, column, s, *LOOSE_GATES[gate])
                self._hits[key] = [h for h in loose if not _on_one_of(h, self.start_hits(column, s))]
            else:   # kept even where a spot of the strip lies: that spot's window may be posed wrong
                self._hits[key] = view_candidates(self.lab, self._mask, column, s)
        return self._hits[key]

    def votes(self, column: GoalColumn) -> int:
        if id(column) not in self._votes:
            self._votes[id(column)] = start_first.goal_votes(self._fine, column, self._k)
        return self._votes[id(column)]


def _on_one_of(hit: StartHit, others: list[StartHit]) -> bool:
    """The spot lies on one of the other spots' cards (within 0.6 of a card's half width)."""
    return any(np.linalg.norm(hit.centre - o.centre) <= 0.6 * np.linalg.norm(o.half_w) for o in others)


def find_fiducials(photo: Photo, mask: np.ndarray, grads: Gradients, seen: Seen, settings: ScanSettings):
    """Goal columns whose start card is found and gives a plausible board frame, best first:
    yields (goal column, Frame); raises the reason when there is none. Start windows sized like
    the goals are tried for every column before windows of other sizes (a steep view): first on
    spots centred on the card mask, then on those only mostly on it, then on spots of the board
    plane the goals' outlines rectify, then (every size) on all of these, then on spots of about
    half the goals' size wherever the mask is (START_ROUNDS). A start the reader is sure of,
    found beside a column it does not lie exactly eight cards from, is framed with the columns it
    does lie so from too (_exact_columns)."""
    k = photo.k
    seen_start = found = False
    tried: list[tuple[int, np.ndarray]] = []   # (column id, start centre) framed so far
    for scales, gates in START_ROUNDS:
        for column, placed in _columns(seen, settings):
            for outline, ev, pattern, p_start in _starts_for(photo, seen, grads, column, settings, scales, gates):
                cols = _distance(outline, column, k)
                if not placed and not 7.0 <= cols <= 10.2:
                    continue   # a column partly made of copies must also lie eight card widths away
                exact = placed and EXACT[0] <= cols <= EXACT[1]
                if not _is_start(ev.score, p_start, settings.start.min_evidence_placed if exact else settings.start.min_evidence):
                    continue
                seen_start = True
                if not _consistent(outline, column, k, SMALL_LEAST if "small" in gates else 0.5):
                    continue
                for other in [column] + ([] if exact or p_start < 0.5 else _exact_columns(seen, settings, outline, k)):
                    if other is not column and _tried(tried, other, outline):
                        continue   # a column's own starts are all framed: each posed anew
                    tried.append((id(other), outline.mean(axis=0)))
                    frame = board_frame(outline, pattern, other, k)
                    if frame is not None:
                        found = True
                        yield other, frame
    if found:
        return
    if not (seen.placed or seen.copies):
        raise GoalsNotFound()
    raise GoalsNotFound("the start card was seen, but no goal column fits it") if seen_start else StartNotFound()


def _exact_columns(seen: Seen, settings: ScanSettings, outline: np.ndarray, k: float) -> list[GoalColumn]:
    """The goal columns seen apart whose three cards the reader calls goals that lie exactly eight
    card widths from a start the reader is sure of and agree with it (_consistent). A start found
    beside a column that lies too far or too near is framed with these too, as the start is a card
    of the photo, not of one column (renderer seed 1400075: the ladder was read surely only beside
    a column shifted a card along, and the true column's own start search posed its windows on
    plain crosses). Without the reader's three votes, a column of two goals and a card between
    them framed a maze read surely at half scale (1200014, on the light mask)."""
    return [c for c in seen.placed[: settings.start.columns]
            if seen.votes(c) == 3 and EXACT[0] <= _distance(outline, c, k) <= EXACT[1] and _consistent(outline, c, k)]


def _tried(tried: list[tuple[int, np.ndarray]], column: GoalColumn, outline: np.ndarray) -> bool:
    """Whether this column was framed already with a start on this card (centres within a
    quarter of the outline's width): a start framed with a column it was not found for is framed
    once, where the column's own search would frame it with every pose it finds."""
    width = float(np.linalg.norm(outline[1] - outline[0]))
    return any(i == id(column) and np.linalg.norm(c - outline.mean(axis=0)) < 0.25 * width for i, c in tried)


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
    return p_start >= 0.5 or (evidence >= min_evidence and p_start >= START_ALONE)


def _distance(quad: np.ndarray, goals: GoalColumn, k: float) -> float:
    """How far the middle goal lies from this start, in card widths (the start's and the goals'
    averaged, which undoes most of the perspective's change of scale): about 8 for the real start."""
    w = float(np.linalg.norm(quad[1] + quad[2] - quad[0] - quad[3])) / 2 / k
    goal_w = np.sqrt(float(np.median([b.area for b in goals.blobs])) * ASPECT)
    return float(np.linalg.norm(goals.centres[1] - quad.mean(axis=0) / k)) / max(np.sqrt(w * goal_w), 1e-6)


def _consistent(quad: np.ndarray, goals: GoalColumn, k: float, least: float = 0.5) -> bool:
    """Start and goal column agree on the card size (the start at least `least` of the goals'
    width, at most twice it), lie about eight card widths apart, and the start lies in line with
    the goals (its long side along the goal column, give or take the perspective): three alike
    blobs near the maze are not the goal column, a turned window no start."""
    start_area = cv2.contourArea(np.float32(quad)) / (k * k)
    goal_area = float(np.median([b.area for b in goals.blobs]))
    width = np.linalg.norm(quad[1] - quad[0]) / k
    gap = np.linalg.norm(goals.centres[1] - quad.mean(axis=0) / k) / max(width, 1e-6)
    along = (quad[3] + quad[2] - quad[0] - quad[1]) / 2
    column = goals.centres[2] - goals.centres[0]
    cos = abs(float(along @ column)) / (np.linalg.norm(along) * np.linalg.norm(column) + 1e-9)
    return 0.25 <= goal_area / max(start_area, 1e-6) <= least ** -2 and 4.0 <= gap <= 14.0 and cos > np.cos(np.radians(35))


START_SCALES = (0.7, 0.5, 1.4)   # start window sizes tried after the goal-sized ones, shares of those
GATES = ("centre", "covered", "view")   # start spots, as Seen.start_hits finds them
# (window sizes, start spot gates), in the order tried; last the strip searched for a start about
# half the goals' size wherever the card mask is (a far start under a steep view, in the cloth's colour)
START_ROUNDS = (((1.0,), ("centre",)), ((1.0,), ("covered",)), ((1.0,), ("view",)), (START_SCALES, GATES),
                ((1.0,), ("small",)))
SMALL_LEAST = 0.4   # a "small" round's start may look this share of the goals' width (SMALL_SCALES less a margin)


def _starts_for(photo: Photo, seen: Seen, grads: Gradients, column: GoalColumn,
                settings: ScanSettings, scales: tuple = (1.0,), gates: tuple = ("centre",)):
    """Start-like cards near this goal column, most start-like first (the card reader's call on the
    rough window, then the ladder's evidence): yields (outline quad in fine px, evidence, the quad
    framed by its cross pattern, the reader's probability of the start). Windows are sized like the
    goals times one of `scales`; with several, each spot keeps its likeliest size, and only spots
    the reader takes for the start are posed. Lazy: posing a window on its cross is the costly
    part, and the first start usually gives a frame that reads well."""
    k = photo.k
    hits = [h for gate in gates for h in seen.start_hits(column, settings.start, gate)]
    sized = [hit.window(k, s) for hit in hits for s in scales]
    n = len(scales)
    ps = np.array([g.p("start") for g in cellnet.read(photo.fine, sized)]).reshape(-1, n)
    best = [int(np.argmax(row)) for row in ps]
    spots = [(float(ps[i, j]), sized[i * n + j]) for i, j in enumerate(best) if n == 1 or ps[i, j] >= 0.5]
    for quad in _by_evidence(photo.fine, spots, settings.start.snapped):
        quad = fit_cross(photo.fine, quad)
        outline = card_outline(grads, quad)
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
