"""Reading what a person hands the program: files capped in size, regular files only, and
JSON capped in depth.

Every file the package reads from a path it is given (deal, position and game files,
moves files, plan files, verdict files) comes through :func:`read_bytes`, so that each
refuses the same things in the same words:

- a path that is not a regular file (a folder, a FIFO, a device such as
  ``/dev/zero`` or ``/dev/urandom``, a socket): refused before a byte is read, so
  that nothing waits for a writer that never comes, or reads without end;
- a file larger than the cap of its kind (:data:`TEXT_BYTES` for a file a person
  writes, :data:`VERDICT_BYTES` for a verdict file): refused having read at most one
  byte more than the cap, from a file or from standard input (``-``);
- JSON nested deeper than :data:`JSON_DEPTH` (:func:`parse_json`): no file the
  package writes comes near it, and Python's own reader would fail on a deep
  enough one with an error of the interpreter's rather than of the file.

The errors are :class:`ReadError`, which says what is wrong without the file's name:
each caller raises its own error kind (a deal file's, a plan's, a verdict file's) with
the name in it. Where a file is to be written, :func:`write_problem` says before a run
whether it can be.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

TEXT_BYTES = 1 << 20
"""The most bytes read of a file a person writes or a command saves (a deal, position, game,
moves or plan file): 1 MiB. The longest of them the package writes, ``solve --json`` of a
Windmill line with every move described, is a few tens of KB."""

VERDICT_BYTES = 64 << 20
"""The most bytes read of a verdict file: 64 MiB. A table of a million deals takes under
1 MB (the largest shipped one 0.9 MB), so this holds tables of tens of millions."""

JSON_DEPTH = 64
"""The deepest nesting of arrays and objects read in a JSON file. The package's own files
nest five levels at most (a plan's member, its parameters, a list among them)."""


class ReadError(ValueError):
    """A file that cannot be read as asked; the message says why, without the file's name."""


def size_text(size: int) -> str:
    """A cap in words: ``1 MiB``, ``64 MiB``, ``500 bytes``."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{size >> shift:,} {unit}"
    return f"{size:,} bytes"


def _kind(mode: int) -> str:
    """What a path that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _too_large(cap: int, what: str) -> ReadError:
    return ReadError(f"cannot read the {what}: larger than {size_text(cap)} (the cap on a {what})")


def check_regular(path: str | os.PathLike[str]) -> None:
    """Raise :class:`ReadError` when ``path`` exists and is not a regular file (for a file
    another library opens, such as the SQLite store); a missing path passes."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except (OSError, ValueError) as exc:
        raise ReadError(f"cannot read it: {_reason(exc)}") from None
    if not stat.S_ISREG(mode):
        raise ReadError(f"it is {_kind(mode)}, not a regular file")


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def read_bytes(path: str | os.PathLike[str], cap: int, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path`` (``"-"``: standard input), at most ``cap``.

    :class:`ReadError` for a path that cannot be opened, one that is not a regular file,
    and a file (or input) of more than ``cap`` bytes, which is read no further than one
    byte past the cap. ``what`` names the kind of file in the messages.
    """
    name = os.fspath(path)
    if name == "-":
        return _read_stdin(cap, what)
    try:
        # Not blocking: opening a FIFO would otherwise wait for a writer. A regular
        # file reads the same either way.
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise ReadError(f"cannot read the {what}: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ReadError(
                f"cannot read the {what}: it is {_kind(info.st_mode)}, not a regular file"
            )
        if info.st_size > cap:
            raise _too_large(cap, what)
        # The size may be wrong (a file of /proc says 0) or change while it is read: read
        # one byte past the cap at most.
        chunks = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise ReadError(f"cannot read the {what}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise _too_large(cap, what)
    return data


def _read_stdin(cap: int, what: str) -> bytes:
    """At most ``cap`` bytes of standard input (a text stream a caller put there too)."""
    if sys.stdin is None:  # a process started without one
        raise ReadError(f"cannot read the {what}: there is no standard input")
    try:
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is not None:
            data = buffer.read(cap + 1)
        else:
            text = sys.stdin.read(cap + 1)
            data = text.encode("utf-8", "surrogateescape")
    except OSError as exc:
        raise ReadError(f"cannot read the {what} from standard input: {_reason(exc)}") from None
    if len(data) > cap:
        raise _too_large(cap, what)
    return bytes(data)


class TextError(ReadError):
    """Bytes that are not text, at ``line``."""

    def __init__(self, why: str, line: int) -> None:
        super().__init__(why)
        self.why = why
        self.line = line


def decode_text(data: bytes) -> str:
    """``data`` as UTF-8 text with ``\\n`` line ends; :class:`TextError` with the line of
    the first byte that is not UTF-8, or of the first NUL (which no text file holds)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise TextError(f"not UTF-8 text ({exc.reason})", line) from None
    nul = text.find("\0")
    if nul >= 0:
        raise TextError("not UTF-8 text (a NUL byte)", text.count("\n", 0, nul) + 1)
    return text.replace("\r\n", "\n").replace("\r", "\n")


# A JSON string (with its escapes), or one bracket: what the depth check reads.
_JSON_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in the JSON text ``text`` (brackets inside
    strings not counted), read without recursion."""
    depth = deepest = 0
    for m in _JSON_TOKENS.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


class JsonError(ReadError):
    """Text that is not JSON the package reads, at ``line`` (``None``: the whole text);
    ``why`` says what is wrong in words a caller puts after its own ``not JSON:``."""

    def __init__(self, why: str, line: int | None = None) -> None:
        super().__init__(why if line is None else f"line {line}: {why}")
        self.why = why
        self.line = line


def check_json_depth(text: str, most: int = JSON_DEPTH) -> None:
    """Raise :class:`JsonError` when ``text`` nests deeper than ``most``."""
    if json_depth(text) > most:
        raise JsonError(f"nested deeper than {most} levels (no file of this kind is)")


def parse_json(
    text: str,
    *,
    pairs: Callable[[list[tuple[str, Any]]], Any] | None = None,
    most: int = JSON_DEPTH,
) -> Any:
    """The JSON value of ``text``; :class:`JsonError` for text that is not JSON, nests
    deeper than ``most``, or holds a number Python refuses to read (an integer of thousands
    of digits). ``pairs`` is ``json.loads``'s ``object_pairs_hook``; an exception it raises
    passes through."""
    check_json_depth(text, most)
    try:
        return json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise JsonError(f"{exc.msg} (column {exc.colno})", exc.lineno) from None
    except RecursionError:  # pragma: no cover - the depth was checked above
        raise JsonError(f"nested deeper than {most} levels") from None
    except ValueError:
        # Python refuses integers of more than 4,300 digits (``pairs`` raises no ValueError).
        raise JsonError("a number too long to read (thousands of digits)") from None


def write_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at ``path``, or ``None`` when it can: checked before a
    long run, so that a slip in a name costs no search time.

    The folder must exist, the path must not be a folder, and the file must be writable:
    tried for real (opened to append, which changes nothing, and removed again when it was
    not there), so that permissions and read-only file systems are met as the final write
    would meet them. A path that is there and is not a regular file (``/dev/null``, a FIFO)
    is written as asked, without a trial: opening a FIFO waits for its reader.
    """
    name = os.fspath(path)
    if not name:
        return "no file name"
    if "\0" in name:
        return "a NUL in the name"
    target = Path(name)
    try:
        if target.is_dir():
            return "it is a folder"
        folder = target.parent
        if not folder.exists():
            return f"no folder '{folder}'"
        if not folder.is_dir():
            return f"'{folder}' is not a folder"
        existed = target.exists()
        if existed and not target.is_file():
            return None
        if existed and not os.access(target, os.W_OK):
            return "no permission to write it"
        if not existed and not os.access(folder, os.W_OK | os.X_OK):
            return f"no permission to create files in '{folder}'"
        with open(target, "a", encoding="utf-8"):
            pass
        if not existed:
            target.unlink()
    except OSError as exc:
        return _reason(exc)[:1].lower() + _reason(exc)[1:]
    return None
