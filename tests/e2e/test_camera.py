"""The camera option (flet-camera) in real Chromium: a fake camera's picture reaches the scanner,
a phone's camera shot reaches the table, and without a camera (none, or the permission refused)
the page says so and the file picker still works.

Chromium's fake capture device (`--use-fake-device-for-media-stream`) shows a moving test pattern
and `--use-fake-ui-for-media-stream` answers the permission question with yes; 127.0.0.1 is a
secure context, so the browser opens the camera over plain http. The pattern is no maze, so the
scanner's own "not found ... retake" sentence is what proves the picture's bytes reached it.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from companion.service import GameService
from companion.storage import Store
from engine.rules import Rules
from vision.errors import UnreadableImage

from .helpers import ARTIFACTS, CHROMIUM_ARGS, AppServer, by_id, click, click_until, open_app, shot
from .phones import Frames, wait_until
from .test_game import wait_text

pytestmark = pytest.mark.e2e
NAMES = ["Ann", "Bob", "Cy"]
FAKE_CAMERA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]


@pytest.fixture(scope="module")
def pw():
    """One Playwright for the module's browsers (a second one may not run beside it, so the
    conftest's `browser` is not used here: its flags are the plain ones below)."""
    with sync_playwright() as p:
        yield p


def launch(pw, extra: list[str]):
    return pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS + extra)


@pytest.fixture(scope="module")
def camera_browser(pw):
    b = launch(pw, FAKE_CAMERA)
    yield b
    b.close()


@pytest.fixture(scope="module")
def plain_browser(pw):
    """No capture device at all: what headless Chromium on this machine has."""
    b = launch(pw, [])
    yield b
    b.close()


def turn_game(db: Path) -> None:
    """A dealt game whose roles were all seen: the table opens on Ann's turn."""
    service = GameService(Store(db))
    game_id = service.create(NAMES, 0, Rules(), 7)
    service.play(game_id, {"type": "StartRound"})
    for seat in range(len(NAMES)):
        service.note(game_id, "role_seen", seat=seat, round=1)
    service.note(game_id, "dealt", round=1)
    service.store.close()


def press_until_gone(page, identifier: str, timeout: float = 60) -> None:
    """Tap until the control goes away: a tap lost while Flutter rebuilds, or one on the shutter
    before the camera is ready (still disabled), is simply repeated; a busy shutter ignores it."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        loc = by_id(page, identifier)
        if not loc.count():
            return
        try:
            loc.first.click(timeout=2000)
        except Exception:  # noqa: BLE001 - gone or moving between the check and the tap
            pass
        page.wait_for_timeout(2500)
    shot(page, f"failure-{identifier}")
    raise AssertionError(f"{identifier} never went away")


def open_camera(page, prefix: str) -> None:
    """Open the camera and wait until its preview plays (minutes are allowed on a busy machine)."""
    click_until(page, f"{prefix}camera", f"{prefix}camera-close")
    page.wait_for_function("() => { const v = document.querySelector('video');"
                           " return v && v.readyState >= 2 && v.videoWidth > 0; }", timeout=90000)


def take_picture(page, prefix: str, name: str) -> None:
    """Open the camera, shoot; screenshots of the page and of the preview are kept."""
    open_camera(page, prefix)
    page.wait_for_timeout(1000)  # the first frames of the test pattern
    shot(page, f"{name}-open")  # headless Chromium leaves the <video> out of page shots: one of its own
    page.locator("video").first.screenshot(path=str(ARTIFACTS / f"{name}-preview.png"))
    press_until_gone(page, f"{prefix}camera-shoot")


def no_camera_warnings(server: AppServer) -> None:
    assert not [line for line in server.log if "camera" in line], server.log[-20:]


def test_a_camera_shot_of_the_path_card_reaches_the_scanner(camera_browser, tmp_path: Path) -> None:
    turn_game(tmp_path / "games.db")
    server = AppServer(tmp_path / "games.db").start()
    try:
        page = camera_browser.new_page(viewport={"width": 700, "height": 1300})
        frames = Frames(page)  # the error text is selectable, so it is read from the frames
        open_app(page, server.url + "game/1")
        click(page, "action-path")
        by_id(page, "photo").first.wait_for()  # the file picker is offered beside the camera
        open_camera(page, "")  # open and close once: the next opening starts a camera anew
        press_until_gone(page, "camera-close")
        page.wait_for_function("() => !document.querySelector('video')", timeout=30000)
        start = frames.mark()
        take_picture(page, "", "camera-scan")
        wait_until(lambda: page.wait_for_timeout(100) or frames.contains("retake", start), 60,
                   "the scanner's answer")  # (waiting on the page lets Playwright take frames in)
        by_id(page, "error").first.wait_for()
        # an image was decoded and looked at: not "the file is no image"
        assert not frames.contains(UnreadableImage.reason[1:], start)
        assert by_id(page, "camera").count() and by_id(page, "photo").count()  # both offered again
        shot(page, "camera-scan-read")
        no_camera_warnings(server)
    finally:
        server.stop()


def test_a_phone_camera_shot_is_handed_to_the_table(plain_browser, camera_browser, tmp_path: Path) -> None:
    turn_game(tmp_path / "games.db")
    server = AppServer(tmp_path / "games.db").start()
    try:
        table = plain_browser.new_page(viewport={"width": 430, "height": 1300})
        open_app(table, server.url + "game/1")
        click(table, "phones")
        url = wait_text(table, "seat-url-1", "/seat/").strip()
        phone = camera_browser.new_page(viewport={"width": 390, "height": 1100})
        open_app(phone, url)
        take_picture(phone, "seat-", "camera-seat")
        wait_text(phone, "seat-info", "Photo sent to the table")
        shot(phone, "camera-seat-sent")
        click(table, "close-phones")
        click(table, "action-path")
        wait_text(table, "use-phone-photo", "Bob")
        no_camera_warnings(server)
    finally:
        server.stop()


@pytest.mark.parametrize("flags,problem", [
    ([], "No camera was found"),  # headless Chromium with no capture device
    (["--use-fake-device-for-media-stream"], "the permission was refused"),  # nobody says yes
])
def test_without_a_camera_the_page_says_so_and_the_picker_stays(pw, plain_browser, tmp_path: Path,
                                                                flags: list[str], problem: str) -> None:
    server = AppServer(tmp_path / "games.db").start()
    b = launch(pw, flags) if flags else plain_browser
    try:
        page = b.new_page(viewport={"width": 700, "height": 1000})
        open_app(page, server.url)
        click(page, "try-scan")
        click(page, "demo-camera")
        wait_text(page, "demo-camera-problem", problem, timeout=30)
        assert by_id(page, "demo-camera").count()  # the camera may be tried again
        shot(page, f"camera-problem-{'none' if not flags else 'denied'}")
        with page.expect_file_chooser() as chooser:  # and the file picker still answers
            click(page, "demo-own")
        assert chooser.value is not None
    finally:
        server.stop()
        if flags:
            b.close()
