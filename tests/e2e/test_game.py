"""A whole three-player game through the real UI in Chromium, photos from the scanner's renderer.

Screenshots of every main screen go to test-artifacts/ (git-ignored).
"""
from __future__ import annotations

import time
from pathlib import Path

import cv2
import pytest

from engine import board as eboard

from .helpers import (AppServer, by_id, click, click_away, click_until, hold, open_app, release,
                      shot)

pytestmark = pytest.mark.e2e
NAMES = ["Ann", "Bob", "Cy"]
WAIT_IDS = ["action-pass", "open-pick", "next-round", "winner", "open-peek", "role-0", "dealt"]


def first_present(page, ids: list[str], timeout: float = 30) -> str:
    deadline = time.time() + timeout
    while time.time() < deadline:
        for i in ids:
            if by_id(page, i).count():
                return i
        time.sleep(0.1)
    shot(page, "failure")
    raise AssertionError(f"none of {ids} appeared")


def wait_text(page, identifier: str, *parts: str, timeout: float = 15) -> str:
    """Wait until the control's accessible text contains every part; returns the text."""
    deadline = time.time() + timeout
    text = ""
    while time.time() < deadline:
        loc = by_id(page, identifier)
        if loc.count():
            text = loc.first.inner_text()
            if all(p in text for p in parts):
                return text
        time.sleep(0.15)
    shot(page, f"failure-{identifier}")
    raise AssertionError(f"{identifier} never said {parts}: {text!r}")


def reveal_roles(page, shots: bool) -> None:
    for seat in range(len(NAMES)):
        click(page, f"role-{seat}")
        by_id(page, "hold").first.wait_for()
        hold(page, "hold")
        page.get_by_text("You are a", exact=False).first.wait_for(timeout=5000)
        if shots and seat == 0:
            shot(page, "03-role-held")
        release(page)
        click_away(page, "private-done")
    click(page, "dealt", timeout=15000)


def type_into(page, identifier: str, text: str) -> None:
    """Focus a Flutter text field, type like a person, and wait until the app has it."""
    click(page, identifier)
    time.sleep(0.3)
    page.keyboard.type(text, delay=30)
    time.sleep(0.4)


def new_game(page) -> None:
    click(page, "new-game")
    for i, name in enumerate(NAMES):
        type_into(page, f"player-name-{i}", name)
    click(page, "youngest-2")
    shot(page, "02-new-game")
    click(page, "start-game")
    click_text_ready = by_id(page, "role-0")
    click_text_ready.first.wait_for(timeout=15000)


def photo_turn(page, path: Path, cell: tuple[int, int], card: dict, shots: dict) -> str:
    """Upload one photo; fix the new cell if the scan misread it; confirm. Returns the verdict."""
    click(page, "action-path")
    with page.expect_file_chooser() as chooser:
        click(page, "photo")
    chooser.value.set_files(str(path))
    kind = first_present(page, ["verdict", "error"], timeout=60)
    time.sleep(0.5)
    outcome = by_id(page, kind).first.inner_text()
    if "scan" not in shots and by_id(page, "overlay").count():
        time.sleep(0.5)
        shots["scan"] = shot(page, "05-scan-overlay")
    want = f"at ({cell[0]},{cell[1]})"
    if not ("LEGAL" in outcome and want in outcome):
        if by_id(page, "clear-reading").count():
            click_away(page, "clear-reading")
        click_until(page, f"cell-{cell[0]}-{cell[1]}", "pick-none")
        click(page, f"pick-{card['openings']}{'-dead' if card['dead_end'] else ''}")
        wait_text(page, "verdict", want, "LEGAL")
        if "fixed" not in shots:
            shots["fixed"] = shot(page, "06-scan-fixed")
    click_away(page, "confirm")
    first_present(page, ["action-pass", "open-pick", "next-round"])
    return outcome


def renderer_turns(page, tmp: Path, seed: int, turns: int) -> list[str]:
    """Round 1: each turn the table grows by one card; photograph it, scan, confirm."""
    from vision.render import render_scene

    outcomes = []
    shots: dict = {}
    prev = None
    for k in range(1, turns + 1):
        img, truth = render_scene(seed, upto=k, mp=2, reveal_p=0.0, negative=None, n_cards=turns,
                                  rockfalls=0)
        cards = {(c["col"], c["row"]): c for c in truth["cards"] if c["kind"] == "path"}
        before = prev or {}
        new = [p for p in cards if p not in before]
        prev = cards
        if len(new) != 1 or first_present(page, WAIT_IDS) != "action-pass":
            break
        confirmed = [c for c in truth["cards"] if (c["col"], c["row"]) != new[0]]
        verdict = eboard.legal_placement(confirmed, {**cards[new[0]]})
        if not verdict["legal"] or verdict["reveals"]:
            break
        path = tmp / f"turn{k}.jpg"
        cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        outcomes.append(photo_turn(page, path, new[0], cards[new[0]], shots))
    return outcomes


def special_actions(page) -> None:
    """Round 2 opens with a map (private peek), a broken tool, a repair and an undo."""
    click(page, "action-map")
    click(page, "goal-0")
    click(page, "do-map")
    click(page, "open-peek")
    hold(page, "hold")
    page.get_by_text("Goal (8,0) is", exact=False).first.wait_for(timeout=5000)
    shot(page, "08-map-peek")
    release(page)
    click_away(page, "private-done")
    click(page, "action-break")
    click(page, "target-2")
    click(page, "tool-pick")
    shot(page, "09-broken-tool")
    click(page, "do-break")
    page.get_by_text("broken pick", exact=False).first.wait_for()
    before = by_id(page, "turn-title").first.inner_text()
    click(page, "action-pass")
    click(page, "do-pass")
    page.wait_for_function("t => !document.body.innerText.includes(t)", arg=before, timeout=10000)
    click(page, "undo")
    page.get_by_text(before, exact=False).first.wait_for(timeout=10000)


