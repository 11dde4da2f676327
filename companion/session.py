"""The session model: one per open page, everything a screen shows and every verb a tap calls.

It holds no page, so it is tested by calling its verbs. The game itself lives in the service
(event log + replay); the session keeps only what is on screen right now and re-derives the
game step from the log after every change, so a reload or a restart lands on the same step.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft

from .i18n import N_, error_text
from .i18n.names import MOVE
from .i18n.session_lang import LanguageVerbs
from .service import GameError, GameService
from .session_demo import DemoVerbs
from .session_phones import PhoneVerbs
from .session_play import PlayVerbs
from .session_scan import ScanVerbs
from .session_setup import SetupVerbs
from .stats import player_stats, score_sheet, sheet_csv



@ft.observable
@dataclass
class Session(LanguageVerbs, PhoneVerbs, SetupVerbs, PlayVerbs, ScanVerbs, DemoVerbs):
    """Screens: home | setup | game | past | demo. In "game", `step` and `panel` say what is shown."""

    service: GameService
    screen: str = "home"
    page_over: str = ""  # settings | how_to_play | rules, shown over the current screen
    # languages: this page's choice ("" follows the game, then the device), the device's own
    device_lang: str = "en"
    lang_choice: str = ""
    new_game_lang: str = ""
    on_language: Callable[[str], Any] | None = None  # remembers this device's choice (main wires it)
    game_id: int | None = None
    table: dict[str, Any] | None = None  # the engine's public view
    step: str = ""  # reveal | deal | turn | peek | goal | roles | draft | round_end | final
    panel: str = ""  # within a turn: scan | break | repair | rockfall | map | pass | scores
    error: str = ""
    info: str = ""
    notice: str = ""  # storage trouble, shown on the home screen
    # private hand-over screens (role reveal, map peek, gold pick, my gold)
    private_seat: int | None = None
    holding: bool = False
    private: dict[str, Any] = field(default_factory=dict)
    # new-game form
    names: list[str] = field(default_factory=lambda: ["", "", ""])
    youngest: int = 0
    preset: str = "classic_2004"
    settings: dict[str, Any] = field(default_factory=dict)
    # a path card: photo reading, fixes and the verdict
    busy: bool = False
    overlay: bytes | None = None
    verdict: dict[str, Any] | None = None
    grid: list[list[dict[str, Any]]] = field(default_factory=list)
    fix_cell: tuple[int, int] | None = None
    # action forms
    target: int | None = None
    tool: str = ""
    double: bool = False
    choice: tuple[int, int] | None = None
    # past games
    past: list[dict[str, Any]] = field(default_factory=list)
    demos: list[dict[str, Any]] = field(default_factory=list)
    stats: list[dict[str, Any]] = field(default_factory=list)
    sheet: dict[str, Any] | None = None
    confirm: dict[str, Any] | None = None  # a pending "are you sure?" (e.g. a correction)
    on_change: Callable[[int], None] | None = None  # tells other pages (pubsub)
    log_size: int = 0  # events in the game's log: any change (a phone's step too) re-renders

    def __post_init__(self) -> None:
        self.settings = self.preset_settings(self.preset)
        self.notice = self.service.store.notice or ""
        self._reading = None
        self._page_back = ""
        self._fixes: dict[tuple[int, int], dict | None] = {}

    # ---- navigation ------------------------------------------------------------------------
    def go_home(self) -> None:
        self._clear()
        self.screen, self.game_id, self.table = "home", None, None

    def _clear(self) -> None:
        self.error = self.info = ""
        self.panel, self.private_seat, self.holding, self.private = "", None, False, {}
        self.confirm = None
        self.reset_scan()

    def unfinished(self) -> list[dict[str, Any]]:
        return [g for g in self.service.store.games() if g["status"] == "active"]

    def resume(self, game_id: int | None = None) -> None:
        """Open a game at the step its log says (the latest unfinished game by default)."""
        if game_id is None:
            games = self.unfinished()
            if not games:
                self.error = self.tr.t("There is no unfinished game.")
                return
            game_id = games[0]["id"]
        try:
            self.service.game(game_id)
        except Exception as exc:  # a damaged game must not take the app down
            self.error = self.tr.t("That game could not be opened: {error}", error=error_text(self.tr, exc))
            return
        self._clear()
        self.screen, self.game_id = "game", game_id
        self.refresh()

    def refresh(self, game_id: int | None = None) -> None:
        """Re-read the game (after our own change or another page's) and derive the step."""
        if self.game_id is None or (game_id is not None and game_id != self.game_id):
            return
        self.table = self.service.view(self.game_id)
        self.step = self.derive_step()
        self.log_size = len(self.service.game(self.game_id).log)
        if self.panel == "scores" or self.step == "final":
            self.sheet = self.public_sheet()

    def _changed(self) -> None:
        if self.on_change and self.game_id is not None:
            self.on_change(self.game_id)

    def _do(self, fn: Callable[[], Any]) -> bool:
        """Run one game action; a refusal becomes the on-screen message and changes nothing."""
        self.error = ""
        try:
            fn()
        except GameError as exc:
            self.error = error_text(self.tr, exc, self.table["players"] if self.table else ())
            return False
        self.refresh()
        self._changed()
        return True

    # ---- undo, scores, corrections --------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action (a move); private screens close so nothing leaks."""
        def run() -> None:
            undone = self.service.undo(self.game_id)
            self.info = self.tr.t("Undone: {what}.", what=self.tr.t(MOVE.get(undone["type"], N_("an action"))))
        self._clear()
        self._do(run)

    def public_sheet(self) -> dict[str, Any]:
        """The score sheet with per-player values hidden until the game is over."""
        live = self.service.game(self.game_id)
        sheet = score_sheet(live.state, live.corrections())
        if not sheet["final"]:
            sheet["rounds"] = [[None] * len(sheet["players"]) for _ in sheet["rounds"]]
            sheet["totals"] = [None] * len(sheet["players"])
            sheet["ranking"] = []
        return sheet

    def show_scores(self) -> None:
        self.panel = "scores"
        self.sheet = self.public_sheet()

    def my_gold(self, seat: int) -> None:
        """Private: one player's gold so far (hold to see)."""
        if self._refuse_phone(seat):  # that player sees it on their own phone
            return
        live = self.service.game(self.game_id)
        sheet = score_sheet(live.state, live.corrections())
        cards = self.service.view(self.game_id, seat)["gold"]
        self.private_seat, self.holding = seat, False
        self.private = {"what": "gold", "total": sheet["totals"][seat], "cards": cards}

    def ask_correction(self, round_no: int, gold: dict[int, int]) -> None:
        self.confirm = {"what": "correction", "round": round_no, "gold": gold}

    def confirm_correction(self) -> None:
        pending, self.confirm = self.confirm, None
        if pending and pending["what"] == "correction":
            if self._do(lambda: self.service.correct_round(self.game_id, pending["round"],
                                                           pending["gold"])):
                self.info = self.tr.t("Round {round} corrected.", round=pending["round"])
                self.sheet = self.public_sheet()

    def cancel_confirm(self) -> None:
        self.confirm = None

    def close_private(self) -> None:
        self.private_seat, self.holding, self.private = None, False, {}

    def show_offer(self) -> None:
        self.private = {**self.private, "open": True}

    def hold(self, on: bool) -> None:
        self.holding = on

    # ---- settings and help pages -------------------------------------------------------------
    def open_page(self, name: str) -> None:
        """Settings or a help page over the current screen (never over a private one)."""
        if name in ("settings", "how_to_play", "rules") and self.private_seat is None:
            self._page_back = "settings" if self.page_over == "settings" else ""
            self.page_over = name

    def close_page(self) -> None:
        self.page_over, self._page_back = self._page_back, ""

    def set_language(self, lang: str) -> None:
        """This device's language from the settings ("" follows the game, then the device)."""
        self.choose_language(lang)
        if self.on_language:
            self.on_language(self.lang_choice)

    def notice_text(self) -> str:
        """The storage notice (a damaged file was moved aside) in this page's language."""
        store = self.service.store
        msgid = getattr(store, "notice_msgid", "")
        return self.tr.t(msgid, **getattr(store, "notice_params", {})) if msgid else self.notice

    # ---- past games and exports -------------------------------------------------------------
    def open_past(self) -> None:
        self._clear()
        self.screen = "past"
        games = []
        self.past = []
        for row in self.service.store.games():
            try:
                live = self.service.game(row["id"])
            except Exception as exc:
                self.past.append({"id": row["id"], "players": row["header"].get("players", []),
                                  "status": "unreadable", "error": str(exc), "round": 0})
                continue
            games.append((live.state, live.corrections(), live.events))
            self.past.append({"id": row["id"], "players": list(live.state.players),
                              "status": row["status"], "round": live.state.round,
                              "created_at": row["created_at"]})
        self.stats = player_stats(games)

    def export_record(self, game_id: int) -> tuple[str, bytes]:
        """(file name, bytes) of the engine's record of the game."""
        return f"saboteur-game-{game_id}.jsonl", self.service.record(game_id).encode()

    def export_csv(self, game_id: int) -> tuple[str, bytes]:
        """(file name, bytes) of the score sheet; per-player values only once the game is over."""
        live = self.service.game(game_id)
        sheet = score_sheet(live.state, live.corrections())
        if not sheet["final"]:
            sheet["rounds"] = [["hidden"] * live.state.n for _ in sheet["rounds"]]
            sheet["totals"] = ["hidden"] * live.state.n
        return f"saboteur-scores-{game_id}.csv", sheet_csv(sheet).encode()
