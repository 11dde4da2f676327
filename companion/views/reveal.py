"""Round set-up, pass-and-play role reveal: every player makes the same taps."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .ui import act, card, hint, ident, title


@ft.component
def Reveal(s: Session) -> ft.Control:
    if screen_of(s) != "reveal":
        return ft.Container()
    seen, tr = s.roles_seen(), s.tr
    phones = s.phone_seats()
    chips = []
    for seat, name in enumerate(s.table["players"]):
        done = seat in seen
        label = tr.t("{name} - seen", name=name) if done else name
        if seat in phones and not done:  # that player looks on their own phone
            label = tr.t("{name} - on their phone", name=name)
        chips.append(ident(f"role-{seat}", ft.FilledButton(
            content=label,
            icon=ft.Icons.CHECK if done else ft.Icons.PHONE_ANDROID if seat in phones else ft.Icons.VISIBILITY_OFF,
            on_click=act(s.open_role, seat), disabled=done or seat in phones)))
    return ft.Column([
        title(tr.t("Round {round}: secret roles", round=s.table["round"])),
        card(hint(tr.t("Pass the phone around. Each player taps their own name, holds the button to see "
                       "their role, lets go to hide it, taps Done and passes the phone on.")),
             ft.Column(chips, spacing=8)),
        hint(tr.n("{seen} of {count} player has seen their role.", "{seen} of {count} players have seen "
                  "their role.", len(s.table["players"]), seen=len(seen))),
    ], spacing=12)
