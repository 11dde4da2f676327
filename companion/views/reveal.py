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
    seen = s.roles_seen()
    chips = []
    for seat, name in enumerate(s.table["players"]):
        done = seat in seen
        chips.append(ident(f"role-{seat}", ft.FilledButton(
            content=f"{name}" + (" - seen" if done else ""),
            icon=ft.Icons.CHECK if done else ft.Icons.VISIBILITY_OFF,
            on_click=act(s.open_role, seat), disabled=done)))
    return ft.Column([
        title(f"Round {s.table['round']}: secret roles"),
        card(hint("Pass the phone around. Each player taps their own name, holds the button to see "
                  "their role, lets go to hide it, taps Done and passes the phone on."),
             ft.Column(chips, spacing=8)),
        hint(f"{len(seen)} of {len(s.table['players'])} players have seen their role."),
    ], spacing=12)
