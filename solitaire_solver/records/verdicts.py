"""Verdict files: a preset's verdicts over a range of deal numbers, compact and checked.

A verdict file holds, for every deal number of one range, the verdict of one
preset's rules (two bits a deal: not solved, won, lost or unknown) and, for
each won deal, the length of the winning line found and its difficulty
figure (see :meth:`.Game.difficulty`). It names the preset, the rules fingerprint,
the range, the solver version that produced it and the limits it ran under,
and it carries a SHA-256 checksum of everything else in it. A million deals
take a few hundred kilobytes.

The file is a short text header, readable with ``head``, then the body::

    solitaire-solver verdicts 1
    preset: decade
    fingerprint: decade sums=10,20,30 min_run=2 max_run=none compulsory=yes
    range: 1-1000000
    counts: won 341006, lost 658994, unknown 0
    solver: 0.1.0
    limits: none
    difficulty: 1 (easy 0-6, medium 7-9, hard 10-255)
    body: 312345 bytes, xz
    sha256: 5d1c...
    (an empty line, then the body)

The body is an xz (LZMA) stream of three columns: the codes, four deals a
byte, the first deal in the two low bits; then the length of each won
deal's line, in deal order, as a LEB128 number; then each won deal's
difficulty, one byte each. The checksum covers the header lines above it
and the body, so a changed preset name is caught as surely as a changed
verdict.

A table whose unknown deals were not all left at the same limits (the
unknown deals of a first pass solved again under larger ones) is written in
layout 2: its ``limits`` line lists every set, ``max_states=1000000 |
max_states=140000000``, and a fourth column gives, for each unknown deal in
deal order, the index of its set in that list, one byte each.

>>> v = Verdicts.build("decade", "decade sums=10", 1, {1: ("won", 30, 4), 2: ("lost", 0, 0)})
>>> load_verdicts(dump_verdicts(v)) == v
True
>>> v.status(2), v.status(3)
('lost', None)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import lzma
import os
import re
from array import array
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from ..errors import SolverError, VerdictFileError
from ..games import find_preset
from ..games.knobs import parse_rule_assignments
from ..reading import VERDICT_BYTES, ReadError, read_bytes
from ..search import NO_LIMITS, Limits, Status
from .store import StoreKey

MAGIC = "solitaire-solver verdicts"
"""The first words of every verdict file."""
FORMAT_VERSION = 2
"""The newest layout this module writes and reads: 2 when a file's unknown
deals reached more than one set of limits, 1 (the same layout without the
limits column) otherwise, so a file of one set of limits reads with older
versions of the package."""
SUFFIX = ".verdicts"
"""The file name extension of verdict files."""

ABSENT, WON, LOST, UNKNOWN = range(4)
"""The two-bit codes: not in the file (not solved), won, lost, unknown."""
_CODE_OF = {Status.WON: WON, Status.LOST: LOST, Status.UNKNOWN: UNKNOWN}
_STATUS_OF = {WON: Status.WON, LOST: Status.LOST, UNKNOWN: Status.UNKNOWN}
_NAME = {ABSENT: None, WON: "won", LOST: "lost", UNKNOWN: "unknown"}

DIFFICULTY_DEFINITION = 1
"""The version of the difficulty figure's definition (:meth:`.Game.difficulty`)."""
MAX_DIFFICULTY = 255
"""The largest difficulty figure a file can hold (one byte)."""
MAX_DEALS = 1 << 32
"""Deal numbers of a file run below this."""
MOST_SPAN = 100_000_000
"""The most deals one file covers, from its first to its last: a hundred million, whose
codes take 100 MB once read. A longer span is refused when written and when read, before
its body is unpacked."""

_HEADER_KEYS = (
    "preset",
    "fingerprint",
    "range",
    "counts",
    "solver",
    "limits",
    "difficulty",
    "body",
    "sha256",
)
"""The header's lines after the first, in the order they are written."""


