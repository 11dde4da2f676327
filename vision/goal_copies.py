"""Goal columns from one goal seen on its own: the other two are found as copies of its look.

The card mask loses goals that touch the maze (they merge into its blob) or whose backs share the
tablecloth's colours. The three face-down goals are copies of one print, so when one lies apart
as a clean card-shaped blob, its own picture is searched for two and four card lengths along its
long side (the goal column runs along the cards' long sides). No look is assumed: the template
is cut from this photo.
"""
import cv2
import numpy as np

from .goals import Blob, GoalColumn, blob_quad

PX_PER_LENGTH = 36.0    # strip scale: a card's long side in strip pixels
ROW_STEP = 2.06         # goals lie two rows apart, a row being a card length plus a small gap
SURE_MATCH = 0.75       # one copy this clear may stand for two (the other guessed)
GUESS_COST = 0.3        # a guessed goal ranks its column this much lower
MIN_MATCH = 0.6         # normalised correlation a copy must reach
MAX_COLOUR = 20.0       # Lab distance (lightness damped) between the seen goal and a copy
MIN_FILL = 0.7          # the seen goal fills its oriented box like a card


def _axes(blob: Blob) -> tuple[np.ndarray, float, float] | None:
    """Unit vector along the blob's long side, and its long and short sides; None unless the blob
    is card-shaped."""
    (_, _), (w, h), angle = cv2.minAreaRect(blob.contour.astype(np.float32))
    long_side, short_side = max(w, h), min(w, h)
    if long_side < 1 or not 0.4 <= short_side / long_side <= 0.85 or blob.area < MIN_FILL * w * h:
        return None
    if blob_quad(blob) is None:
        return None
    # OpenCV 4.x and 5.x report the box's angle in different ranges (a long axis may come out
    # turned 180 degrees): fold it into one range so the strip, hence the match, is the same
    a = np.radians((angle + (0.0 if w >= h else 90.0) + 90.0) % 180.0 - 90.0)
    return np.array([np.cos(a), np.sin(a)]), float(long_side), float(short_side)


def _strip(work: np.ndarray, centre: np.ndarray, u: np.ndarray, length: float) -> tuple[np.ndarray, np.ndarray]:
    """The image along the blob's long axis, rotated so that axis points down (x across, y along),
    +-4.6 card lengths long and 1.6 wide; returns the strip and the strip->image affine map."""
    s = PX_PER_LENGTH / length
    size = (int(1.6 * PX_PER_LENGTH), int(9.2 * PX_PER_LENGTH))
    n = np.array([-u[1], u[0]])
    a = np.array([n * s, u * s])
    m = np.hstack([a, (np.array(size, np.float64) / 2 - a @ centre)[:, None]]).astype(np.float32)
    strip = cv2.warpAffine(work, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    return strip, cv2.invertAffineTransform(m)


def _copies(work: np.ndarray, blob: Blob) -> dict[int, tuple[float, np.ndarray]] | None:
    """Best match of the blob's picture near each of -2, -1, +1, +2 goal steps along its long
    side: {step: (correlation, centre in image px)}."""
    axes = _axes(blob)
    if axes is None:
        return None
    u, length, short = axes
    strip, back = _strip(work, blob.centre, u, length)
    # fine print (hatching, embossing) shifts with perspective: match the broad picture
    strip = cv2.GaussianBlur(strip, (0, 0), 0.06 * PX_PER_LENGTH)
    h, w = strip.shape[:2]
    tw, th = int(0.8 * short / length * PX_PER_LENGTH), int(0.8 * PX_PER_LENGTH)
    y0, x0 = h // 2 - th // 2, w // 2 - tw // 2
    tpl = strip[y0:y0 + th, x0:x0 + tw]
    res = np.maximum(cv2.matchTemplate(strip, tpl, cv2.TM_CCOEFF_NORMED),
                     cv2.matchTemplate(strip, cv2.rotate(tpl, cv2.ROTATE_180), cv2.TM_CCOEFF_NORMED))
    # the copy must also have the template's colour (lightness damped: shade), as the triples do
    lab = cv2.cvtColor(strip, cv2.COLOR_BGR2Lab).astype(np.float32)
    means = cv2.blur(lab, (tw, th))
    ref = means[y0 + th // 2, x0 + tw // 2]
    found = {}
    for step in (-2, -1, 1, 2):
        cy = y0 + step * ROW_STEP * PX_PER_LENGTH
        reach = (0.35 + 0.15 * abs(step)) * PX_PER_LENGTH
        lo, hi = int(max(0, cy - reach)), int(min(res.shape[0], cy + reach + 1))
        if hi <= lo:
            continue
        across = int(0.25 * PX_PER_LENGTH)   # the goals lie on a straight line
        xl = max(0, x0 - across)
        win = res[lo:hi, xl:x0 + across + 1]
        y, x = np.unravel_index(int(np.argmax(win)), win.shape)
        centre = np.array([x + xl + tw / 2, y + lo + th / 2], np.float64)
        d = (means[int(centre[1]), int(centre[0])] - ref) * np.array([0.25, 1.0, 1.0], np.float32)
        if float(np.linalg.norm(d)) <= MAX_COLOUR:
            found[step] = (float(win[y, x]), back[:, :2] @ centre + back[:, 2])
    return found


def _moved(blob: Blob, centre: np.ndarray, guessed: bool = False) -> Blob:
    return Blob(centre, blob.area, blob.long_side, blob.colour,
                blob.contour + np.round(centre - blob.centre).astype(blob.contour.dtype), guessed)


def _completed(found: dict, steps: tuple[int, int], centre: np.ndarray) -> dict | None:
    """Both steps of a hypothesis, the weaker one guessed on the line through the seen two when
    only one copy is clear (the third goal turned face up, or covered): {step: (match, centre,
    guessed)}; None when neither copy is clear."""
    good = [st for st in steps if st in found and found[st][0] >= MIN_MATCH]
    if len(good) == 2:
        return {st: (*found[st], False) for st in steps}
    if len(good) == 0 or found[good[0]][0] < SURE_MATCH:
        return None
    seen, other = good[0], steps[1 - steps.index(good[0])]
    per_step = (found[seen][1] - centre) / seen
    return {seen: (*found[seen], False), other: (found[seen][0] - GUESS_COST, centre + other * per_step, True)}


def copy_columns(work: np.ndarray, blobs: list[Blob], max_blobs: int = 12) -> list[GoalColumn]:
    """Goal columns made of one card-shaped blob and two copies of its picture two and four
    card lengths along its long side (whichever of top, middle and bottom it is); best first."""
    columns = []
    for blob in blobs[:max_blobs]:
        found = _copies(work, blob)
        if not found:
            continue
        for steps in ((1, 2), (-1, 1), (-2, -1)):
            both = _completed(found, steps, blob.centre)
            if both is None:
                continue
            worst = min(m for m, _, _ in both.values())
            trio = sorted([(0, blob)] + [(st, _moved(blob, c, g)) for st, (_, c, g) in both.items()], key=lambda t: t[0])
            columns.append(GoalColumn(tuple(b for _, b in trio), 2.0 - worst))
    columns.sort(key=lambda g: g.score)
    return columns
