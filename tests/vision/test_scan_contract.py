"""The scanner's CLI and Python contract: JSON lines, exit codes, clear errors, never a traceback."""
import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from vision import scan

pytestmark = pytest.mark.vision

ROOT = Path(__file__).parents[2]
SHARED = ROOT.parent / "shared" / "vision-samples"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vision", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def small_copy(tmp_path: Path, name: str, side: int = 1400) -> Path:
    """A downscaled copy of a shared sample, so the test stays fast."""
    img = cv2.imread(str(SHARED / f"{name}.jpg"))
    s = side / max(img.shape[:2])
    out = tmp_path / f"{name}.jpg"
    cv2.imwrite(str(out), cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_AREA))
    return out


def test_usage_errors_exit_2_without_traceback():
    for args in ((), ("scan",), ("frobnicate",)):
        res = run_cli(*args)
        assert res.returncode == 2, args
        assert "Traceback" not in res.stderr and res.stdout == ""


def test_bad_files_answer_one_json_line_each_and_exit_1(tmp_path):
    text = tmp_path / "notes.jpg"
    text.write_text("not an image")
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    res = run_cli("scan", str(tmp_path / "missing.jpg"), str(text), str(empty))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    lines = [json.loads(ln) for ln in res.stdout.splitlines()]
    assert [ln["photo"] for ln in lines] == [str(tmp_path / "missing.jpg"), str(text), str(empty)]
    for ln in lines:
        assert ln["ok"] is False and "image" in ln["error"]


def test_photo_of_an_empty_table_is_refused_with_a_reason(tmp_path):
    res = run_cli("scan", str(small_copy(tmp_path, "0012")))
    assert res.returncode == 1
    answer = json.loads(res.stdout)
    assert answer["ok"] is False and "photo" in answer["error"]


def test_a_refused_photo_gets_a_debug_sheet_of_what_was_seen(tmp_path):
    """Sample 0010 has no start card: the sheet shows the reason above the photo with what the
    scanner saw; a file that is no image gets no sheet (there is nothing to show)."""
    text = tmp_path / "notes.jpg"
    text.write_text("not an image")
    res = run_cli("scan", str(small_copy(tmp_path, "0010")), str(text), "--debug", str(tmp_path / "dbg"))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    answers = [json.loads(ln) for ln in res.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [False, False]
    assert set(answers[0]) == {"photo", "ok", "error"}
    sheets = sorted((tmp_path / "dbg").glob("*.jpg"))
    assert [s.name for s in sheets] == ["000-0010.jpg"]
    sheet = cv2.imread(str(sheets[0]))
    assert sheet.shape[1] == 1400 and sheet.shape[0] > 64
    bar = sheet[:64].reshape(-1, 3)
    assert np.median(bar) < 60                                     # the dark reason bar ...
    assert np.any((bar[:, 2] > 150) & (bar[:, 0] < 120))            # ... with the reason in red


def test_blurred_photo_is_refused(tmp_path):
    answer = scan(str(small_copy(tmp_path, "0011"))).to_dict()
    assert answer["ok"] is False and answer["error"]


def test_python_api_takes_bytes_and_arrays_alike(tmp_path):
    path = small_copy(tmp_path, "0008")
    from_path = scan(str(path)).to_dict()
    from_bytes = scan(path.read_bytes()).to_dict()
    from_array = scan(cv2.imread(str(path))).to_dict()
    assert from_path["ok"] and from_bytes["ok"] and from_array["ok"]
    keys = lambda d: sorted((c["col"], c["row"], c["kind"]) for c in d["cards"])
    assert keys(from_path) == keys(from_bytes) == keys(from_array)


def test_success_line_has_the_contract_fields_and_fiducials(tmp_path):
    path = small_copy(tmp_path, "0008")
    res = run_cli("scan", str(path), "--debug", str(tmp_path / "dbg"))
    assert res.returncode == 0, res.stdout + res.stderr
    answer = json.loads(res.stdout)
    assert set(answer) == {"photo", "ok", "cards", "warnings", "ms"}
    cells = {(c["col"], c["row"]): c for c in answer["cards"]}
    assert cells[(0, 0)]["kind"] == "start"
    assert all(cells[(8, r)]["kind"] == "goal" and cells[(8, r)]["face"] == "down" for r in (-2, 0, 2))
    for c in answer["cards"]:
        assert 0 <= c["confidence"] <= 1 and len(c["corners"]) == 4
        assert c["openings"] == "".join(s for s in "NESW" if s in c["openings"])
    truth = json.loads((SHARED / "0008.json").read_text())
    k = max(cv2.imread(str(path)).shape[:2]) / max(truth["image"]["w"], truth["image"]["h"])
    start = np.array([c["corners"] for c in truth["cards"] if c["kind"] == "start"][0]) * k
    width = min(np.linalg.norm(start[1] - start[0]), np.linalg.norm(start[2] - start[1]))
    assert np.linalg.norm(np.mean(cells[(0, 0)]["corners"], axis=0) - start.mean(axis=0)) < 0.2 * width
    assert len(list((tmp_path / "dbg").glob("*.jpg"))) == 1


def test_errors_are_typed_with_a_retake_hint():
    for err in (vision.UnreadableImage(), vision.TooBlurred(), vision.NoMaze(), vision.StartNotFound(),
                vision.GoalsNotFound()):
        assert isinstance(err, vision.ScanError) and ":" in err.message


def test_arrays_of_other_depths_are_scaled_not_truncated(tmp_path):
    """A 16-bit or 0..1 float photo (as imageio or scikit-image hand them over) reads as its 8-bit
    self; casting would keep the low byte or round everything to black."""
    img = cv2.imread(str(small_copy(tmp_path, "0008")))
    keys = lambda d: sorted((c["col"], c["row"], c["kind"], c["openings"]) for c in d["cards"])
    want = keys(scan(img).to_dict())
    assert want
    assert keys(scan(img.astype(np.uint16) * 256 + 128).to_dict()) == want
    assert keys(scan(img.astype(np.float32) / 255.0).to_dict()) == want


def test_an_array_that_is_no_image_is_refused_with_its_type():
    got = scan(np.zeros((300, 400, 3), bool)).to_dict()
    assert got["ok"] is False and "bool" in got["error"]
