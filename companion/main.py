"""`main(page)`: the Flet entry point (also what `flet build` runs, via [tool.flet.app]).

One GameService per process (so every page shares the same live games and locks); one Session
per page. After a change, the session announces the game id on pubsub; every other page
re-reads that game, so a second device or tab always shows the same step.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import flet as ft

from .i18n.flet_locale import device_language, locale_configuration, save_choice, saved_choice
from .routes import deliver, follow_table_routes, seat_token, start_seat_page
from .service import GameService
from .session import Session
from .storage import Store
from .views.app import App

TOPIC = "game"
_service: GameService | None = None
_service_lock = threading.Lock()


def default_db() -> Path:
    """Where the games live unless --db says otherwise (SABOTEUR_DB also works for `flet build`)."""
    env = os.environ.get("SABOTEUR_DB")
    if env:
        return Path(env)
    base = os.environ.get("FLET_APP_STORAGE_DATA") or str(Path.home() / ".saboteur-companion")
    return Path(base) / "games.db"


def service(db: Path | None = None) -> GameService:
    """The process's one game service, opened on first use."""
    global _service
    with _service_lock:
        if _service is None:
            _service = GameService(Store(db or default_db()))
        return _service


def main(page: ft.Page) -> None:
    page.title = "Saboteur companion"
    page.theme_mode = ft.ThemeMode.LIGHT
    page.padding = 12
    token = seat_token(page.route)
    if token is not None:  # a player's phone: that seat's page only, never the table app
        start_seat_page(page, token, service(), TOPIC, lambda fn: page.pubsub.subscribe_topic(TOPIC, fn))
        page.on_close = lambda _e: page.pubsub.unsubscribe_all()
        return
    session = Session(service())
    prefs = ft.SharedPreferences()

    def apply_language() -> None:
        """Page title and Flutter's own texts (menus, pickers) in the page's language."""
        page.title = session.tr.t("Saboteur companion")
        page.locale_configuration = locale_configuration(session.lang)
        page.update()

    async def start_language() -> None:
        session.device_lang = await device_language(page)
        session.lang_choice = await saved_choice(prefs)
        apply_language()

    async def remember(lang: str) -> None:
        await save_choice(prefs, lang)
        apply_language()

    async def refresh(game_id: int) -> None:
        session.refresh(game_id)

    def on_message(topic: str, game_id: int) -> None:
        deliver(page, refresh, game_id)  # a closed tab stops listening instead of failing

    session.on_change = lambda game_id: page.pubsub.send_others_on_topic(TOPIC, game_id)
    session.on_language = lambda lang: page.run_task(remember, lang)
    page.pubsub.subscribe_topic(TOPIC, on_message)
    page.on_close = lambda _e: page.pubsub.unsubscribe_all()  # a closed tab stops listening
    follow_table_routes(page, session)  # /game/<id>: a reload lands on the same game
    page.render(App, session)
    page.run_task(start_language)


if __name__ == "__main__":  # what `flet build` runs on a phone ([tool.flet.app] module)
    ft.run(main, assets_dir=str(Path(__file__).resolve().parents[1] / "assets"))
