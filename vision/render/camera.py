"""A pinhole phone camera over the table, and pasting flat things through it.

The table plane is in millimetres in the board frame (x east = col, y south = row, z into the
table), so a camera with no rotation sees the board upright and unmirrored; yaw turns the board to
any side, tilt gives the perspective of a photo taken at an angle.
"""
from __future__ import annotations

import math

import cv2
import numpy as np


def _rot_x(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def _rot_z(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def plane_homography(size: tuple[int, int], hfov_deg: float, yaw: float, tilt: float,
                     target: np.ndarray, dist: float, roll: float = math.pi) -> np.ndarray:
    """Homography from table mm to image px for a camera `dist` mm from `target`, tilted by `tilt`;
    `roll` turns the phone about its lens (pi: the far side of the table at the top, as usually held)."""
    w, h = size
    f = (w / 2) / math.tan(math.radians(hfov_deg) / 2)
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    R = _rot_z(roll) @ _rot_x(tilt) @ _rot_z(yaw)  # world -> camera
    forward = R.T @ np.array([0.0, 0.0, 1.0])
    C = np.array([target[0], target[1], 0.0]) - dist * forward
    t = -R @ C
    H = K @ np.column_stack([R[:, 0], R[:, 1], t])
    return H / H[2, 2]


def project(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply a homography to an (N, 2) array of points."""
    p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(p, H).reshape(-1, 2)


def frame_camera(size: tuple[int, int], hfov: float, yaw: float, tilt: float, pts: np.ndarray,
                 fill: float, place: tuple[float, float], roll: float = math.pi) -> np.ndarray:
    """A camera whose view of `pts` spans `fill` of the frame, shifted to `place` (0..1 of the slack)."""
    w, h = size
    target = pts.mean(axis=0)
    dist = 1000.0
    for _ in range(6):
        H = plane_homography(size, hfov, yaw, tilt, target, dist, roll)
        q = project(H, pts)
        ext = max(np.ptp(q[:, 0]) / w, np.ptp(q[:, 1]) / h)
        dist *= ext / fill
    H = plane_homography(size, hfov, yaw, tilt, target, dist, roll)
    q = project(H, pts)
    lo, hi = q.min(axis=0), q.max(axis=0)
    margin = 0.01 * np.array([w, h])
    slack = np.array([w, h]) - 2 * margin - (hi - lo)
    shift = margin + np.maximum(slack, 0) * np.array(place) - lo
    if np.any(slack < 0):
        shift = (np.array([w, h]) - (hi + lo)) / 2
    T = np.array([[1, 0, shift[0]], [0, 1, shift[1]], [0, 0, 1]])
    return T @ H


def paste(canvas: np.ndarray, img: np.ndarray, alpha: np.ndarray, H: np.ndarray) -> np.ndarray | None:
    """Warp `img` (with `alpha` 0..255 in its own pixels) into `canvas` by H; returns the warped alpha ROI box."""
    ih, iw = img.shape[:2]
    corners = project(H, np.array([[0, 0], [iw, 0], [iw, ih], [0, ih]], float))
    ch, cw = canvas.shape[:2]
    x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, cw), min(y1, ch)
    if x1 <= x0 or y1 <= y0:
        return None
    T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ H
    size = (x1 - x0, y1 - y0)
    scale = np.sqrt(abs(np.linalg.det(H[:2, :2]))) if abs(H[2, 0]) + abs(H[2, 1]) < 1e-12 else None
    interp = cv2.INTER_AREA if scale is not None and scale < 0.5 else cv2.INTER_LINEAR
    warped = cv2.warpPerspective(img, T, size, flags=interp, borderMode=cv2.BORDER_REPLICATE)
    a = cv2.warpPerspective(alpha, T, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    roi = canvas[y0:y1, x0:x1]
    af = (a.astype(np.float32) / 255.0)[..., None]
    roi[:] = (roi * (1 - af) + warped * af).astype(canvas.dtype)
    return np.array([x0, y0, x1, y1])


def rounded_alpha(w: int, h: int, r: float) -> np.ndarray:
    """An alpha mask of a rounded rectangle (card corners)."""
    m = np.zeros((h, w), np.uint8)
    r = int(max(1, r))
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return m


def placement(center: np.ndarray, angle: float, size_mm: tuple[float, float], px: tuple[int, int]) -> np.ndarray:
    """Affine (3x3) from an image of `px` (w, h) pixels to table mm, centred and turned by `angle`."""
    sw, sh = size_mm[0] / px[0], size_mm[1] / px[1]
    c, s = math.cos(angle), math.sin(angle)
    S = np.array([[sw, 0, -size_mm[0] / 2], [0, sh, -size_mm[1] / 2], [0, 0, 1]])
    R = np.array([[c, -s, center[0]], [s, c, center[1]], [0, 0, 1]])
    return R @ S
