"""Card quads: refine a predicted quad to the card's real edges, and the board homography."""
import cv2
import numpy as np

CARD_HALF = 0.49   # half a card in board pitches (cards lie nearly edge to edge)


def quad_of(h: np.ndarray, col: float, row: float, half: float = CARD_HALF) -> np.ndarray:
    """Image corners (NW, NE, SE, SW) of the card at (col, row) under board->image homography h."""
    pts = np.float32([[col - half, row - half], [col + half, row - half],
                      [col + half, row + half], [col - half, row + half]])
    return cv2.perspectiveTransform(pts[None], h)[0].astype(np.float64)


def fit_homography(board_pts: list, image_pts: list) -> np.ndarray:
    """Least-squares board->image homography (all points trusted; outliers are removed upstream)."""
    h, _ = cv2.findHomography(np.float32(board_pts), np.float32(image_pts), 0)
    if h is None:
        raise ValueError("degenerate card layout")
    return h