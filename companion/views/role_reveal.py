"""Custody by the cards: at the round's end each player shows their role card."""
from __future__ import annotations

import flet as ft

from ..i18n.names import ROLE
from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, title


@ft.component
def RoleReveal(s: Session) -> ft.Control:
    if screen_of(s) != "roles":
        return ft.Container()
    t, tr = s.table, s.tr
    rows = []
    for seat, name in enumerate(t["players"]):
        role = (t["roles"] or [None] * len(t["players"]))[seat]
        if role:
            rows.append(ft.Text(f"{name}: {tr.t(ROLE[role])}"))
            continue
        rows.append(ft.Row([ft.Text(name, width=120),
                            button(tr.t("Gold-digger"), act(s.reveal_role, seat, "gold_digger"),
                                   f"role-{seat}-gold_digger", primary=False),
                            button(tr.t("Saboteur"), act(s.reveal_role, seat, "saboteur"),
                                   f"role-{seat}-saboteur", primary=False)], wrap=True))
    return ft.Column([title(tr.t("Round over: show your role cards")),
                      card(hint(tr.t("Everybody turns their role card face up. Tap what each player shows.")),
                           *rows)],
                     spacing=12)
