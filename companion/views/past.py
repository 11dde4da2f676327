"""Past games: list, resume, exports, and per-player statistics."""
from __future__ import annotations

import time

import flet as ft

from ..i18n.names import N_, STATUS
from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, ident, title, use_file_picker


def _stats(s: Session) -> ft.Control:
    if not s.stats:
        return hint(s.tr.t("Statistics appear once a game is finished."))
    cols = [s.tr.t(c) for c in (N_("Player"), N_("Games"), N_("Wins"), N_("Gold"), N_("Saboteur rounds won"),
                               N_("Digger rounds won"))]
    keys = ["name", "games", "wins", "nuggets", "won_as_saboteur", "won_as_digger"]
    return ft.DataTable(columns=[ft.DataColumn(ft.Text(c)) for c in cols], column_spacing=10, data_row_max_height=40,
                        rows=[ft.DataRow([ft.DataCell(ft.Text(str(r[k]))) for k in keys]) for r in s.stats])


@ft.component
def Past(s: Session) -> ft.Control:
    picker = use_file_picker()
    if screen_of(s) != "past":
        return ft.Container()

    async def save(kind: str, game_id: int) -> None:
        name, data = s.export_record(game_id) if kind == "record" else s.export_csv(game_id)
        await picker.save_file(file_name=name, src_bytes=data)
        s.info = s.tr.t("Saved {file}.", file=name)

    def saver(kind: str, game_id: int):
        async def run(_e=None) -> None:
            await save(kind, game_id)
        return run

    rows, tr = [], s.tr
    for g in s.past:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.get("created_at", 0)))
        rows.append(card(
            ft.Text(tr.t("Game {number} - {date} - {status}, round {round}", number=g["id"], date=when,
                         status=tr.t(STATUS.get(g["status"], N_("unreadable"))), round=g["round"]),
                    weight=ft.FontWeight.BOLD),
            hint(", ".join(g["players"])),
            ft.Row([button(tr.t("Resume") if g["status"] == "active" else tr.t("Open"), act(s.resume, g["id"]),
                           f"open-{g['id']}", ft.Icons.PLAY_ARROW, primary=False),
                    button(tr.t("Game record"), saver("record", g["id"]), f"export-record-{g['id']}",
                           ft.Icons.DOWNLOAD, primary=False),
                    button(tr.t("Scores CSV"), saver("csv", g["id"]), f"export-csv-{g['id']}",
                           ft.Icons.TABLE_VIEW, primary=False)], wrap=True)))
    return ft.Column([title(tr.t("Past games")), *(rows or [hint(tr.t("No games yet."))]),
                      title(tr.t("Statistics")), ident("stats", _stats(s))], spacing=12)
