"""Scenes several vision test modules read: rendered and scanned once per test run."""
from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from vision import scan
from vision.cells import Surface
from vision.fit import Gradients
from vision.render import render_scene


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
