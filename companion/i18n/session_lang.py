"""Language verbs for the page session: which language this page shows, and why.

Order of preference: the language chosen on this device in the settings, then the language
chosen for the game being played, then the device's (browser's) own locale, then English.
So a table tablet can be set to Vietnamese for the game while a visitor's phone page, which
chose French in its settings, keeps French.

Mixed into the Session dataclass, which declares the fields below (they must be dataclass fields
there so that Flet re-renders when they change).
"""
from __future__ import annotations

from typing import Any

from .catalog import LANGUAGES, SOURCE, Translator, translator
from .resolve import resolve_language

NOTE = "language"  # a note in the game's log: {"what": "language", "lang": code}


class LanguageVerbs:
    """Fields in Session: `device_lang: str = "en"`, `lang_choice: str = ""`."""

    device_lang: str
    lang_choice: str
    game_id: int | None
    service: Any

    def game_language(self) -> str:
        """The language chosen for the open game ("" if none); an undo never reverts it."""
        if self.game_id is None:
            return ""
        try:
            live = self.service.game(self.game_id)
        except Exception:
            return ""
        key = (self.game_id, len(live.log))  # every screen asks many times per render: read the log once
        cached = getattr(self, "_game_lang_cache", None)
        if cached and cached[0] == key:
            return cached[1]
        chosen = [e.payload.get("lang") for e in live.log
                  if e.kind == "note" and e.payload.get("what") == NOTE]
        lang = chosen[-1] if chosen and chosen[-1] in LANGUAGES else ""
        object.__setattr__(self, "_game_lang_cache", (key, lang))
        return lang

    @property
    def lang(self) -> str:
        return self.lang_choice or self.game_language() or self.device_lang or SOURCE

    @property
    def tr(self) -> Translator:
        return translator(self.lang)

    def set_device_locales(self, locales: Any) -> None:
        """What the browser or phone prefers (tags, an Accept-Language header, flet Locales)."""
        self.device_lang = resolve_language(locales)

    def choose_language(self, lang: str) -> None:
        """This device's choice in the settings; "" follows the device (or the game) again."""
        self.lang_choice = lang if lang in LANGUAGES else ""

    def choose_game_language(self, lang: str) -> None:
        """The language of the open game, for every page that has not chosen its own."""
        if self.game_id is not None and lang in LANGUAGES:
            self.service.note(self.game_id, NOTE, lang=lang)
