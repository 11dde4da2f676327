"""Turn details checked point by point against RULES.md: the pass without a card, double repairs
at a real table (second tool unknown), map privacy, broken-tool and repair limits."""
import json
from dataclasses import replace

from engine import BreakTool, Pass, PlacePath, PlayMap, Repair, RevealGoal, Rules, view_for
from engine.events import visible_to
from tests.engine.helpers import play, refused, started


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def test_empty_hands_pass_without_discarding_and_the_log_shows_it() -> None:
    state = replace(started(4), draw_pile=0, hands=(2, 0, 0, 2))
    state, events = play(state, Pass(0))
    # seats 1 and 2 hold nothing: each passes without a discard, then seat 3 plays
    assert state.turn == 3 and state.discards == 1 and state.hands == (1, 0, 0, 2)
    passes = [(e.seat, e.discarded) for e in events if type(e).__name__ == "Passed"]
    assert passes == [(0, True), (1, False), (2, False)]
    assert all(visible_to(e, None) for e in events)
    # seat 1 has nothing to pass with: the engine passed for it already
    assert refused(state, Pass(1, discard=False)) == "no_cards"
    state, events = play(state, PlacePath(3, 1, 0, "EW"))
    assert state.turn == 0 and kinds(events) == ["Placed"]  # seat 0 still holds a card
    state, events = play(state, Pass(0))  # seat 0 is empty now: seats 1, 2 pass, seat 3 again
    assert state.turn == 3 and [(e.seat, e.discarded) for e in events] == [
        (0, True), (1, False), (2, False)]


def test_table_may_pass_without_a_card_when_the_count_is_off() -> None:
    # track mode, pile empty: the engine counts one card for seat 1, but the table says its hand
    # is empty (someone forgot to draw). RULES.md: an empty hand passes without discarding.
    state = replace(started(4), draw_pile=0, hands=(2, 1, 1, 2), turn=1, last_player=0)
    state, events = play(state, Pass(1, discard=False))
    assert [(e.seat, e.discarded) for e in events] == [(1, False)]
    assert state.hands == (2, 0, 1, 2) and state.discards == 0 and state.turn == 2
    # while the pile lasts every hand is refilled, so no hand can be empty: discard to pass
    early = started(4)
    assert refused(early, Pass(0, discard=False)) == "must_discard"
    # simulate mode: the engine holds the real hand, which is not empty
    sim = replace(started(4, mode="simulate"), draw_pile=0, deck=())
    assert refused(sim, Pass(0, discard=False)) == "must_discard"


def test_passes_without_a_card_can_end_the_round() -> None:
    state = replace(started(3, roles=("gold_digger",) * 3), draw_pile=0, hands=(1, 1, 0), turn=0,
                    last_player=2)
    state, _ = play(state, Pass(0, discard=False))
    state, events = play(state, Pass(1, discard=False))
    assert kinds(events) == ["Passed", "RoundEnded"] and state.hands == (0, 0, 0)
    assert state.last_player == 1 and state.discards == 0


def test_last_card_ends_the_round_without_extra_passes() -> None:
    state = replace(started(3, roles=("gold_digger",) * 3), draw_pile=0, hands=(0, 1, 0), turn=1)
    state, events = play(state, Pass(1))
    assert kinds(events) == ["Passed", "RoundEnded"] and state.phase == "round_over"
    assert state.last_player == 1


def test_double_repairs_without_the_second_tool_are_matched_to_the_box() -> None:
    state = started(4)
    state, _ = play(state, BreakTool(0, 1, "lantern"), BreakTool(1, 2, "cart"),
                    BreakTool(2, 3, "pick"), BreakTool(3, 0, "pick"))
    # lantern, cart, pick by double cards: possible (lantern+cart, pick+cart, pick+lantern)
    state, _ = play(state, Repair(0, 1, "lantern", double=True), Repair(1, 2, "cart", double=True),
                    Repair(2, 3, "pick", double=True))
    assert state.broken == (("pick",), (), (), ())
    # the box has only three double repair cards: a fourth is a misread
    assert refused(state, Repair(3, 0, "pick", double=True)) == "too_many_copies"
    assert refused(state, Repair(3, 0, "pick", double=True, other="cart")) == "too_many_copies"
    state, _ = play(state, Repair(3, 0, "pick"))  # a single repair still exists
    assert state.broken == ((),) * 4


def test_named_double_repair_rules_out_an_impossible_later_one() -> None:
    state = started(4)
    state, _ = play(state, BreakTool(0, 1, "pick"), BreakTool(1, 2, "pick"), BreakTool(2, 3, "pick"),
                    BreakTool(3, 1, "lantern"))
    state, _ = play(state, Repair(0, 1, "pick", double=True))  # pick+lantern or pick+cart
    state, _ = play(state, Repair(1, 2, "pick", double=True, other="cart"))
    # both pick doubles are now used (the first must have been pick+lantern): no third one
    assert refused(state, Repair(2, 3, "pick", double=True)) == "too_many_copies"
    state, _ = play(state, Repair(2, 1, "lantern", double=True))  # lantern+cart is still in the box
    assert state.broken[1] == ()


