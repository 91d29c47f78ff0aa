"""Deal and position files: read, write and check them.

A position file names the game and its rules, then gives one labelled line
per pile, in the card notation of RULES.md::

    # anything after a hash is a comment
    game: decade
    rules: sums=10,20,30 min_run=2 max_run=none compulsory=true
    deal: 123456
    line: 3D 2D 2C
    stock: 9C AC 6H ...
    discarded:

``game`` comes first; ``rules`` (knobs not named take the preset's values)
and ``deal`` (the deal number the position came from, for information) may
follow; then come the game's own lines, whose labels and checks belong to the
game (:meth:`~solitaire_solver.games.base.Game.position_fields` and
:meth:`~solitaire_solver.games.base.Game.parse_position`). Labels are read
without regard to case or repeated spaces.

The JSON form holds the same content: an object with ``game``, ``rules`` (an
object of knob names to values), ``deal`` and ``position`` (an object of the
game's labels to the text of their lines, or to lists of card texts).

A game file is the JSON form with one more key, ``moves``: the moves played
from the position, in the game's notation (the ``moves`` list of ``solve
--json`` has the same name, so the file serves as a moves file too). Read
as a game (:func:`load_game`) it is the position and the moves; read as a
position (:func:`load_deal`) it is the position those moves reach.

A game played fair (the player sees only what the table shows) says so:
``"fair": true``, and the file names no card that is face down. One the
player turned fair play off in keeps the move number it was turned off
at, ``"fair_off_at": 12``, with ``"fair": false``: once a game has shown
every card nothing makes it fair again, so a file with ``fair_off_at``
goes on with every card shown, whatever its ``fair`` says (older versions
wrote ``true`` there when ``play --fair`` forced it). A fair game from a
deal number leaves ``position`` out: the deal number gives the start. A
fair game from a position file with face-down cards writes the start as
the player saw it, ``??`` for each face-down card, and names the position
file that holds them, ``"start_file": "/home/me/d7.deal"``: reading the
game file reads that file too (where it was, or beside the game file),
checks that it is the same start, and plays the moves from it; it cannot
be read without it. A JSON file with a ``deal`` and no ``position`` starts
from that deal.

The moves the table played for the player (automatic moves home: the
browser's game) are listed by their numbers, from 1: ``"automatic": [4,
5, 9]``, so that a game loaded again takes each of them back with the
player's move before it; a file without the key has none.

Whatever the input, reading either returns a position or raises a
:class:`~solitaire_solver.errors.DealFileError` naming the file and, where
there is one, the line (for JSON, the key).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any, NamedTuple

from ..errors import (
    BadMoveError,
    BadOptionError,
    BadRuleError,
    DealFileError,
    FairPlayError,
    IllegalMoveError,
    SolverError,
    UnknownGameError,
)
from ..games import Game, Preset, find_preset
from ..games.fields import Field, FieldReader, normalise_label
from ..games.knobs import rules_items, rules_text
from ..numbering import DealNumber, parse_deal_number
from ..reading import (
    TEXT_BYTES,
    JsonError,
    ReadError,
    TextError,
    decode_text,
    parse_json,
    read_bytes,
    size_text,
)

HEADER_LABELS = ("game", "rules", "deal")
"""The labels a file's header uses; no game may use them for its own lines."""

_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_ \-]*?)\s*:(.*)$")
"""``label: text``: a label starts with a letter; the text may be empty."""


class DealFile(NamedTuple):
    """What a deal or position file holds."""

    game: Game[Any, Any]
    """The game with the file's rules."""
    position: Any
    """The position, a state of :attr:`game`."""
    deal: str | None = None
    """The deal number the file names (for information), or ``None``."""


