"""Fix a cell: choose the card's shape and turn, or "no card"."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from ..i18n import Translator, cell as at
from ..i18n.names import SHAPE
from ..session_scan import picker_options
from .ui import button, card, ident


@ft.component
def Picker(cell: tuple[int, int], on_pick: Callable[[str | None, bool], Any],
           on_cancel: Callable[[], Any], tr: Translator) -> ft.Control:
    options = ft.use_memo(picker_options, [])

    def chooser(openings: str | None, dead_end: bool) -> Callable[..., Any]:
        async def choose(_e: Any = None) -> None:
            await on_pick(openings, dead_end)
        return choose
    def label(o: dict[str, Any]) -> str:
        return f"{tr.t(SHAPE[o['shape']])} {'-'.join(o['openings'])}"
    tiles = [ident(f"pick-{o['openings']}{'-dead' if o['dead_end'] else ''}", ft.Container(
        ft.Column([ft.Image(src=o["image"], width=40, height=60), ft.Text(label(o), size=10)],
                  spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=72),
        on_click=chooser(o["openings"], o["dead_end"]), padding=4, border_radius=6,
        tooltip=label(o))) for o in options]
    return card(ft.Text(tr.t("What lies at {cell}?", cell=at(*cell)), weight=ft.FontWeight.BOLD),
                ft.Row(tiles, wrap=True, spacing=4, run_spacing=4),
                ft.Row([button(tr.t("No card here"), chooser(None, False), "pick-none", ft.Icons.BLOCK,
                               primary=False),
                        button(tr.t("Cancel"), on_cancel, "pick-cancel", ft.Icons.CLOSE, primary=False)]))
