"""From a browser or device locale to one of the six languages."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.i18n import resolve_language


@dataclass
class FletLocale:  # the shape of flet.Locale in DeviceInfo.locales
    language_code: str
    country_code: str | None = None


@pytest.mark.parametrize("given,expected", [
    ("pt-BR", "pt"), ("pt_PT", "pt"), ("fr_CA", "fr"), ("fr_FR.UTF-8", "fr"), ("vi", "vi"),
    ("vi-VN", "vi"), ("nl-BE", "nl"), ("es-419", "es"), ("ES", "es"), ("en-GB", "en"),
    ("vie", "vi"), ("de-DE", "en"), ("zz", "en"), ("", "en"), ("!!!", "en"), (None, "en"),
    ("nl-BE,nl;q=0.9,en;q=0.8", "nl"), ("de-DE,de;q=0.9,fr;q=0.5", "fr"),
    ("en;q=0.2, vi;q=0.9", "vi"), ("fr;q=0, es", "es"), ("de;q=abc, pt", "pt"),
    (["de-AT", "pt-BR", "fr"], "pt"), ([FletLocale("ja", "JP"), FletLocale("vi", "VN")], "vi"),
    (FletLocale("es", "MX"), "es"), ([], "en"), (42, "en"),
])
def test_resolution(given: object, expected: str) -> None:
    assert resolve_language(given) == expected


def test_default_can_be_a_game_setting() -> None:
    assert resolve_language("ja-JP", default="fr") == "fr"
