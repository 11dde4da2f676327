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
from .scanflow import Verdict

SHAPE_LABEL = {"cross": "Cross", "t_nes": "T-junction", "t_new": "T-junction",
               "straight_ns": "Straight", "straight_ew": "Straight", "curve_ne": "Curve",
               "curve_nw": "Curve"}


def picker_options() -> list[dict[str, Any]]:
    """Every card a cell can show (each shape upright and turned), with its drawing."""
    out = []
    for shape in TUNNEL_SHAPES:
        for openings in orientations(shape):
            name = SHAPE_LABEL.get(shape.name, "Dead end")
            out.append({"label": f"{name} {'-'.join(openings)}", "openings": openings,
                        "dead_end": not shape.connected, "image": tiles.card_art(openings, not shape.connected)})
    return out


def describe(card: dict[str, Any]) -> str:
    kind = "dead end" if card.get("dead_end") else "tunnel"
    return f"{kind} {'-'.join(card['openings'])} at ({card['col']},{card['row']})"


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
            self.error = reading.error
            self.rebuild_grid()
            return
        await self._redraw()
        self.busy = False
        self.info = f"Read {len(reading.cards)} cards in {(time.perf_counter() - t0):.1f} s."
        if reading.warnings:
            more = len(reading.warnings) - 2
            self.info += " " + "; ".join(reading.warnings[:2]) + (f" (+{more} more)" if more > 0 else "")
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

    def _set_verdict(self, v: Verdict) -> None:
        text = v.reason
        if v.kind == "place":
            what = describe(v.card)
            text = (f"New card: {what}. Legal." if v.legal
                    else f"New card: {what}. Refused: {v.reason} (rule: {v.rule}).")
            if v.legal and v.reveals:
                text += " It reaches the goal at " + ", ".join(f"({c},{r})" for c, r in v.reveals) + "."
        elif v.kind == "remove":
            text = f"The card at ({v.cell[0]},{v.cell[1]}) is missing: record it as a rockfall?"
        if v.changed:
            text += " Cells that differ from the confirmed maze: " + ", ".join(
                f"({c},{r})" for c, r in v.changed) + " (tap them to fix)."
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

    @staticmethod
    def _tile(col: int, row: int, card: dict | None, mark: str, connected: bool) -> dict[str, Any]:
        if card is None:
            return {"col": col, "row": row, "kind": "empty", "label": f"({col},{row}) empty",
                    "image": tiles.tile("empty", mark=mark)}
        kind, face = card.get("kind", "path"), card.get("face") or ""
        label = f"({col},{row}) {kind} {card.get('openings', '')}{' dead end' if card.get('dead_end') else ''}"
        return {"col": col, "row": row, "kind": kind, "label": label,
                "image": tiles.tile(kind, card.get("openings", ""), bool(card.get("dead_end")),
                                    face, mark, connected and kind != "goal")}

    def open_fix(self, col: int, row: int) -> None:
        """Tap a cell: choose what really lies there (start and goals are fixed by the rules)."""
        if (col, row) == (0, 0) or (col, row) in GOALS:
            self.error = "The start and goal cards never move; choose another cell."
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
        self.info = "Tap the cell where the new card lies and choose the card."
        self._set_verdict(self._judge())
        self.rebuild_grid()

    def cancel_fix(self) -> None:
        self.fix_cell = None

    def confirm_path(self) -> None:
        """Record the proposed move; the photo (if any) is already kept with the game."""
        v = self.verdict
        if not v or v["kind"] not in ("place", "remove"):
            self.error = (v or {}).get("text") or "Take a photo or tap a cell to lay the new card."
            return
        if v["kind"] == "remove":
            self.choice = tuple(v["cell"])
            self.rockfall()
            return
        card = v["card"]
        self._turn_move({"type": "PlacePath", "col": card["col"], "row": card["row"],
                         "openings": card["openings"], "dead_end": card["dead_end"]},
                        "{name} laid a " + describe(card) + ".")
        if not self.error:
            self.reset_scan()
