"""Whole rounds with phones in the real browser: a 5-player table with three phones joined by
scanning the QR codes and two players on pass-and-play; and ten phones plus the table."""
from __future__ import annotations

import time
from pathlib import Path

import cv2
import pytest

from .helpers import AppServer, by_id, click, click_away, open_app, shot
from .phones import (ANY, decode_qr, dig, game_state, held_text, open_phone, peek_on_phone, pick_on_phone, picking,
                     play_map, see_role_on_phone, seed_for, seeded_game)
from .test_game import first_present, type_into, wait_text

pytestmark = pytest.mark.e2e
FIVE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def table_role(table, seat: int) -> None:
    """Pass-and-play: the player takes the table device, holds to see, passes it on."""
    click(table, f"role-{seat}")
    held_text(table, "hold", "You are a")
    click_away(table, "private-done")


def table_peek(table) -> str:
    click(table, "open-peek")
    text = held_text(table, "hold", "Goal (8,")
    click_away(table, "private-done")
    return text


def draft(table, phones: dict[int, object], timeout: float = 180) -> list[str]:
    """Run the gold draft: each picker on their phone, or on the table if they have none."""
    who = []
    deadline = time.time() + timeout
    while time.time() < deadline and not by_id(table, "next-round").count():
        for seat, page in phones.items():
            if picking(page):
                pick_on_phone(page)
                who.append(f"phone-{seat}")
        if by_id(table, "open-pick").count():
            click(table, "open-pick")
            click(table, "show-offer")
            by_id(table, "take-1").or_(by_id(table, "take-2")).or_(by_id(table, "take-3")).first.click()
            click_away(table, "private-done")
            who.append("table")
        time.sleep(0.3)
    if not by_id(table, "next-round").count():
        shot(table, "failure-draft-table")
        for seat, page in phones.items():
            shot(page, f"failure-draft-phone-{seat}")
    by_id(table, "next-round").first.wait_for(timeout=5000)
    return who


def send_photo(page, tmp: Path) -> None:
    """A photo of a table (made by the scanner's renderer), sent with the phone's file picker."""
    from vision.render import render_scene

    img, _ = render_scene(41, upto=1, mp=2, reveal_p=0.0, negative=None, n_cards=3, rockfalls=0)
    path = tmp / "phone-photo.jpg"
    cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 90])
    with page.expect_file_chooser() as chooser:
        click(page, "seat-photo")
    chooser.value.set_files(str(path))
    wait_text(page, "seat-info", "table")


def new_five_player_game(table, url: str) -> None:
    open_app(table, url)
    click(table, "new-game")
    click(table, "add-player")
    click(table, "add-player")
    for i, name in enumerate(FIVE):
        type_into(table, f"player-name-{i}", name)
    click(table, "start-game")
    by_id(table, "role-0").first.wait_for(timeout=15000)
    # not wait_until on table.url: sync Playwright only updates page.url while it handles a call,
    # and time.sleep handles none, so a push that landed could go unseen for the whole wait
    table.wait_for_url("**/game/1", timeout=30000)   # the game's own address


def join_by_qr(browser, table, base: str, seats: tuple[int, ...]) -> dict:
    """Each of these players scans their seat's QR code off the table's screen."""
    click(table, "phones")
    table.set_viewport_size({"width": 430, "height": 2400})  # every code on screen at once
    by_id(table, f"qr-{max(seats)}").first.wait_for(timeout=15000)
    time.sleep(1)
    shot(table, "32-table-qr-codes")
    phones = {}
    for seat in seats:
        url = decode_qr(table, f"qr-{seat}")
        assert url.startswith(base + "seat/"), url
        phones[seat], _ = open_phone(browser, url)
        wait_text(phones[seat], "seat-title", FIVE[seat])
        wait_text(table, f"phone-state-{seat}", "joined")
    click(table, "close-phones")
    table.set_viewport_size({"width": 430, "height": 1500})
    return phones


def use_a_phone_photo(table, phone, tmp: Path) -> None:
    send_photo(phone, tmp)  # a player photographs the table with their phone ...
    click(table, "action-path")
    click(table, "use-phone-photo")  # ... and the table reads it like its own photo
    first_present(table, ["verdict", "error"], timeout=60)
    click_away(table, "cancel")


