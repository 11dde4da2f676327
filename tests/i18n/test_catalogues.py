"""The six catalogues: same ids as English, real translations, matching placeholders, plural forms."""
from __future__ import annotations

import re
import shutil

import pytest
from babel.messages.plurals import get_plural

from companion.i18n import LANGUAGES, placeholders
from companion.i18n.catalog import po_path, read_catalog
from companion.i18n.tools import catalog_problems, check, read_po_file

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
SOURCE_IDS = {m.id for m in read_catalog("en") if m.id}
# Texts that are the same word in a language (names, numbers, borrowed words), not forgotten ones.
SAME_AS_ENGLISH = {"Amigo 2024", "{name}: {action}", "Saboteur", "saboteur", "Total", "R{round}",
                   "Scores CSV", "(+{count} more)", "{count} card", "No",
                   "saboteurs", "Scan {name}"}


def test_there_are_six_languages_with_a_catalogue_each() -> None:
    assert list(LANGUAGES) == ["en", "fr", "pt", "nl", "es", "vi"]
    for lang in LANGUAGES:
        assert po_path(lang).is_file(), lang
    assert len(SOURCE_IDS) > 250


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_catalogue_has_every_id_no_empty_text_and_matching_placeholders(lang: str) -> None:
    assert catalog_problems(lang, read_catalog(lang), SOURCE_IDS) == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_plural_forms_follow_babels_rule_for_the_language(lang: str) -> None:
    cat = read_catalog(lang)
    rule = get_plural(lang)
    assert cat.num_plurals == rule.num_plurals
    assert cat.plural_expr == rule.plural_expr
    plurals = [m for m in cat if isinstance(m.id, tuple)]
    assert len(plurals) >= 15
    for m in plurals:
        assert len(m.string) == rule.num_plurals and all(m.string), m.id


def test_vietnamese_has_one_form_and_french_a_third_for_millions() -> None:
    assert get_plural("vi").num_plurals == 1
    assert read_catalog("vi").num_plurals == 1
    assert read_catalog("fr").num_plurals == 3


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_are_not_left_in_english(lang: str) -> None:
    copied = [m.id for m in read_catalog(lang) if m.id and not isinstance(m.id, tuple)
              and m.string == m.id and m.id not in SAME_AS_ENGLISH]
    assert copied == []


def test_vietnamese_is_written_with_its_diacritics() -> None:
    """A Vietnamese sentence of several words in plain ASCII has lost its tone marks."""
    bare = []
    for m in read_catalog("vi"):
        if not m.id:
            continue
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
            words = re.sub(r"\{\w+\}", "", text or "").split()
            if len(words) >= 3 and text.isascii():
                bare.append(text)
    assert bare == []
    assert sum("đ" in (m.string if isinstance(m.string, str) else "".join(m.string))
               for m in read_catalog("vi")) > 30


def test_english_catalogue_says_its_own_ids() -> None:
    for m in read_catalog("en"):
        if m.id:
            assert m.string == m.id or list(m.string) == list(m.id), m.id


def test_the_checker_catches_missing_empty_and_mismatched_translations(tmp_path) -> None:
    """Guard the guard: damage a copy of the French catalogue and expect each fault reported."""
    broken = tmp_path / "messages.po"
    shutil.copy(po_path("fr"), broken)
    text = broken.read_text(encoding="utf-8")
    text = text.replace('msgstr "Manche {round} : rôles secrets"', 'msgstr "Manche {rnd} : rôles secrets"')
    text = text.replace('msgstr "Nouvelle partie"', 'msgstr ""')
    text = re.sub(r'msgid "Undo the last action"\nmsgstr "[^"]*"\n', "", text)
    broken.write_text(text, encoding="utf-8")
    problems = catalog_problems("fr", read_po_file(broken, "fr"), SOURCE_IDS)
    assert any("Undo the last action" in p and "missing" in p for p in problems)
    assert any("'New game'" in p and "empty" in p for p in problems)
    assert any("secret roles" in p and "placeholders" in p for p in problems)
    assert len(problems) == 3


def test_the_command_line_check_agrees() -> None:
    assert check() == []


def test_placeholders_are_named_fields_only() -> None:
    assert placeholders("{name} broke {target}'s {tool}") == {"name", "target", "tool"}
    assert placeholders("no fields") == set()
