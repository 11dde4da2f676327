"""SQLite storage: the append-only event log of every game, plus its photos.

Why an event log: undo, corrections, resume after a crash, export and statistics are all
functions of the log, so the log is the only thing that must never be lost or rewritten.
Rows are only ever inserted (photos excepted: they are evidence, not truth, and are pruned
to a size budget). Every write runs inside ``db.atomic()`` so a crash mid-write leaves the
previous state intact; WAL keeps readers and the single writer out of each other's way.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import sqlite_utils

from .i18n.names import N_

PHOTO_BUDGET_BYTES = 40 * 1024 * 1024  # per game; the oldest photos go first
PHOTO_MAX_BYTES = 4 * 1024 * 1024  # per photo, after the service has shrunk it


class StorageError(Exception):
    """A storage problem explained in words a player can act on."""

    def __init__(self, message: str, msgid: str = "", **params: Any) -> None:
        super().__init__(message)
        self.msgid, self.params = msgid, params  # the catalogue id, for other languages


@dataclass(frozen=True)
class LogEntry:
    """One row of a game's event log."""

    seq: int
    kind: str
    payload: dict[str, Any]
    at: float


def _v1(db: sqlite_utils.Database) -> None:
    """First schema: games, their event log and their photos."""
    db["games"].create(
        {"id": int, "created_at": float, "updated_at": float, "header": str, "status": str},
        pk="id",
    )
    db["events"].create(
        {"game_id": int, "seq": int, "kind": str, "payload": str, "at": float},
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db["photos"].create(
        {"id": int, "game_id": int, "seq": int, "at": float, "size": int, "data": bytes},
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
    )
    db["photos"].create_index(["game_id"])


MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1]


def _connect(path: Path) -> sqlite_utils.Database:
    """Open with check_same_thread=False: pubsub handlers run on worker threads (we lock)."""
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=10)
    db = sqlite_utils.Database(conn)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


