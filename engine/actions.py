"""Action cards, passing, and the table's answers (roles shown, gold picked)."""
from dataclasses import replace

from . import gold
from .cards import ACTION_CARDS, GOALS, TOOLS
from .events import CardRemoved, MapPeek, Passed, RoleRevealed, ToolBroken, ToolRepaired
from .maze import Pos, rockfall_problem
from .moves import BreakTool, Pass, PlayMap, Repair, RevealRole, Rockfall, TakeGold
from .state import ROLES, GameState
from .turns import (DOUBLE_REPAIRS, UNKNOWN_DOUBLE, Refusal, Result, check_roles, draw, need_phase,
                    need_seat, need_turn, next_turn, set_at, use_card)


def break_tool(state: GameState, move: BreakTool) -> Result:
    """At most one broken card per tool and player; self-sabotage only if the rules allow it."""
    need_turn(state, move.seat)
    need_seat(state, move.target, "target")
    if move.tool not in TOOLS:
        raise Refusal("bad_move", f"tool must be one of {TOOLS}")
    if move.target == move.seat and not state.rules.self_sabotage:
        raise Refusal("self_sabotage", "these rules forbid laying a broken tool in front of yourself")
    if move.tool in state.broken[move.target]:
        raise Refusal("already_broken", f"seat {move.target} already has a broken {move.tool}")
    state = use_card(state, move.seat, f"broken_{move.tool}", f"broken {move.tool}")
    tools = tuple(t for t in TOOLS if t in state.broken[move.target] or t == move.tool)
    state = replace(state, broken=set_at(state.broken, move.target, tools))
    return next_turn(state, [ToolBroken(move.seat, move.target, move.tool)])


def repair_card(state: GameState, move: Repair) -> str:
    """The name of the repair card the move uses, for copy counting and (simulate) the hand.

    A double card without `other` is, at a real table, only known by the tool it mends; it is
    counted as such and matched against the box as a whole (turns.fits_the_box). In simulate mode
    the hand says which double card it is."""
    if move.tool not in TOOLS or (move.other is not None and move.other not in TOOLS + (None,)):
        raise Refusal("bad_move", f"tool must be one of {TOOLS}")
    if not move.double:
        return f"repair_{move.tool}"
    if move.other is not None:
        pair = [t for t in TOOLS if t in (move.tool, move.other)]
        if len(pair) != 2:
            raise Refusal("bad_move", "a double repair card names two different tools")
        return "repair_" + "_".join(pair)
    if state.hand_cards is None:
        return UNKNOWN_DOUBLE + move.tool
    hand = state.hand_cards[move.seat]
    usable = [n for n in DOUBLE_REPAIRS if move.tool in ACTION_CARDS[n][1] and n in hand]
    if not usable:
        raise Refusal("not_in_hand", f"seat {move.seat} holds no double repair card for the {move.tool}")
    return usable[0]


def repair(state: GameState, move: Repair) -> Result:
    """Mend exactly one broken tool of the target (a double card too); both cards are discarded."""
    need_turn(state, move.seat)
    need_seat(state, move.target, "target")
    name = repair_card(state, move)
    if move.tool not in state.broken[move.target]:
        raise Refusal("nothing_to_repair", f"seat {move.target} has no broken {move.tool}")
    label = (f"double repair (for the {move.tool})" if name.startswith(UNKNOWN_DOUBLE)
             else name.replace("_", " "))
    state = use_card(state, move.seat, name, label)
    tools = tuple(t for t in state.broken[move.target] if t != move.tool)
    state = replace(state, broken=set_at(state.broken, move.target, tools),
                    discards=state.discards + 2)  # the repair and the broken card
    return next_turn(state, [ToolRepaired(move.seat, move.target, move.tool)])


def rockfall(state: GameState, move: Rockfall) -> Result:
    """Remove a tunnel card (never the start or a goal); both it and the rockfall are discarded."""
    need_turn(state, move.seat)
    pos: Pos = (move.col, move.row)
    problem = rockfall_problem(state.board, pos)
    if problem:
        raise Refusal(*problem)
    state = use_card(state, move.seat, "rockfall", "rockfall")
    state = replace(state, board=state.board.remove(pos), discards=state.discards + 2)
    return next_turn(state, [CardRemoved(move.seat, move.col, move.row)])


