"""`python -m vision render OUTDIR [--n N] [--seed S] [--mp MP] ...`: write NNNN.jpg + NNNN.json.

The files have the layout of the shared samples, so the same scoring tools read both.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

import cv2

from .scene import NEGATIVES
from .style import FAMILIES


def _mp_range(text: str) -> tuple[float, float]:
    """'12' -> (12, 12); '2-4' -> (2, 4)."""
    lo, _, hi = text.partition("-")
    try:
        a, b = float(lo), float(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--mp wants a number or a range like 2-4, not {text!r}") from None
    if not 0.3 <= a <= b <= 50:
        raise argparse.ArgumentTypeError("--mp must lie between 0.3 and 50 (low-high)")
    return a, b


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m vision render",
                                 description="Render seeded Saboteur table photos with truth JSON.")
    ap.add_argument("outdir", help="folder for NNNN.jpg + NNNN.json (created if missing)")
    ap.add_argument("--n", type=int, default=20, help="number of scenes (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first scene; scene i uses seed+i")
    ap.add_argument("--mp", type=_mp_range, default=None,
                    help="megapixels, or a range like 2-4 (default: random 1-12 per scene)")
    ap.add_argument("--family", choices=FAMILIES, default=None, help="card art family (default random)")
    ap.add_argument("--negative", choices=("auto", "none") + NEGATIVES, default="auto",
                    help="force a kind of negative scene, 'none' for no negatives (default: ~10%% random)")
    ap.add_argument("--full-res", action="store_true", help="draw at the full size instead of upscaling")
    ap.add_argument("--quality", type=int, default=95, help="JPEG quality of the written file")
    return ap


def main(argv: list[str] | None = None) -> int:
    """Render scenes; 0 on success, 2 on bad arguments or an unwritable folder."""
    ap = _parser()
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    if args.n < 1 or not 10 <= args.quality <= 100:
        print("render: --n must be >= 1 and --quality between 10 and 100", file=sys.stderr)
        return 2
    try:
        os.makedirs(args.outdir, exist_ok=True)
    except OSError as e:
        print(f"render: cannot create {args.outdir}: {e}", file=sys.stderr)
        return 2
    from . import render_scene
    opts: dict = {"full_res": args.full_res}
    if args.family:
        opts["family"] = args.family
    opts["negative"] = None if args.negative == "none" else args.negative
    t0 = time.perf_counter()
    for i in range(args.n):
        if args.mp:
            lo, hi = args.mp
            opts["mp"] = lo + (hi - lo) * random.Random(args.seed + i).random()
        img, truth = render_scene(args.seed + i, **opts)
        stem = os.path.join(args.outdir, f"{i:04d}")
        if not cv2.imwrite(stem + ".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, args.quality]):
            print(f"render: cannot write {stem}.jpg", file=sys.stderr)
            return 2
        with open(stem + ".json", "w") as f:
            json.dump(truth, f, indent=1)
    dt = time.perf_counter() - t0
    print(f"rendered {args.n} scenes to {args.outdir} in {dt:.1f} s ({1000 * dt / args.n:.0f} ms each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
