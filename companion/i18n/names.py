"""Words the app picks at run time (tools, roles, settings, shapes ...), marked for extraction.

`N_` only marks a string for `pybabel extract`; the screen translates it when it shows it:
`tr.t(TOOL["pick"])`. Keeping these tables here (not in the engine) keeps the engine
standard-library only and lets every language name the cards the way its players do.
"""
from __future__ import annotations


def N_(msgid: str) -> str:
    """Mark a message id for extraction without translating it yet."""
    return msgid


def N_n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message (singular, plural) for extraction; `tr.n(*pair, count)` shows it."""
    return singular, plural


TOOL = {"pick": N_("pick"), "lantern": N_("lantern"), "cart": N_("cart")}
BROKEN_TOOL = {"pick": N_("broken pick"), "lantern": N_("broken lantern"), "cart": N_("broken cart")}
ROLE = {"gold_digger": N_("gold-digger"), "saboteur": N_("saboteur")}
YOU_ARE = {"gold_digger": N_("You are a gold-digger"), "saboteur": N_("You are a saboteur")}
SIDE = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
GOAL_POSITION = {-2: N_("top goal"), 0: N_("middle goal"), 2: N_("bottom goal")}
FACE = {"gold": N_("gold"), "stone": N_("stone"), "stone_ne": N_("stone"), "stone_nw": N_("stone")}
GOAL_FACE_CHOICE = {"gold": N_("Gold (a cross with the nugget)"),
                    "stone_ne": N_("Stone: curve north-east"),
                    "stone_nw": N_("Stone: curve north-west")}
SHAPE = {"cross": N_("Cross"), "t_nes": N_("T-junction"), "t_new": N_("T-junction"),
         "straight_ns": N_("Straight"), "straight_ew": N_("Straight"), "curve_ne": N_("Curve"),
         "curve_nw": N_("Curve"), "dead_end": N_("Dead end")}
CARD_KIND = {"tunnel": N_("tunnel"), "dead_end": N_("dead end"), "start": N_("start card"),
             "goal": N_("goal card"), "path": N_("path card"), "empty": N_("empty")}
ACTION = {"break": N_("Broken tool"), "repair": N_("Repair"), "rockfall": N_("Rockfall"),
          "map": N_("Map"), "pass": N_("Pass")}
PRESET = {"classic_2004": N_("Classic 2004"), "amigo_2024": N_("Amigo 2024")}
PRESET_HELP = {
    "classic_2004": N_("The 2004 rules: when the gold-diggers win, draw as many gold cards as players "
                       "(at most 9)."),
    "amigo_2024": N_("The 2024 Amigo rulebook: when the gold-diggers win, draw one gold card per "
                     "gold-digger."),
}
CUSTODY = {"app": N_("App deals roles"), "cards": N_("Physical cards")}
CUSTODY_HELP = {
    "app": N_("The app deals the roles and hides which goal is gold (recommended)."),
    "cards": N_("Deal the role cards and lay the goals from the box; tell the app what is revealed."),
}
SETTING = {"sabotaged_dwarf": N_("Sabotaged dwarf"), "tournament": N_("Tournament"),
           "self_sabotage": N_("Self-sabotage"), "hidden_goal_as_cross": N_("Hidden goal as a cross"),
           "revealed_goal_exempt": N_("Revealed goals exempt")}
SETTING_HELP = {
    "reward_cards": N_("Gold cards drawn when the gold-diggers win: min(players, 9) or one per "
                       "gold-digger."),
    "sabotaged_dwarf": N_("Gold-diggers with a broken tool at the round's end get no gold."),
    "tournament": N_("Gold-diggers win: the finder gets 3 nuggets, the other gold-diggers 2."),
    "self_sabotage": N_("A player may lay a broken tool in front of themselves."),
    "hidden_goal_as_cross": N_("A face-down goal demands an opening toward it."),
    "revealed_goal_exempt": N_("Revealed goal cards never constrain neighbouring edges."),
    "custody": N_("Who holds roles and the gold goal: the app deals them, or the physical cards do."),
}
MOVE = {"PlacePath": N_("the path card"), "BreakTool": N_("the broken tool"), "Repair": N_("the repair"),
        "Rockfall": N_("the rockfall"), "PlayMap": N_("the map"), "Pass": N_("the pass"),
        "TakeGold": N_("the last gold pick"), "StartRound": N_("the deal of the round"),
        "RevealGoal": N_("the goal reveal"), "RevealRole": N_("the role shown")}
TEAM = {"gold_diggers": N_("gold-diggers"), "saboteurs": N_("saboteurs"), "nobody": N_("nobody")}
STATUS = {"active": N_("in progress"), "finished": N_("finished")}
