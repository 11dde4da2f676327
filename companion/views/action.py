"""Action cards and passing: broken tool, repair, rockfall, map, pass."""
from __future__ import annotations

import flet as ft

from ..session import Session
from .grid import Grid
from .route import screen_of
from .ui import TOOL_ICONS, act, button, card, hint, ident, title, value


def _targets(s: Session) -> ft.Control:
    return ft.Row([ident(f"target-{i}", ft.Chip(label=ft.Text(n), selected=s.target == i,
                                                on_select=act(s.set_target, i)))
                   for i, n in enumerate(s.table["players"])], wrap=True)


def _tools(s: Session) -> ft.Control:
    return ft.Row([ident(f"tool-{t}", ft.Chip(label=ft.Text(t), leading=ft.Icon(TOOL_ICONS[t]),
                                              selected=s.tool == t, on_select=act(s.set_tool, t)))
                   for t in TOOL_ICONS], wrap=True)


def _goals(s: Session) -> ft.Control:
    down = [c for c in s.table["board"] if c["kind"] == "goal" and c.get("face") == "down"]
    label = {-2: "top", 0: "middle", 2: "bottom"}
    return ft.Row([ident(f"goal-{c['row']}", ft.Chip(
        label=ft.Text(f"{label.get(c['row'], '')} goal ({c['col']},{c['row']})"),
        selected=s.choice == (c["col"], c["row"]), on_select=act(s.set_choice, c["col"], c["row"])))
        for c in down], wrap=True)


def _rock_cells(s: Session) -> ft.Control:
    cards = [c for c in s.table["board"] if c["kind"] == "path"]
    if not cards:
        return hint("There is no tunnel card on the table to remove.")
    return ft.Row([ident(f"rock-{c['col']}-{c['row']}", ft.Chip(
        label=ft.Text(f"({c['col']},{c['row']}) {'-'.join(c['openings'])}{' dead end' if c['dead_end'] else ''}"),
        selected=s.choice == (c["col"], c["row"]), on_select=act(s.set_choice, c["col"], c["row"])))
        for c in cards], wrap=True)


@ft.component
def Action(s: Session) -> ft.Control:
    if screen_of(s) != "action":
        return ft.Container()
    name = s.table["players"][s.table["turn"]]
    p = s.panel
    if p == "break":
        body = [hint("In front of whom, and which tool?"), _targets(s), _tools(s)]
        go = button("Lay the broken tool", act(s.break_tool), "do-break", ft.Icons.BUILD_CIRCLE)
    elif p == "repair":
        body = [hint("Whose tool is repaired?"), _targets(s), _tools(s),
                ident("double", ft.Switch(label="with a double repair card", value=s.double,
                                          on_change=value(s.set_double)))]
        go = button("Repair", act(s.repair), "do-repair", ft.Icons.HANDYMAN)
    elif p == "rockfall":
        body = [hint("Which card does the rockfall remove? Tap it on the maze or in the list."),
                Grid(s.grid, s.set_choice, "rock-cell"), _rock_cells(s)]
        go = button("Remove the card", act(s.rockfall), "do-rockfall", ft.Icons.LANDSLIDE)
    elif p == "map":
        body = [hint(f"Which goal does {name} look at? Then only {name} sees the answer.")]
        body.append(_goals(s))
        go = button("Look at it in secret", act(s.play_map), "do-map", ft.Icons.MAP)
    else:
        body = [hint(f"{name} discards one card face down and draws, if the pile is not empty.")]
        if s.table["draw_pile"] == 0:
            body.append(button(f"{name} has no card left", act(s.pass_turn, False), "do-pass-empty",
                               ft.Icons.PAN_TOOL, primary=False))
        go = button("Pass", act(s.pass_turn), "do-pass", ft.Icons.SKIP_NEXT)
    titles = {"break": "Broken tool", "repair": "Repair", "rockfall": "Rockfall", "map": "Map", "pass": "Pass"}
    return ft.Column([
        title(f"{name}: {titles.get(p, p)}"), card(*body),
        ft.Row([go, button("Cancel", act(s.close_panel), "cancel", ft.Icons.CLOSE, primary=False)]),
    ], spacing=12)
