"""The Flet side of languages: what the device asks for, remembering a player's choice, and
telling Flutter's own widgets (text selection menus, pickers) which language to use.

Kept apart from the catalogue code so `companion.i18n` itself imports no UI toolkit.
"""
from __future__ import annotations

import logging
from typing import Any

import flet as ft

from .catalog import LANGUAGES, SOURCE
from .resolve import resolve_language

PREF_KEY = "saboteur.language"  # per device/browser, in the client's own storage
log = logging.getLogger(__name__)


async def device_language(page: ft.Page) -> str:
    """The first of the six languages in the device's (browser's) preference list; else English."""
    try:
        info = await page.get_device_info()
    except Exception as exc:  # an old client or a headless test page: English is a safe default
        log.info("no device info: %s", exc)
        return SOURCE
    return resolve_language(getattr(info, "locales", None) or [])


async def saved_choice(prefs: Any) -> str:
    """The language this device chose in the settings, or "" to follow the device."""
    try:
        value = await prefs.get(PREF_KEY)
    except Exception as exc:
        log.info("no saved language: %s", exc)
        return ""
    return value if value in LANGUAGES else ""


async def save_choice(prefs: Any, lang: str) -> None:
    """Remember (or, with "", forget) this device's language."""
    try:
        if lang in LANGUAGES:
            await prefs.set(PREF_KEY, lang)
        else:
            await prefs.remove(PREF_KEY)
    except Exception as exc:
        log.warning("language not saved: %s", exc)


def locale_configuration(lang: str) -> ft.LocaleConfiguration:
    """Flutter's built-in texts (copy/paste menus, pickers) in the same language as ours."""
    return ft.LocaleConfiguration(supported_locales=[ft.Locale(code) for code in LANGUAGES],
                                  current_locale=ft.Locale(lang if lang in LANGUAGES else SOURCE))
