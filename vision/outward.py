"""Rim cards that are the table going on.

A cloth striped along the grid shows, in a window beside the maze, a pale lane between two dark
stripes: a straight tunnel to the reader, sure of it (renderer seed 1600044: two NS "cards" at 0.84
and 0.98 on the cloth beside a teal maze, coloured like the stone, so the colour filters of
vision.plain let them be). What no laid card does is go on past its own edge: one cell further
out, where no card lies, a stripe shows the same lane again, while a card at the rim has the
table beyond it. So a path card at the maze's rim is dropped when its middle is found again, almost
pixel for pixel (normalised correlation at least LIKE, searched MARGIN of a card round the place
one cell out), in a window no found card covers. On sixteen bench sets, 22,486 cards at the rim
(their true outlines) scored 0.72 at the 99.9th percentile and 0.92 at most (a card whose
neighbour lay out of line, over that window); the two stripes scored 0.99.
"""
import cv2
import numpy as np

from . import geometry
from .cells import Cell
from .warp import warp_crops

LIKE = 0.95      # correlation of a card's middle with the table beyond that makes it table
MARGIN = 0.15    # how far round the place one cell out the match is searched (share of a card)
W, H = 24, 36    # the comparison's grid for one card (a card's proportions; 48 x 72 scored alike)
INSET = 3        # pixels of that grid left out round a card's middle (its edges, a neighbour's seam)
FLAT = 2.0       # grey levels of spread under which a middle is not compared (any window matches it)
SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))   # N E S W in (col, row) steps

__all__ = ["without_continued"]


def without_continued(img: np.ndarray, cells: list[Cell]) -> list[Cell]:
    """The cells without path cards at the rim that the table beyond them repeats (see above)."""
    at = {(c.col, c.row): c for c in cells}
    asked = [(c, q) for c in cells if c.kind == "path" and (q := _beyond(img, c, at))]
    if not asked:
        return cells
    size = (round(W * (1 + 2 * MARGIN)), round(H * (1 + 2 * MARGIN)))
    own = warp_crops(img, [_to_grid(c.quad, 0.0, 1.0) for c, _ in asked], (W, H))
    beyond = iter(warp_crops(img, [_to_grid(q, -MARGIN, 1 + MARGIN) for _, qs in asked for q in qs], size))
    drop = set()
    for (c, quads), mine in zip(asked, own):
        middle = _grey(mine)[INSET:-INSET, INSET:-INSET]
        windows = [_grey(next(beyond)) for _ in quads]
        if float(middle.std()) < FLAT:
            continue   # a bare middle matches any window: vision.plain's to judge
        if any(_match(w, middle) >= LIKE and not _on_card(q, c, cells) for w, q in zip(windows, quads)):
            drop.add((c.col, c.row))
    return [c for c in cells if (c.col, c.row) not in drop]


def _match(window: np.ndarray, middle: np.ndarray) -> float:
    """The best normalised correlation of the middle anywhere in the window."""
    return float(cv2.matchTemplate(window, middle, cv2.TM_CCOEFF_NORMED).max())


def _beyond(img: np.ndarray, cell: Cell, at: dict) -> list[np.ndarray]:
    """The places one cell out from the card, in the photo, on sides where the grid has no card:
    where the card's own outline puts its neighbours (geometry.cell_homography), one pitch away
    and under the view's perspective."""
    h = geometry.cell_homography(cell.col, cell.row, cell.quad)
    if h is None:
        return []
    out = [(cell.col + dc, cell.row + dr) for dc, dr in SIDES]
    quads = [geometry.quad_of(h, *pos) for pos in out if pos not in at]
    return [q for q in quads if _in_photo(img, q)]


def _on_card(quad: np.ndarray, cell: Cell, cells: list[Cell]) -> bool:
    """Whether a found card other than `cell` covers the quad's place (_on): one laid out of line
    can lie where the grid has none."""
    return any(_on(quad, c.quad) for c in cells if c is not cell)


def _to_grid(quad: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """The map from the photo to a grid of W x H per card showing the square [lo, hi] of the
    card's own unit square (0..1 is the card)."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    to_photo = cv2.getPerspectiveTransform(unit, np.float32(quad))
    region = cv2.perspectiveTransform(np.float32([[[lo, lo], [hi, lo], [hi, hi], [lo, hi]]]), to_photo)[0]
    w, h = W * (hi - lo), H * (hi - lo)
    return cv2.getPerspectiveTransform(region, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))


def _grey(crop: np.ndarray) -> np.ndarray:
    """A BGR crop's grey levels as float32 (matchTemplate's input)."""
    return cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)


def _in_photo(img: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the whole quad lies in the photo (beyond its edge the warp only repeats the edge)."""
    h, w = img.shape[:2]
    return bool(np.all((quad >= 0) & (quad < (w, h))))


def _on(quad: np.ndarray, other: np.ndarray) -> bool:
    """Whether the quad's middle lies on the other card or within a quarter of its width of it."""
    o = np.float32(other).reshape(-1, 1, 2)
    x, y = np.asarray(quad, np.float64).mean(axis=0)
    return cv2.pointPolygonTest(o, (float(x), float(y)), True) > -0.25 * float(np.linalg.norm(o[0, 0] - o[1, 0]))
