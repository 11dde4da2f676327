"""The card catalogue of the Saboteur base game, as one data table (RULES.md, "Components").

Everything else (deck building, copy limits, the scanner's shape names) derives from these
tables, so a miscount can only live in one place.
Openings are strings over "NESW" in that order; N is the top short edge of an upright card.
"""
from dataclasses import dataclass

SIDES = "NESW"
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
SIDE_NAME = {"N": "north", "E": "east", "S": "south", "W": "west"}
TOOLS = ("pick", "lantern", "cart")


@dataclass(frozen=True)
class PathShape:
    """One row of the path-card table: a shape as printed upright, and how many the box holds."""

    name: str
    kind: str  # "start" | "goal" | "path"
    openings: str
    connected: bool  # False: a dead end, every opening is a stub into rock
    copies: int
    face: str | None = None  # goals only: "gold" | "stone"


PATH_SHAPES: tuple[PathShape, ...] = (
    PathShape("start", "start", "NESW", True, 1),
    PathShape("gold", "goal", "NESW", True, 1, "gold"),
    PathShape("stone_ne", "goal", "NE", True, 1, "stone"),
    PathShape("stone_nw", "goal", "NW", True, 1, "stone"),
    PathShape("cross", "path", "NESW", True, 5),
    PathShape("t_nes", "path", "NES", True, 5),
    PathShape("t_new", "path", "NEW", True, 5),
    PathShape("straight_ns", "path", "NS", True, 4),
    PathShape("straight_ew", "path", "EW", True, 3),
    PathShape("curve_ne", "path", "NE", True, 5),
    PathShape("curve_nw", "path", "NW", True, 4),
    PathShape("dead_nesw", "path", "NESW", False, 1),
    PathShape("dead_nes", "path", "NES", False, 1),
    PathShape("dead_esw", "path", "ESW", False, 1),
    PathShape("dead_ns", "path", "NS", False, 1),
    PathShape("dead_ew", "path", "EW", False, 1),
    PathShape("dead_ne", "path", "NE", False, 1),
    PathShape("dead_nw", "path", "NW", False, 1),
    PathShape("dead_n", "path", "N", False, 1),
    PathShape("dead_e", "path", "E", False, 1),
)
TUNNEL_SHAPES = tuple(s for s in PATH_SHAPES if s.kind == "path")
SHAPES_BY_NAME = {s.name: s for s in PATH_SHAPES}

# Action cards: name -> (effect, tools it concerns, copies).
ACTION_CARDS: dict[str, tuple[str, tuple[str, ...], int]] = {
    "broken_pick": ("break", ("pick",), 3),
    "broken_lantern": ("break", ("lantern",), 3),
    "broken_cart": ("break", ("cart",), 3),
    "repair_pick": ("repair", ("pick",), 2),
    "repair_lantern": ("repair", ("lantern",), 2),
    "repair_cart": ("repair", ("cart",), 2),
    "repair_pick_lantern": ("repair", ("pick", "lantern"), 1),
    "repair_pick_cart": ("repair", ("pick", "cart"), 1),
    "repair_lantern_cart": ("repair", ("lantern", "cart"), 1),
    "rockfall": ("rockfall", (), 3),
    "map": ("map", (), 6),
}
GOLD_CARDS: dict[int, int] = {1: 16, 2: 8, 3: 4}  # nuggets on the card -> copies
ROLE_CARDS: dict[str, int] = {"gold_digger": 7, "saboteur": 4}

# players -> (saboteurs in the role set, gold-diggers in the role set, hand size)
PLAYER_TABLE: dict[int, tuple[int, int, int]] = {
    3: (1, 3, 6), 4: (1, 4, 6), 5: (2, 4, 6), 6: (2, 5, 5),
    7: (3, 5, 5), 8: (3, 6, 4), 9: (3, 7, 4), 10: (4, 7, 4),
}
START = (0, 0)
GOALS: tuple[tuple[int, int], ...] = ((8, -2), (8, 0), (8, 2))


def canon(openings: str) -> str:
    """Openings in NESW order; raises ValueError for letters outside NESW or repeats."""
    if not isinstance(openings, str):
        raise ValueError("openings must be a string over NESW")
    letters = openings.upper()
    if any(ch not in SIDES for ch in letters) or len(set(letters)) != len(letters):
        raise ValueError(f"openings {openings!r} must be distinct letters from NESW")
    return "".join(s for s in SIDES if s in letters)


def turn180(openings: str) -> str:
    """The openings of the same card turned 180 degrees (N<->S, E<->W)."""
    return canon("".join(OPPOSITE[s] for s in canon(openings)))


def shape_of(openings: str, dead_end: bool = False) -> PathShape | None:
    """The tunnel card that shows these openings, upright or turned; None if no such card exists."""
    return _TUNNEL_INDEX.get((canon(openings), bool(dead_end)))


def copies_of(openings: str, dead_end: bool = False) -> int:
    """How many tunnel cards in the box can show these openings (0: a misread or an impossible card)."""
    shape = shape_of(openings, dead_end)
    return shape.copies if shape else 0


def orientations(shape: PathShape) -> tuple[str, ...]:
    """The distinct openings a card can show on the table: upright and turned 180 degrees."""
    turned = turn180(shape.openings)
    return (shape.openings,) if turned == shape.openings else (shape.openings, turned)


def stone_face(shape_name: str, wanted: str) -> str:
    """Openings of a stone goal turned so it joins as many of the `wanted` sides as possible."""
    upright = SHAPES_BY_NAME[shape_name].openings
    options = [upright, turn180(upright)]
    return max(options, key=lambda o: (sum(s in o for s in wanted), o == upright))


def tunnel_deck() -> list[str]:
    """The 40 tunnel and 27 action cards (by name) that are shuffled into the draw pile."""
    deck = [s.name for s in TUNNEL_SHAPES for _ in range(s.copies)]
    deck += [name for name, (_, _, n) in ACTION_CARDS.items() for _ in range(n)]
    return deck


def gold_deck() -> list[int]:
    """The 28 gold cards as their nugget values."""
    return [value for value, n in GOLD_CARDS.items() for _ in range(n)]


def role_set(players: int) -> list[str]:
    """The players + 1 role cards dealt for a round (one stays hidden)."""
    saboteurs, diggers, _ = PLAYER_TABLE[players]
    return ["saboteur"] * saboteurs + ["gold_digger"] * diggers


def copies_of_card(name: str) -> int:
    """Copies in the box of a tunnel shape or action card, by name."""
    if name in SHAPES_BY_NAME:
        return SHAPES_BY_NAME[name].copies
    return ACTION_CARDS[name][2]


_TUNNEL_INDEX: dict[tuple[str, bool], PathShape] = {
    (o, not s.connected): s for s in TUNNEL_SHAPES for o in orientations(s)
}
