"""Things around the maze: the draw pile, action, gold and role cards, cups, phones and hands.

Each item is a flat picture with an alpha mask and a size in mm; the scene lays it on the table
beside the maze (never on a maze card, so the truth stays exact) and pastes it through the camera.
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np

from .art import card_size, noise
from .camera import rounded_alpha
from .faces import back_pattern, emblem, nugget, path_face
from .style import Style, jitter

CARD_MM = (57.0, 88.0)
Item = tuple[np.ndarray, np.ndarray, tuple[float, float]]  # image, alpha, size in mm (w, h)


def _card_canvas(color, w: int, rng: np.random.Generator, amp: float = 8) -> np.ndarray:
    _, h = card_size(w)
    img = np.empty((h, w, 3), np.float32)
    img[:] = color
    img += (noise(rng, h, w, 0.2 * w, 2) * amp)[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def pile_back(prng: random.Random, rng: np.random.Generator, w: int) -> np.ndarray:
    """The grey back of path and action cards, with the crossed hammer and pick."""
    img = _card_canvas(jitter(prng, (120, 122, 125), 15), w, rng)
    emblem(img, np.array([w / 2, img.shape[0] / 2]), 0.3 * w, jitter(prng, (170, 172, 175), 15))
    return img


def action_face(prng: random.Random, rng: np.random.Generator, w: int) -> np.ndarray:
    """An action card: a pale face with a tool drawing, red cross or map."""
    img = _card_canvas(jitter(prng, prng.choice([(200, 215, 225), (180, 200, 120), (220, 220, 230)]), 15), w, rng)
    h = img.shape[0]
    c = (w // 2, h // 2)
    kind = prng.choice(["broken", "repair", "map", "rockfall"])
    tool = jitter(prng, (60, 70, 90), 20)
    cv2.circle(img, c, int(0.3 * w), tool, max(1, w // 25), cv2.LINE_AA)
    cv2.line(img, (c[0] - w // 5, c[1] + w // 5), (c[0] + w // 5, c[1] - w // 5), tool, max(1, w // 15), cv2.LINE_AA)
    if kind == "broken":
        cv2.line(img, (c[0] - w // 4, c[1] - w // 4), (c[0] + w // 4, c[1] + w // 4), (40, 40, 220), max(1, w // 20), cv2.LINE_AA)
    elif kind == "map":
        cv2.rectangle(img, (w // 6, h // 6), (w - w // 6, h - h // 6), (90, 160, 200), max(1, w // 30))
    elif kind == "rockfall":
        cv2.circle(img, c, int(0.15 * w), (70, 70, 70), -1, cv2.LINE_AA)
    return img


def gold_card(prng: random.Random, rng: np.random.Generator, w: int) -> np.ndarray:
    """A gold card: one to three nuggets on brown."""
    img = _card_canvas(jitter(prng, (40, 90, 140), 20), w, rng)
    h = img.shape[0]
    for i in range(prng.randint(1, 3)):
        nugget(img, np.array([w / 2, h * (0.3 + 0.2 * i)]), 0.15 * w, prng)
    return img


def role_card(prng: random.Random, rng: np.random.Generator, w: int) -> np.ndarray:
    """A dwarf role card: a figure and a word."""
    img = _card_canvas(jitter(prng, prng.choice([(60, 120, 60), (60, 60, 140), (140, 100, 60)]), 25), w, rng)
    h = img.shape[0]
    skin = (150, 180, 230)
    cv2.circle(img, (w // 2, int(h * 0.35)), int(0.15 * w), skin, -1, cv2.LINE_AA)
    cv2.ellipse(img, (w // 2, int(h * 0.65)), (int(0.28 * w), int(0.22 * h)), 0, 0, 360, jitter(prng, (50, 50, 150), 40), -1)
    cv2.putText(img, prng.choice(["SAB", "DIG", "?"]), (w // 6, int(h * 0.92)), cv2.FONT_HERSHEY_SIMPLEX,
                w / 120, (240, 240, 240), max(1, w // 40), cv2.LINE_AA)
    return img


def loose_card(prng: random.Random, rng: np.random.Generator, w: int, style: Style) -> Item:
    """Any non-maze card lying on the table."""
    maker = prng.choice([pile_back, action_face, action_face, gold_card, role_card])
    img = maker(prng, rng, w)
    if prng.random() < 0.15:  # a spare goal-like back of the maze's own colours
        img = _card_canvas(style.goal_back, w, rng)
        back_pattern(img, style.goal_pattern, style.goal_mark, prng)
    return img, rounded_alpha(w, img.shape[0], style.corner_r * w), CARD_MM


def draw_pile(prng: random.Random, rng: np.random.Generator, w: int) -> Item:
    """A stack of grey backs, edges showing where the cards are squared badly."""
    img = pile_back(prng, rng, w)
    pad = w // 6
    h = img.shape[0]
    big = np.zeros((h + 2 * pad, w + 2 * pad, 3), np.uint8)
    alpha = np.zeros(big.shape[:2], np.uint8)
    for k in range(prng.randint(3, 6)):
        dx, dy = prng.randint(0, pad), prng.randint(0, pad)
        shade = int(150 - 15 * k)
        m = rounded_alpha(w, h, 0.06 * w)
        roi = big[dy:dy + h, dx:dx + w]
        roi[m > 0] = (shade, shade, shade + 5)
        alpha[dy:dy + h, dx:dx + w] |= m
    dx, dy = pad // 2, pad // 2
    m = rounded_alpha(w, h, 0.06 * w)
    big[dy:dy + h, dx:dx + w][m > 0] = img[m > 0]
    scale = (w + 2 * pad) / w
    return big, alpha, (CARD_MM[0] * scale, CARD_MM[1] * (h + 2 * pad) / h)


def fan(prng: random.Random, rng: np.random.Generator, w: int, style: Style) -> Item:
    """A player's hand of cards spread in a fan (backs or faces), as put down for a moment."""
    h = card_size(w)[1]
    size = int(h * 2.2)
    img = np.zeros((size, size, 3), np.uint8)
    alpha = np.zeros((size, size), np.uint8)
    pivot = np.array([size / 2, size * 0.8])
    n = prng.randint(3, 6)
    for i, ang in enumerate(np.linspace(-0.5, 0.5, n) * prng.uniform(0.6, 1.2)):
        roll = prng.random()
        card = (pile_back(prng, rng, w) if roll < 0.4 else action_face(prng, rng, w) if roll < 0.75
                else path_face(prng.choice(["NESW", "NS", "NE", "ESW"]), prng.random() < 0.2, style, w, prng, rng))
        M = cv2.getRotationMatrix2D((w / 2, h * 0.85), math.degrees(ang), 1.0)
        M[:, 2] += pivot - (w / 2, h * 0.85)
        a = cv2.warpAffine(rounded_alpha(w, h, 0.06 * w), M, (size, size))
        c = cv2.warpAffine(card, M, (size, size))
        af = (a.astype(np.float32) / 255)[..., None]
        img = (img * (1 - af) + c * af).astype(np.uint8)
        alpha = np.maximum(alpha, a)
    mm = CARD_MM[1] * 2.2
    return img, alpha, (mm, mm)


