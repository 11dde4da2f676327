"""Scenes several vision test modules read: rendered and scanned once per test run."""
from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from vision import scan
from vision.bench import key
from vision.cells import Surface
from vision.fit import Gradients
from vision.render import render_scene
from vision.render.cli import jpeg_bytes, orientation_for


def _scan_saved(seed: int, quality: int, **options) -> tuple[object, dict]:
    """The scene saved as a JPEG of this quality with its Exif turn, scanned: (Scan, truth)."""
    img, truth = render_scene(seed, **options)
    return scan(jpeg_bytes(img, quality, orientation_for(seed))), truth


def _scan_as_bench(seed: int, **options) -> tuple[object, dict]:
    """The scene as the bench saves it (JPEG 93, its Exif turn), scanned: (Scan, truth)."""
    return _scan_saved(seed, 93, **options)


def _read_as_bench(seed: int, **options) -> tuple[dict, dict]:
    """The scene as the bench saves it, read: (answer, truth) by cell."""
    result, truth = _scan_as_bench(seed, **options)
    assert result.ok, result.error
    got = {(c["col"], c["row"]): key(c) for c in result.to_dict()["cards"]}
    return got, {(c["col"], c["row"]): key(c) for c in truth["cards"]}


@pytest.fixture
def scan_as_bench():
    """`scan_as_bench(seed, **render options) -> (Scan, truth)`: the scene as the bench saves it."""
    return _scan_as_bench


@pytest.fixture
def scan_as_rendered():
    """`scan_as_rendered(seed, **render options) -> (Scan, truth)`: the scene as `python -m vision
    render` writes it (JPEG 95, its Exif turn); a borderline photo can read apart from the bench's."""
    return lambda seed, **options: _scan_saved(seed, 95, **options)


@pytest.fixture
def read_as_bench():
    """`read_as_bench(seed, **render options) -> (answer, truth)`, each by cell, keyed as the bench scores."""
    return _read_as_bench


@dataclass(frozen=True)
class ReadScene:
    """A rendered scene, its truth, the scanner's result and the surface it was read on."""

    img: np.ndarray
    truth: dict
    result: object
    surface: Surface


@pytest.fixture(scope="session")
def scene_424285() -> ReadScene:
    """Renderer seed 424285 at 2 MP (a stone goal at (8, 2)), read right."""
    img, truth = render_scene(424285, mp=2.0)
    result = scan(img)
    assert result.ok, result.error
    photo = result.debug["photo"]
    grads = Gradients.of(cv2.cvtColor(photo.fine, cv2.COLOR_BGR2GRAY))
    return ReadScene(img, truth, result, Surface(photo.fine, grads, result.debug["mask"],
                                                 photo.work_scale / photo.fine_scale))


@dataclass(frozen=True)
class ColumnScene:
    """A rendered scene as the start search sees it: the photo, its card mask, what the fiducial
    search found (`Seen`), its first goal column seen apart, the true start's outline and the true
    goals' centres (work px)."""

    photo: object
    mask: np.ndarray
    seen: object
    column: object
    start: np.ndarray
    goals: np.ndarray


@pytest.fixture(scope="session")
def column_scene():
    """Build (once per seed and size) the ColumnScene of a renderer seed."""
    from vision.fiducials import Seen
    from vision.image_io import load_photo
    from vision.mask import card_mask
    from vision.settings import ScanSettings

    made: dict = {}

    def make(seed: int, mp: float) -> ColumnScene:
        if (seed, mp) not in made:
            img, truth = render_scene(seed, mp=mp)
            st = ScanSettings()
            photo = load_photo(img, st.load)
            mask = card_mask(photo.work, st.mask)
            seen = Seen(photo, mask, st)
            start = np.array(next(c for c in truth["cards"] if c["kind"] == "start")["corners"]) * photo.work_scale
            goals = np.array([np.mean(c["corners"], axis=0) for c in truth["cards"] if c["kind"] == "goal"]) * photo.work_scale
            column = seen.placed[0] if seen.placed else None
            made[(seed, mp)] = ColumnScene(photo, mask, seen, column, start, goals)
        return made[(seed, mp)]
    return make
