"""Players' phones in the real browser: no secret of another seat ever reaches a phone (or the
table before the reveal), and guessed, reused and malformed seat links are refused."""
from __future__ import annotations

import base64
import random
import secrets
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.i18n import translator
from companion.session_phones import qr_png

from .helpers import ROOT, AppServer, by_id, click, free_port, open_app, shot
from .phones import (Frames, dig, game_state, held_text, open_phone, read_qr, reload_app, peek_on_phone, pick_on_phone, picking, play_map,
                     see_role_on_phone, seed_for, seeded_game, wait_until)
from .test_game import wait_text

pytestmark = pytest.mark.e2e
NAMES = ["Ann", "Bob", "Cy"]


def seat_urls(table, n: int) -> list[str]:
    click(table, "phones")
    return [wait_text(table, f"seat-url-{i}", "/seat/").strip() for i in range(n)]


def test_no_phone_and_not_the_table_sees_another_seats_secrets(browser, tmp_path: Path) -> None:
    """A whole round, every seat on a phone. Ann (saboteur) must never receive Bob's
    (gold-digger) role, map result or gold; the table none of anyone's before the reveal."""
    truth = seeded_game(tmp_path / "games.db", NAMES,
                        seed_for(NAMES, {0: "saboteur", 1: "gold_digger", 2: "gold_digger"},
                                 chooser=1, maps=(-2, 2)))
    server = AppServer(tmp_path / "games.db").start()
    try:
        table = browser.new_page(viewport={"width": 430, "height": 1400})
        table_frames = Frames(table)
        open_app(table, server.url + "game/1")  # the game's own route
        urls = seat_urls(table, 3)
        phones = [open_phone(browser, url) for url in urls]
        (ann, ann_frames), (bob, bob_frames), (cy, _) = phones
        wait_text(table, "phone-state-2", "joined")
        roles = [see_role_on_phone(p) for p, _ in phones]
        click(table, "close-phones")
        click(table, "dealt")
        play_map(table, -2)  # Ann's turn first (youngest)
        wait_text(table, "peek-on-phone", "Ann")
        ann_peek = peek_on_phone(ann)
        play_map(table, 2)  # Bob
        bob_peek = peek_on_phone(bob)
        before_reveal = table_frames.mark()
        dig(table, truth["gold_row"])
        offers = {}
        deadline = time.time() + 90
        while time.time() < deadline and not by_id(table, "next-round").count():
            for name, page in (("Bob", bob), ("Cy", cy)):  # the draft: on the diggers' own phones
                if picking(page):
                    offers[name] = pick_on_phone(page)
            time.sleep(0.3)
        wait_text(table, "next-round", "")
        bob_gold = held_text(bob, "seat-hold", "Your gold")
        ann_gold = held_text(ann, "seat-hold", "Your gold")
        shot(bob, "30-phone-after-draft")
        shot(table, "31-table-round-over-phones")
    finally:
        server.stop()
    state, _log = game_state(tmp_path / "games.db")
    assert state.gold[1] and not state.gold[0]  # Bob drafted gold, Ann (saboteur) has none
    # the hold area's accessible text joins its lines; each secret is one line (one Text) in a frame
    bob_gold, ann_gold = (t[t.index("Your gold"):].strip() for t in (bob_gold, ann_gold))
    assert roles[1].strip() == "You are a gold-digger" and roles[0].strip() == "You are a saboteur"
    assert bob_peek.strip().startswith("Goal (8,2) is") and ann_peek.strip().startswith("Goal (8,-2) is")
    bob_secrets = [roles[1].strip(), bob_peek.strip(), bob_gold, offers["Bob"].strip()]
    for text in bob_secrets:  # each is there to find where it belongs: a leak would be seen
        assert bob_frames.contains(text), text
        assert not ann_frames.contains(text), f"Ann's phone received Bob's secret {text!r}"
    assert ann_frames.contains(roles[0].strip()) and ann_frames.contains(ann_peek.strip())
    assert ann_gold != bob_gold and not ann_frames.contains("Gold cards on offer")
    for text in ("You are a", "Goal (8,", "Your gold", "Gold cards on offer"):
        assert not table_frames.contains(text, end=before_reveal), f"the table received {text!r}"
        assert not table_frames.contains(text), f"the table showed a phone seat's {text!r}"


