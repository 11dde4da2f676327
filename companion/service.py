"""The game service: one per process, holding the live games and serialising their moves.

Every page (pass-and-play table, later the players' phones) talks to a game through this
service, so two taps arriving at once are applied one after the other, once each. The store's
event log is the truth; the in-memory state is only a cache rebuilt by replaying that log.
Log kinds: "move" (an engine move), "undo" (takes back the latest move still in force),
"note" (a screen step done, e.g. a role seen, so a resumed game returns to the same step),
"correction" (a round's gold corrected after the fact; applied on top of the engine's scores).
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from engine import apply as eapply
from engine import view_for
from engine.events import Rejected, event_to_dict
from engine.moves import move_from_dict, move_to_dict
from engine.record import dumps, make_header, state_from_header
from engine.rules import Rules
from engine.state import GameState, new_game

from .i18n.names import N_
from .storage import LogEntry, StorageError, Store

Listener = Callable[[int], None]


class GameError(Exception):
    """A refused action, with the reason to show (nothing was recorded)."""

    def __init__(self, reason: str, rule: str = "", msgid: str = "", **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.msgid, self.params = msgid, params  # the catalogue id of an app message, for other languages


@dataclass
class LiveGame:
    """A game's header, its log, and the state its effective moves replay to."""

    id: int
    header: dict[str, Any]
    log: list[LogEntry]
    state: GameState
    moves: list[dict[str, Any]] = field(default_factory=list)  # in force, oldest first
    events: list[list[dict[str, Any]]] = field(default_factory=list)  # per move in force
    lock: threading.RLock = field(default_factory=threading.RLock)

    def notes(self, what: str) -> list[dict[str, Any]]:
        """Screen-step notes still in force: an undo past the move a note followed cancels it."""
        count, active = 0, []
        for e in self.log:
            if e.kind == "move":
                count += 1
            elif e.kind == "undo" and count:
                count -= 1
                active = [n for n in active if n["at_move"] <= count]
            elif e.kind == "note":
                active.append(e.payload)
        return [n for n in active if n.get("what") == what]

    def corrections(self) -> dict[int, dict[int, int]]:
        """Round number -> seat -> corrected nuggets (the latest correction of a round wins)."""
        out: dict[int, dict[int, int]] = {}
        for e in self.log:
            if e.kind == "correction":
                out[int(e.payload["round"])] = {int(k): int(v) for k, v in e.payload["gold"].items()}
        return out


def header_for(players: list[str], youngest: int, rules: Rules, seed: int | None = None) -> dict:
    """The engine's record header: everything needed to replay the game from its moves.

    Raises GameError when the engine refuses the set-up (so a bad set-up never reaches the log).
    """
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    try:
        state = new_game(players, rules, youngest, seed, "track")
    except ValueError as exc:
        raise GameError(str(exc)) from None
    return make_header(state)


def replay(header: dict[str, Any], moves: list[dict[str, Any]]) -> tuple[GameState, list[list[dict]]]:
    """Rebuild the state from the header and the moves in force (each was accepted once)."""
    state = state_from_header(header)
    events: list[list[dict]] = []
    for m in moves:
        state, evs = eapply(state, move_from_dict(m))
        if evs and isinstance(evs[0], Rejected):
            raise StorageError(f"The saved game no longer replays ({evs[0].reason}).",
                               N_("The saved game no longer replays ({reason})."), reason=evs[0].reason)
        events.append([event_to_dict(e) for e in evs])
    return state, events


def moves_in_force(log: list[LogEntry]) -> list[dict[str, Any]]:
    """Moves minus the ones undone: each undo takes back the latest move still in force."""
    stack: list[dict[str, Any]] = []
    for e in log:
        if e.kind == "move":
            stack.append(e.payload)
        elif e.kind == "undo" and stack:
            stack.pop()
    return stack


