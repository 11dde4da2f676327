"""The learned card reader: a small convolutional net that looks at one rectified cell and says
what lies there (nothing, a path card, the start, a goal back, a gold or stone goal), which of its
edges open and whether its openings join.

It runs through OpenCV's own `cv2.dnn` (in the phone build too); the weights are trained from
rendered photos only by `python -m vision.cellnet.train` (see vision/cellnet/README.md).
Every crop is standardised on its own (per channel), so the net sees shapes and contrasts, not a
print run's colours.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from ..geometry import grown
from ..warp import warp_crops

CROP_W, CROP_H = 48, 72        # net input, the card plus MARGIN around it
MARGIN = 0.1                   # share of the card's width/length shown beyond each edge
# crops per pass of the net: cv2.dnn's cost per crop is flat up to a hundred or so and then climbs
# (measured, one thread: 0.27 ms a crop at 64, 0.65 at 1024, 2.0 at 4096), while the readings are
# the same bits whatever the batch; a search over a maze reads thousands at once
CHUNK = 64
KINDS = ("empty", "path", "start", "goal_down", "goal_gold", "goal_stone")
SIDES = "NESW"
WEIGHTS = Path(__file__).resolve().parent.parent / "models" / "cellnet.onnx"


@dataclass(frozen=True)
class CellGuess:
    """The net's reading of one cell: class probabilities, P(edge opens) per side, P(dead end)."""

    kinds: np.ndarray      # len(KINDS)
    opens: np.ndarray      # 4, N E S W
    dead: float

    @property
    def kind(self) -> str:
        return KINDS[int(np.argmax(self.kinds))]

    def p(self, kind: str) -> float:
        return float(self.kinds[KINDS.index(kind)])

    @property
    def openings(self) -> str:
        return "".join(s for s, p in zip(SIDES, self.opens) if p > 0.5)

    @property
    def dead_end(self) -> bool:
        return self.dead > 0.5

    @property
    def sureness(self) -> float:
        """How far every binary call is from a coin toss: 1 sure, 0 a toss-up."""
        margins = np.abs(np.append(self.opens, self.dead) - 0.5) * 2
        return float(min(margins.min(), 2 * float(self.kinds.max()) - 1))


def outer_quad(quad: np.ndarray, margin: float = MARGIN) -> np.ndarray:
    """The card's quad (NW NE SE SW) grown by `margin` of its size on every side."""
    return grown(quad, margin)


def crop(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The cell as the net sees it: upright, CROP_W x CROP_H, with the margin around the card."""
    return crops(img, [quad])[0]


def crops(img: np.ndarray, quads: list[np.ndarray]) -> np.ndarray:
    """`crop` of every quad (N x CROP_H x CROP_W x 3), alike on every OpenCV version (vision.warp)."""
    dst = np.float32([[0, 0], [CROP_W, 0], [CROP_W, CROP_H], [0, CROP_H]])
    outer = outer_quad(np.asarray(quads, np.float64).reshape(-1, 4, 2))   # all at once (geometry.grown)
    ms = [cv2.getPerspectiveTransform(np.float32(q), dst) for q in outer]
    return warp_crops(img, ms, (CROP_W, CROP_H))


def standardise(crops: np.ndarray) -> np.ndarray:
    """N x H x W x 3 uint8 -> N x 3 x H x W float32, each crop's channels at mean 0, spread 1.
    The statistics come from cv2.meanStdDev per crop (three times faster than numpy's reductions
    on such small batches), the float planes from one cv2.dnn.blobFromImages (its channel
    transpose is half the cost of doing it per crop); the same float32 arithmetic either way."""
    stats = np.array([np.concatenate(cv2.meanStdDev(c)).ravel() for c in crops]).astype(np.float32)
    out = cv2.dnn.blobFromImages(list(crops))
    out -= stats[:, :3, None, None]
    out /= (stats[:, 3:] + np.float32(8.0))[:, :, None, None]
    return out


@lru_cache(maxsize=1)
def _net() -> "cv2.dnn.Net":
    if not WEIGHTS.exists():
        raise FileNotFoundError(f"{WEIGHTS} is missing: train it with `python -m vision.cellnet.train`")
    return cv2.dnn.readNetFromONNX(str(WEIGHTS))


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def guess(batch: np.ndarray) -> list[CellGuess]:
    """Read a batch of crops (N x CROP_H x CROP_W x 3, from `crops`), CHUNK at a time."""
    if len(batch) == 0:
        return []
    net = _net()
    batch = np.asarray(batch)
    parts = []
    for i in range(0, len(batch), CHUNK):
        net.setInput(standardise(batch[i:i + CHUNK]))
        parts.append(net.forward())
    out = np.concatenate(parts)
    kinds = _softmax(out[:, :len(KINDS)])
    rest = _sigmoid(out[:, len(KINDS):])
    return [CellGuess(k, r[:4], float(r[4])) for k, r in zip(kinds, rest)]


def read(img: np.ndarray, quads: list[np.ndarray]) -> list[CellGuess]:
    """The net's reading of each quad (NW NE SE SW, image px) of this image. Readings are kept
    while the image lives: the frames a scan weighs put many outlines exactly where another
    frame read them (a fifth of the crops of a photo), and the same crop reads the same."""
    memo = _memo_of(img)
    keys = [np.asarray(q, np.float64).tobytes() for q in quads]
    todo = list({k: q for k, q in zip(keys, quads) if k not in memo}.items())
    for (k, _), g in zip(todo, guess(crops(img, [q for _, q in todo]))):
        memo[k] = g
    return [memo[k] for k in keys]


_MEMOS: dict[int, tuple[weakref.ref, dict[bytes, CellGuess]]] = {}


def _memo_of(img: np.ndarray) -> dict[bytes, CellGuess]:
    """The readings of this image so far (dropped with the image: ids are reused after it dies)."""
    key = id(img)
    entry = _MEMOS.get(key)
    if entry is None or entry[0]() is not img:
        entry = (weakref.ref(img, lambda _, key=key: _MEMOS.pop(key, None)), {})
        _MEMOS[key] = entry
    return entry[1]
