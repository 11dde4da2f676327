"""The maze core: placement legality, connectivity from the start, goal reveals, rockfall.

Pure functions over an immutable Board so the game state, the `check` command and the scanner
all judge a board the same way. Coordinates are (col, row) as RULES.md fixes them.
engine.board re-exports all of this together with the scanner-format checks.
"""
from dataclasses import dataclass, field
from functools import cached_property

from .cards import GOALS, OPPOSITE, SIDE_NAME, SIDES, START, STEP, canon, shape_of, stone_face
from .rules import Rules

Pos = tuple[int, int]


@dataclass(frozen=True)
class Cell:
    """What lies on one cell: the start, a goal (face down or revealed) or a tunnel card."""

    kind: str  # "start" | "goal" | "path"
    openings: str = ""  # a face-down goal shows none
    dead_end: bool = False
    face: str | None = None  # goals only: "down" | "gold" | "stone"

    @property
    def hidden(self) -> bool:
        """A face-down goal: nothing visible to match, no tunnel to pass through."""
        return self.kind == "goal" and self.face == "down"

    @property
    def carries(self) -> bool:
        """Whether a tunnel runs through the card (dead ends and hidden goals stop connectivity)."""
        return not self.dead_end and not self.hidden


START_CELL = Cell("start", "NESW")
HIDDEN_GOAL = Cell("goal", "", False, "down")


def neighbour(pos: Pos, side: str) -> Pos:
    """The cell beyond `side` of `pos`."""
    dc, dr = STEP[side]
    return (pos[0] + dc, pos[1] + dr)


@dataclass(frozen=True)
class Board:
    """Cells by position. Never mutated: every change returns a new Board."""

    cells: dict[Pos, Cell] = field(default_factory=dict)

    @classmethod
    def initial(cls) -> "Board":
        """The start card and three face-down goals, as every round begins."""
        cells = {START: START_CELL}
        cells.update({g: HIDDEN_GOAL for g in GOALS})
        return cls(cells)

    def put(self, pos: Pos, cell: Cell) -> "Board":
        """A new board with `cell` at `pos`."""
        return Board({**self.cells, pos: cell})

    def remove(self, pos: Pos) -> "Board":
        """A new board without the card at `pos` (rockfall)."""
        return Board({p: c for p, c in self.cells.items() if p != pos})

    @cached_property
    def reachable(self) -> frozenset[Pos]:
        """Cards reachable from the start through connected tunnels (dead ends stop it)."""
        start = self.cells.get(START)
        if start is None or start.kind != "start":
            return frozenset()
        seen = {START}
        todo = [START]
        while todo:
            pos = todo.pop()
            for side in self.cells[pos].openings:
                nxt = neighbour(pos, side)
                cell = self.cells.get(nxt)
                if nxt in seen or cell is None or not cell.carries:
                    continue
                if OPPOSITE[side] in cell.openings:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)

    def faced_goals(self) -> dict[Pos, str]:
        """Face-down goals that a start-connected opening faces -> the goal's sides it is reached on."""
        found: dict[Pos, str] = {}
        for pos, cell in self.cells.items():
            if not cell.hidden:
                continue
            sides = "".join(s for s in SIDES if self._opens_toward(neighbour(pos, s), OPPOSITE[s]))
            if sides:
                found[pos] = sides
        return found

    def _opens_toward(self, pos: Pos, side: str) -> bool:
        """Whether the start-connected card at `pos` has an opening on `side`."""
        return pos in self.reachable and side in self.cells[pos].openings

    def reveal(self, pos: Pos, face_name: str, sides: str) -> "Board":
        """Turn a goal over: gold is a cross; a stone is turned to join the `sides` it was reached on."""
        if face_name == "gold":
            return self.put(pos, Cell("goal", "NESW", False, "gold"))
        return self.put(pos, Cell("goal", stone_face(face_name, sides), False, "stone"))


def edge_problem(board: Board, pos: Pos, side: str, opens: bool, rules: Rules) -> str | None:
    """Why the edge on `side` of a card at `pos` does not fit its neighbour, or None if it fits."""
    other_pos = neighbour(pos, side)
    other = board.cells.get(other_pos)
    if other is None:
        return None
    if other.hidden:
        if rules.hidden_goal_as_cross and not opens:
            return f"the {SIDE_NAME[side]} edge is a wall facing the face-down goal at {_fmt(other_pos)}"
        return None
    if other.kind == "goal" and rules.revealed_goal_exempt:
        return None
    other_opens = OPPOSITE[side] in other.openings
    if opens and not other_opens:
        return f"the {SIDE_NAME[side]} edge is open but meets a wall of the card at {_fmt(other_pos)}"
    if other_opens and not opens:
        return f"the {SIDE_NAME[side]} edge is a wall but meets an opening of the card at {_fmt(other_pos)}"
    return None


def placement_problem(board: Board, pos: Pos, openings: str, dead_end: bool,
                      rules: Rules = Rules()) -> tuple[str, str] | None:
    """(rule id, English reason) for the first rule a path placement breaks, or None if it is legal."""
    occupant = board.cells.get(pos)
    if occupant is not None:
        what = {"start": "the start card", "goal": "a goal card"}.get(occupant.kind, "a card")
        return "occupied", f"the cell {_fmt(pos)} already holds {what}"
    try:
        openings = canon(openings)
    except ValueError as exc:
        return "unknown_shape", str(exc)
    if shape_of(openings, dead_end) is None:
        kind = "dead-end" if dead_end else "connected"
        return "unknown_shape", f"no {kind} tunnel card has the openings {openings or 'none'}"
    if not any(neighbour(pos, s) in board.cells for s in SIDES):
        return "not_adjacent", f"the cell {_fmt(pos)} touches no card of the maze"
    for side in SIDES:
        reason = edge_problem(board, pos, side, side in openings, rules)
        if reason:
            return "edge_mismatch", reason
    if not any(board._opens_toward(neighbour(pos, s), OPPOSITE[s]) for s in openings):
        return "not_connected", (f"no opening of the card at {_fmt(pos)} meets a tunnel "
                                 "connected to the start")
    return None


def place(board: Board, pos: Pos, openings: str, dead_end: bool) -> Board:
    """The board with a tunnel card added (legality is the caller's business)."""
    return board.put(pos, Cell("path", canon(openings), bool(dead_end)))


def rockfall_problem(board: Board, pos: Pos) -> tuple[str, str] | None:
    """Why a rockfall cannot remove the card at `pos`, or None."""
    cell = board.cells.get(pos)
    if cell is None:
        return "rockfall_target", f"there is no card at {_fmt(pos)} to remove"
    if cell.kind != "path":
        return "rockfall_target", f"a rockfall may not remove the {cell.kind} card at {_fmt(pos)}"
    return None


def frontier(board: Board) -> list[Pos]:
    """Empty cells that a start-connected opening faces: the only cells a path card can join."""
    cells: set[Pos] = set()
    for pos in board.reachable:
        for side in board.cells[pos].openings:
            nxt = neighbour(pos, side)
            if nxt not in board.cells:
                cells.add(nxt)
    return sorted(cells)


def _fmt(pos: Pos) -> str:
    """A position as the reasons write it: (col,row)."""
    return f"({pos[0]},{pos[1]})"
