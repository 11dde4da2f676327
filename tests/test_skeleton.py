"""The three packages import, and the engine stays standard-library only."""
import ast
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_engine_imports_only_stdlib() -> None:
    allowed = set(sys.stdlib_module_names) | {"engine"}
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
