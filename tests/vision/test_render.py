"""The renderer's promises: same seed, same photo; truth in the samples' format; every truth
corner lies where its card was drawn; mazes only hold cards the box holds, laid legally."""
from __future__ import annotations

import json
import random

import cv2
import numpy as np
import pytest

from engine.cards import GOALS, OPPOSITE, STEP, copies_of
from vision.render import render_scene
from vision.render.cli import main as render_main, write_jpeg
from vision.render.maze import grow_maze

pytestmark = pytest.mark.vision

SMALL = {"mp": 0.3}
MAGENTA = (255, 0, 255)


def test_same_seed_same_photo_and_truth() -> None:
    a_img, a_truth = render_scene(11, **SMALL)
    b_img, b_truth = render_scene(11, **SMALL)
    c_img, c_truth = render_scene(12, **SMALL)
    assert np.array_equal(a_img, b_img)
    assert a_truth == b_truth
    assert a_img.shape != c_img.shape or not np.array_equal(a_img, c_img)


@pytest.mark.parametrize("seed", [31, 32])
def test_tint_recolours_the_art_and_nothing_else(seed: int) -> None:
    """Coloured tunnels (for training the reader on unseen prints) draw from their own generator:
    the same table, cards and camera; and without tint the scene is what it always was (the bench
    sets keep their photos)."""
    plain_img, plain = render_scene(seed, **SMALL)
    img, truth = render_scene(seed, **SMALL, tint=1.0)
    zero_img, _ = render_scene(seed, **SMALL, tint=0.0)
    assert truth == plain
    assert np.array_equal(zero_img, plain_img)
    assert not np.array_equal(img, plain_img)


def test_tinted_tunnels_are_coloured_and_stand_out_from_the_stone() -> None:
    from vision.render.style import random_style, tinted
    coloured = 0
    for seed in range(40):
        style = random_style(random.Random(seed), "grey")
        t = tinted(style, random.Random(seed))
        if t.tunnel != style.tunnel:
            coloured += 1
            assert max(t.tunnel) - min(t.tunnel) >= 40          # a colour, not a grey
            assert sum(t.tunnel) - sum(t.stone) >= 120            # brighter than the stone
        assert t.ladder != style.ladder or t.tunnel != style.tunnel
    assert 20 <= coloured < 40


@pytest.mark.parametrize("seed", [61, 62])
def test_scene_family_names_the_art_the_scene_is_drawn_in(seed: int) -> None:
    """Forcing the family scene_family reports changes nothing; forcing another one does."""
    from vision.render import scene_family
    from vision.render.style import FAMILIES
    fam = scene_family(seed)
    img, _ = render_scene(seed, **SMALL)
    same, _ = render_scene(seed, family=fam, **SMALL)
    other, _ = render_scene(seed, family=next(f for f in FAMILIES if f != fam), **SMALL)
    assert np.array_equal(img, same) and not np.array_equal(img, other)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_truth_has_the_samples_fields_and_frame(seed: int) -> None:
    img, truth = render_scene(seed, negative=None, **SMALL)
    assert set(truth) == {"seed", "negative", "cards", "image"}
    assert truth["image"] == {"w": img.shape[1], "h": img.shape[0]}
    cells = {(c["col"], c["row"]): c for c in truth["cards"]}
    assert len(cells) == len(truth["cards"])
    assert cells[(0, 0)]["kind"] == "start" and cells[(0, 0)]["openings"] == "NESW"
    for pos in GOALS:
        goal = cells[pos]
        assert goal["kind"] == "goal" and goal["face"] in ("down", "gold", "stone")
        assert ("openings" in goal) == (goal["face"] != "down")
    for c in truth["cards"]:
        if c["kind"] == "path":
            assert copies_of(c["openings"], c["dead_end"]) > 0, c
        assert len(c["corners"]) == 4


@pytest.mark.parametrize("seed", [21, 22, 23, 24])
def test_corners_lie_inside_the_image_and_on_the_drawn_card(seed: int) -> None:
    """On a plain magenta table: inside each truth quad no table shows, just outside it does."""
    img, truth = render_scene(seed, negative=None, table="plain", table_color=MAGENTA, clutter=0.0,
                              hard=0.0, mp=1.0, fill=0.95)
    h, w = img.shape[:2]
    b, g, r = (img[..., i].astype(int) for i in range(3))
    table = (r > g + 60) & (b > g + 60)
    union = np.zeros((h, w), np.uint8)
    for c in truth["cards"]:
        q = np.array(c["corners"], np.float32)
        assert np.all(q >= -0.5) and np.all(q[:, 0] <= w + 0.5) and np.all(q[:, 1] <= h + 0.5)
        inner = np.zeros((h, w), np.uint8)
        centre = q.mean(axis=0)
        cv2.fillConvexPoly(inner, np.int32(centre + (q - centre) * 0.85), 1)
        assert table[inner > 0].mean() < 0.02, c
        cv2.fillConvexPoly(union, np.int32(np.round(q)), 1)
    ring = cv2.dilate(union, np.ones((9, 9), np.uint8)) - cv2.dilate(union, np.ones((5, 5), np.uint8))
    assert table[ring > 0].mean() > 0.85


