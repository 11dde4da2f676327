"""`python -m companion`: start the app as an offline web app and print its URL."""
from __future__ import annotations

import argparse
import socket

import flet as ft


def free_port(host: str) -> int:
    """Ask the OS for a free port so two instances never collide."""
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m companion", description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args(argv)
    port = args.port or free_port(args.host)

    def app(page: ft.Page) -> None:
        page.title = "Saboteur companion"
        page.add(ft.Text("Saboteur companion — coming soon"))

    print(f"Saboteur companion: http://{args.host}:{port}/", flush=True)
    ft.run(app, host=args.host, port=port, view=ft.AppView.WEB_BROWSER, no_cdn=True)


if __name__ == "__main__":
    main()
