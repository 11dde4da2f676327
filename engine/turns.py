"""Shared checks and bookkeeping of a turn: whose turn, using a card from the hand, drawing,
passing the turn on. A broken rule raises Refusal; apply() turns it into a Rejected event."""
from dataclasses import replace
from typing import Any

from . import gold
from .cards import ACTION_CARDS, PLAYER_TABLE, copies_of_card
from .events import Passed
from .state import ROLES, GameState

Result = tuple[GameState, list]


class Refusal(Exception):
    """A move breaks a rule: `rule` is a stable id, `reason` an English sentence."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


def need_phase(state: GameState, *phases: str) -> None:
    """Refuse a move that does not belong to the current phase."""
    if state.phase not in phases:
        raise Refusal("wrong_phase", f"this move is not possible now: the game is in phase "
                                     f"'{state.phase}', not {' or '.join(repr(p) for p in phases)}")


def need_seat(state: GameState, seat: int, what: str = "seat") -> None:
    """Refuse a seat number that is not at this table."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n:
        raise Refusal("bad_seat", f"{what} {seat!r} is not a seat at this table (0..{state.n - 1})")


def need_turn(state: GameState, seat: int) -> None:
    """The common checks for a card play: phase, seat, turn, and a card left in the hand."""
    need_phase(state, "play")
    need_seat(state, seat)
    if seat != state.turn:
        raise Refusal("not_your_turn", f"it is {state.players[state.turn]}'s turn (seat {state.turn})")
    if state.hands[seat] == 0:
        raise Refusal("no_cards", f"seat {seat} holds no cards")


def use_card(state: GameState, seat: int, name: str, label: str) -> GameState:
    """Take card `name` out of the seat's hand, then draw: checks copies and (simulate) the hand."""
    played = {**state.played, name: state.played.get(name, 0) + 1}
    if not fits_the_box(played, name):
        raise Refusal("too_many_copies", f"the box holds no further {label} card this round "
                                         "(all its copies were already played): probably a misread")
    hand_cards = state.hand_cards
    if hand_cards is not None:
        if name not in hand_cards[seat]:
            raise Refusal("not_in_hand", f"seat {seat} holds no {label} card")
        hand = list(hand_cards[seat])
        hand.remove(name)
        hand_cards = set_at(hand_cards, seat, tuple(hand))
    state = replace(state, hands=set_at(state.hands, seat, state.hands[seat] - 1),
                    hand_cards=hand_cards, played=played, last_player=seat)
    return draw(state, seat)


DOUBLE_REPAIRS = tuple(name for name, (kind, tools, _) in ACTION_CARDS.items()
                       if kind == "repair" and len(tools) == 2)
UNKNOWN_DOUBLE = "repair_double_"  # + tool: a double repair whose second tool nobody named


def fits_the_box(played: dict[str, int], name: str) -> bool:
    """Whether the cards played this round (`name` included) exist in the box.

    A double repair recorded only by the tool it mends (the app need not ask which card it was)
    is matched against the three real double cards as a whole: a greedy guess at the first play
    could otherwise refuse a later, perfectly possible one."""
    if name in DOUBLE_REPAIRS or name.startswith(UNKNOWN_DOUBLE):
        if any(played.get(n, 0) > copies_of_card(n) for n in DOUBLE_REPAIRS):
            return False  # a named double card was played more often than the box holds
        free = [n for n in DOUBLE_REPAIRS for _ in range(copies_of_card(n) - played.get(n, 0))]
        unknown = [key[len(UNKNOWN_DOUBLE):] for key, count in played.items()
                   if key.startswith(UNKNOWN_DOUBLE) for _ in range(count)]
        return _assignable(unknown, free)
    return played[name] <= copies_of_card(name)


def _assignable(tools: list[str], free: list[str]) -> bool:
    """Whether each tool can be given its own card from `free` that mends it (tiny search)."""
    if not tools:
        return True
    return any(tools[0] in ACTION_CARDS[card][1] and _assignable(tools[1:], free[:i] + free[i + 1:])
               for i, card in enumerate(free))


def draw(state: GameState, seat: int) -> GameState:
    """Draw one card if the pile is not empty (the pile is never reshuffled)."""
    if state.draw_pile == 0:
        return state
    hand_cards, deck = state.hand_cards, state.deck
    if deck is not None and hand_cards is not None:
        hand_cards = set_at(hand_cards, seat, hand_cards[seat] + (deck[0],))
        deck = deck[1:]
    return replace(state, hands=set_at(state.hands, seat, state.hands[seat] + 1),
                   draw_pile=state.draw_pile - 1, hand_cards=hand_cards, deck=deck)


def set_at(values: tuple, index: int, value: Any) -> tuple:
    """A copy of a tuple with one item replaced (states are immutable)."""
    return values[:index] + (value,) + values[index + 1:]


def next_turn(state: GameState, events: list) -> Result:
    """Hand the turn to the next seat on the left that holds cards; none left: the round ends.

    A seat with an empty hand passes without discarding (RULES.md, "Pass"). It has no choice, so
    the engine does it for the table: one public Passed(seat, discarded=False) event per seat
    passed over keeps that pass in the event log without asking anyone to tap a button."""
    skipped: list[int] = []
    for step in range(1, state.n + 1):
        seat = (state.last_player + step) % state.n
        if state.hands[seat] > 0:
            events.extend(Passed(s, False) for s in skipped)
            return replace(state, turn=seat), events
        skipped.append(seat)
    return gold.end_round(state, "saboteurs", None, events)


def check_roles(state: GameState, roles: tuple[str | None, ...], rule: str = "bad_move") -> None:
    """Roles must come from the round's role set (players + 1 cards)."""
    if len(roles) != state.n or any(r not in ROLES for r in roles if r is not None):
        raise Refusal(rule, f"roles must give one of {ROLES} per seat")
    saboteurs, diggers, _ = PLAYER_TABLE[state.n]
    if roles.count("saboteur") > saboteurs or roles.count("gold_digger") > diggers:
        raise Refusal(rule, f"the role set for {state.n} players holds {saboteurs} "
                                  f"saboteurs and {diggers} gold-diggers")
