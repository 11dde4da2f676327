"""apply(state, move) -> (state, events): the only way a game changes.

Each handler either raises Refusal (the move is refused; apply returns the SAME state and a
Rejected event) or returns the new state and what happened. Path cards and goal reveals live
here; action cards in engine.actions; the shared turn checks in engine.turns.
"""
from dataclasses import replace
from typing import Any

from . import actions, gold
from .cards import GOALS, shape_of
from .events import GoalReached, GoalRevealed, Placed, Rejected, RoundStarted
from .maze import place, placement_problem
from .moves import (BreakTool, Pass, PlacePath, PlayMap, Repair, RevealGoal, RevealRole, Rockfall,
                    StartRound, TakeGold)
from .serial import type_problem
from .state import GOAL_FACES, GameState, deal_round
from .turns import Refusal, Result, check_roles, need_phase, need_turn, next_turn, set_at, use_card


def apply(state: GameState, move: Any) -> tuple[GameState, tuple]:
    """Apply one move. Refused: (the same state object, (Rejected(rule, reason),))."""
    handler = _HANDLERS.get(type(move))
    if handler is None:
        return state, (Rejected("bad_move", f"{type(move).__name__} is not a move"),)
    problem = type_problem(move)
    if problem:
        return state, (Rejected("bad_move", problem),)
    try:
        new_state, events = handler(state, move)
    except Refusal as refusal:
        return state, (Rejected(refusal.rule, refusal.reason),)
    return new_state, tuple(events)


def _start_round(state: GameState, move: StartRound) -> Result:
    """Deal a round: from the seeded RNG, from the caller (tests, records) or, custody "cards", nothing secret."""
    need_phase(state, "setup", "round_over")
    if state.rules.custody == "cards" and (move.roles or move.goals):
        raise Refusal("bad_move", "with custody 'cards' the physical cards hold roles and goals")
    if move.roles is not None:
        check_roles(state, move.roles)
    if move.goals is not None and sorted(move.goals) != sorted(GOAL_FACES):
        raise Refusal("bad_move", f"goals must list {GOAL_FACES} in some order (rows -2, 0, 2)")
    state = deal_round(state, move.roles, move.goals)
    return state, [RoundStarted(state.round, state.turn, state.hands[0], state.draw_pile)]


def _place(state: GameState, move: PlacePath) -> Result:
    """Lay a tunnel card: the turn, tools, placement and copy checks, then the reveals it causes."""
    need_turn(state, move.seat)
    if state.broken[move.seat]:
        tools = " and ".join(state.broken[move.seat])
        raise Refusal("broken_tool", f"seat {move.seat} has a broken {tools} and may not lay path cards")
    pos = (move.col, move.row)
    problem = placement_problem(state.board, pos, move.openings, move.dead_end, state.rules)
    if problem:
        raise Refusal(*problem)
    shape = shape_of(move.openings, move.dead_end)
    state = use_card(state, move.seat, shape.name, shape.name)
    board = place(state.board, pos, move.openings, move.dead_end)
    events: list = [Placed(move.seat, move.col, move.row, board.cells[pos].openings, move.dead_end)]
    return _after_placement(replace(state, board=board), events)


def _after_placement(state: GameState, events: list) -> Result:
    """Reveal every goal a start-connected opening now faces; gold ends the round at once."""
    faced = state.board.faced_goals()
    if faced and state.rules.custody == "cards":
        events += [GoalReached(*pos) for pos in faced]
        return replace(state, phase="reveal", pending_reveals=tuple(faced.items())), events
    board, found_gold = state.board, False
    while faced:
        for pos, sides in faced.items():
            face = state.goal_face(pos)
            board = board.reveal(pos, face, sides)
            events.append(GoalRevealed(pos[0], pos[1], board.cells[pos].face, board.cells[pos].openings))
            found_gold |= face == "gold"
        faced = board.faced_goals()
    state = replace(state, board=board)
    if found_gold:
        return gold.end_round(state, "gold_diggers", state.last_player, events)
    return next_turn(state, events)


def _reveal_goal(state: GameState, move: RevealGoal) -> Result:
    """Custody "cards": the table says what a reached goal shows; the engine turns a stone to join
    the tunnel, and once every reached goal is known, the gold ends the round."""
    need_phase(state, "reveal")
    pending = dict(state.pending_reveals)
    pos = (move.col, move.row)
    if pos not in pending:
        raise Refusal("bad_reveal", f"no goal waits to be turned over at ({move.col},{move.row})")
    if move.face not in GOAL_FACES:
        raise Refusal("bad_reveal", f"a goal is one of {GOAL_FACES}")
    if move.face in state.goal_faces:
        raise Refusal("bad_reveal", f"the {move.face} goal card was already turned over")
    board = state.board.reveal(pos, move.face, pending.pop(pos))
    cell = board.cells[pos]
    faces = set_at(state.goal_faces, GOALS.index(pos), move.face)
    state = replace(state, board=board, goal_faces=faces, pending_reveals=tuple(pending.items()))
    events: list = [GoalRevealed(move.col, move.row, cell.face, cell.openings)]
    if pending:  # every goal the card reached is turned over, even after the gold (RULES.md)
        return state, events
    if "gold" in faces:  # no goal was waiting any more, so the gold was among those just turned
        return gold.end_round(state, "gold_diggers", state.last_player, events)
    return _after_placement(replace(state, phase="play"), events)


_HANDLERS = {
    StartRound: _start_round, PlacePath: _place, BreakTool: actions.break_tool,
    Repair: actions.repair, Rockfall: actions.rockfall, PlayMap: actions.play_map,
    Pass: actions.pass_turn, RevealGoal: _reveal_goal, RevealRole: actions.reveal_role,
    TakeGold: actions.take_gold,
}
__all__ = ["apply", "Refusal"]
