"""Table-side verbs for players' phones: the QR codes, releasing a seat, and keeping every
private step of a seat that has a phone OFF the table screen.

Mixed into Session ahead of PlayVerbs, so the pass-and-play openers (role, map result, gold
pick, payout) refuse a seat whose phone does that step: the table screen then cannot show
that seat's secrets even if a stale button is tapped.
"""
from __future__ import annotations

import io
import os
from functools import lru_cache
from typing import Any

import qrcode

from .i18n import SOURCE, Translator, translator
from .seats import open_seat, phone_seats, release_seat, seat_table, take_photo, waiting_photo

#: Where phones reach this app (set by `python -m companion`; SABOTEUR_PUBLIC_URL overrides).
PUBLIC_URL = {"base": ""}


def public_base() -> str:
    return (os.environ.get("SABOTEUR_PUBLIC_URL") or PUBLIC_URL["base"] or "http://127.0.0.1:8550").rstrip("/")


@lru_cache(maxsize=64)
def qr_png(text: str) -> bytes:
    """A QR code as PNG bytes (drawn in the service layer; the view only shows bytes)."""
    img = qrcode.make(text, box_size=6, border=2)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


class PhoneVerbs:
    """Fields used from Session: service, game_id, table, panel, error, private_seat."""

    game_id: int | None
    panel: str
    error: str

    # ---- which seats have a phone -----------------------------------------------------------
    def phone_seats(self) -> set[int]:
        if self.game_id is None:
            return set()
        return phone_seats(self.service.game(self.game_id))

    @property
    def phone_tr(self) -> Translator:
        """The page's translator (English until the session has its own language)."""
        return getattr(self, "tr", None) or translator(SOURCE)

    def on_phone(self, seat: int | None) -> bool:
        return seat is not None and seat in self.phone_seats()

    # ---- the phones panel -------------------------------------------------------------------
    def open_phones(self) -> None:
        """Show a QR code per seat (each seat gets its token now, once)."""
        self.error = ""
        for seat in range(len(self.table["players"])):
            open_seat(self.service, self.game_id, seat)
        self.panel = "phones"
        self._changed()

    def phone_rows(self) -> list[dict[str, Any]]:
        """Per seat: name, the seat URL, its QR code (PNG bytes), and whether a phone joined."""
        seats = seat_table(self.service.game(self.game_id))
        rows = []
        for seat, name in enumerate(self.table["players"]):
            info = seats.get(seat)
            url = f"{public_base()}/seat/{info['token']}" if info else ""
            rows.append({"seat": seat, "name": name, "url": url, "joined": bool(info and info["claim"]),
                         "qr": qr_png(url) if url else b""})
        return rows

    def release_phone(self, seat: int) -> None:
        """Free a seat: its phone page says so, its QR code changes, pass-and-play takes over."""
        release_seat(self.service, self.game_id, seat)
        open_seat(self.service, self.game_id, seat)  # a fresh QR code for the next phone
        self.refresh()
        self._changed()

    # ---- private steps stay off the table for phone seats -----------------------------------
    def _refuse_phone(self, seat: int | None) -> bool:
        if self.on_phone(seat):
            name = self.table["players"][seat]
            self.error = self.phone_tr.t("{name} does this on their own phone.", name=name)
            return True
        return False

    def open_role(self, seat: int) -> None:
        if not self._refuse_phone(seat):
            super().open_role(seat)  # type: ignore[misc]

    def open_peek(self) -> None:
        if not self._refuse_phone(self.pending_peek()):
            super().open_peek()  # type: ignore[misc]

    def open_pick(self) -> None:
        if not self._refuse_phone(self.table["draft"]["picker"]):
            super().open_pick()  # type: ignore[misc]

    def open_payout(self, seat: int) -> None:
        if not self._refuse_phone(seat):
            super().open_payout(seat)  # type: ignore[misc]

    # ---- photos sent from a phone -------------------------------------------------------------
    def phone_photo_from(self) -> str:
        """The name of the player whose phone sent a photo waiting for the table, or ""."""
        got = waiting_photo(self.service, self.game_id) if self.game_id is not None else None
        return self.table["players"][got[0]] if got and self.table else ""

    async def use_phone_photo(self) -> None:
        data = take_photo(self.service, self.game_id)
        if data:
            await self.submit_photo(data)
