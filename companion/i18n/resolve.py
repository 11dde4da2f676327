"""Which of the six languages a device or browser asks for.

Inputs come in many shapes: a browser tag ("pt-BR"), a POSIX locale ("fr_CA.UTF-8"), an
Accept-Language header ("nl-BE,nl;q=0.9,en;q=0.8"), or Flet's `DeviceInfo.locales` (objects with
`language_code`). The first language we have wins, in the order of preference given; anything
else (including garbage) is English.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from .catalog import LANGUAGES, SOURCE

_TAG = re.compile(r"^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*(?:\.[\w-]+)?(?:@\w+)?\s*$")
ALIASES = {"vie": "vi", "fra": "fr", "fre": "fr", "por": "pt", "nld": "nl", "dut": "nl", "spa": "es",
           "eng": "en"}


def language_of(tag: Any) -> str | None:
    """One tag or locale object -> one of our languages, or None if it is none of them."""
    code = getattr(tag, "language_code", None)
    if code is None:
        if not isinstance(tag, str):
            return None
        m = _TAG.match(tag.split(";")[0])
        if not m:
            return None
        code = m.group(1)
    code = str(code).lower()
    code = ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def _accept_language(header: str) -> list[str]:
    """An Accept-Language header's tags, best first (q=0 means "not this one")."""
    ranked = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        if q > 0:
            ranked.append((-q, i, tag.strip()))
    return [tag for _, _, tag in sorted(ranked)]


def resolve_language(preferred: Any, default: str = SOURCE) -> str:
    """The language to show for a device's preferences (one tag, a header, or a list, best first)."""
    if preferred is None:
        return default
    if isinstance(preferred, str):
        candidates: Iterable[Any] = _accept_language(preferred) if "," in preferred or ";" in preferred \
            else [preferred]
    else:
        try:
            candidates = list(preferred)
        except TypeError:
            candidates = [preferred]
    for tag in candidates:
        lang = language_of(tag)
        if lang:
            return lang
    return default
