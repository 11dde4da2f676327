"""Every message the code marks for translation (t, n, N_, N_n) is in the catalogues."""
from __future__ import annotations

from pathlib import Path

from companion.i18n.catalog import read_catalog
from companion.i18n.tools import template

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
