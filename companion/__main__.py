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
    ap.add_argument("--public-url", default=None,
                    help="the address phones use, for the seat QR codes (default: this machine's)")
    ap.add_argument("--certfile", type=Path, default=None, help="TLS certificate (HTTPS: phone cameras)")
    ap.add_argument("--keyfile", type=Path, default=None, help="TLS private key for --certfile")
    args = ap.parse_args(argv)
    logging.basicConfig(level=os.environ.get("SABOTEUR_LOG", "WARNING"))
    from . import main as app
    from .session_phones import PUBLIC_URL
    from .storage import StorageError
    from .tls import check_tls, public_url, serve_tls

    problem = check_tls(args.certfile, args.keyfile)
    if problem:
        print(f"Cannot start: {problem}", file=sys.stderr)
        raise SystemExit(1)
    try:
        port = args.port or free_port(args.host)
        app.service(args.db)
    except (OSError, StorageError) as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    secure = args.certfile is not None
    PUBLIC_URL["base"] = public_url(args.host, port, secure, args.public_url)
    print(f"Saboteur companion: {'https' if secure else 'http'}://{args.host}:{port}/", flush=True)
    if PUBLIC_URL["base"] != f"{'https' if secure else 'http'}://{args.host}:{port}":
        print(f"Phones join at {PUBLIC_URL['base']}/", flush=True)
    assets = str(Path(__file__).resolve().parents[1] / "assets")
    if secure:
        serve_tls(app.main, args.host, port, args.certfile, args.keyfile, assets)
        return
    ft.run(app.main, host=args.host, port=port, view=ft.AppView.WEB_BROWSER, no_cdn=True, assets_dir=assets)


if __name__ == "__main__":
    main()
