"""A path card: photo -> reading drawn over it -> tap a cell to fix -> confirm."""
from __future__ import annotations

import flet as ft

from ..i18n.names import N_
from ..session import Session
from .camera import CameraShot
from .route import screen_of
from .grid import Grid
from .picker import Picker
from .ui import act, button, card, hint, ident, title, use_file_picker, pick_photo


def _verdict(s: Session) -> ft.Control | None:
    v = s.verdict
    if not v:
        return None
    if v["kind"] == "place":
        icon = ft.Icons.CHECK_CIRCLE if v["legal"] else ft.Icons.CANCEL
        label = N_("LEGAL") if v["legal"] else N_("REFUSED")
    else:
        icon, label = ft.Icons.HELP_OUTLINE, N_("CHECK")
    return ident("verdict", ft.Container(ft.Row([
        ft.Icon(icon, size=28), ft.Text(s.tr.t(label), weight=ft.FontWeight.BOLD),
        ft.Text(v["text"], expand=True)]), padding=10, border_radius=8,
        border=ft.Border.all(3 if v.get("legal") else 2, ft.Colors.OUTLINE),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH))


@ft.component
def Scan(s: Session) -> ft.Control:
    picker = use_file_picker()
    if screen_of(s) != "scan":
        return ft.Container()

    async def take_photo() -> None:
        data = await pick_photo(picker)
        if data is not None:
            await s.submit_photo(data)

    async def fix(openings: str | None, dead_end: bool) -> None:
        await s.apply_fix(openings, dead_end)

    name, tr = s.table["players"][s.table["turn"]], s.tr
    can_confirm = bool(s.verdict and (s.verdict["kind"] == "remove" or
                                      (s.verdict["kind"] == "place" and s.verdict["legal"])))
    items: list[ft.Control] = [
        title(tr.t("{name} lays a path card", name=name)),
        hint(tr.t("Photograph the whole maze from above (the ladder card and the goal column in view). "
                  "Or tap the empty cell where the card went and choose it.")),
        ft.Row([button(tr.t("Take or choose a photo"), take_photo, "photo", ft.Icons.PHOTO_CAMERA),
                button(tr.t("Cancel"), act(s.close_panel), "cancel", ft.Icons.CLOSE, primary=False)], wrap=True),
        CameraShot(tr, s.submit_photo, disabled=s.busy),
    ]
    sender = s.phone_photo_from()
    if sender and not s.busy:  # a player took the photo with their own phone
        items.append(button(s.phone_tr.t("Use the photo from {name}'s phone", name=sender),
                            act(s.use_phone_photo), "use-phone-photo", ft.Icons.PHONE_ANDROID))
    if s.busy:
        items.append(ft.Row([ft.ProgressRing(), ft.Text(tr.t("Reading the photo..."))]))
    verdict = _verdict(s)
    if verdict:
        items.append(verdict)
    items.append(button(tr.t("Confirm"), act(s.confirm_path), "confirm", ft.Icons.DONE_ALL,
                        disabled=not can_confirm or s.busy))
    if s.fix_cell is not None:
        items.append(Picker(s.fix_cell, fix, act(s.cancel_fix), tr))
    if s.overlay:
        items.append(ident("overlay", ft.Image(src=s.overlay, fit=ft.BoxFit.CONTAIN, width=600)))
        items.append(hint(tr.t("Solid frame + tick: legal new card. Dashed frame, hatching + cross: refused. "
                               "Dotted: differs from the confirmed maze. Bands: tunnels joined to the start.")))
        items.append(button(tr.t("Misread? Lay the card by hand instead"), act(s.clear_reading),
                            "clear-reading", ft.Icons.EDIT_OFF, primary=False))
    items.append(card(ft.Text(tr.t("The maze (tap a cell to fix it)")), Grid(s.grid, s.open_fix)))
    return ft.Column(items, spacing=12)
