"""Path-card verbs: photo -> scan (off the event loop) -> overlay -> fixes -> confirm.

A player can also lay the card by hand on the grid (no photo): the same fix picker, the same
verdict, the same confirmation. Either way the engine decides; the scan only proposes.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any

from engine.cards import GOALS, TUNNEL_SHAPES, orientations
from engine.rules import Rules

from . import overlay, scanflow, tiles
from .i18n import Translator, cell as at, error_text, scan_error_text, scan_warning_text
from .i18n.names import CARD_KIND
from .scanflow import Verdict



def picker_options() -> list[dict[str, Any]]:
    """Every card a cell can show (each shape upright and turned), with its drawing."""
    out = []
    for shape in TUNNEL_SHAPES:
        for openings in orientations(shape):
            out.append({"shape": shape.name if shape.connected else "dead_end", "openings": openings,
                        "dead_end": not shape.connected, "image": tiles.card_art(openings, not shape.connected)})
    return out


def describe(card: dict[str, Any], tr: Translator) -> str:
    kind = tr.t(CARD_KIND["dead_end"] if card.get("dead_end") else CARD_KIND["tunnel"])
    return tr.t("{card} at {cell}", card=f"{kind} {'-'.join(card['openings'])}", cell=at(card["col"], card["row"]))


def reading_error(tr: Translator, reading: scanflow.Reading) -> str:
    """Why a photo could not be read, in the page's language (app checks first, then the scanner)."""
    return tr.t(reading.msgid, **reading.params) if reading.msgid else scan_error_text(tr, reading.error)


