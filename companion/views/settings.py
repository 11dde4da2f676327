"""Settings: this device's language (or follow the device), the open game's language, help pages."""
from __future__ import annotations

import flet as ft

from ..i18n import LANGUAGES
from ..session import Session
from .route import screen_of
from .ui import act, button, card, ident, title


def _chips(prefix: str, chosen: str, on_pick, auto_label: str = "") -> ft.Control:
    chips = [ident(f"{prefix}-{code}", ft.Chip(label=ft.Text(name), selected=chosen == code,
                                               on_select=act(on_pick, code)))
             for code, name in LANGUAGES.items()]
    if auto_label:
        chips.insert(0, ident(f"{prefix}-auto", ft.Chip(label=ft.Text(auto_label), selected=not chosen,
                                                        on_select=act(on_pick, ""))))
    return ft.Row(chips, wrap=True)


@ft.component
def Settings(s: Session) -> ft.Control:
    if screen_of(s) != "settings":
        return ft.Container()
    tr = s.tr
    device = f"{tr.t('Follow this device')} ({LANGUAGES[s.device_lang]})"
    items: list[ft.Control] = [
        title(tr.t("Settings")),
        card(ft.Text(tr.t("Language")), _chips("lang", s.lang_choice, s.set_language, device))]
    if s.game_id is not None and s.screen == "game":
        items.append(card(ft.Text(tr.t("Language for this game")),
                          _chips("game-lang", s.game_language(), s.choose_game_language)))
    items.append(ft.Row([
        button(tr.t("How to play"), act(s.open_page, "how_to_play"), "how-to-play", ft.Icons.HELP_OUTLINE,
               primary=False),
        button(tr.t("Rules reference"), act(s.open_page, "rules"), "rules", ft.Icons.MENU_BOOK,
               primary=False)], wrap=True))
    items.append(button(tr.t("Back"), act(s.close_page), "close-page", ft.Icons.ARROW_BACK))
    return ft.Column(items, spacing=12)
