"""New game: players clockwise, the youngest, rules preset, variant toggles, custody."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from ..session_setup import CUSTODY_HELP, PRESET_HELP, TOGGLES, setting_help
from .ui import act, button, card, hint, ident, title, value


def _player_row(s: Session, seat: int, name: str) -> ft.Control:
    young = s.youngest == seat
    return ft.Row([
        ft.Text(f"{seat + 1}.", width=24),
        ident(f"player-name-{seat}", ft.TextField(value=name, label="Name", dense=True, width=170,
                                                  on_change=value(s.set_name, seat))),
        ident(f"youngest-{seat}", ft.IconButton(
            ft.Icons.CHILD_CARE if young else ft.Icons.PERSON_OUTLINE, selected=young,
            tooltip="Youngest (starts round 1)" + (" - selected" if young else ""),
            on_click=act(s.set_youngest, seat))),
        ft.IconButton(ft.Icons.ARROW_UPWARD, tooltip="Move up", on_click=act(s.move_player, seat, -1)),
        ft.IconButton(ft.Icons.REMOVE_CIRCLE_OUTLINE, tooltip="Remove",
                      on_click=act(s.remove_player, seat), disabled=len(s.names) <= 3),
    ], spacing=2)


@ft.component
def Setup(s: Session) -> ft.Control:
    if screen_of(s) != "setup":
        return ft.Container()
    players = [_player_row(s, i, n) for i, n in enumerate(s.names)]
    presets = [ft.Chip(label=ft.Text(p.replace("_", " ")), selected=s.preset == p,
                       on_select=act(s.set_preset, p)) for p in PRESET_HELP]
    toggles = [ft.Column([ident(f"toggle-{t}", ft.Switch(label=t.replace("_", " "), value=bool(s.settings[t]),
                                                       on_change=value(s.toggle, t))),
                          hint(setting_help(t))], spacing=0) for t in TOGGLES]
    custody = [ft.Chip(label=ft.Text("App deals roles" if c == "app" else "Physical cards"),
                       selected=s.settings["custody"] == c, on_select=act(s.set_custody, c))
               for c in CUSTODY_HELP]
    return ft.Column([
        title("New game"),
        card(ft.Text("Players in seating order, clockwise (3 to 10)"), *players,
             button("Add player", act(s.add_player), "add-player", ft.Icons.PERSON_ADD,
                    primary=False, disabled=len(s.names) >= 10),
             hint(f"Youngest: {s.names[s.youngest] or f'player {s.youngest + 1}'} (starts round 1)")),
        card(ft.Text("Rules"), ft.Row(presets, wrap=True), hint(PRESET_HELP[s.preset]), *toggles),
        card(ft.Text("Roles and gold goal"), ft.Row(custody, wrap=True),
             hint(CUSTODY_HELP[s.settings["custody"]])),
        button("Deal round 1", act(s.start_game), "start-game", ft.Icons.CASINO),
    ], spacing=12)
