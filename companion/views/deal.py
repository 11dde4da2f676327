"""Round set-up instructions: lay the fixed cards, deal the hands."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, title


@ft.component
def Deal(s: Session) -> ft.Control:
    if screen_of(s) != "deal":
        return ft.Container()
    t = s.table
    first = t["players"][t["turn"]] if t["turn"] is not None else ""
    cards_mode = t["rules"]["custody"] == "cards"
    steps = [
        "Lay the start card (the ladder) and, eight card lengths to its right, the three goal cards "
        "face down in a column with one card gap between them" +
        (" - shuffle them first; nobody looks." if cards_mode else " - in any order: the app knows which is gold."),
        f"Shuffle the path and action cards. Deal {s.hand_size()} cards to each player.",
        f"The rest is the draw pile: it should hold {t['draw_pile']} cards.",
    ]
    if cards_mode:
        steps.insert(0, f"Deal one role card to each player from a set of {len(t['players']) + 1}; "
                        "the spare stays face down.")
    return ft.Column([
        title(f"Round {t['round']}: set up the table"),
        card(*[ft.Row([ft.Text(f"{i + 1}.", width=22), ft.Text(x, expand=True)]) for i, x in enumerate(steps)]),
        hint(f"{first} plays first; play goes clockwise."),
        button("The table is ready", act(s.dealt), "dealt", ft.Icons.CHECK),
    ], spacing=12)
