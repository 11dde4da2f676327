"""Texts that arrive in English from other parts of the product, shown in the player's language.

The engine refuses a move with `Rejected(rule, reason)`: `rule` is a stable id, `reason` an
English sentence with the details (a cell, a side, a seat). The scanner fails with a `ScanError`
(reason + what to retake) and warns with English sentences. Neither carries parameters apart
from the text, so each known sentence shape is matched here and re-said from the catalogue with
its details; a shape this module does not know still gets the translated sentence for its rule
id (less precise, never English in another language). English itself shows the original text
when no shape matches.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from .catalog import Translator
from .names import N_, N_n, SHAPE, SIDE, TOOL

CELL = r"\(-?\d+,-?\d+\)"
SEAT = r"seat (?P<seat>\d+)"
_SIDE_KEY = {"north": "N", "east": "E", "south": "S", "west": "W"}

# rule id -> [(pattern, msgid or (singular, plural))]; the first match wins, the last entry
# without a pattern (None) is the rule's generic sentence.
REFUSALS: dict[str, list[tuple[str | None, object]]] = {
    "not_your_turn": [(r"it is (?P<name>.+)'s turn", N_("It is {name}'s turn.")),
                      (None, N_("The rules refuse this move."))],
    "wrong_phase": [(None, N_("This move is not possible at this point of the game."))],
    "bad_seat": [(None, N_("That player is not at this table."))],
    "no_cards": [(SEAT + r" holds no cards", N_("{player} has no cards left.")),
                 (None, N_("The rules refuse this move."))],
    "not_in_hand": [(SEAT + r" holds no", N_("{player} does not hold that card.")),
                    (None, N_("The rules refuse this move."))],
    "too_many_copies": [(r"holds no further", N_("Every copy of this card in the box was already played this round: "
                                                 "probably a misread.")),
                        (r"all (?P<count>\d+) ", N_n(
        "The only card of this kind in the box was already played this round: probably a misread.",
        "All {count} cards of this kind in the box were already played this round: probably a misread.")),
        (None, N_("The rules refuse this move."))],
    "occupied": [(rf"(?P<cell>{CELL}) already holds the start card", N_("The cell {cell} already holds the start card.")),
                 (rf"(?P<cell>{CELL}) already holds a goal card", N_("The cell {cell} already holds a goal card.")),
                 (rf"(?P<cell>{CELL}) already holds", N_("The cell {cell} already holds a card.")),
                 (None, N_("The rules refuse this move."))],
    "unknown_shape": [(None, N_("No tunnel card in the box has these openings."))],
    "not_adjacent": [(rf"(?P<cell>{CELL}) touches no card", N_("The cell {cell} touches no card of the maze.")),
                     (None, N_("The rules refuse this move."))],
    "edge_mismatch": [
        (rf"the (?P<side>\w+) edge is open but meets a wall of the card at (?P<cell>{CELL})",
         N_("The {side} edge is open but meets a wall of the card at {cell}.")),
        (rf"the (?P<side>\w+) edge is a wall but meets an opening of the card at (?P<cell>{CELL})",
         N_("The {side} edge is a wall but meets an opening of the card at {cell}.")),
        (rf"the (?P<side>\w+) edge is a wall facing the face-down goal at (?P<cell>{CELL})",
         N_("The {side} edge is a wall facing the face-down goal at {cell}.")),
        (None, N_("An edge of this card does not match its neighbour."))],
    "not_connected": [(rf"card at (?P<cell>{CELL}) meets",
                       N_("No opening of the card at {cell} meets a tunnel connected to the start.")),
                      (None, N_("The rules refuse this move."))],
    "broken_tool": [(SEAT + r" has a broken", N_("{player} has a broken tool and may not lay path cards.")),
                    (None, N_("The rules refuse this move."))],
    "already_broken": [(SEAT + r" already has a broken (?P<tool>\w+)",
                        N_("{player} already has a broken {tool}.")),
                       (None, N_("The rules refuse this move."))],
    "self_sabotage": [(None, N_("These rules forbid laying a broken tool in front of yourself."))],
    "nothing_to_repair": [(SEAT + r" has no broken (?P<tool>\w+)",
                           N_("{player} has no broken {tool} to repair.")),
                          (None, N_("The rules refuse this move."))],
    "rockfall_target": [(rf"no card at (?P<cell>{CELL}) to remove", N_("There is no card at {cell} to remove.")),
                        (r"remove the start card", N_("A rockfall may not remove the start card.")),
                        (r"remove the goal card", N_("A rockfall may not remove a goal card.")),
                        (None, N_("The rules refuse this move."))],
    "not_a_goal": [(rf"goal at (?P<cell>{CELL})", N_("There is no face-down goal at {cell}.")),
                   (None, N_("The rules refuse this move."))],
    "must_discard": [(None, N_("A player who holds cards must discard one to pass."))],
    "bad_move": [(None, N_("That move is not valid."))],
    "not_your_pick": [(rf"it is {SEAT}'s pick", N_("It is {player}'s turn to pick.")),
                      (None, N_("The rules refuse this move."))],
    "not_offered": [(r"no (?P<count>\d+)-nugget card", N_n("No gold card worth {count} nugget is left to choose.",
                                                          "No gold card worth {count} nuggets is left to choose.")),
                    (None, N_("The rules refuse this move."))],
    "bad_reveal": [(None, N_("That does not match what the game is waiting to see revealed."))],
}
GENERIC_REFUSAL = N_("The rules refuse this move.")

# engine.board.check_board problems (a whole scanned maze): same idea, their own ids
BOARD_PROBLEMS: dict[str, list[tuple[str | None, object]]] = {
    "duplicate": [(rf"read at (?P<cell>{CELL})", N_("Two cards were read at {cell}.")),
                  (None, N_("The rules refuse this move."))],
    "no_start": [(None, N_("The start card is not at (0,0)."))],
    "misplaced": [(rf"lies at (?P<cell>{CELL})", N_("A card lies at {cell} where it does not belong.")),
                  (None, N_("The rules refuse this move."))],
    "unknown_shape": REFUSALS["unknown_shape"],
    "too_many_copies": [(r"holds only (?P<count>\d+) of shape (?P<shape>\w+)",
                         N_n("The box holds only {count} card of the shape {shape}.",
                             "The box holds only {count} cards of the shape {shape}.")),
                        (None, N_("The rules refuse this move."))],
    "edge_mismatch": REFUSALS["edge_mismatch"],
    "goal_not_revealed": [(rf"goal at (?P<cell>{CELL})", N_("The goal at {cell} is reached but still face down.")),
                          (None, N_("The rules refuse this move."))],
}


def _params(tr: Translator, found: dict[str, str], players: Sequence[str]) -> dict[str, object]:
    """Turn captured English details into the words of the player's language."""
    out: dict[str, object] = dict(found)
    if "seat" in found:
        seat = int(found["seat"])
        out["player"] = players[seat] if 0 <= seat < len(players) else tr.t(N_("Player {number}"),
                                                                               number=seat + 1)
    if "side" in found and found["side"] in _SIDE_KEY:
        out["side"] = tr.t(SIDE[_SIDE_KEY[found["side"]]])
    if "tool" in found and found["tool"] in TOOL:
        out["tool"] = tr.t(TOOL[found["tool"]])
    if "count" in found:
        out["count"] = int(found["count"])
    if "shape" in found:
        out["shape"] = tr.t(SHAPE.get(found["shape"], SHAPE["dead_end"]))
    return out


