"""Action cards and passing: broken tool, repair, rockfall, map, pass."""
from __future__ import annotations

import flet as ft

from ..i18n import cell
from ..i18n.names import ACTION, CARD_KIND, GOAL_POSITION, TOOL
from ..session import Session
from .grid import Grid
from .route import screen_of
from .ui import TOOL_ICONS, act, button, card, hint, ident, title, value


def _targets(s: Session) -> ft.Control:
    return ft.Row([ident(f"target-{i}", ft.Chip(label=ft.Text(n), selected=s.target == i,
                                                on_select=act(s.set_target, i)))
                   for i, n in enumerate(s.table["players"])], wrap=True)


def _tools(s: Session) -> ft.Control:
    return ft.Row([ident(f"tool-{t}", ft.Chip(label=ft.Text(s.tr.t(TOOL[t])), leading=ft.Icon(TOOL_ICONS[t]),
                                              selected=s.tool == t, on_select=act(s.set_tool, t)))
                   for t in TOOL_ICONS], wrap=True)


def _goals(s: Session) -> ft.Control:
    down = [c for c in s.table["board"] if c["kind"] == "goal" and c.get("face") == "down"]
    return ft.Row([ident(f"goal-{c['row']}", ft.Chip(
        label=ft.Text(f"{s.tr.t(GOAL_POSITION.get(c['row'], ''))} {cell(c['col'], c['row'])}"),
        selected=s.choice == (c["col"], c["row"]), on_select=act(s.set_choice, c["col"], c["row"])))
        for c in down], wrap=True)


def _rock_cells(s: Session) -> ft.Control:
    cards = [c for c in s.table["board"] if c["kind"] == "path"]
    if not cards:
        return hint(s.tr.t("There is no tunnel card on the table to remove."))
    dead = " " + s.tr.t(CARD_KIND["dead_end"])
    return ft.Row([ident(f"rock-{c['col']}-{c['row']}", ft.Chip(
        label=ft.Text(f"{cell(c['col'], c['row'])} {'-'.join(c['openings'])}{dead if c['dead_end'] else ''}"),
        selected=s.choice == (c["col"], c["row"]), on_select=act(s.set_choice, c["col"], c["row"])))
        for c in cards], wrap=True)


@ft.component
def Action(s: Session) -> ft.Control:
    if screen_of(s) != "action":
        return ft.Container()
    name, tr = s.table["players"][s.table["turn"]], s.tr
    p = s.panel
    if p == "break":
        body = [hint(tr.t("In front of whom, and which tool?")), _targets(s), _tools(s)]
        go = button(tr.t("Lay the broken tool"), act(s.break_tool), "do-break", ft.Icons.BUILD_CIRCLE)
    elif p == "repair":
        body = [hint(tr.t("Whose tool is repaired?")), _targets(s), _tools(s),
                ident("double", ft.Switch(label=tr.t("with a double repair card"), value=s.double,
                                          on_change=value(s.set_double)))]
        go = button(tr.t(ACTION["repair"]), act(s.repair), "do-repair", ft.Icons.HANDYMAN)
    elif p == "rockfall":
        body = [hint(tr.t("Which card does the rockfall remove? Tap it on the maze or in the list.")),
                Grid(s.grid, s.set_choice, "rock-cell"), _rock_cells(s)]
        go = button(tr.t("Remove the card"), act(s.rockfall), "do-rockfall", ft.Icons.LANDSLIDE)
    elif p == "map":
        body = [hint(tr.t("Which goal does {name} look at? Then only {name} sees the answer.", name=name))]
        body.append(_goals(s))
        go = button(tr.t("Look at it in secret"), act(s.play_map), "do-map", ft.Icons.MAP)
    else:
        body = [hint(tr.t("{name} discards one card face down and draws, if the pile is not empty.", name=name))]
        if s.table["draw_pile"] == 0:
            body.append(button(tr.t("{name} has no card left", name=name), act(s.pass_turn, False),
                               "do-pass-empty", ft.Icons.PAN_TOOL, primary=False))
        go = button(tr.t(ACTION["pass"]), act(s.pass_turn), "do-pass", ft.Icons.SKIP_NEXT)
    return ft.Column([
        title(tr.t("{name}: {action}", name=name, action=tr.t(ACTION.get(p, ACTION["pass"])))), card(*body),
        ft.Row([go, button(tr.t("Cancel"), act(s.close_panel), "cancel", ft.Icons.CLOSE, primary=False)]),
    ], spacing=12)
