"""Long texts (how to play with the app, rules reference), one markdown file per language.

They live in `texts/<lang>/<name>.md` rather than in the catalogues: whole pages are easier
to write, review and keep faithful to RULES.md as prose than as a hundred message ids. The card
names in them are the ones the catalogue uses on screen (a test checks that), so a player
meets the same word for "rockfall" in the rules as on the button.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .catalog import LANGUAGES, SOURCE

TEXT_DIR = Path(__file__).with_name("texts")
NAMES = ("how_to_play", "rules")


def text_path(lang: str, name: str) -> Path:
    return TEXT_DIR / lang / f"{name}.md"


@lru_cache(maxsize=None)
def load(lang: str, name: str) -> str:
    """The markdown text `name` in `lang`, or in English if that language lacks it."""
    if name not in NAMES:
        raise ValueError(f"unknown text {name!r}; one of {NAMES}")
    for candidate in (lang if lang in LANGUAGES else SOURCE, SOURCE):
        path = text_path(candidate, name)
        if path.exists():
            return path.read_text(encoding="utf-8")
    return ""
