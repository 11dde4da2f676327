"""Players' phones at the session level (no browser): seat tokens, claims, releases, private
steps moved to the phones, and many phones acting at once."""
from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from companion import seats
from companion.routes import game_of, route_for, seat_token
from companion.seats import SeatRefused, claim_seat, new_claim_id, open_seat, release_seat
from companion.service import GameService
from companion.session import Session
from companion.session_phones import qr_png
from companion.session_seat import SeatSession
from companion.storage import Store

from .driver import play_turn


def table(tmp_path: Path, n: int = 3, seed: int = 5) -> Session:
    s = Session(GameService(Store(tmp_path / "games.db")))
    s.new_game_form()
    for _ in range(n - 3):
        s.add_player()
    for i in range(n):
        s.set_name(i, f"P{i}")
    assert s.start_game(seed=seed), s.error
    return s


def phone(s: Session, seat: int, claim: str | None = None) -> SeatSession:
    p = SeatSession(s.service, open_seat(s.service, s.game_id, seat))
    p.join(claim or new_claim_id())
    assert p.status == "ok", p.refusal
    return p


def test_tokens_are_long_random_and_stable(tmp_path: Path) -> None:
    s = table(tmp_path)
    tokens = [open_seat(s.service, s.game_id, seat) for seat in range(3)]
    assert len(set(tokens)) == 3
    for t in tokens:
        assert seats.TOKEN_RE.match(t) and len(t) * 6 >= 128
    assert open_seat(s.service, s.game_id, 1) == tokens[1]  # showing the QR again: same token
    # the seat events survive a restart: a new service over the same file knows the tokens
    again = GameService(Store(tmp_path / "games.db"))
    assert claim_seat(again, tokens[2], new_claim_id()) == (s.game_id, 2)


@pytest.mark.parametrize("token", ["", "x", "../../etc/passwd", "A" * 31, "A" * 33, "A" * 31 + "!",
                                   "%41" * 11, "A" * 10_000, "Ω" * 32])
def test_malformed_tokens_are_refused(tmp_path: Path, token: str) -> None:
    s = table(tmp_path)
    open_seat(s.service, s.game_id, 0)
    with pytest.raises(SeatRefused) as exc:
        claim_seat(s.service, token, new_claim_id())
    assert exc.value.code == "malformed"


def test_guessed_taken_and_reused_tokens_are_refused(tmp_path: Path) -> None:
    s = table(tmp_path)
    token = open_seat(s.service, s.game_id, 0)
    for _ in range(50):  # well-formed guesses name no seat
        with pytest.raises(SeatRefused) as exc:
            claim_seat(s.service, seats.new_token(), new_claim_id())
        assert exc.value.code == "unknown"
    mine, other = new_claim_id(), new_claim_id()
    assert claim_seat(s.service, token, mine) == (s.game_id, 0)
    assert claim_seat(s.service, token, mine) == (s.game_id, 0)  # a reload gets the seat back
    with pytest.raises(SeatRefused) as exc:
        claim_seat(s.service, token, other)
    assert exc.value.code == "taken"
    release_seat(s.service, s.game_id, 0)
    for claim in (mine, other):  # a released token is dead for everyone
        with pytest.raises(SeatRefused) as exc:
            claim_seat(s.service, token, claim)
        assert exc.value.code == "released"
    fresh = open_seat(s.service, s.game_id, 0)
    assert fresh != token and claim_seat(s.service, fresh, other) == (s.game_id, 0)


