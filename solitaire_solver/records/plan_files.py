"""Plan files: a solver's plan read from JSON, checked field by field.

The form is the one :meth:`~solitaire_solver.search.Plan.as_json` writes
and ``games --plan NAME --json`` prints; ``solve --plan FILE`` and ``stats
--plan FILE`` read it (:func:`read_plan`). Every problem is a
:class:`PlanError` naming the file, the line and the field
(``plan.json, line 7: members[0].weight: expected a number, not the text
'a'``): the text is read as every JSON file the package reads
(:func:`~solitaire_solver.reading.parse_json`, with its caps), then each
field's line is found for the messages.
"""

from __future__ import annotations

import bisect
import json
import os
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from ..errors import BadOptionError
from ..reading import (
    TEXT_BYTES,
    JsonError,
    ReadError,
    TextError,
    decode_text,
    parse_json,
    read_bytes,
)
from ..search.plan import (
    Cap,
    Params,
    Plan,
    PlanMember,
    Screen,
    Shortest,
    json_value,
    show_value,
)
from ..search.result import Limits
from ..search.sampling import FairPlan


class PlanError(BadOptionError):
    """A JSON document that does not make a plan; ``field`` names the place, as
    ``members[1].weight`` (empty: the document as a whole). A :class:`BadOptionError`: a
    plan file is an option's value."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}" if field else why)
        self.field = field
        self.why = why


def _at(field: str, key: str | int) -> str:
    """The name of ``key`` inside ``field``: ``members[1]``, ``members[1].weight``."""
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def _kind(value: Any) -> str:
    """A JSON value's kind in words, for an error."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value!r}"
    return "a list" if isinstance(value, list) else "an object"


def _object(
    doc: Any, field: str, known: Iterable[str], needed: Iterable[str] = ()
) -> dict[str, Any]:
    """``doc`` as a JSON object with only ``known`` keys and every ``needed`` one."""
    if not isinstance(doc, dict):
        raise PlanError(field, f"expected an object, not {_kind(doc)}")
    allowed = list(known)
    for key in doc:
        if key not in allowed:
            raise PlanError(_at(field, key), f"not a field here (the fields: {', '.join(allowed)})")
    for key in needed:
        if key not in doc:
            raise PlanError(_at(field, key), "missing")
    return doc


def _whole(value: Any, field: str, least: int) -> int:
    """``value`` as a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PlanError(field, f"expected a whole number, not {_kind(value)}")
    if value < least:
        raise PlanError(field, f"expected at least {least}, not {value}")
    return value


def _number(value: Any, field: str) -> float:
    """``value`` as a number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PlanError(field, f"expected a number, not {_kind(value)}")
    return value


def _text(value: Any, field: str) -> str:
    """``value`` as a text that is not empty."""
    if not isinstance(value, str) or not value:
        raise PlanError(field, f"expected a name, not {_kind(value)}")
    return value


def _optional(doc: dict[str, Any], key: str, field: str, read: Callable[[Any, str], Any]) -> Any:
    """``read`` of ``doc[key]``, or ``None`` when it is missing or null."""
    value = doc.get(key)
    return None if value is None else read(value, _at(field, key))


def _param_value(value: Any, field: str) -> Any:
    """A parameter's value: numbers, texts, true and false, lists of them (as tuples)."""
    if isinstance(value, list):
        return tuple(_param_value(v, _at(field, i)) for i, v in enumerate(value))
    if value is None or isinstance(value, dict):
        raise PlanError(
            field, f"expected a number, a text, true, false or a list, not {_kind(value)}"
        )
    return value


def _params_of(value: Any, field: str) -> Params:
    """A member's ``params`` object."""
    doc = _object(value, field, value if isinstance(value, dict) else ())
    return tuple((k, _param_value(v, _at(field, k))) for k, v in doc.items())


def _limits_of(value: Any, field: str) -> Limits:
    """Limits from ``{"max_states": N, "timeout": S, "max_table": N}`` (any of them)."""
    doc = _object(value, field, ("max_states", "timeout", "max_table"))
    try:
        return Limits(**doc)
    except ValueError as exc:
        name, _, why = str(exc).partition(": ")
        raise PlanError(_at(field, name), why) from None


def _cap_of(value: Any, field: str) -> Cap:
    doc = _object(value, field, ("states", "share"), ("states",))
    states = _whole(doc["states"], _at(field, "states"), 1)
    share = _optional(doc, "share", field, _number)
    if share is not None and not 0 < share <= 1:
        raise PlanError(_at(field, "share"), f"expected more than 0 and at most 1, not {share}")
    return Cap(states, share)


