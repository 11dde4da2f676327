"""The card reader (vision.cellnet) on crops cut from a rendered table at the truth's outlines.

Scenes here use seeds far from the training seeds (1,000,000+), so the reader has not seen them.
"""
import numpy as np
import pytest

from vision import cellnet
from vision.cellnet.data import scene_samples
from vision.render import render_scene

pytestmark = pytest.mark.vision

TURN = {"N": "S", "E": "W", "S": "N", "W": "E"}


def _scene(seed: int):
    img, truth = render_scene(seed, mp=1.5, negative=None)
    return img, [c for c in truth["cards"]]


def _want(card: dict) -> str:
    return card["kind"] if card["kind"] != "goal" else "goal_" + card["face"]


@pytest.mark.parametrize("seed", [34, 44, 47])   # blue, cartoon, inverse art
def test_reader_names_the_fiducials_and_reads_path_cards(seed):
    img, cards = _scene(seed)
    guesses = cellnet.read(img, [np.array(c["corners"]) for c in cards])
    kinds = [(_want(c), g.kind) for c, g in zip(cards, guesses)]
    assert all(w == g for w, g in kinds if w in ("start", "goal_down")), kinds
    paths = [(c, g) for c, g in zip(cards, guesses) if c["kind"] == "path"]
    right = sum(g.kind == "path" and g.openings == c["openings"] and g.dead_end == c["dead_end"] for c, g in paths)
    assert right >= 0.9 * len(paths), f"{right}/{len(paths)} path cards read exactly"


def test_turning_a_card_half_round_turns_its_openings():
    img, cards = _scene(34)
    paths = [c for c in cards if c["kind"] == "path"][:8]
    straight = cellnet.read(img, [np.array(c["corners"]) for c in paths])
    turned = cellnet.read(img, [np.array(c["corners"])[[2, 3, 0, 1]] for c in paths])
    agree = sum("".join(sorted((TURN[s] for s in a.openings), key="NESW".index)) == b.openings
                for a, b in zip(straight, turned))
    assert agree >= len(paths) - 1


def test_bare_table_and_a_window_half_a_card_off_are_empty():
    img, cards = _scene(47)
    corners = np.array([c["corners"] for c in cards])
    lo, hi = corners.reshape(-1, 2).min(0), corners.reshape(-1, 2).max(0)
    width = float(np.linalg.norm(corners[0][1] - corners[0][0]))
    # a window on the table well away from every card (the renderer keeps a margin round the maze)
    h, w = img.shape[:2]
    spots = [np.array([x, y]) for x in (0.5 * width, w - 0.5 * width) for y in (0.8 * width, h - 0.8 * width)]
    spots = [s for s in spots if np.all((s < lo - width) | (s > hi + width))]
    assert spots, "the scene has no bare table in its corners"
    quads = [np.array([s + [-width / 2, -width * 0.77], s + [width / 2, -width * 0.77],
                       s + [width / 2, width * 0.77], s + [-width / 2, width * 0.77]]) for s in spots]
    assert [g.kind for g in cellnet.read(img, quads)] == ["empty"] * len(quads)


def test_outer_quad_shows_the_margin_round_the_card():
    quad = np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 20.0], [0.0, 20.0]])
    assert np.allclose(cellnet.outer_quad(quad, 0.1), [[-1, -2], [11, -2], [11, 22], [-1, 22]])
    crop = cellnet.crop(np.zeros((40, 40, 3), np.uint8), quad + 10)
    assert crop.shape == (cellnet.CROP_H, cellnet.CROP_W, 3)


def test_standardise_removes_each_crops_colour_and_exposure():
    rng = np.random.default_rng(0)
    crop = rng.integers(0, 255, (cellnet.CROP_H, cellnet.CROP_W, 3)).astype(np.uint8)
    darker = (crop * 0.5).astype(np.uint8) + 20
    a, b = cellnet.standardise(np.stack([crop, darker]))
    assert a.shape == (3, cellnet.CROP_H, cellnet.CROP_W)
    assert np.corrcoef(a.ravel(), b.ravel())[0, 1] > 0.99


def test_training_crops_carry_the_truths_labels():
    x, kind, opens, dead = scene_samples(1_000_007)
    assert x.shape[1:] == (cellnet.CROP_H, cellnet.CROP_W, 3) and len(x) == len(kind) == len(opens) == len(dead)
    assert (kind == cellnet.KINDS.index("start")).sum() == 5          # five jittered crops of the start
    assert (kind == cellnet.KINDS.index("empty")).sum() > 0
    paths = kind == cellnet.KINDS.index("path")
    assert opens[paths].sum(axis=1).min() >= 1                          # every path card opens somewhere
    assert not opens[kind == cellnet.KINDS.index("empty")].any()


def test_readings_are_kept_per_image_and_never_lent_to_another():
    img, cards = _scene(34)
    quads = [np.array(c["corners"]) for c in cards[:4]]
    first = cellnet.read(img, quads)
    assert [g.kind for g in cellnet.read(img, quads[::-1])] == [g.kind for g in first[::-1]]
    # another image (same size, other content) is read afresh, even one that takes a dead image's id
    copy = img.copy()
    assert [g.kind for g in cellnet.read(copy, quads)] == [g.kind for g in first]
    del copy
    blank = np.full_like(img, 128)
    assert all(g.kind == "empty" for g in cellnet.read(blank, quads))
    assert cellnet.read(img, quads) == first


def test_a_batch_longer_than_a_chunk_reads_as_its_crops_do_one_by_one():
    """guess reads CHUNK crops per pass: every crop keeps its own reading, in order, across the
    passes (crops of a real scene, repeated past two chunks and shuffled)."""
    img, cards = _scene(44)
    batch = cellnet.crops(img, [np.array(c["corners"]) for c in cards])
    order = np.random.default_rng(1).permutation(np.resize(np.arange(len(batch)), 2 * cellnet.CHUNK + 5))
    together = cellnet.guess(batch[order])
    alone = [cellnet.guess(batch[i:i + 1])[0] for i in order]
    assert len(together) == len(order)
    assert all(np.array_equal(a.kinds, b.kinds) and np.array_equal(a.opens, b.opens) and a.dead == b.dead
               for a, b in zip(together, alone))
