"""Find the board frame from the start card alone, when the goal column is not seen apart.

Goal backs can be coloured like the tablecloth, merged into the maze blob, or look like other
cards lying about; then the usual search (goal column first) fails. This one starts from patches of
an odd colour (a ladder, whatever its colour), asks the card reader which card-sized window around
them is the start, walks the maze from it, and finds the goals where the rules put them: eight
cards away, two rows apart, on one side or the other of the start.
"""
import itertools
from collections.abc import Iterator

import cv2
import numpy as np

from . import board, cellnet, geometry, maze_scale
from .goal_cells import goal_p
from .goal_search import affine, with_goals
from .goals import Blob, GoalColumn, blob_quad
from .image_io import Photo
from .settings import CellSettings, GridSettings
from .start import ASPECT, OddPatch
from .start_pose import Found, lined_pose, poses, sheared_pose, squat
from .start_size import explained

PATCHES = 12                             # largest odd patches (of a ladder's size at most) looked at
SQUASH = (1.0, 0.7)                      # a card seen at a slant looks shorter along the view
# turns of a window from the local edge direction: along it first, then between (a striped cloth
# can outvote the card's edges; the reader takes the start up to about 20 degrees off, so windows
# 30 degrees apart cover every turn)
ALONG_EDGES = (0.0, np.pi / 2)
BETWEEN_EDGES = tuple(np.pi / 6 * i for i in (1, 2, 4, 5))
SHIFTS = [(-0.3, -0.3), (0.3, -0.3), (0.3, 0.3), (-0.3, 0.3)]   # window off the patch, shares of its sides
MAZE_SCALES = (1.0, 0.7, 0.5)            # maze cards against lone card-like blobs (near the camera under a steep view)
MAZE_SURE = 0.95                         # the reader's belief a window over the maze needs to count as the start


def grid_angle(grey: np.ndarray, centre: np.ndarray, radius: float) -> float:
    """Dominant edge direction (radians, modulo 90 degrees) around a point: cards and tunnels are
    drawn along the grid, so their edges vote for its orientation. The window's own Sobel (its
    border counts as flat): round a small patch this favours the edges inside it."""
    x, y, r = int(centre[0]), int(centre[1]), int(max(radius, 8))
    win = grey[max(0, y - r):y + r, max(0, x - r):x + r].astype(np.float32)
    if win.size < 16:
        return 0.0
    gx, gy = cv2.Sobel(win, cv2.CV_32F, 1, 0), cv2.Sobel(win, cv2.CV_32F, 0, 1)
    mag, ang = cv2.cartToPolar(gx, gy)
    z = np.sum(mag * np.exp(4j * ang))
    return float(np.angle(z) / 4)


class EdgeAngles:
    """grid_angle for many large windows of one image: the votes (gradient magnitude times the
    quadrupled angle as a unit vector) are summed once into integral images, so each window costs
    four lookups, not a Sobel of its own (the search over the maze asks for about a thousand)."""

    def __init__(self, grey: np.ndarray):
        g = grey.astype(np.float32)
        gx, gy = cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1)
        mag, ang = cv2.cartToPolar(gx, gy)
        self.sums = [cv2.integral(mag * np.cos(4 * ang)), cv2.integral(mag * np.sin(4 * ang))]
        self.shape = grey.shape[:2]

    def at(self, centre: np.ndarray, radius: float) -> float:
        """The grid's angle in the square of half-side `radius` (at least 8 px) around centre."""
        h, w = self.shape
        r = int(max(radius, 8))
        x0, y0 = max(0, int(centre[0]) - r), max(0, int(centre[1]) - r)
        x1, y1 = min(w, int(centre[0]) + r), min(h, int(centre[1]) + r)
        if (x1 - x0) * (y1 - y0) < 16:
            return 0.0
        c, s = (float(i[y1, x1] - i[y0, x1] - i[y1, x0] + i[y0, x0]) for i in self.sums)
        return float(np.arctan2(s, c) / 4)