class GameFile(NamedTuple):
    """What a game file holds: a position and the moves played from it."""

    game: Game[Any, Any]
    """The game with the file's rules."""
    start: Any
    """The position the moves start from, a state of :attr:`game`."""
    deal: str | None = None
    """The deal number the file names (for information), or ``None``."""
    moves: tuple[Any, ...] = ()
    """The moves played from :attr:`start`, each checked legal (none for a position file)."""
    fair: bool = False
    """Whether the game goes on fair: the player sees only what the table shows."""
    fair_off_at: int | None = None
    """The number of moves played when the player turned fair play off, if it was turned off
    (the game was fair until then, and not fair throughout), else ``None``."""
    automatic: tuple[bool, ...] = ()
    """For each of :attr:`moves`, whether the table played it for the player (an automatic
    move home)."""
    start_file: str | None = None
    """The position file a fair game's face-down cards were read from (the file's
    ``start_file``, as found), or ``None``."""

    @property
    def full_sight(self) -> bool:
        """Whether the file's game has shown every card: fair play was turned off in it, or
        it has moves played and is not fair. A deal or position file (no moves) has not:
        a game may start from it either way."""
        return self.fair_off_at is not None or (not self.fair and bool(self.moves))


def play_mode(played: GameFile, fair: bool, *, path: str) -> bool:
    """Whether a game played from ``played`` (read from ``path``) goes on fair, ``fair``
    being whether the player asks for fair play: the one rule of every place a game starts
    from a file (``play --file``, in the terminal and the browser, and the page's Load).

    A fair game file goes on fair. A game that has shown every card
    (:attr:`GameFile.full_sight`) goes on with every card shown, and asking
    for fair play then is a :class:`~solitaire_solver.errors.FairPlayError`:
    nothing makes fair a game that was not, and its files never say it is.
    A deal or position file goes on as the player asks. A position that
    hides cards (``??``) cannot be played at all
    (:class:`~solitaire_solver.errors.DealFileError`): the table deals the
    real cards, and nobody knows these (``hint --file`` gives each move's
    fair chance there).
    """
    game = played.game
    if game.has_hidden(played.start):
        hidden = game.seen(played.start).hidden
        raise DealFileError(
            f"the position hides {hidden} cards (??): a game is played with every card "
            "known to the table; hint --file gives each move's fair chance there",
            path=path,
        )
    if played.fair:
        return True
    if played.full_sight and fair:
        when = (
            f"fair play was turned off at move {played.fair_off_at}"
            if played.fair_off_at is not None
            else "it was played with every card shown"
        )
        raise FairPlayError(
            f"{path}: {when}, so it cannot go on fair; go on with every card shown, or "
            "start a fair game from its deal"
        )
    return fair


# ---------------------------------------------------------------- reading


def parse_deal(text: str, *, path: str = "<text>") -> DealFile:
    """A deal or position from the text of a file, in either form.

    Text whose first character other than white space is ``{`` is read as
    JSON. ``path`` is the name errors give for the file. A byte order mark,
    as some editors write, is ignored. For a game file, the position its
    moves reach.
    """
    played, final = _parse(_checked_text(text, path), path)
    return DealFile(played.game, final, played.deal)


def parse_game(text: str, *, path: str = "<text>") -> GameFile:
    """A game from the text of a file: its position and the moves played from it.

    A deal or position file is a game with no moves yet. Each move is
    checked as it is played; an illegal or unreadable one is a
    :class:`DealFileError` naming the file and the move's number.
    """
    return _parse(_checked_text(text, path), path)[0]


def _checked_text(text: object, path: object) -> str:
    """``text`` when it and ``path`` are text, as the readers take them; else
    :class:`BadOptionError`."""
    if not isinstance(path, str):
        raise BadOptionError(f"path: a file's name is text, not {path!r:.60}")
    if not isinstance(text, str):
        raise DealFileError(f"expected the text of a file, not {type(text).__name__}", path=path)
    return text


def load_deal(source: str | os.PathLike[str] | IO[str]) -> DealFile:
    """A deal or position from a file path, ``"-"`` for standard input, or an open file."""
    text, path = _read(source)
    return parse_deal(text, path=path)


def load_game(source: str | os.PathLike[str] | IO[str]) -> GameFile:
    """A game (a position and its moves) from a path, ``"-"`` or an open file."""
    text, path = _read(source)
    return parse_game(text, path=path)


