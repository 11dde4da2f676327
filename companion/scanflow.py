"""From a photo to a proposed move: decode, scan, compare with the confirmed board, draw.

Slow (OpenCV) work lives here and is called through `asyncio.to_thread` by the session, so the
event loop never blocks. The scan is only a proposal: the difference with the last confirmed
board becomes a candidate move, the engine's board rules judge it, and the players confirm.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from engine import board as eboard
from engine.rules import Rules

from .i18n.names import N_

MAX_PHOTO_BYTES = 30 * 1024 * 1024  # larger uploads are refused before decoding
DISPLAY_LONG_SIDE = 1280  # the overlay shown on screen
KEEP_LONG_SIDE = 1600  # the copy kept with the game

Cell = tuple[int, int]


@dataclass
class Reading:
    """What one photo showed (cards in photo pixels) plus the images derived from it."""

    ok: bool
    error: str = ""  # English; `msgid` + `params` say it in any language (the scanner's own: by its text)
    cards: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    display: np.ndarray | None = None  # BGR, shrunk for the screen
    scale: float = 1.0  # display pixels per photo pixel
    keep_jpeg: bytes = b""
    ms: float = 0.0
    msgid: str = ""
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Verdict:
    """The move the photo suggests, and whether the rules allow it."""

    kind: str  # "place" | "remove" | "none" | "ambiguous"
    cell: Cell | None = None
    card: dict[str, Any] | None = None
    legal: bool = False
    rule: str = ""
    reason: str = ""
    reveals: list[Cell] = field(default_factory=list)
    changed: list[Cell] = field(default_factory=list)
    added: list[Cell] = field(default_factory=list)
    removed: list[Cell] = field(default_factory=list)


def _shrink(img: np.ndarray, long_side: int) -> tuple[np.ndarray, float]:
    h, w = img.shape[:2]
    s = min(1.0, long_side / max(h, w))
    if s >= 1.0:
        return img, 1.0
    return cv2.resize(img, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA), s


def read_photo(data: bytes) -> Reading:
    """Decode and scan one photo; never raises for bad input, says what to retake instead."""
    t0 = time.perf_counter()
    if not data:
        msgid = N_("The file was empty. Take the photo again.")
        return Reading(False, msgid, msgid=msgid)
    if len(data) > MAX_PHOTO_BYTES:
        size = {"size": len(data) // 1_000_000, "limit": MAX_PHOTO_BYTES // 1_000_000}
        msgid = N_("That file is {size} MB; photos up to {limit} MB can be read. Use a smaller photo.")
        return Reading(False, msgid.format(**size), msgid=msgid, params=size)
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        msgid = N_("That file is not a photo the app can open (JPEG or PNG please).")
        return Reading(False, msgid, msgid=msgid)
    import vision  # imported late: the scanner loads its models on first use

    try:
        result = vision.scan(img).to_dict()
    except Exception as exc:  # a scanner bug must cost one photo, never the game
        detail = {"error": f"{type(exc).__name__}: {exc}"}
        msgid = N_("The photo could not be read ({error}). Retake it, or lay the card by hand on the grid.")
        return Reading(False, msgid.format(**detail), msgid=msgid, params=detail)
    display, scale = _shrink(img, DISPLAY_LONG_SIDE)
    keep, _ = _shrink(img, KEEP_LONG_SIDE)
    ok, jpg = cv2.imencode(".jpg", keep, [cv2.IMWRITE_JPEG_QUALITY, 80])
    reading = Reading(bool(result.get("ok")), result.get("error", ""), result.get("cards", []),
                      list(result.get("warnings", [])), display, scale, jpg.tobytes() if ok else b"")
    reading.ms = (time.perf_counter() - t0) * 1000
    return reading


def effective_cards(cards: list[dict[str, Any]], fixes: dict[Cell, dict | None]) -> list[dict]:
    """The scanned cards with the players' fixes applied (None = "no card here")."""
    out = {(c["col"], c["row"]): c for c in cards}
    for cell, fix in fixes.items():
        if fix is None:
            out.pop(cell, None)
        else:
            old = out.get(cell, {})
            out[cell] = {**old, "col": cell[0], "row": cell[1], "kind": "path",
                         "openings": fix["openings"], "dead_end": fix["dead_end"], "fixed": True}
    return list(out.values())


def _same(a: dict, b: dict) -> bool:
    return a.get("openings", "") == b.get("openings", "") and bool(a.get("dead_end")) == bool(b.get("dead_end"))


def judge(confirmed: list[dict], seen: list[dict], rules: Rules) -> Verdict:
    """Compare tunnel cards only: the start and goals are the engine's business."""
    old = {(c["col"], c["row"]): c for c in confirmed if c.get("kind") == "path"}
    new = {(c["col"], c["row"]): c for c in seen if c.get("kind", "path") == "path"}
    added = sorted(set(new) - set(old))
    removed = sorted(set(old) - set(new))
    changed = sorted(p for p in set(old) & set(new) if not _same(old[p], new[p]))
    if len(added) == 1 and not removed:
        cell = added[0]
        card = {"col": cell[0], "row": cell[1], "openings": new[cell]["openings"],
                "dead_end": bool(new[cell].get("dead_end"))}
        res = eboard.legal_placement(confirmed, card, rules)
        return Verdict("place", cell, card, res["legal"], res.get("rule", ""), res["reason"],
                       [tuple(p) for p in res.get("reveals", [])], changed)
    if len(removed) == 1 and not added:
        return Verdict("remove", removed[0], old[removed[0]], True, changed=changed)
    if not added and not removed:
        return Verdict("none", changed=changed,
                       reason=N_("No new card found: the photo shows the same maze as before."))
    return Verdict("ambiguous", changed=changed, added=added, removed=removed, reason=(
        f"The photo differs from the last confirmed maze in {len(added) + len(removed)} places "
        f"(new at {_cells(added)}; missing at {_cells(removed)}). Fix the misread cells or retake."))


def _cells(cells: list[Cell]) -> str:
    return ", ".join(f"({c},{r})" for c, r in cells) or "none"


def connected_after(confirmed: list[dict], verdict: Verdict) -> set[Cell]:
    """Start-connected cells once the proposed move is made (or as confirmed, if it is illegal)."""
    cards = [c for c in confirmed if not (verdict.kind == "remove" and (c["col"], c["row"]) == verdict.cell)]
    if verdict.kind == "place" and verdict.legal and verdict.card:
        cards.append({**verdict.card, "kind": "path"})
    board, _ = eboard.board_from_cards(cards)
    return set(board.reachable)
