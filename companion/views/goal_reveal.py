"""Custody by the cards: a tunnel reached a goal; the table turns it over and says what it is."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from ..i18n import cell
from ..i18n.names import GOAL_FACE_CHOICE
from .ui import act, button, card, hint, title


@ft.component
def GoalReveal(s: Session) -> ft.Control:
    if screen_of(s) != "goal":
        return ft.Container()
    col, row = s.table["pending_reveals"][0]
    tr = s.tr
    return ft.Column([
        title(tr.t("A tunnel reached the goal at {cell}", cell=cell(col, row))),
        card(hint(tr.t("Turn that goal card over. What is it? A stone card is laid turned so its "
                       "tunnel joins the tunnel that reached it.")),
             *[button(tr.t(label), act(s.reveal_goal, col, row, f), f"face-{f}", ft.Icons.FLIP,
                      primary=f == "gold") for f, label in GOAL_FACE_CHOICE.items()]),
    ], spacing=12)
