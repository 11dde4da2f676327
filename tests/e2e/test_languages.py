"""The main screens in each of the six languages, in the real browser (screenshots per language).

The browser's own locale picks the language (no setting touched), every checked text comes from
the catalogue of that language, and the settings switch a page to another language and back.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, Translator
from .helpers import AppServer, by_id, click, click_away, click_until, hold, open_app, release, shot

pytestmark = pytest.mark.e2e
TAGS = {"en": "en-GB", "fr": "fr-FR", "pt": "pt-BR", "nl": "nl-BE", "es": "es-MX", "vi": "vi-VN"}
NAMES = {"en": ["Ann", "Bob", "Cy"], "fr": ["Léa", "Hélène", "Noël"], "pt": ["João", "Inês", "Conceição"],
         "nl": ["Anneke", "Daan", "Eva"], "es": ["Íñigo", "Begoña", "Raúl"], "vi": ["Đức", "Lê Ánh", "Hương"]}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = AppServer(tmp_path_factory.mktemp("lang") / "games.db").start()
    yield server
    server.stop()
    log = server.log
    # a screen that fails to render in some language would show up here (views or catalogue)
    assert not [line for line in log if "companion/views/" in line or "companion/i18n/" in line], \
        "".join(log[-40:])


def says(page, identifier: str, text: str, timeout: float = 15) -> None:
    """Wait until the control's accessible text contains `text`."""
    deadline, seen = time.time() + timeout, ""
    while time.time() < deadline:
        loc = by_id(page, identifier)
        if loc.count():
            seen = loc.first.inner_text()
            if text in seen:
                return
        time.sleep(0.15)
    shot(page, f"failure-{identifier}")
    raise AssertionError(f"{identifier} never said {text!r}: {seen!r}")


def shows(page, text: str, timeout: float = 15000) -> None:
    page.get_by_text(text, exact=False).first.wait_for(timeout=timeout)


def type_into(page, identifier: str, text: str) -> None:
    click(page, identifier)
    time.sleep(0.3)
    page.keyboard.type(text, delay=30)
    time.sleep(0.4)


def help_pages(page, tr: Translator, lang: str) -> None:
    for name, ident in (("how_to_play", "how-to-play"), ("rules", "rules")):
        click_until(page, ident, f"{ident}-text")
        heading = tr.text(name).splitlines()[0].lstrip("# ")
        says(page, f"{ident}-text", heading)
        shot(page, f"lang-{lang}-02-{ident}")
        click(page, "close-page")


def start_game(page, tr: Translator, lang: str) -> None:
    click(page, "new-game")
    for i, name in enumerate(NAMES[lang]):
        type_into(page, f"player-name-{i}", name)
    shows(page, tr.t("Players in seating order, clockwise (3 to 10)"))
    shot(page, f"lang-{lang}-03-new-game")
    click(page, "start-game")
    shows(page, tr.t("Round {round}: secret roles", round=1))
    shot(page, f"lang-{lang}-04-roles")
    roles = {tr.t("You are a gold-digger"), tr.t("You are a saboteur")}
    for seat in range(3):
        click(page, f"role-{seat}")
        by_id(page, "hold").first.wait_for()
        hold(page, "hold")
        text = by_id(page, "hold").first.inner_text()
        assert any(r in text for r in roles), text
        if seat == 0:
            shot(page, f"lang-{lang}-05-role-held")
        release(page)
        click_away(page, "private-done")


def play_screens(page, tr: Translator, lang: str) -> None:
    shows(page, tr.t("Round {round}: set up the table", round=1))
    shot(page, f"lang-{lang}-06-deal")
    click(page, "dealt")
    says(page, "turn-title", tr.t("Round {round} - {name}'s turn", round=1, name=NAMES[lang][0]))
    shot(page, f"lang-{lang}-07-turn")
    click(page, "action-path")
    shows(page, tr.t("{name} lays a path card", name=NAMES[lang][0]))
    shot(page, f"lang-{lang}-08-path-card")
    click(page, "cancel")
    click(page, "action-break")
    shows(page, tr.t("In front of whom, and which tool?"))
    shot(page, f"lang-{lang}-08b-broken-tool")
    click(page, "cancel")
    click(page, "scores")
    shows(page, tr.t("Each player's gold stays secret until the end. Check your own:"))
    shot(page, f"lang-{lang}-09-scores")
    click(page, "close-scores")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_main_screens_follow_the_browser_language(browser, app, lang: str) -> None:
    tr = Translator(lang)
    context = browser.new_context(locale=TAGS[lang], viewport={"width": 600, "height": 1100})
    page = context.new_page()
    try:
        open_app(page, app.url)
        says(page, "new-game", tr.t("New game"))
        shot(page, f"lang-{lang}-01-home")
        help_pages(page, tr, lang)
        start_game(page, tr, lang)
        play_screens(page, tr, lang)
    finally:
        context.close()


def test_settings_switch_this_page_and_back(browser, app) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 600, "height": 1100})
    page = context.new_page()
    try:
        open_app(page, app.url)
        says(page, "new-game", "New game")
        click_until(page, "settings", "lang-vi")
        click(page, "lang-vi")
        shows(page, Translator("vi").t("Language"))
        shot(page, "lang-settings-vi")
        click(page, "close-page")
        says(page, "new-game", Translator("vi").t("New game"))
        click_until(page, "settings", "lang-auto")
        click(page, "lang-auto")
        click(page, "close-page")
        says(page, "new-game", "New game")
    finally:
        context.close()


def test_a_game_language_is_followed_by_pages_without_their_own(browser, app) -> None:
    """The new-game screen sets the game's language; Settings can change it during the game."""
    es, fr = Translator("es"), Translator("fr")
    context = browser.new_context(locale="en-US", viewport={"width": 600, "height": 1100})
    page = context.new_page()
    try:
        open_app(page, app.url)
        click(page, "new-game")
        for i, name in enumerate(NAMES["es"]):
            type_into(page, f"player-name-{i}", name)
        click(page, "game-lang-es")
        click(page, "start-game")
        shows(page, es.t("Round {round}: secret roles", round=1))
        shot(page, "lang-game-es-roles")
        click_until(page, "settings", "game-lang-fr")
        click(page, "game-lang-fr")
        click(page, "close-page")
        shows(page, fr.t("Round {round}: secret roles", round=1))
    finally:
        context.close()
