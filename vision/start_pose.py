"""The start card's pose: its window posed on the cross and pushed out to its outline, and the
other poses a walk from it may need (turned a quarter, other sizes, each side on its own edge,
sheared).

A window round an odd patch frames the start only roughly: the cross's own pattern fixes its
middle and turn, the card's edges its size. Each pose must still read as the start to the reader.
"""
from dataclasses import dataclass

import numpy as np

from . import cellnet
from .cells import Surface
from .fit import Gradients, card_outline, push_lines, push_pairs
from .geometry import aspect, axes, parallelogram, quad_of, scaled, start_homography
from .image_io import Photo
from .ladder import fit_cross
from .start import ASPECT


@dataclass(frozen=True)
class Found:
    """A start outline (fine px; NW NE SE SW with the card's width first) and the reader's belief."""

    quad: np.ndarray
    pattern: np.ndarray
    p_start: float


def snap(photo: Photo, grads: Gradients, found: Found) -> Found | None:
    """The window posed on the start's cross and pushed out to its outline; None if the reader
    no longer sees the start there. The reader knows the ladder at many sizes, so a window may be
    well off the card's size: when the first pose fails, larger and smaller windows are posed."""
    for scale in (1.0, 1.35, 1.75, 0.75):
        pattern = fit_cross(photo.fine, scaled(found.quad, scale))
        pose = _if_start(photo.fine, card_outline(grads, pattern), pattern)
        if pose is not None:
            return pose
    return None


# sizes of the start weighed by the cards around it (shares of a pose), and those cells
SIZE_CUE = tuple(round(float(s), 3) for s in np.geomspace(0.5, 2.4, 15))
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
CLEARER = 1.0     # how much more surely (summed over the neighbours) another pose must read them
SETTLE = 0.08     # how far (share of its sides) the chosen outline may move onto the card's edges


def neighbours_read(img: np.ndarray, quads: list[np.ndarray], least: float = -1.0) -> list[float]:
    """For each start outline, how surely the eight cells around it read as cards: the reader's
    belief in a card times its sureness, summed, times its belief that the outline is the start
    (-1 for an outline that fixes no homography). At the start's true size and turn its neighbours
    are whole cards (or table); a fifth too small or too large, or turned a quarter, each cell
    straddles two cards and the reader calls it no card, or is unsure. The outlines are read in
    one batch, then the neighbours of those that can reach `least` in one more: the sum is at
    most 8, so an outline the reader gives p(start) under least / 8 cannot, and its neighbours
    are not read (it gets 0)."""
    starts = [g.p("start") for g in cellnet.read(img, quads)]
    crops: list[np.ndarray] = []
    at: dict[int, int] = {}            # outline -> where its neighbours' crops begin
    scores = [-1.0] * len(quads)
    for i, quad in enumerate(quads):
        try:
            h = start_homography(quad)
        except ValueError:
            continue
        scores[i] = 0.0
        if starts[i] * len(NEIGHBOURS) >= least:
            at[i] = len(crops)
            crops += [quad_of(h, c, r) for c, r in NEIGHBOURS]
    guesses = cellnet.read(img, crops)
    for i, j in at.items():
        scores[i] = starts[i] * float(sum((1.0 - g.p("empty")) * g.sureness for g in guesses[j:j + len(NEIGHBOURS)]))
    return scores


def sized(img: np.ndarray, grads: Gradients, pose: Found) -> Found:
    """The pose at the size and turn whose neighbours read best as cards. The reader takes the
    ladder for the start from half to twice its size, on touching cards the outline can snap to
    the seams of neighbours, and the cross looks the same turned a quarter: none of them fixes the
    pose, the cards laid round the start do. The outline, the cross's frame and that frame turned
    are each tried at every size, and the best is moved a little onto the card's edges. The pose
    is kept unless another reads its neighbours clearly better (a lone start has none to tell)."""
    chosen = _reads_clearer(img, pose.quad, [scaled(base, s) for base in (pose.quad, pose.pattern, quarter(pose.pattern))
                                             for s in SIZE_CUE])
    if chosen is None:
        return pose
    return _if_start(img, push_pairs(grads, chosen, -SETTLE, SETTLE, 9), chosen) or pose


def _reads_clearer(img: np.ndarray, quad: np.ndarray, candidates: list[np.ndarray]) -> np.ndarray | None:
    """The candidate outline whose neighbours read best as cards, if it reads them clearly
    (CLEARER) better than `quad` does; None otherwise. `quad`'s own score first: it sets the bar
    below which a candidate's neighbours need not be read."""
    base = neighbours_read(img, [quad])[0]
    scores = [base] + neighbours_read(img, candidates, base + CLEARER)
    best = int(np.argmax(scores[1:])) + 1
    return None if scores[best] < scores[0] + CLEARER else candidates[best - 1]


