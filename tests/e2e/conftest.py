"""One real Debian Chromium per test module (module scope: session scope breaks async tests)."""
from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

from .helpers import CHROMIUM_ARGS


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield b
        b.close()
