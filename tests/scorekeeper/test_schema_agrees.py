"""What the schema says a field or header takes is what the server takes: a client that keeps
to the schema is never refused for the form of a card, a token or a header (schemathesis's
positive cases), and the server takes no form the schema rules out (its negative cases)."""

from __future__ import annotations

import functools
import re
from typing import Any

import jsonschema
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError
from rest_framework.test import APIRequestFactory

import referee
from scorekeeper.api.http import expected_version, idempotency_key
from scorekeeper.errors import Malformed
from scorekeeper.tokens import CLIENT_TOKEN


@functools.cache
def schema() -> dict[str, Any]:
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


@pytest.fixture(scope="module", autouse=True)
def _schema_made_once() -> None:
    """The schema is made before any example is drawn (it takes longer than one may)."""
    schema()


def pattern_of(path: list[str]) -> str:
    node: Any = schema()
    for key in path:
        node = node[key]
    return str(node["pattern"])


def header_pattern(name: str) -> str:
    operation = schema()["paths"]["/api/v1/games/{game_id}/hands/"]["post"]
    (parameter,) = [p for p in operation["parameters"] if p["name"] == name]
    return str(parameter["schema"]["pattern"])


def request_with(**headers: str) -> Any:
    from rest_framework.request import Request

    return Request(APIRequestFactory().post("/", **headers))


def takes(read: Any, *args: Any) -> bool:
    try:
        read(*args)
    except Malformed:
        return False
    return True


#: A case's time is the machine's business, not the ruling's (a busy machine ran one past 200 ms).
UNTIMED = settings(deadline=None)

CARDS = st.one_of(
    st.text(max_size=8),
    st.sampled_from(["TH", "10♥", "jd", " 9s ", "B", "Benny", "joker", "🃏", "1H", "TT", "0"]),
)


@UNTIMED
@given(CARDS)
def test_a_card_the_schema_takes_is_one_the_referee_reads(text: str):
    card = pattern_of(["components", "schemas", "HandRecordRequest", "properties", "upcard"])
    assert bool(re.search(card, text)) == (referee.Card.parse(text) is not None), text


@UNTIMED
@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=300), max_size=260))
@example("a" * 255)
@example("a" * 256)
@example("")
@example("clé")
def test_an_idempotency_key_the_schema_takes_is_one_the_server_takes(key: str):
    try:
        request = request_with(HTTP_IDEMPOTENCY_KEY=key)
    except ValueError:  # not a header value at all
        return
    expected = bool(re.search(header_pattern("Idempotency-Key"), key))
    assert takes(idempotency_key, request) == expected, key


@UNTIMED
@given(st.text(alphabet=' \t"0123456789W/*,', max_size=12))
def test_an_if_match_the_schema_takes_is_one_the_server_takes(tag: str):
    request = request_with(HTTP_IF_MATCH=tag)
    assert takes(expected_version, request) == bool(re.search(header_pattern("If-Match"), tag))


@UNTIMED
@given(st.text(alphabet="abcXYZ019_-+/=", min_size=40, max_size=130))
def test_a_client_token_the_schema_takes_has_the_form_the_server_takes(token: str):
    pattern = pattern_of(["components", "schemas", "GameCreateRequest", "properties", "token"])
    assert bool(re.search(pattern, token)) == bool(CLIENT_TOKEN.fullmatch(token))


@pytest.mark.parametrize("shape", ["ThrownInHandRequest", "AmendThrownInHandRequest"])
def test_a_thrown_in_hand_is_true_in_the_schema(shape: str):
    components = schema()["components"]["schemas"]
    (ref,) = components[shape]["properties"]["thrown_in"]["allOf"]
    assert components[ref["$ref"].rsplit("/", 1)[1]]["enum"] == [True]


def body_schema(path: str, method: str = "post") -> dict[str, Any]:
    node = schema()["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    return dict(schema()["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]])


