"""The board as a grid of tappable tiles (the fix-a-cell and choose-a-card surface)."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from .ui import act, ident


@ft.component
def Grid(grid: list[list[dict[str, Any]]], on_tap: Callable[[int, int], Any], prefix: str = "cell") -> ft.Control:
    rows = []
    for line in grid:
        tiles = []
        for cell in line:
            col, row = cell["col"], cell["row"]
            tiles.append(ident(f"{prefix}-{col}-{row}", ft.Container(
                ft.Image(src=cell["image"], width=30, height=45, fit=ft.BoxFit.FILL),
                tooltip=cell["label"], on_click=act(on_tap, col, row), padding=1)))
        rows.append(ft.Row(tiles, spacing=0, tight=True))
    return ft.Container(ft.Column(rows, spacing=0, tight=True, scroll=None),
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
