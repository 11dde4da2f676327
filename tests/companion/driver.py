"""A table of test players driving the session model by its verbs only (no page, no engine calls
that a player could not make). Used by the session tests and the kill-and-restart test."""
from __future__ import annotations

import random

from engine import board as eboard
from engine.cards import TUNNEL_SHAPES, orientations
from engine.rules import Rules

from companion.session import Session

CARDS = [(o, not s.connected) for s in TUNNEL_SHAPES for o in orientations(s)]


def placements(table: dict, rng: random.Random) -> list[tuple[int, int, str, bool]]:
    """Legal tunnel cards, easternmost first (players digging for the goals)."""
    rules = Rules.from_dict(table["rules"])
    board, _ = eboard.board_from_cards(table["board"])
    options = []
    for col, row in eboard.frontier(board):
        for openings, dead in CARDS:
            place = {"col": col, "row": row, "openings": openings, "dead_end": dead}
            if not dead and eboard.legal_placement(board, place, rules)["legal"]:
                options.append((col, -abs(row), len(openings), rng.random(), row, openings))
    return [(o[0], o[4], o[5], False) for o in sorted(options, reverse=True)]


async def play_turn(s: Session, rng: random.Random, dig: bool) -> str:
    """One action by the player whose turn it is; returns what was done."""
    t = s.table
    seat = t["turn"]
    if dig and not t["broken"][seat]:
        for col, row, openings, dead in placements(t, rng)[:6]:
            s.open_panel("scan")
            s.open_fix(col, row)
            await s.apply_fix(openings, dead)
            assert s.verdict and s.verdict["legal"], s.verdict
            s.confirm_path()
            if not s.error:
                return "place"
            assert "too_many_copies" in s.error or "already played" in s.error, s.error
    if dig and t["broken"][seat]:
        s.open_panel("repair")
        s.set_target(seat)
        s.set_tool(t["broken"][seat][0])
        s.repair()
        if not s.error:
            return "repair"
    r = rng.random()
    if not dig and r < 0.2:
        target = rng.randrange(len(t["players"]))
        free = [x for x in ("pick", "lantern", "cart") if x not in t["broken"][target]]
        if free:
            s.open_panel("break")
            s.set_target(target)
            s.set_tool(free[0])
            s.break_tool()
            if not s.error:
                return "break"
    if r < 0.3:
        down = [c for c in t["board"] if c["kind"] == "goal" and c["face"] == "down"]
        if down:
            s.open_panel("map")
            s.set_choice(down[0]["col"], down[0]["row"])
            s.play_map()
            if not s.error:
                return "map"
    s.error = ""
    s.open_panel("pass")
    s.pass_turn()
    assert not s.error, s.error
    return "pass"


async def advance(s: Session, rng: random.Random, dig_rounds: set[int], seen: dict) -> None:
    """Do whatever the current step asks for, the way the players at the table would."""
    step = s.step
    seen.setdefault(step, 0)
    seen[step] += 1
    if step == "reveal":
        for seat in range(len(s.table["players"])):
            if seat in s.roles_seen():
                continue
            s.open_role(seat)
            s.hold(True)
            assert s.private_text().startswith("You are a ")
            s.hold(False)
            s.done_role()
    elif step == "deal":
        s.dealt()
    elif step == "peek":
        s.open_peek()
        s.hold(True)
        assert "Goal (8," in s.private_text() or "yourself" in s.private_text()
        s.hold(False)
        s.done_peek()
    elif step == "turn":
        seen.setdefault("actions", []).append(await play_turn(s, rng, s.table["round"] in dig_rounds))
    elif step == "draft":
        s.open_pick()
        offer = s.private["offer"]
        s.take_gold(max(offer) if rng.random() < 0.5 else min(offer))
        assert s.private["what"] == "took"
        s.close_private()
    elif step == "goal":  # custody by the cards: the table turned a goal over
        col, row = s.table["pending_reveals"][0]
        faces = seen.setdefault("faces", {})
        face = faces.setdefault((s.table["round"], row),
                                "gold" if row == 2 else "stone_ne" if row == 0 else "stone_nw")
        s.reveal_goal(col, row, face)
        assert not s.error, s.error
    elif step == "roles":  # custody by the cards: everybody shows their role card
        for seat, role in enumerate(s.table["roles"]):
            if role is None:
                s.reveal_role(seat, "saboteur" if seat == 0 else "gold_digger")
                assert not s.error, s.error
    elif step == "round_end":
        s.next_round()
    else:
        raise AssertionError(f"unexpected step {step}")
