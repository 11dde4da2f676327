"""What the phone and the room do to the picture: uneven light, shadows of hands and phones,
glare on glossy cards, white balance, defocus and shake, sensor noise, oversharpening, JPEG.
"""
from __future__ import annotations

import random

import cv2
import numpy as np


def lighting(img: np.ndarray, prng: random.Random, rng: np.random.Generator, strength: float) -> np.ndarray:
    """Smooth brightness ramp, vignetting and a colour cast, applied in place on a float copy."""
    h, w = img.shape[:2]
    field = cv2.resize(rng.uniform(1 - 0.25 * strength, 1 + 0.12 * strength, (3, 3)).astype(np.float32), (w, h),
                       interpolation=cv2.INTER_CUBIC)
    yy, xx = np.ogrid[-1:1:complex(0, h), -1:1:complex(0, w)]
    vig = 1 - prng.uniform(0, 0.3) * strength * (xx ** 2 + yy ** 2) / 2
    cast = np.array([prng.uniform(0.9, 1.1), prng.uniform(0.95, 1.05), prng.uniform(0.9, 1.1)], np.float32)
    if prng.random() < 0.2:  # tungsten lamp or cold daylight that white balance did not fix
        cast *= np.array([0.75, 0.95, 1.15], np.float32) if prng.random() < 0.6 else np.array([1.12, 1.0, 0.88], np.float32)
    gain = prng.uniform(0.75, 1.15) if prng.random() < 0.85 else prng.choice([0.55, 0.65, 1.25, 1.35])
    out = img.astype(np.float32) * (field * vig * gain)[..., None].astype(np.float32) * cast
    grey = out.mean(axis=2, keepdims=True)
    out = grey + (out - grey) * prng.uniform(0.7, 1.4)  # phones boost (or wash out) colour
    gamma = prng.uniform(0.8, 1.25)
    out = 255.0 * (np.clip(out, 0, 255) / 255.0) ** gamma
    return np.clip(out, 0, 255).astype(np.uint8)


def cast_shadows(img: np.ndarray, prng: random.Random, n: int, darkness: float) -> np.ndarray:
    """Soft shadows of a hand, an arm or the phone itself falling across the table and the maze."""
    h, w = img.shape[:2]
    small = 256
    sh, sw = int(small * h / max(h, w)), int(small * w / max(h, w))
    mask = np.zeros((sh, sw), np.float32)
    for _ in range(n):
        kind = prng.choice(["arm", "phone", "blob"])
        cx, cy = prng.uniform(0, sw), prng.uniform(0, sh)
        if kind == "phone":
            rw, rh = prng.uniform(0.15, 0.35) * sw, prng.uniform(0.25, 0.5) * sh
            box = cv2.boxPoints(((cx, cy), (rw, rh), prng.uniform(0, 180)))
            cv2.fillConvexPoly(mask, np.int32(box), 1.0)
        elif kind == "arm":
            edge = prng.choice([(0, cy), (sw, cy), (cx, 0), (cx, sh)])
            cv2.line(mask, (int(edge[0]), int(edge[1])), (int(cx), int(cy)), 1.0, int(prng.uniform(0.1, 0.2) * sw))
            cv2.circle(mask, (int(cx), int(cy)), int(prng.uniform(0.08, 0.14) * sw), 1.0, -1)
        else:
            cv2.ellipse(mask, (int(cx), int(cy)), (int(prng.uniform(0.1, 0.4) * sw), int(prng.uniform(0.1, 0.3) * sh)),
                        prng.uniform(0, 180), 0, 360, 1.0, -1)
    hard = prng.random() < 0.25  # sunlight: crisp shadow edges
    mask = cv2.GaussianBlur(mask, (0, 0), prng.uniform(0.4, 0.8) if hard else prng.uniform(2, 10))
    mask = cv2.resize(mask, (w, h), interpolation=cv2.INTER_LINEAR)
    return np.clip(img * (1 - darkness * mask)[..., None], 0, 255).astype(np.uint8)


