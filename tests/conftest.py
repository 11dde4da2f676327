"""A last guard against a hang eating the whole CI budget.

pytest-timeout (pyproject: `timeout`, `timeout_func_only`) stops a test body that waits forever and
pytest-rerunfailures tries it once more; a fixture that hangs (a browser that never starts) is not
a test body, so this watchdog ends the run with every thread's stack after WATCHDOG seconds per
test, reruns included. A run that ends here has failed: the stacks say where it stood.
"""
from __future__ import annotations

import faulthandler
import os
import sys
import threading

import pytest

WATCHDOG = 1800.0  # more than two timed-out tries of one test (2 x 600 s) and its fixtures


def _bark(item: pytest.Item) -> None:
    """Print where every thread stands (capture suspended, so it reaches the CI log) and stop."""
    capman = item.config.pluginmanager.getplugin("capturemanager")
    if capman is not None:
        capman.suspend_global_capture(in_=True)
    sys.stderr.write(f"\n+++ {item.nodeid} still running after {WATCHDOG:.0f} s; stacks: +++\n")
    faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    sys.stderr.flush()
    os._exit(1)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    timer = threading.Timer(WATCHDOG, _bark, args=(item,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