def test_corner_order_follows_the_board_frame() -> None:
    """NW -> NE runs toward higher col, NW -> SW toward higher row (right of east, seen from above)."""
    _, truth = render_scene(31, negative=None, n_cards=20, **SMALL)
    cells = {(c["col"], c["row"]): np.array(c["corners"]) for c in truth["cards"]}
    checked = 0
    for (col, row), q in cells.items():
        for (dc, dr), edge in (((1, 0), q[1] - q[0]), ((0, 1), q[3] - q[0])):
            other = cells.get((col + dc, row + dr))
            if other is not None:
                assert np.dot(other.mean(axis=0) - q.mean(axis=0), edge) > 0
                checked += 1
    east, south = q[1] - q[0], q[3] - q[0]
    assert east[0] * south[1] - east[1] * south[0] > 0  # not mirrored
    assert checked > 0


@pytest.mark.parametrize("negative", ["no_board", "no_start", "blur"])
def test_negatives_carry_no_cards(negative: str) -> None:
    img, truth = render_scene(41, negative=negative, **SMALL)
    assert truth["negative"] == negative and truth["cards"] == []
    assert img.ndim == 3 and img.shape[2] == 3


@pytest.mark.parametrize("seed", range(6))
def test_grown_mazes_hold_only_the_box_and_match_edges(seed: int) -> None:
    board = grow_maze(random.Random(seed), 40, illegal=0.0)
    counts: dict = {}
    for (col, row), cell in board.items():
        if cell.kind == "path":
            assert copies_of(cell.openings, cell.dead_end) > 0
            from engine.cards import shape_of
            name = shape_of(cell.openings, cell.dead_end).name
            counts[name] = counts.get(name, 0) + 1
            assert counts[name] <= copies_of(cell.openings, cell.dead_end)
            for side, (dx, dy) in STEP.items():
                other = board.get((col + dx, row + dy))
                if other is not None and other.kind != "goal":  # goals constrain nothing while face down
                    assert (side in cell.openings) == (OPPOSITE[side] in other.openings)
    assert sum(counts.values()) >= 10


def test_cli_writes_photo_and_truth_pairs(tmp_path) -> None:
    assert render_main([str(tmp_path), "--n", "2", "--seed", "7", "--mp", "0.3"]) == 0
    truth = json.loads((tmp_path / "0001.json").read_text())
    photo = cv2.imread(str(tmp_path / "0001.jpg"))
    assert truth["seed"] == 8 and photo.shape[:2] == (truth["image"]["h"], truth["image"]["w"])


def test_cli_renders_the_first_round_table_with_upto_0(tmp_path) -> None:
    """--upto 0 --negative none: the start and the three goals alone, as a round begins."""
    assert render_main([str(tmp_path), "--n", "2", "--seed", "2000000", "--mp", "0.3", "--upto", "0",
                        "--negative", "none"]) == 0
    for name in ("0000.json", "0001.json"):
        kinds = sorted(c["kind"] for c in json.loads((tmp_path / name).read_text())["cards"])
        assert kinds == ["goal", "goal", "goal", "start"]


