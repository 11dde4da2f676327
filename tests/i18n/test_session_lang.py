"""Which language a page shows: its own choice, then the game's, then the device's (real store)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Rules
from companion.i18n.session_lang import LanguageVerbs
from companion.service import GameService
from companion.storage import Store


@dataclass
class Page(LanguageVerbs):
    service: Any
    game_id: int | None = None
    device_lang: str = "en"
    lang_choice: str = ""


def test_device_then_game_then_own_choice(tmp_path: Path) -> None:
    service = GameService(Store(tmp_path / "games.db"))
    table, phone = Page(service), Page(service)
    table.set_device_locales("pt-BR,pt;q=0.9")
    phone.set_device_locales(["de-DE", "nl-NL"])
    assert (table.lang, phone.lang) == ("pt", "nl")
    assert table.tr.t("New game") == "Novo jogo"

    game = service.create(["Ana", "Bao", "Chi"], 0, Rules(), seed=3)
    table.game_id = phone.game_id = game
    table.choose_game_language("vi")
    assert (table.lang, phone.lang) == ("vi", "vi")

    phone.choose_language("fr")
    assert (table.lang, phone.lang) == ("vi", "fr")
    phone.choose_language("")
    assert phone.lang == "vi"


def test_undo_does_not_revert_the_game_language_and_bad_codes_change_nothing(tmp_path: Path) -> None:
    service = GameService(Store(tmp_path / "games.db"))
    game = service.create(["Ana", "Bao", "Chi"], 0, Rules(), seed=3)
    page = Page(service, game)
    service.play(game, {"type": "StartRound"})
    service.play(game, {"type": "Pass", "seat": 0, "discard": True})
    page.choose_game_language("es")
    service.undo(game)
    assert page.lang == "es"
    page.choose_game_language("klingon")
    page.choose_language("xx")
    assert (page.lang, page.lang_choice) == ("es", "")
    assert Page(service, game_id=None).lang == "en"