def _read(source: str | os.PathLike[str] | IO[str]) -> tuple[str, str]:
    """The text of a file path, ``"-"`` for standard input, or an open file, and its name."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not isinstance(path, str):  # a path of bytes
            raise BadOptionError(f"source: a file's name is text, not {path!r:.60}")
        return read_text(path), "<stdin>" if path == "-" else path
    if not callable(getattr(source, "read", None)):
        raise BadOptionError(f"source: expected a path, '-' or an open file, not {source!r:.60}")
    name = str(getattr(source, "name", "<stream>"))
    return _read_stream(source, name), name


def _parse(text: str, path: str, *, start: bool = False) -> tuple[GameFile, Any]:
    """The game a file holds and the position its moves reach; with ``start``, a fair game's
    ``start_file``, which must be a position file."""
    text = text.removeprefix("\ufeff")
    if text.lstrip().startswith("{"):
        return _parse_json(text, path, start=start)
    game, position, deal = _parse_text(text, path)
    return GameFile(game, position, deal), position


def read_text(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text of a file a person wrote, ``"-"`` for standard input.

    Deal and position files and moves files all come through here, so a
    file that is not text gets the same message whatever it was meant to
    be: a :class:`~solitaire_solver.errors.DealFileError` naming the file
    and the line of the first byte that is not UTF-8 (or the first NUL,
    which no text file holds). ``what`` names the file in the message of
    one that cannot be read at all: a missing one, one that is not a
    regular file (a folder, a FIFO, ``/dev/zero``), or one over
    :data:`~solitaire_solver.reading.TEXT_BYTES` (read no further). Line
    ends become ``\n``, as Python's text mode reads them.
    """
    name = os.fspath(path)
    shown = "<stdin>" if name == "-" else name
    try:
        return decode_text(read_bytes(name, TEXT_BYTES, what))
    except TextError as exc:
        raise DealFileError(exc.why, path=shown, line=exc.line) from None
    except ReadError as exc:
        raise DealFileError(str(exc), path=shown) from None


def _read_stream(stream: IO[str], name: str) -> str:
    try:
        text = stream.read(TEXT_BYTES + 1)
        if not isinstance(text, str):
            raise DealFileError(
                f"the stream gives {type(text).__name__}, not text: open it in text mode",
                path=name,
            )
        if len(text) > TEXT_BYTES:
            raise DealFileError(
                f"larger than {size_text(TEXT_BYTES)} (the cap on a file)", path=name
            )
        return text
    except UnicodeDecodeError as exc:
        raise DealFileError(f"not UTF-8 text ({exc.reason})", path=name) from None
    except OSError as exc:
        raise DealFileError(f"cannot read: {exc.strerror or exc}", path=name) from None


