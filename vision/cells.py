"""What the walk works with: a found card (`Cell`), what it looks at (`Surface`), and the small
judgements every step shares (how likely a reading is a card, where an outline meets the table)."""
from dataclasses import dataclass, replace

import numpy as np

from . import cellnet
from .fit import Gradients
from .geometry import axes, grown, quad_of, start_homography
from .ladder import rectify
from .trim import trim_to_mask

GOAL_CELLS = ((8, -2), (8, 0), (8, 2))
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
TRIM_MARGIN = 0.25
BARE = 0.1   # share of min_mask under which the walk takes a trusted mask's word for bare table
SURE = 0.9   # a reading this sure stands where the mask sees table, and alone seeds an island
CARD_KINDS = ("path", "start", "goal_gold", "goal_stone")   # face-up tunnel print


@dataclass(frozen=True)
class Cell:
    """One card found on the board (quad in fine-image pixels, NW NE SE SW in the board frame)."""

    col: int
    row: int
    kind: str
    openings: str
    dead_end: bool
    face: str | None
    confidence: float
    quad: np.ndarray
    p_start: float = 0.0      # the reader's belief that this card is the start (a frame one cell off shows it)
    opens: tuple[float, ...] = ()   # the reader's p(open) of each side, N E S W (path cards)
    restored: bool = False    # kept from the walk's first pass (board._restored): it does not vouch for the frame


@dataclass(frozen=True)
class Surface:
    """What the walk looks at: the fine image, its gradients, and the card-versus-table mask
    (working scale; `mask_scale` maps fine pixels to it)."""

    fine: np.ndarray
    grads: Gradients
    mask: np.ndarray
    mask_scale: float
    mask_trusted: bool = True   # the mask covers the start card: it can veto table cells


def trusting(sf: Surface, start: np.ndarray, min_mask: float) -> Surface:
    """The surface whose mask may veto table cells only if it sees the start card as card (on a
    tablecloth of the cards' colours the mask can miss the whole maze) and does not call bare
    table a cell beside the start where the reader is sure of a card: grey stone on a cloth whose
    dark shades read grey leaves the mask only the cards' outlines, and holes between them filled
    round the start (renderer seed 1200061: 19 cards vetoed). Costs at most four crops. `min_mask`:
    GridSettings.min_mask, as the walk takes the mask's word (BARE)."""
    if mask_cover(sf, start) <= 0.8:
        return replace(sf, mask_trusted=False)
    try:
        h = start_homography(start)
    except ValueError:
        return replace(sf, mask_trusted=True)
    bare = [q for q in (quad_of(h, *step) for step in STEPS) if mask_cover(sf, q) < BARE * min_mask]
    sure = any(card_p(g) >= SURE and confidence(g) >= SURE for g in (cellnet.read(sf.fine, bare) if bare else []))
    return replace(sf, mask_trusted=not sure)


def some_openings(g: "cellnet.CellGuess") -> str:
    """The sides the reader calls open; a path card has at least one, so the likeliest side."""
    return g.openings or cellnet.SIDES[int(np.argmax(g.opens))]


def sureness(g: "cellnet.CellGuess") -> float:
    """0.5 for a toss-up, 1 when every call of the reader is clear."""
    return 0.5 + 0.5 * g.sureness


def confidence(g: "cellnet.CellGuess") -> float:
    """What a path card's reading is worth: its least clear call (the kind, a side, the dead end),
    and no more than the reader's belief that a card lies there."""
    return min(sureness(g), 0.5 + 0.5 * (2 * card_p(g) - 1))


def read_on(cell: Cell, g: "cellnet.CellGuess", quad: np.ndarray, **more) -> Cell:
    """The cell as the reader's guess `g` reads it on `quad` (another outline of the same card):
    its openings, dead end, confidence and each side's p; `more` sets other fields."""
    return replace(cell, openings=some_openings(g), dead_end=g.dead_end, confidence=confidence(g), quad=quad,
                   opens=tuple(float(p) for p in g.opens), **more)


def same_place(a: np.ndarray, b: np.ndarray, share: float = 0.04) -> bool:
    """Two outlines whose corners lie within `share` of a card width of each other."""
    return float(np.max(np.linalg.norm(a - b, axis=1))) < share * float(np.linalg.norm(b[1] - b[0]))


def beside(pos: tuple[int, int]) -> list[tuple[int, int]]:
    """The four cells that share an edge with pos."""
    return [(pos[0] + dc, pos[1] + dr) for dc, dr in STEPS]


def overlaps(quad: np.ndarray, others: list[np.ndarray], share: float = 0.6) -> bool:
    """The quad's centre lies closer to another card's centre than `share` of a card width
    (all others at once: the drift search asks this of some 200 windows per photo)."""
    if len(others) == 0:
        return False
    o = np.asarray(others, np.float64)
    d = np.hypot(*(quad.mean(axis=0) - o.mean(axis=1)).T)
    return bool(np.any(d < share * np.hypot(*(o[:, 1] - o[:, 0]).T)))


def card_p(g: "cellnet.CellGuess") -> float:
    """Probability that a face-up path card lies in the cell."""
    return sum(g.p(k) for k in CARD_KINDS)


def mask_cover(sf: Surface, quad: np.ndarray) -> float:
    """Share of the quad's middle that the card-versus-table mask calls card."""
    ax_w, ax_l = axes(quad)
    c = quad.mean(axis=0)
    inner = np.array([c - 0.4 * (ax_w + ax_l), c + 0.4 * (ax_w - ax_l), c + 0.4 * (ax_w + ax_l), c - 0.4 * (ax_w - ax_l)])
    return float(np.mean(rectify(sf.mask, inner * sf.mask_scale, (16, 24)) > 127))


def trimmed(sf: Surface, quad: np.ndarray) -> np.ndarray:
    """Move each side to where the card meets the table (where it does): lines of a patterned
    tablecloth can pull an outline off the card, the card-versus-table mask cannot."""
    m = TRIM_MARGIN
    ax_w, ax_l = axes(quad)
    outer = grown(quad, m)
    size = (int(40 * (1 + 2 * m)), int(60 * (1 + 2 * m)))
    area = rectify(sf.mask, outer * sf.mask_scale, size)
    n, e, s, w = trim_to_mask(area, m, 0.2)
    out = quad.astype(np.float64).copy()
    out[[0, 1]] -= n * ax_l
    out[[2, 3]] += s * ax_l
    out[[1, 2]] += e * ax_w
    out[[0, 3]] -= w * ax_w
    return out
