"""Real-browser helpers: start the app as a subprocess, drive Flutter's accessibility tree."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppServer:
    """`python -m companion --port P --db DB` as a child process (killable, restartable)."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db, self.port = db, port or free_port()
        self.proc: subprocess.Popen | None = None
        self.log: list[str] = []  # the server's output, drained so a full pipe never freezes it

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "AppServer":
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", str(self.db)], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        threading.Thread(target=self._drain, args=(self.proc,), daemon=True).start()
        deadline = time.time() + 60
        while not self.log and self.proc.poll() is None and time.time() < deadline:
            time.sleep(0.1)  # the first line is the URL (a bare readline could wait forever)
        assert self.log and self.url in self.log[0], f"the app did not start: {self.log[:20]}"
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url, timeout=2).read(100)
                return self
            except OSError:
                time.sleep(0.3)
        raise AssertionError("the app did not answer")

    def _drain(self, proc: subprocess.Popen) -> None:
        for out in proc.stdout:
            self.log.append(out)

    def kill(self) -> None:
        """SIGKILL: no chance to flush or clean up, like a crash or a pulled plug."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def open_app(page, url: str) -> None:
    """Load the app and switch on Flutter's accessibility tree (roles, names, identifiers)."""
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("[flt-semantics-identifier]", state="attached", timeout=30000)


def by_id(page, identifier: str):
    return page.locator(f"[flt-semantics-identifier='{identifier}']")


def click(page, identifier: str, timeout: float = 15000) -> None:
    loc = by_id(page, identifier)
    try:
        loc.first.wait_for(timeout=timeout)
    except Exception:
        shot(page, f"failure-{identifier}")
        raise
    box = None
    for _ in range(20):  # wait until Flutter has finished laying the control out
        now = loc.first.bounding_box()
        if now and now == box:
            break
        box = now
        time.sleep(0.05)
    loc.first.click()


def hold(page, identifier: str, seconds: float = 0.9) -> None:
    """Press and hold (the private hold-to-see areas), then release."""
    box = by_id(page, identifier).first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    time.sleep(seconds)


def release(page) -> None:
    page.mouse.up()
    time.sleep(0.4)


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def click_away(page, identifier: str, tries: int = 3) -> None:
    """Click a control that goes away when its action is done; retry if the tap was lost
    (Flutter can swallow a tap that lands while it rebuilds the semantics tree)."""
    for _ in range(tries):
        click(page, identifier)
        deadline = time.time() + 4
        while time.time() < deadline:
            if not by_id(page, identifier).count():
                time.sleep(0.5)
                if not by_id(page, identifier).count():
                    return
            time.sleep(0.1)
    raise AssertionError(f"{identifier} did not respond")


def click_until(page, identifier: str, appears: str, tries: int = 3) -> None:
    """Click, then wait for `appears` to show up; retry a lost tap."""
    for _ in range(tries):
        click(page, identifier)
        deadline = time.time() + 4
        while time.time() < deadline:
            if by_id(page, appears).count():
                return
            time.sleep(0.1)
    shot(page, f"failure-{identifier}")
    raise AssertionError(f"{identifier} never led to {appears}")