def _window(centre: np.ndarray, width: float, angle: float, squash: float = 1.0) -> np.ndarray:
    u = np.array([np.cos(angle), np.sin(angle)]) * width / 2
    v = np.array([-np.sin(angle), np.cos(angle)]) * width / ASPECT / 2 * squash
    return geometry.parallelogram(centre, u, v)


def start_windows(photo: Photo, patches: list[OddPatch], limit: int = 8) -> list[Found]:
    """Card-sized windows around odd patches that the reader takes for the start, likeliest first.
    The card's size is unknown here: it is tried from 3 to 60 times the patch's area. Windows
    turned along the local edges come first, then turned between them (a striped cloth outvotes
    the card's edges); a patch may be the lantern beside the ladder, not the card's middle:
    windows set off from it come last."""
    k = photo.k
    grey = cv2.cvtColor(photo.work, cv2.COLOR_BGR2GRAY)
    cards_px = photo.work.shape[0] * photo.work.shape[1]
    used = [p for p in sorted(patches, key=lambda p: -p.area) if 4.0 <= p.area <= 0.02 * cards_px][:PATCHES]
    angles = [grid_angle(grey, p.centre, 4 * np.sqrt(p.area)) for p in used]
    found: list[Found] = []
    for shifts, turns in (([(0.0, 0.0)], ALONG_EDGES), ([(0.0, 0.0)], BETWEEN_EDGES), (SHIFTS, ALONG_EDGES)):
        windows = []
        for p, angle in zip(used, angles):
            for share in np.geomspace(3.0, 60.0, 6):   # the reader knows the ladder at many sizes
                width = np.sqrt(p.area * share * ASPECT)
                for turn, squash in itertools.product(turns, SQUASH):
                    for dx, dy in shifts:
                        q = _window(p.centre, width, angle + turn, squash)
                        windows.append((q + (q[1] - q[0]) * dx + (q[3] - q[0]) * dy) * k)
        found = best_windows(photo.fine, windows, limit)
        if found and found[0].p_start >= 0.5:
            break
    return found


def strip_windows(photo: Photo, column: GoalColumn, limit: int = 4) -> list[Found]:
    """Windows where the start must lie for this goal column (about eight card widths from its
    middle, on either side, in line with it) that the reader takes for the start."""
    k = photo.k
    c = column.centres
    u = (c[2] - c[0]) / max(np.linalg.norm(c[2] - c[0]), 1e-6)
    v = np.array([-u[1], u[0]])
    width = column.row_pitch / 1.03 * ASPECT
    angle = float(np.arctan2(v[1], v[0]))
    windows = []
    for side in (1, -1):
        for along in np.arange(5.0, 11.6, 0.6):
            for across in np.arange(-0.35 * along, 0.35 * along + 0.01, 0.6):
                centre = c[1] + side * v * along * width + u * across * width
                for scale in (0.8, 1.2):
                    windows.append(_window(centre, width * scale, angle) * k)
    return best_windows(photo.fine, windows, limit)


def maze_windows(photo: Photo, mask: np.ndarray, maze: Blob, blobs: list[Blob], limit: int = 4) -> Iterator[Found]:
    """The last resort when no odd patch and no goal column leads to the start (a ladder coloured
    like the tunnels, goals turned up): card windows over the whole maze blob, half a card apart,
    turned along the local edges, at the size of the lone card-like blobs (unless the reader sees
    no card that size on the maze: vision.maze_scale) and smaller (a steep view), read by the card
    reader; none where it is sure of no card at any size. A generator: nothing is read unless every other source failed."""
    lone = [b.long_side for b in blobs if b is not maze and b.area > 0.002 * maze.area]
    edges = EdgeAngles(cv2.cvtColor(photo.work, cv2.COLOR_BGR2GRAY))
    length = maze_scale.card_length(maze_scale.card_lengths(photo, maze, _window, edges.at),
                                    float(np.median(lone)) if lone else None)
    if length is None:
        return
    rect = cv2.boundingRect(maze.contour)
    for scale in MAZE_SCALES:   # one size at a time: a start found at the first needs no other
        width = length * scale * ASPECT
        windows = maze_scale.along_edges(photo, maze_scale.spots(rect, width, mask), width, _window, edges.at)
        # every crossing of the maze is looked at here: only a window the reader is sure of counts
        yield from (f for f in best_windows(photo.fine, windows, limit) if f.p_start >= MAZE_SURE)


