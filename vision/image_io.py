"""Photo loading: decode at reduced size (fast for 12 MP JPEGs), honour EXIF, two working scales."""
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .errors import UnreadableImage
from .settings import LoadSettings

_REDUCED = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4}


@dataclass(frozen=True)
class Photo:
    """The photo at two scales; `fine_scale`/`work_scale` map original pixels to each image."""

    fine: np.ndarray
    work: np.ndarray
    fine_scale: float
    work_scale: float
    size: tuple[int, int]  # original (w, h)

    @property
    def k(self) -> float:
        """Fine pixels per working pixel: detection runs on `work`, reading and fitting on `fine`."""
        return self.fine_scale / self.work_scale


def _header_side(data: bytes) -> int | None:
    """Long side from the JPEG SOF or PNG IHDR header, so the reduction is chosen without decoding."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return max(int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"))
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker, seg = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            return max(int.from_bytes(data[i + 5:i + 7], "big"), int.from_bytes(data[i + 7:i + 9], "big"))
        i += 2 + seg
    return None


def _decode(data: bytes, settings: LoadSettings) -> tuple[np.ndarray, float, tuple[int, int]]:
    """Decode at the coarsest reduction that keeps `fine_side`; returns image, scale, original size."""
    buf = np.frombuffer(data, np.uint8)
    approx = _header_side(data) or 0
    # the coarsest JPEG reduction that still leaves ~fine_side pixels (a reduced decode is far faster)
    factor = next((f for f in (4, 2) if approx / f >= 0.9 * settings.fine_side), 1)
    img = cv2.imdecode(buf, _REDUCED[factor])
    if img is None:
        raise UnreadableImage("the data could not be decoded")
    if factor == 1:
        return img, 1.0, (img.shape[1], img.shape[0])
    return img, 1.0 / factor, (int(round(img.shape[1] * factor)), int(round(img.shape[0] * factor)))


def _to_8bit(img: np.ndarray) -> np.ndarray:
    """Scale by the array's range, not by truncation: a 16-bit or 0..1 float photo is still a photo."""
    if img.dtype == np.uint8:
        return img
    if img.dtype == np.uint16:
        return (img >> 8).astype(np.uint8)
    if np.issubdtype(img.dtype, np.floating) and img.size:
        if not np.isfinite(img).all():
            raise UnreadableImage("the float array holds NaN or infinite values")
        top = 1.0 if float(img.max()) <= 1.0 else 255.0
        return np.clip(img * (255.0 / top) + 0.5, 0, 255).astype(np.uint8)
    raise UnreadableImage(f"the array holds {img.dtype} values, not an 8-bit, 16-bit or float image")


def _from_array(img: np.ndarray) -> np.ndarray:
    img = _to_8bit(img)
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    elif img.ndim == 3 and img.shape[2] == 4:
        img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
    if img.ndim != 3 or img.shape[2] != 3 or img.size == 0:
        raise UnreadableImage("the array is not a BGR image")
    return np.ascontiguousarray(img)


def load_photo(image: "str | Path | bytes | np.ndarray", settings: LoadSettings) -> Photo:
    """Accept a path, encoded bytes or a BGR array; build the fine and the working image."""
    if isinstance(image, np.ndarray):
        fine, fine_scale = _from_array(image), 1.0
        size = (fine.shape[1], fine.shape[0])
    else:
        if isinstance(image, (str, Path)):
            try:
                data = Path(image).read_bytes()
            except OSError as err:
                raise UnreadableImage(f"cannot open {image}: {err.strerror or err}") from None
        else:
            data = bytes(image)
        if not data:
            raise UnreadableImage("the file is empty")
        fine, fine_scale, size = _decode(data, settings)
    if min(fine.shape[:2]) < 64:
        raise UnreadableImage("the image is too small")
    if max(fine.shape[:2]) > settings.fine_side * 1.25:
        s = settings.fine_side / max(fine.shape[:2])
        fine = cv2.resize(fine, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        fine_scale *= s
    work = fine
    while max(work.shape[:2]) > settings.work_side * 1.3:
        work = cv2.pyrDown(work)                 # far faster than an area resize
    s = work.shape[1] / fine.shape[1]
    return Photo(fine, work, fine_scale, fine_scale * s, size)
