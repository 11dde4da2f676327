"""Placement legality, connectivity, reveals and the scanner-format checks of engine.board."""
import random

from hypothesis import given, settings, strategies as st

from engine.board import (Board, check_board, frontier, legal_placement, place,
                          placement_problem, rockfall_problem)
from engine.cards import TUNNEL_SHAPES, orientations
from engine.rules import Rules
from engine.simulate import random_game
from tests.engine.helpers import plain_cells, simple_legal, simple_reachable


def row_of(*openings: str) -> Board:
    """Start plus cards laid east of it along row 0."""
    board = Board.initial()
    for col, o in enumerate(openings, 1):
        board = place(board, (col, 0), o, False)
    return board


def test_occupied_start_and_goal_cells() -> None:
    board = Board.initial()
    assert placement_problem(board, (0, 0), "NESW", False)[0] == "occupied"
    assert placement_problem(board, (8, 0), "NESW", False)[0] == "occupied"


def test_not_adjacent_and_unknown_shape() -> None:
    board = Board.initial()
    assert placement_problem(board, (3, 3), "NS", False)[0] == "not_adjacent"
    assert placement_problem(board, (1, 0), "W", False)[0] == "unknown_shape"
    assert placement_problem(board, (1, 0), "EWX", False)[0] == "unknown_shape"


def test_edge_mismatch_names_the_side() -> None:
    board = row_of("EW")
    rule, reason = placement_problem(board, (1, -1), "NS", False)
    assert rule == "edge_mismatch" and "south" in reason and "(1,0)" in reason
    rule, reason = placement_problem(board, (2, 0), "NS", False)
    assert rule == "edge_mismatch" and "west" in reason


def test_dead_end_stops_connectivity_but_its_stub_can_join() -> None:
    board = place(Board.initial(), (1, 0), "EW", True)  # dead end: stubs E and W
    assert (1, 0) not in board.reachable
    assert placement_problem(board, (2, 0), "EW", False)[0] == "not_connected"
    assert placement_problem(Board.initial(), (1, 0), "EW", True) is None  # stub meets the start


def test_hidden_goal_constrains_nothing_unless_setting() -> None:
    board = row_of("EW", "EW", "EW", "NESW", "NESW", "EW")
    assert placement_problem(board, (7, 0), "NW", False) is None  # wall toward the goal is fine
    strict = Rules(hidden_goal_as_cross=True)
    rule, reason = placement_problem(board, (7, 0), "NW", False, strict)
    assert rule == "edge_mismatch" and "east" in reason and "(8,0)" in reason
    assert placement_problem(board, (7, 0), "EW", False, strict) is None  # an opening toward it


def test_two_goals_revealed_by_one_card_and_stone_orientation() -> None:
    board = row_of("EW", "EW", "EW", "NESW", "NESW", "EW", "NW")
    board = place(board, (7, -1), "ES", False)
    verdict = legal_placement(board, {"col": 8, "row": -1, "openings": "NSW", "dead_end": False})
    assert verdict == {"legal": True, "rule": "", "reason": "legal", "reveals": [[8, -2], [8, 0]]}
    after = place(board, (8, -1), "NSW", False)
    faced = after.faced_goals()
    after = after.reveal((8, -2), "stone_ne", faced[(8, -2)]).reveal((8, 0), "stone_nw", faced[(8, 0)])
    assert after.cells[(8, -2)].openings == "SW" and after.cells[(8, 0)].openings == "NW"
    assert placement_problem(after, (8, 1), "NS", False)[0] == "edge_mismatch"


def test_revealed_goal_must_be_matched_unless_exempt() -> None:
    # stones revealed as above: (8,0) lies upright N+W, so its south edge is a wall
    board = row_of("EW", "EW", "EW", "NESW", "NESW", "EW", "NW")
    board = place(place(board, (7, -1), "ES", False), (8, -1), "NSW", False)
    board = board.reveal((8, -2), "stone_ne", "S").reveal((8, 0), "stone_nw", "N")
    # a start-connected tunnel under it: (5,0) cross -> (5,1) N+E -> (6,1) E-W -> (7,1) E-W
    for pos, openings in (((5, 1), "NE"), ((6, 1), "EW"), ((7, 1), "EW")):
        assert placement_problem(board, pos, openings, False) is None, pos
        board = place(board, pos, openings, False)
    # (8,1) N+W: joins (7,1) in the west, but its north opening meets the stone's south wall
    rule, reason = placement_problem(board, (8, 1), "NW", False)
    assert rule == "edge_mismatch" and "north" in reason and "(8,0)" in reason
    assert placement_problem(board, (8, 1), "NW", False, Rules(revealed_goal_exempt=True)) is None
    # the face-down gold below at (8,2) constrains nothing; its north side is not reached
    verdict = legal_placement(board, {"col": 8, "row": 1, "openings": "NW"},
                              Rules(revealed_goal_exempt=True))
    assert verdict["legal"] and verdict["reveals"] == []


