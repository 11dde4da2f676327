"""`python -m engine replay|check|bench` as a user runs them: JSON out, exit codes, no tracebacks."""
import json
import pathlib
import subprocess
import sys

GOLDEN = pathlib.Path(__file__).parent / "golden"
START = {"col": 0, "row": 0, "kind": "start", "openings": "NESW", "dead_end": False,
         "confidence": 0.97, "corners": [[1, 2], [3, 2], [3, 5], [1, 5]]}


def cli(*args: str, stdin: str = "") -> tuple[int, list[dict], str]:
    proc = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return proc.returncode, lines, proc.stderr


def test_replay_good_record(tmp_path) -> None:
    code, lines, _ = cli("replay", str(GOLDEN / "sabotaged_dwarf.jsonl"))
    assert code == 0 and lines[0]["header"] and all(line["ok"] for line in lines)
    final = lines[-1]
    assert final["final"] and final["bad_lines"] == 0 and final["totals"][1] == 0


def test_replay_bad_lines_are_reported_with_numbers(tmp_path) -> None:
    text = (GOLDEN / "double_repair.jsonl").read_text().splitlines()
    text[3] = '{"type": "BreakTool", "seat": 1'  # line 4: broken JSON
    text.insert(5, '{"type": "Fly", "seat": 0}')  # line 6: unknown move
    text.append('{"type": "StartRound"}')  # last line: a round is still being played
    record = tmp_path / "bad.jsonl"
    record.write_text("\n".join(text) + "\n")
    code, lines, _ = cli("replay", str(record))
    bad = {line["line"]: line["rule"] for line in lines if not line["ok"] and "line" in line}
    assert code == 1
    assert bad[4] == "bad_json" and bad[6] == "bad_move" and bad[len(text)] == "wrong_phase"
    assert lines[-1]["final"] and lines[-1]["bad_lines"] >= 3


def test_replay_missing_file_and_bad_header(tmp_path) -> None:
    code, lines, _ = cli("replay", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "error" in lines[0]
    bad = tmp_path / "h.jsonl"
    bad.write_text('{"format": "chess"}\n')
    code, lines, _ = cli("replay", str(bad))
    assert code == 1 and lines[0]["rule"] == "bad_header"


def test_check_board_and_placement(tmp_path) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"cards": [START, {"col": 1, "row": 0, "kind": "path",
                                                   "openings": "NS", "dead_end": False}]}))
    code, lines, _ = cli("check", str(board))
    assert code == 1 and lines[0]["problems"][0]["side"] == "W"
    assert lines[0]["connected"] == [[0, 0]]
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"cards": [START]}))
    code, lines, _ = cli("check", str(good), "--place", '{"col":-1,"row":0,"openings":"EW","dead_end":false}')
    assert code == 0 and lines == [{"legal": True, "rule": "", "reason": "legal", "reveals": []}]
    code, lines, _ = cli("check", str(good), "--place", '{"col":3,"row":0,"openings":"EW"}')
    assert code == 1 and lines[0]["rule"] == "not_adjacent"


def test_check_jsonl_many_queries_and_bad_lines() -> None:
    cards = [START] + [{"col": c, "row": 0, "kind": "path", "openings": "EW"} for c in (1, 2, 3)]
    cards += [{"col": c, "row": 0, "kind": "path", "openings": "NESW"} for c in (4, 5, 6)]
    cards.append({"col": 8, "row": 0, "kind": "goal", "face": "down"})
    queries = [{"board": {"cards": cards}, "place": {"col": 7, "row": 0, "openings": "EW",
                                                      "dead_end": False}},
               {"board": {"cards": cards}}, "not json", {"place": {"col": 1, "row": 1}}]
    stdin = "\n".join(q if isinstance(q, str) else json.dumps(q) for q in queries) + "\n"
    code, lines, _ = cli("check", "--jsonl", stdin=stdin)
    assert code == 2 and len(lines) == 4
    assert lines[0]["legal"] and lines[0]["reveals"] == [[8, 0]]
    assert lines[1]["connected"][-1] == [6, 0]
    assert lines[2]["line"] == 3 and "error" in lines[2]
    assert lines[3]["line"] == 4


def test_check_bad_input_and_usage(tmp_path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{]")
    assert cli("check", str(junk))[0] == 2
    junk.write_text('{"cards": [{"col": "a", "row": 0}]}')
    code, lines, _ = cli("check", str(junk))
    assert code == 2 and "col" in lines[0]["error"]
    assert cli("check")[0] == 2
    assert cli("fly")[0] == 2


def test_bench_prints_figures() -> None:
    code, lines, _ = cli("bench", "--seconds", "0.2")
    assert code == 0 and lines[0]["placement_checks_per_s"] > 0
    assert lines[0]["simulated_games_per_s"] > 0


def test_check_jsonl_survives_an_absurdly_nested_line() -> None:
    good = json.dumps({"board": {"cards": [START]},
                       "place": {"col": 1, "row": 0, "openings": "EW", "dead_end": False}})
    code, lines, _ = cli("check", "--jsonl", stdin="[" * 100_000 + "\n" + good + "\n")
    assert code == 2 and len(lines) == 2
    assert lines[0]["line"] == 1 and "error" in lines[0] and lines[1]["legal"] is True


def test_replay_survives_an_absurdly_nested_line(tmp_path) -> None:
    lines = (GOLDEN / "double_repair.jsonl").read_text().splitlines()
    lines.insert(2, "[" * 100_000)
    record = tmp_path / "nested.jsonl"
    record.write_text("\n".join(lines) + "\n")
    code, out, _ = cli("replay", str(record))
    assert code == 1 and out[-1]["final"]
    assert [v["line"] for v in out if not v["ok"] and "line" in v] == [3]
