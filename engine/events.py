"""What happened: the engine's outputs. Some are private to one seat (see `visible_to`)."""
from dataclasses import dataclass
from typing import Any

from . import serial


@dataclass(frozen=True)
class Rejected:
    """A refused move: the stable rule id and an English sentence naming the rule."""

    rule: str
    reason: str


@dataclass(frozen=True)
class RoundStarted:
    round: int
    first: int
    hand_size: int
    draw_pile: int


@dataclass(frozen=True)
class Placed:
    seat: int
    col: int
    row: int
    openings: str
    dead_end: bool


@dataclass(frozen=True)
class GoalReached:
    """Custody "cards": turn this goal over and tell the engine what it is (RevealGoal)."""

    col: int
    row: int


@dataclass(frozen=True)
class GoalRevealed:
    col: int
    row: int
    face: str  # "gold" | "stone"
    openings: str  # how the card lies: a stone is turned to join the tunnel that reached it


@dataclass(frozen=True)
class ToolBroken:
    seat: int
    target: int
    tool: str


@dataclass(frozen=True)
class ToolRepaired:
    seat: int
    target: int
    tool: str


@dataclass(frozen=True)
class CardRemoved:
    seat: int
    col: int
    row: int


@dataclass(frozen=True)
class MapPeek:
    """Private to `seat`: the goal's face (None when the physical card holds it)."""

    seat: int
    col: int
    row: int
    face: str | None


@dataclass(frozen=True)
class Passed:
    seat: int
    discarded: bool


@dataclass(frozen=True)
class RoundEnded:
    round: int
    winner: str  # "gold_diggers" | "saboteurs" | "nobody"
    finder: int | None
    roles: tuple[str | None, ...]


@dataclass(frozen=True)
class RoleRevealed:
    seat: int
    role: str


@dataclass(frozen=True)
class GoldDrawn:
    """The gold cards drawn for the draft: how many (their values are private to the pickers)."""

    count: int
    first: int


@dataclass(frozen=True)
class GoldTaken:
    """Private to `seat`: a draft pick."""

    seat: int
    value: int


@dataclass(frozen=True)
class GoldPaid:
    """Private to `seat`: real gold cards paid (saboteur or tournament payout)."""

    seat: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded:
    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = (Rejected | RoundStarted | Placed | GoalReached | GoalRevealed | ToolBroken | ToolRepaired
         | CardRemoved | MapPeek | Passed | RoundEnded | RoleRevealed | GoldDrawn | GoldTaken
         | GoldPaid | GameEnded)
EVENT_TYPES: dict[str, type] = {c.__name__: c for c in (
    Rejected, RoundStarted, Placed, GoalReached, GoalRevealed, ToolBroken, ToolRepaired,
    CardRemoved, MapPeek, Passed, RoundEnded, RoleRevealed, GoldDrawn, GoldTaken, GoldPaid,
    GameEnded)}
PRIVATE = (MapPeek, GoldTaken, GoldPaid)


def visible_to(event: Any, seat: int | None) -> bool:
    """Whether `seat` (None: the public table) may see the event. Round-end roles are public."""
    if isinstance(event, PRIVATE):
        return seat is not None and event.seat == seat
    return True


def event_to_dict(event: Any) -> dict:
    """JSON-able dict with a "type" key."""
    return serial.to_dict(event)


def event_from_dict(data: Any) -> Any:
    """The event a dict describes."""
    return serial.from_dict(data, EVENT_TYPES, "event")
