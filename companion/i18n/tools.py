"""Catalogue upkeep with Babel's own API: extract the ids from the code, update and check the `.po`s.

The template goes to `var/i18n/messages.pot` (git-ignored, generated). Only the `.po` files are
kept in git, and nothing compiled is written anywhere: `catalog.py` compiles in memory.
"""
from __future__ import annotations

import ast
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from .catalog import DOMAIN, LANGUAGES, SOURCE, placeholders, po_path, read_catalog

KEYWORDS = {"t": 1, "n": 2, "N_": 1, "N_n": 2}  # marker -> how many leading string arguments are ids
SOURCES = "companion"


def _marked(tree: ast.AST) -> list[tuple[int, str | tuple[str, str]]]:
    """(line, id) of every marker call whose id arguments are string literals.

    An AST walk rather than Babel's tokenizer: the screens name a local `t = s.table`, and the
    tokenizer then loses track of the real `tr.t(...)` calls around `t["players"]`.
    """
    out: list[tuple[int, str | tuple[str, str]]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        count = KEYWORDS.get(name)
        if not count or len(node.args) < count:
            continue
        args = node.args[:count]
        if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value for a in args):
            continue
        ids = tuple(a.value for a in args)
        out.append((node.lineno, ids[0] if count == 1 else ids))
    return sorted(out, key=lambda found: found[0])  # ast.walk is breadth-first; new ids go in in reading order


def template(root: Path) -> Catalog:
    """Every message id the code marks (t, n, N_, N_n), with where it is used."""
    cat = Catalog(domain=DOMAIN, project="Saboteur Companion", version="0.1")
    for path in sorted((root / SOURCES).rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(root).as_posix()
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        except SyntaxError:
            continue
        for lineno, message in _marked(tree):
            text = "".join(message) if isinstance(message, tuple) else message
            flags = ["python-brace-format"] if placeholders(text) else []
            cat.add(message, None, [(rel, lineno)], flags=flags)
    return cat


def extract(root: Path) -> tuple[Path, int]:
    out = root / "var" / "i18n" / f"{DOMAIN}.pot"
    out.parent.mkdir(parents=True, exist_ok=True)
    cat = template(root)
    with out.open("wb") as fh:
        write_po(fh, cat, width=100)
    return out, len(cat)


def _revive(cat: Catalog, tpl: Catalog) -> None:
    """Bring an obsolete (`#~`) entry back when the code uses its id again, translation and all.

    Babel's `update` would add the id as a new, empty message and keep the `#~` copy beside it:
    the translation would look lost and the file would hold the id twice.
    """
    used = {m.id for m in tpl if m.id}
    for key, message in list(cat.obsolete.items()):
        if message.id in used:
            del cat.obsolete[key]
            cat[message.id] = message


def _keep_order(cat: Catalog, order: list) -> None:
    """Ids already in the file stay where they were; new ones follow, in the code's order.

    Babel orders the merged catalogue like the template, which would rewrite every `.po` whenever
    the extraction order differs from the hand-kept one; review wants only the real changes.
    """
    rank = {msgid: i for i, msgid in enumerate(order)}
    messages = sorted((m for m in cat if m.id), key=lambda m: rank.get(m.id, len(rank)))  # stable
    for m in messages:
        del cat[m.id]
    for m in messages:
        cat[m.id] = m


def _merge(lang: str, tpl: Catalog, force: bool) -> tuple[int, int]:
    """Merge the code's ids into one catalogue and write it; (ids added, ids newly obsolete)."""
    cat = read_catalog(lang)
    order = [m.id for m in cat if m.id]
    before, now = set(order), {m.id for m in tpl if m.id}
    kept = len(before & now)
    if not force and before and kept < len(before) / 2:
        raise SystemExit(f"{lang}: only {kept} of {len(before)} ids are still in the code; "
                         "the screens are probably not wired to the catalogue yet (use force)")
    _revive(cat, tpl)
    changed = before != now  # an unchanged catalogue keeps its POT-Creation-Date too
    cat.update(tpl, no_fuzzy_matching=True, update_header_comment=False, update_creation_date=changed)
    _keep_order(cat, order)
    if lang == SOURCE:
        for m in cat:
            if m.id and not m.string:
                m.string = m.id
    with po_path(lang).open("wb") as fh:  # no `#:` lines: they would churn with every edit of the code
        write_po(fh, cat, width=100, no_location=True, ignore_obsolete=False)
    return len(now - before), len(before - now)


def update(root: Path, force: bool = False) -> list[tuple[str, int, int]]:
    """Merge the code's ids into every catalogue; refuse when most ids would go obsolete.

    On a tree whose catalogues already match the code this rewrites each file byte for byte.
    """
    tpl = template(root)
    return [(lang, *_merge(lang, tpl, force)) for lang in LANGUAGES]


def message_problems(lang: str, message: Message, nplurals: int) -> list[str]:
    """What is wrong with one translated message (empty, placeholders, plural forms)."""
    where = f"{lang}: {message.id!r}"
    if isinstance(message.id, tuple):
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if len(forms) != nplurals:
            return [f"{where}: {len(forms)} plural forms, the language has {nplurals}"]
        out = [f"{where}: empty plural form {i}" for i, f in enumerate(forms) if not f]
        allowed = placeholders(message.id[0]) | placeholders(message.id[1])
        for i, form in enumerate(forms):
            if form and not placeholders(form) <= allowed:
                out.append(f"{where}: form {i} has unknown placeholders {placeholders(form) - allowed}")
        if forms[-1] and placeholders(forms[-1]) != placeholders(message.id[1]):
            out.append(f"{where}: the general form's placeholders differ from the source")
        return out
    if not message.string:
        return [f"{where}: empty translation"]
    if placeholders(message.string) != placeholders(message.id):
        return [f"{where}: placeholders {sorted(placeholders(message.string))} "
                f"differ from {sorted(placeholders(message.id))}"]
    return []


def catalog_problems(lang: str, cat: Catalog, source_ids: set) -> list[str]:
    ids = {m.id for m in cat if m.id}
    out = [f"{lang}: missing {i!r}" for i in sorted(source_ids - ids, key=str)]
    out += [f"{lang}: not in English {i!r}" for i in sorted(ids - source_ids, key=str)]
    for m in cat:
        if m.id:
            out += message_problems(lang, m, cat.num_plurals)
    return out


def check() -> list[str]:
    """All problems of all six catalogues against the English source catalogue."""
    source_ids = {m.id for m in read_catalog(SOURCE) if m.id}
    out: list[str] = []
    for lang in LANGUAGES:
        out += catalog_problems(lang, read_catalog(lang), source_ids)
    return out


def read_po_file(path: Path, lang: str) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)
