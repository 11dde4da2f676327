"""apply(): turns, actions, refusals that change nothing, round ends, both modes."""
from dataclasses import replace

from engine import (BreakTool, Pass, PlacePath, PlayMap, Repair, RevealGoal, RevealRole, Rockfall,
                    Rules, StartRound, TakeGold, apply, new_game)
from engine.cards import PLAYER_TABLE
from tests.engine.helpers import play, refused, started


def test_setup_for_every_player_count() -> None:
    for n, (sab, dig, hand) in PLAYER_TABLE.items():
        state = started(n, roles=None, goals=None, youngest=n - 1, seed=n)
        assert state.hands == (hand,) * n and state.draw_pile == 67 - n * hand
        assert state.turn == n - 1 and state.round == 1
        assert state.roles.count("saboteur") <= sab and state.roles.count("gold_digger") <= dig
        assert sorted(state.roles + (state.spare_role,)) == sorted(["saboteur"] * sab + ["gold_digger"] * dig)
        assert sorted(state.goal_faces) == ["gold", "stone_ne", "stone_nw"]


def test_simulate_deals_real_hands() -> None:
    state = started(5, mode="simulate", seed=7)
    assert all(len(h) == 6 for h in state.hand_cards) and len(state.deck) == state.draw_pile == 37


def test_turn_order_and_refusals_leave_state_unchanged() -> None:
    state = started(4)
    assert refused(state, PlacePath(1, 1, 0, "EW")) == "not_your_turn"
    assert refused(state, PlacePath(7, 1, 0, "EW")) == "bad_seat"
    assert refused(state, PlacePath(0, 2, 0, "EW")) == "not_adjacent"
    assert refused(state, PlacePath(0, 1, 0, "NS")) == "edge_mismatch"
    assert refused(state, Pass(0, discard=False)) == "must_discard"
    assert refused(state, TakeGold(0, 1)) == "wrong_phase"
    assert refused(state, StartRound()) == "wrong_phase"
    assert refused(state, RevealRole(0, "saboteur")) == "wrong_phase"
    state, events = play(state, PlacePath(0, 1, 0, "EW"))
    assert state.turn == 1 and state.hands[0] == 6 and state.draw_pile == 42


def test_copies_limit_in_track_mode() -> None:
    state = started(4)
    for seat, col in enumerate((1, 2, 3)):
        state, _ = play(state, PlacePath(seat, col, 0, "EW"))
    assert refused(state, PlacePath(3, 4, 0, "EW")) == "too_many_copies"  # the box has 3 E-W straights


def test_broken_tool_blocks_paths_and_repairs() -> None:
    state = started(4)
    state, _ = play(state, BreakTool(0, 1, "pick"))
    assert refused(state, PlacePath(1, 1, 0, "EW")) == "broken_tool"
    assert refused(state, BreakTool(1, 1, "pick")) == "already_broken"
    assert refused(state, Repair(1, 1, "cart")) == "nothing_to_repair"
    state, events = play(state, BreakTool(1, 1, "lantern"))  # self-sabotage is allowed by default
    state, events = play(state, Repair(2, 1, "pick", double=True, other="lantern"))
    assert state.broken[1] == ("lantern",) and type(events[0]).__name__ == "ToolRepaired"
    assert state.discards == 2


def test_self_sabotage_setting() -> None:
    state = started(4, rules=Rules(self_sabotage=False))
    assert refused(state, BreakTool(0, 0, "cart")) == "self_sabotage"


def test_map_is_private_and_needs_a_face_down_goal() -> None:
    state = started(4)
    assert refused(state, PlayMap(0, 5, 0)) == "not_a_goal"
    state, events = play(state, PlayMap(0, 8, 0))
    assert events[0].face == "gold" and state.peeks[0] == ((8, 0, "gold"),)


