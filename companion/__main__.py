"""`python -m companion`: start the app as an offline web app and print its URL."""
from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
from pathlib import Path

import flet as ft


def free_port(host: str) -> int:
    """Ask the OS for a free port so two instances never collide."""
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m companion", description=__doc__)
    ap.add_argument("--host", default="127.0.0.1", help="0.0.0.0 to serve the local network")
    ap.add_argument("--port", type=int, default=0, help="0 picks a free port")
    ap.add_argument("--db", type=Path, default=None, help="the saved-games file (SQLite)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=os.environ.get("SABOTEUR_LOG", "WARNING"))
    from . import main as app
    from .storage import StorageError

    try:
        port = args.port or free_port(args.host)
        app.service(args.db)
    except (OSError, StorageError) as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    print(f"Saboteur companion: http://{args.host}:{port}/", flush=True)
    ft.run(app.main, host=args.host, port=port, view=ft.AppView.WEB_BROWSER, no_cdn=True,
           assets_dir=str(Path(__file__).resolve().parents[1] / "assets"))


if __name__ == "__main__":
    main()
