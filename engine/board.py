"""The maze: placement legality, connectivity from the start, goal reveals, rockfall.

Pure functions over an immutable Board so the game state, the `check` command and the scanner
all judge a board the same way. Coordinates are (col, row) as RULES.md fixes them.
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
    return f"({pos[0]},{pos[1]})"


# ---- The scanner's board format: {"cards": [{"col","row","kind","openings","dead_end","face"}, ...]}

KINDS = ("start", "goal", "path")
FACES = ("down", "gold", "stone")


def _int(card: dict, key: str, where: str) -> int:
    value = card.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{where}: '{key}' must be an integer")
    return value


def cell_from_card(card: object, where: str = "card") -> tuple[Pos, Cell]:
    """One scanner card as (position, Cell); extra keys (confidence, corners...) are ignored."""
    if not isinstance(card, dict):
        raise ValueError(f"{where}: must be a JSON object")
    pos = (_int(card, "col", where), _int(card, "row", where))
    kind = card.get("kind", "path")
    if kind not in KINDS:
        raise ValueError(f"{where}: 'kind' must be one of {KINDS}")
    dead_end = card.get("dead_end", False)
    if not isinstance(dead_end, bool):
        raise ValueError(f"{where}: 'dead_end' must be true or false")
    face = card.get("face", "down") if kind == "goal" else None
    if kind == "goal" and face not in FACES:
        raise ValueError(f"{where}: a goal's 'face' must be one of {FACES}")
    try:
        openings = canon(card.get("openings", "") or "")
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    if kind == "goal" and face == "down":
        openings = ""
    return pos, Cell(kind, openings, dead_end, face)


def cards_of(board_json: object) -> list:
    """The card list from either {"cards": [...]} (a whole scan) or a bare list."""
    if isinstance(board_json, dict):
        board_json = board_json.get("cards")
    if not isinstance(board_json, list):
        raise ValueError("a board must be {\"cards\": [...]} or a list of cards")
    return board_json


def board_from_cards(board_json: object) -> tuple[Board, list[dict]]:
    """A Board from scanner output, plus problems found while reading it (duplicate cells)."""
    cells: dict[Pos, Cell] = {}
    problems: list[dict] = []
    for i, card in enumerate(cards_of(board_json)):
        pos, cell = cell_from_card(card, f"card {i}")
        if pos in cells:
            problems.append(_problem(pos, "duplicate", f"two cards were read at {_fmt(pos)}"))
            continue
        cells[pos] = cell
    return Board(cells), problems


def _problem(pos: Pos, rule: str, reason: str, side: str | None = None) -> dict:
    out: dict = {"col": pos[0], "row": pos[1], "rule": rule, "reason": reason}
    if side:
        out["side"] = side
    return out


def board_problems(board: Board, rules: Rules = Rules()) -> list[dict]:
    """Everything wrong with a board as laid: misplaced fixed cards, unknown shapes, copies, edges."""
    problems: list[dict] = []
    if board.cells.get(START, HIDDEN_GOAL).kind != "start":
        problems.append(_problem(START, "no_start", "the start card is not at (0,0)"))
    counts: dict[str, int] = {}
    for pos, cell in sorted(board.cells.items()):
        fixed = "start" if pos == START else "goal" if pos in GOALS else "path"
        if cell.kind != fixed:
            problems.append(_problem(pos, "misplaced", f"a {cell.kind} card lies at {_fmt(pos)}"))
        if cell.kind != "path":
            continue
        shape = shape_of(cell.openings, cell.dead_end)
        if shape is None:
            problems.append(_problem(pos, "unknown_shape",
                                     f"no tunnel card has the openings {cell.openings or 'none'}"))
            continue
        counts[shape.name] = counts.get(shape.name, 0) + 1
        if counts[shape.name] > shape.copies:
            problems.append(_problem(pos, "too_many_copies",
                                     f"the box holds only {shape.copies} of shape {shape.name}"))
        for side in SIDES:
            other = board.cells.get(neighbour(pos, side))
            if other is not None and other.kind == "goal":
                continue  # a goal turned over may legally mismatch the cards already beside it
            reason = edge_problem(board, pos, side, side in cell.openings, rules)
            if reason:
                problems.append(_problem(pos, "edge_mismatch", reason, side))
    for pos in board.faced_goals():
        problems.append(_problem(pos, "goal_not_revealed",
                                 f"the goal at {_fmt(pos)} is reached but still face down"))
    return problems


def goals_reached(board: Board) -> list[Pos]:
    """Goals a start-connected tunnel reaches: revealed ones in the maze, face-down ones faced."""
    return sorted({p for p in GOALS if p in board.reachable} | set(board.faced_goals()))


def check_board(board_json: object, rules: Rules = Rules()) -> dict:
    """The `check` verdict for a scanned board: problems per card, connected cells, goals reached."""
    board, problems = board_from_cards(board_json)
    problems += board_problems(board, rules)
    return {
        "ok": not problems,
        "problems": problems,
        "connected": [list(p) for p in sorted(board.reachable)],
        "goals_reached": [list(p) for p in goals_reached(board)],
    }


def legal_placement(board: "Board | object", place: object, rules: Rules = Rules()) -> dict:
    """Whether a tunnel card may go at place["col"], place["row"]: {"legal","rule","reason","reveals"}."""
    if not isinstance(board, Board):
        board, _ = board_from_cards(board)
    if not isinstance(place, dict):
        raise ValueError("place must be a JSON object {col,row,openings,dead_end}")
    pos, cell = cell_from_card({**place, "kind": "path"}, "place")
    problem = placement_problem(board, pos, cell.openings, cell.dead_end, rules)
    if problem:
        return {"legal": False, "rule": problem[0], "reason": problem[1], "reveals": []}
    after = place_card(board, pos, cell.openings, cell.dead_end)
    reveals = [list(p) for p in sorted(after.faced_goals())]
    return {"legal": True, "rule": "", "reason": "legal", "reveals": reveals}


place_card = place