class Store:
    """The only writer to disk. Thread-safe: one lock around the one connection."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.notice: str | None = None  # set when a damaged file had to be moved aside
        self._lock = threading.RLock()
        if self.path.exists() and not self.path.is_file():
            raise StorageError(f"{self.path} is a folder, not a saved-games file; give a file name.")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = self._open_checked()
        except OSError as exc:
            raise StorageError(f"Cannot use {self.path} for the saved games: {exc}") from None
        except sqlite3.OperationalError as exc:  # locked, unreadable, no space: not damage
            raise StorageError(f"Cannot open the saved games file {self.path}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            aside = self._move_aside()
            self.notice = (f"The saved games file {self.path.name} was damaged ({exc}). It was kept "
                           f"as {aside.name} for recovery and a new, empty file was started.")
            self.notice_msgid = N_("The saved games file {file} was damaged ({error}). It was kept as {copy} "
                                    "for recovery and a new, empty file was started.")
            self.notice_params = {"file": self.path.name, "error": str(exc), "copy": aside.name}
            self.db = self._open_checked()

    # ---- opening, migrations, corruption -------------------------------------------------
    def _open_checked(self) -> sqlite_utils.Database:
        db = _connect(self.path)
        try:
            row = db.execute("PRAGMA quick_check").fetchone()
            if not row or row[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check said {row[0] if row else 'nothing'}")
            self._migrate(db)
        except sqlite3.DatabaseError:
            db.conn.close()
            raise
        return db

    def _move_aside(self) -> Path:
        """Rename the damaged file (and its WAL/SHM) so nothing is deleted."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
            n += 1
        self.path.rename(aside)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                side.rename(Path(str(aside) + suffix))
        return aside

    @staticmethod
    def _migrate(db: sqlite_utils.Database) -> None:
        """Apply every migration newer than the recorded schema version, each atomically."""
        if "schema_version" not in db.table_names():
            db["schema_version"].create({"id": int, "version": int}, pk="id")
        row = db.execute("SELECT version FROM schema_version WHERE id = 1").fetchone()
        current = row[0] if row else 0
        if current > len(MIGRATIONS):
            raise StorageError(f"The saved games file was written by a newer version "
                               f"(schema {current}); please update the app.",
                               N_("The saved games file was written by a newer version (schema {version}); "
                                  "please update the app."), version=current)
        for version in range(current + 1, len(MIGRATIONS) + 1):
            with db.atomic():
                MIGRATIONS[version - 1](db)
                db["schema_version"].upsert({"id": 1, "version": version}, pk="id")

    def schema_version(self) -> int:
        with self._lock:
            return self.db.execute("SELECT version FROM schema_version WHERE id = 1").fetchone()[0]

    def journal_mode(self) -> str:
        with self._lock:
            return self.db.execute("PRAGMA journal_mode").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self.db.conn.close()

    # ---- games -------------------------------------------------------------------------------
    def create_game(self, header: dict[str, Any]) -> int:
        """Store a new game's header (players, rules, seed...) and return its id."""
        now = time.time()
        with self._lock, self.db.atomic():
            table = self.db["games"]
            table.insert({"created_at": now, "updated_at": now,
                          "header": json.dumps(header), "status": "active"})
            return int(table.last_pk)

    def game(self, game_id: int) -> dict[str, Any]:
        with self._lock:
            rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            raise StorageError(f"There is no game number {game_id}.", N_("There is no game number {number}."),
                               number=game_id)
        return self._game_row(rows[0])

    def games(self) -> list[dict[str, Any]]:
        """Every game, newest first."""
        with self._lock:
            rows = list(self.db.query("SELECT * FROM games ORDER BY id DESC"))
        return [self._game_row(r) for r in rows]

    @staticmethod
    def _game_row(row: dict[str, Any]) -> dict[str, Any]:
        return {**row, "header": json.loads(row["header"])}

    def set_status(self, game_id: int, status: str) -> None:
        with self._lock, self.db.atomic():
            self.db["games"].update(game_id, {"status": status, "updated_at": time.time()})

    # ---- the event log -------------------------------------------------------------------
    def append(self, game_id: int, kind: str, payload: dict[str, Any],
               expect_seq: int | None = None) -> int:
        """Append one event; returns its sequence number.

        `expect_seq` guards against two writers racing: the append is refused unless the log
        currently ends just before it, so an event is never recorded on top of a stale view.
        """
        with self._lock, self.db.atomic():
            last = self.db.execute("SELECT MAX(seq) FROM events WHERE game_id = ?",
                                   [game_id]).fetchone()[0]
            seq = (last or 0) + 1
            if expect_seq is not None and expect_seq != seq:
                raise StorageError(N_("Someone else recorded an action first; the screen was refreshed."))
            self.db["events"].insert({"game_id": game_id, "seq": seq, "kind": kind,
                                      "payload": json.dumps(payload), "at": time.time()})
            self.db["games"].update(game_id, {"updated_at": time.time()})
            return seq

    def games_with_event(self, kind: str, needle: str) -> list[int]:
        """Games holding an event of `kind` whose payload contains `needle` (a seat token).

        instr(), not LIKE: a token's "_" would be a LIKE wildcard and match other tokens.
        """
        with self._lock:
            rows = self.db.execute(
                "SELECT DISTINCT game_id FROM events WHERE kind = ? AND instr(payload, ?) > 0",
                [kind, needle]).fetchall()
        return [r[0] for r in rows]

    def log(self, game_id: int) -> list[LogEntry]:
        with self._lock:
            rows = list(self.db.query(
                "SELECT seq, kind, payload, at FROM events WHERE game_id = ? ORDER BY seq", [game_id]))
        return [LogEntry(r["seq"], r["kind"], json.loads(r["payload"]), r["at"]) for r in rows]

    # ---- photos ------------------------------------------------------------------------------
    def add_photo(self, game_id: int, data: bytes, seq: int | None = None) -> int:
        """Keep a (shrunk) photo with the game, pruning the oldest beyond the budget."""
        if len(data) > PHOTO_MAX_BYTES:
            raise StorageError(N_("That photo is too large to keep; it was not saved."))
        with self._lock, self.db.atomic():
            table = self.db["photos"]
            table.insert({"game_id": game_id, "seq": seq, "at": time.time(),
                          "size": len(data), "data": data})
            photo_id = int(table.last_pk)
            self._prune_photos(game_id)
            return photo_id

    def _prune_photos(self, game_id: int) -> None:
        rows = list(self.db.query(
            "SELECT id, size FROM photos WHERE game_id = ? ORDER BY id DESC", [game_id]))
        total = 0
        for row in rows:
            total += row["size"]
            if total > PHOTO_BUDGET_BYTES:
                self.db.execute("DELETE FROM photos WHERE id = ?", [row["id"]])

    def photos(self, game_id: int) -> list[dict[str, Any]]:
        """Photo metadata (no bytes), oldest first."""
        with self._lock:
            return list(self.db.query(
                "SELECT id, seq, at, size FROM photos WHERE game_id = ? ORDER BY id", [game_id]))

    def photo(self, photo_id: int) -> bytes:
        with self._lock:
            row = self.db.execute("SELECT data FROM photos WHERE id = ?", [photo_id]).fetchone()
        if row is None:
            raise StorageError(f"Photo {photo_id} is no longer kept.", N_("Photo {number} is no longer kept."),
                               number=photo_id)
        return row[0]
