"""End of round: draft order, payouts with real cards, variants, ranking with ties."""
from collections import Counter
from dataclasses import replace

from engine import Rules, TakeGold, ranking
from engine import gold
from tests.engine.helpers import play, refused, started

D, S = "gold_digger", "saboteur"


def settle(state, winner: str, finder=None):
    """Run the round end directly on a prepared state."""
    state = replace(state, winner=winner, finder=finder)
    return gold.settle(state, [])


def test_change_pays_with_real_cards_fewest_first() -> None:
    assert gold.change((1, 1, 2, 3, 1), 4) == ((3, 1), (1, 2, 1))
    assert gold.change((2, 2, 1), 4) == ((2, 2), (1,))
    assert gold.change((1, 1), 4) == ((1, 1), ())  # never invents a card: pays what exists
    assert gold.change((3,), 2) == ((), (3,))
    assert gold.change((), 3) == ((), ())


def test_saboteur_payouts_4_3_3_2() -> None:
    for players, saboteurs, each in ((4, 1, 4), (5, 2, 3), (7, 3, 3), (10, 4, 2)):
        roles = (S,) * saboteurs + (D,) * (players - saboteurs)
        state = started(players, roles=roles)
        deck_before = Counter(state.gold_deck)
        state, events = settle(state, "saboteurs")
        paid = {e.seat: e.values for e in events if type(e).__name__ == "GoldPaid"}
        assert sorted(paid) == list(range(saboteurs))
        assert all(sum(v) == each for v in paid.values())
        assert Counter(state.gold_deck) + Counter(v for vs in paid.values() for v in vs) == deck_before
        assert state.phase == "round_over" and sum(state.round_gold[0]) == each * saboteurs


def test_no_saboteur_and_no_gold_nobody_scores() -> None:
    state, _ = settle(started(3, roles=(D, D, D)), "saboteurs")
    assert state.round_winners == ("nobody",) and state.round_gold == ((0, 0, 0),)


def test_draft_counter_clockwise_from_finder_skipping_saboteurs() -> None:
    state = started(6, roles=(D, S, D, D, S, D))
    state, events = settle(state, "gold_diggers", finder=3)
    assert state.draft.pickers == (3, 2, 0, 5) and len(state.draft.offer) == 6
    assert refused(state, TakeGold(2, state.draft.offer[0])) == "not_your_pick"
    assert refused(state, TakeGold(3, 7)) == "not_offered"


def test_saboteur_finder_first_digger_counter_clockwise_chooses() -> None:
    state = started(5, roles=(D, D, S, S, D))
    state, _ = settle(state, "gold_diggers", finder=3)
    assert state.draft.pickers == (1, 0, 4)


def test_ten_players_draw_nine_cards_and_draft_ends() -> None:
    state = started(10, roles=(S, D, D, S, D, D, S, D, S, D))
    state, events = settle(state, "gold_diggers", finder=4)
    assert events[0].count == 9 and len(state.gold_deck) == 19
    while state.phase == "draft":
        state, _ = play(state, TakeGold(state.draft.picker, min(state.draft.offer)))
    assert state.phase == "round_over" and sum(len(g) for g in state.gold) == 9


def test_one_per_digger_and_sabotaged_dwarf() -> None:
    state = started(6, rules=Rules(reward_cards="one_per_digger", sabotaged_dwarf=True),
                    roles=(D, S, D, D, S, D))
    state = replace(state, broken=((), (), ("cart",), (), (), ()))
    state, events = settle(state, "gold_diggers", finder=2)  # the finder is sabotaged
    assert state.draft.pickers == (0, 5, 3) and len(state.draft.offer) == 3


def test_tournament_pays_finder_3_others_2() -> None:
    state = started(5, rules=Rules(tournament=True), roles=(D, S, D, S, D))
    state, events = settle(state, "gold_diggers", finder=2)
    paid = {e.seat: sum(e.values) for e in events if type(e).__name__ == "GoldPaid"}
    assert paid == {2: 3, 0: 2, 4: 2}


def test_ranking_ties_share_a_place() -> None:
    state = replace(started(4), gold=((3, 1), (2, 2), (1,), ()))
    places = {r["seat"]: r["place"] for r in ranking(state)}
    assert places == {0: 1, 1: 1, 2: 3, 3: 4}


def test_gold_cards_drawn_per_reward_setting() -> None:
    # players -> (cards drawn: min(players, 9), saboteurs dealt, gold-diggers dealt), by hand
    table = {3: (3, 1, 2), 4: (4, 1, 3), 5: (5, 2, 3), 6: (6, 2, 4), 7: (7, 3, 4), 8: (8, 3, 5),
             9: (9, 3, 6), 10: (9, 4, 6)}
    for players, (count, saboteurs, diggers) in table.items():
        roles = (D,) + (S,) * saboteurs + (D,) * (diggers - 1)
        state, events = settle(started(players, roles=roles), "gold_diggers", finder=0)
        assert [e.count for e in events if type(e).__name__ == "GoldDrawn"] == [count]
        amigo = started(players, rules=Rules(reward_cards="one_per_digger"), roles=roles)
        state, events = settle(amigo, "gold_diggers", finder=0)
        assert [e.count for e in events if type(e).__name__ == "GoldDrawn"] == [diggers]