def test_five_players_three_phones_by_qr_two_on_the_table(browser, tmp_path: Path) -> None:
    """Done when: a new game through the UI, phones join by scanning real QR codes, the round is
    played to its end with maps and the draft on whichever device each player uses."""
    server = AppServer(tmp_path / "games.db").start()
    try:
        table = browser.new_page(viewport={"width": 430, "height": 1500})
        new_five_player_game(table, server.url)
        phones = join_by_qr(browser, table, server.url, (0, 2, 4))
        wait_text(table, "role-0", "phone")
        shot(phones[0], "33-phone-role")
        for seat in range(5):
            if seat in phones:
                see_role_on_phone(phones[seat])
            else:
                table_role(table, seat)
        click(table, "dealt")
        use_a_phone_photo(table, phones[4], tmp_path)
        play_map(table, 0)  # Ann (phone) looks at the middle goal
        wait_text(table, "peek-on-phone", "Ann")
        middle = peek_on_phone(phones[0])
        play_map(table, -2)  # Bob (table) looks at the top goal, pass-and-play
        top = table_peek(table)
        gold_row = 0 if "gold" in middle.lower() else -2 if "gold" in top.lower() else 2  # the table says GOLD
        cy_url, cy_ctx = phones[2].url, phones[2].context
        phones[2].close()  # Cy's phone drops out while the others dig ...
        dig(table, gold_row)
        phones[2] = cy_ctx.new_page()  # ... and comes back: same seat, the state of now
        open_app(phones[2], cy_url)
        wait_text(phones[2], "seat-title", "Cy")
        who = draft(table, phones)
        shot(table, "34-table-round-over")
        for seat, page in phones.items():
            wait_text(page, "seat-status", "The gold-diggers win round 1")
        shot(phones[2], "35-phone-round-over")
    finally:
        server.stop()
    state, log = game_state(tmp_path / "games.db")
    assert state.phase == "round_over" and state.winner == "gold_diggers"
    seen = [e.payload["seat"] for e in log if e.kind == "note" and e.payload["what"] == "role_seen"]
    assert sorted(seen) == list(range(5))
    claims = {e.payload["seat"] for e in log if e.kind == "seat" and e.payload["op"] == "claim"}
    assert claims == {0, 2, 4}
    picks = [e.payload["seat"] for e in log if e.kind == "move" and e.payload["type"] == "TakeGold"]
    assert len(picks) == len(who)  # each pick (if the cards differed) made once, wherever it was made


def test_ten_phones_and_the_table_play_a_round(browser, tmp_path: Path) -> None:
    """Ten phones tap at once; every action is applied once and in order; all end the same."""
    names = [f"P{i}" for i in range(10)]
    seed = seed_for(names, {0: "gold_digger"}, chooser=ANY, maps=(-2, 0, 2))
    truth = seeded_game(tmp_path / "games.db", names, seed)
    server = AppServer(tmp_path / "games.db").start()
    contexts = []
    try:
        table = browser.new_page(viewport={"width": 430, "height": 1200})
        open_app(table, server.url + "game/1")
        click(table, "phones")
        urls = [wait_text(table, f"seat-url-{i}", "/seat/").strip() for i in range(10)]
        phones = {}
        for seat, url in enumerate(urls):
            phones[seat], _ = open_phone(browser, url, viewport=(360, 700))
            contexts.append(phones[seat].context)
            wait_text(phones[seat], "seat-title", names[seat], timeout=60)
        for page in phones.values():  # everyone looks at their role ...
            by_id(page, "seat-role-done").first.wait_for(timeout=60000)
            held_text(page, "seat-hold", "You are a")
        for page in phones.values():  # ... then all ten tap "seen" at once
            by_id(page, "seat-role-done").first.click(no_wait_after=True)
        click(table, "close-phones")
        by_id(table, "dealt").first.wait_for(timeout=60000)
        click(table, "dealt")
        for row, seat in ((-2, 0), (0, 1), (2, 2)):  # three maps, each read on its own phone
            play_map(table, row)
            peek_on_phone(phones[seat])
        dig(table, truth["gold_row"])
        who = draft(table, phones, timeout=300)
        statuses = {wait_text(p, "seat-status", "win round 1", timeout=60) for p in phones.values()}
        golds = {seat: held_text(p, "seat-hold", "Your gold") for seat, p in phones.items()}
        shot(phones[0], "36-ten-phones-round-over")
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
    state, log = game_state(tmp_path / "games.db")
    assert len(statuses) == 1  # every phone shows the same public state
    for seat, text in golds.items():  # ... and its own gold exactly as the log has it
        total = sum(state.gold[seat])
        assert f"Your gold: {total} nugget" in text, (seat, text, state.gold[seat])
    seen = [e.payload["seat"] for e in log if e.kind == "note" and e.payload["what"] == "role_seen"]
    assert sorted(seen) == list(range(10))  # ten taps at once: each recorded once
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    picks = [e.payload["seat"] for e in log if e.kind == "move" and e.payload["type"] == "TakeGold"]
    assert who and all(w != "table" for w in who)  # every pick made on a phone ...
    assert len(picks) == len(who)  # ... and recorded exactly once
    peeks = [e for e in log if e.kind == "note" and e.payload["what"] == "peek_done"]
    assert len(peeks) == 3