def test_one_broken_card_per_tool_and_repair_needs_that_tool() -> None:
    state = started(4)
    state, _ = play(state, BreakTool(0, 2, "cart"))
    assert refused(state, BreakTool(1, 2, "cart")) == "already_broken"
    assert refused(state, Repair(1, 2, "pick")) == "nothing_to_repair"
    assert refused(state, Repair(1, 2, "pick", double=True, other="lantern")) == "nothing_to_repair"
    state, _ = play(state, BreakTool(1, 2, "pick"))  # another tool may still be broken
    assert state.broken[2] == ("pick", "cart")
    state, _ = play(state, Repair(2, 2, "cart", double=True, other="pick"))  # mends only the cart
    assert state.broken[2] == ("pick",) and state.discards == 2


def test_self_sabotage_default_allowed_and_setting_forbids() -> None:
    state, _ = play(started(4), BreakTool(0, 0, "lantern"))
    assert state.broken[0] == ("lantern",)
    assert refused(started(4, rules=Rules(self_sabotage=False)), BreakTool(0, 0, "pick")) == "self_sabotage"
    state, _ = play(started(4, rules=Rules(self_sabotage=False)), BreakTool(0, 3, "pick"))
    assert state.broken[3] == ("pick",)


def test_map_peek_is_seen_by_its_seat_only() -> None:
    state = started(4, goals=("stone_ne", "gold", "stone_nw"))
    state, events = play(state, PlayMap(0, 8, 0))
    peek = events[0]
    assert type(peek).__name__ == "MapPeek" and (peek.seat, peek.face) == (0, "gold")
    assert visible_to(peek, 0) and not visible_to(peek, None)
    assert not any(visible_to(peek, s) for s in (1, 2, 3))
    assert view_for(state, 0)["peeks"] == [{"col": 8, "row": 0, "face": "gold"}]
    for seat in (1, 2, 3):
        assert view_for(state, seat)["peeks"] == []
        assert "gold" not in json.dumps(view_for(state, seat)["goals"])
    table = json.dumps(view_for(state, None))
    assert "peeks" not in view_for(state, None) and '"gold"' not in table
    assert [g["face"] for g in view_for(state, None)["goals"]] == ["down"] * 3
    assert refused(state, PlayMap(1, 8, 1)) == "not_a_goal"


def test_custody_cards_map_learns_nothing() -> None:
    state = started(3, rules=Rules(custody="cards"))
    state, events = play(state, PlayMap(0, 8, 2))
    assert events[0].face is None and view_for(state, 0)["peeks"] == [{"col": 8, "row": 2, "face": None}]


def test_a_broken_tool_forbids_path_cards_but_not_actions() -> None:
    state, _ = play(started(4), BreakTool(0, 1, "cart"))
    assert refused(state, PlacePath(1, 1, 0, "EW")) == "broken_tool"
    state, _ = play(state, PlayMap(1, 8, -2))
    assert state.turn == 2


TWO_GOALS = [(1, 0, "EW"), (2, 0, "EW"), (3, 0, "EW"), (4, 0, "NESW"), (5, 0, "NESW"),
             (6, 0, "NEW"), (7, 0, "NW"), (7, -1, "ES"), (8, -1, "NSW")]  # the last faces two goals


def test_custody_cards_every_reached_goal_is_turned_even_after_the_gold() -> None:
    state = started(3, rules=Rules(custody="cards"))
    for i, (col, row, openings) in enumerate(TWO_GOALS):
        state, events = play(state, PlacePath(i % 3, col, row, openings))
    assert state.phase == "reveal" and sorted(p for p, _ in state.pending_reveals) == [(8, -2), (8, 0)]
    state, events = play(state, RevealGoal(8, -2, "gold"))
    assert state.phase == "reveal" and kinds(events) == ["GoalRevealed"]  # (8,0) still to turn
    assert refused(state, RevealGoal(8, 0, "gold")) == "bad_reveal"
    state, events = play(state, RevealGoal(8, 0, "stone_nw"))
    assert kinds(events) == ["GoalRevealed", "RoundEnded"] and state.winner == "gold_diggers"
    assert state.finder == 2 and state.phase == "roles"
    assert state.board.cells[(8, 0)].openings == "NW" and state.board.cells[(8, -2)].face == "gold"


def test_custody_app_reveals_both_goals_at_once() -> None:
    state = started(3, goals=("gold", "stone_nw", "stone_ne"))
    for i, (col, row, openings) in enumerate(TWO_GOALS):
        state, events = play(state, PlacePath(i % 3, col, row, openings))
    revealed = [(e.col, e.row, e.face, e.openings) for e in events if type(e).__name__ == "GoalRevealed"]
    assert revealed == [(8, -2, "gold", "NESW"), (8, 0, "stone", "NW")]
    assert state.winner == "gold_diggers" and state.finder == 2 and state.phase in ("draft", "round_over")
