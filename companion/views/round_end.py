"""Round end: roles revealed, the gold handed out, then the next round."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .route import screen_of
from .round_summary import summary_lines
from .ui import act, button, card, hint, title


@ft.component
def RoundEnd(s: Session) -> ft.Control:
    if screen_of(s) != "round_end":
        return ft.Container()
    t, tr = s.table, s.tr
    paid = s.payouts()
    takers = [button(tr.t("{name}: my gold cards", name=t["players"][seat]), act(s.open_payout, seat),
                     f"payout-{seat}", ft.Icons.PAID, primary=False) for seat in sorted(paid) if not s.on_phone(seat)]
    return ft.Column([
        title(tr.t("Round {round} is over", round=t["round"])),
        card(*[ft.Text(x) for x in summary_lines(s)]),
        *([card(hint(tr.t("In private, each of these players sees which gold cards to take:")),
                ft.Row(takers, wrap=True))] if takers else []),
        hint(tr.t("Everyone took their gold cards face down. Collect all other cards for the next round.")),
        ft.Row([button(tr.t("Deal round {round}", round=t["round"] + 1), act(s.next_round), "next-round",
                       ft.Icons.CASINO),
                button(tr.t("Score sheet"), act(s.show_scores), "open-scores", ft.Icons.LEADERBOARD,
                       primary=False)], wrap=True),
    ], spacing=12)
