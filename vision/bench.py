"""`python -m vision bench [--n 200] [--seed S] [--mp 12] [--cache DIR]`: the scanner's benchmark.

Renders (or reuses) a seeded set of table photos, then in one process times `cv2.imread` and
`vision.scan(path)` on each and prints the figures issue 3 sets targets for: cells and whole
boards read exactly, extra cards, negatives answered, ms per photo and the ratio to decoding.
Scoring uses the same key as ../shared/tools/score_scans.py, so both tools agree.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import cv2


def key(c: dict) -> tuple:
    """What must match for a card to count as read exactly (same as score_scans.py)."""
    kind = c.get("kind")
    if kind == "goal":
        face = c.get("face")
        return (c["col"], c["row"], "goal", face, c.get("openings", "") if face != "down" else "")
    return (c["col"], c["row"], kind, "".join(sorted(c.get("openings", ""), key="NESW".index)),
            bool(c.get("dead_end", False)))


def ensure_scenes(cache: str, n: int, seed: int, mp: float | None, tint: float = 0.0) -> list[str]:
    """Photos NNNN.jpg with truth in `cache`, rendering only those missing (same seeds = same scenes;
    `tint`: the chance of coloured tunnels, vision.render.style.tinted)."""
    from .render import render_scene
    from .render.cli import orientation_for, write_jpeg
    os.makedirs(cache, exist_ok=True)
    paths = []
    made = 0
    t0 = time.perf_counter()
    for i in range(n):
        stem = os.path.join(cache, f"{i:04d}")
        if os.path.exists(stem + ".json"):
            with open(stem + ".json") as f:
                found = json.load(f).get("seed")
            if found != seed + i:
                raise ValueError(f"{stem}.json is scene seed {found}, not {seed + i}: pass --seed "
                                 f"{found - i if isinstance(found, int) else '...'} or another --cache folder")
        if not (os.path.exists(stem + ".jpg") and os.path.exists(stem + ".json")):
            opts = {"mp": mp} if mp else {}
            img, truth = render_scene(seed + i, tint=tint, **opts)
            write_jpeg(stem + ".jpg", img, 93, orientation_for(seed + i))
            with open(stem + ".json", "w") as f:
                json.dump(truth, f)
            made += 1
        paths.append(stem + ".jpg")
    if made:
        print(f"rendered {made} scenes into {cache} in {time.perf_counter() - t0:.0f} s", flush=True)
    return paths


def score(truths: list[dict], results: list[dict | None], names: list[str], show: int) -> dict:
    """Cells/boards read exactly, extra cards, negatives answered; prints up to `show` misreads."""
    s = {"cells": 0, "cells_ok": 0, "boards": 0, "boards_ok": 0, "extra": 0, "neg": 0, "neg_ok": 0}
    shown = 0
    for name, truth, res in zip(names, truths, results):
        if truth.get("negative"):
            s["neg"] += 1
            if res is not None and res.get("ok") is False and res.get("error"):
                s["neg_ok"] += 1
            elif shown < show:
                shown += 1
                print(f"  negative {name} ({truth['negative']}): answered {str(res)[:160]}")
            continue
        s["boards"] += 1
        want = {(c["col"], c["row"]): key(c) for c in truth["cards"]}
        got = {}
        for c in (res or {}).get("cards", []) if res and res.get("ok") else []:
            try:
                got[(c["col"], c["row"])] = key(c)
            except (KeyError, TypeError):
                pass
        right = sum(1 for pos, k in want.items() if got.get(pos) == k)
        extra = sum(1 for pos in got if pos not in want)
        s["cells"] += len(want)
        s["cells_ok"] += right
        s["extra"] += extra
        if right == len(want) and extra == 0:
            s["boards_ok"] += 1
        elif shown < show:
            shown += 1
            wrong = [(pos, want[pos], got.get(pos)) for pos in want if got.get(pos) != want[pos]][:3]
            why = "" if res and res.get("ok") else f" | answer: {str(res)[:160]}"
            print(f"  board {name}: {right}/{len(want)} right, {extra} extra; e.g. {wrong}{why}")
    return s


def run(paths: list[str]) -> tuple[list[dict | None], list[tuple[float, float, float]], int]:
    """Decode and scan every photo in this process; (results, (MP, decode s, scan s) per photo, crashes)."""
    import vision
    scan = getattr(vision, "scan", None)
    if scan is None:
        raise RuntimeError("vision.scan is not available yet: nothing to benchmark")
    results: list[dict | None] = []
    times = []
    crashes = 0
    for p in paths:
        t0 = time.perf_counter()
        img = cv2.imread(p)
        t1 = time.perf_counter()
        try:
            res = scan(p).to_dict()
        except Exception as e:  # a crash is a wrong answer, counted and reported, not fatal
            res, crashes = None, crashes + 1
            print(f"  crash on {os.path.basename(p)}: {type(e).__name__}: {e}", file=sys.stderr)
        t2 = time.perf_counter()
        mp = img.shape[0] * img.shape[1] / 1e6 if img is not None else 0.0
        times.append((mp, t1 - t0, t2 - t1))
        results.append(res)
    return results, times, crashes


def main(argv: list[str] | None = None) -> int:
    """Print the benchmark; 0 when it ran, 1 when the scanner is missing, 2 on usage errors."""
    ap = argparse.ArgumentParser(prog="python -m vision bench", description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200, help="scenes (default 200)")
    ap.add_argument("--seed", type=int, default=424242, help="seed of the first scene")
    ap.add_argument("--mp", type=float, default=None, help="megapixels of every photo (default: random 1-12)")
    ap.add_argument("--cache", default=None,
                    help="folder for the rendered scenes (default var/bench-VERSION-SEED-N-MP)")
    ap.add_argument("--show", type=int, default=5, help="misread scenes to print")
    ap.add_argument("--tint", type=float, default=0.0,
                    help="0..1: chance a scene's art has coloured tunnels and an odd ladder (default 0)")
    ap.add_argument("--render-only", action="store_true", help="only fill the cache, do not scan")
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    if args.n < 1 or (args.mp is not None and not 0.3 <= args.mp <= 50) or not 0 <= args.tint <= 1:
        print("bench: --n must be >= 1, --mp between 0.3 and 50, --tint between 0 and 1", file=sys.stderr)
        return 2
    from .render import RENDER_VERSION
    tinted = f"-tint{args.tint}" if args.tint else ""
    cache = args.cache or os.path.join("var", f"bench-{RENDER_VERSION}-{args.seed}-{args.n}-{args.mp or 'mixed'}{tinted}")
    try:
        paths = ensure_scenes(cache, args.n, args.seed, args.mp, args.tint)
    except (ValueError, OSError) as e:
        print(f"bench: {e}", file=sys.stderr)
        return 2
    if args.render_only:
        print(f"{len(paths)} scenes ready in {cache}")
        return 0
    truths = [json.load(open(p[:-4] + ".json")) for p in paths]
    try:
        results, times, crashes = run(paths)
    except RuntimeError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    s = score(truths, results, [os.path.basename(p) for p in paths], args.show)
    report(s, times, crashes)
    by_family(truths, results)
    return 0


def by_family(truths: list[dict], results: list[dict | None]) -> None:
    """Cells and boards read exactly per card-art family, to see which looks the scanner misses."""
    from .render import scene_family
    groups: dict[str, tuple[list, list]] = {}
    for truth, res in zip(truths, results):
        if truth.get("negative") or not isinstance(truth.get("seed"), int):
            continue
        t, r = groups.setdefault(scene_family(truth["seed"]), ([], []))
        t.append(truth)
        r.append(res)
    parts = []
    for fam, (t, r) in sorted(groups.items()):
        s = score(t, r, [""] * len(t), show=0)
        parts.append(f"{fam} {s['cells_ok'] / max(1, s['cells']):.3f}/{s['boards_ok']}of{s['boards']}")
    print("by art family (cells, boards): " + "  ".join(parts))


def report(s: dict, times: list[tuple[float, float, float]], crashes: int) -> None:
    """Print the figures, one per line, and a one-line SUMMARY for bars and notes."""
    n = max(1, len(times))
    t_dec, t_scan = sum(t[1] for t in times), sum(t[2] for t in times)
    big = [t for t in times if t[0] >= 10]
    cells = s["cells_ok"] / max(1, s["cells"])
    boards = s["boards_ok"] / max(1, s["boards"])
    extra = s["extra"] / max(1, s["boards"])
    ms, dec_ms = 1000 * t_scan / n, 1000 * t_dec / n
    ratio = t_scan / max(t_dec, 1e-9)
    print(f"cells read exactly    {s['cells_ok']}/{s['cells']} = {cells:.4f}   (target >= 0.998)")
    print(f"boards read exactly   {s['boards_ok']}/{s['boards']} = {boards:.4f}   (target >= 0.97)")
    print(f"extra cards reported  {s['extra']} ({extra:.3f} per scene)   (target 0)")
    print(f"negatives answered    {s['neg_ok']}/{s['neg']}   (target all)")
    print(f"crashes               {crashes}")
    print(f"ms per photo          scan {ms:.0f}  cv2.imread {dec_ms:.0f}  ratio {ratio:.2f}")
    if big:
        r_big = sum(t[2] for t in big) / max(sum(t[1] for t in big), 1e-9)
        print(f"  photos >= 10 MP     {len(big)}: scan {1000 * sum(t[2] for t in big) / len(big):.0f} ms, "
              f"ratio {r_big:.2f}   (target <= 2 at 12 MP)")
    print(f"SUMMARY cells={cells:.4f} boards={boards:.4f} extra={extra:.3f} negatives={s['neg_ok']}/{s['neg']} "
          f"crashes={crashes} ms={ms:.0f} ratio={ratio:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