@pytest.mark.parametrize("orientation", [3, 6, 8])
def test_exif_turned_photos_read_back_as_the_truth_sees_them(tmp_path, orientation: int) -> None:
    img, truth = render_scene(9, **SMALL)
    path = str(tmp_path / "turned.jpg")
    assert write_jpeg(path, img, 95, orientation)
    stored = cv2.imread(path, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    shown = cv2.imread(path)
    assert shown.shape[:2] == (truth["image"]["h"], truth["image"]["w"])
    err = np.abs(shown.astype(int) - img).mean()
    assert err < 8 and err < 0.5 * np.abs(cv2.rotate(shown, cv2.ROTATE_180).astype(int) - img).mean()
    assert orientation == 3 or stored.shape[:2] == shown.shape[1::-1]


def test_cli_refuses_bad_arguments(tmp_path) -> None:
    assert render_main([str(tmp_path), "--n", "0"]) == 2
    assert render_main([str(tmp_path), "--mp", "lots"]) == 2
    assert render_main([str(tmp_path / "new"), "--hard", "3"]) == 2
    assert render_main([str(tmp_path / "new"), "--tint", "1.5"]) == 2
    assert render_main([str(tmp_path / "new"), "--upto", "-1"]) == 2
    assert list(tmp_path.iterdir()) == []


def _answer(truth: dict) -> dict:
    """What a perfect scanner would say about a rendered scene."""
    return {"ok": True, "cards": [dict(c) for c in truth["cards"]], "warnings": [], "error": None}


def test_bench_renders_tinted_sets_on_request_and_refuses_a_bad_tint(tmp_path) -> None:
    from vision.bench import ensure_scenes, main as bench_main
    plain = ensure_scenes(str(tmp_path / "plain"), 1, 31, 0.3)
    tinted = ensure_scenes(str(tmp_path / "tinted"), 1, 31, 0.3, tint=1.0)
    assert json.load(open(plain[0][:-4] + ".json")) == json.load(open(tinted[0][:-4] + ".json"))
    assert not np.array_equal(cv2.imread(plain[0]), cv2.imread(tinted[0]))
    assert bench_main(["--tint", "2", "--n", "1", "--cache", str(tmp_path / "bad")]) == 2
    assert not (tmp_path / "bad").exists()


def test_bench_scores_a_perfect_reader_fully_and_counts_each_kind_of_miss() -> None:
    from vision.bench import score
    truths = [render_scene(s, negative=None, n_cards=8, **SMALL)[1] for s in (51, 52)]
    truths.append(render_scene(53, negative="no_start", **SMALL)[1])
    perfect = score(truths, [_answer(truths[0]), _answer(truths[1]), {"ok": False, "error": "no start"}],
                    ["a", "b", "c"], show=0)
    assert perfect["cells_ok"] == perfect["cells"] == len(truths[0]["cards"]) + len(truths[1]["cards"])
    assert (perfect["boards_ok"], perfect["extra"], perfect["neg_ok"]) == (2, 0, 1)
    flawed = _answer(truths[0])
    path = next(c for c in flawed["cards"] if c["kind"] == "path")
    path["dead_end"] = not path["dead_end"]
    flawed["cards"].append({"col": 40, "row": 40, "kind": "path", "openings": "NS", "dead_end": False})
    s = score(truths, [flawed, None, {"ok": True, "cards": []}], ["a", "b", "c"], show=0)
    assert s["cells_ok"] == len(truths[0]["cards"]) - 1
    assert (s["boards_ok"], s["extra"], s["neg_ok"]) == (0, 1, 0)


def _near(patch: np.ndarray, color) -> bool:
    """The patch's median colour is within 40 of `color` in every channel."""
    med = np.median(patch.reshape(-1, 3), axis=0)
    return float(np.abs(med - np.array(color)).max()) < 40


@pytest.mark.parametrize("seed", [1, 2])
def test_drawn_mouths_are_where_the_openings_say(seed: int) -> None:
    """Every opening shows tunnel at its edge midpoint, every wall shows stone; dead ends keep a stone centre."""
    from engine.cards import TUNNEL_SHAPES, turn180
    from vision.render.faces import path_face
    from vision.render.style import random_style
    style = random_style(random.Random(seed), "cartoon")
    style.patches, style.deco, style.stone_tex, style.cracks, style.border, style.extra = 0.0, 0.0, 0.0, 0, None, {}
    style.tunnel = (250, 250, 250)
    w = 120
    for shape in TUNNEL_SHAPES:
        for openings in {shape.openings, turn180(shape.openings)}:
            face = path_face(openings, not shape.connected, style, w, random.Random(seed), np.random.default_rng(seed))
            h = face.shape[0]
            mouths = {"N": (w // 2, 4), "S": (w // 2, h - 5), "E": (w - 5, h // 2), "W": (4, h // 2)}
            for side, (x, y) in mouths.items():
                want = style.tunnel if side in openings else style.stone
                assert _near(face[y - 2:y + 3, x - 2:x + 3], want), (shape.name, openings, side)
            if not shape.connected:
                centre = face[h // 2 - 2:h // 2 + 3, w // 2 - 2:w // 2 + 3]
                assert not _near(centre, style.tunnel), (shape.name, openings)


def test_scenes_do_not_depend_on_the_process_hash_seed() -> None:
    """Two interpreters with different string-hash seeds render the same truth for one seed."""
    import os
    import subprocess
    import sys
    code = ("import json; from vision.render import render_scene; "
            "print(json.dumps(render_scene(11001, mp=0.3, n_cards=30)[1]))")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    outs = []
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": root}
        outs.append(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                   cwd=root, check=True).stdout)
    assert outs[0] == outs[1] == outs[2] and '"cards"' in outs[0]
