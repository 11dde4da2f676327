"""Arbitrary moves against states from real games: apply never raises, and a refusal returns the
very same state object with exactly one Rejected event."""
import json

from hypothesis import given, settings, strategies as st

from engine import (BreakTool, Pass, PlacePath, PlayMap, Repair, RevealGoal, RevealRole, Rockfall,
                    Rules, StartRound, TakeGold, apply, state_from_header)
from engine.record import verdicts
from engine.simulate import random_game

SEATS = st.integers(-1, 10)
COLS = st.integers(-2, 10)
ROWS = st.integers(-4, 4)
TOOL = st.sampled_from(["pick", "lantern", "cart", "hammer"])
MOVES = st.one_of(
    st.builds(PlacePath, SEATS, COLS, ROWS, st.text("NESWX", max_size=4), st.booleans()),
    st.builds(BreakTool, SEATS, SEATS, TOOL),
    st.builds(Repair, SEATS, SEATS, TOOL, st.booleans(), st.none() | TOOL),
    st.builds(Rockfall, SEATS, COLS, ROWS),
    st.builds(PlayMap, SEATS, COLS, ROWS),
    st.builds(Pass, SEATS, st.booleans(), st.none() | st.sampled_from(["map", "cross", "x"])),
    st.builds(RevealGoal, COLS, ROWS, st.sampled_from(["gold", "stone_ne", "stone_nw", "coal"])),
    st.builds(RevealRole, SEATS, st.sampled_from(["saboteur", "gold_digger", "king"])),
    st.builds(TakeGold, SEATS, st.integers(0, 4)),
    st.builds(StartRound),
)


def _states() -> list:
    """States at many points of two games (one per custody), in both modes' phases."""
    out = []
    for rules in (Rules(), Rules(custody="cards")):
        header, moves, _ = random_game(5, 3, rules)
        state = state_from_header(header)
        for i, move in enumerate(moves):
            if i % 7 == 0 or state.phase != "play":
                out.append(state)
            state, _ = apply(state, move)
        out.append(state)
    return out


STATES = _states()


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(STATES) - 1), MOVES)
def test_any_move_is_applied_or_cleanly_refused(index, move) -> None:
    state = STATES[index]
    new_state, events = apply(state, move)
    if type(events[0]).__name__ == "Rejected":
        assert new_state is state and len(events) == 1 and events[0].reason
    else:
        assert new_state is not state


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.text("NESWab_", max_size=6),
                       lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.sampled_from(["type", "seat", "col", "row", "openings",
                                                          "players", "rules", "format", "version"]),
                                         inner, max_size=5), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(st.lists(JSONISH, max_size=6), st.booleans())
def test_record_verdicts_never_raise(lines, good_header) -> None:
    header = {"format": "saboteur-record", "version": 1, "players": ["a", "b", "c"]}
    rows = ([json.dumps(header)] if good_header else []) + [json.dumps(x) for x in lines]
    out = list(verdicts("\n".join(rows)))
    assert out and all("ok" in v for v in out)