def _member_of(value: Any, field: str) -> PlanMember:
    keys = ("name", "factory", "weight", "cap", "params", "when")
    doc = _object(value, field, keys, ("name",))
    name = _text(doc["name"], _at(field, "name"))
    factory = _optional(doc, "factory", field, _text)
    weight = _number(doc.get("weight", 1.0), _at(field, "weight"))
    if weight < 0:
        raise PlanError(_at(field, "weight"), f"expected at least 0, not {weight}")
    return PlanMember(
        name,
        weight,
        _params_of(doc.get("params", {}), _at(field, "params")),
        _optional(doc, "cap", field, _cap_of),
        None if factory == name else factory,
        _optional(doc, "when", field, _text),
    )


def _screen_of(value: Any, field: str) -> Screen:
    doc = _object(value, field, ("name", "factory", "cap", "params"), ("name", "cap"))
    name = _text(doc["name"], _at(field, "name"))
    factory = _optional(doc, "factory", field, _text)
    return Screen(
        name,
        _whole(doc["cap"], _at(field, "cap"), 1),
        _params_of(doc.get("params", {}), _at(field, "params")),
        None if factory == name else factory,
    )


def _list_of(value: Any, field: str, read: Callable[[Any, str], Any]) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise PlanError(field, f"expected a list, not {_kind(value)}")
    return tuple(read(v, _at(field, i)) for i, v in enumerate(value))


def _fair_of(value: Any, field: str) -> FairPlan:
    names = [a.name for a in attrs.fields(FairPlan)]
    doc = _object(value, field, names)
    least = {"exact_hidden": 0, "twin_orders": 0, "own_hidden": 0}
    given: dict[str, Any] = {}
    for name in names:
        if name in doc:
            place = _at(field, name)
            if name == "limits":
                given[name] = _limits_of(doc[name], place)
            else:
                given[name] = _whole(doc[name], place, least.get(name, 1))
    try:
        return FairPlan(**given)
    except ValueError as exc:
        raise PlanError(field, str(exc)) from None


def _when_of(value: Any, field: str) -> tuple[Params, Limits]:
    doc = _object(value, field, ("rules", "limits"), ("rules", "limits"))
    return _params_of(doc["rules"], _at(field, "rules")), _limits_of(
        doc["limits"], _at(field, "limits")
    )


def _shortest_of(value: Any, field: str) -> Shortest:
    doc = _object(value, field, ("states", "every_win", "members"))
    every_win = doc.get("every_win", False)
    if not isinstance(every_win, bool):
        raise PlanError(_at(field, "every_win"), f"expected true or false, not {_kind(every_win)}")
    given: dict[str, Any] = {"every_win": every_win}
    if "members" in doc:
        given["members"] = _list_of(doc["members"], _at(field, "members"), _member_of)
    elif every_win:
        given["members"] = ()
    try:
        return Shortest(_optional(doc, "states", field, _positive), **given)
    except ValueError as exc:
        raise PlanError(field, str(exc).removeprefix("shortest: ")) from None


def plan_from_json(doc: Any) -> Plan:
    """The plan of a JSON document in the form :meth:`Plan.as_json` writes.

    Every field but ``members`` may be left out (the defaults of
    :class:`Plan`); a field the form does not have, or a value of the wrong
    kind, raises :class:`PlanError` naming it.
    """
    keys = [a.name for a in attrs.fields(Plan)]
    top = _object(doc, "", keys, ("members",))
    fields: dict[str, Any] = {"members": _list_of(top["members"], "members", _member_of)}
    if "screens" in top:
        fields["screens"] = _list_of(top["screens"], "screens", _screen_of)
    if "base" in top:
        fields["base"] = _whole(top["base"], "base", 1)
    if "growth" in top:
        fields["growth"] = _number(top["growth"], "growth")
        if not fields["growth"] > 1:
            raise PlanError("growth", f"expected more than 1, not {fields['growth']}")
    fields["difficulty"] = _optional(top, "difficulty", "", _member_of)
    if "fair" in top:
        fields["fair"] = _fair_of(top["fair"], "fair")
    if "checks" in top:
        fields["checks"] = _limits_of(top["checks"], "checks")
    if "limits" in top:
        fields["limits"] = _limits_of(top["limits"], "limits")
    if "limits_when" in top:
        fields["limits_when"] = _list_of(top["limits_when"], "limits_when", _when_of)
    if "shortest" in top:
        fields["shortest"] = _shortest_of(top["shortest"], "shortest")
    try:
        return Plan(**fields)
    except ValueError as exc:
        raise PlanError("", str(exc)) from None


def _positive(value: Any, field: str) -> int:
    return _whole(value, field, 1)