def _say(tr: Translator, msg: object, params: dict[str, object]) -> str:
    if isinstance(msg, tuple):
        rest = {k: v for k, v in params.items() if k != "count"}
        return tr.n(msg[0], msg[1], int(params.get("count", 0)), **rest)
    return tr.t(str(msg), **params)


def refusal_text(tr: Translator, rule: str, reason: str, players: Sequence[str] = (),
                 table: dict[str, list[tuple[str | None, object]]] = REFUSALS) -> str:
    """An engine refusal (`GameError.rule`, `.reason`) as a sentence in the translator's language."""
    for pattern, msg in table.get(rule, []):
        if pattern is None:
            if tr.lang == "en" and reason:
                return reason[:1].upper() + reason[1:]
            return _say(tr, msg, {})
        m = re.search(pattern, reason or "")
        if m:
            return _say(tr, msg, _params(tr, m.groupdict(), players))
    if tr.lang == "en" and reason:
        return reason[:1].upper() + reason[1:]
    return tr.t(GENERIC_REFUSAL)


def board_problem_text(tr: Translator, problem: dict) -> str:
    """One problem of `engine.board.check_board` ({"rule", "reason", ...}) in the player's language."""
    return refusal_text(tr, problem.get("rule", ""), problem.get("reason", ""), (), BOARD_PROBLEMS)