@attrs.frozen
class Classes:
    """Where the difficulty figure splits won deals into easy, medium and hard.

    Easy is ``0 .. easy``, medium ``easy + 1 .. medium``, hard the rest.
    """

    easy: int = 0
    medium: int = 0

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.easy <= self.medium < MAX_DIFFICULTY:
            raise ValueError(
                f"difficulty classes out of order: easy to {self.easy}, medium to {self.medium}"
            )

    def bounds(self, name: str) -> tuple[int, int]:
        """The figures of class ``name`` (``easy``, ``medium`` or ``hard``), both ends included."""
        if name == "easy":
            return (0, self.easy)
        if name == "medium":
            return (self.easy + 1, self.medium)
        if name == "hard":
            return (self.medium + 1, MAX_DIFFICULTY)
        raise ValueError(f"unknown difficulty class {name!r} (easy, medium or hard)")

    def name_of(self, figure: int) -> str:
        """The class of a figure."""
        if figure <= self.easy:
            return "easy"
        return "medium" if figure <= self.medium else "hard"

    def text(self) -> str:
        """``easy 0-6, medium 7-9, hard 10-255``."""
        return ", ".join(
            f"{name} {low}-{high}"
            for name in ("easy", "medium", "hard")
            for low, high in [self.bounds(name)]
        )

    @classmethod
    def of(cls, figures: Iterable[int]) -> Classes:
        """The split of the won deals' figures into three classes as even as whole figures allow.

        Deals of one figure stay in one class, and most won deals of a preset
        often share a figure or two, so exact thirds are rarely possible: of
        all the splits, the one whose smallest class holds the most deals is
        taken (ties: the one nearest to thirds, then the lowest). With fewer
        than three distinct figures some class is empty.
        """
        counts = [0] * (MAX_DIFFICULTY + 1)
        for f in figures:
            counts[f] += 1
        total = sum(counts)
        used = [f for f, n in enumerate(counts) if n]
        if len(used) < 3:
            # Easy holds the lowest figure, medium the next, hard none.
            easy = used[0] if used else 0
            medium = used[1] if len(used) > 1 else easy
            return cls(easy, medium)
        below = [0]
        for n in counts:
            below.append(below[-1] + n)  # below[f]: deals with figures under f

        def score(split: tuple[int, int]) -> tuple[int, int]:
            easy, medium = split
            sizes = (
                below[easy + 1],
                below[medium + 1] - below[easy + 1],
                total - below[medium + 1],
            )
            return (min(sizes), -sum(abs(3 * size - total) for size in sizes))

        # Splits between used figures only: a split at an unused one is the
        # same classes written with other bounds.
        splits = [(e, m) for i, e in enumerate(used[:-2]) for m in used[i + 1 : -1]]
        easy, medium = max(splits, key=score)
        return cls(easy, medium)


_BLOCK = 4096
"""Deals a block of :attr:`Verdicts._won_before` counts."""