class ScanVerbs:
    """Mixed into Session: the path-card panel."""

    busy: bool
    overlay: bytes | None
    verdict: dict[str, Any] | None
    grid: list[list[dict[str, Any]]]
    fix_cell: tuple[int, int] | None

    def reset_scan(self) -> None:
        self._reading, self._fixes = None, {}
        self.busy, self.overlay, self.verdict, self.fix_cell = False, None, None, None
        self.grid = []

    def _confirmed(self) -> list[dict[str, Any]]:
        return list(self.table["board"]) if self.table else []

    def _seen(self) -> list[dict[str, Any]]:
        """What the players say lies on the table now: the photo (if any) plus their fixes."""
        if self._reading is not None and self._reading.ok:
            fixed = {(c["col"], c["row"]) for c in self._reading.cards if c["kind"] != "path"}
            base = list(self._reading.cards)
            base += [c for c in self._confirmed() if c["kind"] != "path"
                     and (c["col"], c["row"]) not in fixed]
        else:
            base = self._confirmed()
        return scanflow.effective_cards(base, self._fixes)

    def _judge(self) -> Verdict:
        rules = Rules.from_dict(self.table["rules"])
        return scanflow.judge(self._confirmed(), self._seen(), rules)

    async def submit_photo(self, data: bytes) -> None:
        """Scan in a worker thread; the screen shows a progress ring meanwhile."""
        self.error, self.info, self.busy = "", "", True
        self._fixes, self.fix_cell, self.overlay = {}, None, None
        t0 = time.perf_counter()
        reading = await asyncio.to_thread(scanflow.read_photo, data)
        self._reading = reading
        if not reading.ok:
            self.busy, self.verdict = False, None
            self.error = reading_error(self.tr, reading)
            self.rebuild_grid()
            return
        await self._redraw()
        self.busy = False
        tr = self.tr
        self.info = tr.n("Read {count} card in {seconds} s.", "Read {count} cards in {seconds} s.",
                         len(reading.cards), seconds=f"{time.perf_counter() - t0:.1f}")
        if reading.warnings:
            more = len(reading.warnings) - 2
            self.info += " " + "; ".join(scan_warning_text(tr, w) for w in reading.warnings[:2]) + \
                (" " + tr.n("(+{count} more)", "(+{count} more)", more) if more > 0 else "")
        if reading.keep_jpeg and self.game_id is not None:
            await asyncio.to_thread(self.service.photo, self.game_id, reading.keep_jpeg)

    async def _redraw(self) -> None:
        verdict = self._judge()
        self._set_verdict(verdict)
        if self._reading is not None and self._reading.ok:
            connected = scanflow.connected_after(self._confirmed(), verdict)
            self.overlay = await asyncio.to_thread(overlay.draw, self._reading, self._seen(),
                                                   verdict, connected)
        self.rebuild_grid()

    def _verdict_text(self, v: Verdict) -> str:
        """The verdict in the page's language: the new card and the rule's answer, or what to fix."""
        tr = self.tr
        cells = lambda ps: ", ".join(at(c, r) for c, r in ps) or tr.t("none")  # noqa: E731
        if v.kind == "place":
            what = describe(v.card, tr)
            text = tr.t("New card: {card}. Legal.", card=what) if v.legal else \
                tr.t("New card: {card}. Refused: {reason}", card=what, reason=error_text(tr, v))
            if v.legal and v.reveals:
                text += " " + tr.t("It reaches the goal at {cells}.", cells=cells(v.reveals))
            return text
        if v.kind == "remove":
            return tr.t("The card at {cell} is missing: record it as a rockfall?", cell=at(*v.cell))
        if v.kind == "ambiguous":
            return tr.n("The photo differs from the last confirmed maze in {count} place (new at {added}; "
                        "missing at {removed}). Fix the misread cells or retake.", "The photo differs from "
                        "the last confirmed maze in {count} places (new at {added}; missing at {removed}). "
                        "Fix the misread cells or retake.", len(v.added) + len(v.removed),
                        added=cells(v.added), removed=cells(v.removed))
        return tr.t(v.reason)

    def _set_verdict(self, v: Verdict) -> None:
        text = self._verdict_text(v)
        if v.changed:
            text += " " + self.tr.t("Cells that differ from the confirmed maze: {cells} (tap them to fix).",
                                    cells=", ".join(at(c, r) for c, r in v.changed))
        self.verdict = {"kind": v.kind, "legal": v.legal, "text": text, "rule": v.rule,
                        "cell": list(v.cell) if v.cell else None, "card": v.card}

    def rebuild_grid(self) -> None:
        """The board as a grid of tiles: confirmed cards, what the photo adds, empty cells.
        Marks: the new card (legal / refused), misread cells, the card a rockfall would remove."""
        v = self.verdict or {}
        marks = {p: "bad" for p in (self._changed_cells() if v else [])}
        if v.get("cell") and v.get("kind") == "place":
            marks[tuple(v["cell"])] = "good" if v.get("legal") else "bad"
        if self.panel == "rockfall" and self.choice:
            marks[tuple(self.choice)] = "bad"
        self.grid = self._grid(self._seen(), marks)

    def confirmed_grid(self) -> list[list[dict[str, Any]]]:
        """The confirmed maze as tiles (the turn screen shows it; nothing is stored)."""
        return self._grid(self._confirmed(), {})

    def _grid(self, cards: list[dict[str, Any]], marks: dict) -> list[list[dict[str, Any]]]:
        seen = {(c["col"], c["row"]): c for c in cards}
        connected = {tuple(p) for p in self.table["connected"]} if self.table else set()
        cols = [c for c, _ in seen] + [-1, 9]
        rows = [r for _, r in seen] + [-3, 3]
        return [[self._tile(col, row, seen.get((col, row)), marks.get((col, row), ""),
                            (col, row) in connected)
                 for col in range(min(cols), max(cols) + 1)]
                for row in range(min(rows), max(rows) + 1)]

    def _changed_cells(self) -> list[tuple[int, int]]:
        return self._judge().changed

    def _tile(self, col: int, row: int, card: dict | None, mark: str, connected: bool) -> dict[str, Any]:
        tr = self.tr
        if card is None:
            return {"col": col, "row": row, "kind": "empty", "label": f"{at(col, row)} {tr.t(CARD_KIND['empty'])}",
                    "image": tiles.tile("empty", mark=mark)}
        kind, face = card.get("kind", "path"), card.get("face") or ""
        dead = " " + tr.t(CARD_KIND["dead_end"]) if card.get("dead_end") else ""
        label = f"{at(col, row)} {tr.t(CARD_KIND.get(kind, kind))} {card.get('openings', '')}{dead}"
        return {"col": col, "row": row, "kind": kind, "label": label,
                "image": tiles.tile(kind, card.get("openings", ""), bool(card.get("dead_end")),
                                    face, mark, connected and kind != "goal")}

    def open_fix(self, col: int, row: int) -> None:
        """Tap a cell: choose what really lies there (start and goals are fixed by the rules)."""
        if (col, row) == (0, 0) or (col, row) in GOALS:
            self.error = self.tr.t("The start and goal cards never move; choose another cell.")
            return
        self.error = ""
        self.fix_cell = (col, row)

    async def apply_fix(self, openings: str | None, dead_end: bool = False) -> None:
        """Set the cell to a card (openings) or to "no card" (None), then judge again."""
        if self.fix_cell is None:
            return
        self.error = ""
        self._fixes[self.fix_cell] = None if openings is None else {"openings": openings,
                                                                    "dead_end": dead_end}
        self.fix_cell = None
        await self._redraw()

    def clear_reading(self) -> None:
        """Drop a bad reading (the photo stays kept) and lay the card by hand on the grid."""
        self._reading, self._fixes = None, {}
        self.overlay, self.fix_cell, self.error = None, None, ""
        self.info = self.tr.t("Tap the cell where the new card lies and choose the card.")
        self._set_verdict(self._judge())
        self.rebuild_grid()

    def cancel_fix(self) -> None:
        self.fix_cell = None

    def confirm_path(self) -> None:
        """Record the proposed move; the photo (if any) is already kept with the game."""
        v = self.verdict
        if not v or v["kind"] not in ("place", "remove"):
            self.error = (v or {}).get("text") or self.tr.t("Take a photo or tap a cell to lay the new card.")
            return
        if v["kind"] == "remove":
            self.choice = tuple(v["cell"])
            self.rockfall()
            return
        card = v["card"]
        self._turn_move({"type": "PlacePath", "col": card["col"], "row": card["row"],
                         "openings": card["openings"], "dead_end": card["dead_end"]},
                        lambda name: self.tr.t("{name} laid a path card: {card}.", name=name,
                                               card=describe(card, self.tr)))
        if not self.error:
            self.reset_scan()
