"""Small control helpers shared by the components (plain functions, not components)."""
from __future__ import annotations

import inspect
from typing import Any, Callable

import flet as ft

from ..i18n import Translator
from ..i18n.names import BROKEN_TOOL

TOOL_ICONS = {"pick": ft.Icons.HARDWARE, "lantern": ft.Icons.LIGHTBULB, "cart": ft.Icons.SHOPPING_CART}


def act(fn: Callable[..., Any], *args: Any) -> Callable[..., Any]:
    """An async event handler calling fn(*args).

    Async handlers run one at a time on the page's event loop; sync ones would run on worker
    threads, where two taps at once (a release and a button) could race and lose a re-render.
    """
    async def handler(_e: Any = None) -> None:
        result = fn(*args)
        if inspect.isawaitable(result):
            await result
    return handler


def use_file_picker() -> ft.FilePicker:
    """A FilePicker registered once as a page service (a hook: call it before any early return)."""
    picker = ft.use_memo(lambda: ft.FilePicker(), [])
    ft.use_effect(lambda: ft.context.page.services.append(picker), [])
    return picker


async def pick_photo(picker: ft.FilePicker) -> bytes | None:
    """The chosen image's bytes (web mode hands bytes over; image/* offers the camera on phones)."""
    files = await picker.pick_files(file_type=ft.FilePickerFileType.IMAGE, with_data=True)
    return files[0].bytes if files else None


def value(fn: Callable[..., Any], *args: Any) -> Callable[..., Any]:
    """Like `act`, passing the control's new value as the last argument (fields, switches)."""
    async def handler(e: Any) -> None:
        fn(*args, e.control.value)
    return handler


def ident(identifier: str, control: ft.Control) -> ft.Semantics:
    """A stable id for tests and assistive tech (flt-semantics-identifier in the browser)."""
    return ft.Semantics(identifier=identifier, content=control)


def button(label: str, on_click: Callable[..., Any] | None, identifier: str = "",
           icon: Any = None, primary: bool = True, disabled: bool = False) -> ft.Control:
    kind = ft.FilledButton if primary else ft.OutlinedButton
    ctl = kind(content=label, icon=icon, on_click=on_click, disabled=disabled)
    return ident(identifier, ctl) if identifier else ctl


def title(text: str) -> ft.Text:
    return ft.Text(text, size=22, weight=ft.FontWeight.BOLD)


def hint(text: str) -> ft.Text:
    return ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT)


def card(*controls: ft.Control) -> ft.Container:
    return ft.Container(ft.Column(list(controls), spacing=8), padding=12, border_radius=10,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)


def status_table(table: dict[str, Any], tr: Translator) -> ft.Control:
    """Seats with hand counts and broken tools (icons plus words, readable without colour)."""
    rows = []
    for seat, name in enumerate(table["players"]):
        broken = table["broken"][seat]
        tools = [ft.Row([ft.Icon(TOOL_ICONS[t], size=16, color=ft.Colors.ERROR),
                         ft.Text(tr.t(BROKEN_TOOL[t]), size=12)], spacing=2) for t in broken]
        marker = ft.Icon(ft.Icons.PLAY_ARROW, size=18) if table.get("turn") == seat else ft.Container(width=18)
        rows.append(ft.Row([marker, ft.Text(name, width=110, weight=ft.FontWeight.W_500),
                            ft.Text(tr.n("{count} card", "{count} cards", table["hands"][seat]), width=70, size=12),
                            *tools], spacing=6, wrap=True))
    return ft.Column(rows, spacing=2)
