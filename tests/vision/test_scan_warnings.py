"""Warnings the engine cannot see, from a card list as the scanner reports it."""
import pytest

from vision.warnings import board_warnings

pytestmark = pytest.mark.vision


def card(col, row, openings="NS", dead_end=False, confidence=1.0, kind="path", at=None):
    x, y = at if at is not None else (col * 60, row * 90)
    return {"col": col, "row": row, "kind": kind, "openings": openings, "dead_end": dead_end,
            "confidence": confidence, "corners": [[x, y], [x + 57, y], [x + 57, y + 88], [x, y + 88]]}


def test_a_clean_board_has_no_warnings():
    assert board_warnings([card(0, 0, "NESW", kind="start"), card(1, 0, "EW"), card(2, 0, "NESW")]) == []


def test_more_copies_of_a_shape_than_the_box_holds():
    # the box holds one NESW dead end; a turned copy is the same card
    cards = [card(1, 0, "NESW", True), card(2, 0, "NESW", True)]
    warnings = board_warnings(cards)
    assert len(warnings) == 1 and "dead_nesw" in warnings[0] and "(1,0)" in warnings[0] and "(2,0)" in warnings[0]


def test_an_impossible_card_and_a_shaky_reading_are_flagged():
    warnings = board_warnings([card(1, 0, "S", False), card(2, 0, "NS", confidence=0.3)])   # no card opens one way only
    assert any("no card in the box" in w and "(1,0)" in w for w in warnings)
    assert any("low confidence" in w and "(2,0)" in w for w in warnings)


def test_one_card_seen_in_two_cells():
    warnings = board_warnings([card(1, 0, "NS"), card(2, 0, "EW", at=(70, 5))])
    assert any("seen twice" in w for w in warnings)
