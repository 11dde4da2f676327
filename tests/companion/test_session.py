"""The session model, no page: complete three-round games for 3, 5 and 10 players."""
from __future__ import annotations

import json
import random
import subprocess
import sys
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
    assert s.verdict["rule"] in ("not_adjacent", "not_connected")
    assert "(3,0)" in s.verdict["text"]  # the reason, in the page's language, names the cell
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
    assert s.table["turn"] == turn and s.step == "turn" and s.info == "Undone: the pass."
    kinds = [e.kind for e in s.service.game(s.game_id).log]
    assert kinds[-2:] == ["move", "undo"]
    s.undo()  # nothing left but the deal of round 1: refused, nothing recorded
    assert "nothing to undo" in s.error
    assert [e.kind for e in s.service.game(s.game_id).log].count("undo") == 1
    assert s.step == "turn"
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


async def to_turn(s: Session, rng: random.Random) -> None:
    while s.step != "turn":
        await advance(s, rng, set(), {})


async def test_rockfall_and_double_repair(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 8)
    await to_turn(s, random.Random(1))
    s.open_panel("scan")
    s.open_fix(1, 0)
    await s.apply_fix("EW")
    s.confirm_path()
    assert any(c["col"] == 1 and c["kind"] == "path" for c in s.table["board"])
    s.open_panel("rockfall")
    s.rockfall()
    assert "Tap the card" in s.error
    s.set_choice(1, 0)
    s.rockfall()
    assert not s.error and not any(c["kind"] == "path" for c in s.table["board"])
    victim = s.table["turn"]
    s.open_panel("break")
    s.set_target(victim)
    s.set_tool("lantern")
    s.break_tool()
    assert s.table["broken"][victim] == ["lantern"]
    s.open_panel("repair")
    s.set_target(victim)
    s.set_tool("cart")
    s.set_double(True)
    s.repair()
    assert "no broken cart" in s.error and s.table["broken"][victim] == ["lantern"]
    s.set_tool("lantern")
    s.repair()
    assert not s.error and s.table["broken"][victim] == []


async def test_a_photo_that_shows_a_card_gone_proposes_the_rockfall(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 8)
    await to_turn(s, random.Random(1))
    s.open_panel("scan")
    s.open_fix(1, 0)
    await s.apply_fix("NESW")
    s.confirm_path()
    s.open_panel("scan")
    s.open_fix(1, 0)
    await s.apply_fix(None)  # "no card here": the card was removed
    assert s.verdict["kind"] == "remove" and "rockfall" in s.verdict["text"]
    s.confirm_path()
    assert not s.error and not any(c["kind"] == "path" for c in s.table["board"])


async def test_correcting_a_finished_round_changes_the_totals_not_the_log(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 11)
    rng = random.Random(11)
    while s.step != "final":
        await advance(s, rng, {1, 3}, {})
    before = list(s.sheet["totals"])
    old_r1 = [s.sheet["rounds"][0][i] for i in range(3)]
    s.ask_correction(1, {0: old_r1[0] + 2, 1: old_r1[1], 2: old_r1[2]})
    assert s.confirm and s.sheet["totals"] == before  # nothing changes before the confirmation
    s.confirm_correction()
    assert s.sheet["totals"] == [before[0] + 2, before[1], before[2]]
    assert s.sheet["corrected"] == [1]
    kinds = [e.kind for e in s.service.game(s.game_id).log]
    assert kinds[-1] == "correction" and kinds.count("move") >= 1
    name, data = s.export_csv(s.game_id)
    assert name.endswith(".csv") and f"Player 1,{old_r1[0] + 2}," in data.decode()
    name, data = s.export_record(s.game_id)
    record = tmp_path / name
    record.write_bytes(data)
    res = subprocess.run([sys.executable, "-m", "engine", "replay", str(record)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout[-500:]
    final = json.loads(res.stdout.splitlines()[-1])
    assert final["phase"] == "game_over" and final["totals"] == before  # the record is uncorrected


async def test_pass_without_a_card_only_once_the_pile_is_empty(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 6)
    await to_turn(s, random.Random(6))
    s.open_panel("pass")
    s.pass_turn(discard=False)
    assert s.error and s.panel == "pass"  # refused: the pile still has cards
    while s.table["draw_pile"] > 0:
        s.open_panel("pass")
        s.pass_turn()
    seat = s.table["turn"]
    s.open_panel("pass")
    s.pass_turn(discard=False)
    assert not s.error and s.table["hands"][seat] == 0


async def test_saboteurs_see_their_payout_in_private(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 5, 22)
    rng = random.Random(22)
    while not (s.step == "round_end" and s.table["winner"] == "saboteurs"):
        await advance(s, rng, set(), {})
    saboteurs = [i for i, r in enumerate(s.table["roles"]) if r == "saboteur"]
    paid = s.payouts()
    assert sorted(paid) == saboteurs
    for seat in saboteurs:
        assert sum(paid[seat]) == (4 if len(saboteurs) == 1 else 3)
        s.open_payout(seat)
        s.hold(True)
        assert s.private_text().endswith(f"= {sum(paid[seat])} nuggets")
        s.close_private()


async def test_unreadable_uploads_say_what_to_do_and_change_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 2)
    await to_turn(s, random.Random(2))
    before = len(s.service.game(s.game_id).log)
    s.open_panel("scan")
    await s.submit_photo(b"")
    assert "empty" in s.error
    await s.submit_photo(b"\x89PNG broken")
    assert "not a photo" in s.error and not s.busy and s.overlay is None
    s.confirm_path()
    assert len(s.service.game(s.game_id).log) == before


async def test_turn_screen_grid_shows_the_confirmed_maze(tmp_path: Path) -> None:
    s = new_session(tmp_path)
    start(s, 3, 5)
    await to_turn(s, random.Random(5))
    s.open_panel("scan")
    s.open_fix(1, 0)
    await s.apply_fix("NESW")
    s.confirm_path()
    kinds = {(c["col"], c["row"]): c["kind"] for line in s.confirmed_grid() for c in line}
    assert kinds[(0, 0)] == "start" and kinds[(1, 0)] == "path" and kinds[(8, 2)] == "goal"
    assert kinds[(2, 0)] == "empty"
