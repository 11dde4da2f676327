"""apply(state, move) -> (state, events): the only way a game changes.

Each handler either raises Refusal (the move is refused; the caller returns the SAME state and a
Rejected event) or returns the new state and what happened.
"""
from dataclasses import replace
from typing import Any

from . import gold
from .board import Board, Pos, placement_problem, place, rockfall_problem
from .cards import ACTION_CARDS, GOALS, PLAYER_TABLE, TOOLS, copies_of_card, shape_of
from .events import (CardRemoved, GoalReached, GoalRevealed, MapPeek, Passed, Placed, Rejected,
                     RoleRevealed, RoundStarted, ToolBroken, ToolRepaired)
from .moves import (BreakTool, Pass, PlacePath, PlayMap, Repair, RevealGoal, RevealRole, Rockfall,
                    StartRound, TakeGold)
from .state import GOAL_FACES, ROLES, GameState, deal_round

Result = tuple[GameState, list]


class Refusal(Exception):
    """A move breaks a rule: `rule` is a stable id, `reason` an English sentence."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


def apply(state: GameState, move: Any) -> tuple[GameState, tuple]:
    """Apply one move. Refused: (the same state object, (Rejected(rule, reason),))."""
    handler = _HANDLERS.get(type(move))
    if handler is None:
        return state, (Rejected("bad_move", f"{type(move).__name__} is not a move"),)
    try:
        new_state, events = handler(state, move)
    except Refusal as refusal:
        return state, (Rejected(refusal.rule, refusal.reason),)
    return new_state, tuple(events)


def _need_phase(state: GameState, *phases: str) -> None:
    if state.phase not in phases:
        raise Refusal("wrong_phase", f"this move is not possible now: the game is in phase "
                                     f"'{state.phase}', not {' or '.join(repr(p) for p in phases)}")


def _need_seat(state: GameState, seat: int, what: str = "seat") -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n:
        raise Refusal("bad_seat", f"{what} {seat!r} is not a seat at this table (0..{state.n - 1})")


def _need_turn(state: GameState, seat: int) -> None:
    """The common checks for a card play: phase, seat, turn, and a card left in the hand."""
    _need_phase(state, "play")
    _need_seat(state, seat)
    if seat != state.turn:
        raise Refusal("not_your_turn", f"it is {state.players[state.turn]}'s turn (seat {state.turn})")
    if state.hands[seat] == 0:
        raise Refusal("no_cards", f"seat {seat} holds no cards")


def _use_card(state: GameState, seat: int, name: str, label: str) -> GameState:
    """Take card `name` out of the seat's hand, then draw: checks copies and (simulate) the hand."""
    if state.played.get(name, 0) >= copies_of_card(name):
        raise Refusal("too_many_copies", f"all {copies_of_card(name)} {label} cards of the box "
                                         "were already played this round: probably a misread")
    hand_cards = state.hand_cards
    if hand_cards is not None:
        if name not in hand_cards[seat]:
            raise Refusal("not_in_hand", f"seat {seat} holds no {label} card")
        hand = list(hand_cards[seat])
        hand.remove(name)
        hand_cards = _set(hand_cards, seat, tuple(hand))
    played = {**state.played, name: state.played.get(name, 0) + 1}
    state = replace(state, hands=_set(state.hands, seat, state.hands[seat] - 1),
                    hand_cards=hand_cards, played=played, last_player=seat)
    return _draw(state, seat)


def _draw(state: GameState, seat: int) -> GameState:
    """Draw one card if the pile is not empty (the pile is never reshuffled)."""
    if state.draw_pile == 0:
        return state
    hand_cards, deck = state.hand_cards, state.deck
    if deck is not None and hand_cards is not None:
        hand_cards = _set(hand_cards, seat, hand_cards[seat] + (deck[0],))
        deck = deck[1:]
    return replace(state, hands=_set(state.hands, seat, state.hands[seat] + 1),
                   draw_pile=state.draw_pile - 1, hand_cards=hand_cards, deck=deck)


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _next_turn(state: GameState, events: list) -> Result:
    """Hand the turn to the next seat on the left that holds cards; none left: the round ends."""
    for step in range(1, state.n + 1):
        seat = (state.last_player + step) % state.n
        if state.hands[seat] > 0:
            return replace(state, turn=seat), events
    return gold.end_round(state, "saboteurs", None, events)


