"""Fine check of start candidates: a ladder shows evenly spaced rungs across the centre of the card."""
import cv2
import numpy as np

RECT_W, RECT_L = 64, 100


def rectify(img: np.ndarray, quad: np.ndarray, size: tuple[int, int] = (RECT_W, RECT_L)) -> np.ndarray:
    """Warp the quad (NW, NE, SE, SW order, image px) to an upright card image."""
    w, h = size
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(np.float32(quad), dst)
    return cv2.warpPerspective(img, m, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def _regularity(profile: np.ndarray, lo: float, hi: float) -> float:
    """Evenly spaced peaks: autocorrelation at the best lag P in [lo, hi] minus that at P/2."""
    p = profile.astype(np.float64)
    p = p - np.convolve(p, np.ones(15) / 15, "same")
    p = p[7:-7]
    if len(p) < 3 * hi or p.std() < 1e-6:
        return 0.0
    p = (p - p.mean()) / p.std()

    def ac(lag: float) -> float:
        k = int(round(lag))
        return float(np.mean(p[:-k] * p[k:])) if 0 < k < len(p) else 0.0

    return max(ac(lag) - ac(lag / 2) for lag in np.arange(lo, hi + 0.5, 0.5))


def ladder_score(card: np.ndarray) -> float:
    """Rung regularity in the centre band (along the card, or across it for a turned ladder).

    The profile is each row's colour distance from the band's median colour, so rungs count
    whether they are darker or lighter than the tunnel, whatever their hue.
    """
    lab = cv2.cvtColor(card, cv2.COLOR_BGR2Lab).astype(np.float32)
    h, w = lab.shape[:2]
    along = lab[int(0.18 * h):int(0.82 * h), int(0.38 * w):int(0.62 * w)]
    across = lab[int(0.4 * h):int(0.6 * h), int(0.08 * w):int(0.92 * w)].transpose(1, 0, 2)
    best = 0.0
    for band in (along, across):
        med = np.median(band.reshape(-1, 3), axis=0)
        prof = np.linalg.norm(band - med, axis=2).mean(axis=1)
        best = max(best, _regularity(prof, 0.035 * h, 0.11 * h))
    return best


def best_ladder(fine: np.ndarray, quad: np.ndarray, half_w: np.ndarray, half_l: np.ndarray) -> tuple[float, np.ndarray]:
    """Ladder score at the quad and a few small shifts of it; returns (score, best quad)."""
    best = (-1.0, quad)
    for dx in (-0.12, 0.0, 0.12):
        for dy in (-0.1, 0.0, 0.1):
            q = quad + dx * 2 * half_w + dy * 2 * half_l
            sc = ladder_score(rectify(fine, q))
            if sc > best[0]:
                best = (sc, q)
    return best