@attrs.frozen
class Verdicts:
    """One preset's verdicts over deal numbers ``first .. first + len(codes) - 1``.

    ``codes`` holds one code a deal (:data:`ABSENT`, :data:`WON`,
    :data:`LOST`, :data:`UNKNOWN`); ``lengths`` and ``difficulty`` one entry
    per won deal, in deal order. ``limits`` are the limits the deals were
    solved under (they matter for the unknown ones). Build one with
    :meth:`build` or read one with :func:`load_verdicts`.
    """

    preset: str
    fingerprint: str
    first: int
    codes: bytes
    lengths: array[int]
    difficulty: bytes
    solver_version: str = ""
    limits: Limits = NO_LIMITS
    classes: Classes = attrs.field(factory=Classes)
    sha256: str = attrs.field(default="", eq=False)
    """The checksum the file was read with (empty for one built in memory)."""
    more_limits: tuple[Limits, ...] = ()
    """Other limits some unknown deals reached, when not all reached ``limits``
    (a table whose unknown deals were solved again under larger limits)."""
    unknown_limits: bytes = b""
    """For each unknown deal in deal order, the limits it reached: 0 for
    ``limits``, ``i`` for ``more_limits[i - 1]``; empty when every unknown
    deal reached ``limits``."""
    _won_before: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """How many deals are won before each block of :data:`_BLOCK` deals, for
    :meth:`won_index`."""

    def __attrs_post_init__(self) -> None:
        counts = [0]
        for start in range(0, len(self.codes), _BLOCK):
            counts.append(counts[-1] + self.codes.count(WON, start, start + _BLOCK))
        object.__setattr__(self, "_won_before", tuple(counts))
        won = self.codes.count(WON)
        if len(self.lengths) != won or len(self.difficulty) != won:
            raise ValueError(
                f"{won} won deals need as many lengths and figures, not "
                f"{len(self.lengths)} and {len(self.difficulty)}"
            )
        if self.more_limits or self.unknown_limits:
            unknown = self.codes.count(UNKNOWN)
            if len(self.unknown_limits) != unknown:
                raise ValueError(
                    f"{unknown} unknown deals need as many limits indices, "
                    f"not {len(self.unknown_limits)}"
                )
            if max(self.unknown_limits, default=0) > len(self.more_limits):
                raise ValueError(f"a limits index beyond the {len(self.all_limits)} limits")
        if self.first < 1 or self.first + len(self.codes) - 1 >= MAX_DEALS:
            raise ValueError(f"deal numbers run from 1 to {MAX_DEALS - 1}")
        if len(self.codes) > MOST_SPAN:
            raise ValueError(
                f"{len(self.codes):,} deals, more than the {MOST_SPAN:,} a file covers"
            )

    @classmethod
    def build(
        cls,
        preset: str,
        fingerprint: str,
        first: int,
        rows: Mapping[int, tuple[str, int, int]],
        *,
        last: int | None = None,
        solver_version: str = "",
        limits: Limits = NO_LIMITS,
        classes: Classes | None = None,
    ) -> Verdicts:
        """Verdicts from ``rows``: deal number to ``(status, length, difficulty)``.

        Deals from ``first`` to ``last`` (by default the largest number in
        ``rows``) with no row are recorded as not solved. The length and
        difficulty count only for won deals. ``classes`` defaults to thirds
        of the won deals' figures.
        """
        if last is None:
            last = max(rows, default=first - 1)
        return cls.from_rows(
            preset,
            fingerprint,
            first,
            last,
            ((n, *rows[n]) for n in sorted(rows)),
            solver_version=solver_version,
            limits=limits,
            classes=classes,
        )

    @classmethod
    def from_rows(
        cls,
        preset: str,
        fingerprint: str,
        first: int,
        last: int,
        rows: Iterable[
            tuple[int, str | Status, int, int] | tuple[int, str | Status, int, int, Limits]
        ],
        *,
        solver_version: str = "",
        limits: Limits = NO_LIMITS,
        classes: Classes | None = None,
    ) -> Verdicts:
        """Verdicts from ``(number, status, length, difficulty)`` rows in increasing number.

        The rows are read one at a time (a store's million rows need not be
        listed); the deals of ``first .. last`` with no row are not solved.
        A row may end with the limits its deal was solved under; an unknown
        deal's limits are then kept (``limits`` is the file's first set, and
        the limits of a row without them).
        """
        codes = bytearray(max(0, last - first + 1))
        lengths: array[int] = array("I")
        figures = bytearray()
        all_limits = [limits]
        indices = bytearray()
        previous = first - 1
        for n, status, length, figure, *reached in rows:
            if not previous < n <= last:
                raise ValueError(
                    f"deal {n} is out of order or outside {first}-{last} (after {previous})"
                )
            previous = n
            code = _CODE_OF[Status(status)]
            codes[n - first] = code
            if code == WON:
                lengths.append(length)
                figures.append(min(MAX_DIFFICULTY, figure))
            elif code == UNKNOWN:
                own = reached[0] if reached else limits
                if own not in all_limits:
                    all_limits.append(own)
                indices.append(all_limits.index(own))
        if classes is None:
            classes = Classes.of(figures)
        mixed = len(all_limits) > 1
        return cls(
            preset,
            fingerprint,
            first,
            bytes(codes),
            lengths,
            bytes(figures),
            solver_version,
            limits,
            classes,
            more_limits=tuple(all_limits[1:]),
            unknown_limits=bytes(indices) if mixed else b"",
        )

    def with_rows(
        self,
        rows: Iterable[
            tuple[int, str | Status, int, int] | tuple[int, str | Status, int, int, Limits]
        ],
        *,
        solver_version: str | None = None,
    ) -> Verdicts:
        """This table with its verdicts given again by ``rows`` (as :meth:`from_rows` reads
        them): the same preset, rules, range, first limits and classes, and this table's
        solver version unless another is given.

        >>> rows = {1: ("won", 30, 4), 2: ("lost", 0, 0)}
        >>> v = Verdicts.build("decade", "decade sums=10", 1, rows)
        >>> v.with_rows(v.rows()) == v
        True
        >>> v.with_rows([(1, "lost", 0, 0)]).status(1), v.with_rows([]).preset
        ('lost', 'decade')
        """
        return Verdicts.from_rows(
            self.preset,
            self.fingerprint,
            self.first,
            self.last,
            rows,
            solver_version=self.solver_version if solver_version is None else solver_version,
            limits=self.limits,
            classes=self.classes,
        )

    # -- reading

    @property
    def last(self) -> int:
        """The last deal number the file covers."""
        return self.first + len(self.codes) - 1

    def covers(self, number: int) -> bool:
        """Whether ``number`` is in the file's range and was solved."""
        return self.first <= number <= self.last and self.codes[number - self.first] != ABSENT

    def count(self, code: int) -> int:
        """How many deals have ``code``."""
        return self.codes.count(code)

    def status(self, number: int) -> str | None:
        """``won``, ``lost`` or ``unknown``; ``None`` when the file does not settle ``number``."""
        if not self.first <= number <= self.last:
            return None
        return _NAME[self.codes[number - self.first]]

    @property
    def all_limits(self) -> tuple[Limits, ...]:
        """Every set of limits the file's unknown deals reached, ``limits`` first."""
        return (self.limits, *self.more_limits)

    def limits_of(self, number: int) -> Limits:
        """The limits deal ``number`` was left unknown under (``limits`` for a settled deal)."""
        if not self.unknown_limits or self.status(number) != "unknown":
            return self.limits
        index = self.codes.count(UNKNOWN, 0, number - self.first)
        return self.all_limits[self.unknown_limits[index]]

    def won_index(self, number: int) -> int:
        """The position of a won deal among the won deals (into ``lengths`` and ``difficulty``).

        Counted from the start of its block of deals, not of the file: listing the deals a
        table carries to other rules asks this for hundreds of thousands of deals.
        """
        i = number - self.first
        block = i // _BLOCK
        return self._won_before[block] + self.codes.count(WON, block * _BLOCK, i)

    def entries(self, start: int | None = None) -> Iterator[tuple[int, int, int, int]]:
        """``(number, code, length, difficulty)`` of every deal from ``start`` on.

        The length and difficulty are 0 for a deal that is not won.
        """
        at = max(self.first, self.first if start is None else start)
        i = at - self.first
        w = self.codes.count(WON, 0, i)
        codes, lengths, figures = self.codes, self.lengths, self.difficulty
        for j in range(i, len(codes)):
            code = codes[j]
            if code == WON:
                yield (self.first + j, code, lengths[w], figures[w])
                w += 1
            else:
                yield (self.first + j, code, 0, 0)

    def rows(self) -> Iterator[tuple[int, Status, int, int]]:
        """``(number, status, length, difficulty)`` for every solved deal, in order."""
        for number, code, length, figure in self.entries():
            if code != ABSENT:
                yield number, _STATUS_OF[code], length, figure


