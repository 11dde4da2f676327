"""`python -m vision scan PHOTO [PHOTO ...] [--debug DIR]`: one JSON line per photo, in order."""
import argparse
import json
import sys
from pathlib import Path

USAGE_EXIT = 2


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m vision scan", description="Read the maze from table photos.")
    p.add_argument("photos", nargs="+", help="photo files (JPEG or PNG)")
    p.add_argument("--debug", metavar="DIR", help="write a numbered debug sheet per photo into DIR")
    return p




def scan_main(argv: list[str]) -> int:
    """Exit 0 when every photo was read, 1 when any was not, 2 for usage errors."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return USAGE_EXIT if exc.code else 0
    from .scan import scan
    status = 0
    for i, photo in enumerate(args.photos):
        try:
            result = scan(photo, photo_name=photo)
        except Exception as err:  # last resort: the contract forbids tracebacks
            from .scan import Scan
            result = Scan(ok=False, error=f"internal error while reading the photo ({type(err).__name__}): "
                          "please report it and retake the photo", photo=photo)
        if args.debug and result.debug:
            _write_debug(args.debug, i, photo, result)
        print(json.dumps(result.to_dict()), flush=True)
        status = status if result.ok else 1
    return status


def _write_debug(directory: str, index: int, photo: str, result) -> None:
    try:
        from .debug import write_sheet
        Path(directory).mkdir(parents=True, exist_ok=True)
        write_sheet(Path(directory) / f"{index:03d}-{Path(photo).stem}.jpg", result)
    except Exception as err:  # a debug sheet must never break the scan output
        print(f"debug sheet for {photo} not written: {err}", file=sys.stderr)