def cup(prng: random.Random, rng: np.random.Generator, px: int) -> Item:
    """A mug seen from above: a coloured rim around a dark drink."""
    img = np.zeros((px, px, 3), np.uint8)
    alpha = np.zeros((px, px), np.uint8)
    c, r = (px // 2, px // 2), px // 2 - 2
    col = jitter(prng, prng.choice([(240, 240, 240), (40, 40, 160), (160, 90, 30), (40, 160, 200)]), 20)
    cv2.circle(img, c, r, col, -1, cv2.LINE_AA)
    cv2.circle(alpha, c, r, 255, -1, cv2.LINE_AA)
    drink = prng.choice([(20, 40, 70), (30, 90, 150), (200, 200, 210)])
    cv2.circle(img, c, int(r * 0.82), drink, -1, cv2.LINE_AA)
    cv2.ellipse(img, (int(px * 0.4), int(px * 0.4)), (int(r * 0.3), int(r * 0.12)), -40, 0, 360, (250, 250, 250), -1, cv2.LINE_AA)
    mm = prng.uniform(75, 95)
    return img, alpha, (mm, mm)


def phone(prng: random.Random, rng: np.random.Generator, px: int) -> Item:
    """A phone lying on the table, screen dark with a reflection."""
    h = int(px * 2.1)
    img = np.empty((h, px, 3), np.uint8)
    img[:] = jitter(prng, (25, 25, 30), 10)
    cv2.rectangle(img, (px // 14, px // 14), (px - px // 14, h - px // 14), jitter(prng, (50, 45, 40), 15), -1)
    pts = np.int32([(0, h // 3), (px, h // 5), (px, h // 4), (0, h // 2)])
    cv2.fillPoly(img, [pts], (90, 90, 95), cv2.LINE_AA)
    return img, rounded_alpha(px, h, px * 0.12), (72.0, 72.0 * 2.1)


def hand(prng: random.Random, rng: np.random.Generator, px: int) -> Item:
    """A hand with its forearm, reaching in from the frame edge (the image's top is the arm)."""
    h = int(px * 2.4)
    alpha = np.zeros((h, px), np.uint8)
    skin = jitter(prng, prng.choice([(150, 180, 225), (110, 145, 200), (70, 100, 150), (170, 200, 235)]), 15)
    palm_c = (px // 2, int(h * 0.62))
    cv2.rectangle(alpha, (int(px * 0.25), 0), (int(px * 0.75), palm_c[1]), 255, -1)
    cv2.ellipse(alpha, palm_c, (int(px * 0.3), int(px * 0.36)), 0, 0, 360, 255, -1, cv2.LINE_AA)
    for i, ang in enumerate(np.linspace(-0.5, 0.5, 4)):
        base = (palm_c[0] + int(px * 0.2 * math.sin(ang) * 1.4), palm_c[1] + int(px * 0.25))
        tip = (base[0] + int(px * 0.35 * math.sin(ang)), base[1] + int(px * (0.38 + 0.06 * (i in (1, 2)))))
        cv2.line(alpha, base, tip, 255, max(2, int(px * 0.12)), cv2.LINE_AA)
    thumb = (palm_c[0] + prng.choice([-1, 1]) * int(px * 0.42), palm_c[1] + int(px * 0.1))
    cv2.line(alpha, palm_c, thumb, 255, max(2, int(px * 0.13)), cv2.LINE_AA)
    img = np.empty((h, px, 3), np.float32)
    img[:] = skin
    shade = cv2.GaussianBlur(alpha.astype(np.float32) / 255, (0, 0), px * 0.06)
    img *= (0.6 + 0.4 * shade)[..., None]
    img += (noise(rng, h, px, px * 0.2, 2) * 8)[..., None]
    if prng.random() < 0.5:  # a sleeve
        cv2.rectangle(img, (0, 0), (px, int(h * 0.3)), jitter(prng, (90, 60, 40), 60), -1)
    return np.clip(img, 0, 255).astype(np.uint8), alpha, (85.0, 85.0 * 2.4)


def clutter_items(prng: random.Random, rng: np.random.Generator, style: Style, px_card: int, level: float) -> list[tuple[str, Item]]:
    """A random set of table objects; `level` 0..1 scales how much lies around."""
    items: list[tuple[str, Item]] = []
    if prng.random() < 0.6 * level + 0.2:
        items.append(("pile", draw_pile(prng, rng, px_card)))
    for _ in range(int(prng.uniform(0, 10) * level)):
        items.append(("card", loose_card(prng, rng, px_card, style)))
    if prng.random() < 0.4 * level:
        items.append(("cup", cup(prng, rng, int(px_card * 1.5))))
    if prng.random() < 0.3 * level:
        items.append(("fan", fan(prng, rng, px_card, style)))
    if prng.random() < 0.3 * level:
        items.append(("phone", phone(prng, rng, px_card)))
    for _ in range(prng.choice([0, 0, 1, 1, 2]) if level > 0.2 else 0):
        items.append(("hand", hand(prng, rng, int(px_card * 1.2))))
    return items