def _parse_text(text: str, path: str) -> DealFile:
    header: dict[str, Field] = {}
    fields: list[Field] = []
    last_line = 1
    # Split on newlines alone, so line numbers are those an editor shows.
    for number, raw in enumerate(text.split("\n"), 1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        last_line = number
        m = _LINE.match(content)
        if m is None:
            shown = content if len(content) <= 40 else content[:37] + "..."
            raise DealFileError(
                f"expected LABEL: TEXT, such as 'game: decade', not {shown!r}",
                path=path,
                line=number,
            )
        field = Field(normalise_label(m.group(1)), m.group(2).strip(), number)
        if not header and field.label != "game":
            raise DealFileError(
                f"the file must start with 'game: NAME', not {field.label!r}",
                path=path,
                line=number,
            )
        if field.label not in HEADER_LABELS:
            fields.append(field)
        elif field.label in header:
            raise DealFileError(f"header line {field.label!r} given twice", path=path, line=number)
        elif fields:
            raise DealFileError(
                f"header line {field.label!r} after the position lines: "
                "game, rules and deal come first",
                path=path,
                line=number,
            )
        else:
            header[field.label] = field
    if "game" not in header:
        raise DealFileError("no 'game: NAME' line (the file has no content)", path=path)

    game_field = header["game"]
    preset = _find_preset(game_field.text, path, game_field.line)
    rules: dict[str, str] = {}
    rules_field = header.get("rules")
    if rules_field is not None:
        for word in rules_field.text.split():
            name, sep, value = word.partition("=")
            if not sep or not name:
                raise DealFileError(
                    f"bad rule {word!r}: expected NAME=VALUE, such as redeals=1",
                    path=path,
                    line=rules_field.line,
                )
            if name in rules:
                raise DealFileError(f"rule {name!r} given twice", path=path, line=rules_field.line)
            rules[name] = value
    game = _make_game(preset, rules, path, None if rules_field is None else rules_field.line)
    deal_field = header.get("deal")
    deal = None if deal_field is None else _deal_text(deal_field.text, path, deal_field.line)
    if deal is not None and not fields:
        # The header alone, with a deal number: the deal it names, as a JSON file with no
        # "position" gives it (a position file's cards are read only when it has some).
        return DealFile(game, game.deal(parse_deal_number(deal)), deal)
    if not fields:
        raise DealFileError(
            "the file names no deal and has no position: give 'deal: NUMBER' or the "
            "position's lines (solitaire-solver show GAME NUMBER writes them)",
            path=path,
            line=game_field.line,
        )
    reader = FieldReader(fields, path, game.preset, last_line)
    position = _parse_position(game, reader, path, game_field.line)
    return DealFile(game, position, deal)


def _find_preset(text: str, path: str, line: int | None) -> Preset:
    if not text:
        raise DealFileError(
            "no game named: expected 'game: NAME', such as decade", path=path, line=line
        )
    try:
        return find_preset(text)
    except UnknownGameError as exc:
        raise DealFileError(str(exc), path=path, line=line) from None


def _make_game(
    preset: Preset, rules: dict[str, str], path: str, line: int | None
) -> Game[Any, Any]:
    try:
        return preset.make(rules)
    except BadRuleError as exc:
        raise DealFileError(str(exc), path=path, line=line) from None


def _deal_text(text: str, path: str, line: int | None) -> str:
    try:
        return str(parse_deal_number(text))
    except SolverError as exc:
        raise DealFileError(str(exc), path=path, line=line) from None


def _parse_position(game: Game[Any, Any], reader: FieldReader, path: str, line: int | None) -> Any:
    """The game's own reading, with every failure as a :class:`DealFileError`."""
    try:
        return game.parse_position(reader)
    except NotImplementedError:
        raise DealFileError(
            f"{game.preset} has no position file format yet", path=path, line=line
        ) from None
    except DealFileError:
        raise
    except SolverError as exc:
        # A game that let a card or rule error through unwrapped: keep its
        # message, and still say which file it is about.
        raise DealFileError(str(exc), path=path) from None


class _JsonReader(FieldReader):
    """A :class:`FieldReader` whose errors name the JSON key instead of a line."""

    def error(self, message: str, field: Field | None = None) -> DealFileError:
        if field is None or field.line == 0:
            return DealFileError(message, path=self.path)
        return DealFileError(
            f'{message} (at "position": {json.dumps(field.label)})', path=self.path
        )


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


class _DuplicateKey(Exception):
    """A key given twice in one JSON object (caught and reported as a file error)."""


def _parse_json(text: str, path: str, *, start: bool = False) -> tuple[GameFile, Any]:
    try:
        doc = parse_json(text, pairs=_no_duplicate_keys)
    except JsonError as exc:
        raise DealFileError(f"bad JSON: {exc.why}", path=path, line=exc.line) from None
    except _DuplicateKey as exc:
        raise DealFileError(f"JSON key {exc.args[0]!r} given twice", path=path) from None

    def bad(message: str) -> DealFileError:
        return DealFileError(message, path=path)

    if not isinstance(doc, dict):
        raise bad('expected a JSON object with "game", "rules", "deal" and "position"')
    for key in doc:
        if key not in _JSON_KEYS:
            known = ", ".join(f'"{k}"' for k in _JSON_KEYS)
            raise bad(f"unknown JSON key {key!r} (known: {known})")
    name = doc.get("game")
    if not isinstance(name, str):
        raise bad('"game" must be the name of a game, such as "decade"')
    preset = _find_preset(name.strip(), path, None)

    rules_doc = doc.get("rules", {})
    if not isinstance(rules_doc, dict):
        raise bad('"rules" must be an object of rule names to values')
    rules = {
        str(k): _json_scalar(v, f'"rules": {json.dumps(k)}', path) for k, v in rules_doc.items()
    }
    game = _make_game(preset, rules, path, None)

    deal_doc = doc.get("deal")
    if deal_doc is not None and (
        isinstance(deal_doc, bool) or not isinstance(deal_doc, (str, int))
    ):
        raise bad('"deal" must be a deal number or null')
    deal = None if deal_doc is None else _deal_text(str(deal_doc), path, None)

    if "position" not in doc and deal is not None:
        # A fair game file leaves the position out: the deal number gives it.
        position = game.deal(parse_deal_number(deal))
    elif "position" not in doc:
        raise bad('the file needs "position" (the cards) or "deal" (a deal number)')
    else:
        position_doc = doc.get("position", {})
        if not isinstance(position_doc, dict):
            raise bad('"position" must be an object of pile labels to cards')
        fields = []
        for i, (label, value) in enumerate(position_doc.items(), 1):
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                value = " ".join(value)
            if not isinstance(value, str):
                raise bad(f'"position": {json.dumps(label)} must be text or a list of card texts')
            fields.append(Field(normalise_label(label), value, i))
        reader = _JsonReader(fields, path, game.preset, 0)
        position = _parse_position(game, reader, path, None)
    start_file = doc.get("start_file")
    if start and (start_file is not None or doc.get("moves")):
        raise bad("a start_file must be a position file, with no moves or start_file of its own")
    if start_file is not None:
        if not isinstance(start_file, str) or not start_file.strip():
            raise bad('"start_file" must be the path of a position file')
        if "position" not in doc:
            raise bad('"start_file" goes with "position": the start as the player saw it')
        position, start_file = _read_start(game, position, start_file, path)
    moves, final = _play_moves(game, position, doc.get("moves", []), path)
    fair, fair_off_at = _fair_mode(doc, len(moves), path)
    automatic = _automatic(doc.get("automatic", []), len(moves), path)
    return GameFile(game, position, deal, moves, fair, fair_off_at, automatic, start_file), final


_JSON_KEYS = (
    *HEADER_LABELS,
    "position",
    "start_file",
    "moves",
    "automatic",
    "fair",
    "fair_off_at",
)
"""The keys of a JSON deal, position or game file."""


def _read_start(
    game: Game[Any, Any], seen_start: Any, start_file: str, path: str
) -> tuple[Any, str]:
    """The start of a fair game file, read from ``start_file``, the position file that holds
    its face-down cards, and the path it was found at.

    A relative ``start_file`` is taken from the game file's folder. Where it
    is not found, the file of the same name beside the game file is read
    (the two moved together). The position must be a start of the same game
    with every card given, which looks the same as ``seen_start`` (the start
    as the player saw it, in the game file): else a :class:`DealFileError`.
    """
    folder = os.path.dirname(path)
    where = os.path.join(folder, os.path.expanduser(start_file))
    if not os.path.exists(where):
        beside = os.path.join(folder, os.path.basename(start_file))
        if os.path.exists(beside):
            where = beside
    shown = f'"start_file" {start_file!r}'
    if not os.path.isfile(where):
        raise DealFileError(
            f"{shown}: no such file; it holds this fair game's face-down cards: put it back, "
            "or beside this file",
            path=path,
        )
    try:
        text, name = _read(where)
        found = _parse(text, name, start=True)[0]
    except DealFileError as exc:
        raise DealFileError(f"{shown}: {exc}", path=path) from None
    if found.game.preset != game.preset or found.game.rules != game.rules:
        raise DealFileError(
            f"{shown} is a position of {found.game.preset} ({rules_text(found.game.rules)}), "
            "not of this game",
            path=path,
        )
    if game.has_hidden(found.start):
        raise DealFileError(f"{shown} hides cards (??) itself", path=path)
    if game.seen(found.start) != game.seen(seen_start):
        raise DealFileError(
            f'{shown} does not hold this game\'s start: it looks other than "position"',
            path=path,
        )
    return found.start, os.path.abspath(where)


def _automatic(numbers: Any, played: int, path: str) -> tuple[bool, ...]:
    """The ``automatic`` key of a game file, checked: for each move, whether it is listed."""
    ok = isinstance(numbers, list) and all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= played for n in numbers
    )
    if not ok or numbers != sorted(set(numbers)):
        raise DealFileError(
            f'"automatic" must list move numbers from 1 to {played} (the moves played), in order',
            path=path,
        )
    listed = set(numbers)
    return tuple(i in listed for i in range(1, played + 1))


