"""`python -m engine replay|check|bench`: JSON out, never a traceback.

Exit status: 0 all good; 1 the input was read but is illegal (replay: any bad line; check: a
problem on the board or an illegal placement); 2 the input could not be read or the usage is wrong.
"""
import argparse
import json
import sys
from typing import Any

from .board import board_from_cards, check_board, legal_placement
from .record import verdicts
from .rules import PRESETS


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m engine` and the saboteur-engine script."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="validate a game record move by move")
    rp.add_argument("file")
    cp = sub.add_parser("check", help="check a scanned board, or a placement on it")
    cp.add_argument("board", nargs="?", help="board JSON file ({\"cards\": [...]}); '-' = stdin")
    cp.add_argument("--place", help='JSON {"col","row","openings","dead_end"}')
    cp.add_argument("--jsonl", action="store_true",
                    help='read {"board":..., "place":...} queries from stdin, answer one line each')
    cp.add_argument("--rules", default="classic_2004", choices=sorted(PRESETS))
    bp = sub.add_parser("bench", help="print placement checks/s and simulated games/s")
    bp.add_argument("--seconds", type=float, default=2.0, help="time budget per figure")
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return _replay(args.file)
        if args.command == "check":
            return _check(args)
        from .bench import run
        return run(args.seconds)
    except (OSError, ValueError, RecursionError) as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130


def _out(obj: Any) -> None:
    """One JSON object per output line, so callers can stream the answers."""
    sys.stdout.write(json.dumps(obj) + "\n")


def _fail(message: str) -> int:
    """Input that could not be read: a JSON error line and exit status 2, never a traceback."""
    _out({"ok": False, "error": message})
    return 2


def _read(path: str) -> str:
    """A file's text, or stdin for '-'."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _replay(path: str) -> int:
    """One verdict per record line; exit 0 only if every line was legal."""
    text = _read(path)
    ok = True
    for verdict in verdicts(text):
        ok &= verdict["ok"]
        _out(verdict)
    return 0 if ok else 1


def _load_json(text: str, what: str) -> Any:
    """JSON from text, with a ValueError that says where it broke."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") \
            from None


def _check(args: argparse.Namespace) -> int:
    """`check BOARD [--place P] [--jsonl]`: a board verdict, a placement verdict, or many."""
    rules = PRESETS[args.rules]
    board = None
    if args.board is not None and not (args.jsonl and args.board == "-"):
        board = _load_json(_read(args.board), "the board file")
        board_from_cards(board)  # fail early and clearly on a malformed board
    if args.jsonl:
        return _check_lines(board, rules)
    if board is None:
        return _fail("check needs a BOARD.json file (or --jsonl)")
    if args.place is None:
        verdict = check_board(board, rules)
        _out(verdict)
        return 0 if verdict["ok"] else 1
    verdict = legal_placement(board, _load_json(args.place, "--place"), rules)
    _out(verdict)
    return 0 if verdict["legal"] else 1


def _check_lines(default_board: Any, rules: Any) -> int:
    """One answer per stdin line; a malformed line gets {"line", "error"} and the rest go on."""
    bad = False
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            query = _load_json(line, f"line {number}")
            if not isinstance(query, dict):
                raise ValueError('a query is an object {"board": ..., "place": ...}')
            board = query.get("board", default_board)
            if board is None:
                raise ValueError('the query has no "board" (and no BOARD file was given)')
            place = query.get("place")
            _out(check_board(board, rules) if place is None else legal_placement(board, place, rules))
        except (ValueError, RecursionError) as exc:  # one bad query must not end the stream
            bad = True
            _out({"line": number, "error": str(exc)})
    return 2 if bad else 0
