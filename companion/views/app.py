"""The root component: top bar, messages, and the screen the session says."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .action import Action
from .deal import Deal
from .demo import Demo
from .draft import Draft
from .goal_reveal import GoalReveal
from .help import Help
from .home import Home
from .past import Past
from .phones import Phones
from .private import Private
from .reveal import Reveal
from .role_reveal import RoleReveal
from .round_end import RoundEnd
from .scan import Scan
from .scores import Scores
from .settings import Settings
from .setup import Setup
from .turn import Turn
from .route import screen_of
from .ui import act, ident

VIEWS = {"home": Home, "setup": Setup, "past": Past, "demo": Demo, "private": Private, "scan": Scan,
         "scores": Scores, "action": Action, "reveal": Reveal, "deal": Deal, "goal": GoalReveal,
         "roles": RoleReveal, "draft": Draft, "round_end": RoundEnd, "turn": Turn, "phones": Phones,
         "settings": Settings, "how_to_play": Help, "rules": Help}


def _body(s: Session) -> ft.Control:
    return VIEWS[screen_of(s)](s)


def _messages(s: Session) -> list[ft.Control]:
    out: list[ft.Control] = []
    if s.error:
        out.append(ident("error", ft.Container(ft.Row([
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
            ft.Text(s.error, color=ft.Colors.ON_ERROR_CONTAINER, expand=True, selectable=True)]),
            bgcolor=ft.Colors.ERROR_CONTAINER, padding=10, border_radius=8)))
    if s.info:
        out.append(ident("info", ft.Container(ft.Row([
            ft.Icon(ft.Icons.INFO_OUTLINE), ft.Text(s.info, expand=True)]),
            bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=10, border_radius=8)))
    return out


def _phones_tip(s: Session) -> str:
    """The phones button's tooltip, in the page's language once the session has one."""
    return s.phone_tr.t("Players' phones")


@ft.component
def App(s: Session) -> ft.Control:
    tr = s.tr
    in_game = s.screen == "game" and s.table is not None and s.private_seat is None and not s.page_over
    actions: list[ft.Control] = []
    if in_game:
        actions = [
            ident("undo", ft.IconButton(ft.Icons.UNDO, tooltip=tr.t("Undo the last action"), on_click=act(s.undo))),
            ident("scores", ft.IconButton(ft.Icons.LEADERBOARD, tooltip=tr.t("Score sheet"), on_click=act(s.show_scores))),
            ident("phones", ft.IconButton(ft.Icons.QR_CODE_2, tooltip=_phones_tip(s), on_click=act(s.open_phones))),
        ]
    bar = ft.Row([
        ident("home", ft.IconButton(ft.Icons.HOME, tooltip=tr.t("Home"), on_click=act(s.go_home))),
        ft.Text(tr.t("Saboteur companion"), size=18, weight=ft.FontWeight.BOLD, expand=True),
        *actions], spacing=4)
    if s.private_seat is None:  # nothing may open over a private screen
        bar.controls.append(ident("settings", ft.IconButton(ft.Icons.TRANSLATE, tooltip=tr.t("Settings"),
                                                            on_click=act(s.open_page, "settings"))))
    return ft.SafeArea(ft.Column([bar, *_messages(s), _body(s)], spacing=10,
                                 scroll=ft.ScrollMode.AUTO, expand=True), expand=True)
