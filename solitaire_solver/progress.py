"""A small progress report for long runs: a bar on a terminal, plain lines elsewhere.

On a terminal the bar is redrawn in place (at most ten times a second) with
the rate and the time left. When the output is a file or a pipe, a plain
line is written at the start, every ``every`` seconds and at the end, so that
logs stay readable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

_REDRAW = 0.1
"""Least seconds between two redraws of the bar on a terminal."""


def duration_text(seconds: float) -> str:
    """``0:07``, ``12:34`` or ``3:02:01``: seconds as minutes or hours and minutes."""
    s = max(0, round(seconds))
    hours, rest = divmod(s, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ProgressBar:
    """Reports ``done`` of ``todo`` deals; call it as a :data:`~solitaire_solver.stats.Progress`.

    ``total`` is the number of deals asked for, of which ``total - todo``
    were already in the store (said once, at the start). ``tty`` defaults
    to whether ``stream`` is a terminal.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        label: str,
        total: int,
        tty: bool | None = None,
        every: float = 10.0,
        width: int = 30,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.label = label
        self.total = total
        self.tty = stream.isatty() if tty is None else tty
        self.every = every
        self.width = width
        self.clock = clock
        self.start = 0.0
        self.last = 0.0
        self.done = 0
        self.todo = 0
        self.started = False
        self.final_shown = False
        self._drawn = 0

    def __call__(self, done: int, todo: int) -> None:
        now = self.clock()
        self.done, self.todo = done, todo
        if not self.started:
            self.started = True
            self.start = self.last = now
            stored = self.total - todo
            already = f"{stored} already stored, " if stored else ""
            self._line(f"{self.label}: {self.total} deals, {already}{todo} to solve")
            if done == 0:
                return
        if done < todo and now - self.last < (_REDRAW if self.tty else self.every):
            return
        self.last = now
        self._show(now)

    def _status(self, now: float) -> str:
        elapsed = now - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        percent = 100.0 * self.done / self.todo if self.todo else 100.0
        if self.done >= self.todo:
            tail = f"done in {duration_text(elapsed)}"
        elif rate > 0:
            tail = f"{duration_text((self.todo - self.done) / rate)} left"
        else:
            tail = "time left unknown"
        return f"{self.done}/{self.todo} {percent:3.0f}%  {rate:,.1f} deals/s  {tail}"

    def _show(self, now: float) -> None:
        self.final_shown = self.done >= self.todo
        if self.tty:
            filled = self.width * self.done // self.todo if self.todo else self.width
            bar = "#" * filled + "-" * (self.width - filled)
            text = f"{self.label} [{bar}] {self._status(now)}"
            # Pad over what is left of a longer previous line.
            self.stream.write("\r" + text.ljust(self._drawn))
            self._drawn = len(text)
            self.stream.flush()
        else:
            self._line(f"{self.label}: {self._status(now)}")

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """Show the final state (if not shown yet) and end the bar's line."""
        if self.started and self.todo and not self.final_shown:
            self._show(self.clock())
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = 0