def test_guessed_reused_and_malformed_links_are_refused(browser, tmp_path: Path) -> None:
    truth = seeded_game(tmp_path / "games.db", NAMES, 3)
    server = AppServer(tmp_path / "games.db").start()
    try:
        table = browser.new_page(viewport={"width": 430, "height": 1400})
        open_app(table, server.url + f"game/{truth['id']}")
        url = seat_urls(table, 3)[0]
        refused = {"guessed": server.url + "seat/" + secrets.token_urlsafe(24),
                   "short": server.url + "seat/abc",
                   "dots": server.url + "seat/..%2F..%2Fgame%2F1",
                   "long": server.url + "seat/" + "A" * 400}
        for name, bad in refused.items():
            page, frames = open_phone(browser, bad)
            text = wait_text(page, "seat-refused", "seat")
            assert ("not a seat link" in text) == (name != "guessed"), (name, text)
            named = [n for n in NAMES if frames.contains(n + "'s")] + [n for n in ("Ann", "Bob") if frames.contains(n)]
            assert not named, f"{name}: a refused page named {named}"
            page.context.close()
        mine, _ = open_phone(browser, url)
        wait_text(mine, "seat-title", "Ann")
        other, other_frames = open_phone(browser, url)  # the same QR code, another phone
        wait_text(other, "seat-refused", "Another phone")
        reload_app(mine)  # the same phone reloads (Flet may re-attach its session) ...
        wait_text(mine, "seat-title", "Ann")
        again = mine.context.new_page()  # ... or opens the link in a new tab: a new session,
        open_app(again, url)  # the same browser's claim id: the seat comes back
        wait_text(again, "seat-title", "Ann")
        click(table, "release-0")
        wait_text(mine, "seat-refused", "released")  # live: the phone is told at once
        wait_until(lambda: by_id(table, "seat-url-0").first.inner_text().strip() != url, 15, "a new QR code")
        fresh = wait_text(table, "seat-url-0", "/seat/").strip()
        late, late_frames = open_phone(browser, url)  # the old (reused) link stays dead
        wait_text(late, "seat-refused", "released")
        assert not late_frames.contains("Ann")
        assert table.url.endswith(f"/game/{truth['id']}")  # the table's address names its game:
        tab = browser.new_page()  # a new window (a new session) on it lands on that game
        open_app(tab, table.url)
        wait_text(tab, "role-0", "Ann", timeout=30)
        newcomer, _ = open_phone(browser, fresh, locale="fr-FR")  # a French phone
        wait_text(newcomer, "seat-title", translator("fr").t("{name}'s phone", name="Ann"))
        wait_text(newcomer, "seat-hold", translator("fr").t("Hold here to see"))
        assert not other_frames.contains("Ann")  # the refused phone never saw whose seat it was
    finally:
        server.stop()


def test_https_with_certfile_and_keyfile(browser, tmp_path: Path) -> None:
    """Phone cameras need a secure page: the same app served over TLS works in the browser."""
    cert, key = Path(__file__).with_name("tls") / "test-cert.pem", Path(__file__).with_name("tls") / "test-key.pem"
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion", "--port", str(port), "--db",
                             str(tmp_path / "games.db"), "--certfile", str(cert), "--keyfile", str(key)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert f"https://127.0.0.1:{port}/" in proc.stdout.readline()
        ctx = browser.new_context(ignore_https_errors=True, viewport={"width": 430, "height": 900})
        page = ctx.new_page()
        wait_until(lambda: _answers(page, f"https://127.0.0.1:{port}/"), 60, "the HTTPS server")
        open_app(page, f"https://127.0.0.1:{port}/")
        by_id(page, "new-game").first.wait_for(timeout=30000)  # the WebSocket works over TLS too
        ctx.close()
    finally:
        proc.terminate()
        proc.wait(10)


def _answers(page, url: str) -> bool:
    try:
        return page.request.get(url).ok
    except Exception:
        return False


def test_the_e2e_qr_reader_reads_every_seat_code_as_drawn() -> None:
    """No browser: the seat codes the table draws, at the 180 px it shows them, must all read back
    through `read_qr`, or the phones e2e fails on an unlucky random token (OpenCV's classic
    detector alone misses a few of these 100)."""
    rng = random.Random(7)
    for _ in range(100):
        url = f"http://127.0.0.1:{rng.randrange(20000, 60000)}/seat/"
        url += base64.urlsafe_b64encode(rng.randbytes(24)).decode()
        img = cv2.imdecode(np.frombuffer(qr_png(url), np.uint8), cv2.IMREAD_COLOR)
        assert read_qr(cv2.resize(img, (180, 180), interpolation=cv2.INTER_LINEAR)) == url