def _fair_mode(doc: dict[str, Any], played: int, path: str) -> tuple[bool, int | None]:
    """The ``fair`` and ``fair_off_at`` keys of a game file, checked."""
    fair = doc.get("fair", False)
    if not isinstance(fair, bool):
        raise DealFileError('"fair" must be true or false', path=path)
    off = doc.get("fair_off_at")
    if off is None:
        return fair, None
    if isinstance(off, bool) or not isinstance(off, int) or not 0 <= off <= played:
        raise DealFileError(
            f'"fair_off_at" must be a move number from 0 to {played} (the moves played) or null',
            path=path,
        )
    # Fair play turned off is for good: the game goes on with every card shown.
    return False, off


def _play_moves(
    game: Game[Any, Any], start: Any, moves_doc: Any, path: str
) -> tuple[tuple[Any, ...], Any]:
    """The moves of a game file, each read and played from ``start``, and the position reached."""
    if not isinstance(moves_doc, list):
        raise DealFileError('"moves" must be a list of moves in the game\'s notation', path=path)
    if moves_doc and game.has_hidden(start):
        # Playing on would need the face-down cards the file does not give.
        raise DealFileError(
            '"moves" cannot follow a position with hidden cards (??) with no "start_file" '
            "that holds them",
            path=path,
        )
    moves = []
    state = start
    for i, text in enumerate(moves_doc, 1):
        if not isinstance(text, str):
            raise DealFileError(
                f'"moves": move {i} must be a move\'s notation, not {json.dumps(text)}', path=path
            )
        try:
            move = game.parse_move(text)
            state = game.play(state, move)
        except SolverError as exc:
            raise DealFileError(f'"moves": move {i}: {exc}', path=path) from None
        moves.append(move)
    return tuple(moves), state


