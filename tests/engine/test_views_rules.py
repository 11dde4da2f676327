"""Per-seat views during the draft, rule settings round-trip, and bad set-up input."""
import json
from dataclasses import replace

import pytest

from engine import PRESETS, PlacePath, Rules, TakeGold, apply, new_game, state_from_header, view_for
from engine import gold
from tests.engine.helpers import refused, started


def test_only_the_picker_sees_the_offer() -> None:
    state = started(5, roles=("gold_digger", "saboteur", "gold_digger", "saboteur", "gold_digger"))
    state, _ = gold.settle(replace(state, winner="gold_diggers", finder=2), [])
    picker = state.draft.picker
    assert picker == 2
    mine, other, table = view_for(state, 2), view_for(state, 0), view_for(state, None)
    assert mine["draft"]["offer"] == sorted(mine["draft"]["offer"], reverse=True)
    assert "offer" not in other["draft"] and "offer" not in table["draft"]
    assert table["draft"] == {"picker": 2, "cards_left": 5}
    assert mine["choices"] == sorted(set(mine["draft"]["offer"]), reverse=True) and "choices" not in other
    assert table["last_round"]["winner"] == "gold_diggers" and table["last_round"]["roles"][1] == "saboteur"
    state2, _ = apply(state, TakeGold(2, mine["draft"]["offer"][0]))
    assert view_for(state2, 2)["nuggets"] == mine["draft"]["offer"][0]
    assert "gold" not in view_for(state2, None) and view_for(state2, None)["totals"] is None
    json.dumps(view_for(state2, 0))


def test_public_view_has_no_secrets_in_play() -> None:
    state = started(4)
    text = json.dumps(view_for(state, None))
    assert "saboteur" not in text and "stone_ne" not in text and "gold_digger" not in text
    assert view_for(state, 0)["role"] == "saboteur"
    with pytest.raises(ValueError):
        view_for(state, 9)


def test_wrongly_typed_moves_are_refused_not_crashing() -> None:
    state = started(3)
    assert refused(state, PlacePath(0, "1", 0, "EW")) == "bad_move"
    assert refused(state, PlacePath(0, 1, 0, 5)) == "bad_move"
    assert refused(state, PlacePath(True, 1, 0, "EW")) == "bad_move"


def test_rules_round_trip_and_presets() -> None:
    for rules in PRESETS.values():
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert PRESETS["amigo_2024"].reward_cards == "one_per_digger" and PRESETS["classic_2004"] == Rules()
    with pytest.raises(ValueError):
        Rules.from_dict({"self_sabotag": False})
    with pytest.raises(ValueError):
        Rules(custody="phone")
    with pytest.raises(ValueError):
        Rules(tournament="yes")


def test_new_game_rejects_bad_set_up() -> None:
    for players in (["a", "b"], ["p"] * 11):
        with pytest.raises(ValueError):
            new_game(players)
    with pytest.raises(ValueError):
        new_game(["a", "b", "c"], youngest=3)
    with pytest.raises(ValueError):
        new_game(["a", "b", "c"], mode="dream")


def test_final_view_after_three_rounds() -> None:
    from engine.simulate import random_game
    _, _, state = random_game(4, 11)
    table = view_for(state, None)
    assert table["final"]["totals"] == table["totals"] == [sum(g) for g in state.gold]
    best = max(table["totals"])
    assert table["final"]["winners"] == [s for s, t in enumerate(table["totals"]) if t == best]
    assert [g["face"] for g in table["goals"]].count("down") <= 3


OWN_KEYS = {"seat", "role", "peeks", "gold", "nuggets", "hand", "choices", "my_gain"}


def test_a_seat_view_is_the_table_view_plus_that_seats_own_secrets() -> None:
    from engine.simulate import random_game
    for players, seed, rules in ((4, 5, Rules()), (7, 8, Rules(custody="cards")), (10, 2, Rules())):
        header, moves, _ = random_game(players, seed, rules)
        state = state_from_header(header)
        for move in moves:
            state, _ = apply(state, move)
            table = view_for(state, None)
            if state.phase == "play":  # roles, gold and peeks are nowhere on the table
                text = json.dumps(table)
                assert '"saboteur"' not in text and '"gold_digger"' not in text and "stone_" not in text
                assert all(g["face"] != "down" or g["openings"] == "" for g in table["goals"])
            for seat in range(players):
                mine = view_for(state, seat)
                assert set(mine) - set(table) <= OWN_KEYS
                shared = {k: v for k, v in mine.items() if k in table and k != "draft"}
                assert shared == {k: v for k, v in table.items() if k != "draft"}
                assert mine["role"] == state.roles[seat] and mine["gold"] == list(state.gold[seat])
                assert mine["peeks"] == [{"col": c, "row": r, "face": f} for c, r, f in state.peeks[seat]]
                if state.draft is not None and state.draft.picker != seat:
                    assert mine["draft"] == {**table["draft"], "your_pick": False}
