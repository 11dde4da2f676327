"""Random complete simulated games: they end properly, conserve gold, replay, round-trip as JSON,
and every placement they make satisfies the independent simple checker."""
import json
from collections import Counter

from hypothesis import given, settings, strategies as st

from engine import (PlacePath, Rules, apply, event_from_dict, event_to_dict, move_from_dict,
                    move_to_dict, replay, state_from_header, totals, view_for)
from engine.cards import gold_deck
from engine.events import visible_to
from engine.record import dumps, loads
from engine.simulate import random_game
from tests.engine.helpers import plain_cells, simple_legal

RULES = st.builds(Rules, reward_cards=st.sampled_from(["players_cap9", "one_per_digger"]),
                  sabotaged_dwarf=st.booleans(), tournament=st.booleans(),
                  self_sabotage=st.booleans(), hidden_goal_as_cross=st.booleans(),
                  revealed_goal_exempt=st.booleans(), custody=st.sampled_from(["app", "cards"]))


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10**6), RULES)
def test_random_games_end_after_three_rounds_and_conserve_gold(players, seed, rules) -> None:
    header, moves, state = random_game(players, seed, rules)
    assert state.phase == "game_over" and state.round == 3
    assert len(state.round_gold) == 3 and len(state.round_winners) == 3
    held = [v for cards in state.gold for v in cards]
    assert Counter(held) + Counter(state.gold_deck) == Counter(gold_deck())
    assert list(totals(state)) == [sum(r[s] for r in state.round_gold) for s in range(players)]
    assert replay(header, moves) == state


def test_every_player_count_plays_to_the_end() -> None:
    winners = Counter()
    for players in range(3, 11):
        for seed in range(3):
            _, _, state = random_game(players, seed)
            assert state.phase == "game_over"
            winners.update(state.round_winners)
    assert winners["gold_diggers"] > 5 and winners["saboteurs"] > 5  # both endings get exercised


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10**6), st.booleans(), st.booleans())
def test_accepted_placements_satisfy_the_simple_checker(players, seed, as_cross, exempt) -> None:
    rules = Rules(hidden_goal_as_cross=as_cross, revealed_goal_exempt=exempt)
    header, moves, _ = random_game(players, seed, rules)
    state = state_from_header(header)
    placements = 0
    for move in moves:
        if isinstance(move, PlacePath):
            assert simple_legal(plain_cells(state.board), move.col, move.row, move.openings,
                                as_cross, exempt)
            placements += 1
        state, _ = apply(state, move)
    assert placements > 0


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10**6))
def test_moves_events_and_records_round_trip_through_json(players, seed) -> None:
    header, moves, final = random_game(players, seed, Rules(custody="cards"))
    for move in moves:
        assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move
    assert loads(dumps(header, moves)) == (header, moves)
    state = state_from_header(header)
    for move in moves:
        state, events = apply(state, move)
        for event in events:
            assert event_from_dict(json.loads(json.dumps(event_to_dict(event)))) == event
    assert state == final


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10**6))
def test_views_keep_secrets(players, seed) -> None:
    header, moves, _ = random_game(players, seed)
    state = state_from_header(header)
    for move in moves:
        state, events = apply(state, move)
        public = view_for(state, None)
        json.dumps(public)
        if state.phase == "play":
            assert public["roles"] is None
            assert not {"role", "peeks", "gold", "hand", "nuggets"} & set(public)
        if state.phase != "game_over":
            assert public["totals"] is None and public["round_gold"] is None
        seat = state.turn
        mine = view_for(state, seat)
        json.dumps(mine)
        assert mine["role"] == state.roles[seat] and mine["nuggets"] == sum(state.gold[seat])
        for event in events:
            if type(event).__name__ in ("MapPeek", "GoldTaken", "GoldPaid"):
                assert not visible_to(event, None) and visible_to(event, event.seat)
                assert not visible_to(event, (event.seat + 1) % players)
