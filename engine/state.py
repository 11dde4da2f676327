"""The game state (one frozen value) and the deal: new_game and the start of each round.

Both ways of use share this model: "track" (a real table: hands are counts only) and "simulate"
(seeded shuffled hands, so complete games can be played by a program).
"""
import random
from dataclasses import dataclass, field, replace

from .board import Board, Pos
from .cards import GOALS, PLAYER_TABLE, gold_deck, role_set, tunnel_deck
from .rules import Rules

MODES = ("track", "simulate")
GOAL_FACES = ("gold", "stone_ne", "stone_nw")
ROLES = ("gold_digger", "saboteur")


@dataclass(frozen=True)
class Draft:
    """The gold draft: cards still on offer and the counter-clockwise order of the pickers."""

    offer: tuple[int, ...]
    pickers: tuple[int, ...]
    index: int = 0

    @property
    def picker(self) -> int:
        """The seat whose pick it is."""
        return self.pickers[self.index % len(self.pickers)]


@dataclass(frozen=True)
class GameState:
    """Everything the engine knows. Secrets (roles, goal_faces, peeks, gold, hand_cards) leave it
    only through views.view_for."""

    players: tuple[str, ...]
    rules: Rules
    mode: str
    seed: int
    youngest: int
    gold_deck: tuple[int, ...]
    round: int = 0
    phase: str = "setup"
    board: Board = field(default_factory=Board.initial)
    goal_faces: tuple[str | None, ...] = (None, None, None)  # rows -2, 0, 2
    roles: tuple[str | None, ...] = ()
    spare_role: str | None = None
    hands: tuple[int, ...] = ()
    hand_cards: tuple[tuple[str, ...], ...] | None = None  # simulate mode only
    draw_pile: int = 0
    deck: tuple[str, ...] | None = None  # simulate mode only
    discards: int = 0
    broken: tuple[tuple[str, ...], ...] = ()
    played: dict[str, int] = field(default_factory=dict)  # cards played this round, by name
    turn: int = 0
    last_player: int | None = None
    peeks: tuple[tuple[tuple[int, int, str | None], ...], ...] = ()
    pending_reveals: tuple[tuple[Pos, str], ...] = ()  # custody "cards": (goal, sides reached)
    winner: str | None = None
    finder: int | None = None
    draft: Draft | None = None
    gold: tuple[tuple[int, ...], ...] = ()  # gold cards each seat holds (all rounds)
    gains: tuple[int, ...] = ()  # nuggets won this round
    round_gold: tuple[tuple[int, ...], ...] = ()  # per finished round, nuggets per seat
    round_winners: tuple[str, ...] = ()  # per finished round: gold_diggers | saboteurs | nobody

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self.players)

    def goal_face(self, pos: Pos) -> str | None:
        """The secret face of the goal at `pos` (None when the physical cards hold it)."""
        return self.goal_faces[GOALS.index(pos)]


def new_game(players: list[str] | tuple[str, ...], rules: Rules = Rules(), youngest: int = 0,
             seed: int = 0, mode: str = "track") -> GameState:
    """A game before its first round; apply StartRound() to deal round 1."""
    names = tuple(players)
    if len(names) not in PLAYER_TABLE:
        raise ValueError("Saboteur is played by 3 to 10 players")
    if not all(isinstance(p, str) and p.strip() for p in names):
        raise ValueError("every player needs a name")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if not isinstance(youngest, int) or not 0 <= youngest < len(names):
        raise ValueError("youngest must be a seat number")
    if not isinstance(rules, Rules):
        raise ValueError("rules must be a Rules value")
    gold = gold_deck()
    random.Random(f"{seed}/gold").shuffle(gold)
    empty: tuple[tuple, ...] = tuple(() for _ in names)
    return GameState(players=names, rules=rules, mode=mode, seed=seed, youngest=youngest,
                     gold_deck=tuple(gold), gold=empty, broken=empty, peeks=empty,
                     hands=(0,) * len(names), roles=(None,) * len(names))


def deal_round(state: GameState, roles: tuple[str, ...] | None,
               goals: tuple[str, ...] | None) -> GameState:
    """The state at the start of the next round (roles/goals already validated by the caller)."""
    n = state.n
    number = state.round + 1
    rng = random.Random(f"{state.seed}/round{number}")
    role_cards = role_set(n)
    rng.shuffle(role_cards)
    faces = list(GOAL_FACES)
    rng.shuffle(faces)
    spare = None
    if state.rules.custody == "cards":
        dealt: tuple[str | None, ...] = (None,) * n
        goal_faces: tuple[str | None, ...] = (None, None, None)
    else:
        dealt = tuple(roles) if roles else tuple(role_cards[:n])
        spare = None if roles else role_cards[n]
        goal_faces = tuple(goals) if goals else tuple(faces)
    hand_size = PLAYER_TABLE[n][2]
    deck = tunnel_deck()
    rng.shuffle(deck)
    hand_cards = deck_rest = None
    if state.mode == "simulate":
        hand_cards = tuple(tuple(deck[i * hand_size:(i + 1) * hand_size]) for i in range(n))
        deck_rest = tuple(deck[n * hand_size:])
    first = state.youngest if number == 1 else (state.last_player + 1) % n
    empty: tuple[tuple, ...] = tuple(() for _ in range(n))
    return replace(
        state, round=number, phase="play", board=Board.initial(), goal_faces=goal_faces,
        roles=dealt, spare_role=spare, hands=(hand_size,) * n, hand_cards=hand_cards,
        draw_pile=len(deck) - n * hand_size, deck=deck_rest, discards=0, broken=empty,
        played={}, turn=first, last_player=None, peeks=empty, pending_reveals=(), winner=None,
        finder=None, draft=None, gains=(0,) * n)
