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


_STORE = {3: cv2.ROTATE_180, 6: cv2.ROTATE_90_COUNTERCLOCKWISE, 8: cv2.ROTATE_90_CLOCKWISE}


def exif_orientation_segment(orientation: int) -> bytes:
    """A minimal APP1 Exif segment holding only the Orientation tag (big-endian TIFF)."""
    tiff = b"MM\x00\x2a" + (8).to_bytes(4, "big") + (1).to_bytes(2, "big")
    tiff += (0x0112).to_bytes(2, "big") + (3).to_bytes(2, "big") + (1).to_bytes(4, "big")
    tiff += orientation.to_bytes(2, "big") + b"\x00\x00" + (0).to_bytes(4, "big")
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body


def jpeg_bytes(img, quality: int, orientation: int = 1) -> bytes | None:
    """`img` as a JPEG file's bytes (None if it cannot be encoded), as it should be seen; with
    orientation 3/6/8 the pixels are stored turned and an Exif tag tells viewers (and cv2.imread)
    how to turn them back, like a phone held sideways."""
    stored = cv2.rotate(img, _STORE[orientation]) if orientation in _STORE else img
    ok, buf = cv2.imencode(".jpg", stored, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        return None
    data = buf.tobytes()
    if orientation in _STORE:
        data = data[:2] + exif_orientation_segment(orientation) + data[2:]
    return data


def write_jpeg(path: str, img, quality: int, orientation: int = 1) -> bool:
    """Write `img` as a JPEG (see jpeg_bytes); False if it cannot be encoded or written."""
    data = jpeg_bytes(img, quality, orientation)
    if data is None:
        return False
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError:
        return False
    return True


def orientation_for(seed: int) -> int:
    """About one photo in seven carries an Exif turn (seeded apart from the scene itself)."""
    r = random.Random(seed * 31 + 7)
    return r.choice([3, 6, 8]) if r.random() < 0.15 else 1


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


def _families(text: str) -> list[str]:
    """'teal,blue' -> ['teal', 'blue'] (each must be a known family)."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in FAMILIES]
    if bad or not names:
        raise argparse.ArgumentTypeError(f"unknown family {bad or text!r}; choose from {', '.join(FAMILIES)}")
    return names


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m vision render",
                                 description="Render seeded Saboteur table photos with truth JSON.")
    ap.add_argument("outdir", help="folder for NNNN.jpg + NNNN.json (created if missing)")
    ap.add_argument("--n", type=int, default=20, help="number of scenes (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first scene; scene i uses seed+i")
    ap.add_argument("--mp", type=_mp_range, default=None,
                    help="megapixels, or a range like 2-4 (default: random 1-12 per scene)")
    ap.add_argument("--family", type=_families, default=None,
                    help=f"card art families to draw from, comma-separated ({','.join(FAMILIES)}; default all)")
    ap.add_argument("--negative", choices=("auto", "none") + NEGATIVES, default="auto",
                    help="force a kind of negative scene, 'none' for no negatives (default: ~10%% random)")
    ap.add_argument("--hard", type=float, default=None,
                    help="0..1: strength of shadows, glare, blur and noise (default random per scene)")
    ap.add_argument("--tint", type=float, default=0.0,
                    help="0..1: chance a scene's art gets coloured tunnels and an odd ladder colour (default 0)")
    ap.add_argument("--upto", type=int, default=None,
                    help="show only the first N tunnel cards laid: the same table earlier in the game "
                         "(0: the first round's start and goals)")
    ap.add_argument("--full-res", action="store_true", help="draw at the full size instead of upscaling")
    ap.add_argument("--no-exif", action="store_true", help="never store photos turned with an Exif orientation")
    ap.add_argument("--quality", type=int, default=95, help="JPEG quality of the written file")
    return ap


def main(argv: list[str] | None = None) -> int:
    """Render scenes; 0 on success, 2 on bad arguments or an unwritable folder."""
    ap = _parser()
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    if args.n < 1 or not 10 <= args.quality <= 100 or (args.hard is not None and not 0 <= args.hard <= 1) \
            or not 0 <= args.tint <= 1 or (args.upto is not None and args.upto < 0):
        print("render: --n must be >= 1, --quality between 10 and 100, --hard and --tint between 0 and 1, "
              "--upto >= 0", file=sys.stderr)
        return 2
    try:
        os.makedirs(args.outdir, exist_ok=True)
    except OSError as e:
        print(f"render: cannot create {args.outdir}: {e}", file=sys.stderr)
        return 2
    from . import render_scene
    opts: dict = {"full_res": args.full_res}
    opts["negative"] = None if args.negative == "none" else args.negative
    if args.hard is not None:
        opts["hard"] = args.hard
    opts["tint"] = args.tint
    if args.upto is not None:
        opts["upto"] = args.upto
    t0 = time.perf_counter()
    for i in range(args.n):
        if args.family:
            opts["family"] = random.Random(args.seed + i + 99).choice(args.family)
        if args.mp:
            lo, hi = args.mp
            opts["mp"] = lo + (hi - lo) * random.Random(args.seed + i).random()
        img, truth = render_scene(args.seed + i, **opts)
        stem = os.path.join(args.outdir, f"{i:04d}")
        if not write_jpeg(stem + ".jpg", img, args.quality, 1 if args.no_exif else orientation_for(args.seed + i)):
            print(f"render: cannot write {stem}.jpg", file=sys.stderr)
            return 2
        with open(stem + ".json", "w") as f:
            json.dump(truth, f, indent=1)
    dt = time.perf_counter() - t0
    print(f"rendered {args.n} scenes to {args.outdir} in {dt:.1f} s ({1000 * dt / args.n:.0f} ms each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
