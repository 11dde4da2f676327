"""The gold draft: counter-clockwise, each gold-digger picks in private."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, ident, title
from .round_summary import summary_lines


@ft.component
def Draft(s: Session) -> ft.Control:
    if screen_of(s) != "draft":
        return ft.Container()
    t, tr = s.table, s.tr
    picker = t["players"][t["draft"]["picker"]]
    return ft.Column([
        title(tr.t("The gold-diggers found the gold!")),
        card(*[ft.Text(x) for x in summary_lines(s)]),
        card(hint(tr.n("{count} gold card left. They go round counter-clockwise: each gold-digger in "
                       "turn picks one in private.",
                       "{count} gold cards left. They go round counter-clockwise: each gold-digger in "
                       "turn picks one in private.", t["draft"]["cards_left"])),
             ident("pick-on-phone", hint(tr.t("{name} picks on their phone.", name=picker)))
             if s.on_phone(t["draft"]["picker"]) else
             button(tr.t("Give the phone to {name}", name=picker), act(s.open_pick), "open-pick", ft.Icons.PAID)),
    ], spacing=12)
