"""The class board of a served playground, kept in SQLite across restarts.

Every visitor's kernel is a process of its own, and a class sends its results within
the same minute: the board is a SQLite database (the standard library's :mod:`sqlite3`)
in write-ahead-log mode, so that many writers wait their turn rather than fail, in the
data folder the server was given (``--data``; :func:`default_data_folder` otherwise).
Its schema carries a version (``PRAGMA user_version``) and is brought up to date by
:data:`MIGRATIONS` when opened, in one transaction.

A result is checked (:func:`~hearts_teach.teaching.classroom.make_result`) before it is
written: what the database holds was replayed by the engine.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from hearts_teach.teaching.classroom import (
    RESULTS_MOST,
    Board,
    ClassDeal,
    ClassError,
    ClassResult,
    Losses,
    Reviewer,
    losses_data,
    losses_from,
    result_from_code,
    review_losses,
)

FILE_NAME: Final = "class-board.sqlite3"
BUSY_SECONDS: Final = 30.0
"""How long a writer waits for another's transaction before giving up."""

MIGRATIONS: Final[tuple[str, ...]] = (
    # 1: the deals given and the results sent.
    """
    CREATE TABLE deals (
        code TEXT PRIMARY KEY,
        given REAL NOT NULL
    );
    CREATE TABLE results (
        deal TEXT NOT NULL REFERENCES deals(code),
        name_key TEXT NOT NULL,
        code TEXT NOT NULL,
        sent REAL NOT NULL,
        PRIMARY KEY (deal, name_key)
    );
    """,
    # 2: the reviews made for the board, kept so that a restart does not redo them.
    """
    CREATE TABLE reviews (
        deal_code TEXT PRIMARY KEY,
        losses TEXT NOT NULL
    );
    """,
)
SCHEMA_VERSION: Final = len(MIGRATIONS)


def default_data_folder() -> Path:
    """Where a served playground keeps its data unless told: the user's data folder
    (``%APPDATA%`` on Windows, ``~/Library/Application Support`` on macOS,
    ``$XDG_DATA_HOME`` or ``~/.local/share`` elsewhere), then ``hearts-teach``."""
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "hearts-teach"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "hearts-teach"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hearts-teach"


class ClassStore:
    """The board's database in ``folder`` (made if missing, migrated if old)."""

    def __init__(self, folder: str | Path, reviewer: Reviewer = review_losses) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE_NAME
        self.reviewer = reviewer
        with self._connection() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            self._migrate(connection)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            connection.execute("PRAGMA foreign_keys=ON")
            yield connection
        finally:
            connection.close()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken at once (``BEGIN IMMEDIATE``) so that two writers
        never both read and then fail to write."""
        with self._connection() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def _migrate(self, connection: sqlite3.Connection) -> None:
        connection.execute("BEGIN IMMEDIATE")
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise ClassError("board_file")
            for number in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        connection.execute(statement)
            connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    @property
    def version(self) -> int:
        with self._connection() as connection:
            return int(connection.execute("PRAGMA user_version").fetchone()[0])

    # --- writing ------------------------------------------------------------------------

    def give(self, class_deal: ClassDeal) -> str:
        """Record a deal given to the class (once); its code."""
        code = class_deal.code
        with self._writing() as connection:
            connection.execute(
                "INSERT OR IGNORE INTO deals (code, given) VALUES (?, ?)", (code, time.time())
            )
        return code

    def send(self, result: ClassResult) -> None:
        """Keep a checked result of a deal given. The same result sent again changes
        nothing; another deal under a name already on the board is refused (two
        students of one name: the second is asked for another), so none is lost."""
        deal = result.class_deal.code
        with self._writing() as connection:
            if connection.execute("SELECT 1 FROM deals WHERE code = ?", (deal,)).fetchone() is None:
                raise ClassError("unknown_deal")
            earlier = connection.execute(
                "SELECT code FROM results WHERE deal = ? AND name_key = ?", (deal, result.key)
            ).fetchone()
            if earlier is not None and earlier[0] != result.code:
                raise ClassError("name_taken", name=result.name)
            count = connection.execute(
                "SELECT COUNT(*) FROM results WHERE deal = ? AND name_key != ?",
                (deal, result.key),
            ).fetchone()[0]
            if count >= RESULTS_MOST:
                raise ClassError("full", most=RESULTS_MOST)
            connection.execute(
                "INSERT OR REPLACE INTO results (deal, name_key, code, sent) VALUES (?, ?, ?, ?)",
                (deal, result.key, result.code, time.time()),
            )

    def keep_reviews(self, reviews: dict[str, Losses]) -> None:
        with self._writing() as connection:
            connection.executemany(
                "INSERT OR REPLACE INTO reviews (deal_code, losses) VALUES (?, ?)",
                [(code, json.dumps(losses_data(losses))) for code, losses in reviews.items()],
            )

    # --- reading ------------------------------------------------------------------------

    def given(self) -> list[tuple[str, float]]:
        """The deals given, oldest first, with when (seconds since the epoch)."""
        with self._connection() as connection:
            return [
                (str(code), float(given))
                for code, given in connection.execute(
                    "SELECT code, given FROM deals ORDER BY given, code"
                )
            ]

    def result_codes(self, deal: str | None = None) -> list[str]:
        with self._connection() as connection:
            if deal is None:
                rows = connection.execute("SELECT code FROM results ORDER BY deal, name_key")
            else:
                rows = connection.execute(
                    "SELECT code FROM results WHERE deal = ? ORDER BY name_key", (deal,)
                )
            return [str(code) for (code,) in rows]

    def board(self) -> Board:
        """The board as it stands: every deal given, every result (checked again as it
        is read), the reviews already made."""
        board = Board(reviewer=self.reviewer)
        for code, _ in self.given():
            board.give(ClassDeal.from_code(code))
        for code in self.result_codes():
            board.add(result_from_code(code))
        with self._connection() as connection:
            board.reviews = {
                str(code): losses_from(json.loads(losses))
                for code, losses in connection.execute("SELECT deal_code, losses FROM reviews")
            }
        return board

    def reviewed(self, board: Board) -> None:
        """Keep the reviews ``board`` made since it was read."""
        self.keep_reviews(board.reviews)