def _start_round(state: GameState, move: StartRound) -> Result:
    _need_phase(state, "setup", "round_over")
    if state.rules.custody == "cards" and (move.roles or move.goals):
        raise Refusal("bad_move", "with custody 'cards' the physical cards hold roles and goals")
    if move.roles is not None:
        _check_roles(state, move.roles)
    if move.goals is not None and sorted(move.goals) != sorted(GOAL_FACES):
        raise Refusal("bad_move", f"goals must list {GOAL_FACES} in some order (rows -2, 0, 2)")
    state = deal_round(state, move.roles, move.goals)
    return state, [RoundStarted(state.round, state.turn, state.hands[0], state.draw_pile)]


def _check_roles(state: GameState, roles: tuple[str | None, ...], rule: str = "bad_move") -> None:
    """Roles must come from the round's role set (players + 1 cards)."""
    if len(roles) != state.n or any(r not in ROLES for r in roles if r is not None):
        raise Refusal(rule, f"roles must give one of {ROLES} per seat")
    saboteurs, diggers, _ = PLAYER_TABLE[state.n]
    if roles.count("saboteur") > saboteurs or roles.count("gold_digger") > diggers:
        raise Refusal(rule, f"the role set for {state.n} players holds {saboteurs} "
                                  f"saboteurs and {diggers} gold-diggers")


def _place(state: GameState, move: PlacePath) -> Result:
    _need_turn(state, move.seat)
    if state.broken[move.seat]:
        tools = " and ".join(state.broken[move.seat])
        raise Refusal("broken_tool", f"seat {move.seat} has a broken {tools} and may not lay path cards")
    pos = (move.col, move.row)
    problem = placement_problem(state.board, pos, move.openings, move.dead_end, state.rules)
    if problem:
        raise Refusal(*problem)
    shape = shape_of(move.openings, move.dead_end)
    state = _use_card(state, move.seat, shape.name, shape.name)
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
    return _next_turn(state, events)


def _reveal_goal(state: GameState, move: RevealGoal) -> Result:
    _need_phase(state, "reveal")
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
    faces = _set(state.goal_faces, GOALS.index(pos), move.face)
    state = replace(state, board=board, goal_faces=faces, pending_reveals=tuple(pending.items()))
    events: list = [GoalRevealed(move.col, move.row, cell.face, cell.openings)]
    if move.face == "gold":
        return gold.end_round(replace(state, pending_reveals=()), "gold_diggers",
                              state.last_player, events)
    if pending:
        return state, events
    return _after_placement(replace(state, phase="play"), events)


def _break(state: GameState, move: BreakTool) -> Result:
    _need_turn(state, move.seat)
    _need_seat(state, move.target, "target")
    if move.tool not in TOOLS:
        raise Refusal("bad_move", f"tool must be one of {TOOLS}")
    if move.target == move.seat and not state.rules.self_sabotage:
        raise Refusal("self_sabotage", "these rules forbid laying a broken tool in front of yourself")
    if move.tool in state.broken[move.target]:
        raise Refusal("already_broken", f"seat {move.target} already has a broken {move.tool}")
    state = _use_card(state, move.seat, f"broken_{move.tool}", f"broken {move.tool}")
    tools = tuple(t for t in TOOLS if t in state.broken[move.target] or t == move.tool)
    state = replace(state, broken=_set(state.broken, move.target, tools))
    return _next_turn(state, [ToolBroken(move.seat, move.target, move.tool)])


def _repair_card(state: GameState, move: Repair) -> str:
    """The name of the repair card the move uses (a double card without `other`: any that fits)."""
    if move.tool not in TOOLS or (move.other is not None and move.other not in TOOLS + (None,)):
        raise Refusal("bad_move", f"tool must be one of {TOOLS}")
    if not move.double:
        return f"repair_{move.tool}"
    if move.other is not None:
        pair = [t for t in TOOLS if t in (move.tool, move.other)]
        if len(pair) != 2:
            raise Refusal("bad_move", "a double repair card names two different tools")
        return "repair_" + "_".join(pair)
    names = [n for n, (kind, tools, _) in ACTION_CARDS.items()
             if kind == "repair" and len(tools) == 2 and move.tool in tools]
    hand = state.hand_cards[move.seat] if state.hand_cards is not None else None
    usable = [n for n in names if (hand is None or n in hand)
              and state.played.get(n, 0) < copies_of_card(n)]
    return usable[0] if usable else names[0]


