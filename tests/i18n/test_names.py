"""The words picked at run time cover everything the engine and the app can name, in every language."""
from __future__ import annotations

import pytest

from engine.cards import SIDE_NAME, TOOLS, TUNNEL_SHAPES
from engine.rules import PRESETS, SETTING_HELP as ENGINE_HELP
from engine.state import GOAL_FACES, ROLES
from companion import session_setup
from companion.i18n import LANGUAGES, Translator, join_names, names


def test_tables_cover_the_engines_names() -> None:
    assert set(names.TOOL) == set(names.BROKEN_TOOL) == set(TOOLS)
    assert set(names.ROLE) == set(names.YOU_ARE) == set(ROLES)
    assert {v: names.SIDE[k] for k, v in SIDE_NAME.items()} == {v: v for v in SIDE_NAME.values()}
    assert set(GOAL_FACES) <= set(names.FACE) and set(GOAL_FACES) == set(names.GOAL_FACE_CHOICE)
    assert {s.name for s in TUNNEL_SHAPES if s.connected} <= set(names.SHAPE)
    assert set(names.PRESET) == set(names.PRESET_HELP) == set(PRESETS)
    assert set(names.SETTING_HELP) == set(ENGINE_HELP)


def test_english_ids_say_what_the_app_says_today() -> None:
    """The setting explanations, presets and custody texts match the app's own English."""
    for key in ENGINE_HELP:
        assert names.SETTING_HELP[key] == session_setup.setting_help(key)
    assert names.PRESET_HELP == session_setup.PRESET_HELP
    assert names.CUSTODY_HELP == session_setup.CUSTODY_HELP
    assert set(names.SETTING) == set(session_setup.TOGGLES)


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_table_entry_is_translated(lang: str) -> None:
    tr = Translator(lang)
    tables = [names.TOOL, names.BROKEN_TOOL, names.ROLE, names.YOU_ARE, names.SIDE, names.FACE,
              names.GOAL_FACE_CHOICE, names.SHAPE, names.CARD_KIND, names.ACTION, names.CUSTODY,
              names.CUSTODY_HELP, names.SETTING, names.SETTING_HELP, names.STATUS, names.GOAL_POSITION,
              names.PRESET_HELP, names.MOVE]
    untranslated = [msgid for table in tables for msgid in table.values()
                    if tr.t(msgid) == msgid and msgid.lower() != "saboteur"]
    assert untranslated == []


def test_names_are_joined_with_the_languages_and() -> None:
    assert join_names(Translator("vi"), ["An", "Bình", "Chi"]) == "An, Bình và Chi"
    assert join_names(Translator("nl"), ["Ann", "Bob"]) == "Ann en Bob"
    assert join_names(Translator("fr"), ["Léa"]) == "Léa"
