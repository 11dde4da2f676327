"""A player's phone page (`/seat/<token>`): that seat's own view and its private steps.

Secrets are drawn only while the hold area is pressed, so nothing private reaches the phone's
screen (or its WebSocket) before the player asks; other seats' secrets never reach it at all.
"""
from __future__ import annotations

import flet as ft

from ..i18n import Translator
from ..session_seat import SeatSession
from .camera import CameraShot
from .ui import act, button, card, hint, ident, title, use_file_picker, pick_photo


def seat_refusal_text(tr: Translator, code: str) -> str:
    return {
        "malformed": tr.t("This is not a seat link. Scan the QR code on the table again."),
        "unknown": tr.t("No game has this seat link. Scan the QR code on the table again."),
        "released": tr.t("The table has released this seat. Scan the QR code on the table again."),
        "taken": tr.t("Another phone already holds this seat. Ask the table to release it, then scan again."),
        "bad_claim": tr.t("This browser could not keep its seat. Reload the page."),
    }.get(code, tr.t("No game has this seat link. Scan the QR code on the table again."))


def _hold_area(s: SeatSession) -> ft.Control:
    lines = s.secret_lines() if s.holding else [s.tr.t("Hold here to see")]
    box = ft.Container(
        ft.Column([ft.Icon(ft.Icons.VISIBILITY if s.holding else ft.Icons.TOUCH_APP, size=32),
                   *[ft.Text(x, size=18, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
                     for x in lines]],
                  horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER),
        width=300, height=160, border_radius=16, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if s.holding else ft.Colors.SURFACE_CONTAINER_HIGHEST)
    return ident("seat-hold", ft.GestureDetector(
        content=box, on_tap_down=act(s.hold, True), on_long_press_start=act(s.hold, True),
        on_tap_up=act(s.hold, False), on_long_press_end=act(s.hold, False)))


def _task(s: SeatSession) -> list[ft.Control]:
    tr, v = s.tr, s.view
    if s.task == "role":
        return [card(ft.Text(tr.t("Round {round}: your secret role", round=v["round"]), weight=ft.FontWeight.BOLD),
                     _hold_area(s),
                     button(tr.t("I have seen my role"), act(s.done_role), "seat-role-done", ft.Icons.CHECK))]
    if s.task == "peek":
        return [card(ft.Text(tr.t("Your map: hold to see the goal card"), weight=ft.FontWeight.BOLD),
                     _hold_area(s),
                     button(tr.t("Done"), act(s.done_peek), "seat-peek-done", ft.Icons.CHECK))]
    if s.task == "pick":
        if not s.offer_open:
            return [card(ft.Text(tr.t("Your pick of the gold"), weight=ft.FontWeight.BOLD),
                         hint(tr.t("Only you should see the cards on offer.")),
                         button(tr.t("Show the gold cards"), act(s.show_offer), "seat-show-offer",
                                ft.Icons.VISIBILITY))]
        offer = s.offer()
        return [card(ident("seat-offer", ft.Text(tr.t("Gold cards on offer (nuggets): {values}",
                                                      values=", ".join(map(str, offer))))),
                     ft.Row([button(tr.t("Take {value}", value=x), act(s.take_gold, x), f"seat-take-{x}")
                             for x in sorted(set(offer), reverse=True)], wrap=True))]
    return [card(ft.Text(tr.t("My secrets"), weight=ft.FontWeight.BOLD), _hold_area(s))]


def _messages(s: SeatSession) -> list[ft.Control]:
    out: list[ft.Control] = []
    if s.error:
        out.append(ident("seat-error", ft.Container(ft.Text(s.error, color=ft.Colors.ON_ERROR_CONTAINER),
                                                    bgcolor=ft.Colors.ERROR_CONTAINER, padding=10, border_radius=8)))
    if s.info:
        out.append(ident("seat-info", ft.Container(ft.Text(s.info), bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                                   padding=10, border_radius=8)))
    return out


@ft.component
def SeatPage(s: SeatSession) -> ft.Control:
    picker = use_file_picker()
    tr = s.tr
    if s.status == "joining":
        return ft.Column([ft.ProgressRing(), ft.Text(tr.t("Joining the table..."))])
    if s.status != "ok":
        return ft.Column([title(tr.t("No seat here")),
                          ident("seat-refused", ft.Text(seat_refusal_text(tr, s.refusal), size=18))], spacing=12)

    async def photo() -> None:
        data = await pick_photo(picker)
        if data is not None:
            s.send_photo(data)

    v = s.view
    public = [ident("seat-status", ft.Text(s.status_line(), size=16)),
              hint(tr.n("Draw pile: {count} card", "Draw pile: {count} cards", v["draw_pile"])),
              *[hint(x) for x in s.broken_lines()],
              ident("seat-board", ft.Image(src=s.board, width=320, fit=ft.BoxFit.CONTAIN))]
    return ft.SafeArea(ft.Column([
        ident("seat-title", title(tr.t("{name}'s phone", name=s.name()))),
        *_messages(s), *_task(s), card(*public),
        button(tr.t("Send a photo of the table"), photo, "seat-photo", ft.Icons.PHOTO_CAMERA, primary=False),
        CameraShot(tr, s.send_photo, "seat-"),
    ], spacing=12, scroll=ft.ScrollMode.AUTO, expand=True), expand=True)
