"""Card quads: refine a predicted quad to the card's real edges, and the board homography."""
import cv2
import numpy as np

CARD_HALF = 0.49   # half a card in board pitches (cards lie nearly edge to edge)


def parallelogram(centre: np.ndarray, half_w: np.ndarray, half_l: np.ndarray) -> np.ndarray:
    """The quad (NW NE SE SW) with this middle and these half axes (vectors from the middle to the
    middle of its east and of its south side): every window the start search poses is one."""
    return np.array([centre - half_w - half_l, centre + half_w - half_l, centre + half_w + half_l, centre - half_w + half_l])


def axes(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A card's width and length as image vectors (NW NE SE SW corners): the means of its
    opposite sides, since a card seen at a slant is no rectangle and no one side speaks for it.
    Also of many quads at once (... x 4 x 2 -> two ... x 2 arrays)."""
    q = np.asarray(quad, np.float64)
    nw, ne, se, sw = (q[..., i, :] for i in range(4))
    return (ne + se - nw - sw) / 2, (sw + se - nw - ne) / 2


def aspect(quad: np.ndarray) -> float:
    """Width over length of an outline (NW NE SE SW): about 0.65 for a card seen from above."""
    ax_w, ax_l = axes(quad)
    return float(np.linalg.norm(ax_w) / max(float(np.linalg.norm(ax_l)), 1e-9))


def grown(quad: np.ndarray, margin: float) -> np.ndarray:
    """The quad with each corner moved out along both axes by `margin` of the card's size; also
    of many quads at once (... x 4 x 2), as the reader's crops are cut hundreds at a time."""
    q = np.asarray(quad, np.float64)
    ax_w, ax_l = axes(q)
    return np.stack([q[..., 0, :] - margin * (ax_w + ax_l), q[..., 1, :] + margin * (ax_w - ax_l),
                     q[..., 2, :] + margin * (ax_w + ax_l), q[..., 3, :] - margin * (ax_w - ax_l)], axis=-2)


def scaled(quad: np.ndarray, s: float) -> np.ndarray:
    """The quad scaled by `s` about its middle (the mean of its corners): the same window at
    another size, as the start's pose is tried at several."""
    c = quad.mean(axis=0)
    return c + (quad - c) * s


def card_corners(col: float, row: float, half: float = CARD_HALF) -> list[list[float]]:
    """Board coordinates of the card at (col, row): NW, NE, SE, SW."""
    return [[col - half, row - half], [col + half, row - half], [col + half, row + half], [col - half, row + half]]


def quad_of(h: np.ndarray, col: float, row: float, half: float = CARD_HALF) -> np.ndarray:
    """Image corners (NW, NE, SE, SW) of the card at (col, row) under board->image homography h."""
    return cv2.perspectiveTransform(np.float32(card_corners(col, row, half))[None], h)[0].astype(np.float64)


def cell_homography(col: int, row: int, quad: np.ndarray) -> np.ndarray | None:
    """The board->image homography one card's outline at (col, row) implies (None if degenerate):
    a card predicts its neighbours, or its own cell again, where the whole board's fit does not."""
    h, _ = cv2.findHomography(np.float32(card_corners(col, row)), np.float32(quad), 0)
    return h


def board_point(inv: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Where an outline's middle lies on the board (col, row), given the inverse of the
    board->image homography."""
    return cv2.perspectiveTransform(np.float64(quad.mean(axis=0))[None, None], inv)[0, 0]


def fit_homography(board_pts: list, image_pts: list) -> np.ndarray:
    """Least-squares board->image homography (all points trusted; outliers are removed upstream)."""
    h, _ = cv2.findHomography(np.float32(board_pts), np.float32(image_pts), 0)
    if h is None:
        raise ValueError("degenerate card layout")
    return h


def start_homography(quad: np.ndarray) -> np.ndarray:
    """The board->image homography a start card at (0, 0) with this outline alone implies
    (ValueError for a degenerate outline)."""
    return fit_homography(card_corners(0, 0), list(quad))

def board_axes(start: np.ndarray, goals: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Board east and south unit vectors (image) from the start's quad toward the middle of the
    three goal centres, and the goals reordered to rows -2, 0, 2 (south is east turned clockwise
    on screen: the right-hand side seen from above)."""
    east = goals[1] - start.mean(axis=0)
    east /= np.linalg.norm(east)
    south = np.array([-east[1], east[0]])
    order = [0, 1, 2] if (goals[2] - goals[0]) @ south > 0 else [2, 1, 0]
    return east, south, np.array(order)


def board_order(quad: np.ndarray, east: np.ndarray, south: np.ndarray) -> np.ndarray:
    """A card's corners as NW, NE, SE, SW in the board frame."""
    d = quad - quad.mean(axis=0)
    pick = lambda se, ss: quad[int(np.argmax(d @ (se * east + ss * south)))]
    return np.array([pick(-1, -1), pick(1, -1), pick(1, 1), pick(-1, 1)])
