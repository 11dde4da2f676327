"""Helpers for the players' phones tests: seeded games, phone pages, WebSocket frame recording."""
from __future__ import annotations

import time
from pathlib import Path

import cv2
import numpy as np

from companion.service import GameService
from companion.storage import Store
from engine import apply, view_for
from engine.moves import PlacePath, PlayMap, StartRound, TakeGold
from engine.rules import Rules
from engine.state import new_game

from .helpers import by_id, click, click_away, hold, open_app, release, shot
from .test_game import lay_by_hand, wait_text

ROWS = (-2, 0, 2)
ANY = -1  # seed_for(chooser=ANY): somebody gets a real choice in the draft


def seed_for(names: list[str], want: dict[int, str], youngest: int = 0, chooser: int | None = None,
             maps: tuple[int, ...] = ()) -> int:
    """The first seed whose deal gives these seats these roles and, if asked, gives `chooser` a
    real choice in the draft after the tests' script (searched, not hard-coded; ANY: anybody)."""
    for seed in range(1, 5000):
        state, _ = apply(new_game(names, Rules(), youngest, seed, "track"), StartRound())
        if not all(state.roles[s] == r for s, r in want.items()):
            continue
        if chooser is None:
            return seed
        pickers = draft_pickers(names, seed, list(maps), youngest)
        if chooser in pickers or (chooser == ANY and pickers):
            return seed
    raise AssertionError(f"no seed deals {want}")


def seeded_game(db: Path, names: list[str], seed: int, youngest: int = 0) -> dict:
    """Create and deal a game in the saved-games file, as an earlier session would have.
    Returns the truth the test may use as an oracle: roles and the gold goal's row."""
    service = GameService(Store(db))
    game_id = service.create(names, youngest, Rules(), seed)
    service.play(game_id, {"type": "StartRound"})
    state = service.game(game_id).state
    service.store.close()
    return {"id": game_id, "roles": state.roles, "gold_row": ROWS[state.goal_faces.index("gold")]}


def game_state(db: Path, game_id: int = 1):
    """The game as the log on disk replays it now (read by a second, read-only user of the file)."""
    store = Store(db)
    try:
        live = GameService(store).game(game_id)
        return live.state, live.log
    finally:
        store.close()


class Frames:
    """Every WebSocket frame a page receives, as bytes (Flet's protocol is binary msgpack,
    whose strings are plain UTF-8, so a text on screen is a byte run in some frame)."""

    def __init__(self, page) -> None:
        self.frames: list[bytes] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._add))

    def _add(self, payload) -> None:
        self.frames.append(payload if isinstance(payload, bytes) else payload.encode())

    def mark(self) -> int:
        return len(self.frames)

    def contains(self, text: str, start: int = 0, end: int | None = None) -> bool:
        needle = text.encode()
        return any(needle in f for f in self.frames[start:end])


def open_phone(browser, url: str, viewport=(390, 900), locale: str = "en-GB"):
    """A phone: its own browser context (own local storage and language, like a separate device)."""
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale=locale)
    page = ctx.new_page()
    frames = Frames(page)
    open_app(page, url)
    return page, frames


def reload_app(page) -> None:
    """The browser's reload button, then the accessibility tree on again."""
    page.reload()
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("[flt-semantics-identifier]", state="attached", timeout=30000)


def held_text(page, identifier: str, *parts: str) -> str:
    """Press the hold area, read what it shows, let go."""
    for _ in range(3):
        hold(page, identifier)
        try:
            text = wait_text(page, identifier, *parts, timeout=6)
        except AssertionError:
            release(page)
            continue
        release(page)
        return text
    raise AssertionError(f"{identifier} never showed {parts}")


def see_role_on_phone(page) -> str:
    by_id(page, "seat-role-done").first.wait_for(timeout=30000)
    text = held_text(page, "seat-hold", "You are a")
    click_away(page, "seat-role-done")
    return text


def peek_on_phone(page) -> str:
    by_id(page, "seat-peek-done").first.wait_for(timeout=30000)
    text = held_text(page, "seat-hold", "Goal (8,")
    click_away(page, "seat-peek-done")
    return text


