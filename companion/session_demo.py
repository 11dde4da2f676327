"""Try a scan without the box: demo table photos (made by the scanner's renderer) or your own."""
from __future__ import annotations

import asyncio
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2

from engine import board as eboard

from . import overlay, scanflow
from .i18n import Translator, board_problem_text, cell
from .session_scan import reading_error

DEMO_DIR = Path(__file__).resolve().parents[1] / "assets" / "demo"


@lru_cache(maxsize=16)
def thumbnail(path: str) -> bytes:
    img = cv2.imread(path)
    if img is None:
        return b""
    img = cv2.resize(img, (160, round(160 * img.shape[0] / img.shape[1])), interpolation=cv2.INTER_AREA)
    return cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()


def demo_photos() -> list[dict[str, Any]]:
    return [{"name": p.stem, "path": str(p), "thumb": thumbnail(str(p))}
            for p in sorted(DEMO_DIR.glob("*.jpg"))]


def describe_board(cards: list[dict[str, Any]], tr: Translator) -> str:
    """What the engine says about a whole scanned maze (connected cells, goals, problems)."""
    verdict = eboard.check_board(cards)
    parts = [tr.n("Read {count} card; {connected} joined to the start.",
                  "Read {count} cards; {connected} joined to the start.", len(cards),
                  connected=len(verdict["connected"]))]
    if verdict["goals_reached"]:
        parts.append(tr.t("Goals reached: {cells}.", cells=", ".join(cell(c, r) for c, r in verdict["goals_reached"])))
    problems = verdict["problems"]
    if problems:
        examples = "; ".join(board_problem_text(tr, p).rstrip(".") for p in problems[:2])
        parts.append(tr.n("{count} problem, e.g. {examples}.", "{count} problems, e.g. {examples}.",
                          len(problems), examples=examples))
    else:
        parts.append(tr.t("Every card fits the rules."))
    return " ".join(parts)


class DemoVerbs:
    """Mixed into Session: the demo scan screen."""

    def open_demo(self) -> None:
        self._clear()
        self.screen = "demo"
        self.demos = demo_photos()

    async def demo_scan(self, source: str | bytes) -> None:
        """Scan a demo photo (path) or a chosen one (bytes) and draw the reading over it."""
        self.error, self.info, self.busy, self.overlay = "", "", True, None
        data = source if isinstance(source, bytes) else await asyncio.to_thread(Path(source).read_bytes)
        reading = await asyncio.to_thread(scanflow.read_photo, data)
        if not reading.ok:
            self.busy, self.error = False, reading_error(self.tr, reading)
            return
        board, _ = eboard.board_from_cards(reading.cards)
        self.overlay = await asyncio.to_thread(overlay.draw, reading, reading.cards, None,
                                               set(board.reachable))
        self.busy = False
        self.info = describe_board(reading.cards, self.tr) + f" ({reading.ms / 1000:.1f} s)"

