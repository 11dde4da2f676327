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
    t, tr = s.table, s.tr
    first = t["players"][t["turn"]] if t["turn"] is not None else ""
    cards_mode = t["rules"]["custody"] == "cards"
    lay = (tr.t("Lay the start card (the ladder) and, eight card lengths to its right, the three goal "
                "cards face down in a column with one card gap between them - shuffle them first; "
                "nobody looks.") if cards_mode else
           tr.t("Lay the start card (the ladder) and, eight card lengths to its right, the three goal "
                "cards face down in a column with one card gap between them - in any order: the app "
                "knows which is gold."))
    steps = [lay,
             tr.n("Shuffle the path and action cards. Deal {count} card to each player.",
                  "Shuffle the path and action cards. Deal {count} cards to each player.", s.hand_size()),
             tr.n("The rest is the draw pile: it should hold {count} card.",
                  "The rest is the draw pile: it should hold {count} cards.", t["draw_pile"])]
    if cards_mode:
        steps.insert(0, tr.t("Deal one role card to each player from a set of {count}; the spare stays "
                             "face down.", count=len(t["players"]) + 1))
    return ft.Column([
        title(tr.t("Round {round}: set up the table", round=t["round"])),
        card(*[ft.Row([ft.Text(f"{i + 1}.", width=22), ft.Text(x, expand=True)]) for i, x in enumerate(steps)]),
        hint(tr.t("{name} plays first; play goes clockwise.", name=first)),
        button(tr.t("The table is ready"), act(s.dealt), "dealt", ft.Icons.CHECK),
    ], spacing=12)