class GameService:
    """Live games by id; every change is written to the store first, then announced."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[int, LiveGame] = {}
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []

    def subscribe(self, fn: Listener) -> Callable[[], None]:
        """Call `fn(game_id)` after every change (the app wires this to page.pubsub)."""
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def _announce(self, game_id: int) -> None:
        for fn in list(self._listeners):
            fn(game_id)

    def create(self, players: list[str], youngest: int, rules: Rules, seed: int | None = None) -> int:
        """Validate with the engine first, so a bad set-up never reaches the log."""
        header = header_for(players, youngest, rules, seed)
        game_id = self.store.create_game(header)
        self._announce(game_id)
        return game_id

    def game(self, game_id: int) -> LiveGame:
        with self._lock:
            live = self._games.get(game_id)
            if live is None:
                row = self.store.game(game_id)
                log = self.store.log(game_id)
                moves = moves_in_force(log)
                state, events = replay(row["header"], moves)
                live = LiveGame(game_id, row["header"], log, state, moves, events)
                self._games[game_id] = live
            return live

    def _refresh(self, live: LiveGame) -> None:
        live.log = self.store.log(live.id)
        live.moves = moves_in_force(live.log)
        live.state, live.events = replay(live.header, live.moves)

    def play(self, game_id: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one move; returns its events. Raises GameError (nothing recorded) if refused."""
        live = self.game(game_id)
        with live.lock:
            try:
                parsed = move_from_dict(move)
            except ValueError as exc:
                raise GameError(str(exc)) from None
            state, evs = eapply(live.state, parsed)
            if evs and isinstance(evs[0], Rejected):
                raise GameError(evs[0].reason, evs[0].rule)
            entry = move_to_dict(parsed)
            self.store.append(game_id, "move", entry)
            live.log = self.store.log(game_id)
            live.moves.append(entry)
            live.state = state
            live.events.append([event_to_dict(e) for e in evs])
            if state.phase == "game_over":
                self.store.set_status(game_id, "finished")
        self._announce(game_id)
        return live.events[-1]

    def undo(self, game_id: int) -> dict[str, Any]:
        """Take back the latest move still in force; returns it. The log keeps both."""
        live = self.game(game_id)
        with live.lock:
            if len(live.moves) <= 1:  # the first move deals round 1: the game itself
                raise GameError(N_("There is nothing to undo yet."))
            undone = live.moves[-1]
            self.store.append(game_id, "undo", {"move": undone})
            self._refresh(live)
            self.store.set_status(game_id, "active")
        self._announce(game_id)
        return undone

    def note(self, game_id: int, what: str, **data: Any) -> None:
        """Record a screen step (a role seen, a peek shown) so a resume lands on the same step."""
        live = self.game(game_id)
        with live.lock:
            self.store.append(game_id, "note", {"what": what, "at_move": len(live.moves), **data})
            live.log = self.store.log(game_id)
        self._announce(game_id)

    def append_event(self, game_id: int, kind: str, payload: dict[str, Any]) -> None:
        """Record an event that is not a move (e.g. a phone claiming a seat) and announce it.
        Callers that must check-then-write hold `self.game(game_id).lock` around the call."""
        live = self.game(game_id)
        with live.lock:
            self.store.append(game_id, kind, payload)
            live.log = self.store.log(game_id)
        self._announce(game_id)

    def correct_round(self, game_id: int, round_no: int, gold: dict[int, int]) -> None:
        """Correct a finished round's nuggets per seat; an event, the original stays in the log."""
        live = self.game(game_id)
        with live.lock:
            done = len(live.state.round_gold)
            if not 1 <= round_no <= done:
                raise GameError(f"Round {round_no} has no result to correct yet.",
                                msgid=N_("Round {round} has no result to correct yet."), round=round_no)
            if set(gold) != set(range(live.state.n)) or any(v < 0 or v > 30 for v in gold.values()):
                raise GameError(N_("Give every player's gold for that round, from 0 to 30 nuggets."))
            self.store.append(game_id, "correction", {"round": round_no,
                                                      "gold": {str(k): v for k, v in gold.items()}})
            live.log = self.store.log(game_id)
        self._announce(game_id)

    def photo(self, game_id: int, data: bytes) -> int:
        live = self.game(game_id)
        return self.store.add_photo(game_id, data, seq=len(live.log))

    def view(self, game_id: int, seat: int | None = None) -> dict[str, Any]:
        """What a seat (None: the table) may see, straight from the engine."""
        live = self.game(game_id)
        with live.lock:
            return view_for(live.state, seat)

    def record(self, game_id: int) -> str:
        """The game as the engine's record file (JSON Lines: header, then the moves in force)."""
        live = self.game(game_id)
        with live.lock:
            return dumps(live.header, [move_from_dict(m) for m in live.moves])
