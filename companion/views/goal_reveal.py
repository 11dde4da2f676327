"""Custody by the cards: a tunnel reached a goal; the table turns it over and says what it is."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, title


@ft.component
def GoalReveal(s: Session) -> ft.Control:
    if screen_of(s) != "goal":
        return ft.Container()
    col, row = s.table["pending_reveals"][0]
    faces = [("gold", "Gold (a cross with the nugget)"), ("stone_ne", "Stone: curve north-east"),
             ("stone_nw", "Stone: curve north-west")]
    return ft.Column([
        title(f"A tunnel reached the goal at ({col},{row})"),
        card(hint("Turn that goal card over. What is it? A stone card is laid turned so its tunnel "
                  "joins the tunnel that reached it."),
             *[button(label, act(s.reveal_goal, col, row, f), f"face-{f}", ft.Icons.FLIP,
                      primary=f == "gold") for f, label in faces]),
    ], spacing=12)
