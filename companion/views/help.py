"""How to play with the app, and the rules reference: one markdown page per language."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .ui import act, button, ident, title

IDS = {"how_to_play": "how-to-play-text", "rules": "rules-text"}


@ft.component
def Help(s: Session) -> ft.Control:
    page = screen_of(s)
    if page not in IDS:
        return ft.Container()
    heading, _, body = s.tr.text(page).partition("\n")  # the heading as a real title (screen readers)
    return ft.Column([
        ident(IDS[page], title(heading.lstrip("# "))),
        ft.Markdown(body, selectable=True, extension_set=ft.MarkdownExtensionSet.GITHUB_WEB),
        button(s.tr.t("Back"), act(s.close_page), "close-page", ft.Icons.ARROW_BACK),
    ], spacing=12)