def best_windows(img: np.ndarray, windows: list[np.ndarray], limit: int) -> list[Found]:
    """The windows the reader most takes for the start (p >= 0.3), one per card-sized spot."""
    if not windows:
        return []
    guesses = cellnet.read(img, windows)
    order = sorted(range(len(windows)), key=lambda i: -guesses[i].p("start"))
    found: list[Found] = []
    for i in order:
        if guesses[i].p("start") < 0.3 or len(found) >= limit:
            break
        if any(np.linalg.norm(windows[i].mean(0) - f.quad.mean(0)) < 0.5 * np.linalg.norm(f.quad[1] - f.quad[0]) for f in found):
            continue
        found.append(Found(windows[i], windows[i], guesses[i].p("start")))
    return found


def frame_for(sf: "board.Surface", found: Found, gs: GridSettings, cs: CellSettings, enough: float):
    """(start quad, goal quads, homography, pattern) in the board frame, or None when no goal
    column lies eight cards from this start on either side. The maze is walked once to learn the
    perspective; when that walk reads little of the maze, the start is posed again (turned a
    quarter, or at other sizes) and the two poses that walk furthest look for the goals; when they
    find none, the poses not yet walked are, one by one (a start posed at half its size can walk
    most of the maze in cards of half size, and its fit then misplaces the goals). A walk
    covering `enough` of the start's blob in the mask (see vision.start_size) ends the posing,
    unless its pose is squat (see start_pose.squat: half a card long, it walks half cards). When
    no walk finds the goals, the start with each side on its own edge is walked last: where the
    mask sees little of the maze, a start posed askew covers its blob with the few cards it reads
    across the true ones. It goes last because, walked first, its frame can win on a photo the
    first pose reads right (one card off, on OpenCV 4.10: renderer seed 424395). Then the sheared
    outline the cells round the start read best (a start turned across a slanted view): among the
    poses above, its longer walk kept the goals of a shorter, right one from being looked for
    (600000 #0062)."""
    walks = []
    posed = poses(sf, found)
    for pose in posed:
        walk = _walk(sf, pose, gs, cs)
        walks += [walk] if walk else []
        quads = [c.quad for c in walk[2].values()] if walk else []
        if len(quads) >= MIN_WALK and not squat(pose.quad) and explained(sf.mask, quads, pose.quad, sf.mask_scale) >= enough:
            break
    framed = _goals_from(sf, longest(walks, gs.max_cells)[:2])
    for pose in _then_lined(posed, sf, found) if framed is None else ():
        walk = _walk(sf, pose, gs, cs)
        framed = None if walk is None else _goals_from(sf, [walk])
        if framed is not None:
            break
    return framed


def longest(walks: list[tuple], max_cells: int) -> list[tuple]:
    """Walks (pose, h, cells) by the cards they read, most first, but those that ran into the
    walk's cap last: more cells than the box holds cards are a start posed at half its size,
    reading halves of cards across a maze of touching ones (600000 #0102: 50 such cells came
    before the 35 cards of the start at its size, and only the two longest walks look for goals);
    and before those, squat poses (see start_pose.squat: 1400072, half cards read surely)."""
    return sorted(walks, key=lambda w: (len(w[2]) >= max_cells, squat(w[0].quad), -len(w[2])))


def _then_lined(posed: Iterator[Found], sf: "board.Surface", found: Found) -> Iterator[Found]:
    """The poses not walked yet, then (last, see frame_for) the start with each side on its own
    edge, and sheared."""
    yield from posed
    lined = lined_pose(sf, found)
    if lined is not None:
        yield lined
    shear = sheared_pose(sf.fine, found)
    if shear is not None:
        yield shear


