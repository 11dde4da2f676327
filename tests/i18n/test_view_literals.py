"""No visible text is written into a screen: every label goes through the catalogue (phase 2)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

VIEWS = Path(__file__).resolve().parents[2] / "companion" / "views"
# calls whose first argument or these keywords end up on screen
TEXT_CALLS = {"Text", "button", "title", "hint", "FilledButton", "OutlinedButton", "TextButton",
              "ElevatedButton", "TextField", "Switch", "Checkbox", "Chip", "IconButton", "Tab",
              "DataColumn", "Markdown", "SnackBar", "AlertDialog", "Dropdown", "Option", "Radio"}
TEXT_KEYWORDS = {"content", "label", "tooltip", "text", "hint_text", "helper_text", "title",
                 "semantics_label", "error_text"}


def _name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _words(node: ast.expr) -> str:
    """The literal letters a node puts on screen by itself (f-string parts, string constants)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _words(node.left) + _words(node.right)
    if isinstance(node, ast.IfExp):
        return _words(node.body) + " " + _words(node.orelse)
    return ""


def literal_texts(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or _name(node.func) not in TEXT_CALLS:
            continue
        args = node.args[:1] + [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        for arg in args:
            words = _words(arg)
            if re.search(r"[A-Za-z]{2,}", words):
                out.append(f"{path.name}:{node.lineno}: {words!r}")
    return out


def test_views_pass_no_string_literals_to_text_controls() -> None:
    found = [hit for path in sorted(VIEWS.glob("*.py")) for hit in literal_texts(path)]
    assert found == []


def test_the_scanner_finds_literals_when_there_are_some(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('import flet as ft\nft.Text("Hello")\nbutton(f"Deal round {n}", None)\n'
                      'ft.Text(tr.t("Hello"))\nft.Text(f"{a}. {b}")\nft.Chip(label=ft.Text("x"), tooltip="Pick me")\n')
    assert [h.split(": ", 1)[1] for h in literal_texts(sample)] == ["'Hello'", "'Deal round '", "'Pick me'"]
