"""English sentences from the engine and the scanner, said in each language (real engine, real scanner)."""
from __future__ import annotations

import numpy as np
import pytest

from engine import Rules, apply, new_game
from engine.moves import BreakTool, PlacePath, PlayMap, Repair, Rockfall, StartRound
from companion.i18n import LANGUAGES, Translator, board_problem_text, error_text, refusal_text, scan_error_code, scan_error_text, \
    scan_warning_text
from companion.i18n.adapters import GENERIC_REFUSAL, SCAN_ERRORS
import vision
from vision import errors
from vision.warnings import board_warnings

PLAYERS = ["Ann", "Bob", "Cy"]


def _refusals() -> list[tuple[str, str]]:
    """(rule, reason) pairs produced by the real engine for moves a table may try."""
    s, _ = apply(new_game(PLAYERS, Rules(), youngest=0, seed=1), StartRound())
    broken, _ = apply(s, BreakTool(seat=0, target=1, tool="pick"))
    strict, _ = apply(new_game(PLAYERS, Rules(self_sabotage=False), seed=1), StartRound())
    used = s  # three broken picks and their repairs: a fourth broken pick is one too many
    for move in (BreakTool(seat=0, target=1, tool="pick"), Repair(seat=1, target=1, tool="pick", double=False),
                 BreakTool(seat=2, target=0, tool="pick"), Repair(seat=0, target=0, tool="pick", double=False),
                 BreakTool(seat=1, target=2, tool="pick"), Repair(seat=2, target=2, tool="pick", double=True)):
        used, _ = apply(used, move)
    tries = [(s, PlacePath(seat=1, col=1, row=0, openings="EW", dead_end=False)),
             (s, PlacePath(seat=0, col=1, row=0, openings="NS", dead_end=False)),
             (s, PlacePath(seat=0, col=3, row=0, openings="EW", dead_end=False)),
             (s, PlacePath(seat=0, col=0, row=0, openings="EW", dead_end=False)),
             (s, PlacePath(seat=0, col=7, row=0, openings="NS", dead_end=False)),
             (s, Rockfall(seat=0, col=0, row=0)), (s, Rockfall(seat=0, col=8, row=0)),
             (s, Rockfall(seat=0, col=2, row=0)), (s, Repair(seat=0, target=1, tool="pick", double=False)),
             (broken, BreakTool(seat=1, target=1, tool="pick")),
             (broken, PlacePath(seat=1, col=1, row=0, openings="EW", dead_end=False)),
             (s, PlayMap(seat=0, goal_col=4, goal_row=0)),
             (strict, BreakTool(seat=0, target=0, tool="cart")),
             (used, BreakTool(seat=0, target=1, tool="pick"))]
    out = []
    for state, move in tries:
        _, events = apply(state, move)
        assert type(events[0]).__name__ == "Rejected", move
        out.append((events[0].rule, events[0].reason))
    return out


REFUSALS = _refusals()


def test_the_engine_refuses_for_many_different_rules() -> None:
    assert {r for r, _ in REFUSALS} >= {"not_your_turn", "edge_mismatch", "not_adjacent", "occupied",
                                         "not_connected", "rockfall_target", "nothing_to_repair",
                                         "already_broken", "broken_tool", "not_a_goal", "self_sabotage",
                                         "too_many_copies"}


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_refusal_has_a_specific_translation(lang: str) -> None:
    tr, en = Translator(lang), Translator("en")
    for rule, reason in REFUSALS:
        text = refusal_text(tr, rule, reason, PLAYERS)
        assert text and text != refusal_text(en, rule, reason, PLAYERS), (lang, rule)
        assert text != tr.t(GENERIC_REFUSAL), (lang, rule, reason)
        assert "{" not in text
        for cell in ("(0,0)", "(3,0)", "(2,0)", "(4,0)", "(7,0)"):
            if cell in reason and "may not remove" not in reason:  # the start/goal are named instead
                assert cell in text, (lang, rule, text)
        if "seat 1" in reason:
            assert "Bob" in text


def test_english_keeps_the_details_and_fills_player_names() -> None:
    en = Translator("en")
    texts = {rule: refusal_text(en, rule, reason, PLAYERS) for rule, reason in REFUSALS}
    assert texts["not_your_turn"] == "It is Ann's turn."
    assert texts["nothing_to_repair"] == "Bob has no broken pick to repair."
    assert texts["edge_mismatch"] == "The west edge is a wall but meets an opening of the card at (0,0)."


def test_side_and_tool_words_are_translated_too() -> None:
    edge = next(reason for rule, reason in REFUSALS if rule == "edge_mismatch")
    assert "ouest" in refusal_text(Translator("fr"), "edge_mismatch", edge, PLAYERS)
    assert "tây" in refusal_text(Translator("vi"), "edge_mismatch", edge, PLAYERS)
    broken = next(reason for rule, reason in REFUSALS if rule == "already_broken")
    assert "houweel" in refusal_text(Translator("nl"), "already_broken", broken, PLAYERS)


def test_unknown_sentence_shapes_still_get_a_sentence_in_the_language() -> None:
    fr = Translator("fr")
    assert refusal_text(fr, "edge_mismatch", "some new wording") == \
        fr.t("An edge of this card does not match its neighbour.")
    assert refusal_text(fr, "brand_new_rule", "whatever") == fr.t(GENERIC_REFUSAL)
    assert refusal_text(Translator("en"), "brand_new_rule", "whatever it says") == "Whatever it says"