def test_two_phones_racing_for_a_seat_get_one_winner(tmp_path: Path) -> None:
    s = table(tmp_path)
    token = open_seat(s.service, s.game_id, 1)
    won, refused = [], []
    barrier = threading.Barrier(8)

    def grab() -> None:
        claim = new_claim_id()
        barrier.wait()
        try:
            claim_seat(s.service, token, claim)
            won.append(claim)
        except SeatRefused as exc:
            refused.append(exc.code)
    threads = [threading.Thread(target=grab) for _ in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert len(won) == 1 and refused == ["taken"] * 7
    assert seats.seat_table(s.service.game(s.game_id))[1]["claim"] == won[0]


def test_a_released_phone_page_says_so_and_the_table_takes_over(tmp_path: Path) -> None:
    s = table(tmp_path)
    p = phone(s, 0)
    s.refresh()
    assert s.on_phone(0)
    s.open_role(0)  # the table refuses to show a phone seat's role
    assert s.private_seat is None and "own phone" in s.error
    s.release_phone(0)
    p.refresh()
    assert p.status == "refused" and p.refusal == "released"
    assert not s.on_phone(0)
    s.open_role(0)
    assert s.private_seat == 0


def test_a_seat_page_shows_only_its_own_secrets(tmp_path: Path) -> None:
    s = table(tmp_path, seed=9)
    phones = [phone(s, seat) for seat in range(3)]
    live = s.service.game(s.game_id)
    roles = live.state.roles
    for seat, p in enumerate(phones):
        assert p.task == "role" and p.view["seat"] == seat and p.view["role"] == roles[seat]
        assert p.secret_lines() == [p.tr.t("You are a gold-digger" if roles[seat] == "gold_digger"
                                           else "You are a saboteur")]
    assert phones[1].status_line() == "Round 1: secret roles"  # public: the table is revealing
    phones[0].done_role()
    phones[0].done_role()  # a double tap records the step once
    assert len(seats.notes_this_round(live, "role_seen")) == 1
    s.refresh()
    assert s.roles_seen() == {0} and s.step == "reveal"


def test_route_helpers() -> None:
    assert seat_token("/seat/abc") == "abc" and seat_token("/seat/") == "" and seat_token("/game/3") is None
    assert game_of("/game/12") == 12 and game_of("/game/x") is None and game_of("/") is None

    class S:
        screen, game_id = "game", 4
    assert route_for(S()) == "/game/4"
    S.screen = "home"
    assert route_for(S()) == "/"
    assert qr_png("http://127.0.0.1:1/seat/x").startswith(b"\x89PNG")


async def _phone_step(s: Session, phones: dict[int, SeatSession], rng: random.Random) -> None:
    """One step of a mixed table: phone seats act on their phones, the others on the table."""
    step = s.step
    if step == "reveal":
        for seat in range(len(s.table["players"])):
            if seat in s.roles_seen():
                continue
            if seat in phones:
                phones[seat].refresh()
                assert phones[seat].task == "role"
                phones[seat].done_role()
            else:
                s.open_role(seat)
                s.done_role()
    elif step == "deal":
        s.dealt()
    elif step == "peek":
        seat = s.pending_peek()
        if seat in phones:
            phones[seat].refresh()
            assert phones[seat].task == "peek" and "Goal (8," in phones[seat].secret_lines()[0]
            phones[seat].done_peek()
        else:
            s.open_peek()
            s.done_peek()
    elif step == "turn":
        await play_turn(s, rng, True)
    elif step == "draft":
        seat = s.table["draft"]["picker"]
        if seat in phones:
            p = phones[seat]
            p.refresh()
            assert p.task == "pick"
            p.show_offer()
            p.take_gold(p.offer()[0])
            assert not p.error, p.error
            assert not p.offer_open  # if this seat picks again next, its offer starts hidden
        else:
            s.open_pick()
            s.take_gold(s.private["offer"][0])
            s.close_private()
    else:
        raise AssertionError(step)
    s.refresh()


async def test_a_mixed_table_plays_a_round_with_phones(tmp_path: Path) -> None:
    """5 players, seats 0, 2 and 4 on phones, 1 and 3 pass-and-play, to the round's end."""
    s = table(tmp_path, n=5, seed=5)
    phones = {seat: phone(s, seat) for seat in (0, 2, 4)}
    rng = random.Random(3)
    maps, private = 0, []
    for _ in range(400):
        s.refresh()
        if s.step in ("round_end", "final"):
            break
        if s.step == "draft":
            private.append(("pick", s.table["draft"]["picker"]))
        if s.step == "peek":
            private.append(("peek", s.pending_peek()))
        if s.step == "turn" and maps < 3 and s.table["turn"] in phones:  # phone seats play maps
            down = [c for c in s.table["board"] if c["kind"] == "goal" and c["face"] == "down"]
            s.open_panel("map")
            s.set_choice(down[0]["col"], down[0]["row"])
            s.play_map()
            maps += 1
            continue
        await _phone_step(s, phones, rng)
    assert s.step == "round_end", s.step
    assert any(kind == "pick" and seat in phones for kind, seat in private), private
    assert any(kind == "peek" and seat in phones for kind, seat in private), private
    for seat, p in phones.items():
        p.refresh()
        own = s.service.view(s.game_id, seat)
        assert p.view == own  # every phone ends on the engine's view of its own seat
        assert p.status_line().startswith("The gold-diggers win round 1") and p.task == ""
    log = s.service.game(s.game_id).log
    assert [e.seq for e in log] == list(range(1, len(log) + 1))


def test_ten_phones_reveal_at_once_each_recorded_once(tmp_path: Path) -> None:
    s = table(tmp_path, n=10, seed=4)
    phones = [phone(s, seat) for seat in range(10)]
    barrier = threading.Barrier(10)

    def tap(p: SeatSession) -> None:
        barrier.wait()
        p.done_role()
        p.done_role()
    threads = [threading.Thread(target=tap, args=(p,)) for p in phones]
    [t.start() for t in threads]
    [t.join() for t in threads]
    notes = seats.notes_this_round(s.service.game(s.game_id), "role_seen")
    assert sorted(n["seat"] for n in notes) == list(range(10))
    s.refresh()
    assert s.step == "deal"
    phones[3].refresh()
    assert phones[3].status_line() == "Round 1: set up the table" and phones[3].task == ""



async def test_a_photo_from_a_phone_reaches_the_tables_path_card_screen(tmp_path: Path) -> None:
    import cv2
    from vision.render import render_scene

    s = table(tmp_path)
    p = phone(s, 1)
    p.send_photo(b"")
    assert p.error and not s.phone_photo_from()  # an empty file is refused on the phone
    img, _ = render_scene(41, upto=1, mp=1, reveal_p=0.0, negative=None, n_cards=3, rockfalls=0)
    data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    p.send_photo(data)
    assert not p.error and p.info
    s.refresh()
    assert s.phone_photo_from() == "P1"
    s.open_panel("scan")
    await s.use_phone_photo()
    assert not s.error, s.error  # the table read it like a photo of its own
    assert s.overlay and s.verdict is not None  # read, drawn over and judged
    assert not s.phone_photo_from()  # used once, then gone from the inbox


@pytest.mark.parametrize("args,says", [
    (["--certfile", "nope.pem", "--keyfile", "nope.pem"], "no such file"),
    (["--certfile", "tests/e2e/tls/test-cert.pem"], "both --certfile and --keyfile"),
    (["--certfile", "tests/e2e/tls/test-key.pem", "--keyfile", "tests/e2e/tls/test-key.pem"], "cannot be used"),
])
def test_bad_tls_options_get_a_clear_message(tmp_path: Path, args: list[str], says: str) -> None:
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-m", "companion", "--db", str(tmp_path / "g.db"), *args],
                         cwd=root, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and says in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_the_address_phones_use() -> None:
    from companion.tls import public_url
    assert public_url("127.0.0.1", 8550, False) == "http://127.0.0.1:8550"
    assert public_url("0.0.0.0", 8550, True).startswith("https://")
    assert not public_url("0.0.0.0", 8550, False).startswith("http://0.0.0.0")
    assert public_url("0.0.0.0", 1, False, "http://table.local:9/") == "http://table.local:9"
