"""What a player (or the table) does: the only inputs of the game, one per record line."""
from dataclasses import dataclass
from typing import Any

from . import serial


@dataclass(frozen=True)
class StartRound:
    """Begin the next round. roles/goals None: the engine deals them (custody "app") or the
    physical cards hold them (custody "cards"). Given: roles per seat, goal faces for rows -2, 0, 2."""

    roles: tuple[str, ...] | None = None
    goals: tuple[str, ...] | None = None


@dataclass(frozen=True)
class PlacePath:
    """Lay a tunnel card showing `openings` (after any 180-degree turn) at (col, row)."""

    seat: int
    col: int
    row: int
    openings: str
    dead_end: bool = False


@dataclass(frozen=True)
class BreakTool:
    """Lay a broken pick / lantern / cart in front of `target`."""

    seat: int
    target: int
    tool: str


@dataclass(frozen=True)
class Repair:
    """Repair `tool` of `target`; `double` for a two-tool card, `other` its second tool if known."""

    seat: int
    target: int
    tool: str
    double: bool = False
    other: str | None = None


@dataclass(frozen=True)
class Rockfall:
    """Remove the tunnel card at (col, row)."""

    seat: int
    col: int
    row: int


@dataclass(frozen=True)
class PlayMap:
    """Secretly look at the face-down goal at (goal_col, goal_row)."""

    seat: int
    goal_col: int
    goal_row: int


@dataclass(frozen=True)
class Pass:
    """Pass, discarding one card face down (discard=False only with an empty hand)."""

    seat: int
    discard: bool = True
    card: str | None = None  # simulate mode: which card goes; track mode: unknown


@dataclass(frozen=True)
class RevealGoal:
    """Custody "cards": the table turned the goal at (col, row) and saw gold / stone_ne / stone_nw."""

    col: int
    row: int
    face: str


@dataclass(frozen=True)
class RevealRole:
    """Custody "cards": at the round's end `seat` shows its role card."""

    seat: int
    role: str


@dataclass(frozen=True)
class TakeGold:
    """One pick in the gold draft: `seat` keeps a card worth `value` nuggets."""

    seat: int
    value: int


Move = (StartRound | PlacePath | BreakTool | Repair | Rockfall | PlayMap | Pass | RevealGoal
        | RevealRole | TakeGold)
MOVE_TYPES: dict[str, type] = {c.__name__: c for c in (
    StartRound, PlacePath, BreakTool, Repair, Rockfall, PlayMap, Pass, RevealGoal, RevealRole,
    TakeGold)}


def move_to_dict(move: Any) -> dict:
    """JSON-able dict with a "type" key."""
    return serial.to_dict(move)


def move_from_dict(data: Any) -> Any:
    """The move a dict describes; ValueError with the reason if it is malformed."""
    return serial.from_dict(data, MOVE_TYPES, "move")
