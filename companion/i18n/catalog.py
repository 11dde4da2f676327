"""Message catalogues: one gettext `.po` per language, read at run time with Babel.

The `.po` files are the only thing in git: each is parsed with `babel.messages.pofile.read_po`
and compiled in memory (`write_mo` into a buffer, then the standard library's
`gettext.GNUTranslations`), so no generated binary is ever committed and plural rules come from
the catalogue's own `Plural-Forms` header (Babel's CLDR rules: French, Portuguese and Spanish have
a third form for millions, Vietnamese has one form).

Message ids are the English source texts with named `{placeholders}`; English is both the source
and the fallback: a message missing from a catalogue is shown in English, never as an id.
"""
from __future__ import annotations

import gettext
import io
import logging
import string
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"
SOURCE = "en"
#: The six languages, in the order the language picker shows them (each in its own name there).
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "pt": "Português", "nl": "Nederlands",
                             "es": "Español", "vi": "Tiếng Việt"}

log = logging.getLogger(__name__)
_lock = threading.Lock()


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(lang: str) -> Catalog:
    """The parsed `.po` of one language (Babel's Catalog: ids, translations, plural forms)."""
    with po_path(lang).open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


@lru_cache(maxsize=None)
def _compiled(lang: str) -> gettext.NullTranslations:
    """The catalogue compiled in memory; an unknown or unreadable language falls back to English."""
    if lang not in LANGUAGES or lang == SOURCE and not po_path(lang).exists():
        return gettext.NullTranslations()
    try:
        buf = io.BytesIO()
        write_mo(buf, read_catalog(lang))
        buf.seek(0)
        return gettext.GNUTranslations(buf)
    except (OSError, ValueError) as exc:  # a broken catalogue must not take the app down
        log.error("catalogue %s unusable, showing English: %s", lang, exc)
        return gettext.NullTranslations()


def placeholders(text: str) -> set[str]:
    """The named `{fields}` of a message (used to check translations against their source)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


class _Keep(dict):
    """format_map helper: an unknown placeholder stays visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, source: str, kw: dict[str, Any]) -> str:
    try:
        return text.format_map(_Keep(kw))
    except (ValueError, IndexError, AttributeError):  # a broken translation: show the source
        log.error("bad placeholders in %r", text)
        return source.format_map(_Keep(kw))


class Translator:
    """All the text of one language: `t` for messages, `n` for counted ones, `text` for long texts.

    >>> Translator("fr").n("{count} card", "{count} cards", 2)
    '2 cartes'
    """

    def __init__(self, lang: str = SOURCE) -> None:
        self.lang = lang if lang in LANGUAGES else SOURCE
        with _lock:
            self._tr = _compiled(self.lang)

    def t(self, msgid: str, **kw: Any) -> str:
        """The translation of `msgid` with its `{placeholders}` filled from `kw`."""
        return _fill(self._tr.gettext(msgid), msgid, kw)

    def n(self, singular: str, plural: str, count: int, **kw: Any) -> str:
        """The form of a counted message that the language's plural rule picks; `{count}` is set."""
        text = self._tr.ngettext(singular, plural, count)
        return _fill(text, singular if count == 1 else plural, {"count": count, **kw})

    def text(self, name: str) -> str:
        """A long text (markdown) of this language: "how_to_play" or "rules"."""
        from .texts import load
        return load(self.lang, name)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


def translator(lang: str | None) -> Translator:
    """A shared translator per language (they hold no per-page state)."""
    return _shared(lang if lang in LANGUAGES else SOURCE)


@lru_cache(maxsize=None)
def _shared(lang: str) -> Translator:
    return Translator(lang)


def reload() -> None:
    """Forget compiled catalogues (after editing a `.po` while the app runs)."""
    _compiled.cache_clear()
    _shared.cache_clear()
