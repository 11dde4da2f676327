"""Private hand-over screens: a role, a map peek, a gold pick, someone's gold so far."""
from __future__ import annotations

import flet as ft

from ..i18n.names import N_
from ..session import Session
from .route import screen_of
from .ui import act, button, hint, ident, title


def _hold_area(s: Session) -> ft.Control:
    text = s.private_text() if s.holding else s.tr.t("Hold here to see")
    box = ft.Container(
        ft.Column([ft.Icon(ft.Icons.VISIBILITY if s.holding else ft.Icons.TOUCH_APP, size=40),
                   ft.Text(text, size=22, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)],
                  horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER),
        width=320, height=180, border_radius=16, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if s.holding else ft.Colors.SURFACE_CONTAINER_HIGHEST)
    return ident("hold", ft.GestureDetector(
        content=box, on_tap_down=act(s.hold, True), on_long_press_start=act(s.hold, True),
        on_tap_up=act(s.hold, False), on_long_press_end=act(s.hold, False),
        on_tap_cancel=None))


def _pick(s: Session) -> list[ft.Control]:
    offer, tr = sorted(s.private["offer"], reverse=True), s.tr
    if not s.holding and not s.private.get("open"):
        return [hint(tr.t("Only you should see the cards on offer.")),
                button(tr.t("Show the gold cards"), act(s.show_offer), "show-offer",
                       ft.Icons.VISIBILITY)]
    return [ft.Text(tr.t("Gold cards on offer (nuggets): {values}", values=", ".join(map(str, offer)))),
            ft.Row([ident(f"take-{v}", ft.FilledButton(content=tr.t("Take {value}", value=v), on_click=act(s.take_gold, v)))
                    for v in sorted(set(offer), reverse=True)], wrap=True)]


@ft.component
def Private(s: Session) -> ft.Control:
    if screen_of(s) != "private":
        return ft.Container()
    name = s.table["players"][s.private_seat]
    what, tr = s.private.get("what"), s.tr
    items: list[ft.Control] = [title(tr.t("For {name} only", name=name)),
                               hint(tr.t("Give the phone to {name}. Nobody else looks.", name=name))]
    if what in ("role", "peek", "gold", "payout"):
        items.append(_hold_area(s))
        done = {"role": (act(s.done_role), N_("Done - pass the phone on")),
                "peek": (act(s.done_peek), N_("Done - pass the phone back")),
                "gold": (act(s.close_private), N_("Done - hide")),
                "payout": (act(s.close_private), N_("Done - pass the phone on"))}[what]
        items.append(button(tr.t(done[1]), done[0], "private-done", ft.Icons.CHECK))
    elif what == "pick":
        items += _pick(s)
    elif what == "took":
        v = s.private["value"]
        items += [ft.Text(tr.n("Take one gold card worth {count} nugget from the gold cards and keep it "
                               "face down.", "Take one gold card worth {count} nuggets from the gold cards "
                               "and keep it face down.", v), size=18),
                  button(tr.t("Done - pass the phone on"), act(s.close_private), "private-done", ft.Icons.CHECK)]
    return ft.Column(items, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
