"""Boards as the scanner reports them, and the checks the app and `check` run on them.

Re-exports the maze core (engine.maze), so `engine.board` is the one module to import for
anything about the board: Board, Cell, placement_problem, legal_placement, check_board...
"""
from .cards import GOALS, SIDES, START, canon, shape_of
from .maze import (HIDDEN_GOAL, START_CELL, Board, Cell, Pos, edge_problem, frontier, neighbour,
                   place, placement_problem, rockfall_problem)
from .rules import Rules

__all__ = ["HIDDEN_GOAL", "START_CELL", "Board", "Cell", "Pos", "edge_problem", "frontier",
           "neighbour", "place", "placement_problem", "rockfall_problem", "cell_from_card",
           "cards_of", "board_from_cards", "board_problems", "goals_reached", "check_board",
           "legal_placement", "place_card"]


def _fmt(pos: Pos) -> str:
    """A position as the reasons write it: (col,row)."""
    return f"({pos[0]},{pos[1]})"

# The scanner's board format: {"cards": [{"col","row","kind","openings","dead_end","face"}, ...]}

KINDS = ("start", "goal", "path")
FACES = ("down", "gold", "stone")


def _int(card: dict, key: str, where: str) -> int:
    """An integer field of a scanner card (bool is refused: JSON true is not a column)."""
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
    elif kind == "goal" and face == "gold":
        openings = "NESW"  # the gold is always a cross, whatever was read (RULES.md, Components)
    elif kind == "start":
        openings = "NESW"  # the start is always a cross, whatever was read
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
    """One entry of check_board's problem list."""
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