def _json_scalar(value: Any, where: str, path: str) -> str:
    """A knob value from JSON as the text its parser takes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, (str, int)):
        return str(value)
    if isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return ",".join(str(v) for v in value)
    raise DealFileError(f"{where} must be text, a number, true, false or null", path=path)


# ---------------------------------------------------------------- writing


def _check_game(game: object, position: object, what: str = "position") -> None:
    """Refuse (with :class:`BadOptionError`) what is not a game, or not one of its positions:
    the writers read both, and a file of neither would not read back."""
    if not isinstance(game, Game):
        raise BadOptionError(
            f"game: expected a game, such as make_game('decade'), not {game!r:.60}"
        )
    game.check_position(position, what)


def position_fields(game: Game[Any, Any], position: Any) -> list[tuple[str, str]]:
    """The game's labelled lines for ``position``.

    Raises :class:`DealFileError` for a game that has no file format yet.
    """
    _check_game(game, position)
    try:
        return game.position_fields(position)
    except NotImplementedError:
        raise DealFileError("no position file format yet", path=game.preset) from None


def format_deal(
    game: Game[Any, Any],
    position: Any,
    *,
    deal: str | int | DealNumber | None = None,
    as_json: bool = False,
) -> str:
    """The text of a file for ``position`` (a deal's start or any later position).

    Every knob of the game's rules is written out. ``deal`` names the deal
    number the position came from. With ``as_json`` the JSON form.
    """
    fields = position_fields(game, position)
    deal_text = None if deal is None else str(parse_deal_number(deal))
    if as_json:
        return json.dumps(_json_doc(game, fields, deal_text), indent=2) + "\n"
    lines = [
        f"# {game.preset} position; cards are rank (A23456789TJQK) then suit (CSHD)",
        f"game: {game.preset}",
        f"rules: {rules_text(game.rules)}".rstrip(),
    ]
    if deal_text is not None:
        lines.append(f"deal: {deal_text}")
    lines += [f"{label}: {text}".rstrip() for label, text in fields]
    return "\n".join(lines) + "\n"


def dump_deal(
    game: Game[Any, Any],
    position: Any,
    destination: str | os.PathLike[str] | IO[str] | None = None,
    *,
    deal: str | int | DealNumber | None = None,
    as_json: bool = False,
) -> str:
    """Write a file for ``position`` to a path, ``"-"`` (standard output) or an open file.

    Returns the text written (with no ``destination``, only returns it).
    See :func:`format_deal` for the arguments.
    """
    text = format_deal(game, position, deal=deal, as_json=as_json)
    return _write(text, destination)


def _json_doc(
    game: Game[Any, Any], fields: list[tuple[str, str]], deal: str | None
) -> dict[str, Any]:
    return {
        "game": game.preset,
        "rules": dict(rules_items(game.rules)),
        "deal": deal,
        "position": dict(fields),
    }


def format_game(
    game: Game[Any, Any],
    start: Any,
    moves: Sequence[Any],
    *,
    deal: str | int | DealNumber | None = None,
    fair: bool = False,
    fair_off_at: int | None = None,
    automatic: Sequence[bool] = (),
    start_file: str | None = None,
) -> str:
    """The text of a game file: ``start`` in the JSON form, and ``moves`` in notation.

    Always JSON: the text form has no place for moves, and a JSON document
    with a ``moves`` list is what the moves files of ``review`` and ``hint``
    read already. With ``fair`` the file says the game is played fair and
    names no face-down card: when ``start`` is the deal's own start it
    leaves the position out; else, when cards of ``start`` are face down, it
    writes the start as the player saw it (``??`` for them) and
    ``start_file``, the position file that holds them (a
    :class:`DealFileError` without one). ``fair_off_at`` is the move number
    the player turned fair play off at (the game was fair until then, and the
    file shows every card); with it ``fair`` is refused, as fair play does not
    come back. ``automatic`` says, for each move, whether the table played it
    for the player.
    """
    _check_game(game, start, "start")
    if not isinstance(fair, bool):
        raise BadOptionError(f"fair: expected true or false, not {fair!r:.60}")
    played = _played_text(game, start, moves)
    if fair_off_at is not None and (
        isinstance(fair_off_at, bool)
        or not isinstance(fair_off_at, int)
        or not 0 <= fair_off_at <= len(played)
    ):
        raise BadOptionError(
            f"fair_off_at: expected a move number from 0 to {len(played)} (the moves played) "
            f"or None, not {fair_off_at!r:.60}"
        )
    if fair and fair_off_at is not None:
        raise BadOptionError(
            "a game with fair play turned off is not fair: fair_off_at without fair"
        )
    if isinstance(automatic, (str, bytes)) or not isinstance(automatic, Sequence):
        raise BadOptionError(f"automatic: expected a list of true or false, not {automatic!r:.60}")
    deal_number = None if deal is None else parse_deal_number(deal)
    deal_text = None if deal_number is None else str(deal_number)
    by_number = fair and deal_number is not None and game.deal(deal_number) == start
    seen = game.seen(start)
    as_seen = fair and not by_number and seen.hidden > 0
    if as_seen and start_file is None:
        raise DealFileError(
            "a fair game from a position with face-down cards is saved with the name of the "
            "position file that holds them",
            path=game.preset,
        )
    fields = [] if by_number else position_fields(game, seen.state if as_seen else start)
    doc = _json_doc(game, fields, deal_text)
    if by_number:
        del doc["position"]
    if as_seen:
        doc["start_file"] = start_file
    if fair or fair_off_at is not None:
        doc["fair"] = fair
    if fair_off_at is not None:
        doc["fair_off_at"] = fair_off_at
    doc["moves"] = played
    if any(automatic):
        doc["automatic"] = [i for i, auto in enumerate(automatic, 1) if auto]
    return json.dumps(doc, indent=2) + "\n"


def _played_text(game: Game[Any, Any], start: Any, moves: Sequence[Any]) -> list[str]:
    """The notation of ``moves``, each played from ``start``: a file whose moves do not play
    would not read back. :class:`BadMoveError` or :class:`IllegalMoveError` for the first
    that does not, with its number."""
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise BadOptionError(f"moves: expected a list of moves, not {moves!r:.60}")
    state, out = start, []
    for i, move in enumerate(moves, 1):
        try:
            if isinstance(move, str):
                move = game.parse_move(move)
            elif not isinstance(move, game.move_type):
                raise BadMoveError(f"not a {game.preset} move: {move!r:.60}")
            state = game.play(state, move)
        except BadMoveError as exc:
            raise BadMoveError(f"moves: move {i}: {exc}") from None
        except SolverError as exc:
            raise IllegalMoveError(f"moves: move {i}: {exc}") from None
        out.append(str(move))
    return out


def dump_game(
    game: Game[Any, Any],
    start: Any,
    moves: Sequence[Any],
    destination: str | os.PathLike[str] | IO[str] | None = None,
    *,
    deal: str | int | DealNumber | None = None,
    fair: bool = False,
    fair_off_at: int | None = None,
    automatic: Sequence[bool] = (),
    start_file: str | None = None,
) -> str:
    """Write a game file (see :func:`format_game`) as :func:`dump_deal` writes a position."""
    text = format_game(
        game,
        start,
        moves,
        deal=deal,
        fair=fair,
        fair_off_at=fair_off_at,
        automatic=automatic,
        start_file=start_file,
    )
    return _write(text, destination)


def _write(text: str, destination: str | os.PathLike[str] | IO[str] | None) -> str:
    """Write ``text`` to a path, ``"-"`` or an open file (or nowhere), and return it."""
    if destination is None:
        return text
    if isinstance(destination, (str, os.PathLike)):
        path = os.fspath(destination)
        if not isinstance(path, str):
            raise BadOptionError(f"destination: a file's name is text, not {path!r:.60}")
        if path == "-":
            sys.stdout.write(text)
            return text
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise DealFileError(f"cannot write the file: {reason}", path=path) from None
        return text
    if not callable(getattr(destination, "write", None)):
        raise BadOptionError(
            f"destination: expected a path, '-' or an open file, not {destination!r:.60}"
        )
    destination.write(text)
    return text


def check_labels(game: Game[Any, Any], labels: Sequence[str]) -> list[str]:
    """Problems with a game's labels that would stop its files reading back."""
    problems = []
    for label in labels:
        if normalise_label(label) != label:
            problems.append(f"label {label!r} is not lower case with single spaces")
        if label in HEADER_LABELS or label == "position":
            problems.append(f"label {label!r} is a header label")
        if _LINE.match(f"{label}: x") is None:
            problems.append(f"label {label!r} does not read back as a label")
    return problems


__all__ = [
    "HEADER_LABELS",
    "DealFile",
    "GameFile",
    "check_labels",
    "dump_deal",
    "dump_game",
    "format_deal",
    "format_game",
    "load_deal",
    "load_game",
    "normalise_label",
    "parse_deal",
    "parse_game",
    "play_mode",
    "position_fields",
]
