"""Hand-checked golden records (tests/engine/golden/*.jsonl): the tricky cases of RULES.md.

Each record holds only moves; the expectations below were worked out by hand from the rules,
not copied from engine output. Gold values come from the seeded gold deck, so the tests check
who picks, in which order and how many cards, not which values were drawn.
"""
import pathlib
from collections import Counter

from engine import PlacePath, apply, replay
from engine.cards import gold_deck
from engine.record import loads, state_from_header
from tests.engine.helpers import plain_cells, refused, simple_legal

GOLDEN = pathlib.Path(__file__).parent / "golden"


def run(name: str, upto: int | None = None):
    """Replay a golden record: (final state, every event, the moves)."""
    header, moves = loads((GOLDEN / f"{name}.jsonl").read_text())
    state, events = state_from_header(header), []
    for move in moves[:upto]:
        state, new = apply(state, move)
        assert type(new[0]).__name__ != "Rejected", (name, move, new)
        events.extend(new)
    assert upto is not None or replay(header, moves) == state
    return state, events, moves


def names(events, kind: str) -> list:
    return [e for e in events if type(e).__name__ == kind]


def pickers(events) -> list[int]:
    return [e.seat for e in names(events, "GoldTaken")]


def conserved(state) -> bool:
    held = [v for cards in state.gold for v in cards]
    return Counter(held) + Counter(state.gold_deck) == Counter(gold_deck())


def test_ten_players_draft_nine_cards() -> None:
    state, events, _ = run("ten_players_nine_gold")
    assert names(events, "GoldDrawn")[0].count == 9 and state.finder == 6
    # counter-clockwise from 6, skipping saboteurs 5, 2, 9, 8; round and round
    assert pickers(events) == [6, 4, 3, 1, 0, 7, 6, 4, 3]
    assert names(events, "GoldTaken")[0].value == 3 and conserved(state)


def test_saboteur_lays_the_gold_connection() -> None:
    state, events, _ = run("saboteur_connects")
    assert state.finder == 2 and state.roles[2] == "saboteur" and state.winner == "gold_diggers"
    assert pickers(events) == [1, 0, 3, 1] and state.gold[2] == ()


def test_no_saboteur_at_three_players() -> None:
    state, events, moves = run("no_saboteur_three_players")
    assert len(moves) == 68 and state.draw_pile == 0 and state.hands == (0, 0, 0)
    assert "saboteur" not in state.roles
    assert names(events, "RoundEnded")[0].winner == "saboteurs"  # nobody reached the gold...
    assert state.round_winners == ("nobody",) and state.round_gold == ((0, 0, 0),)  # ...no one paid
    assert state.phase == "round_over" and state.last_player == 66 % 3


def test_two_goals_revealed_by_one_card() -> None:
    state, events, _ = run("two_goals_one_card")
    revealed = names(events, "GoalRevealed")
    assert [(e.col, e.row, e.face, e.openings) for e in revealed] == [
        (8, -2, "stone", "SW"), (8, 0, "stone", "NW")]
    assert state.phase == "play" and state.board.cells[(8, 2)].hidden
    # the NW stone mismatches the NW curve at (7,0) - allowed at reveal; later cards must match it
    assert refused(state, PlacePath(state.turn, 8, 1, "NS")) == "edge_mismatch"


def test_rockfall_cuts_then_refills() -> None:
    cut, _, _ = run("rockfall_refill", upto=5)
    assert (2, 0) not in cut.board.cells and (3, 0) in cut.board.cells
    assert (3, 0) not in cut.board.reachable
    assert refused(cut, PlacePath(cut.turn, 4, 0, "EW")) == "not_connected"
    refilled, _, _ = run("rockfall_refill", upto=6)
    assert (3, 0) in refilled.board.reachable
    state, events, _ = run("rockfall_refill")
    assert state.finder == 2 and pickers(events) == [2, 1, 2] and conserved(state)
    assert state.discards == 2  # the rockfall card and the removed straight


def test_double_repair_mends_one_tool() -> None:
    after_double, events, _ = run("double_repair", upto=6)
    assert after_double.broken[1] == ("lantern",) and after_double.turn == 1
    assert refused(after_double, PlacePath(1, 1, 0, "EW")) == "broken_tool"
    state, _, _ = run("double_repair")
    assert state.broken == ((), (), (), ()) and (3, 0) in state.board.cells
    assert state.played["repair_pick_lantern"] == 1 and state.played["repair_lantern_cart"] == 1


def test_sabotaged_dwarf_gets_nothing() -> None:
    state, events, _ = run("sabotaged_dwarf")
    assert state.broken[1] == ("cart",) and state.gold[1] == ()
    assert pickers(events) == [0, 2, 0, 2] and state.round_gold[0][1] == 0


def test_amigo_2024_one_card_per_digger() -> None:
    state, events, _ = run("amigo_2024")
    assert state.rules.reward_cards == "one_per_digger"
    assert names(events, "GoldDrawn")[0].count == 3 and pickers(events) == [0, 4, 2]


def test_custody_cards_reveals_from_the_table() -> None:
    state, events, _ = run("custody_cards")
    assert [(e.col, e.row, e.face, e.openings) for e in names(events, "GoalRevealed")] == [
        (8, 0, "stone", "NW"), (8, -2, "gold", "NESW")]
    assert [e.seat for e in names(events, "RoleRevealed")] == [0, 1, 2]
    assert state.finder == 1 and pickers(events) == [0, 2, 0]


def test_golden_placements_satisfy_the_simple_checker() -> None:
    for path in sorted(GOLDEN.glob("*.jsonl")):
        header, moves = loads(path.read_text())
        state = state_from_header(header)
        for move in moves:
            if isinstance(move, PlacePath):
                assert simple_legal(plain_cells(state.board), move.col, move.row, move.openings)
            state, _ = apply(state, move)


def test_the_documented_example_replays() -> None:
    doc = (pathlib.Path(__file__).parents[2] / "docs" / "record-format.md").read_text()
    example = doc.split("## Example")[1].split("```")[1]
    header, moves = loads(example)
    state = replay(header, moves)
    assert state.phase == "round_over" and state.gold[1] == () and state.gold[2][-1] == 1
