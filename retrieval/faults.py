"""Kill points for the fault tests: a write calls ``step`` after each change it makes on disk.

With ``CAUSEWAY_FAULT_KILL_AT=N`` in the environment the process kills itself with SIGKILL at the
Nth step (no clean-up, no ``finally``: what a power cut or ``kill -9`` leaves); with
``CAUSEWAY_FAULT_LOG=PATH`` each step's name is appended to PATH, so a test first counts the steps
of a write and then kills it at each one in turn. Without either variable a step costs one lookup.
"""

from __future__ import annotations

import os
import signal

KILL_AT_ENV = "CAUSEWAY_FAULT_KILL_AT"
LOG_ENV = "CAUSEWAY_FAULT_LOG"

_taken = 0


def step(name: str) -> None:
    """One change on disk is done (``name`` says which); maybe die here, as the environment asks."""
    kill_at = os.environ.get(KILL_AT_ENV)
    log = os.environ.get(LOG_ENV)
    if not kill_at and not log:
        return
    global _taken
    _taken += 1
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{_taken}\t{name}\n")
    if kill_at and _taken == int(kill_at):
        os.kill(os.getpid(), signal.SIGKILL)
