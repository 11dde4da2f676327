"""Set-up per player count against RULES.md's table, typed in here by hand (not read from
engine.cards, so a wrong table in the engine cannot agree with itself), and the first player of
every round."""
from collections import Counter

from engine import PlacePath, StartRound, TakeGold
from tests.engine.helpers import play, started

# players -> (saboteurs in the role set, gold-diggers in the role set, hand size, draw pile)
# draw pile = 40 tunnel + 27 action cards - players * hand size
RULES_TABLE = {
    3: (1, 3, 6, 49), 4: (1, 4, 6, 43), 5: (2, 4, 6, 37), 6: (2, 5, 5, 37),
    7: (3, 5, 5, 32), 8: (3, 6, 4, 35), 9: (3, 7, 4, 31), 10: (4, 7, 4, 27),
}


def test_role_set_hands_and_draw_pile_match_the_rules_table() -> None:
    for n, (saboteurs, diggers, hand, pile) in RULES_TABLE.items():
        for seed in range(4):
            state = started(n, roles=None, goals=None, seed=seed)
            dealt = Counter(state.roles) + Counter([state.spare_role])
            assert dealt == Counter(saboteur=saboteurs, gold_digger=diggers), (n, seed)
            assert state.hands == (hand,) * n and state.draw_pile == pile, n
            assert sorted(state.goal_faces) == ["gold", "stone_ne", "stone_nw"]


def test_simulated_deal_uses_every_tunnel_and_action_card_once() -> None:
    for n, (_, _, hand, pile) in RULES_TABLE.items():
        state = started(n, roles=None, goals=None, mode="simulate", seed=n)
        cards = Counter(c for h in state.hand_cards for c in h) + Counter(state.deck)
        assert all(len(h) == hand for h in state.hand_cards) and len(state.deck) == pile
        assert sum(cards.values()) == 67
        assert cards["cross"] == 5 and cards["straight_ew"] == 3 and cards["curve_nw"] == 4
        assert cards["dead_ne"] == 1 and cards["map"] == 6 and cards["rockfall"] == 3
        assert cards["broken_cart"] == 3 and cards["repair_pick"] == 2
        assert cards["repair_lantern_cart"] == 1


def test_youngest_starts_round_one() -> None:
    for youngest in (0, 2, 4):
        assert started(5, youngest=youngest).turn == youngest


ROW = ["EW", "EW", "EW", "NESW", "NESW", "NEW", "ESW"]  # (1,0)..(7,0): the 7th faces the gold


def _gold_by(state, first: int):
    """Seats from `first` on lay ROW in turn; the seat laying (7,0) reaches the gold at (8,0)."""
    n = state.n
    for i, openings in enumerate(ROW):
        state, _ = play(state, PlacePath((first + i) % n, i + 1, 0, openings))
    while state.phase == "draft":
        state, _ = play(state, TakeGold(state.draft.picker, state.draft.offer[0]))
    return state


def test_next_rounds_start_left_of_whoever_played_last() -> None:
    roles = ("saboteur", "gold_digger", "gold_digger", "gold_digger")
    goals = ("stone_ne", "gold", "stone_nw")
    state = _gold_by(started(4, roles=roles, youngest=1), 1)
    # round 1: seats 1,2,3,0,1,2,3 lay the row; seat 3 lays the last card; left of 3 is seat 0
    assert state.phase == "round_over" and state.last_player == 3
    state, _ = play(state, StartRound(roles, goals))
    assert state.round == 2 and state.turn == 0
    state = _gold_by(state, 0)  # seats 0,1,2,3,0,1,2: seat 2 played last
    state, _ = play(state, StartRound(roles, goals))
    assert state.round == 3 and state.turn == 3
