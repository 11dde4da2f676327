"""`python -m companion.bench`: time from a chosen photo to the overlay, for 12 MP photos.

Runs the real path of the app: the session's `submit_photo` (decode, scan in a worker thread,
compare with the confirmed board, draw the overlay) on JPEGs made by the scanner's renderer at
12 MP, in a game started in a temporary database. Prints one line per photo and the median.
Target on the development machine: <= 1.5 s.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from .service import GameService
from .session import Session
from .storage import Store


def photos(n: int, mp: float, seed: int) -> list[bytes]:
    """JPEG bytes as a phone would send them (quality 90)."""
    from vision.render import render_scene

    out = []
    for i in range(n):
        img, _ = render_scene(seed + i, mp=mp, negative=None, full_res=True, reveal_p=0.0)
        ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        out.append(jpg.tobytes())
    return out


async def one(s: Session, data: bytes) -> tuple[float, float, str]:
    """Seconds until the overlay is ready, seconds to decode alone, and the outcome."""
    t0 = time.perf_counter()
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    decode = time.perf_counter() - t0
    outcome_size = f"{img.shape[1]}x{img.shape[0]}"
    s.reset_scan()
    t0 = time.perf_counter()
    await s.submit_photo(data)
    total = time.perf_counter() - t0
    outcome = "overlay drawn" if s.overlay else f"scanner message: {s.error[:50]}..."
    return total, decode, f"{outcome_size}, {outcome}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m companion.bench", description=__doc__)
    ap.add_argument("--n", type=int, default=3, help="photos to time")
    ap.add_argument("--mp", type=float, default=12.0, help="megapixels per photo")
    ap.add_argument("--seed", type=int, default=900)
    args = ap.parse_args(argv)
    print(f"rendering {args.n} photos at {args.mp:g} MP ...", flush=True)
    data = photos(args.n, args.mp, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(GameService(Store(Path(tmp) / "bench.db")))
        s.new_game_form()
        for i, name in enumerate(["Ann", "Bob", "Cy"]):
            s.set_name(i, name)
        s.start_game(seed=1)
        s.open_panel("scan")
        times, drawn = [], []
        for i, photo in enumerate(data):
            total, decode, outcome = asyncio.run(one(s, photo))
            times.append(total)
            if "overlay drawn" in outcome:
                drawn.append(total)
            print(f"photo {i + 1}: {len(photo) / 1e6:.1f} MB JPEG, photo -> overlay {total:.2f} s "
                  f"(JPEG decode alone {decode:.2f} s), {outcome}", flush=True)
        s.service.store.close()
    print(f"median photo -> screen: {statistics.median(times):.2f} s over {len(times)} photos at "
          f"{args.mp:g} MP (target <= 1.5 s)")
    if drawn:
        print(f"median photo -> overlay (photos the scanner read): {statistics.median(drawn):.2f} s "
              f"over {len(drawn)}; slowest {max(drawn):.2f} s")


if __name__ == "__main__":
    main()
