"""The game record ("PGN for Saboteur"): JSON Lines, a header then one move per line.

See docs/record-format.md. The record holds the moves (inputs); every state, event and score
follows from replaying them, so a record is also the app's export and a test fixture.
"""
import json
from collections.abc import Iterable, Iterator
from typing import Any

from .events import event_to_dict
from .game import apply
from .gold import ranking, totals
from .moves import move_from_dict, move_to_dict
from .rules import Rules
from .state import GameState, new_game

FORMAT = "saboteur-record"
VERSION = 1


class RecordError(ValueError):
    """A record line that is malformed or refused: its 1-based line number, rule id and reason."""

    def __init__(self, line: int, rule: str, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line, self.rule, self.reason = line, rule, reason


def make_header(state: GameState, **extra: Any) -> dict:
    """The header line for a game (extra keys such as a date or a preset name are kept as-is)."""
    return {"format": FORMAT, "version": VERSION, "players": list(state.players),
            "rules": state.rules.to_dict(), "youngest": state.youngest, "seed": state.seed,
            "mode": state.mode, **extra}


def state_from_header(header: Any) -> GameState:
    """The game a header describes, before any move; ValueError says what is wrong."""
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError(f'the first line must be a header object with "format": "{FORMAT}"')
    if header.get("version") != VERSION:
        raise ValueError(f"unsupported record version {header.get('version')!r} (this is {VERSION})")
    players = header.get("players")
    if not isinstance(players, list):
        raise ValueError("the header needs \"players\": a list of names in clockwise order")
    seed = header.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("the header's seed must be an integer")
    rules = Rules.from_dict(header.get("rules", {}))
    return new_game(players, rules, header.get("youngest", 0), seed, header.get("mode", "track"))


def dumps(header: dict, moves: Iterable[Any]) -> str:
    """The record as JSON Lines text."""
    lines = [json.dumps(header)] + [json.dumps(move_to_dict(m)) for m in moves]
    return "\n".join(lines) + "\n"


def record_lines(header: dict, moves: Iterable[Any]) -> list[str]:
    """The record as a list of JSON lines (no newlines), for writers that add their own."""
    return dumps(header, moves).splitlines()


def loads(text: str) -> tuple[dict, list]:
    """(header, moves) from record text; RecordError on the first malformed line."""
    rows = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not rows:
        raise RecordError(1, "bad_record", "the record is empty")
    header = _json(*rows[0])
    try:
        state_from_header(header)
    except ValueError as exc:
        raise RecordError(rows[0][0], "bad_header", str(exc)) from None
    moves = []
    for number, line in rows[1:]:
        try:
            moves.append(move_from_dict(_json(number, line)))
        except ValueError as exc:
            raise RecordError(number, "bad_move", str(exc)) from None
    return header, moves


def _json(number: int, line: str) -> Any:
    """One record line as JSON, or a RecordError carrying its line number."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise RecordError(number, "bad_json", f"not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:  # a line nested thousands deep: report it like any bad line
        raise RecordError(number, "bad_json", "not a usable JSON line (nested too deeply)") from None


def replay(header: dict, moves: Iterable[Any]) -> GameState:
    """The state after all moves; RecordError (line numbers count the header as line 1)."""
    state = state_from_header(header)
    for number, move in enumerate(moves, 2):
        state, events = apply(state, move)
        if events and type(events[0]).__name__ == "Rejected":
            raise RecordError(number, events[0].rule, events[0].reason)
    return state


def verdicts(text: str) -> Iterator[dict]:
    """One verdict per record line (bad lines are reported and skipped), then a final summary."""
    rows = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not rows:
        yield {"line": 1, "ok": False, "rule": "bad_record", "reason": "the record is empty"}
        return
    try:
        state = state_from_header(_json(*rows[0]))
    except ValueError as exc:
        yield {"line": rows[0][0], "ok": False, "rule": "bad_header", "reason": str(exc)}
        return
    yield {"line": rows[0][0], "ok": True, "header": True}
    bad = 0
    for number, line in rows[1:]:
        verdict, state = _verdict(state, number, line)
        bad += not verdict["ok"]
        yield verdict
    yield {"final": True, "ok": bad == 0, "bad_lines": bad, "round": state.round,
           "phase": state.phase, "totals": list(totals(state)), "ranking": ranking(state)}


def _verdict(state: GameState, number: int, line: str) -> tuple[dict, GameState]:
    """The verdict of one move line and the state after it (unchanged if refused)."""
    try:
        move = move_from_dict(_json(number, line))
    except ValueError as exc:
        rule = exc.rule if isinstance(exc, RecordError) else "bad_move"
        reason = exc.reason if isinstance(exc, RecordError) else str(exc)
        return {"line": number, "ok": False, "rule": rule, "reason": reason}, state
    new_state, events = apply(state, move)
    if new_state is state:
        return {"line": number, "ok": False, "rule": events[0].rule, "reason": events[0].reason}, state
    return {"line": number, "ok": True, "events": [event_to_dict(e) for e in events]}, new_state
