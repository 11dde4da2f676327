"""Kill the app (SIGKILL) mid-game and restart it: the game resumes at the same step."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from .helpers import AppServer, by_id, click, click_away, hold, open_app, release, shot
from .test_game import first_present, new_game, wait_text

pytestmark = pytest.mark.e2e


def see_role(page, seat: int) -> None:
    click(page, f"role-{seat}")
    hold(page, "hold")
    wait_text(page, "hold", "You are a")
    release(page)
    click_away(page, "private-done")


def restart_and_resume(browser, server: AppServer):
    """Pull the plug, start again on the same file, open a fresh page and resume."""
    server.kill()
    server.start()
    page = browser.new_page(viewport={"width": 430, "height": 1500})
    open_app(page, server.url)
    click(page, "resume")
    return page


def test_kill_and_restart_resumes_at_the_same_step(browser, tmp_path: Path) -> None:
    server = AppServer(tmp_path / "games.db").start()
    try:
        page = browser.new_page(viewport={"width": 430, "height": 1500})
        open_app(page, server.url)
        new_game(page)
        see_role(page, 0)
        see_role(page, 1)
        page = restart_and_resume(browser, server)
        # the two roles already seen stay seen; the third player is next
        wait_text(page, "role-0", "seen")
        wait_text(page, "role-1", "seen")
        assert "seen" not in by_id(page, "role-2").first.inner_text()
        see_role(page, 2)
        click(page, "dealt")
        before = wait_text(page, "turn-title", "turn")
        click(page, "action-pass")
        click_away(page, "do-pass")
        after = wait_text(page, "turn-title", "turn")
        assert after != before
        page = restart_and_resume(browser, server)
        assert wait_text(page, "turn-title", "turn") == after
        time.sleep(0.5)
        shot(page, "20-resumed-after-kill")
        # and undo still reaches back across the restart
        click(page, "undo")
        first_present(page, ["turn-title"])
        wait_text(page, "turn-title", before.split(" - ")[1])
    finally:
        server.stop()


def test_a_second_page_follows_the_game_live(browser, tmp_path: Path) -> None:
    """Two pages on the same game (e.g. a tablet and a second screen): a move on one shows on
    the other through pubsub, without a reload."""
    server = AppServer(tmp_path / "games.db").start()
    try:
        a = browser.new_page(viewport={"width": 430, "height": 1500})
        open_app(a, server.url)
        new_game(a)
        for seat in range(3):
            see_role(a, seat)
        click(a, "dealt")
        before = wait_text(a, "turn-title", "turn")
        b = browser.new_page(viewport={"width": 430, "height": 1500})
        open_app(b, server.url)
        click(b, "resume")
        assert wait_text(b, "turn-title", "turn") == before
        click(a, "action-pass")
        click_away(a, "do-pass")
        after = wait_text(a, "turn-title", "turn")
        assert after != before
        assert wait_text(b, "turn-title", after.split(" - ")[1]) == after
    finally:
        server.stop()
