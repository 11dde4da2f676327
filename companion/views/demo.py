"""Try a scan: demo table photos or your own, read and drawn over, no game needed."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .camera import CameraShot
from .route import screen_of
from .ui import act, button, card, hint, ident, title, use_file_picker, pick_photo


@ft.component
def Demo(s: Session) -> ft.Control:
    picker = use_file_picker()
    if screen_of(s) != "demo":
        return ft.Container()

    async def own_photo() -> None:
        data = await pick_photo(picker)
        if data is not None:
            await s.demo_scan(data)

    thumbs = [ident(f"demo-{d['name']}", ft.Container(ft.Image(src=d["thumb"], width=90), padding=2,
                                                      on_click=act(s.demo_scan, d["path"]),
                                                      tooltip=s.tr.t("Scan {name}", name=d["name"])))
              for d in s.demos]
    tr = s.tr
    items: list[ft.Control] = [
        title(tr.t("Try a scan")),
        hint(tr.t("Tap a table photo (made by the project's renderer) or choose your own photo of a maze.")),
        ft.Row(thumbs, wrap=True, spacing=6),
        button(tr.t("Choose a photo"), own_photo, "demo-own", ft.Icons.PHOTO_CAMERA, primary=False),
        CameraShot(tr, s.demo_scan, "demo-", disabled=s.busy),
    ]
    if s.busy:
        items.append(ft.Row([ft.ProgressRing(), ft.Text(tr.t("Reading the photo..."))]))
    if s.overlay:
        items.append(card(ident("demo-overlay", ft.Image(src=s.overlay, width=600, fit=ft.BoxFit.CONTAIN)),
                          hint(tr.t("Outlined: every card read. Bands: tunnels joined to the start."))))
    return ft.Column(items, spacing=12)