# ---------------------------------------------------------------- writing


def _varints(values: Iterable[int]) -> bytes:
    out = bytearray()
    for v in values:
        while v >= 0x80:
            out.append((v & 0x7F) | 0x80)
            v >>= 7
        out.append(v)
    return bytes(out)


def _pack_codes(codes: bytes) -> bytes:
    padded = codes + bytes(-len(codes) % 4)
    return bytes(
        padded[i] | padded[i + 1] << 2 | padded[i + 2] << 4 | padded[i + 3] << 6
        for i in range(0, len(padded), 4)
    )


def limits_text(limits: Limits) -> str:
    """``none``, or the limits set, as ``max_states=3000000 timeout=60``."""
    parts = [
        f"{name}={value:g}" if isinstance(value, float) else f"{name}={value}"
        for name, value in limits.set_items()
    ]
    return " ".join(parts) if parts else "none"


def _parse_limits(text: str) -> Limits:
    if text == "none":
        return Limits()
    values: dict[str, Any] = {}
    for word in text.split():
        name, _, value = word.partition("=")
        if name in ("max_states", "max_table"):
            values[name] = int(value)
        elif name == "timeout":
            values[name] = float(value)
        else:
            raise ValueError(f"unknown limit {name!r}")
    return Limits(**values)


def dump_verdicts(v: Verdicts) -> bytes:
    """The bytes of a verdict file holding ``v``."""
    raw = _pack_codes(v.codes) + _varints(v.lengths) + v.difficulty + v.unknown_limits
    # The strongest preset, with a dictionary no larger than the data: the
    # same compression, without the preset's 64 MiB dictionary to fill.
    dictionary = max(1 << 16, min(len(raw), 1 << 26))
    body = lzma.compress(
        raw,
        format=lzma.FORMAT_XZ,
        filters=[
            {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": dictionary}
        ],
    )
    won, lost, unknown = v.count(WON), v.count(LOST), v.count(UNKNOWN)
    version = FORMAT_VERSION if v.unknown_limits else 1
    lines = [
        f"{MAGIC} {version}",
        f"preset: {v.preset}",
        f"fingerprint: {v.fingerprint}",
        f"range: {v.first}-{v.last}",
        f"counts: won {won}, lost {lost}, unknown {unknown}",
        f"solver: {v.solver_version}",
        f"limits: {' | '.join(limits_text(limits) for limits in v.all_limits)}",
        f"difficulty: {DIFFICULTY_DEFINITION} ({v.classes.text()})",
        f"body: {len(body)} bytes, xz",
    ]
    head = "".join(line + "\n" for line in lines).encode()
    digest = hashlib.sha256(head + body).hexdigest()
    return head + f"sha256: {digest}\n\n".encode() + body


def write_verdicts(path: str | os.PathLike[str], v: Verdicts) -> Path:
    """Write ``v`` to ``path`` (replacing it whole, never leaving half a file)."""
    target = Path(path)
    data = dump_verdicts(v)
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise VerdictFileError(
            f"cannot write the verdict file '{target}': {exc.strerror or exc}"
        ) from None
    return target


# ---------------------------------------------------------------- reading

_COUNTS = re.compile(r"won (\d+), lost (\d+), unknown (\d+)")
_RANGE = re.compile(r"(\d+)-(\d+)")
_DIFFICULTY = re.compile(r"(\d+) \(easy 0-(\d+), medium \d+-(\d+), hard \d+-\d+\)")
_BODY = re.compile(r"([0-9]{1,12}) bytes, xz")


def _unpack_codes(packed: bytes, n: int) -> bytes:
    table = [bytes((b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6)) for b in range(256)]
    return b"".join([table[b] for b in packed])[:n]


def _read_varints(data: bytes, at: int, n: int) -> tuple[array[int], int]:
    out: array[int] = array("I")
    for _ in range(n):
        value = shift = 0
        while True:
            byte = data[at]
            at += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                break
            shift += 7
        out.append(value)
    return out, at


def load_verdicts(data: bytes, source: str = "<bytes>") -> Verdicts:
    """Read a verdict file's bytes; :class:`VerdictFileError` says what is wrong with them.

    Refused: another kind of file, a newer format, a header line missing or
    out of place, a body shorter or longer than the header says (a file cut
    short in a copy), and a checksum that does not match (any changed
    byte, in the header or the body).
    """

    def bad(why: str) -> VerdictFileError:
        return VerdictFileError(f"{source}: {why}")

    lines: list[str] = []
    at = 0
    while True:
        end = data.find(b"\n", at)
        if end < 0 or len(lines) > len(_HEADER_KEYS) + 1:
            if not lines:
                raise bad(f"not a verdict file (it does not start with '{MAGIC}')")
            raise bad("the header is cut short or damaged: no empty line ends it")
        try:
            line = data[at:end].decode()
        except UnicodeDecodeError:
            raise bad(f"header line {len(lines) + 1} is not text") from None
        at = end + 1
        if not line:
            if not lines:
                raise bad(f"not a verdict file (it does not start with '{MAGIC}')")
            break
        lines.append(line)
        if len(lines) == 1 and not line.startswith(MAGIC + " "):
            raise bad(f"not a verdict file (it does not start with '{MAGIC}')")
    version = lines[0][len(MAGIC) + 1 :]
    if version not in ("1", str(FORMAT_VERSION)):
        raise bad(
            f"a verdict file of format {version!r}; this solver reads formats 1 to "
            f"{FORMAT_VERSION}: use a newer solitaire_solver"
        )
    fields: dict[str, str] = {}
    for i, line in enumerate(lines[1:], 2):
        name, sep, value = line.partition(": ")
        expected = _HEADER_KEYS[len(fields)] if len(fields) < len(_HEADER_KEYS) else None
        if not sep or name != expected:
            raise bad(f"header line {i} should be '{expected}: ...', not {line!r}")
        fields[name] = value
    if len(fields) != len(_HEADER_KEYS):
        raise bad(f"the header has no '{_HEADER_KEYS[len(fields)]}' line")
    body_match = _BODY.fullmatch(fields["body"])
    if body_match is None:
        raise bad(f"bad 'body' line {fields['body']!r}")
    size = int(body_match.group(1))
    body = data[at:]
    if len(body) < size:
        raise bad(f"truncated: the body has {len(body)} of its {size} bytes")
    if len(body) > size:
        raise bad(f"{len(body) - size} bytes after the end of the body")
    head_end = data.rfind(b"sha256: ", 0, at)
    digest = hashlib.sha256(data[:head_end] + body).hexdigest()
    if digest != fields["sha256"]:
        raise bad("checksum mismatch: the file was changed or damaged after it was written")
    # The checksum holds, so the rest was written by dump_verdicts: any
    # failure from here on is a file of an unexpected kind, said as such.
    try:
        return _decode(fields, body, source)
    except (ValueError, IndexError, OverflowError, lzma.LZMAError) as exc:
        raise bad(f"the contents do not add up: {exc}") from None


def _decode(fields: dict[str, str], body: bytes, source: str) -> Verdicts:
    range_match = _RANGE.fullmatch(fields["range"])
    counts_match = _COUNTS.fullmatch(fields["counts"])
    diff_match = _DIFFICULTY.fullmatch(fields["difficulty"])
    if range_match is None or counts_match is None or diff_match is None:
        raise ValueError("a header line is not in the expected form")
    first, last = int(range_match.group(1)), int(range_match.group(2))
    n = last - first + 1
    won, lost, unknown = (int(x) for x in counts_match.groups())
    # (A file of no deals runs from its first to the number before it.)
    if not 1 <= first <= last + 1 <= MAX_DEALS:
        raise ValueError(f"the range {first}-{last} is not within 1-{MAX_DEALS - 1}")
    if n > MOST_SPAN:
        raise ValueError(f"{n:,} deals, more than the {MOST_SPAN:,} a file covers")
    if won + lost + unknown > n:
        raise ValueError(f"{won + lost + unknown:,} verdicts for {n:,} deals")
    packed = (n + 3) // 4
    # Unpacked no further than the header's counts allow: the codes, then for each won deal
    # a length (at most five bytes) and a figure, for each unknown one an index.
    most = packed + 6 * won + unknown
    unpack = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    raw = unpack.decompress(body, max_length=most + 1)
    if len(raw) > most:
        raise ValueError("the body holds more than the header's counts allow")
    if not unpack.eof:
        raise ValueError("the body's stream is cut short")
    codes = _unpack_codes(raw[:packed], n)
    if (codes.count(WON), codes.count(LOST), codes.count(UNKNOWN)) != (won, lost, unknown):
        raise ValueError("the counts in the header differ from the verdicts")
    lengths, at = _read_varints(raw, packed, won)
    all_limits = [_parse_limits(text) for text in fields["limits"].split(" | ")]
    # Several sets of limits: an index per unknown deal follows the figures.
    indices = raw[at + won :] if len(all_limits) > 1 else b""
    figures = raw[at : len(raw) - len(indices)]
    if len(figures) != won:
        raise ValueError(f"{len(figures)} difficulty figures for {won} won deals")
    return Verdicts(
        fields["preset"],
        fields["fingerprint"],
        first,
        codes,
        lengths,
        bytes(figures),
        fields["solver"],
        all_limits[0],
        Classes(int(diff_match.group(2)), int(diff_match.group(3))),
        fields["sha256"],
        more_limits=tuple(all_limits[1:]),
        unknown_limits=bytes(indices),
    )


# ---------------------------------------------------------------- shipped files


def shipped_name(preset: str) -> str:
    """The file name of a preset's published verdicts: ``decade.verdicts``."""
    return preset + SUFFIX


def shipped_verdicts(preset: str) -> Verdicts | None:
    """The verdicts published with the package for ``preset``'s own rules, if any.

    They are the reference tables (docs/reference/tables.md); the files live in the
    package's ``data`` folder.
    """
    if shipped_name(preset) not in shipped_names():
        return None
    resource = resources.files("solitaire_solver").joinpath("data", shipped_name(preset))
    return load_verdicts(resource.read_bytes(), f"the published table {shipped_name(preset)}")


def shipped_variant_name(preset: str, changed: Iterable[tuple[str, str]]) -> str:
    """The file name of a table under changed knobs: ``windmill+foundation_moves=free.verdicts``.

    ``changed`` holds the knobs that differ from the preset's, as
    ``(name, value)`` pairs; with none, this is :func:`shipped_name`.
    """
    return preset + "".join(f"+{name}={value}" for name, value in sorted(changed)) + SUFFIX


def shipped_table(game: Any) -> Verdicts | None:
    """The published table of ``game``'s preset under exactly ``game``'s rules, if any.

    The preset's own table when the rules are the preset's, else a variant
    table named by the changed knobs (:func:`shipped_variant_name`). A file
    whose header names other rules than its name says is refused, so a
    misnamed file can never answer for the wrong game.
    """
    name = shipped_variant_name(game.preset, game.changed_rules())
    # Looked up in the folder's listing, not asked of the file system: the name is built
    # from knob values, which may be longer than a file name can be.
    if name not in shipped_names():
        return None
    # Read and checked once a process: the table's name fixes the preset and rules it must
    # hold, which are ``game``'s.
    return _published(name)


# ---------------------------------------------------------------- rule sets in order
#
# A game's rules allow at most what other rules allow when every line legal
# under them is legal under the others, from the same deal to the same win
# (:meth:`.Game.allows_at_most`, argued knob by knob in each game's order
# module). Then a win under the stricter rules is a win under the looser ones
# and a loss under the looser rules a loss under the stricter: a deal a table
# leaves unknown may be settled by the table of another rule set. A table
# keeps no lines, so a win carried up is only a claim until a line of the
# stricter rules has been replayed under the looser (:func:`carried_win`).


@functools.cache
def _shipped_names() -> tuple[str, ...]:
    folder = resources.files("solitaire_solver").joinpath("data")
    return tuple(sorted(f.name for f in folder.iterdir() if f.name.endswith(SUFFIX)))


def shipped_names() -> list[str]:
    """The file names of every published table, sorted (the package's data folder is read
    once a process)."""
    return list(_shipped_names())


@functools.cache
def table_game(name: str) -> Any:
    """The game a published table's file name stands for: its preset, with the knobs after
    ``+`` changed (:func:`shipped_variant_name` read backwards)."""
    preset, *changed = name.removesuffix(SUFFIX).split("+")
    return find_preset(preset).make(dict(word.split("=", 1) for word in changed))


@functools.cache
def _published(name: str) -> Verdicts:
    """The published table ``name``, read once a process and checked against its name."""
    resource = resources.files("solitaire_solver").joinpath("data", name)
    v = load_verdicts(resource.read_bytes(), f"the published table {name}")
    check_verdicts(v, table_game(name), f"the published table {name}")
    return v


@attrs.frozen
class RelatedTable:
    """A published table of the same game as some rules, under rules ordered with them."""

    name: str
    """The file name: ``windmill.verdicts``."""
    game: Any
    """The game of the table's preset and rules."""
    verdicts: Verdicts
    stricter: bool
    """True: the table's rules allow at most the others' (its wins carry up);
    False: they allow at least as much (its losses carry down)."""


def related_tables(game: Any) -> list[RelatedTable]:
    """The published tables of ``game``'s game under rules other than its own but ordered
    with them: the stricter first, the strictest of them first (its search is the
    smallest), then the looser, each in file name order among equals."""
    known = _RELATED.get((game.name, game.rules))
    if known is not None:
        return known
    stricter: list[RelatedTable] = []
    looser: list[RelatedTable] = []
    for name in shipped_names():
        other = table_game(name)
        if other.name != game.name or other.rules == game.rules:
            continue
        if other.allows_at_most(game.rules):
            stricter.append(RelatedTable(name, other, _published(name), True))
        elif game.allows_at_most(other.rules):
            looser.append(RelatedTable(name, other, _published(name), False))
    # A table below fewer of the others is stricter; a sort by that count keeps the order.
    stricter.sort(key=lambda t: sum(o.game.allows_at_most(t.game.rules) for o in stricter))
    _RELATED[game.name, game.rules] = stricter + looser
    return stricter + looser


_RELATED: dict[tuple[str, Any], list[RelatedTable]] = {}
""":func:`related_tables` by game name and rules, worked out once a process."""


@attrs.frozen
class TableVerdict:
    """A deal's verdict as the published tables give it under some rules, and where from."""

    status: str
    """``won``, ``lost`` or ``unknown``."""
    table: str
    """The file name of the table that says so."""
    carried: bool = False
    """Whether the verdict comes from a table of other rules: a win from stricter rules or
    a loss from looser ones. A carried win is a claim until its line replays
    (:func:`carried_win`)."""
    length: int = 0
    """The length of the table's winning line (0 unless won)."""
    difficulty: int = 0
    """The table's difficulty figure (0 unless won): for a carried win, of the solve under
    the stricter rules."""


def _verdict_in(v: Verdicts, name: str, number: int, carried: bool) -> TableVerdict:
    status = v.status(number) or "unknown"
    if status != "won":
        return TableVerdict(status, name, carried)
    i = v.won_index(number)
    return TableVerdict(status, name, carried, v.lengths[i], v.difficulty[i])


def table_verdict(game: Any, number: int) -> TableVerdict | None:
    """The verdict of deal ``number`` under ``game``'s rules from the published tables.

    The table of exactly these rules first, when it settles the deal; then
    a win in a table of stricter rules, or a loss in one of looser rules;
    then the table's own unknown. ``None`` when no table covers the deal.
    """
    name = shipped_variant_name(game.preset, game.changed_rules())
    own = _published(name) if name in shipped_names() else None
    if own is not None and own.status(number) in ("won", "lost"):
        return _verdict_in(own, name, number, carried=False)
    for t in related_tables(game):
        if t.verdicts.status(number) == ("won" if t.stricter else "lost"):
            return _verdict_in(t.verdicts, t.name, number, carried=True)
    if own is not None and own.status(number) is not None:
        return _verdict_in(own, name, number, carried=False)
    return None


def key_game(key: StoreKey) -> Any:
    """The game whose rows a store key holds, or ``None`` for rows of a player (whose
    results say what the player won, not what the rules allow) or of unknown rules."""
    name, *words = key.fingerprint.split()
    if name != key.game:
        return None
    try:
        return find_preset(key.preset).make(parse_rule_assignments(words))
    except SolverError:
        return None


def check_verdicts(
    v: Verdicts, game: Any, source: str, key: StoreKey | None = None, *, ordered: bool = False
) -> None:
    """Refuse a verdict file of another preset or other rules than ``game``'s, in one line.

    ``key``, when given, is the store key the rows are for (a player's
    results: the game's fingerprint and the player's words), whose
    fingerprint the file must carry instead of the game's. With
    ``ordered``, a file of the solver's results under rules ordered with
    ``game``'s (:meth:`.Game.allows_at_most`) is accepted too: what it
    settles carries (:func:`import_verdicts`).
    """
    if ordered and _ordered_file_game(v, game, key) is not None:
        return
    if v.preset != game.preset:
        raise VerdictFileError(
            f"{source} holds verdicts of {v.preset}, not {game.preset}: "
            f"use a {game.preset} file (its first lines name the preset)"
        )
    expected = game.fingerprint if key is None else key.fingerprint
    if v.fingerprint != expected:
        raise VerdictFileError(
            f"{source} holds results of {v.preset} under other rules or of another player "
            f"({v.fingerprint}), not {expected}"
        )


def _ordered_file_game(v: Verdicts, game: Any, key: StoreKey | None) -> Any:
    """The game of ``v``'s rules when they differ from ``game``'s but are ordered with them
    and the rows are the solver's (not a player's); else ``None``."""
    if key is not None and key != StoreKey.of(game):
        return None
    name = v.fingerprint.split(" ", 1)[0]
    other = key_game(StoreKey(v.preset, name, v.fingerprint))
    if other is None or other.name != game.name or other.rules == game.rules:
        return None
    if other.allows_at_most(game.rules) or game.allows_at_most(other.rules):
        return other
    return None


def read_verdicts(path: str | os.PathLike[str]) -> Verdicts:
    """Read the verdict file at ``path``; :class:`VerdictFileError` for any problem (a file
    over :data:`~solitaire_solver.reading.VERDICT_BYTES` is read no further)."""
    p = Path(path)
    try:
        data = read_bytes(p, VERDICT_BYTES, "verdict file")
    except ReadError as exc:
        raise VerdictFileError(f"{p}: {exc}") from None
    return load_verdicts(data, str(p))


__all__ = [
    "ABSENT",
    "FORMAT_VERSION",
    "LOST",
    "MAGIC",
    "SUFFIX",
    "UNKNOWN",
    "WON",
    "Classes",
    "RelatedTable",
    "TableVerdict",
    "Verdicts",
    "check_verdicts",
    "dump_verdicts",
    "key_game",
    "limits_text",
    "load_verdicts",
    "read_verdicts",
    "related_tables",
    "shipped_name",
    "shipped_names",
    "shipped_table",
    "shipped_variant_name",
    "shipped_verdicts",
    "table_game",
    "table_verdict",
    "write_verdicts",
]
