"""The table's URL follows its session even when the browser leaves a route push unanswered."""
import asyncio

from companion import routes


class FakeSession:
    """What follow_table_routes reads of a table session: its screen, game and listeners."""

    def __init__(self) -> None:
        self.screen, self.game_id, self.listeners = "home", None, []

    def subscribe(self, fn) -> None:
        self.listeners.append(fn)

    def open_game(self, game_id: int) -> None:
        self.screen, self.game_id = "game", game_id
        for fn in self.listeners:
            fn(self, "screen")

    def resume(self, game_id: int) -> None:
        self.screen, self.game_id = "game", game_id

    def go_home(self) -> None:
        self.screen = "home"


class SilentFirstPage:
    """A page whose browser never answers the first route push (a busy or reconnecting tab) and
    applies the later ones, reporting the new route as a real client does."""

    def __init__(self) -> None:
        self.route, self.pushes, self.tasks = "/", [], []
        self.on_route_change = None

    async def push_route(self, route: str) -> None:
        self.pushes.append(route)
        if len(self.pushes) == 1:
            await asyncio.Event().wait()          # no answer, ever
        self.route = route

    def run_task(self, fn) -> None:
        self.tasks.append(asyncio.ensure_future(fn()))


async def test_an_unanswered_push_is_made_again(monkeypatch):
    monkeypatch.setattr(routes, "PUSH_WAIT", 0.2)
    page, session = SilentFirstPage(), FakeSession()
    routes.follow_table_routes(page, session)
    session.open_game(7)
    await asyncio.wait_for(asyncio.gather(*page.tasks), 5)
    assert page.pushes == ["/game/7", "/game/7"]
    assert page.route == "/game/7"
