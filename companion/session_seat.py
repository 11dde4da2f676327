"""The session model of one player's phone page (`/seat/<token>`): that seat's view only.

Everything it shows comes from `engine.view_for(state, seat)` through the service, plus the
seat's own pending step derived from the log (role to look at, map result, gold pick). It has
no verb that names another seat: the seat number is fixed by the token when the page joins,
so a phone page cannot ask for anyone else's secrets however it is driven.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft

from .board_image import board_png
from .i18n import Translator, cell, error_text, translator
from .i18n.names import TOOL, YOU_ARE
from .scanflow import MAX_PHOTO_BYTES
from .seats import (SeatRefused, claim_seat, notes_this_round, payouts, pending_peek, post_photo, role_pending,
                    still_held)
from .service import GameError, GameService


@ft.observable
@dataclass
class SeatSession:
    """status: "joining" | "ok" | "refused" (then `refusal` is a SeatRefused code)."""

    service: GameService
    token: str
    claim: str = ""
    lang: str = "en"
    status: str = "joining"
    refusal: str = ""
    game_id: int | None = None
    seat: int | None = None
    view: dict[str, Any] = field(default_factory=dict)
    task: str = ""  # "" | role | peek | pick
    stage: str = ""  # "" | roles (someone has not seen their role) | deal (the table is dealing)
    holding: bool = False
    offer_open: bool = False
    board: bytes = b""
    paid: list[int] = field(default_factory=list)
    error: str = ""
    info: str = ""
    on_change: Callable[[int], None] | None = None  # tells the other pages (pubsub)

    @property
    def tr(self) -> Translator:
        return translator(self.lang)

    # ---- joining -----------------------------------------------------------------------------
    def join(self, claim: str) -> None:
        """Take the seat the token names, for this browser (claim id); or say why not."""
        self.claim = claim
        try:
            self.game_id, self.seat = claim_seat(self.service, self.token, claim)
        except SeatRefused as exc:
            self.status, self.refusal = "refused", exc.code
            return
        self.status = "ok"
        self.refresh()
        self._changed()

    def refresh(self, game_id: int | None = None) -> None:
        """Re-read the seat's view after any change in its game (ours or another device's)."""
        if self.status != "ok" or self.game_id is None or (game_id is not None and game_id != self.game_id):
            return
        if not still_held(self.service, self.game_id, self.seat, self.token, self.claim):
            self.status, self.refusal, self.holding = "refused", "released", False
            return
        live = self.service.game(self.game_id)
        with live.lock:
            self.view = self.service.view(self.game_id, self.seat)
            task = ""
            if role_pending(live, self.seat):
                task = "role"
            elif pending_peek(live) == self.seat:
                task = "peek"
            elif self.view["phase"] == "draft" and (self.view.get("draft") or {}).get("your_pick"):
                task = "pick"
            self.paid = payouts(live).get(self.seat, []) if self.view["phase"] in ("round_over", "game_over") else []
            self.stage = _stage(live)
        if task != self.task:
            self.holding, self.offer_open = False, False
        self.task = task
        self.board = board_png(self.view["board"], self.view["connected"])

    def _changed(self) -> None:
        if self.on_change and self.game_id is not None:
            self.on_change(self.game_id)

    # ---- what the page shows -------------------------------------------------------------------
    def name(self) -> str:
        return self.view["players"][self.seat] if self.view else ""

    def status_line(self) -> str:
        """Whose turn it is, or what the table is doing (public)."""
        v, tr = self.view, self.tr
        if v["phase"] == "play" and self.stage == "roles":
            return tr.t("Round {round}: secret roles", round=v["round"])
        if v["phase"] == "play" and self.stage == "deal":
            return tr.t("Round {round}: set up the table", round=v["round"])
        if v["phase"] == "play" and v["turn"] is not None:
            return tr.t("Round {round} - {name}'s turn", round=v["round"], name=v["players"][v["turn"]])
        if v["phase"] == "draft":
            return tr.t("The gold-diggers found the gold! {name} picks a gold card.",
                        name=v["players"][v["draft"]["picker"]])
        if v["phase"] == "game_over":
            return tr.t("The game is over: see the ranking on the table.")
        if v["phase"] == "round_over" and v["winner"] == "gold_diggers" and v["finder"] is not None:
            return tr.t("The gold-diggers win round {round}: {name} reached the gold.", round=v["round"],
                        name=v["players"][v["finder"]])
        if v["phase"] == "round_over" and v["winner"] == "saboteurs":
            return tr.t("The saboteurs win round {round}: nobody reached the gold.", round=v["round"])
        if v["phase"] in ("round_over", "roles", "reveal"):
            return tr.t("Round {round} is over", round=v["round"])
        return tr.t("Waiting for the table.")

    def secret_lines(self) -> list[str]:
        """What the hold-to-see area shows while held: computed on demand, never stored."""
        v, tr = self.view, self.tr
        if self.task == "peek":
            return [self._peek_text(v["peeks"][-1])] if v["peeks"] else []
        lines = []
        if v.get("role"):
            lines.append(tr.t(YOU_ARE[v["role"]]))
        if self.task == "role":
            return lines
        lines += [self._peek_text(p) for p in v["peeks"]]
        cards = " + ".join(str(x) for x in v["gold"]) or "-"
        lines.append(tr.n("Your gold: {count} nugget ({cards})", "Your gold: {count} nuggets ({cards})",
                          v["nuggets"], cards=cards))
        if self.paid:
            lines.append(tr.t("Take gold cards worth {values} = {total} nuggets",
                              values=" + ".join(map(str, self.paid)), total=sum(self.paid)))
        return lines

    def _peek_text(self, peek: dict[str, Any]) -> str:
        where = cell(peek["col"], peek["row"])
        if peek["face"] is None:
            return self.tr.t("Look at the goal card yourself, then put it back face down.")
        if peek["face"] == "gold":
            return self.tr.t("Goal {cell} is gold", cell=where)
        return self.tr.t("Goal {cell} is stone", cell=where)

    def offer(self) -> list[int]:
        return sorted((self.view.get("draft") or {}).get("offer") or [], reverse=True)

    def broken_lines(self) -> list[str]:
        """Broken tools in front of each player (public)."""
        tr, out = self.tr, []
        for seat, tools in enumerate(self.view["broken"]):
            if tools:
                out.append(tr.t("{name}: broken {tools}", name=self.view["players"][seat],
                                tools=", ".join(tr.t(TOOL.get(t, t)) for t in tools)))
        return out

    # ---- verbs: the seat's private steps -------------------------------------------------------
    def hold(self, on: bool) -> None:
        self.holding = on

    def show_offer(self) -> None:
        self.offer_open = True

    def _do(self, fn: Callable[[], Any]) -> bool:
        self.error = ""
        try:
            fn()
        except GameError as exc:
            self.error = error_text(self.tr, exc, self.view.get("players", []))
            return False
        self.refresh()
        self._changed()
        return True

    def done_role(self) -> None:
        """I have seen my role: the same note the table's pass-and-play screen records."""
        live = self.service.game(self.game_id)
        with live.lock:  # two taps (or two tabs) record it once
            if self.task != "role" or not role_pending(live, self.seat):
                return
            self._do(lambda: self.service.note(self.game_id, "role_seen", seat=self.seat,
                                               round=live.state.round))

    def done_peek(self) -> None:
        live = self.service.game(self.game_id)
        with live.lock:
            if pending_peek(live) != self.seat:
                return
            self._do(lambda: self.service.note(self.game_id, "peek_done", round=live.state.round))

    def take_gold(self, value: int) -> None:
        if self.task != "pick":
            return
        self.offer_open = False  # a next pick (same seat again) starts hidden again
        if self._do(lambda: self.service.play(self.game_id, {"type": "TakeGold", "seat": self.seat,
                                                              "value": value})):
            self.info = self.tr.t("Take one {value}-nugget gold card from the gold cards and keep it "
                                  "face down.", value=value)

    def send_photo(self, data: bytes) -> None:
        """A photo of the table taken with this phone: handed to the table's path-card screen."""
        if not data:
            self.error = self.tr.t("The file was empty. Take the photo again.")
            return
        if len(data) > MAX_PHOTO_BYTES:
            self.error = self.tr.t("That photo is too large; send one under {size} MB.",
                                   size=MAX_PHOTO_BYTES // 1_000_000)
            return
        post_photo(self.service, self.game_id, self.seat, data)
        self.error, self.info = "", self.tr.t("Photo sent to the table.")
        self._changed()


def _stage(live: Any) -> str:
    """What the whole table is doing before play starts (public: who has looked, not what)."""
    st = live.state
    if st.phase != "play":
        return ""
    seen = {n["seat"] for n in notes_this_round(live, "role_seen")}
    if st.rules.custody == "app" and len(seen) < st.n:
        return "roles"
    return "" if notes_this_round(live, "dealt") else "deal"