def _if_start(img: np.ndarray, outline: np.ndarray, pattern: np.ndarray) -> Found | None:
    """The pose, if the reader still takes its outline for the start (p >= 0.5)."""
    p = cellnet.read(img, [outline])[0].p("start")
    return Found(outline, pattern, p) if p >= 0.5 else None


def squat(quad: np.ndarray) -> bool:
    """Whether a pose is seen shorter along the card than across it: a card's long side
    foreshortened below its short side needs a view far steeper than a photo's 40 degrees, so such
    a pose is the crossing alone, about half a card long. Its walk reads halves of touching cards
    surely and its fit puts the goals a card apart (renderer seed 1400072, 2 MP: 19 cells read,
    9 of them extra, the goal column at half its length)."""
    return aspect(quad) > 1.0


def stretched(quad: np.ndarray) -> np.ndarray:
    """The quad lengthened about its middle to a card's shape, its width kept."""
    width, length = axes(quad)
    long = np.linalg.norm(width) / ASPECT
    return parallelogram(quad.mean(axis=0), width / 2, length / max(np.linalg.norm(length), 1e-9) * long / 2)


def lined_pose(sf: Surface, found: Found) -> Found | None:
    """The start's outline with each side fitted to its own straight edge (see fit.push_lines),
    if the reader still takes it for the start: under a slanted view the pose on the cross can be
    turned a sixth of a quarter off, and a walk from it reads a few cards across the true ones."""
    return _if_start(sf.fine, push_lines(sf.grads, found.quad), found.pattern)


POSE_SCALES = (1.3, 1.6, 0.8)


def poses(sf: Surface, found: Found):
    """The start as found, then at the size and turn its neighbours read best (see `sized`), then
    turned a quarter (its window's angle is known modulo 90 degrees) and at other sizes, each posed
    on its cross and pushed out to its outline, then turned a quarter at twice its size; only poses
    the reader still takes for the start. A squat start (see `squat`) is posed at a card's shape
    too, its width kept, next after those two."""
    yield found
    other = sized(sf.fine, sf.grads, found)
    if other is not found:
        yield other
    if squat(found.quad):
        pattern = stretched(found.pattern)
        pose = _if_start(sf.fine, card_outline(sf.grads, pattern), pattern)
        if pose is not None:
            yield pose
    # the turned window is posed on its cross again; a resized one keeps its size (posing on the
    # cross would shrink it back to the size the first pose found)
    turned = fit_cross(sf.fine, quarter(found.pattern))
    for pattern in [turned] + [scaled(found.pattern, s) for s in POSE_SCALES]:
        pose = _if_start(sf.fine, card_outline(sf.grads, pattern), pattern)
        if pose is not None:
            yield pose
    # last, the window as it stands: on a maze of touching cards the cross can be posed on the
    # crossing alone, half the card with its sides the other way round (its outline would be
    # pushed back onto the crossing's edges)
    double = scaled(quarter(found.pattern), 2.0)
    pose = _if_start(sf.fine, double, double)
    if pose is not None:
        yield pose


# a card turned some 45 degrees under a slanted view: its sides 18 degrees off square in mixed
# #0028 (renderer seed 700028); turns of a pose's width axis alone, at sizes round the pose's
SHEARS = tuple(np.radians((-24.0, -12.0, 12.0, 24.0)))
SHEAR_SIZES = tuple(s for s in SIZE_CUE if 0.7 <= s <= 1.45)


def sheared(quad: np.ndarray, turn: float) -> np.ndarray:
    """The quad's parallelogram with its width axis turned by `turn` (radians), its length axis
    and middle kept: a card turned across a slanted view is no rectangle in the photo."""
    c = quad.mean(axis=0)
    ax_w, ax_l = axes(quad)
    w = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]]) @ ax_w / 2
    return parallelogram(c, w, ax_l / 2)


def sheared_pose(img: np.ndarray, found: Found) -> Found | None:
    """The sheared outline (see `sheared`) whose neighbours read best as cards, if it reads them
    clearly better than the pose as found and the reader still takes it for the start: a start
    turned across a slanted view looks sheared, and the walk from an outline square to one pair of
    its sides reads a few cards across the true ones."""
    bases = (found.quad, found.pattern, quarter(found.pattern))
    chosen = _reads_clearer(img, found.quad, [scaled(sheared(b, t), s) for b in bases for t in SHEARS for s in SHEAR_SIZES])
    return None if chosen is None else _if_start(img, chosen, chosen)


def quarter(quad: np.ndarray) -> np.ndarray:
    """The window turned a quarter about its middle, keeping its width and length."""
    q = np.asarray(quad, np.float64)
    c = q.mean(axis=0)
    ax_w, ax_l = axes(q)
    w = ax_l / (np.linalg.norm(ax_l) + 1e-9) * np.linalg.norm(ax_w) / 2
    l = -ax_w / (np.linalg.norm(ax_w) + 1e-9) * np.linalg.norm(ax_l) / 2
    return parallelogram(c, w, l)
