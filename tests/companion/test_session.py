"""The session model, no page: complete three-round games for 3, 5 and 10 players."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.service import GameService
from companion.session import Session
from companion.storage import Store

from .driver import advance


def new_session(tmp_path: Path) -> Session:
    return Session(GameService(Store(tmp_path / "games.db")))


def start(s: Session, n: int, seed: int) -> None:
    s.new_game_form()
    for _ in range(n - 3):
        s.add_player()
    for i in range(n):
        s.set_name(i, f"Player {i + 1}")
    s.set_youngest(n - 1)
    assert s.start_game(seed=seed), s.error
    assert s.screen == "game" and s.step == "reveal"


@pytest.mark.parametrize("n,seed", [(3, 11), (5, 22), (10, 33)])
async def test_complete_game(tmp_path: Path, n: int, seed: int) -> None:
    s = new_session(tmp_path)
    start(s, n, seed)
    rng = random.Random(seed)
    seen: dict = {}
    for _ in range(3000):
        if s.step == "final":
            break
        await advance(s, rng, {1, 3}, seen)
    assert s.step == "final", (s.step, s.table["phase"])
    sheet = s.sheet
    assert sheet["final"] and len(sheet["rounds"]) == 3
    assert [sum(r[i] for r in sheet["rounds"]) for i in range(n)] == sheet["totals"]
    winners = [r for r in sheet["ranking"] if r["place"] == 1]
    assert winners and all(w["nuggets"] == max(sheet["totals"]) for w in winners)
    assert s.table["rounds_won"][1] in ("saboteurs", "nobody")  # round 2: nobody dug
    assert "place" in seen["actions"] and "pass" in seen["actions"]
    # the game is finished in the store and shows in the past games with statistics
    s.open_past()
    assert s.past[0]["status"] == "finished"
    assert sum(p["games"] for p in s.stats) == n
    assert sum(p["wins"] for p in s.stats) == len(winners)


async def test_custody_by_the_cards(tmp_path: Path) -> None:
    """The physical cards hold roles and goals: the table tells the app what it sees."""
    s = new_session(tmp_path)
    s.new_game_form()
    for i in range(4):
        if i >= 3:
            s.add_player()
        s.set_name(i, f"P{i}")
    s.set_custody("cards")
    assert s.start_game(seed=3), s.error
    assert s.step == "deal"  # no role reveal: the role cards were dealt by hand
    rng = random.Random(3)
    seen: dict = {}
    for _ in range(3000):
        if s.step == "final":
            break
        await advance(s, rng, {1, 2, 3}, seen)
    assert s.step == "final"
    assert seen.get("goal") and seen.get("roles") == 3
    assert "reveal" not in seen


async def test_secrets_stay_private_and_steps_survive_a_restart(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 4, 5)
    assert s.table["roles"] is None and "gold" not in str(s.table["board"])
    s.open_role(0)
    s.hold(True)
    assert s.private_text().startswith("You are a ")
    s.done_role()
    # a fresh process (new store, new service, new session) resumes at the same step
    again = new_session(tmp_path)
    again.resume()
    assert again.step == "reveal" and again.roles_seen() == {0}


async def test_refused_action_names_the_rule_and_changes_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 9)
    rng = random.Random(1)
    while s.step != "turn":
        await advance(s, rng, set(), {})
    before = s.service.game(s.game_id).log[-1].seq
    s.open_panel("scan")
    s.open_fix(3, 0)  # not connected to the start
    await s.apply_fix("NESW")
    assert s.verdict["kind"] == "place" and not s.verdict["legal"]
    assert "not_adjacent" in s.verdict["text"] or "not_connected" in s.verdict["text"]
    s.confirm_path()
    assert s.error and s.service.game(s.game_id).log[-1].seq == before


async def test_undo_and_correction_are_events(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 4)
    rng = random.Random(2)
    while s.step != "turn":
        await advance(s, rng, set(), {})
    turn = s.table["turn"]
    s.open_panel("pass")
    s.pass_turn()
    assert s.table["turn"] != turn
    s.undo()
    assert s.table["turn"] == turn and s.step == "turn"
    kinds = [e.kind for e in s.service.game(s.game_id).log]
    assert kinds[-2:] == ["move", "undo"]
    # correcting a round needs a finished round
    s.ask_correction(1, {0: 1, 1: 2, 2: 3})
    s.confirm_correction()
    assert "no result" in s.error


async def test_demo_scan_from_the_home_screen(tmp_path: Path) -> None:
    """Someone without the box scans a bundled demo photo: the reading is drawn over it."""
    s = new_session(tmp_path)
    s.open_demo()
    assert len(s.demos) >= 1 and all(d["thumb"] for d in s.demos)
    await s.demo_scan(s.demos[0]["path"])
    assert not s.error, s.error
    assert s.overlay and s.overlay[:2] == b"\xff\xd8" and s.info.startswith("Read ")
    await s.demo_scan(b"not a photo")
    assert s.error and "not a photo" in s.error


def test_damaged_games_file_is_announced_on_the_home_screen(tmp_path: Path) -> None:
    (tmp_path / "games.db").write_bytes(b"garbage" * 500)
    s = new_session(tmp_path)
    assert s.screen == "home" and "damaged" in s.notice
    assert s.unfinished() == []
