"""A turn: whose turn, piles and hands, broken tools, and what the player did."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .grid import Grid
from .route import screen_of
from ..i18n.names import ACTION
from .ui import act, button, card, hint, ident, status_table, title


def _ignore_tap(_col: int, _row: int) -> None:
    """The turn screen's maze is for looking; fixing happens in the path-card panel."""


@ft.component
def Turn(s: Session) -> ft.Control:
    if screen_of(s) != "turn":
        return ft.Container()
    t, tr = s.table, s.tr
    if s.step == "peek":
        name = t["players"][s.pending_peek()]
        if s.on_phone(s.pending_peek()):  # the map result shows on that player's phone only
            return ft.Column([title(tr.t("Map")), ident("peek-on-phone", hint(tr.t(
                "{name} looks at the goal card on their phone.", name=name)))], spacing=12)
        return ft.Column([title(tr.t("Map")), hint(tr.t("{name} looks at a goal card in secret.", name=name)),
                          button(tr.t("Give the phone to {name}", name=name), act(s.open_peek), "open-peek",
                                 ft.Icons.VISIBILITY)], spacing=12)
    name = t["players"][t["turn"]]
    broken = bool(t["broken"][t["turn"]])
    actions = [
        button(tr.t("Path card (photo)"), act(s.open_panel, "scan"), "action-path", ft.Icons.PHOTO_CAMERA,
               disabled=broken),
        button(tr.t(ACTION["break"]), act(s.open_panel, "break"), "action-break", ft.Icons.BUILD_CIRCLE, primary=False),
        button(tr.t(ACTION["repair"]), act(s.open_panel, "repair"), "action-repair", ft.Icons.HANDYMAN, primary=False),
        button(tr.t(ACTION["rockfall"]), act(s.open_panel, "rockfall"), "action-rockfall", ft.Icons.LANDSLIDE, primary=False),
        button(tr.t(ACTION["map"]), act(s.open_panel, "map"), "action-map", ft.Icons.MAP, primary=False),
        button(tr.t(ACTION["pass"]), act(s.open_panel, "pass"), "action-pass", ft.Icons.SKIP_NEXT, primary=False),
    ]
    return ft.Column([
        ident("turn-title", title(tr.t("Round {round} - {name}'s turn", round=t["round"], name=name))),
        hint(tr.n("Draw pile: {count} card. Players with no cards left are skipped.",
                  "Draw pile: {count} cards. Players with no cards left are skipped.", t["draw_pile"])),
        card(status_table(t, tr)),
        hint(tr.t("{name} has a broken tool and cannot lay path cards.", name=name) if broken else
             tr.t("What did the player do?")),
        ft.Row(actions, wrap=True, spacing=8, run_spacing=8),
        card(hint(tr.t("The confirmed maze (bands: tunnels joined to the start)")),
             Grid(s.confirmed_grid(), _ignore_tap, "maze")),
    ], spacing=12)
