"""How-to-play and rules reference: present in every language, same structure, same figures,
and the card names the catalogue shows on screen."""
from __future__ import annotations

import re

import pytest

from companion.i18n import LANGUAGES, TEXT_NAMES, Translator
from companion.i18n.texts import load, text_path

# Card and role names every rules reference must use, as each catalogue translates them.
GLOSSARY = ["Rockfall", "Map", "Broken tool", "Repair", "pick", "lantern", "cart", "gold-digger",
            "saboteur", "start card", "goal card", "dead end", "path card"]


def _sections(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def _table_rows(text: str) -> list[list[str]]:
    """The figures of the player-count table (first cell is a label in each language)."""
    rows = [line.split("|")[2:-1] for line in text.splitlines() if line.startswith("|") and "---" not in line]
    return [[c.strip() for c in r] for r in rows]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("name", TEXT_NAMES)
def test_each_text_exists_and_has_the_english_structure(lang: str, name: str) -> None:
    assert text_path(lang, name).is_file()
    text, english = load(lang, name), load("en", name)
    assert text.startswith("# ")
    assert len(_sections(text)) == len(_sections(english))
    assert len(text) > 0.6 * len(english)
    if lang != "en":
        assert text != english


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rules_use_the_card_names_shown_on_screen(lang: str) -> None:
    tr = Translator(lang)
    text = load(lang, "rules").lower()
    missing = [tr.t(term) for term in GLOSSARY if tr.t(term).lower() not in text]
    assert missing == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rules_give_the_same_figures_as_rules_md(lang: str) -> None:
    rows = _table_rows(load(lang, "rules"))
    assert rows == [[str(n) for n in range(3, 11)], ["1", "1", "2", "2", "3", "3", "3", "4"],
                    ["3", "4", "4", "5", "5", "6", "7", "7"], ["6", "6", "6", "5", "5", "4", "4", "4"]]
    numbers = set(re.findall(r"\b\d+\b", load(lang, "rules")))
    assert {"44", "27", "28", "11", "40", "9", "4", "3", "2"} <= numbers


def test_unknown_text_name_is_refused_and_translator_reaches_the_texts() -> None:
    with pytest.raises(ValueError):
        load("fr", "credits")
    assert Translator("vi").text("rules").startswith("# Tra cứu luật chơi")
    assert Translator("xx").text("how_to_play") == load("en", "how_to_play")