@UNTIMED
@given(st.text(alphabet=" \t\u00a0An", max_size=5))
def test_a_player_named_as_the_schema_allows_is_named_as_the_server_takes(name: str):
    from scorekeeper.events.serializers import PlayerRefField

    by_name = body_schema("/api/v1/events/{event_id}/teams/")["properties"]["players"]["items"]
    allowed = bool(re.search(by_name["oneOf"][0]["pattern"], name))
    assert takes_field(PlayerRefField(), name) == allowed, repr(name)


def takes_field(field: Any, value: Any) -> bool:
    try:
        field.run_validation(value)
    except ValidationError:
        return False
    return True


@pytest.mark.parametrize(
    ("path", "method", "property", "value"),
    [
        ("/api/v1/games/{game_id}/hands/{number}/", "patch", "record", None),
        ("/api/v1/events/{event_id}/seeds/", "put", "teams", []),
    ],
)
def test_what_the_server_refuses_the_schema_rules_out_too(path, method, property, value):
    shape = schema()["paths"][path][method]["requestBody"]["content"]["application/json"]
    shapes = [shape["schema"]]
    found = []
    while shapes:  # every shape the body may take, and each's schema for the property
        node = shapes.pop()
        if "$ref" in node:
            node = schema()["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
        shapes += node.get("oneOf", [])
        if property in node.get("properties", {}):
            found.append(node["properties"][property])
    assert found
    for rule in found:
        if value is None:
            assert rule.get("type") and not rule.get("nullable"), rule
        else:
            assert rule.get("minItems", 0) >= 1, rule


def test_a_table_or_round_in_the_logs_query_counts_from_one():
    (table,) = [
        p
        for p in schema()["paths"]["/api/v1/events/{event_id}/log/"]["get"]["parameters"]
        if p["name"] == "table"
    ]
    assert table["schema"]["minimum"] == 1


@pytest.mark.parametrize(
    "path", ["/api/v1/tables/{table_id}/hands/", "/api/v1/games/{game_id}/hands/"]
)
def test_a_hand_of_several_shapes_still_needs_a_body(path: str):
    assert schema()["paths"][path]["post"]["requestBody"]["required"] is True


#: A bid in the schema: a number of tricks (up to a hand of the largest deck an auction
#: deals, eight of 32) or a lone bid.
BID = {
    "oneOf": [
        {"type": "integer", "minimum": 1, "maximum": 8},
        {"type": "string", "enum": ["moon", "loner"]},
    ]
}


@pytest.mark.parametrize(
    "shape",
    [
        "QuickHandRequest",
        "AmendQuickHandRequest",
        "RenegeHandRequest",
        "AmendRenegeHandRequest",
        "Hand",
        "AwardRow",
        "PenaltyRow",
    ],
)
def test_a_bid_is_a_number_of_tricks_or_a_lone_bid_in_the_schema(shape: str):
    bid = schema()["components"]["schemas"][shape]["properties"]["bid"]
    assert bid["oneOf"] == BID["oneOf"], bid
    assert bid.get("nullable", False) == (not shape.endswith("Request"))


@UNTIMED
@given(
    st.one_of(
        st.integers(min_value=-2, max_value=10),
        st.booleans(),
        st.floats(allow_nan=False),
        st.sampled_from(["moon", "loner", "Moon", "4", "", "pass"]),
        st.lists(st.integers(), max_size=1),
    )
)
def test_a_bid_the_schema_takes_is_one_the_server_reads(value: Any):
    from scorekeeper.api.fields import BidField

    allowed = jsonschema.Draft4Validator(BID).is_valid(value)
    assert takes_field(BidField(), value) == allowed, repr(value)


def shapes_taking(body: dict[str, Any], entry: str = "HandEntryRequest") -> set[str]:
    """The shapes of a hand entry in the schema that take this body."""
    components = schema()["components"]
    names = [one["$ref"].rsplit("/", 1)[1] for one in components["schemas"][entry]["oneOf"]]
    return {
        name
        for name in names
        if jsonschema.Draft4Validator(
            {"components": components, "$ref": f"#/components/schemas/{name}"}
        ).is_valid(body)
    }


@pytest.mark.parametrize(
    ("body", "shapes"),
    [
        ({"maker": 0, "outcome": "made"}, {"QuickHandRequest"}),
        ({"maker": 0, "bid": 4, "renege": 1}, {"RenegeHandRequest"}),
        ({"thrown_in": True}, {"ThrownInHandRequest"}),
        ({"thrown_in": True, "maker": 0}, set()),
        ({"maker": 0, "renege": 1, "thrown_in": True}, set()),
    ],
)
def test_a_hand_entry_is_of_one_shape_in_the_schema_as_the_server_reads_it(body, shapes):
    from scorekeeper.api.serializers import HAND_SHAPES, parse_hand_entry

    assert shapes_taking(body) == shapes
    if shapes:
        entry, _reason = parse_hand_entry(body)
        (shape,) = [s for s in HAND_SHAPES.values() if isinstance(entry, s.entry)]
        assert {shape.serializer.__name__.replace("Serializer", "Request")} == shapes
    else:
        with pytest.raises(ValidationError):
            parse_hand_entry(body)


def test_a_body_the_server_refuses_extra_fields_of_says_so_in_the_schema():
    """Every request body whose serializer takes only its own fields (`KnownFieldsOnly`) says
    `additionalProperties: false`, and a body the schema still leaves open is a hand entry
    (one of its shapes, each refusing other fields in the hand's own words)."""
    from scorekeeper.api.bodies import KnownFieldsOnly
    from scorekeeper.api.serializers import GameCreateSerializer

    assert issubclass(GameCreateSerializer, KnownFieldsOnly)
    bodies = {
        name: shape
        for name, shape in schema()["components"]["schemas"].items()
        if name.endswith("Request")
    }
    assert bodies["GameCreateRequest"]["additionalProperties"] is False
    open_ = {
        name for name, shape in bodies.items() if shape.get("additionalProperties") is not False
    }
    assert open_ and all("Hand" in name for name in open_), open_


def ruleset_in_schema() -> dict[str, Any]:
    """The ruleset object a new game's body may give, as the schema says it."""
    body = schema()["components"]["schemas"]["GameCreateRequest"]
    (_name, as_object) = body["properties"]["ruleset"]["oneOf"]
    return as_object


def test_the_schema_lists_every_ruleset_option_and_no_other():
    options = ruleset_in_schema()
    named = set(options["properties"])
    points = {f"points.{name}" for name in referee.Points.__dataclass_fields__}
    every = {"preset", "points", "hand_size", "teams", "seats"} | points
    every |= {
        name for name in referee.Ruleset.__dataclass_fields__ if name in referee.rules.OPTIONS
    }
    assert named == every and options["additionalProperties"] is False
    assert options["properties"]["lone_bids"]["enum"] == ["none", "moon", "moon-loner"]
    assert options["properties"]["points"]["properties"]["moon"]["type"] == "integer"


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.text(max_size=6),
    st.sampled_from(["moon-loner", "until-passed", "high-low", "auction", "bid", "each"]),
)


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(sorted(referee.PRESETS)),
    option=st.sampled_from(sorted(referee.options_schema()["properties"])),
    value=VALUES,
)
def test_a_ruleset_option_the_schema_rules_out_the_referee_refuses(preset, option, value):
    """The schema's negative cases: an option's value outside its type or choices is refused,
    naming the option (a value the schema takes may still be refused for the other options it
    cannot go with: that is the positive side, which the schema cannot say)."""
    given = {"preset": preset, option: value}
    if option == "preset" or jsonschema.Draft202012Validator(ruleset_in_schema()).is_valid(given):
        return
    with pytest.raises(referee.MalformedRecord) as refused:
        referee.Ruleset.parse(given)
    assert refused.value.field.startswith(f"ruleset.{option.split('.')[0]}")
