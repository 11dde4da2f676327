"""The start card's pose: its window posed on the cross and pushed out to its outline, and the
other poses a walk from it may need (turned a quarter, other sizes, each side on its own edge).

A window round an odd patch frames the start only roughly: the cross's own pattern fixes its
middle and turn, the card's edges its size. Each pose must still read as the start to the reader.
"""
from dataclasses import dataclass

import numpy as np

from . import cellnet
from .cells import Surface
from .fit import Gradients, card_outline, push_lines
from .geometry import axes
from .image_io import Photo
from .ladder import fit_cross


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
    c = found.quad.mean(axis=0)
    for scale in (1.0, 1.35, 1.75, 0.75):
        pattern = fit_cross(photo.fine, c + (found.quad - c) * scale)
        pose = _if_start(photo.fine, card_outline(grads, pattern), pattern)
        if pose is not None:
            return pose
    return None


def _if_start(img: np.ndarray, outline: np.ndarray, pattern: np.ndarray) -> Found | None:
    """The pose, if the reader still takes its outline for the start (p >= 0.5)."""
    p = cellnet.read(img, [outline])[0].p("start")
    return Found(outline, pattern, p) if p >= 0.5 else None


def lined_pose(sf: Surface, found: Found) -> Found | None:
    """The start's outline with each side fitted to its own straight edge (see fit.push_lines),
    if the reader still takes it for the start: under a slanted view the pose on the cross can be
    turned a sixth of a quarter off, and a walk from it reads a few cards across the true ones."""
    return _if_start(sf.fine, push_lines(sf.grads, found.quad), found.pattern)


POSE_SCALES = (1.3, 1.6, 0.8)


def poses(sf: Surface, found: Found):
    """The start as found, then turned a quarter (its window's angle is known modulo 90 degrees)
    and at other sizes, each posed on its cross and pushed out to its outline; only poses the
    reader still takes for the start."""
    yield found
    c = found.pattern.mean(axis=0)
    # the turned window is posed on its cross again; a resized one keeps its size (posing on the
    # cross would shrink it back to the size the first pose found)
    turned = fit_cross(sf.fine, quarter(found.pattern))
    for pattern in [turned] + [c + (found.pattern - c) * s for s in POSE_SCALES]:
        pose = _if_start(sf.fine, card_outline(sf.grads, pattern), pattern)
        if pose is not None:
            yield pose


def quarter(quad: np.ndarray) -> np.ndarray:
    """The window turned a quarter about its middle, keeping its width and length."""
    q = np.asarray(quad, np.float64)
    c = q.mean(axis=0)
    ax_w, ax_l = axes(q)
    w = ax_l / (np.linalg.norm(ax_l) + 1e-9) * np.linalg.norm(ax_w) / 2
    l = -ax_w / (np.linalg.norm(ax_w) + 1e-9) * np.linalg.norm(ax_l) / 2
    return np.array([c - w - l, c + w - l, c + w + l, c - w + l])
