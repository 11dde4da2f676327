"""Which screen the session asks for (a plain function, shared by the root and every screen).

Every screen component re-checks this before rendering: Flet may re-render a child before its
parent has replaced it, and a screen rendered for a state it does not belong to must draw
nothing rather than fail (a failing render stops all later updates of the page).
"""
from __future__ import annotations

from ..session import Session

STEPS = {"reveal": "reveal", "deal": "deal", "goal": "goal", "roles": "roles", "draft": "draft",
         "round_end": "round_end", "final": "scores"}


def screen_of(s: Session) -> str:
    if s.page_over and s.private_seat is None:  # settings, how to play, rules: over any screen
        return s.page_over
    if s.screen in ("setup", "past", "demo"):
        return s.screen
    if s.screen != "game" or s.table is None:
        return "home"
    if s.private_seat is not None:
        return "private"
    if s.panel in ("scan", "scores", "phones"):
        return s.panel
    if s.panel:
        return "action"
    if s.step == "peek":
        return "turn"
    return STEPS.get(s.step, "turn")
