"""Take a board photo with the device's own camera (flet-camera), next to the file picker.

The camera has a short life of its own (opening, preview, shot, closed) that belongs to the
screen, not to the game, so it lives in this component's hooks and the session models never see
it. The picture's bytes go to the same callback the file picker's bytes go to, so a camera shot
is scanned (off the event loop) exactly like a chosen photo. Any camera trouble — no device, the
permission refused, a page that is not a secure context, a control error — ends in a message and
the file picker beside it keeps working.
"""
from __future__ import annotations

import asyncio
import inspect
import logging
from typing import Any, Awaitable, Callable

import flet as ft
import flet_camera as fc

from ..i18n import Translator
from .ui import button, ident

log = logging.getLogger(__name__)
OPEN_TIMEOUT = 60.0  # s: a browser's permission question may stay open while the player decides
SHOT_TIMEOUT = 30.0
PREVIEW_WIDTH = 480
LENS_ORDER = (fc.CameraLensDirection.BACK, fc.CameraLensDirection.EXTERNAL, fc.CameraLensDirection.FRONT)

PhotoHandler = Callable[[bytes], Awaitable[None] | None]


def camera_supported(page: ft.Page) -> bool:
    """flet-camera runs in the web client and in the phone builds; a desktop window has none
    (the control refuses to render there, which would break the whole screen)."""
    return bool(page.web) or page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


def problem_text(tr: Translator, code: str) -> str:
    """What went wrong, and that choosing a photo still works."""
    return {
        "none": tr.t("No camera was found on this device. Choose a photo instead."),
        "denied": tr.t("The camera may not be used: the permission was refused, or the page is not "
                       "served over HTTPS. Choose a photo instead."),
        "shot": tr.t("The camera did not take the picture. Try again, or choose a photo."),
    }.get(code, tr.t("The camera could not be opened. Choose a photo instead."))


def problem_code(err: BaseException) -> str:
    """Sort a camera failure reported by the client (its message names the cause)."""
    text = str(err).lower()
    if any(w in text for w in ("permission", "notallowed", "denied", "secure", "notsupported")):
        return "denied"
    if any(w in text for w in ("notfound", "not found", "no camera", "cameranotfound")):
        return "none"
    return "failed"


async def start_camera(cam: fc.Camera) -> str:
    """Open the best camera for a photo of the table (the back one); '' or a problem code."""
    try:
        cams = await asyncio.wait_for(cam.get_available_cameras(), OPEN_TIMEOUT)
        if not cams:
            return "none"
        best = min(cams, key=lambda c: LENS_ORDER.index(c.lens_direction)
                   if c.lens_direction in LENS_ORDER else len(LENS_ORDER))
        await asyncio.wait_for(cam.initialize(best, fc.ResolutionPreset.ULTRA_HIGH, enable_audio=False),
                               OPEN_TIMEOUT)
        return ""
    except Exception as err:  # noqa: BLE001 - any client failure means "no camera here"
        log.warning("camera did not open: %r", err)
        return "failed" if isinstance(err, TimeoutError) else problem_code(err)


async def shoot(cam: fc.Camera) -> bytes | None:
    """The picture as encoded bytes, or None if the camera failed."""
    try:
        data = await asyncio.wait_for(cam.take_picture(), SHOT_TIMEOUT)
    except Exception as err:  # noqa: BLE001 - reported to the player as "take it again"
        log.warning("camera took no picture: %r", err)
        return None
    return bytes(data) if data else None


def new_camera(page: ft.Page) -> fc.Camera:
    """A 4:3 preview as wide as the screen allows (a phone is narrower than 480 px)."""
    width = max(200, min(PREVIEW_WIDTH, int(page.width or PREVIEW_WIDTH) - 24))
    return fc.Camera(width=width, height=width * 3 // 4)


def _preview(cam: fc.Camera, phase: str) -> ft.Control:
    """The preview keeps one place in the tree in every phase: a camera moved elsewhere would be
    a new, uninitialised one on the client."""
    busy = ft.Container(ft.ProgressRing(), width=cam.width, height=cam.height, alignment=ft.Alignment.CENTER,
                        visible=phase in ("opening", "taking"))
    return ft.Stack([cam, busy])


def _controls(tr: Translator, prefix: str, phase: str, problem: str, disabled: bool,
              cam: fc.Camera, actions: dict[str, Callable[..., Any]]) -> list[ft.Control]:
    if phase == "closed":
        out: list[ft.Control] = [button(tr.t("Take a photo with the camera"), actions["open"],
                                        f"{prefix}camera", ft.Icons.CAMERA_ALT, primary=False,
                                        disabled=disabled)]
        if problem:
            out.insert(0, ident(f"{prefix}camera-problem", ft.Text(problem_text(tr, problem),
                                                                    color=ft.Colors.ERROR)))
        return out
    row = ft.Row([button(tr.t("Take the picture"), actions["shoot"], f"{prefix}camera-shoot",
                         ft.Icons.CAMERA, disabled=phase != "ready"),
                  button(tr.t("Close the camera"), actions["close"], f"{prefix}camera-close",
                         ft.Icons.CLOSE, primary=False)], wrap=True)
    return [ident(f"{prefix}camera-preview", _preview(cam, phase)), row]


@ft.component
def CameraShot(tr: Translator, on_photo: PhotoHandler, prefix: str = "", disabled: bool = False) -> ft.Control:
    """A "take a photo with the camera" button that opens a preview and hands the shot over."""
    phase, set_phase = ft.use_state("closed")  # closed | opening | ready | taking
    problem, set_problem = ft.use_state("")
    opening, set_opening = ft.use_state(0)
    # One Camera object per opening, the same one in every render of it: a fresh object each
    # render would take over the old one's place and leave the old one, which a pending call
    # still holds, detached from the page.
    cam = ft.use_memo(lambda: new_camera(ft.context.page), [opening])
    live = ft.use_ref(0)  # the opening still wanted; 0 once closed (a late answer is dropped)

    async def opened() -> None:
        if phase == "opening":
            code = await start_camera(cam)
            if live.current == opening:
                set_problem(code)
                set_phase("ready" if not code else "closed")

    ft.use_effect(opened, [phase])
    if not camera_supported(ft.context.page):
        return ft.Container()

    async def open_camera(_e: Any = None) -> None:
        live.current = opening + 1
        set_problem("")
        set_opening(opening + 1)
        set_phase("opening")

    async def close(_e: Any = None) -> None:
        live.current = 0
        set_phase("closed")

    async def take(_e: Any = None) -> None:
        if phase != "ready":
            return
        set_phase("taking")
        data = await shoot(cam)
        set_problem("" if data else "shot")
        set_phase("closed")
        if data:
            result = on_photo(data)
            if inspect.isawaitable(result):
                await result

    actions = {"open": open_camera, "close": close, "shoot": take}
    return ft.Column(_controls(tr, prefix, phase, problem, disabled, cam, actions), spacing=8)
