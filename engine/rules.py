"""Rule settings: every *setting* of RULES.md as one frozen value, plus named presets.

A game carries its Rules in the record header, so a replay always uses the rules it was played with.
"""
from dataclasses import asdict, dataclass, fields, replace

REWARD_CHOICES = ("players_cap9", "one_per_digger")
CUSTODY_CHOICES = ("app", "cards")


@dataclass(frozen=True)
class Rules:
    """The variant switches; defaults are the 2004 rules as RULES.md decides them."""

    reward_cards: str = "players_cap9"  # gold cards drawn when the diggers win
    sabotaged_dwarf: bool = False  # diggers with a broken tool at the end get nothing
    tournament: bool = False  # finder 3 nuggets, other diggers 2
    self_sabotage: bool = True  # a player may lay a broken tool in front of themselves
    hidden_goal_as_cross: bool = False  # a face-down goal needs an opening toward it
    revealed_goal_exempt: bool = False  # revealed goals do not constrain edges
    custody: str = "app"  # "app": the engine deals roles and the gold goal; "cards": the table does

    def __post_init__(self) -> None:
        """Refuse unknown choices at once, so a typo never silently plays other rules."""
        if self.reward_cards not in REWARD_CHOICES:
            raise ValueError(f"reward_cards must be one of {REWARD_CHOICES}")
        if self.custody not in CUSTODY_CHOICES:
            raise ValueError(f"custody must be one of {CUSTODY_CHOICES}")
        for f in fields(self):
            if f.type in (bool, "bool") and not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"{f.name} must be true or false")

    def to_dict(self) -> dict:
        """Plain JSON-able dict (the record header stores this)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        """Rules from a dict; unknown keys are an error (a typo must not silently change the game)."""
        if not isinstance(data, dict):
            raise ValueError("rules must be a JSON object")
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule settings: {sorted(unknown)}")
        return cls(**data)

    def with_(self, **changes: object) -> "Rules":
        """A copy with some settings changed (the app's variant toggles)."""
        return replace(self, **changes)


PRESETS: dict[str, Rules] = {
    "classic_2004": Rules(),
    "amigo_2024": Rules(reward_cards="one_per_digger"),
}
DEFAULT_PRESET = "classic_2004"

# One line per setting, for the app's toggles and the README table.
SETTING_HELP: dict[str, str] = {
    "reward_cards": "gold cards drawn when the gold-diggers win: min(players, 9) or one per gold-digger",
    "sabotaged_dwarf": "gold-diggers with a broken tool at the round's end get no gold",
    "tournament": "gold-diggers win: the finder gets 3 nuggets, the other gold-diggers 2",
    "self_sabotage": "a player may lay a broken tool in front of themselves",
    "hidden_goal_as_cross": "a face-down goal demands an opening toward it",
    "revealed_goal_exempt": "revealed goal cards never constrain neighbouring edges",
    "custody": "who holds roles and the gold goal: the app deals them, or the physical cards do",
}
