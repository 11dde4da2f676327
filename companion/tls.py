"""Serving to phones: the address they should use, and HTTPS (phone browsers only open the
camera for a secure page, so `--certfile/--keyfile` serve the same app over TLS).

Flet's own web server is uvicorn; `ft.run(..., export_asgi_app=True)` hands us the very same
ASGI app, which we run in uvicorn with the certificate. Plain http still works for everything
else, including choosing a photo from the phone's gallery with the file picker.
"""
from __future__ import annotations

import socket
import ssl
from pathlib import Path
from typing import Any, Callable


def lan_address() -> str | None:
    """This machine's first non-loopback IPv4 address (no packet is sent), or None."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        addr = info[4][0]
        if not addr.startswith("127."):
            return addr
    return None


def public_url(host: str, port: int, secure: bool, given: str | None = None) -> str:
    """The base URL printed and put in the seat QR codes."""
    if given:
        return given.rstrip("/")
    shown = (lan_address() or "127.0.0.1") if host in ("0.0.0.0", "::", "") else host
    return f"{'https' if secure else 'http'}://{shown}:{port}"


def check_tls(certfile: Path | None, keyfile: Path | None) -> str | None:
    """None if the pair is usable (or absent), else a sentence saying what is wrong."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        return "Give both --certfile and --keyfile for HTTPS."
    for path in (certfile, keyfile):
        if not Path(path).is_file():
            return f"Cannot read {path}: there is no such file."
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(str(certfile), str(keyfile))
    except (ssl.SSLError, OSError) as exc:
        return f"The certificate and key cannot be used for HTTPS: {exc}."
    return None


def serve_tls(main: Callable[..., Any], host: str, port: int, certfile: Path, keyfile: Path,
              assets_dir: str) -> None:
    """Run the app over HTTPS in uvicorn (the server Flet itself uses)."""
    import flet as ft
    import uvicorn

    asgi = ft.run(main, export_asgi_app=True, no_cdn=True, assets_dir=assets_dir)
    uvicorn.run(asgi, host=host, port=port, ssl_certfile=str(certfile), ssl_keyfile=str(keyfile),
                ws="websockets-sansio", log_level="warning")
