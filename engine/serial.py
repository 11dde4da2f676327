"""Frozen dataclass <-> JSON dict with a "type" key, with type checks so bad records give reasons.

Moves and events share this so a record line and an event log entry read and write the same way.
"""
import dataclasses
import functools
import types
import typing
from typing import Any


def to_dict(obj: Any) -> dict:
    """{"type": ClassName, field: value, ...} with tuples as lists (JSON has no tuples)."""
    out: dict[str, Any] = {"type": type(obj).__name__}
    for f in dataclasses.fields(obj):
        out[f.name] = _plain(getattr(obj, f.name))
    return out


def _plain(value: Any) -> Any:
    """Tuples as lists, recursively (JSON has no tuples)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def from_dict(data: Any, classes: dict[str, type], what: str) -> Any:
    """Build the dataclass named by data["type"]; ValueError with a readable reason otherwise."""
    if not isinstance(data, dict):
        raise ValueError(f"a {what} must be a JSON object")
    name = data.get("type")
    cls = classes.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown {what} type {name!r}; expected one of {sorted(classes)}")
    hints = typing.get_type_hints(cls)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _coerce(data[f.name], hints[f.name], f"{name}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValueError(f"{name} needs the field '{f.name}'")
    extra = set(data) - {f.name for f in dataclasses.fields(cls)} - {"type"}
    if extra:
        raise ValueError(f"{name} has unknown fields {sorted(extra)}")
    return cls(**kwargs)


def _coerce(value: Any, hint: Any, where: str) -> Any:
    """Check `value` against a simple type hint (int, str, bool, X | None, tuple[X, ...])."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _coerce(value, option, where)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(errors[0] if errors else f"{where} must not be null")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where} must be a list")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], where) for v in value)
        if len(value) != len(args):
            raise ValueError(f"{where} must have {len(args)} items")
        return tuple(_coerce(v, a, where) for v, a in zip(value, args))
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{where} must be an integer")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"{where} must be a string")
        return value
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """Type hints of a dataclass, cached: type_problem runs on every applied move."""
    return typing.get_type_hints(cls)


def type_problem(obj: Any) -> str | None:
    """Why a dataclass built in Python has a field of the wrong type (e.g. col="3"), or None."""
    hints = _hints(type(obj))
    for f in dataclasses.fields(obj):
        try:
            _coerce(getattr(obj, f.name), hints[f.name], f"{type(obj).__name__}.{f.name}")
        except ValueError as exc:
            return str(exc)
    return None
