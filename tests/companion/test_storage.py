"""Storage: migrations, WAL, atomic writes, damaged files, and surviving a killed process."""
from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from companion import storage
from companion.storage import Store, StorageError


def test_fresh_file_is_migrated_and_uses_wal(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    assert store.schema_version() == len(storage.MIGRATIONS)
    assert store.journal_mode() == "wal"
    assert {"games", "events", "photos", "schema_version"} <= set(store.db.table_names())


def test_reopening_does_not_rerun_migrations(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    gid = store.create_game({"players": ["A", "B", "C"]})
    store.append(gid, "move", {"type": "X"})
    store.close()
    again = Store(tmp_path / "g.db")
    assert [e.payload for e in again.log(gid)] == [{"type": "X"}]


def test_a_new_migration_runs_once_on_an_old_file(tmp_path: Path, monkeypatch) -> None:
    Store(tmp_path / "g.db").close()
    calls: list[int] = []

    def v2(db) -> None:
        calls.append(1)
        db["notes"].create({"id": int, "text": str}, pk="id")

    monkeypatch.setattr(storage, "MIGRATIONS", [*storage.MIGRATIONS, v2])
    s = Store(tmp_path / "g.db")
    assert s.schema_version() == 2 and "notes" in s.db.table_names()
    s.close()
    Store(tmp_path / "g.db").close()
    assert calls == [1]


def test_failed_migration_leaves_the_old_version(tmp_path: Path, monkeypatch) -> None:
    Store(tmp_path / "g.db").close()

    def broken(db) -> None:
        db["half"].create({"id": int}, pk="id")
        raise RuntimeError("disk trouble")

    monkeypatch.setattr(storage, "MIGRATIONS", [*storage.MIGRATIONS, broken])
    with pytest.raises(RuntimeError):
        Store(tmp_path / "g.db")
    monkeypatch.setattr(storage, "MIGRATIONS", storage.MIGRATIONS[:1])
    s = Store(tmp_path / "g.db")
    assert s.schema_version() == 1 and "half" not in s.db.table_names()


def test_atomic_block_rolls_back_every_append(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    gid = store.create_game({"players": ["A", "B", "C"]})
    store.append(gid, "move", {"n": 1})
    with pytest.raises(RuntimeError):
        with store.db.atomic():
            store.append(gid, "move", {"n": 2})
            store.append(gid, "move", {"n": 3})
            raise RuntimeError("power cut")
    assert [e.payload["n"] for e in store.log(gid)] == [1]


def test_stale_writer_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    gid = store.create_game({})
    store.append(gid, "move", {"n": 1}, expect_seq=1)
    with pytest.raises(StorageError):
        store.append(gid, "move", {"n": 99}, expect_seq=1)
    assert [e.seq for e in store.log(gid)] == [1]


def test_damaged_file_is_moved_aside_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    garbage = b"this is not a database at all" * 100
    path.write_bytes(garbage)
    store = Store(path)
    assert store.notice and "damaged" in store.notice
    kept = list(tmp_path.glob("g.db.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    assert store.games() == []


def test_truncated_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    s = Store(path)
    gid = s.create_game({"players": ["A"]})
    for n in range(200):
        s.append(gid, "move", {"n": n, "pad": "x" * 200})
    s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.close()
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\0" * 50 + data[150:len(data) // 2])
    store = Store(path)
    assert store.notice is not None
    assert list(tmp_path.glob("g.db.damaged-*"))


def test_photos_are_pruned_to_the_budget(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(storage, "PHOTO_BUDGET_BYTES", 2500)
    store = Store(tmp_path / "g.db")
    gid = store.create_game({})
    ids = [store.add_photo(gid, bytes([n]) * 1000) for n in range(5)]
    kept = [p["id"] for p in store.photos(gid)]
    assert kept == ids[-2:]
    assert store.photo(ids[-1]) == bytes([4]) * 1000
    with pytest.raises(StorageError):
        store.add_photo(gid, b"x" * (storage.PHOTO_MAX_BYTES + 1))


def test_killed_writer_loses_no_committed_event(tmp_path: Path) -> None:
    """SIGKILL a process mid-stream: every event it reported as written is there, in order."""
    path = tmp_path / "g.db"
    gid = Store(path).create_game({})
    code = textwrap.dedent(f"""
        import sys
        from companion.storage import Store
        s = Store({str(path)!r})
        n = 0
        while True:
            n += 1
            s.append({gid}, "move", {{"n": n}})
            print(n, flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    reported = 0
    deadline = time.time() + 20
    while reported < 50 and time.time() < deadline:
        reported = int(proc.stdout.readline())
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    log = Store(path).log(gid)
    ns = [e.payload["n"] for e in log]
    assert ns == list(range(1, len(ns) + 1)) and len(ns) >= reported >= 50


def test_a_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "games.db"
    folder.mkdir()
    with pytest.raises(StorageError, match="folder"):
        Store(folder)
    assert folder.is_dir()


def test_command_line_explains_a_bad_db_path(tmp_path: Path) -> None:
    """`python -m companion --db FOLDER` says why it cannot start; no traceback."""
    (tmp_path / "x").mkdir()
    res = subprocess.run([sys.executable, "-m", "companion", "--db", str(tmp_path / "x")],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 1
    assert "Cannot start" in res.stderr and "Traceback" not in res.stderr


def test_a_file_from_a_newer_version_is_refused_in_the_players_language(tmp_path: Path) -> None:
    """The refusal carries its catalogue id, so a French table is not told in English."""
    from companion.i18n import error_text, translator
    Store(tmp_path / "g.db").db.execute("UPDATE schema_version SET version = 99 WHERE id = 1")
    with pytest.raises(StorageError) as err:
        Store(tmp_path / "g.db")
    assert "schema 99" in str(err.value) and err.value.params == {"version": 99}
    french = error_text(translator("fr"), err.value)
    assert "99" in french and french != str(err.value)