def peek_goal(page, row: int) -> str:
    """Play a map on the goal in `row`; the player reads it in private. Returns its face."""
    click(page, "action-map")
    click(page, f"goal-{row}")
    click_away(page, "do-map")
    click(page, "open-peek")
    hold(page, "hold")
    text = wait_text(page, "hold", "is")
    release(page)
    click_away(page, "private-done")
    return "gold" if "GOLD" in text else "stone"


def lay_by_hand(page, col: int, row: int, openings: str) -> None:
    """A path card entered on the grid without a photo (the fallback when no camera)."""
    first_present(page, ["action-pass"])
    click_until(page, "action-path", f"cell-{col}-{row}")
    click_until(page, f"cell-{col}-{row}", "pick-none")
    click(page, f"pick-{openings}")
    wait_text(page, "verdict", f"at ({col},{row})", "LEGAL")
    click_away(page, "confirm")


def dig_to_gold(page) -> None:
    """Round 3: two maps find the gold, then the players dig a tunnel to it."""
    gold_row = 0 if peek_goal(page, 0) == "gold" else -2 if peek_goal(page, -2) == "gold" else 2
    for col in range(1, 6):
        lay_by_hand(page, col, 0, "NESW")
    if gold_row == 0:
        for col in (6, 7):
            lay_by_hand(page, col, 0, "EW")
        return
    lay_by_hand(page, 6, 0, "EW")
    up = gold_row < 0
    lay_by_hand(page, 7, 0, "NEW" if up else "ESW")
    lay_by_hand(page, 7, gold_row // 2, "NS")
    lay_by_hand(page, 7, gold_row, "ES" if up else "NE")


def play_out(page, screenshots: dict) -> str:
    """Pass (and draft) until the round or the game ends; returns what ended it."""
    while True:
        kind = first_present(page, WAIT_IDS)
        if kind == "action-pass":
            if "turn" not in screenshots:
                screenshots["turn"] = shot(page, "04-turn")
            click(page, "action-pass")
            click(page, "do-pass")
        elif kind == "open-pick":
            screenshots.setdefault("draft", shot(page, "10-draft"))
            click(page, "open-pick")
            click(page, "show-offer")
            by_id(page, "take-1").or_(by_id(page, "take-2")).or_(by_id(page, "take-3")).first.click()
            click_away(page, "private-done")
        elif kind == "open-peek":
            click(page, "open-peek")
            click_away(page, "private-done")
        else:
            return kind


def test_whole_three_player_game(browser, tmp_path: Path) -> None:
    server = AppServer(tmp_path / "games.db").start()
    try:
        page = browser.new_page(viewport={"width": 430, "height": 1500})
        open_app(page, server.url)
        by_id(page, "new-game").first.wait_for()
        time.sleep(0.5)
        shot(page, "01-home")
        new_game(page)
        shot(page, "03-roles")
        reveal_roles(page, shots=True)
        outcomes = renderer_turns(page, tmp_path, seed=41, turns=6)
        assert outcomes, "no photo turn was played"
        shots: dict = {}
        for rnd in (1, 2, 3):
            if rnd == 2:
                special_actions(page)
            if rnd == 3:
                dig_to_gold(page)
            if rnd == 1 and first_present(page, WAIT_IDS) == "action-pass":
                click(page, "scores")
                click(page, "my-gold-0")
                hold(page, "hold")
                page.get_by_text("Your gold", exact=False).first.wait_for()
                release(page)
                click_away(page, "private-done")
                shot(page, "07-score-sheet")
                click(page, "close-scores")
            end = play_out(page, shots)
            if rnd < 3:
                assert end == "next-round", end
                shot(page, f"11-round-{rnd}-end")
                click(page, "next-round")
                reveal_roles(page, shots=False)
        assert end == "winner"
        # round 3 ends with the tunnel dug to the gold (the draft runs unless all cards are equal)
        wait_text(page, "rounds-won", "R3 gold-diggers")
        shot(page, "12-final")
        assert page.get_by_text("wins!", exact=False).count() or page.get_by_text("share the victory", exact=False).count()
        click(page, "final-home")
        click(page, "past-games")
        by_id(page, "stats").first.wait_for()
        shot(page, "13-past-games")
        with page.expect_download() as dl:
            click(page, "export-record-1")
        text = Path(dl.value.path()).read_text()
        assert text.startswith('{"format": "saboteur-record"')
        with page.expect_download() as dl:
            click(page, "export-csv-1")
        rows = Path(dl.value.path()).read_text().splitlines()
        assert rows[0].startswith("player,round 1") and len(rows) == 4
        click(page, "home")
        click_until(page, "try-scan", "demo-game_1")
        click(page, "demo-game_1")
        by_id(page, "demo-overlay").first.wait_for(timeout=60000)
        time.sleep(0.5)
        shot(page, "14-demo-scan")
        print("scan outcomes:", outcomes)
    finally:
        server.stop()
        print("".join(server.log)[-4000:])
