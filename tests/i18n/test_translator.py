"""Translator: lookups, named placeholders, plural choice per language, English fallback."""
from __future__ import annotations

import pytest

from companion.i18n import LANGUAGES, Translator, translator
from companion.i18n.catalog import _fill

CARDS = ("{count} card", "{count} cards")


@pytest.mark.parametrize("lang,expected", [
    ("en", "Round 2 - Ana's turn"), ("fr", "Manche 2 - à Ana de jouer"), ("pt", "Rodada 2 - vez de Ana"),
    ("nl", "Ronde 2 - Ana is aan de beurt"), ("es", "Ronda 2 - turno de Ana"), ("vi", "Vòng 2 - lượt của Ana")])
def test_player_names_go_inside_the_sentence(lang: str, expected: str) -> None:
    assert Translator(lang).t("Round {round} - {name}'s turn", round=2, name="Ana") == expected


@pytest.mark.parametrize("lang,counts", [
    ("en", {0: "0 cards", 1: "1 card", 2: "2 cards"}),
    ("fr", {0: "0 carte", 1: "1 carte", 2: "2 cartes", 1000000: "1000000 de cartes"}),
    ("pt", {1: "1 carta", 2: "2 cartas", 1000000: "1000000 de cartas"}),
    ("es", {0: "0 cartas", 1: "1 carta", 5: "5 cartas", 2000000: "2000000 de cartas"}),
    ("nl", {0: "0 kaarten", 1: "1 kaart", 7: "7 kaarten"}),
    ("vi", {0: "0 lá", 1: "1 lá", 9: "9 lá"})])
def test_counted_messages_take_the_languages_plural_form(lang: str, counts: dict[int, str]) -> None:
    tr = Translator(lang)
    for count, expected in counts.items():
        assert tr.n(*CARDS, count) == expected


def test_unknown_ids_and_languages_fall_back_to_english() -> None:
    assert Translator("fr").t("A sentence nobody translated, {who}", who="Bo") == \
        "A sentence nobody translated, Bo"
    assert Translator("de").lang == "en"
    assert Translator("de").t("New game") == "New game"
    assert translator(None).lang == "en"
    assert translator("vi") is translator("vi")


def test_a_missing_keyword_stays_visible_instead_of_crashing() -> None:
    assert Translator("nl").t("{name} wins!") == "{name} wint!"


def test_a_broken_translation_shows_the_source_text() -> None:
    assert _fill("Manche {round", "Round {round}", {"round": 3}) == "Round 3"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_language_translates_the_main_buttons(lang: str) -> None:
    tr = Translator(lang)
    texts = [tr.t(m) for m in ("New game", "Rockfall", "Map", "Pass", "Score sheet")]
    assert all(texts)
    if lang != "en":
        assert texts != ["New game", "Rockfall", "Map", "Pass", "Score sheet"]


def test_rockfall_has_the_name_players_know() -> None:
    names = {lang: Translator(lang).t("Rockfall") for lang in LANGUAGES}
    assert names == {"en": "Rockfall", "fr": "Éboulement", "pt": "Derrocada", "nl": "Instorting",
                     "es": "Derrumbe", "vi": "Đá lở"}