def _repair(state: GameState, move: Repair) -> Result:
    _need_turn(state, move.seat)
    _need_seat(state, move.target, "target")
    name = _repair_card(state, move)
    if move.tool not in state.broken[move.target]:
        raise Refusal("nothing_to_repair", f"seat {move.target} has no broken {move.tool}")
    state = _use_card(state, move.seat, name, name.replace("_", " "))
    tools = tuple(t for t in state.broken[move.target] if t != move.tool)
    state = replace(state, broken=_set(state.broken, move.target, tools),
                    discards=state.discards + 2)  # the repair and the broken card
    return _next_turn(state, [ToolRepaired(move.seat, move.target, move.tool)])


def _rockfall(state: GameState, move: Rockfall) -> Result:
    _need_turn(state, move.seat)
    pos: Pos = (move.col, move.row)
    problem = rockfall_problem(state.board, pos)
    if problem:
        raise Refusal(*problem)
    state = _use_card(state, move.seat, "rockfall", "rockfall")
    state = replace(state, board=state.board.remove(pos), discards=state.discards + 2)
    return _next_turn(state, [CardRemoved(move.seat, move.col, move.row)])


def _map(state: GameState, move: PlayMap) -> Result:
    _need_turn(state, move.seat)
    pos = (move.goal_col, move.goal_row)
    cell = state.board.cells.get(pos)
    if pos not in GOALS or cell is None or not cell.hidden:
        raise Refusal("not_a_goal", f"there is no face-down goal at ({pos[0]},{pos[1]})")
    state = _use_card(state, move.seat, "map", "map")
    face = state.goal_face(pos)
    peeks = _set(state.peeks, move.seat, state.peeks[move.seat] + ((pos[0], pos[1], face),))
    state = replace(state, peeks=peeks, discards=state.discards + 1)
    return _next_turn(state, [MapPeek(move.seat, pos[0], pos[1], face)])


def _pass(state: GameState, move: Pass) -> Result:
    _need_turn(state, move.seat)
    if not move.discard:
        raise Refusal("must_discard", "a player who holds cards must discard one to pass")
    hand_cards = state.hand_cards
    if hand_cards is not None:
        card = move.card if move.card is not None else hand_cards[move.seat][0]
        if card not in hand_cards[move.seat]:
            raise Refusal("not_in_hand", f"seat {move.seat} holds no {card} card")
        hand = list(hand_cards[move.seat])
        hand.remove(card)
        hand_cards = _set(hand_cards, move.seat, tuple(hand))
    state = replace(state, hands=_set(state.hands, move.seat, state.hands[move.seat] - 1),
                    hand_cards=hand_cards, discards=state.discards + 1, last_player=move.seat)
    return _next_turn(_draw(state, move.seat), [Passed(move.seat, True)])


def _reveal_role(state: GameState, move: RevealRole) -> Result:
    _need_phase(state, "roles")
    _need_seat(state, move.seat)
    if move.role not in ROLES:
        raise Refusal("bad_reveal", f"a role is one of {ROLES}")
    if state.roles[move.seat] is not None:
        raise Refusal("bad_reveal", f"seat {move.seat} already showed its role")
    roles = _set(state.roles, move.seat, move.role)
    _check_roles(state, roles, "bad_reveal")
    state = replace(state, roles=roles)
    events: list = [RoleRevealed(move.seat, move.role)]
    if None in roles:
        return state, events
    return gold.settle(state, events)


def _take_gold(state: GameState, move: TakeGold) -> Result:
    _need_phase(state, "draft")
    _need_seat(state, move.seat)
    if move.seat != state.draft.picker:
        raise Refusal("not_your_pick", f"it is seat {state.draft.picker}'s pick")
    if move.value not in state.draft.offer:
        raise Refusal("not_offered", f"no {move.value}-nugget card is left to choose")
    return gold.take(state, move.seat, move.value, [])


_HANDLERS = {
    StartRound: _start_round, PlacePath: _place, BreakTool: _break, Repair: _repair,
    Rockfall: _rockfall, PlayMap: _map, Pass: _pass, RevealGoal: _reveal_goal,
    RevealRole: _reveal_role, TakeGold: _take_gold,
}
# Board is re-exported for callers that build boards next to games.
__all__ = ["apply", "Refusal", "Board"]
