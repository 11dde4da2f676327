"""`python -m companion.i18n update` on a tree whose catalogues match the code changes nothing."""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.i18n import LANGUAGES, catalog
from companion.i18n.tools import update

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def locale_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped catalogues copied aside, so `update` writes there and not into the checkout."""
    copy = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE_DIR, copy)
    monkeypatch.setattr(catalog, "LOCALE_DIR", copy)
    return copy


def _files(locale: Path) -> dict[str, bytes]:
    return {lang: (locale / lang / "LC_MESSAGES" / "messages.po").read_bytes() for lang in LANGUAGES}


def test_update_on_a_clean_tree_rewrites_nothing(locale_copy: Path) -> None:
    """The reported bug: ids the screens use went obsolete and every file was reordered."""
    shipped = _files(locale_copy)
    assert update(ROOT) == [(lang, 0, 0) for lang in LANGUAGES]
    assert _files(locale_copy) == shipped


def test_update_brings_an_obsolete_id_back_with_its_translation(locale_copy: Path) -> None:
    """An id the code uses again comes back translated, not empty beside its `#~` copy."""
    po = locale_copy / "fr" / "LC_MESSAGES" / "messages.po"
    shipped = po.read_bytes()
    entry = re.search(r'\nmsgid "Done - hide"\nmsgstr "[^"]+"\n', shipped.decode("utf-8"))
    assert entry
    hidden = "".join(f"#~ {line}\n" for line in entry.group(0).strip().splitlines())
    po.write_text(shipped.decode("utf-8").replace(entry.group(0), "\n") + "\n" + hidden, encoding="utf-8")
    assert ("fr", 1, 0) in update(ROOT)
    revived = catalog.read_catalog("fr")
    assert "Done - hide" not in revived.obsolete
    assert revived.get("Done - hide").string == re.search(r'msgstr "([^"]+)"', entry.group(0)).group(1)
    assert {m.id for m in revived} == {m.id for m in read_po(io.BytesIO(shipped), locale="fr")}