# ---- the scanner ---------------------------------------------------------------------------
# ScanError subclass name -> stable code and the (reason, retake) pair said in each language.
SCAN_ERRORS: dict[str, tuple[str, str, str]] = {
    "ScanError": ("unreadable_photo", N_("The photo could not be read."), N_("Take the photo again.")),
    "UnreadableImage": ("unreadable_image", N_("The file is not a readable image."),
                        N_("Send a JPEG or PNG photo of the table.")),
    "TooBlurred": ("too_blurred", N_("The photo is too blurred to read the cards."),
                   N_("Hold the phone still, let it focus on the cards and take the photo again.")),
    "NoMaze": ("no_maze", N_("No card layout was found in the photo."),
               N_("Take the photo from above so the start card, the goal cards and the maze are all in view.")),
    "StartNotFound": ("start_not_found", N_("The start card (the cross with the ladder) was not found."),
                      N_("Make sure the start card is in the photo, not covered by a hand or in glare, and retake.")),
    "GoalsNotFound": ("goals_not_found", N_("The goal column (three goal cards in a line) was not found."),
                      N_("Make sure all three goal cards are in the photo and uncovered, and retake.")),
}
FIT_FAILED = ("fit_failed", N_("The card layout could not be fitted."),
              N_("Retake the photo from straight above with the whole maze in view."))
_BY_CODE = {code: (reason, retake) for code, reason, retake in [*SCAN_ERRORS.values(), FIT_FAILED]}


def scan_error_code(message: str) -> str:
    """The stable code of a scanner failure message (`Scan.error`), read from vision's own classes."""
    from vision import errors  # the classes' reason texts are the contract; no copy is kept here
    text = (message or "").strip()
    for name in ("UnreadableImage", "TooBlurred", "NoMaze", "StartNotFound", "GoalsNotFound"):
        if text.startswith(getattr(errors, name).reason):
            return SCAN_ERRORS[name][0]
    if text.startswith("the card layout could not be fitted"):
        return FIT_FAILED[0]
    return SCAN_ERRORS["ScanError"][0]


def scan_error_text(tr: Translator, message: str = "", code: str | None = None) -> str:
    """A scanner failure in the player's language: what went wrong, then what to retake."""
    code = code or scan_error_code(message)
    if tr.lang == "en" and message and code != "unreadable_photo":
        return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
    reason, retake = _BY_CODE.get(code, _BY_CODE["unreadable_photo"])
    return f"{tr.t(reason)} {tr.t(retake)}"


_WARNINGS: list[tuple[str, Callable[[Translator, re.Match], str]]] = [
    (rf"low confidence reading the card at (?P<cell>{CELL})",
     lambda tr, m: tr.t(N_("Low confidence reading the card at {cell}: check it."), cell=m["cell"])),
    (rf"the card at (?P<cell>{CELL}) \((?P<openings>[NESW]*)(?P<dead>, dead end)?\) matches no card",
     lambda tr, m: tr.t(N_("The card at {cell} ({card}) matches no card in the box: check it."), cell=m["cell"],
                        card="-".join(m["openings"]) + (" " + tr.t(N_("dead end")) if m["dead"] else ""))),
    (r"more '(?P<shape>\w+)' cards than the box holds \((?P<count>\d+)\): seen at (?P<cells>.*)$",
     lambda tr, m: tr.n("More cards of the shape {shape} than the box holds ({count}): seen at {cells}.",
                        "More cards of the shape {shape} than the box holds ({count}): seen at {cells}.",
                        int(m["count"]), shape=tr.t(SHAPE.get(m["shape"], SHAPE["dead_end"])), cells=m["cells"])),
    (rf"seen twice, at (?P<first>{CELL}) and (?P<second>{CELL})",
     lambda tr, m: tr.t(N_("One card seems to be seen twice, at {first} and {second}."),
                        first=m["first"], second=m["second"])),
]


def scan_warning_text(tr: Translator, warning: str) -> str:
    """One scanner warning in the player's language (unknown shapes stay as the scanner said them)."""
    for pattern, say in _WARNINGS:
        m = re.search(pattern, warning or "")
        if m:
            return say(tr, m)
    return warning


def error_text(tr: Translator, err: object, players: Sequence[str] = ()) -> str:
    """Any refusal or failure the app shows, in the player's language.

    Understands, in this order: an engine refusal (`.rule` + `.reason`), an app message that
    carries its catalogue id (`.msgid` + `.params`), and otherwise the English text itself
    looked up as an id (exact app sentences), falling back to that English text.
    """
    rule, reason = getattr(err, "rule", ""), getattr(err, "reason", None)
    if reason is None:
        reason = str(err)
    if rule:
        return refusal_text(tr, rule, reason, players)
    msgid = getattr(err, "msgid", "")
    if msgid:
        return tr.t(msgid, **(getattr(err, "params", None) or {}))
    return tr.t(reason)
