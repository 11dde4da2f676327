"""Game verbs: role reveal, dealing, actions, map peeks, goal and role reveals, the gold draft.

The step shown is derived from the engine's phase plus the screen-step notes in the log, never
kept only in memory: that is what lets a reloaded tab or a restarted app land on the same step.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.cards import GOALS, PLAYER_TABLE, TOOLS

from . import seats
from .i18n import Translator, cell
from .i18n.names import TOOL, YOU_ARE



def reveal_notes(events: list[dict[str, Any]], tr: Translator) -> list[str]:
    """Tell the table what to turn over and how to lay it (a stone is turned to join the tunnel)."""
    notes = []
    for e in events:
        at = cell(e.get("col", 0), e.get("row", 0))
        if e["type"] == "GoalRevealed" and e["face"] == "gold":
            notes.append(tr.t("The goal at {cell} is the GOLD: turn it over. The round is over!", cell=at))
        elif e["type"] == "GoalRevealed":
            notes.append(tr.t("The goal at {cell} is stone: turn it over and lay it so its tunnel opens "
                              "{openings}.", cell=at, openings="-".join(e["openings"])))
        elif e["type"] == "GoalReached":
            notes.append(tr.t("A tunnel reached the goal at {cell}: turn it over.", cell=at))
    return notes


class PlayVerbs:
    """Mixed into Session: everything from the deal to the next round."""

    game_id: int | None
    table: dict[str, Any] | None
    panel: str
    private_seat: int | None
    holding: bool
    private: dict[str, Any]
    target: int | None
    tool: str
    double: bool
    choice: tuple[int, int] | None
    info: str
    error: str

    # ---- where are we? -------------------------------------------------------------------
    def _notes(self, what: str) -> list[dict[str, Any]]:
        rnd = self.table["round"]
        return [n for n in self.service.game(self.game_id).notes(what) if n.get("round") == rnd]

    def derive_step(self) -> str:
        t = self.table
        phase = t["phase"]
        if phase == "play":
            if t["rules"]["custody"] == "app" and len(self.roles_seen()) < len(t["players"]):
                return "reveal"
            if not self._notes("dealt"):
                return "deal"
            if self.pending_peek() is not None:
                return "peek"
            return "turn"
        return {"reveal": "goal", "roles": "roles", "draft": "draft", "round_over": "round_end",
                "game_over": "final", "setup": "deal"}.get(phase, "turn")

    def roles_seen(self) -> set[int]:
        return {n["seat"] for n in self._notes("role_seen")}

    def pending_peek(self) -> int | None:
        """The seat whose map peek has not been shown yet (the last move was its map)."""
        live = self.service.game(self.game_id)
        if not live.moves or live.moves[-1]["type"] != "PlayMap":
            return None
        done = [n for n in live.notes("peek_done") if n["at_move"] == len(live.moves)]
        return None if done else live.moves[-1]["seat"]

    def names_of(self) -> list[str]:
        return self.table["players"]

    def hand_size(self) -> int:
        return PLAYER_TABLE[len(self.table["players"])][2]

    # ---- pass-and-play private screens ----------------------------------------------------
    def open_role(self, seat: int) -> None:
        """A player takes the phone: their private role screen (hold to see)."""
        self.private_seat, self.holding = seat, False
        self.private = {"what": "role"}

    def private_text(self) -> str:
        """What the hold-to-see area shows while held; computed on demand, never stored."""
        seat, what = self.private_seat, self.private.get("what")
        if seat is None:
            return ""
        view, tr = self.service.view(self.game_id, seat), self.tr
        if what == "role":
            return tr.t(YOU_ARE[view["role"]]) if view["role"] in YOU_ARE else tr.t("unknown")
        if what == "peek":
            face = view["peeks"][-1]["face"] if view["peeks"] else None
            if face is None:
                return tr.t("Look at the goal card yourself, then put it back face down.")
            at = cell(self.private["col"], self.private["row"])
            return tr.t("Goal {cell} is GOLD", cell=at) if face == "gold" else tr.t("Goal {cell} is stone", cell=at)
        if what == "payout":
            values = self.payouts().get(seat, [])
            return (tr.n("Take gold cards worth {values} = {count} nugget",
                         "Take gold cards worth {values} = {count} nuggets", sum(values),
                         values=" + ".join(map(str, values)))
                    if values else tr.t("No gold for you this round"))
        if what == "gold":
            cards = " + ".join(str(v) for v in view["gold"]) or tr.t("none yet")
            return tr.n("Your gold: {count} nugget ({cards})", "Your gold: {count} nuggets ({cards})",
                        view["nuggets"], cards=cards)
        return ""

    def done_role(self) -> None:
        seat = self.private_seat
        self.close_private()
        if seat is not None and seat not in self.roles_seen():
            self.service.note(self.game_id, "role_seen", seat=seat, round=self.table["round"])
        self.refresh()
        self._changed()

    def dealt(self) -> None:
        """The table laid the start and goals and dealt the hands: play begins."""
        self.service.note(self.game_id, "dealt", round=self.table["round"])
        self.refresh()
        self._changed()

    # ---- turn actions -------------------------------------------------------------------
    def open_panel(self, panel: str) -> None:
        self.error, self.info = "", ""
        self.panel = panel
        self.target, self.tool, self.double, self.choice = None, "", False, None
        if panel in ("scan", "rockfall"):
            self.reset_scan()
            self.rebuild_grid()

    def close_panel(self) -> None:
        self.panel = ""
        self.reset_scan()

    def set_target(self, seat: int) -> None:
        self.target = seat

    def set_tool(self, tool: str) -> None:
        self.tool = tool if tool in TOOLS else ""

    def set_double(self, value: bool) -> None:
        self.double = bool(value)

    def set_choice(self, col: int, row: int) -> None:
        self.choice = (col, row)
        if self.panel == "rockfall":
            self.rebuild_grid()

    def _turn_move(self, move: dict[str, Any], done: Callable[[str], str]) -> None:
        seat = self.table["turn"]
        move = {**move, "seat": seat}
        events: list[dict[str, Any]] = []
        if self._do(lambda: events.extend(self.service.play(self.game_id, move))):
            self.panel = ""
            self.info = " ".join([done(self.table["players"][seat]), *reveal_notes(events, self.tr)]).strip()

    def break_tool(self) -> None:
        if self.target is None or not self.tool:
            self.error = self.tr.t("Choose the player and the tool.")
            return
        target, tool = self.table["players"][self.target], self.tr.t(TOOL[self.tool])
        self._turn_move({"type": "BreakTool", "target": self.target, "tool": self.tool},
                        lambda name: self.tr.t("{name} laid a broken tool in front of {target}: {tool}.",
                                               name=name, target=target, tool=tool))

    def repair(self) -> None:
        if self.target is None or not self.tool:
            self.error = self.tr.t("Choose the player and the tool to repair.")
            return
        target, tool = self.table["players"][self.target], self.tr.t(TOOL[self.tool])
        self._turn_move({"type": "Repair", "target": self.target, "tool": self.tool, "double": self.double},
                        lambda name: self.tr.t("{name} repaired a tool of {target}: {tool}.", name=name,
                                               target=target, tool=tool))

    def rockfall(self) -> None:
        if self.choice is None:
            self.error = self.tr.t("Tap the card the rockfall removes.")
            return
        col, row = self.choice
        self._turn_move({"type": "Rockfall", "col": col, "row": row},
                        lambda name: self.tr.t("{name} removed the card at {cell}. Take it off the table.",
                                               name=name, cell=cell(col, row)))

    def play_map(self) -> None:
        if self.choice is None or self.choice not in GOALS:
            self.error = self.tr.t("Choose the goal card to look at.")
            return
        col, row = self.choice
        self._turn_move({"type": "PlayMap", "goal_col": col, "goal_row": row}, lambda name: "")

    def open_peek(self) -> None:
        live = self.service.game(self.game_id)
        move = live.moves[-1]
        self.private_seat, self.holding = move["seat"], False
        self.private = {"what": "peek", "col": move["goal_col"], "row": move["goal_row"]}

    def done_peek(self) -> None:
        self.close_private()
        self.service.note(self.game_id, "peek_done", round=self.table["round"])
        self.refresh()
        self._changed()

    def pass_turn(self, discard: bool = True) -> None:
        """Pass with a discard; without one only once the draw pile is empty (an empty hand)."""
        if discard:
            self._turn_move({"type": "Pass", "discard": True},
                            lambda name: self.tr.t("{name} passed and discarded one card face down.", name=name))
        else:
            self._turn_move({"type": "Pass", "discard": False},
                            lambda name: self.tr.t("{name} has no card left and passed.", name=name))

    # ---- custody "cards": the table tells the app what it saw ------------------------------
    def reveal_goal(self, col: int, row: int, face: str) -> None:
        self._do(lambda: self.service.play(self.game_id, {"type": "RevealGoal", "col": col,
                                                          "row": row, "face": face}))

    def reveal_role(self, seat: int, role: str) -> None:
        self._do(lambda: self.service.play(self.game_id, {"type": "RevealRole", "seat": seat,
                                                          "role": role}))

    # ---- the gold draft and the next round -------------------------------------------------
    def open_pick(self) -> None:
        seat = self.table["draft"]["picker"]
        self.private_seat, self.holding = seat, False
        self.private = {"what": "pick", "offer": self.service.view(self.game_id, seat)["draft"]["offer"]}

    def take_gold(self, value: int) -> None:
        seat = self.private_seat
        if seat is None:
            return
        if self._do(lambda: self.service.play(self.game_id, {"type": "TakeGold", "seat": seat,
                                                             "value": value})):
            self.private = {"what": "took", "value": value}

    def payouts(self) -> dict[int, list[int]]:
        """Gold cards paid (not drafted) this round, per seat: saboteurs, tournament shares.
        Only seat numbers are shown publicly; the values go to each seat's private screen."""
        return seats.payouts(self.service.game(self.game_id))

    def open_payout(self, seat: int) -> None:
        self.private_seat, self.holding = seat, False
        self.private = {"what": "payout"}

    def next_round(self) -> None:
        if self._do(lambda: self.service.play(self.game_id, {"type": "StartRound"})):
            self.info = self.tr.t("Round {round} dealt.", round=self.table["round"])

    def round_summary(self) -> dict[str, Any]:
        """Public facts of the round just ended: winner, finder, roles, saboteur payouts."""
        t = self.table
        roles = t["roles"] or []
        saboteurs = [s for s, r in enumerate(roles) if r == "saboteur"]
        pay = {1: 4, 2: 3, 3: 3, 4: 2}.get(len(saboteurs), 0)
        return {"winner": t["winner"], "finder": t["finder"], "roles": roles,
                "saboteurs": saboteurs, "payout": pay if t["winner"] == "saboteurs" else 0}