def test_stub_facing_goal_reveals_nothing() -> None:
    board = row_of("EW", "EW", "EW", "NESW", "NESW", "EW")
    board = place(board, (7, 0), "EW", True)
    assert board.faced_goals() == {}


def test_wall_facing_goal_reveals_nothing_and_opening_does() -> None:
    board = row_of("EW", "EW", "EW", "NESW", "NESW", "EW")
    wall = legal_placement(board, {"col": 7, "row": 0, "openings": "NW", "dead_end": False})
    assert wall["legal"] and wall["reveals"] == []
    opening = legal_placement(board, {"col": 7, "row": 0, "openings": "EW", "dead_end": False})
    assert opening["legal"] and opening["reveals"] == [[8, 0]]
    stub = legal_placement(board, {"col": 7, "row": 0, "openings": "E", "dead_end": True})
    assert stub["rule"] == "edge_mismatch"  # its west wall meets the opening of (6,0)
    stubs = legal_placement(board, {"col": 7, "row": 0, "openings": "EW", "dead_end": True})
    assert stubs["legal"] and stubs["reveals"] == []


def test_cut_off_tunnel_facing_a_goal_reveals_nothing_until_reconnected() -> None:
    board = row_of("EW", "EW", "EW", "NESW", "NESW", "EW")
    cut = board.remove((6, 0))  # (6,0) gone: (7,0) would join nothing
    cut = place(cut, (7, 0), "EW", False)  # laid directly (as if before the rockfall)
    assert (7, 0) not in cut.reachable and cut.faced_goals() == {}
    refill = legal_placement(cut, {"col": 6, "row": 0, "openings": "EW", "dead_end": False})
    assert refill["legal"] and refill["reveals"] == [[8, 0]]


def test_rockfall_cuts_the_maze_and_refill_reconnects() -> None:
    board = row_of("EW", "EW", "EW")
    assert rockfall_problem(board, (0, 0))[0] == "rockfall_target"
    assert rockfall_problem(board, (8, 0))[0] == "rockfall_target"
    assert rockfall_problem(board, (5, 5))[0] == "rockfall_target"
    cut = board.remove((2, 0))
    assert (3, 0) not in cut.reachable and (3, 0) in cut.cells
    assert placement_problem(cut, (4, 0), "EW", False)[0] == "not_connected"
    refilled = place(cut, (2, 0), "NESW", False)
    assert (3, 0) in refilled.reachable


def _random_boards() -> list[Board]:
    return [random_game(3 + s % 8, s)[2].board for s in range(6)]


BOARDS = _random_boards()


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(BOARDS) - 1), st.integers(-3, 11), st.integers(-6, 6),
       st.sampled_from(TUNNEL_SHAPES), st.booleans(), st.booleans(), st.booleans())
def test_engine_agrees_with_the_simple_checker(index: int, col: int, row: int, shape, turned: bool,
                                               as_cross: bool, exempt: bool) -> None:
    board = BOARDS[index]
    options = orientations(shape)
    openings = options[-1] if turned else options[0]
    rules = Rules(hidden_goal_as_cross=as_cross, revealed_goal_exempt=exempt)
    accepted = placement_problem(board, (col, row), openings, not shape.connected, rules) is None
    assert accepted == simple_legal(plain_cells(board), col, row, openings, as_cross, exempt)


def _crafted_boards() -> list[Board]:
    """Mazes beside face-down and revealed goals, where the two goal settings change verdicts."""
    near = row_of("EW", "EW", "EW", "NESW", "NESW", "EW")
    high = place(place(row_of("EW", "EW", "EW", "NESW", "NESW", "EW", "NW"), (7, -1), "ES", False),
                 (8, -1), "NSW", False)
    revealed = high.reveal((8, -2), "stone_ne", "S").reveal((8, 0), "stone_nw", "N")
    under = place(place(place(revealed, (5, 1), "NE", False), (6, 1), "EW", False), (7, 1), "EW", False)
    return [near, revealed, under]


