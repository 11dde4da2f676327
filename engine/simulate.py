"""Random complete games in simulate mode: a legal (not clever) player for tests and benchmarks."""
import random
from typing import Any

from .board import frontier, placement_problem
from .cards import ACTION_CARDS, SHAPES_BY_NAME, orientations, role_set
from .game import apply
from .moves import (BreakTool, Pass, PlacePath, PlayMap, Repair, RevealGoal, RevealRole, Rockfall,
                    StartRound, TakeGold)
from .record import make_header
from .rules import Rules
from .state import GOAL_FACES, GameState, new_game


def random_game(players: int, seed: int, rules: Rules = Rules()) -> tuple[dict, list, GameState]:
    """Play a whole three-round game with random legal moves: (header, moves, final state)."""
    rng = random.Random(seed)
    state = new_game([f"P{i + 1}" for i in range(players)], rules, rng.randrange(players), seed,
                     "simulate")
    header, moves = make_header(state), []
    truth: dict[str, Any] = {}
    while state.phase != "game_over":
        if state.phase in ("setup", "round_over"):
            truth = _table_truth(state, rng)
        move = random_move(state, rng, truth)
        state, events = apply(state, move)
        if type(events[0]).__name__ == "Rejected":
            raise AssertionError(f"random player made an illegal move {move}: {events[0]}")
        moves.append(move)
    return header, moves, state


def _table_truth(state: GameState, rng: random.Random) -> dict[str, Any]:
    """What the physical cards would show (custody "cards"): roles and goal faces of the round."""
    roles = role_set(state.n)
    rng.shuffle(roles)
    faces = list(GOAL_FACES)
    rng.shuffle(faces)
    return {"roles": roles[:state.n], "goals": dict(zip(((8, -2), (8, 0), (8, 2)), faces))}


def random_move(state: GameState, rng: random.Random, truth: dict | None = None) -> Any:
    """A legal move for whoever must act now (simulate mode: it looks at the actor's hand)."""
    if state.phase in ("setup", "round_over"):
        return StartRound()
    if state.phase == "draft":
        return TakeGold(state.draft.picker, rng.choice(state.draft.offer))
    if state.phase == "reveal":
        pos = state.pending_reveals[0][0]
        return RevealGoal(pos[0], pos[1], truth["goals"][pos])
    if state.phase == "roles":
        seat = state.roles.index(None)
        return RevealRole(seat, truth["roles"][seat])
    seat = state.turn
    hand = list(state.hand_cards[seat])
    rng.shuffle(hand)
    if rng.random() < 0.7:  # mostly dig: path cards first
        hand.sort(key=lambda card: card not in SHAPES_BY_NAME)
    for card in hand:
        move = _play(state, seat, card, rng)
        if move is not None:
            return move
    return Pass(seat, True, hand[0])


def _play(state: GameState, seat: int, card: str, rng: random.Random) -> Any:
    """A legal way to play `card`, or None."""
    if card in SHAPES_BY_NAME:
        return _path(state, seat, card, rng)
    kind, tools, _ = ACTION_CARDS[card]
    others = [s for s in range(state.n) if s != seat or state.rules.self_sabotage]
    if kind == "break":
        targets = [s for s in others if tools[0] not in state.broken[s]]
        return BreakTool(seat, rng.choice(targets), tools[0]) if targets else None
    if kind == "repair":
        options = [(s, t) for s in range(state.n) for t in tools if t in state.broken[s]]
        if not options:
            return None
        target, tool = rng.choice(options)
        other = next((t for t in tools if t != tool), None)
        return Repair(seat, target, tool, len(tools) == 2, other)
    if kind == "rockfall":
        cells = [p for p, c in state.board.cells.items() if c.kind == "path"]
        return Rockfall(seat, *rng.choice(sorted(cells))) if cells else None
    goals = [p for p, c in state.board.cells.items() if c.hidden]
    return PlayMap(seat, *rng.choice(sorted(goals))) if goals else None


def _path(state: GameState, seat: int, card: str, rng: random.Random) -> Any:
    """A legal placement of a tunnel card, mostly toward the goals (so gold gets found), or None."""
    if state.broken[seat]:
        return None
    shape = SHAPES_BY_NAME[card]
    legal = [(pos, o) for pos in frontier(state.board) for o in orientations(shape)
             if placement_problem(state.board, pos, o, not shape.connected, state.rules) is None]
    if not legal:
        return None
    if shape.connected and rng.random() < 0.8:  # mostly dig toward the goals, so gold gets found
        best = min(_distance(pos) for pos, _ in legal)
        legal = [(pos, o) for pos, o in legal if _distance(pos) == best]
    elif not shape.connected:  # dead ends go where they block least
        worst = max(_distance(pos) for pos, _ in legal)
        legal = [(pos, o) for pos, o in legal if _distance(pos) == worst]
    pos, openings = rng.choice(legal)
    return PlacePath(seat, pos[0], pos[1], openings, not shape.connected)


def _distance(pos: tuple[int, int]) -> int:
    """Steps from a cell to the nearest goal."""
    return min(abs(8 - pos[0]) + abs(g - pos[1]) for g in (-2, 0, 2))
