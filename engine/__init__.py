"""Saboteur rules engine: pure Python, standard library only.

One entry point changes a game: apply(state, move) -> (state, events). See docs/record-format.md
for the game record and /work/notes/ENGINE_API.md for the contract with the app.
"""
from .board import Board, Cell, check_board, legal_placement, placement_problem
from .events import Rejected, event_from_dict, event_to_dict, visible_to
from .game import apply
from .gold import ranking, totals
from .moves import (BreakTool, Pass, PlacePath, PlayMap, Repair, RevealGoal, RevealRole, Rockfall,
                    StartRound, TakeGold, move_from_dict, move_to_dict)
from .record import RecordError, replay, state_from_header
from .rules import PRESETS, Rules
from .state import GameState, new_game
from .views import view_for

__all__ = [
    "Board", "Cell", "check_board", "legal_placement", "placement_problem", "Rejected",
    "event_from_dict", "event_to_dict", "visible_to", "apply", "ranking", "totals", "BreakTool",
    "Pass", "PlacePath", "PlayMap", "Repair", "RevealGoal", "RevealRole", "Rockfall", "StartRound",
    "TakeGold", "move_from_dict", "move_to_dict", "RecordError", "replay", "state_from_header",
    "PRESETS", "Rules", "GameState", "new_game", "view_for",
]