def test_rockfall_targets() -> None:
    state = started(4)
    assert refused(state, Rockfall(0, 0, 0)) == "rockfall_target"
    state, _ = play(state, PlacePath(0, 1, 0, "EW"), Rockfall(1, 1, 0))
    assert (1, 0) not in state.board.cells


def test_pile_exhaustion_skips_empty_hands_and_ends_round() -> None:
    state = started(3, roles=("gold_digger",) * 3)  # no saboteur at all: possible at 3 players
    moves = 0
    while state.phase == "play":
        state, _ = play(state, Pass(state.turn))
        moves += 1
    assert moves == 67 and state.draw_pile == 0 and state.discards == 67
    assert state.phase == "round_over" and state.round_winners == ("nobody",)
    assert state.last_player == (0 + 66) % 3 and sum(map(sum, state.gold)) == 0


def test_uneven_hands_skip_the_empty_seat() -> None:
    state = started(3)
    state = replace(state, draw_pile=0, hands=(1, 0, 2))
    state, _ = play(state, Pass(0))
    assert state.turn == 2  # seat 1 holds nothing and is skipped


def test_gold_ends_round_and_next_round_starts_left_of_last_player() -> None:
    state = started(4)
    row = ["EW", "EW", "EW", "NESW", "NESW", "NEW", "ESW"]
    for i, o in enumerate(row):
        state, events = play(state, PlacePath(i % 4, i + 1, 0, o))
    assert state.phase == "draft" and state.finder == 2 and state.winner == "gold_diggers"
    while state.phase == "draft":
        state, _ = play(state, TakeGold(state.draft.picker, max(state.draft.offer)))
    assert state.phase == "round_over" and state.last_player == 2
    state, events = play(state, StartRound(("saboteur",) + ("gold_digger",) * 3,
                                           ("gold", "stone_ne", "stone_nw")))
    assert state.round == 2 and state.turn == 3 and state.broken == ((),) * 4


def test_custody_cards_asks_the_table() -> None:
    state = started(3, rules=Rules(custody="cards"))
    assert state.roles == (None,) * 3 and state.goal_faces == (None,) * 3
    assert refused(new_game(["a", "b", "c"], Rules(custody="cards")),
                   StartRound(("saboteur",) * 3)) == "bad_move"
    row = ["EW", "EW", "EW", "NESW", "NESW", "NEW", "ESW"]
    for i, o in enumerate(row):
        state, events = play(state, PlacePath(i % 3, i + 1, 0, o))
    assert state.phase == "reveal" and type(events[-1]).__name__ == "GoalReached"
    assert refused(state, RevealGoal(8, 2, "gold")) == "bad_reveal"
    state, _ = play(state, RevealGoal(8, 0, "stone_nw"))
    assert state.phase == "play" and state.board.cells[(8, 0)].openings == "NW"
    assert state.turn == 1  # the turn moves on only once the reveal is settled
    state, events = play(state, PlacePath(1, 8, -1, "NS"))  # joins the stone's north tunnel
    assert state.phase == "reveal" and state.pending_reveals[0][0] == (8, -2)
    assert refused(state, RevealGoal(8, -2, "stone_nw")) == "bad_reveal"  # already seen
    state, events = play(state, RevealGoal(8, -2, "gold"))
    assert state.phase == "roles" and state.finder == 1
    state, _ = play(state, RevealRole(0, "saboteur"))
    assert refused(state, RevealRole(1, "saboteur")) == "bad_reveal"  # one saboteur in a 3-player set
    state, events = play(state, RevealRole(1, "gold_digger"), RevealRole(2, "gold_digger"))
    assert state.phase in ("draft", "round_over")
    assert [type(e).__name__ for e in events][:3] == ["RoleRevealed", "RoleRevealed", "GoldDrawn"]


def test_unknown_move_object_is_refused() -> None:
    state = started(3)
    new_state, events = apply(state, "place a card")
    assert new_state is state and events[0].rule == "bad_move"
