"""New game: players clockwise, the youngest, rules preset, variant toggles, custody."""
from __future__ import annotations

import flet as ft

from ..i18n import LANGUAGES
from ..i18n.names import CUSTODY, PRESET, SETTING
from ..session import Session
from .route import screen_of
from ..session_setup import CUSTODY_HELP, PRESET_HELP, TOGGLES, setting_help
from .ui import act, button, card, hint, ident, title, value


def _player_row(s: Session, seat: int, name: str) -> ft.Control:
    young, tr = s.youngest == seat, s.tr
    return ft.Row([
        ft.Text(f"{seat + 1}.", width=24),
        ident(f"player-name-{seat}", ft.TextField(value=name, label=tr.t("Name"), dense=True, width=170,
                                                  on_change=value(s.set_name, seat))),
        ident(f"youngest-{seat}", ft.IconButton(
            ft.Icons.CHILD_CARE if young else ft.Icons.PERSON_OUTLINE, selected=young,
            tooltip=tr.t("Youngest (starts round 1) - selected") if young else tr.t("Youngest (starts round 1)"),
            on_click=act(s.set_youngest, seat))),
        ft.IconButton(ft.Icons.ARROW_UPWARD, tooltip=tr.t("Move up"), on_click=act(s.move_player, seat, -1)),
        ft.IconButton(ft.Icons.REMOVE_CIRCLE_OUTLINE, tooltip=tr.t("Remove"),
                      on_click=act(s.remove_player, seat), disabled=len(s.names) <= 3),
    ], spacing=2)


def _rules(s: Session) -> ft.Control:
    """Preset, variant toggles with their one-line explanations, custody."""
    tr = s.tr
    presets = [ft.Chip(label=ft.Text(tr.t(PRESET[p])), selected=s.preset == p,
                       on_select=act(s.set_preset, p)) for p in PRESET_HELP]
    toggles = [ft.Column([ident(f"toggle-{t}", ft.Switch(label=tr.t(SETTING[t]), value=bool(s.settings[t]),
                                                       on_change=value(s.toggle, t))),
                          hint(tr.t(setting_help(t)))], spacing=0) for t in TOGGLES]
    custody = [ft.Chip(label=ft.Text(tr.t(CUSTODY[c])),
                       selected=s.settings["custody"] == c, on_select=act(s.set_custody, c))
               for c in CUSTODY_HELP]
    return ft.Column([
        card(ft.Text(tr.t("Rules")), ft.Row(presets, wrap=True), hint(tr.t(PRESET_HELP[s.preset])), *toggles),
        card(ft.Text(tr.t("Roles and gold goal")), ft.Row(custody, wrap=True),
             hint(tr.t(CUSTODY_HELP[s.settings["custody"]])))], spacing=12)


def _language(s: Session) -> ft.Control:
    """The language of this game (every page that has not chosen its own shows it)."""
    chosen = s.new_game_lang or s.lang
    return card(ft.Text(s.tr.t("Language for this game")), ft.Row([
        ident(f"game-lang-{code}", ft.Chip(label=ft.Text(name), selected=chosen == code,
                                           on_select=act(s.set_new_game_lang, code)))
        for code, name in LANGUAGES.items()], wrap=True))


@ft.component
def Setup(s: Session) -> ft.Control:
    if screen_of(s) != "setup":
        return ft.Container()
    tr = s.tr
    players = [_player_row(s, i, n) for i, n in enumerate(s.names)]
    youngest = s.names[s.youngest] or tr.t("player {number}", number=s.youngest + 1)
    return ft.Column([
        title(tr.t("New game")),
        card(ft.Text(tr.t("Players in seating order, clockwise (3 to 10)")), *players,
             button(tr.t("Add player"), act(s.add_player), "add-player", ft.Icons.PERSON_ADD,
                    primary=False, disabled=len(s.names) >= 10),
             hint(tr.t("Youngest: {name} (starts round 1)", name=youngest))),
        _rules(s), _language(s),
        button(tr.t("Deal round {round}", round=1), act(s.start_game), "start-game", ft.Icons.CASINO),
    ], spacing=12)
