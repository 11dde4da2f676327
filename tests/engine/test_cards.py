"""The card catalogue matches RULES.md's component list."""
from hypothesis import given, strategies as st

from engine import cards


def test_path_cards_total_44_with_start_and_three_goals() -> None:
    kinds = [s.kind for s in cards.PATH_SHAPES for _ in range(s.copies)]
    assert len(kinds) == 44
    assert kinds.count("start") == 1 and kinds.count("goal") == 3 and kinds.count("path") == 40


def test_nine_single_dead_ends_and_connected_copies() -> None:
    dead = [s for s in cards.TUNNEL_SHAPES if not s.connected]
    assert len(dead) == 9 and all(s.copies == 1 for s in dead)
    assert sum(s.copies for s in cards.TUNNEL_SHAPES if s.connected) == 31


def test_action_gold_role_counts() -> None:
    assert sum(n for _, _, n in cards.ACTION_CARDS.values()) == 27
    assert len(cards.tunnel_deck()) == 67
    gold = cards.gold_deck()
    assert len(gold) == 28 and gold.count(1) == 16 and gold.count(2) == 8 and gold.count(3) == 4
    assert sum(cards.ROLE_CARDS.values()) == 11


def test_role_sets_are_players_plus_one_and_fit_the_box() -> None:
    for players, (sab, dig, hand) in cards.PLAYER_TABLE.items():
        roles = cards.role_set(players)
        assert len(roles) == players + 1 == sab + dig
        assert sab <= 4 and dig <= 7
        assert players * hand < len(cards.tunnel_deck())


@given(st.sets(st.sampled_from("NESW")))
def test_turning_twice_is_identity(letters: set) -> None:
    openings = "".join(letters)
    assert cards.turn180(cards.turn180(openings)) == cards.canon(openings)


def test_every_orientation_names_its_shape() -> None:
    for shape in cards.TUNNEL_SHAPES:
        for openings in (shape.openings, cards.turn180(shape.openings)):
            assert cards.shape_of(openings, not shape.connected) is shape
    assert cards.shape_of("NES", False).name == "t_nes" and cards.shape_of("NSW").name == "t_nes"
    assert cards.shape_of("N", False) is None  # only the dead-end single stub exists
    assert cards.copies_of("SW") == 5 and cards.copies_of("SE") == 4 and cards.copies_of("W", True) == 1


def test_stone_goal_turns_toward_the_tunnel() -> None:
    assert cards.stone_face("stone_ne", "W") == "SW"
    assert cards.stone_face("stone_ne", "N") == "NE"
    assert cards.stone_face("stone_nw", "S") == "ES"
    assert cards.stone_face("stone_nw", "NW") == "NW"


def test_each_shape_and_action_card_has_the_copies_rules_md_lists() -> None:
    # (openings upright, dead end) -> copies, typed from RULES.md's table
    expected = {("NESW", False): 5, ("NES", False): 5, ("NEW", False): 5, ("NS", False): 4,
                ("EW", False): 3, ("NE", False): 5, ("NW", False): 4}
    expected.update({(o, True): 1 for o in ("NESW", "NES", "ESW", "NS", "EW", "NE", "NW", "N", "E")})
    got = {(s.openings, not s.connected): s.copies for s in cards.TUNNEL_SHAPES}
    assert got == expected
    # turned 180 degrees the same cards show: T NES -> NSW, T NEW -> ESW, NE -> SW, NW -> SE
    assert cards.copies_of("NSW") == 5 and cards.copies_of("ESW") == 5
    assert cards.copies_of("NSW", True) == 1 and cards.copies_of("S", True) == 1
    assert cards.copies_of("W", True) == 1 and cards.copies_of("SE", True) == 1
    actions = {name: n for name, (_, _, n) in cards.ACTION_CARDS.items()}
    assert actions == {"broken_pick": 3, "broken_lantern": 3, "broken_cart": 3, "repair_pick": 2,
                       "repair_lantern": 2, "repair_cart": 2, "repair_pick_lantern": 1,
                       "repair_pick_cart": 1, "repair_lantern_cart": 1, "rockfall": 3, "map": 6}
    goals = {s.name: (s.openings, s.face) for s in cards.PATH_SHAPES if s.kind == "goal"}
    assert goals == {"gold": ("NESW", "gold"), "stone_ne": ("NE", "stone"), "stone_nw": ("NW", "stone")}
    assert cards.ROLE_CARDS == {"gold_digger": 7, "saboteur": 4}
