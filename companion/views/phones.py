"""The table's phones panel: one QR code per seat, who has joined, release a seat."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, ident, title


def _seat_card(s: Session, tr, row: dict) -> ft.Control:
    name, seat = row["name"], row["seat"]
    if row["joined"]:
        state = tr.t("{name}'s phone has joined: private steps happen there.", name=name)
        action = button(tr.t("Release the seat"), act(s.release_phone, seat), f"release-{seat}",
                        ft.Icons.PHONELINK_ERASE, primary=False)
    else:
        state = tr.t("Scan with {name}'s phone (or play this seat on the table).", name=name)
        action = ft.Container()
    return card(ft.Text(name, size=18, weight=ft.FontWeight.BOLD),
                ident(f"qr-{seat}", ft.Image(src=row["qr"], width=180, height=180)),
                ident(f"seat-url-{seat}", ft.Text(row["url"], size=11)),
                ident(f"phone-state-{seat}", hint(state)), action)


@ft.component
def Phones(s: Session) -> ft.Control:
    if screen_of(s) != "phones":
        return ft.Container()
    tr = s.phone_tr
    return ft.Column([
        title(tr.t("Players' phones")),
        hint(tr.t("Each player may scan their own seat's code: their role, map results and gold then "
                  "appear only on their phone. Seats without a phone keep passing the table device.")),
        ft.Row([_seat_card(s, tr, r) for r in s.phone_rows()], wrap=True, spacing=10, run_spacing=10),
        button(tr.t("Back to the game"), act(s.close_panel), "close-phones", ft.Icons.ARROW_BACK),
    ], spacing=12)