def _goals_from(sf: "board.Surface", walks: list[tuple]):
    """The first frame (see frame_for) whose goals are found from one of these walks, under its
    fit or the fit's affine part; None if none is."""
    for pose, h, cells in walks:
        for model in (h, affine(cells, h)):
            framed = with_goals(sf, pose, model)
            if framed is not None:
                return framed
    return None


MIN_WALK = 4          # cards a walk from a well-posed start finds in a maze worth searching from


def _walk(sf: "board.Surface", pose: Found, gs: GridSettings, cs: CellSettings) -> tuple | None:
    """(pose, homography refitted to the walk, cells) of the maze walked from this start pose,
    None when the pose gives no homography."""
    try:
        h = geometry.start_homography(pose.quad)
    except ValueError:
        return None
    start = board.Cell(0, 0, "start", "NESW", False, None, 1.0, pose.quad)
    cells = board._bfs(sf, h, start, [], gs, cs)
    return pose, board._refit(cells, h, robust=len(cells) >= 6), cells


def portrait(quad: np.ndarray) -> np.ndarray:
    """Corners of a card seen as a quad (in cyclic order) as NW NE SE SW of the card standing
    upright: clockwise in the image, a short side first."""
    q = np.asarray(quad, np.float64)
    d = q - q.mean(axis=0)
    if d[0][0] * d[1][1] - d[0][1] * d[1][0] < 0:   # counter-clockwise on screen (y grows down)
        q = q[::-1]
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[2] - q[1]):
        q = np.roll(q, -1, axis=0)
    return q


def goal_votes(img: np.ndarray, column: GoalColumn, k: float) -> int:
    """How many of the column's blobs the reader takes for a goal card (face down or up)."""
    quads = [blob_quad(b) for b in column.blobs if not b.guessed]
    quads = [portrait(q * k) for q in quads if q is not None]
    return sum(goal_p(g) >= 0.5 for g in cellnet.read(img, quads))


def frame_with_column(sf: "board.Surface", found: Found, column: GoalColumn, k: float, gs: GridSettings,
                      cs: CellSettings):
    """(start quad, goal quads, homography, pattern) with the goals seen as blobs: the maze is
    walked from the start in the frame the column fixes, then one homography is fitted to the
    maze and the goals' outlines together. None when the goals do not sit where that puts them."""
    east, south, order = geometry.board_axes(found.quad, column.centres * k)
    quad = geometry.board_order(found.quad, east, south)
    try:
        h = geometry.start_homography(quad)
    except ValueError:
        return None
    start = board.Cell(0, 0, "start", "NESW", False, None, 1.0, quad)
    cells = board._bfs(sf, h, start, [], gs, cs)
    goals = {}
    for (col, row), i in zip(board.GOAL_CELLS, order):
        q = None if column.blobs[i].guessed else blob_quad(column.blobs[i])
        if q is not None:
            goals[(col, row)] = board.Cell(col, row, "goal", "", False, "down", 1.0, geometry.board_order(q * k, east, south))
    if len(goals) < 2:
        return None
    h = board._refit({**cells, **goals}, h)
    size = float(np.linalg.norm(quad[1] - quad[0]))
    for pos, cell in goals.items():
        if np.max(np.linalg.norm(geometry.quad_of(h, *pos) - cell.quad, axis=1)) > 0.35 * max(size, np.linalg.norm(cell.quad[1] - cell.quad[0])):
            return None
    quads = [goals[p].quad if p in goals else geometry.quad_of(h, *p) for p in board.GOAL_CELLS]
    return quad, quads, h, geometry.board_order(found.pattern, east, south)


def goal_column(quads: list[np.ndarray], k: float) -> GoalColumn:
    """A GoalColumn (working scale) for the goals this search found, for the debug sheet."""
    blobs = []
    for q in quads:
        w = q / k
        blobs.append(Blob(w.mean(axis=0), float(cv2.contourArea(np.float32(w))), float(np.linalg.norm(w[3] - w[0])),
                          np.zeros(3), np.int32(w).reshape(-1, 1, 2)))
    return GoalColumn(tuple(blobs), 0.0)
