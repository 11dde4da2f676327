"""Home: new game, resume the unfinished game, past games, a demo scan."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, title


@ft.component
def Home(s: Session) -> ft.Control:
    if screen_of(s) != "home":
        return ft.Container()
    unfinished, tr = s.unfinished(), s.tr
    items: list[ft.Control] = [
        title(tr.t("Saboteur table companion")),
        hint(tr.t("One phone or tablet beside the box: it deals the secret roles, reads the maze from a "
                  "photo, checks every card against the rules and keeps the score.")),
    ]
    if s.notice:
        items.append(ft.Container(ft.Row([ft.Icon(ft.Icons.WARNING_AMBER), ft.Text(s.notice_text(), expand=True)]),
                                  bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=10, border_radius=8))
    items.append(button(tr.t("New game"), act(s.new_game_form), "new-game", ft.Icons.ADD))
    if unfinished:
        g = unfinished[0]
        names = ", ".join(g["header"]["players"])
        items.append(card(ft.Text(tr.t("Unfinished game")), hint(names),
                          button(tr.t("Resume"), act(s.resume, g["id"]), "resume", ft.Icons.PLAY_ARROW)))
    items.append(button(tr.t("Past games and statistics"), act(s.open_past), "past-games",
                        ft.Icons.HISTORY, primary=False))
    items.append(button(tr.t("Try a scan (demo photos)"), act(s.open_demo), "try-scan",
                        ft.Icons.DOCUMENT_SCANNER, primary=False))
    items.append(ft.Row([
        button(tr.t("How to play"), act(s.open_page, "how_to_play"), "how-to-play", ft.Icons.HELP_OUTLINE,
               primary=False),
        button(tr.t("Rules reference"), act(s.open_page, "rules"), "rules", ft.Icons.MENU_BOOK,
               primary=False)], wrap=True))
    return ft.Column(items, spacing=14)