def play_map(state: GameState, move: PlayMap) -> Result:
    """Look at a face-down goal; the answer goes only to this seat (a private MapPeek)."""
    need_turn(state, move.seat)
    pos = (move.goal_col, move.goal_row)
    cell = state.board.cells.get(pos)
    if pos not in GOALS or cell is None or not cell.hidden:
        raise Refusal("not_a_goal", f"there is no face-down goal at ({pos[0]},{pos[1]})")
    state = use_card(state, move.seat, "map", "map")
    face = state.goal_face(pos)
    peeks = set_at(state.peeks, move.seat, state.peeks[move.seat] + ((pos[0], pos[1], face),))
    state = replace(state, peeks=peeks, discards=state.discards + 1)
    return next_turn(state, [MapPeek(move.seat, pos[0], pos[1], face)])


def pass_turn(state: GameState, move: Pass) -> Result:
    """Pass: discard one card face down, or, with an empty hand, pass without discarding.

    The engine itself passes for a hand it counts as empty (turns.next_turn). At a real table the
    count can be wrong (a forgotten draw); then the table's word wins: see _pass_empty_handed."""
    need_phase(state, "play")
    need_seat(state, move.seat)
    if not move.discard and state.hands[move.seat] == 0:
        raise Refusal("no_cards", f"seat {move.seat} holds no cards: the engine passes for an empty "
                                  "hand by itself (without a discard) whenever its turn comes")
    need_turn(state, move.seat)
    if not move.discard:
        return _pass_empty_handed(state, move.seat)
    hand_cards = state.hand_cards
    if hand_cards is not None:
        card = move.card if move.card is not None else hand_cards[move.seat][0]
        if card not in hand_cards[move.seat]:
            raise Refusal("not_in_hand", f"seat {move.seat} holds no {card} card")
        hand = list(hand_cards[move.seat])
        hand.remove(card)
        hand_cards = set_at(hand_cards, move.seat, tuple(hand))
    state = replace(state, hands=set_at(state.hands, move.seat, state.hands[move.seat] - 1),
                    hand_cards=hand_cards, discards=state.discards + 1, last_player=move.seat)
    return next_turn(draw(state, move.seat), [Passed(move.seat, True)])


def _pass_empty_handed(state: GameState, seat: int) -> Result:
    """Track mode: the table says this seat's hand is empty although the engine counts cards.

    RULES.md lets an empty hand pass without discarding, and in track mode only the table sees
    the hands, so the pass is recorded and the count set to 0. It is refused while the draw pile
    lasts (everyone draws after each play, so no hand can be empty yet) and in simulate mode
    (the engine holds the real hand)."""
    if state.hand_cards is not None or state.draw_pile > 0:
        why = ("the draw pile still has cards, so no hand can be empty yet" if state.draw_pile
               else f"seat {seat} still holds cards")
        raise Refusal("must_discard", f"a player who holds cards must discard one to pass: {why}")
    state = replace(state, hands=set_at(state.hands, seat, 0), last_player=seat)
    return next_turn(state, [Passed(seat, False)])


def reveal_role(state: GameState, move: RevealRole) -> Result:
    """Custody "cards": a seat shows its role at the round's end; the last one settles the gold."""
    need_phase(state, "roles")
    need_seat(state, move.seat)
    if move.role not in ROLES:
        raise Refusal("bad_reveal", f"a role is one of {ROLES}")
    if state.roles[move.seat] is not None:
        raise Refusal("bad_reveal", f"seat {move.seat} already showed its role")
    roles = set_at(state.roles, move.seat, move.role)
    check_roles(state, roles, "bad_reveal")
    state = replace(state, roles=roles)
    events: list = [RoleRevealed(move.seat, move.role)]
    if None in roles:
        return state, events
    return gold.settle(state, events)


def take_gold(state: GameState, move: TakeGold) -> Result:
    """One pick of the counter-clockwise draft, only by the seat whose pick it is."""
    need_phase(state, "draft")
    need_seat(state, move.seat)
    if move.seat != state.draft.picker:
        raise Refusal("not_your_pick", f"it is seat {state.draft.picker}'s pick")
    if move.value not in state.draft.offer:
        raise Refusal("not_offered", f"no {move.value}-nugget card is left to choose")
    return gold.take(state, move.seat, move.value, [])
