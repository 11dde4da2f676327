"""Test helpers: a deliberately simple, independent placement checker, and small game builders.

The checker re-states RULES.md in the plainest way (a grid walk with no shared code from
engine.board), so an engine bug is unlikely to be repeated in it.
"""
from engine import Rules, StartRound, apply, new_game

DIRS = {"N": (0, -1, "S"), "E": (1, 0, "W"), "S": (0, 1, "N"), "W": (-1, 0, "E")}


def simple_reachable(cells: dict) -> set:
    """cells: {(c, r): (kind, openings, dead_end, face)}. Connected cards reachable from (0,0)."""
    if (0, 0) not in cells:
        return set()
    found = {(0, 0)}
    changed = True
    while changed:
        changed = False
        for (c, r), (kind, openings, dead, face) in list(cells.items()):
            if (c, r) in found or dead or face == "down":
                continue
            for side in openings:
                dc, dr, back = DIRS[side]
                other = cells.get((c + dc, r + dr))
                if (c + dc, r + dr) in found and back in other[1]:
                    found.add((c, r))
                    changed = True
                    break
    return found


def simple_legal(cells: dict, col: int, row: int, openings: str, hidden_as_cross: bool = False,
                 exempt: bool = False) -> bool:
    """Empty cell, edges match every visible neighbour, an opening meets the maze.

    hidden_as_cross / exempt: the settings hidden_goal_as_cross / revealed_goal_exempt."""
    if (col, row) in cells:
        return False
    reach = simple_reachable(cells)
    touches = joins = False
    for side, (dc, dr, back) in DIRS.items():
        other = cells.get((col + dc, row + dr))
        if other is None:
            continue
        touches = True
        if other[3] == "down":
            if hidden_as_cross and side not in openings:
                return False
            continue
        if other[0] == "goal" and exempt:
            theirs = back in other[1]
            joins |= side in openings and theirs and (col + dc, row + dr) in reach
            continue
        if (side in openings) != (back in other[1]):
            return False
        if side in openings and (col + dc, row + dr) in reach:
            joins = True
    return touches and joins


def plain_cells(board) -> dict:
    """An engine Board as the simple checker's plain dict."""
    return {pos: (c.kind, c.openings, c.dead_end, c.face) for pos, c in board.cells.items()}


def started(players: int = 4, rules: Rules = Rules(), roles=..., goals=("stone_ne", "gold", "stone_nw"),
            mode: str = "track", youngest: int = 0, seed: int = 0):
    """A game in its first round with known roles and goals (track mode by default).

    roles ... : a saboteur at seat 0, gold-diggers elsewhere; None: the engine deals."""
    if roles is ...:
        roles = ("saboteur",) + ("gold_digger",) * (players - 1)
    state = new_game([f"P{i}" for i in range(players)], rules, youngest, seed, mode)
    if rules.custody == "cards":
        roles = goals = None
    state, events = apply(state, StartRound(roles, goals))
    assert type(events[0]).__name__ == "RoundStarted", events
    return state


def play(state, *moves):
    """Apply moves that must all be accepted; returns (state, all events)."""
    collected = []
    for move in moves:
        state, events = apply(state, move)
        assert type(events[0]).__name__ != "Rejected", (move, events)
        collected.extend(events)
    return state, collected


def refused(state, move) -> str:
    """Apply a move that must be refused; checks the state object is returned unchanged."""
    new_state, events = apply(state, move)
    assert new_state is state
    assert len(events) == 1 and type(events[0]).__name__ == "Rejected", events
    return events[0].rule
