"""What the referee makes of a hand as the table entered it: the entries a hand can come as,
and the ruling (kind, award, contract, record, verdict) a kept hand stores. Every award comes
from the referee; nothing here touches the database."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, replace
from typing import Any, Final, TypedDict

from django.utils.translation import get_language
from django.utils.translation import gettext as _

import referee
from referee.record import LONE_BIDS
from scorekeeper.errors import Malformed, Unprocessable, referee_refusal
from scorekeeper.models import Hand

# Breaches the referee scores (a renege is a penalty; a wrong claim is overruled by the
# award). Any other violation means the record cannot be what happened at the table.
SCORED_VIOLATIONS = frozenset({"renege", "claim-mismatch"})

#: The longest text a hand record may hold: no text in the spec is longer than a ruleset
#: option's value.
RECORD_TEXT_LIMIT: Final = 32


def record_limits(ruleset: referee.Ruleset) -> dict[str, int]:
    """What a hand record sent for keeping may hold under this ruleset (docs/api.md,
    "Limits"): a trick for each card in a hand, a play for each seat, and room for every bid
    a legal hand can have (two rounds and the declarations of a turn-up game, every seat
    raising once for each trick in an auction), with a little to spare."""
    players = ruleset.players
    bids = players * (ruleset.hand_size + 3) if ruleset.auction else players * 3
    return {"bids": bids, "tricks": ruleset.hand_size, "plays": players, "text": RECORD_TEXT_LIMIT}


@dataclass(frozen=True)
class QuickEntry:
    """A hand entered by who made trump and how it ended: by ``outcome`` (made, march,
    euchred), by the makers' tricks, or both when they agree. The suit is optional (kept when
    given); the points are the referee's for the outcome."""

    maker: int
    trump: str | None = None
    maker_tricks: int | None = None
    alone: bool = False
    defender_alone: int | None = None
    outcome: str | None = None
    #: Under an auction: the tricks bid, ``moon`` or ``loner``.
    bid: int | str | None = None


@dataclass(frozen=True)
class RenegeEntry:
    """A hand that ended in a renege, entered by who reneged (no cards): the referee scores
    the penalty."""

    maker: int
    renege: int  # the seat that reneged
    trump: str | None = None
    alone: bool = False
    defender_alone: int | None = None
    bid: int | str | None = None


@dataclass(frozen=True)
class RecordEntry:
    record: dict[str, Any]


@dataclass(frozen=True)
class ThrownInEntry:
    pass


HandEntry = QuickEntry | RenegeEntry | RecordEntry | ThrownInEntry


@dataclass(frozen=True)
class Ruling:
    """What the referee made of an entry: the fields a Hand stores."""

    kind: str
    award: dict[str, Any]
    trump: str = ""
    maker: int | None = None
    alone: bool = False
    defender_alone: int | None = None
    maker_tricks: int | None = None
    bid: str = ""
    record: dict[str, Any] | None = None
    verdict: dict[str, Any] | None = None


#: Fields an entry gained after fingerprints were first kept: left out while unset, so that a
#: hand sent before they existed and retried after an upgrade is still the same hand.
_LATER_FIELDS: Final = frozenset({"outcome", "bid"})


def entry_digest(entry: HandEntry) -> str:
    """A fingerprint of what was asked, to tell a replay from a reused key. An entry without
    the fields added later (an outcome, a bid) has the fingerprint it had before them (a phone
    may replay one queued before an upgrade)."""
    fields = {
        name: value
        for name, value in asdict(entry).items()
        if not (name in _LATER_FIELDS and value is None)
    }
    body = {"type": type(entry).__name__, **fields}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _malformed(error: referee.MalformedRecord, prefix: str = "") -> Malformed:
    return referee_refusal(error, prefix=prefix)


class _Contract(TypedDict):
    """A contract as the referee's scoring of an entry without cards, and a Ruling, take it."""

    maker: int
    alone: bool
    defender_alone: int | None