CODES = {"UnreadableImage": "unreadable_image", "TooBlurred": "too_blurred", "NoMaze": "no_maze",
         "StartNotFound": "start_not_found", "GoalsNotFound": "goals_not_found"}


@pytest.mark.parametrize("name,code", list(CODES.items()))
def test_scan_errors_get_a_stable_code_and_a_sentence_per_language(name: str, code: str) -> None:
    message = getattr(errors, name)("some detail").message
    assert scan_error_code(message) == code
    said = {lang: scan_error_text(Translator(lang), message) for lang in LANGUAGES}
    assert len(set(said.values())) == len(LANGUAGES)
    assert all(text.strip() for text in said.values())


def test_scan_error_classes_are_all_known() -> None:
    found = {n for n in dir(errors) if isinstance(getattr(errors, n), type)
             and issubclass(getattr(errors, n), errors.ScanError)}
    assert found == set(SCAN_ERRORS)


def test_real_scans_of_bad_photos_are_translated() -> None:
    junk = vision.scan(b"not a photo at all")
    assert not junk.ok and scan_error_code(junk.error) == "unreadable_image"
    grey = vision.scan(np.full((900, 1200, 3), 128, np.uint8))
    assert not grey.ok
    code = scan_error_code(grey.error)
    assert code != "unreadable_photo"
    vi = scan_error_text(Translator("vi"), grey.error)
    assert vi.isascii() is False and vi != grey.error


def test_scanner_warnings_are_translated() -> None:
    def card(col: int, row: int, openings: str, conf: float = 0.9) -> dict:
        x, y = col * 60.0, row * 90.0
        return {"col": col, "row": row, "kind": "path", "openings": openings, "dead_end": False,
                "confidence": conf, "corners": [[x, y], [x + 57, y], [x + 57, y + 88], [x, y + 88]]}
    cards = [card(1, 0, "NESW", 0.3), card(2, 0, "N")] + [card(3 + i, 0, "NESW") for i in range(6)]
    cards.append(card(20, 0, "EW") | {"corners": cards[1]["corners"]})
    warnings = board_warnings(cards)
    assert len(warnings) >= 4
    for lang in ("fr", "pt", "nl", "es", "vi"):
        tr = Translator(lang)
        for w in warnings:
            text = scan_warning_text(tr, w)
            assert text != w and "{" not in text, (lang, w)


def _board_problems() -> list[dict]:
    """Problems the real engine finds in scanned mazes (a whole board, as the demo screen shows)."""
    from engine.board import check_board
    start = {"col": 0, "row": 0, "kind": "start", "openings": "NESW", "dead_end": False}
    goals = [{"col": 8, "row": r, "kind": "goal", "openings": "", "dead_end": False, "face": "down"}
             for r in (-2, 0, 2)]

    def path(c: int, r: int, o: str) -> dict:
        return {"col": c, "row": r, "kind": "path", "openings": o, "dead_end": False}
    boards = [[start, *goals, path(1, 0, "EW"), path(1, 0, "NS"), path(2, 0, "NS")],
              [start, *goals, *[path(-1 - i, 0, "NESW") for i in range(6)]],
              [*goals, path(1, 0, "EW")],
              [start, *goals, {"col": 4, "row": 3, "kind": "goal", "openings": "", "dead_end": False,
                               "face": "down"}],
              [start, *goals, path(1, 0, "EW"), path(2, 0, "EW"), path(3, 0, "NESW"), path(4, 0, "EW"),
               path(5, 0, "NESW"), path(6, 0, "EW"), path(7, 0, "NESW")]]
    return [p for cards in boards for p in check_board({"cards": cards})["problems"]]


def test_board_problems_are_translated_with_their_details() -> None:
    problems = _board_problems()
    assert {p["rule"] for p in problems} >= {"duplicate", "too_many_copies", "edge_mismatch", "no_start",
                                             "misplaced", "goal_not_revealed"}
    en = Translator("en")
    for lang in ("fr", "pt", "nl", "es", "vi"):
        tr = Translator(lang)
        for p in problems:
            text = board_problem_text(tr, p)
            assert text != board_problem_text(en, p) and text != tr.t(GENERIC_REFUSAL), (lang, p)
            cell = f"({p['col']},{p['row']})"
            if p["rule"] in ("duplicate", "goal_not_revealed", "misplaced"):
                assert cell in text
    cross = next(p for p in problems if p["rule"] == "too_many_copies")
    assert board_problem_text(Translator("es"), cross) == "La caja solo tiene 5 cartas con la forma Cruce."


def test_error_text_reads_refusals_catalogue_ids_and_exact_english() -> None:
    from companion.service import GameError
    fr = Translator("fr")
    rule, reason = next((r, why) for r, why in REFUSALS if r == "not_your_turn")
    assert error_text(fr, GameError(reason, rule), PLAYERS) == "C'est à Ann de jouer."
    assert error_text(fr, GameError("There is nothing to undo yet.")) == "Il n'y a encore rien à annuler."

    class Carrying(Exception):
        msgid, params = "Round {round} has no result to correct yet.", {"round": 2}
    assert error_text(Translator("vi"), Carrying("Round 2 ...")) == "Vòng 2 chưa có kết quả để sửa."
    assert error_text(fr, ValueError("an English detail nobody translated")) == \
        "an English detail nobody translated"