def glare(img: np.ndarray, prng: random.Random, spots: list[tuple[float, float]], strength: float, scale: float,
          gloss_mask: np.ndarray | None = None, sheen: float = 0.0) -> np.ndarray:
    """Bright specular spots and, with `sheen`, a broad window reflection: additive, soft, sometimes
    clipping to white; only where `gloss_mask` (the cards) is, because cloth does not shine."""
    h, w = img.shape[:2]
    small = 256
    sh, sw = int(small * h / max(h, w)), int(small * w / max(h, w))
    mask = np.zeros((sh, sw), np.float32)
    for x, y in spots:
        ax = max(1, int(prng.uniform(0.3, 1.2) * scale * sw / w))
        cv2.ellipse(mask, (int(x * sw / w), int(y * sh / h)), (ax, max(1, int(ax * prng.uniform(0.2, 0.7)))),
                    prng.uniform(0, 180), 0, 360, 1.0, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, scale * sw / w * 0.4)) * strength
    if sheen > 0:  # a long soft band across several cards
        band = np.zeros((sh, sw), np.float32)
        c = (int(prng.uniform(0.2, 0.8) * sw), int(prng.uniform(0.2, 0.8) * sh))
        cv2.ellipse(band, c, (int(sw * prng.uniform(0.2, 0.5)), int(sh * prng.uniform(0.05, 0.15))),
                    prng.uniform(0, 180), 0, 360, 1.0, -1)
        mask += cv2.GaussianBlur(band, (0, 0), sw * 0.05) * sheen
    mask = cv2.resize(mask, (w, h), interpolation=cv2.INTER_LINEAR)
    if gloss_mask is not None:
        mask *= gloss_mask
    return np.clip(img + (255 * mask)[..., None], 0, 255).astype(np.uint8)


def camera(img: np.ndarray, prng: random.Random, rng: np.random.Generator, blur_sigma: float,
           noise_sigma: float, motion: float, sharpen: float) -> np.ndarray:
    """Defocus, hand shake, oversharpening and sensor noise."""
    if blur_sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), blur_sigma)
    if motion > 1.5:
        k = np.zeros((int(motion) * 2 + 1, int(motion) * 2 + 1), np.float32)
        c = int(motion)
        ang = prng.uniform(0, np.pi)
        dx, dy = np.cos(ang) * motion, np.sin(ang) * motion
        cv2.line(k, (int(c - dx), int(c - dy)), (int(c + dx), int(c + dy)), 1.0, 1, cv2.LINE_AA)
        img = cv2.filter2D(img, -1, k / k.sum())
    if sharpen > 0:
        soft = cv2.GaussianBlur(img, (0, 0), 1.5)
        img = cv2.addWeighted(img, 1 + sharpen, soft, -sharpen, 0)
    if noise_sigma > 0:
        h, w = img.shape[:2]
        lum = rng.standard_normal((h, w, 1), dtype=np.float32) * noise_sigma
        chroma = cv2.resize(rng.standard_normal((h // 2 + 1, w // 2 + 1, 3), dtype=np.float32), (w, h)) * noise_sigma * 0.5
        img = np.clip(img.astype(np.float32) + lum + chroma, 0, 255).astype(np.uint8)
    return img


def jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    """A round trip through the JPEG codec: blocking and ringing like a phone's file."""
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else img


def depth_of_field(img: np.ndarray, prng: random.Random, sigma: float) -> np.ndarray:
    """A tilted shot focused on one band: sharpness falls off toward the near and far edges."""
    if sigma < 0.5:
        return img
    h, w = img.shape[:2]
    soft = cv2.GaussianBlur(img, (0, 0), sigma)
    ang = prng.uniform(0, np.pi)
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    d = (xx - w / 2) * np.cos(ang) + (yy - h / 2) * np.sin(ang)
    m = np.clip((np.abs(d - prng.uniform(-0.2, 0.2) * max(h, w)) / (0.5 * max(h, w))) ** 1.5, 0, 1)
    m = cv2.resize(m, (w, h), interpolation=cv2.INTER_LINEAR)[..., None]
    return (img * (1 - m) + soft * m).astype(np.uint8)
