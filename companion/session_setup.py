"""New-game verbs: players in seating order, the youngest, the rules preset and its toggles."""
from __future__ import annotations

from typing import Any

from engine.rules import PRESETS, SETTING_HELP, Rules

from .i18n import error_text
from .service import GameError

MIN_PLAYERS, MAX_PLAYERS = 3, 10
TOGGLES = ("sabotaged_dwarf", "tournament", "self_sabotage", "hidden_goal_as_cross",
           "revealed_goal_exempt")
PRESET_HELP = {
    "classic_2004": "The 2004 rules: when the gold-diggers win, draw as many gold cards as players (at most 9).",
    "amigo_2024": "The 2024 Amigo rulebook: when the gold-diggers win, draw one gold card per gold-digger.",
}
CUSTODY_HELP = {
    "app": "The app deals the roles and hides which goal is gold (recommended).",
    "cards": "Deal the role cards and lay the goals from the box; tell the app what is revealed.",
}


def setting_help(name: str) -> str:
    """The one-line explanation shown beside a toggle."""
    return SETTING_HELP[name][:1].upper() + SETTING_HELP[name][1:] + "."


class SetupVerbs:
    """Mixed into Session: the new-game form."""

    names: list[str]
    youngest: int
    preset: str
    settings: dict[str, Any]
    error: str

    @staticmethod
    def preset_settings(preset: str) -> dict[str, Any]:
        return PRESETS[preset].to_dict()

    def new_game_form(self) -> None:
        self._clear()
        self.screen = "setup"
        self.names = ["", "", ""]
        self.youngest = 0
        self.preset = "classic_2004"
        self.settings = self.preset_settings(self.preset)
        self.new_game_lang = ""

    def set_new_game_lang(self, lang: str) -> None:
        """The language the new game will be shown in (on every page without its own choice)."""
        self.new_game_lang = lang

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name[:24]

    def add_player(self) -> None:
        if len(self.names) < MAX_PLAYERS:
            self.names.append("")

    def remove_player(self, seat: int) -> None:
        if len(self.names) > MIN_PLAYERS:
            del self.names[seat]
            if self.youngest >= len(self.names) or self.youngest == seat:
                self.youngest = 0
            elif self.youngest > seat:
                self.youngest -= 1

    def move_player(self, seat: int, step: int) -> None:
        """Reorder to match the seating (clockwise); the youngest mark moves with its player."""
        other = seat + step
        if not 0 <= other < len(self.names):
            return
        names = list(self.names)
        names[seat], names[other] = names[other], names[seat]
        self.names = names
        if self.youngest in (seat, other):
            self.youngest = other if self.youngest == seat else seat

    def set_youngest(self, seat: int) -> None:
        self.youngest = seat

    def set_preset(self, preset: str) -> None:
        if preset in PRESETS:
            custody = self.settings.get("custody", "app")
            self.preset = preset
            self.settings = {**self.preset_settings(preset), "custody": custody}

    def toggle(self, name: str, value: bool) -> None:
        if name in TOGGLES:
            self.settings = {**self.settings, name: bool(value)}

    def set_custody(self, custody: str) -> None:
        if custody in CUSTODY_HELP:
            self.settings = {**self.settings, "custody": custody}

    def start_game(self, seed: int | None = None) -> bool:
        """Check the form, create the game and deal round 1 (both recorded before anything shows)."""
        names = [n.strip() for n in self.names]
        if any(not n for n in names):
            self.error = self.tr.t("Every player needs a name.")
            return False
        if len({n.lower() for n in names}) != len(names):
            self.error = self.tr.t("Two players have the same name; add an initial so everyone can tell.")
            return False
        try:
            rules = Rules.from_dict(dict(self.settings))
            game_id = self.service.create(names, self.youngest, rules, seed)
            self.service.play(game_id, {"type": "StartRound"})
        except (GameError, ValueError) as exc:
            self.error = error_text(self.tr, exc)
            return False
        if self.new_game_lang:
            self.game_id = game_id
            self.choose_game_language(self.new_game_lang)
        self.resume(game_id)
        self._changed()
        return True