def _rule_called(entry: QuickEntry | RenegeEntry, ruleset: referee.Ruleset) -> Ruling:
    """A hand entered without cards, by its contract and how it ended: the referee scores the
    outcome or the makers' tricks (under an auction, with their bid), or the penalty for the
    seat that reneged."""
    # A lone bid (a moon, a loner) is played alone by the bid itself: the referee is told the
    # bid, and its `alone` only where the entry says what the bid does not.
    lone_bid = entry.bid in LONE_BIDS
    contract = _Contract(
        maker=entry.maker, alone=entry.alone and not lone_bid, defender_alone=entry.defender_alone
    )
    try:
        if isinstance(entry, RenegeEntry):
            award = referee.score_renege(ruleset, offender=entry.renege, bid=entry.bid, **contract)
        elif entry.outcome is not None:
            award = referee.score_outcome(
                ruleset,
                outcome=entry.outcome,
                maker_tricks=entry.maker_tricks,
                bid=entry.bid,
                **contract,
            )
        elif entry.maker_tricks is not None:
            award = referee.score(
                ruleset, maker_tricks=entry.maker_tricks, bid=entry.bid, **contract
            )
        elif ruleset.auction:  # (an auction's hand is scored by its tricks alone)
            raise Malformed(
                _("Say how many tricks the makers took: maker_tricks."),
                code="outcome-required",
                field="maker_tricks",
            )
        else:
            raise Malformed(
                _("Say how the hand ended: outcome (made, march, euchred) or maker_tricks."),
                code="outcome-required",
                field="outcome",
            )
    except referee.MalformedRecord as error:
        raise _malformed(error) from error
    if lone_bid:
        contract["alone"] = True
    bid = "" if entry.bid is None else str(entry.bid)
    ruling = Ruling(
        kind=Hand.Kind.PLAYED, award=award.to_json(), trump=entry.trump or "", bid=bid, **contract
    )
    if isinstance(entry, QuickEntry):
        return replace(ruling, maker_tricks=entry.maker_tricks)
    # The referee's ruling, kept as a verdict would say it: who reneged.
    verdict = {"violations": [{"code": "renege", "seat": entry.renege, "rule": "follow-suit"}]}
    return replace(ruling, kind=Hand.Kind.PENALTY, verdict=verdict)


