"""Players' phones: seat tokens, who holds a seat, and what each seat's phone must do next.

A seat URL is `/seat/<token>`; the token (192 random bits, `secrets.token_urlsafe`) is the
only key to that seat's secrets, so it is never derived from anything guessable. Everything is
an event of kind "seat" in the game's log (nothing else is persisted), so a restarted app
knows which phone holds which seat:

    {"op": "open",    "seat": 2, "token": T}             the table showed seat 2's QR code
    {"op": "claim",   "seat": 2, "token": T, "claim": C} a phone (browser claim id C) took it
    {"op": "release", "seat": 2, "token": T}             the table freed the seat; T is dead

A seat is held by one phone: the first claim id wins and the same browser (same claim id,
kept in its local storage) gets the seat back after a reload; any other browser is refused.
A released token stays dead; the table shows a fresh QR code for the next phone.
Seat events sit outside the moves, so undo never touches them.
"""
from __future__ import annotations

import re
import secrets
from typing import Any

from .service import GameService, LiveGame

KIND = "seat"
TOKEN_BYTES = 24  # 192 bits; the issue asks for at least 128
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")
CLAIM_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class SeatRefused(Exception):
    """A seat URL that gives no seat: `code` says why (the page explains it in words).

    Codes: "malformed" (not a token at all), "unknown" (no game has it: guessed or mistyped),
    "released" (the table freed the seat: a stale QR code), "taken" (another phone holds it),
    "bad_claim" (the browser sent no usable claim id).
    """

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_claim_id() -> str:
    """A browser's own id (kept in its local storage) so a reload gets its seat back."""
    return secrets.token_urlsafe(18)


def seat_table(live: LiveGame) -> dict[int, dict[str, Any]]:
    """Seat -> {"token", "claim"} for every seat whose current QR code is live."""
    seats: dict[int, dict[str, Any]] = {}
    for e in live.log:
        if e.kind != KIND:
            continue
        p = e.payload
        seat, current = int(p["seat"]), seats.get(int(p["seat"]))
        if p["op"] == "open":
            seats[seat] = {"token": p["token"], "claim": None}
        elif current and current["token"] == p.get("token"):
            if p["op"] == "claim" and current["claim"] is None:
                current["claim"] = p["claim"]
            elif p["op"] == "release":
                del seats[seat]
    return seats


def phone_seats(live: LiveGame) -> set[int]:
    """Seats whose private steps happen on a phone (a phone has claimed the seat)."""
    return {s for s, v in seat_table(live).items() if v["claim"]}


def open_seat(service: GameService, game_id: int, seat: int) -> str:
    """The live token of a seat, creating one (an event) if it has none."""
    live = service.game(game_id)
    if not 0 <= seat < live.state.n:
        raise ValueError(f"no seat {seat}")
    with live.lock:
        current = seat_table(live).get(seat)
        if current:
            return current["token"]
        token = new_token()
        service.append_event(game_id, KIND, {"op": "open", "seat": seat, "token": token})
        return token


def release_seat(service: GameService, game_id: int, seat: int) -> None:
    """The table frees a seat: its token dies, its phone is told, pass-and-play takes over."""
    live = service.game(game_id)
    with live.lock:
        current = seat_table(live).get(seat)
        if current:
            service.append_event(game_id, KIND, {"op": "release", "seat": seat, "token": current["token"]})


def _game_of(service: GameService, token: str) -> tuple[int, int, bool]:
    """(game id, seat, still live) of a well-formed token; SeatRefused("unknown") if none."""
    for game_id in service.store.games_with_event(KIND, token):
        live = service.game(game_id)
        for e in live.log:
            if e.kind == KIND and e.payload["op"] == "open" and secrets.compare_digest(e.payload["token"], token):
                seat = int(e.payload["seat"])
                current = seat_table(live).get(seat)
                return game_id, seat, bool(current and current["token"] == token)
    raise SeatRefused("unknown")


def claim_seat(service: GameService, token: str, claim: str) -> tuple[int, int]:
    """A phone opens a seat URL: (game id, seat) if this browser may hold it, else SeatRefused."""
    if not isinstance(token, str) or not TOKEN_RE.match(token):
        raise SeatRefused("malformed")
    if not isinstance(claim, str) or not CLAIM_RE.match(claim):
        raise SeatRefused("bad_claim")
    game_id, seat, alive = _game_of(service, token)
    if not alive:
        raise SeatRefused("released")
    live = service.game(game_id)
    with live.lock:  # check and claim in one step: two phones racing for a seat get one winner
        current = seat_table(live).get(seat)
        if not current or current["token"] != token:
            raise SeatRefused("released")
        if current["claim"] is None:
            service.append_event(game_id, KIND, {"op": "claim", "seat": seat, "token": token, "claim": claim})
        elif not secrets.compare_digest(current["claim"], claim):
            raise SeatRefused("taken")
    return game_id, seat


def still_held(service: GameService, game_id: int, seat: int, token: str, claim: str) -> bool:
    """Is this phone still the holder (the table may have released the seat meanwhile)?"""
    current = seat_table(service.game(game_id)).get(seat)
    return bool(current and current["token"] == token and current["claim"] == claim)


# ---- what a seat's phone is asked to do (derived from the log, like the table's steps) ------
def notes_this_round(live: LiveGame, what: str) -> list[dict[str, Any]]:
    return [n for n in live.notes(what) if n.get("round") == live.state.round]


def role_pending(live: LiveGame, seat: int) -> bool:
    """Custody "app": this seat has not yet looked at its role this round."""
    st = live.state
    return (st.phase == "play" and st.rules.custody == "app"
            and seat not in {n["seat"] for n in notes_this_round(live, "role_seen")})


def pending_peek(live: LiveGame) -> int | None:
    """The seat whose map result has not been looked at yet (the last move was its map)."""
    if not live.moves or live.moves[-1]["type"] != "PlayMap":
        return None
    done = [n for n in live.notes("peek_done") if n["at_move"] == len(live.moves)]
    return None if done else int(live.moves[-1]["seat"])


def payouts(live: LiveGame) -> dict[int, list[int]]:
    """Gold cards paid (not drafted) in the latest round, per seat."""
    paid: dict[int, list[int]] = {}
    for group in reversed(live.events):
        for e in group:
            if e["type"] == "GoldPaid":
                paid.setdefault(e["seat"], []).extend(e["values"])
        if any(e["type"] == "RoundStarted" for e in group):
            break
    return paid


# ---- photos from a phone ----------------------------------------------------------------------
def post_photo(service: GameService, game_id: int, seat: int, data: bytes) -> None:
    """Hand a phone's photo to the table (in memory: the table keeps the shrunk copy it scans).
    One photo per game waits at a time; a newer one replaces it."""
    inbox = service.__dict__.setdefault("phone_photos", {})
    inbox[game_id] = (seat, data)
    service.append_event(game_id, KIND, {"op": "photo", "seat": seat, "size": len(data)})


def waiting_photo(service: GameService, game_id: int) -> tuple[int, bytes] | None:
    """(seat, bytes) of the photo a phone sent and the table has not used yet."""
    return service.__dict__.get("phone_photos", {}).get(game_id)


def take_photo(service: GameService, game_id: int) -> bytes | None:
    """The table uses the waiting photo (it is then gone from the inbox)."""
    got = service.__dict__.get("phone_photos", {}).pop(game_id, None)
    return got[1] if got else None
