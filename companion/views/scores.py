"""Score sheet: three rounds x players; totals private until the end, then the ranking."""
from __future__ import annotations

import flet as ft

from ..i18n import Translator, join_names
from ..i18n.names import TEAM
from ..session import Session
from .route import screen_of
from .ui import act, button, card, hint, ident, title, value


def _sheet_table(sheet: dict, tr: Translator) -> ft.Control:
    hidden = "\u2022\u2022\u2022"
    cols = [ft.DataColumn(ft.Text(tr.t("Player")))] + \
        [ft.DataColumn(ft.Text(tr.t("R{round}", round=r))) for r in (1, 2, 3)] + [ft.DataColumn(ft.Text(tr.t("Total")))]
    rows = []
    for seat, name in enumerate(sheet["players"]):
        cells = [ft.DataCell(ft.Text(name))]
        for r in range(3):
            v = sheet["rounds"][r][seat] if r < len(sheet["rounds"]) else ""
            cells.append(ft.DataCell(ft.Text(hidden if v is None else str(v))))
        total = sheet["totals"][seat]
        cells.append(ft.DataCell(ft.Text(hidden if total is None else str(total), weight=ft.FontWeight.BOLD)))
        rows.append(ft.DataRow(cells))
    return ft.DataTable(columns=cols, rows=rows, column_spacing=18)


def _correction(s: Session, sheet: dict, values: dict, set_values, rnd: int, set_rnd) -> ft.Control:
    done, tr = len(sheet["rounds"]), s.tr
    if not done:
        return hint(tr.t("Finished rounds can be corrected here."))
    def put(i: int, v: str) -> None:
        set_values({**values, i: v})

    fields = [ident(f"fix-gold-{i}", ft.TextField(label=n, width=90, dense=True, value=values.get(i, ""),
                                                  on_change=value(put, i)))
              for i, n in enumerate(sheet["players"])]

    def ask() -> None:
        try:
            gold = {i: int(values.get(i, "")) for i in range(len(sheet["players"]))}
        except ValueError:
            s.error = tr.t("Enter a whole number of nuggets for every player.")
            return
        s.ask_correction(rnd, gold)

    return ft.Column([
        ft.Row([ft.Chip(label=ft.Text(tr.t("Round {round}", round=r)), selected=rnd == r, on_select=act(set_rnd, r))
                for r in range(1, done + 1)], wrap=True),
        ft.Row(fields, wrap=True),
        button(tr.t("Correct this round"), ask, "ask-correction", ft.Icons.EDIT, primary=False)])


def _confirm(s: Session, sheet: dict) -> ft.Control:
    c, tr = s.confirm, s.tr
    names = sheet["players"]
    text = ", ".join(f"{names[i]} {v}" for i, v in c["gold"].items())
    return card(ft.Text(tr.t("Replace round {round}'s gold with: {values}?", round=c["round"], values=text),
                        weight=ft.FontWeight.BOLD),
                hint(tr.t("The original result stays in the game's log; the correction is added after it.")),
                ft.Row([button(tr.t("Yes, correct it"), act(s.confirm_correction), "confirm-correction"),
                        button(tr.t("No"), act(s.cancel_confirm), "cancel-correction", primary=False)]))


def _final(sheet: dict, tr: Translator) -> list[ft.Control]:
    """The winners, each round's winning team and the ranking (after round 3 only)."""
    best = [r["name"] for r in sheet["ranking"] if r["place"] == 1]
    won = tr.t("{names} share the victory!", names=join_names(tr, best)) if len(best) > 1 else \
        tr.t("{name} wins!", name=best[0] if best else "")
    rounds = ", ".join(f"{tr.t('R{round}', round=i + 1)} {tr.t(TEAM[w]) if w in TEAM else w}"
                       for i, w in enumerate(sheet["winners_by_round"]))
    return [ident("winner", ft.Text(won, size=20, weight=ft.FontWeight.BOLD)),
            ident("rounds-won", hint(tr.t("Rounds won: {rounds}", rounds=rounds))),
            card(*[ft.Text(tr.n("{place}. {name} - {count} nugget", "{place}. {name} - {count} nuggets",
                                r["nuggets"], place=r["place"], name=r["name"])) for r in sheet["ranking"]])]


@ft.component
def Scores(s: Session) -> ft.Control:
    values, set_values = ft.use_state({})
    rnd, set_rnd = ft.use_state(1)
    if screen_of(s) != "scores":
        return ft.Container()
    sheet, tr = s.sheet or s.public_sheet(), s.tr
    items: list[ft.Control] = [title(tr.t("Final ranking") if sheet["final"] else tr.t("Score sheet")),
                               _sheet_table(sheet, tr)]
    if sheet["final"]:
        items += _final(sheet, tr)
    else:
        items.append(hint(tr.t("Each player's gold stays secret until the end. Check your own:")))
        items.append(ft.Row([button(n, act(s.my_gold, i), f"my-gold-{i}", ft.Icons.LOCK, primary=False)
                             for i, n in enumerate(sheet["players"]) if not s.on_phone(i)], wrap=True))
    if sheet["corrected"]:
        items.append(hint(tr.t("Corrected rounds: {rounds}", rounds=", ".join(map(str, sheet["corrected"])))))
    items.append(_confirm(s, sheet) if s.confirm else card(ft.Text(tr.t("Correct a round")),
                                                    _correction(s, sheet, values, set_values, rnd, set_rnd)))
    if s.step != "final":
        items.append(button(tr.t("Back to the game"), act(s.close_panel), "close-scores", ft.Icons.ARROW_BACK))
    else:
        items.append(button(tr.t("Home"), act(s.go_home), "final-home", ft.Icons.HOME))
    return ft.Column(items, spacing=12)