def play_map(table, row: int) -> None:
    """The player whose turn it is plays a map on the goal in `row` (on the table device)."""
    by_id(table, "action-pass").first.wait_for(timeout=30000)
    click(table, "action-map")
    click(table, f"goal-{row}")
    click_away(table, "do-map")


def dig_cells(gold_row: int) -> list[tuple[int, int, str]]:
    """The tunnel the table lays from the start to the gold: (col, row, openings) in order."""
    cells = [(col, 0, "NESW") for col in range(1, 6)] + [(6, 0, "EW")]
    if gold_row == 0:
        return cells + [(7, 0, "EW")]
    up = gold_row < 0
    return cells + [(7, 0, "NEW" if up else "ESW"), (7, gold_row // 2, "NS"),
                    (7, gold_row, "ES" if up else "NE")]


def dig(table, gold_row: int) -> None:
    """Lay that tunnel on the table device (cards entered by hand on the grid)."""
    for col, row, openings in dig_cells(gold_row):
        lay_by_hand(table, col, row, openings)


def draft_pickers(names: list[str], seed: int, maps: list[int], youngest: int = 0) -> list[int]:
    """Replay the tests' script (maps on these goal rows, then the dig) in the engine and return
    the seats that get a real choice in the gold draft (an oracle to choose a seed, never the UI)."""
    state, _ = apply(new_game(names, Rules(), youngest, seed, "track"), StartRound())
    gold_row = ROWS[state.goal_faces.index("gold")]
    for row in maps:
        state, _ = apply(state, PlayMap(state.turn, 8, row))
    for col, row, openings in dig_cells(gold_row):
        state, evs = apply(state, PlacePath(state.turn, col, row, openings))
        assert type(evs[0]).__name__ != "Rejected", evs
    choosers = []
    while state.phase == "draft":
        seat = state.draft.picker
        choices = view_for(state, seat)["choices"]
        if len(choices) > 1:
            choosers.append(seat)
        state, _ = apply(state, TakeGold(seat, choices[0]))
    return choosers


def pick_on_phone(page) -> str:
    """The seat's turn in the gold draft: show the offer, take the biggest card."""
    if by_id(page, "seat-show-offer").count():
        click(page, "seat-show-offer")
    offer = wait_text(page, "seat-offer", "nuggets")
    takes = [by_id(page, f"seat-take-{v}") for v in (3, 2, 1)]
    for loc in takes:
        if loc.count():
            loc.first.click()
            break
    by_id(page, "seat-info").first.wait_for(timeout=15000)
    return offer


def read_qr(img: np.ndarray) -> str:
    """The text of the QR code in a BGR image, or "". OpenCV's ArUco-based detector first: the
    classic `QRCodeDetector` misses about one in 120 of our seat codes at 180 px, whatever the
    scale (seat tokens are random, so that made the phones e2e fail now and then); the ArUco one
    read 2,000 of 2,000. The classic one stays as a second opinion."""
    img = cv2.copyMakeBorder(img, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    for detector in (cv2.QRCodeDetectorAruco(), cv2.QRCodeDetector()):
        text, _points, _ = detector.detectAndDecode(img)
        if text:
            return text
    return ""


def decode_qr(page, identifier: str) -> str:
    """Read a QR code off the screen, as a phone camera would (OpenCV's detectors); looked at
    again for up to 15 s, as a phone would, while Flutter may still be painting the image."""
    text, deadline = "", time.time() + 15
    while not text and time.time() < deadline:
        png = by_id(page, identifier).first.screenshot()
        text = read_qr(cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR))
        if not text:
            page.wait_for_timeout(500)
    if not text:
        shot(page, f"failure-qr-{identifier}")
    assert text, f"no QR code could be read from {identifier}"
    return text


def wait_until(fn, timeout: float = 30, what: str = "") -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if fn():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what or fn}")


def picking(page) -> bool:
    """Is it this phone's pick in the draft (offer hidden or shown)?"""
    return bool(by_id(page, "seat-show-offer").count() or by_id(page, "seat-offer").count())