def _check_record_shape(record: dict[str, Any], limits: dict[str, int]) -> None:
    """Only the spec's fields, within the limits: what is kept is what the referee reads."""
    unknown = [f"record.{name[:64]}" for name in referee.unknown_fields(record)]
    if unknown:
        raise Malformed(
            _("A hand record has no field %(fields)s.") % {"fields": ", ".join(unknown)},
            code="unknown-field",
            field=unknown[0],
            errors=[{"field": name, "detail": "Not a field of a hand record."} for name in unknown],
        )
    for name in ("bids", "tricks"):
        items = record.get(name)
        if isinstance(items, list) and len(items) > limits[name]:
            raise Malformed(
                _("A hand record has at most %(limit)s %(part)s.")
                % {"limit": limits[name], "part": name},
                code="too-many",
                field=f"record.{name}",
            )
    for t, trick in enumerate(record.get("tricks") or ()):
        if isinstance(trick, list) and len(trick) > limits["plays"]:
            raise Malformed(
                _("A trick has at most %(limit)s plays.") % {"limit": limits["plays"]},
                code="too-many",
                field=f"record.tricks[{t}]",
            )
    stack: list[tuple[Any, str]] = [(record, "record")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for key, inner in value.items():
                stack.append((key, f"{path}.{str(key)[:64]}"))
                stack.append((inner, f"{path}.{str(key)[:64]}"))
        elif isinstance(value, list):
            stack.extend((inner, f"{path}[{i}]") for i, inner in enumerate(value))
        elif isinstance(value, str) and len(value) > limits["text"]:
            raise Malformed(
                _("Text in a hand record is at most %(limit)s characters.")
                % {"limit": limits["text"]},
                code="too-long",
                field=path,
            )


def _has_redeal_request(record: dict[str, Any]) -> bool:
    bids = record.get("bids")
    return isinstance(bids, list) and any(
        isinstance(bid, dict) and bid.get("action") == "redeal" for bid in bids
    )


def _rule_record(entry: RecordEntry, ruleset: referee.Ruleset, dealer: int) -> Ruling:
    _check_record_shape(entry.record, record_limits(ruleset))
    record = dict(entry.record)
    if "ruleset" in record:
        try:
            given = referee.Ruleset.parse(record["ruleset"])
        except referee.MalformedRecord as error:
            raise _malformed(error, "record.") from error
        if given != ruleset:
            raise Unprocessable(
                _("The record's ruleset is not this game's ruleset; leave it out."),
                code="ruleset-mismatch",
                field="record.ruleset",
            )
    record["ruleset"] = ruleset.to_json()
    try:
        parsed = referee.parse_record(record)
    except referee.MalformedRecord as error:
        raise _malformed(error, "record.") from error
    verdict = referee.judge(parsed)
    verdict_json = verdict.to_json()
    if parsed.dealer != dealer:
        raise Unprocessable(
            _("Seat %(dealer)s deals this hand.") % {"dealer": dealer},
            code="wrong-dealer",
            field="record.dealer",
        )
    if any(v.code not in SCORED_VIOLATIONS for v in verdict.violations):
        told = _told_in_request_language(parsed, verdict)
        unscored = [v for v in told.violations if v.code not in SCORED_VIOLATIONS]
        raise Unprocessable(
            _("The referee found breaches that make this record impossible: %(breaches)s")
            % {"breaches": "; ".join(v.message for v in unscored)},
            code="rule-violations",
            field="record",
            violations=told.to_json()["violations"],
        )
    if verdict.award is None:
        raise Unprocessable(
            _("The hand is not finished: the referee cannot score it yet."),
            code="hand-unfinished",
            field="record",
            verdict=verdict_json,
        )
    award = verdict.award.to_json()
    if award["reason"] == "thrown-in":
        redeal_asked = any(bid.action == "redeal" for bid in parsed.bids or ())
        kind = Hand.Kind.REDEAL if redeal_asked else Hand.Kind.THROWN_IN
    elif award["reason"] == "renege":
        kind = Hand.Kind.PENALTY
    else:
        kind = Hand.Kind.PLAYED
    contract = verdict.contract
    bid = ""
    if contract is not None and contract.bid is not None:
        bid = contract.lone_bid or str(contract.bid)
    return Ruling(
        kind=kind,
        award=award,
        trump=str(contract.trump.value) if contract and contract.trump else "",
        maker=contract.maker if contract else None,
        alone=contract.alone if contract else False,
        defender_alone=contract.defender_alone if contract else None,
        maker_tricks=verdict.maker_tricks,
        bid=bid,
        # Kept as the referee read it, in the canonical form, less the game's own ruleset.
        record={k: v for k, v in parsed.to_json().items() if k != "ruleset"},
        verdict=verdict_json,
    )


def _told_in_request_language(parsed: referee.Record, verdict: referee.Verdict) -> referee.Verdict:
    """The verdict a refusal shows, its messages in the request's language (a kept hand's
    verdict stays as the referee first wrote it)."""
    language = get_language() or "en"
    return verdict if language == "en" else referee.judge(parsed, lang=language)


def rule(entry: HandEntry, ruleset: referee.Ruleset, dealer: int) -> Ruling:
    if isinstance(entry, QuickEntry | RenegeEntry):
        return _rule_called(entry, ruleset)
    if isinstance(entry, RecordEntry):
        return _rule_record(entry, ruleset, dealer)
    if not ruleset.can_throw_in:
        if ruleset.bidding == "auction":
            # A stuck dealer in an auction bids a number of tricks; it names no trump by it.
            why = _("No hand is thrown in here: with stick the dealer the dealer must bid.")
        elif ruleset.stuck_dealer == "must-call":
            why = _("No hand is thrown in here: with stick the dealer the dealer must call.")
        else:
            why = _("No hand is thrown in here: under these rules the dealer must take the upcard.")
        raise Unprocessable(
            why,
            code="no-throw-in",
            field="thrown_in",
        )
    return Ruling(kind=Hand.Kind.THROWN_IN, award=referee.THROWN_IN.to_json())