def _field_lines(text: str) -> dict[str, int]:
    """The line each field of the JSON text ``text`` starts on, by field name (as
    :class:`PlanError` names them: ``members[1].weight``).

    ``text`` is JSON :func:`~solitaire_solver.reading.parse_json` has read
    (so at most 64 levels deep, and every token where JSON has it): the
    walk below only finds where each value starts.
    """
    decoder = json.JSONDecoder()
    lines: dict[str, int] = {}
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def skip(i: int) -> int:
        while text[i : i + 1] in (" ", "\t", "\n", "\r"):
            i += 1
        return i

    def value(i: int, field: str) -> int:
        # The end of the value at i (after white space), its field's line noted.
        i = skip(i)
        lines[field] = bisect.bisect_right(newlines, i - 1) + 1
        opening = text[i]
        if opening not in "{[":
            return decoder.raw_decode(text, i)[1]
        closing = "}" if opening == "{" else "]"
        i = skip(i + 1)
        count = 0
        while text[i] != closing:
            if opening == "{":
                key, i = decoder.raw_decode(text, skip(i))
                i = value(skip(i) + 1, _at(field, key))  # past the ':'
            else:
                i = value(i, _at(field, count))
                count += 1
            i = skip(i)
            if text[i] == ",":
                i = skip(i + 1)
        return i + 1

    value(0, "")
    return lines


def _same_kind(value: Any, like: Any) -> bool:
    """Whether a parameter's ``value`` is of the kind of ``like``, the game's own value: a
    whole number for a whole number, any number for a fraction, a list of the kind of the
    first item of the game's list."""
    if isinstance(like, bool) or isinstance(value, bool):
        return isinstance(like, bool) and isinstance(value, bool)
    if isinstance(like, int):
        return isinstance(value, int)
    if isinstance(like, float):
        return isinstance(value, (int, float))
    if isinstance(like, tuple):
        if not isinstance(value, tuple):
            return False
        return not like or all(_same_kind(v, like[0]) for v in value)
    return isinstance(value, type(like))


def check_fits(plan: Plan, own: Plan) -> None:
    """Raise :class:`PlanError` for a member, screen or difficulty search of ``plan`` that a
    game whose own plan is ``own`` cannot make: a factory ``own`` does not name, or a
    parameter no member of that factory in ``own`` has, or of another kind than its own."""
    known: dict[str, dict[str, Any]] = {}
    parts: list[PlanMember | Screen] = [*own.members, *own.screens, *own.shortest.members]
    if own.difficulty is not None:
        parts.append(own.difficulty)
    for part in parts:
        known.setdefault(part.maker, {}).update(part.params)
    places: list[tuple[str, PlanMember | Screen]] = [
        *((f"members[{i}]", m) for i, m in enumerate(plan.members)),
        *((f"screens[{i}]", s) for i, s in enumerate(plan.screens)),
        *((f"shortest.members[{i}]", m) for i, m in enumerate(plan.shortest.members)),
    ]
    if plan.difficulty is not None:
        places.append(("difficulty", plan.difficulty))
    for field, part in places:
        if part.maker not in known:
            where = _at(field, "factory" if part.factory else "name")
            raise PlanError(
                where,
                f"no factory {part.maker!r} in this solver (its factories: {', '.join(known)})",
            )
        for k, v in part.params:
            place = _at(_at(field, "params"), k)
            if k not in known[part.maker]:
                have = ", ".join(sorted(known[part.maker])) or "none"
                why = f"{part.maker} has no parameter {k!r} (its parameters: {have})"
                raise PlanError(place, why)
            like = known[part.maker][k]
            if not _same_kind(v, like):
                raise PlanError(
                    place, f"expected a value like {show_value(like)}, not {_kind(json_value(v))}"
                )


def read_plan(path: str | os.PathLike[str], own: Plan | None = None) -> Plan:
    """The plan in the JSON file at ``path`` (the form ``games --plan NAME --json`` prints,
    or its ``plan`` object alone); with ``own``, a plan for the game whose own plan that is
    (:func:`check_fits`).

    Raises :class:`PlanError` with the file, the line and the field of the
    first problem: ``plan.json, line 7: members[0].weight: expected a number,
    not the text 'a'``.
    """
    name = os.fspath(path)
    try:
        text = decode_text(read_bytes(name, TEXT_BYTES, "plan"))
        doc = parse_json(text)
    except TextError as exc:
        raise PlanError("", f"{name}, line {exc.line}: {exc.why}") from None
    except JsonError as exc:
        where = "" if exc.line is None else f", line {exc.line}"
        raise PlanError("", f"{name}{where}: not JSON ({exc.why})") from None
    except ReadError as exc:
        raise PlanError("", f"{name}: {exc}") from None
    lines = _field_lines(text)
    prefix = ""
    if isinstance(doc, dict) and "plan" in doc and "members" not in doc:
        # The document of ``games --plan NAME --json``: its plan object.
        doc, prefix = doc["plan"], "plan"
    try:
        plan = plan_from_json(doc)
        if own is not None:
            check_fits(plan, own)
        return plan
    except PlanError as exc:
        field = _at(prefix, exc.field) if prefix and exc.field else exc.field or prefix
        # The line of the field, or of the nearest field around it that the file has.
        at = field
        while at and at not in lines:
            at = at.rpartition("[")[0] if at.endswith("]") else at.rpartition(".")[0]
        where = f"{name}, line {lines.get(at, 1)}"
        error = PlanError("", f"{where}: {field + ': ' if field else ''}{exc.why}")
        error.field = field
        raise error from None