def test_every_frontier_placement_agrees_with_the_simple_checker() -> None:
    changed = 0
    for board in BOARDS + _crafted_boards():
        cells = plain_cells(board)
        for col, row in frontier(board) + [(c, r + 1) for c, r in board.cells]:
            for shape in TUNNEL_SHAPES:
                for openings in orientations(shape):
                    for as_cross, exempt in ((False, False), (True, False), (False, True)):
                        rules = Rules(hidden_goal_as_cross=as_cross, revealed_goal_exempt=exempt)
                        ok = placement_problem(board, (col, row), openings, not shape.connected,
                                               rules) is None
                        expected = simple_legal(cells, col, row, openings, as_cross, exempt)
                        assert ok == expected, (col, row, openings, as_cross, exempt)
                        changed += ok != simple_legal(cells, col, row, openings)
    assert changed > 0  # the settings were really exercised, not only the defaults


def test_reachable_agrees_with_the_simple_walk() -> None:
    for board in BOARDS:
        assert set(board.reachable) == simple_reachable(plain_cells(board))
        for pos in frontier(board):
            assert pos not in board.cells


def test_check_reads_scanner_cards_with_extra_keys() -> None:
    cards = [{"col": 0, "row": 0, "kind": "start", "openings": "NESW", "confidence": 0.9,
              "corners": [[0, 0], [1, 0], [1, 1], [0, 1]]},
             {"col": 1, "row": 0, "kind": "path", "openings": "EW", "dead_end": False},
             {"col": 2, "row": 0, "kind": "path", "openings": "NS", "dead_end": False},
             {"col": 8, "row": 0, "kind": "goal", "face": "down"}]
    verdict = check_board({"cards": cards})
    assert verdict["ok"] is False
    sides = {(p["col"], p["side"]) for p in verdict["problems"] if p["rule"] == "edge_mismatch"}
    assert sides == {(1, "E"), (2, "W")}
    assert verdict["connected"] == [[0, 0], [1, 0]]
    assert verdict["goals_reached"] == []


def test_check_flags_copies_duplicates_and_unrevealed_goal() -> None:
    cards = [{"col": 0, "row": 0, "kind": "start", "openings": "NESW"}]
    cards += [{"col": c, "row": 0, "kind": "path", "openings": "EW"} for c in range(1, 8)]
    cards += [{"col": 7, "row": 0, "kind": "path", "openings": "EW"},
              {"col": 8, "row": 0, "kind": "goal", "face": "down"}]
    verdict = check_board(cards)
    rules = [p["rule"] for p in verdict["problems"]]
    assert rules.count("too_many_copies") == 4 and "duplicate" in rules
    assert "goal_not_revealed" in rules and verdict["goals_reached"] == [[8, 0]]


def test_random_scanner_boards_never_crash() -> None:
    rng = random.Random(3)
    for _ in range(200):
        cards = [{"col": rng.randint(-2, 9), "row": rng.randint(-3, 3),
                  "kind": rng.choice(["start", "goal", "path"]),
                  "openings": "".join(rng.sample("NESW", rng.randint(0, 4))),
                  "dead_end": rng.random() < 0.2, "face": rng.choice(["down", "gold", "stone"])}
                 for _ in range(rng.randint(0, 15))]
        verdict = check_board({"cards": cards})
        assert isinstance(verdict["ok"], bool)
        assert verdict["ok"] == (verdict["problems"] == [])


def test_a_read_gold_goal_is_always_a_cross() -> None:
    cards = [{"col": 0, "row": 0, "kind": "start", "openings": "NE"},
             {"col": 8, "row": 0, "kind": "goal", "face": "gold", "openings": "NE"}]
    assert check_board({"cards": cards})["connected"] == [[0, 0]]
    # read as N+E, but the gold is a cross: its south side is open, so a north opening below
    # it fits (the placement only fails because nothing there connects to the start)
    verdict = legal_placement({"cards": cards}, {"col": 8, "row": 1, "openings": "NS"})
    assert verdict["rule"] == "not_connected"
    verdict = legal_placement({"cards": cards}, {"col": 8, "row": 1, "openings": "EW"})
    assert verdict["rule"] == "edge_mismatch" and "north" in verdict["reason"]
