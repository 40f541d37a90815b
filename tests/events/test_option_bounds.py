"""A format's whole-number options (a night's `rounds_planned`, a loner bonus, a bracket's
`best_of`, ...) are bounded in the schema as their format checks them: the bounds the schema
gives are taken, one past them is a 400 naming the option, when an event is made and when a
director changes it."""

from __future__ import annotations

import dataclasses
import functools
from types import SimpleNamespace
from typing import Any

import pytest
from event_helpers import Director, is_problem, ok

from scorekeeper.events.formats import _option_fields, option_fields, registered
from scorekeeper.events.formats.options import MAX_ROUNDS, rounds_field


@functools.cache
def schema() -> dict[str, Any]:
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def rule(shape: str, name: str) -> dict[str, Any]:
    """The schema's rule for a property of a request body, its references followed."""
    components = schema()["components"]["schemas"]
    node = components[shape]["properties"][name]
    while "allOf" in node or "$ref" in node:
        (ref,) = node.get("allOf", [node])
        node = {**components[ref["$ref"].rsplit("/", 1)[1]], **node}
        node.pop("allOf", None)
        node.pop("$ref", None)
    return node


def taken_and_refused(rule: dict[str, Any]) -> tuple[list[int], list[int]]:
    """The values a schema's rule takes at its edges, and the ones just past them."""
    if "enum" in rule:
        taken = sorted(rule["enum"])
        between = [n for n in range(taken[0], taken[-1]) if n not in taken]
        return taken, [taken[0] - 1, *between, taken[-1] + 1]
    low, high = rule["minimum"], rule["maximum"]
    return [low, high], [low - 1, high + 1]


INTEGER_OPTIONS = sorted(name for name, o in option_fields().items() if o.kind == "int")
#: Each whole-number option, with every format that takes it.
TAKEN_BY = [
    (name, kind)
    for name in INTEGER_OPTIONS
    for kind, made in registered().items()
    if any(option.name == name for option in made.fields)
]


def new_event(kind: str) -> dict[str, Any]:
    """The least a new event of this format is made with."""
    takes_rounds = any(option.name == "rounds_planned" for option in registered()[kind].fields)
    return {"name": "Night", "format": kind, **({"rounds_planned": 4} if takes_rounds else {})}


def test_every_whole_number_option_is_bounded_in_the_schema():
    assert {"rounds_planned", "loner_bonus", "best_of"} <= set(INTEGER_OPTIONS)
    for shape in ("EventCreateRequest", "EventUpdateRequest"):
        for name in INTEGER_OPTIONS:
            bounded = rule(shape, name)
            assert bounded["type"] == "integer", (shape, name)
            assert "enum" in bounded or {"minimum", "maximum"} <= set(bounded), (shape, name)
        assert (
            rule(shape, "rounds_planned")["minimum"],
            rule(shape, "rounds_planned")["maximum"],
        ) == (
            1,
            MAX_ROUNDS,
        )


@pytest.mark.parametrize(("name", "kind"), TAKEN_BY)
def test_a_new_event_takes_an_option_within_the_schemas_bounds_and_no_further(
    director: Director, name: str, kind: str
):
    url = f"/api/v1/clubs/{director.club}/events/"
    taken, refused = taken_and_refused(rule("EventCreateRequest", name))
    for value in taken:
        made = ok(director.client.post(url, {**new_event(kind), name: value}, format="json"), 201)
        assert made[name] == value, (kind, name, value)
    for value in refused:
        answer = director.client.post(url, {**new_event(kind), name: value}, format="json")
        assert is_problem(answer, 400, name), (kind, name, value)


@pytest.mark.parametrize(("name", "kind"), TAKEN_BY)
def test_a_change_takes_an_option_within_the_schemas_bounds_and_no_further(
    director: Director, name: str, kind: str
):
    url = f"/api/v1/clubs/{director.club}/events/"
    event = ok(director.client.post(url, new_event(kind), format="json"), 201)["id"]
    taken, refused = taken_and_refused(rule("EventUpdateRequest", name))
    for value in refused:
        answer = director.client.patch(f"/api/v1/events/{event}/", {name: value}, format="json")
        assert is_problem(answer, 400, name), (kind, name, value)
    for value in taken:
        changed = ok(
            director.client.patch(f"/api/v1/events/{event}/", {name: value}, format="json")
        )
        assert changed[name] == value, (kind, name, value)


def test_formats_that_bound_an_option_otherwise_are_refused_at_registration():
    """The schema gives one set of bounds for an option: every format taking it has those."""
    wider = dataclasses.replace(rounds_field(), maximum=MAX_ROUNDS + 1)
    suggested = {"a": rounds_field(), "b": rounds_field(suggested=5)}  # as Swiss suggests 5
    assert _option_fields({k: SimpleNamespace(fields=(v,)) for k, v in suggested.items()})
    with pytest.raises(ValueError, match="disagree on what rounds_planned is"):
        _option_fields(
            {"a": SimpleNamespace(fields=(rounds_field(),)), "b": SimpleNamespace(fields=(wider,))}
        )
