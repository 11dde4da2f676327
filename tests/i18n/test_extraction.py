"""Every message the code marks for translation (t, n, N_, N_n) is in the catalogues."""
from __future__ import annotations

from pathlib import Path

from companion.i18n.catalog import read_catalog
from companion.i18n.tools import extract, read_po_file, template

ROOT = Path(__file__).resolve().parents[2]


def test_every_marked_message_has_a_catalogue_entry() -> None:
    marked = {m.id for m in template(ROOT) if m.id}
    assert len(marked) > 100
    assert marked - {m.id for m in read_catalog("en") if m.id} == set()


def test_extraction_ignores_subscripts_of_a_variable_called_t(tmp_path: Path) -> None:
    pkg = tmp_path / "companion"
    pkg.mkdir()
    (pkg / "x.py").write_text('t = {"players": 1}\nprint(t["players"])\nlabel = tr.t("Hello {name}", name=n)\n'
                              'many = tr.n("{count} card", "{count} cards", k)\n')
    ids = {m.id for m in template(tmp_path) if m.id}
    assert ids == {"Hello {name}", ("{count} card", "{count} cards")}


def test_extraction_finds_exactly_the_ids_of_the_shipped_english_catalogue(tmp_path: Path) -> None:
    """The extractor and the catalogue agree both ways, so `update` marks nothing obsolete that a
    screen still shows. Texts picked through a variable, a table or an exception (`tr.t(label)`,
    `GameError(...)`, `msgid=...`) are only seen when marked with N_() where they are written."""
    (tmp_path / "companion").symlink_to(ROOT / "companion", target_is_directory=True)
    pot, _count = extract(tmp_path)
    assert pot.is_relative_to(tmp_path)
    extracted = {m.id for m in read_po_file(pot, "en") if m.id}
    shipped = {m.id for m in read_catalog("en") if m.id}
    assert sorted(shipped - extracted, key=str) == [], "in the catalogue but not found in the code"
    assert sorted(extracted - shipped, key=str) == [], "marked in the code but not in the catalogue"
