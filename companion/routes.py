"""URLs: `/` home, `/game/<id>` a game on the table device, `/seat/<token>` a player's phone.

The table's route follows its session (so a reload of the table page lands on the same game
screen, not on Home), and a route typed or reloaded opens that game. A seat route starts a
phone page instead of the table app: it only ever renders `SeatPage`.
"""
from __future__ import annotations

import asyncio
import logging
import re
from typing import Any, Callable

import flet as ft

from .seats import CLAIM_RE, new_claim_id
from .session_seat import SeatSession
from .views.seat import SeatPage

GAME_ROUTE = re.compile(r"^/game/(\d{1,9})/?$")
SEAT_PREFIX = "/seat/"
PUSH_TRIES, PUSH_WAIT = 10, 3.0   # a route push is made again after 3 s without an answer (30 s in all)
CLAIM_KEY = "saboteur.seat-claim"  # this browser's claim id, in its own local storage
log = logging.getLogger(__name__)


def seat_token(route: str | None) -> str | None:
    """The token part of a seat route (possibly malformed: the seat page explains), else None."""
    path = (route or "").split("?", 1)[0]
    return path[len(SEAT_PREFIX):].strip("/") if path.startswith(SEAT_PREFIX) else None


def game_of(route: str | None) -> int | None:
    m = GAME_ROUTE.match((route or "").split("?", 1)[0])
    return int(m.group(1)) if m else None


def route_for(session: Any) -> str:
    """Where the table session is: a game has its own URL, everything else is home."""
    return f"/game/{session.game_id}" if session.screen == "game" and session.game_id is not None else "/"


async def _reported(page: ft.Page, session: Any, target: str) -> bool:
    """Whether the client reports the session's route within PUSH_WAIT seconds of a push; False
    at once when the session moves on meanwhile (the keeper then pushes where it is now)."""
    for _ in range(max(1, int(PUSH_WAIT * 10))):
        await asyncio.sleep(0.1)
        if page.route == route_for(session):
            return True
        if route_for(session) != target:
            return False
    return False


def follow_table_routes(page: ft.Page, session: Any) -> None:
    """Open the game the URL names, keep the URL in step with the session, obey back/forward."""
    wanted = game_of(page.route)
    if wanted is not None:
        session.resume(wanted)

    pushing = {"on": False}

    async def keep_route() -> None:
        """Push the session's route until the client reports it: one keeper at a time, always
        the latest target (the session may move on while a push is under way), and a push
        the client never answered (a busy or reconnecting tab) is made again. The push itself
        is bounded too: Flet waits for a client's answer without a time limit, and a push that
        was never answered held this keeper (and so every later push) for good."""
        try:
            for _ in range(PUSH_TRIES):
                target = route_for(session)
                if page.route == target:
                    return
                try:
                    await asyncio.wait_for(page.push_route(target), PUSH_WAIT)
                except (TimeoutError, RuntimeError) as exc:
                    log.info("route push to %s not answered, pushing again: %s", target, exc)
                    continue
                if await _reported(page, session, target):
                    return
        finally:
            pushing["on"] = False

    def sync(_sender: Any, name: str | None) -> None:
        if name in ("screen", "game_id") and not pushing["on"] and page.route != route_for(session):
            pushing["on"] = True
            page.run_task(keep_route)

    async def on_route(e: ft.RouteChangeEvent) -> None:
        game_id = game_of(e.route)
        if game_id is not None and (session.screen != "game" or session.game_id != game_id):
            session.resume(game_id)
        elif e.route in ("/", "") and session.screen == "game":
            session.go_home()

    session._route_listener = sync  # observables hold listeners weakly: keep this one alive
    session.subscribe(sync)
    page.on_route_change = on_route


async def _claim_id(page: ft.Page) -> str:
    """This browser's claim id: made once, kept in local storage, so a reload gets the seat back."""
    prefs = ft.SharedPreferences()
    page.services.append(prefs)
    try:
        claim = await prefs.get(CLAIM_KEY)
        if isinstance(claim, str) and CLAIM_RE.match(claim):
            return claim
        claim = new_claim_id()
        await prefs.set(CLAIM_KEY, claim)
        return claim
    except Exception as exc:  # no storage (private mode): the seat holds for this page only
        log.info("no local storage for the claim id: %s", exc)
        return new_claim_id()


async def _language(page: ft.Page) -> str:
    from .i18n.flet_locale import device_language
    return await device_language(page)


def deliver(page: ft.Page, refresh: Callable[[int], Any], game_id: int) -> None:
    """Run a page's refresh on its loop; a page whose browser has gone stops listening."""
    try:
        page.run_task(refresh, game_id)
    except (AttributeError, RuntimeError):  # no connection (or loop) any more: the tab closed
        page.pubsub.unsubscribe_all()


def start_seat_page(page: ft.Page, token: str, service: Any, topic: str,
                    subscribe: Callable[[Callable[[str, int], None]], None]) -> None:
    """Render a phone's seat page, then join its seat with this browser's claim id."""
    s = SeatSession(service, token)

    async def refresh(game_id: int) -> None:
        s.refresh(game_id)

    s.on_change = lambda game_id: page.pubsub.send_others_on_topic(topic, game_id)
    subscribe(lambda _topic, game_id: deliver(page, refresh, game_id))
    page.render(SeatPage, s)

    async def join() -> None:
        s.lang = await _language(page)
        s.join(await _claim_id(page))

    page.run_task(join)
