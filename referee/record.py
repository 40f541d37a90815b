"""Reading a hand record (spec: hand-record v1) into typed values, and writing it back.

Everything that makes a record impossible to judge raises ``MalformedRecord`` naming the
field; everything that is merely against the rules is left for the referee to rule on.
Reading is lenient (``"10♥"``, ``"hearts"``, fields the spec does not have are ignored);
writing is canonical: ``Record.to_json`` and ``canonical_record`` give the record as the
referee read it, with canonical cards and suits and only the spec's fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from .actions import MAX_SEATS, Bid, Play, bid_of, play_of
from .cards import SPELLINGS, Card, Suit
from .errors import MalformedRecord, shown_key
from .rules import Ruleset

#: The fields of a hand record, in the spec's order, and of the objects inside it.
RECORD_FIELDS: Final = (
    "ruleset",
    "dealer",
    "upcard",
    "hands",
    "bids",
    "discard",
    "pickup",
    "exchange",
    "contract",
    "tricks",
    "claim",
)
BID_FIELDS: Final = ("seat", "action", "suit", "alone", "tricks", "no_trump")
CONTRACT_FIELDS: Final = (
    "trump",
    "no_trump",
    "maker",
    "bid",
    "lone_bid",
    "alone",
    "defender_alone",
)
EXCHANGE_FIELDS: Final = ("passed", "discard")
PLAY_FIELDS: Final = ("seat", "card")
CLAIM_FIELDS: Final = ("points",)

BID_ACTIONS: Final = (
    "pass",
    "order-up",
    "call",
    "defend-alone",
    "redeal",
    "bid",
    "moon",
    "loner",
    "declare",
)
_PLAIN_ACTIONS: Final = ("pass", "order-up", "defend-alone", "redeal")
NO_TRUMP_KINDS: Final = ("high", "low")
LONE_BIDS: Final = ("moon", "loner")


#: The plain bids (no suit, no number) by seat, action and alone, each the one ``Bid`` of its
#: words: the fast path reads several in every hand.
_PLAIN_BIDS: Final = {
    (seat, action, alone): bid_of(seat, action, None, alone)
    for seat in range(MAX_SEATS)
    for action in _PLAIN_ACTIONS
    for alone in (False, True)
}

#: One play of a trick: (seat, card). A record's plays are ``Play`` actions; the play phase
#: also keeps pairs it makes itself.
PlayEntry = tuple[int, Card]


class ReportedExchange(NamedTuple):
    """A lone player's exchange as the table wrote it: the cards passed, by (seat, card), and
    the cards laid away."""

    passed: tuple[PlayEntry, ...]
    discard: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class GivenContract:
    """A contract as the table wrote it; ``None`` fields were not given. Under an auction
    ``trump`` is None for a no-trump contract (``no_trump`` then says which), ``bid`` is the
    number of tricks and ``lone_bid`` a moon or loner."""

    trump: Suit | None
    maker: int
    alone: bool | None = None
    defender_alone: int | None = None
    defender_alone_given: bool = False
    no_trump: str | None = None
    bid: int | None = None
    lone_bid: str | None = None


@dataclass(slots=True)
class Record:
    ruleset: Ruleset
    dealer: int
    upcard: Card | None = None
    hands: dict[int, list[Card]] = field(default_factory=dict)
    bids: list[Bid] | None = None
    discard: Card | None = None
    pickup: bool | None = None
    exchange: ReportedExchange | None = None
    contract: GivenContract | None = None
    tricks: list[list[Play]] = field(default_factory=list)
    claim: dict[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as the referee read it, written canonically: cards as ``"TH"``, suits
        as ``"H"``, seats as numbers, the ruleset with every option (``Ruleset.to_json``),
        and only what the record says (no field the spec lacks, none left out that changes a
        verdict: ``"bids": []`` is kept, an empty ``hands`` or ``tricks`` is not)."""
        data: dict[str, Any] = {"ruleset": self.ruleset.to_json(), "dealer": self.dealer}
        if self.upcard is not None:
            data["upcard"] = self.upcard.code
        if self.hands:
            data["hands"] = {
                str(seat): [card.code for card in cards]
                for seat, cards in sorted(self.hands.items())
            }
        if self.bids is not None:
            data["bids"] = [_bid_json(bid) for bid in self.bids]
        if self.discard is not None:
            data["discard"] = self.discard.code
        if self.pickup is not None:
            data["pickup"] = self.pickup
        if self.exchange is not None:
            data["exchange"] = {
                "passed": [
                    {"seat": seat, "card": card.code} for seat, card in self.exchange.passed
                ],
                "discard": [card.code for card in self.exchange.discard],
            }
        if self.contract is not None:
            data["contract"] = _contract_json(self.contract)
        if self.tricks:
            data["tricks"] = [
                [{"seat": seat, "card": card.code} for seat, card in trick] for trick in self.tricks
            ]
        if self.claim is not None:
            data["claim"] = {"points": {str(team): points for team, points in self.claim.items()}}
        return data


def _bid_json(bid: Bid) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": bid.seat, "action": bid.action}
    if bid.tricks is not None:
        data["tricks"] = bid.tricks
    if bid.suit is not None:
        data["suit"] = bid.suit.value
    if bid.no_trump is not None:
        data["no_trump"] = bid.no_trump
    if bid.alone:
        data["alone"] = True
    return data


def _contract_json(contract: GivenContract) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if contract.trump is not None:
        data["trump"] = contract.trump.value
    if contract.no_trump is not None:
        data["no_trump"] = contract.no_trump
    data["maker"] = contract.maker
    if contract.bid is not None:
        data["bid"] = contract.bid
    if contract.lone_bid is not None:
        data["lone_bid"] = contract.lone_bid
    if contract.alone is not None:
        data["alone"] = contract.alone
    if contract.defender_alone_given:
        data["defender_alone"] = contract.defender_alone
    return data


def canonical_record(data: object) -> dict[str, Any]:
    """A hand record (parsed JSON) as the referee reads it, written canonically (see
    ``Record.to_json``). Raises ``MalformedRecord`` as ``check`` does."""
    return parse_record(data).to_json()


def unknown_fields(data: object) -> list[str]:
    """Where the record has fields the spec does not (``"note"``, ``"bids[0].why"``,
    ``"tricks[1][0].x"``). The referee ignores them; a caller that stores records may refuse
    them. Only objects where the spec has them are looked into."""
    if not isinstance(data, dict):
        return []
    found = [str(key) for key in data if key not in RECORD_FIELDS]
    for name, fields in (
        ("contract", CONTRACT_FIELDS),
        ("claim", CLAIM_FIELDS),
        ("exchange", EXCHANGE_FIELDS),
    ):
        inner = data.get(name)
        if isinstance(inner, dict):
            found += [f"{name}.{key}" for key in inner if key not in fields]
    exchange = data.get("exchange")
    passed = exchange.get("passed") if isinstance(exchange, dict) else None
    for i, entry in enumerate(passed if isinstance(passed, list) else ()):
        if isinstance(entry, dict):
            found += [f"exchange.passed[{i}].{key}" for key in entry if key not in PLAY_FIELDS]
    bids = data.get("bids")
    if isinstance(bids, list):
        for i, bid in enumerate(bids):
            if isinstance(bid, dict):
                found += [f"bids[{i}].{key}" for key in bid if key not in BID_FIELDS]
    tricks = data.get("tricks")
    if isinstance(tricks, list):
        for t, trick in enumerate(tricks):
            for p, play in enumerate(trick if isinstance(trick, list) else ()):
                if isinstance(play, dict):
                    found += [f"tricks[{t}][{p}].{key}" for key in play if key not in PLAY_FIELDS]
    return found


def parse_record(data: object) -> Record:
    if not isinstance(data, dict):
        raise MalformedRecord("record", "must be a JSON object", given=data)
    ruleset = Ruleset.parse(data.get("ruleset", "standard"))
    players = ruleset.players
    if "dealer" not in data:
        raise MalformedRecord("dealer", "is required")
    dealer = _seat(data["dealer"], "dealer", players)
    # Fields are read in the spec's order, so the first malformed one is the one named.
    get = data.get
    upcard = get("upcard")
    if upcard is not None:
        if ruleset.auction:
            raise MalformedRecord("upcard", "this ruleset turns no card up")
        upcard = _card(upcard, "upcard")
    hands = get("hands")
    hands = {} if hands is None else _hands(hands, players, ruleset.hand_size)
    bids = get("bids")
    if bids is not None:
        bids = _bids(bids, players)
    discard = get("discard")
    if discard is not None:
        discard = _card(discard, "discard")
    pickup = get("pickup")
    if pickup is not None:
        if ruleset.auction:
            raise MalformedRecord("pickup", "this ruleset turns no card up")
        if not isinstance(pickup, bool):
            raise MalformedRecord("pickup", "must be true or false", given=pickup)
    exchange = get("exchange")
    if exchange is not None:
        exchange = _exchange(exchange, players)
    contract = get("contract")
    if contract is not None:
        contract = _contract(contract, ruleset)
    tricks = get("tricks")
    tricks = [] if tricks is None else _tricks(tricks, players)
    claim = get("claim")
    if claim is not None:
        claim = _claim(claim, ruleset)
    return Record(
        ruleset, dealer, upcard, hands, bids, discard, pickup, exchange, contract, tricks, claim
    )


def _seat(value: object, name: str, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedRecord(
            name, "must be a seat number from 0 to {last}", last=players - 1, given=value
        )
    if not 0 <= value < players:
        raise MalformedRecord(
            name,
            "seat {value} is not at this table (seats 0 to {last})",
            value=value,
            last=players - 1,
        )
    return value


def _card(value: object, name: str) -> Card:
    card = SPELLINGS.get(value) if type(value) is str else None
    if card is None:
        card = Card.parse(value)
    if card is None:
        raise MalformedRecord(
            name, "{value} is not a card (write rank then suit, e.g. JD, 10H)", value=value
        )
    return card


#: Seats and teams as JSON keys: plain ASCII digits, no leading zero ("1", never "01" or "١").
_SEAT_KEYS: Final = {str(seat): seat for seat in range(6)}


def _hands(value: object, players: int, size: int) -> dict[int, list[Card]]:
    if not isinstance(value, dict):
        raise MalformedRecord(
            "hands", "must be an object from seat to a list of cards", given=value
        )
    hands: dict[int, list[Card]] = {}
    spelled = SPELLINGS.get
    for key, cards in value.items():
        seat = _SEAT_KEYS.get(key) if type(key) is str else None
        if seat is None or seat >= players or type(cards) is not list or len(cards) > size:
            _hand_problem(key, cards, players, size)
            continue
        try:
            found: list[Card | None] = list(map(spelled, cards))
        except TypeError:  # an unhashable value: not a card
            found = [None]
        if None in found:
            hands[seat] = [_card(v, f"hands.{key}[{i}]") for i, v in enumerate(cards)]
        else:
            hands[seat] = found  # type: ignore[assignment]  # no None, checked above
    return hands


def _hand_problem(key: object, cards: object, players: int, size: int) -> None:
    name = f"hands.{shown_key(key)}"
    seat = _SEAT_KEYS.get(key) if isinstance(key, str) else None
    if seat is None or not 0 <= seat < players:
        raise MalformedRecord(
            name,
            "{value} is not a seat at this table (seats 0 to {last})",
            value=key,
            last=players - 1,
        )
    if not isinstance(cards, list):
        raise MalformedRecord(name, "must be a list of cards", given=cards)
    raise MalformedRecord(
        name, "a hand has at most {size} cards, not {count}", size=size, count=len(cards)
    )


def _bids(value: object, players: int) -> list[Bid]:
    if not isinstance(value, list):
        raise MalformedRecord("bids", "must be a list of bids", given=value)
    bids = []
    for i, bid in enumerate(value):
        # The fast path takes plain bids; anything else is read (and explained) slowly.
        try:
            seat, action, alone = bid["seat"], bid["action"], bid.get("alone", False)
        except (TypeError, KeyError, AttributeError):
            action = None
        if (
            action in _PLAIN_ACTIONS
            and type(seat) is int
            and 0 <= seat < players
            and (alone is False or alone is True)
        ):
            bids.append(_PLAIN_BIDS[seat, action, alone])
            continue
        name = f"bids[{i}]"
        if not isinstance(bid, dict):
            raise MalformedRecord(name, "must be an object with seat and action", given=bid)
        if "seat" not in bid:
            raise MalformedRecord(f"{name}.seat", "is required")
        seat = _seat(bid["seat"], f"{name}.seat", players)
        action = bid.get("action")
        if action not in BID_ACTIONS:
            raise MalformedRecord(
                f"{name}.action",
                "must be one of {choices}",
                choices=", ".join(BID_ACTIONS),
                given=action,
            )
        suit = None
        tricks = no_trump = None
        if action == "call":
            suit = Suit.parse(bid.get("suit"))
            if suit is None:
                raise MalformedRecord(f"{name}.suit", "a call needs a suit: C, D, H or S")
        elif action in ("bid", "moon", "loner", "declare"):
            suit, no_trump = _naming(bid, name, needed=action == "declare")
            if action == "bid":
                tricks = bid.get("tricks")
                if tricks is None:
                    raise MalformedRecord(f"{name}.tricks", "a bid needs its number of tricks")
                if isinstance(tricks, bool) or not isinstance(tricks, int) or tricks < 0:
                    raise MalformedRecord(
                        f"{name}.tricks", "must be a whole number, 0 or more", given=tricks
                    )
        alone = bid.get("alone", False)
        if not isinstance(alone, bool):
            raise MalformedRecord(f"{name}.alone", "must be true or false", given=alone)
        bids.append(bid_of(seat, str(action), suit, alone, tricks, no_trump))
    return bids


def _naming(
    value: dict[str, Any], name: str, *, needed: bool, suit_key: str = "suit"
) -> tuple[Suit | None, str | None]:
    """The trump an auction's bid, a declaration or a contract (``suit_key`` "trump") names:
    a suit, or a no-trump."""
    suit = no_trump = None
    if value.get(suit_key) is not None:
        suit = Suit.parse(value[suit_key])
        if suit is None:
            raise MalformedRecord(
                f"{name}.{suit_key}", "must be a suit: C, D, H or S", given=value[suit_key]
            )
    if value.get("no_trump") is not None:
        no_trump = value["no_trump"]
        if no_trump not in NO_TRUMP_KINDS:
            raise MalformedRecord(f"{name}.no_trump", "must be high or low", given=no_trump)
        if suit is not None:
            raise MalformedRecord(f"{name}.no_trump", "names a suit or a no-trump, not both")
    if needed and suit is None and no_trump is None:
        raise MalformedRecord(f"{name}.{suit_key}", "names a suit (C, D, H or S) or a no_trump")
    return suit, no_trump


def _contract(value: object, ruleset: Ruleset) -> GivenContract:
    players = ruleset.players
    if not isinstance(value, dict):
        raise MalformedRecord("contract", "must be an object with trump and maker", given=value)
    no_trump = bid = lone_bid = None
    if ruleset.auction:
        trump, no_trump = _naming(value, "contract", needed=True, suit_key="trump")
    else:
        if "trump" not in value:
            raise MalformedRecord("contract.trump", "is required")
        trump = Suit.parse(value["trump"])
        if trump is None:
            raise MalformedRecord(
                "contract.trump", "must be a suit: C, D, H or S", given=value.get("trump")
            )
    if "maker" not in value:
        raise MalformedRecord("contract.maker", "is required")
    maker = _seat(value["maker"], "contract.maker", players)
    if ruleset.auction:
        bid, lone_bid = _contract_bid(value, ruleset.hand_size)
    alone = value.get("alone")
    if "alone" in value and not isinstance(alone, bool):
        raise MalformedRecord("contract.alone", "must be true or false", given=alone)
    given = "defender_alone" in value
    defender = value.get("defender_alone")
    if defender is not None:
        defender = _seat(defender, "contract.defender_alone", players)
    return GivenContract(trump, maker, alone, defender, given, no_trump, bid, lone_bid)


def _contract_bid(value: dict[str, Any], hand_size: int) -> tuple[int, str | None]:
    """An auction's contract: its number of tricks, and its lone bid (a moon or loner)."""
    lone_bid = value.get("lone_bid")
    if lone_bid is not None and lone_bid not in LONE_BIDS:
        raise MalformedRecord("contract.lone_bid", "must be moon, loner or null", given=lone_bid)
    bid = value.get("bid")
    if bid is None:
        if lone_bid is None:
            raise MalformedRecord("contract.bid", "is required (or a lone_bid)")
        return hand_size, lone_bid
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < 0:
        raise MalformedRecord("contract.bid", "must be a whole number, 0 or more", given=bid)
    if lone_bid is not None and bid != hand_size:
        raise MalformedRecord(
            "contract.bid",
            "a {lone_bid} is a bid of every trick ({size})",
            lone_bid=lone_bid,
            size=hand_size,
        )
    return bid, lone_bid


def _exchange(value: object, players: int) -> ReportedExchange:
    if not isinstance(value, dict):
        raise MalformedRecord(
            "exchange",
            "must be an object with passed (seats and cards) and discard (cards)",
            given=value,
        )
    # Name the part that is wrong, as a bid or a play is named inside its list.
    if not isinstance(value.get("passed"), list):
        raise MalformedRecord(
            "exchange.passed", "must be a list of seats and cards", given=value.get("passed")
        )
    if not isinstance(value.get("discard"), list):
        raise MalformedRecord(
            "exchange.discard", "must be a list of cards", given=value.get("discard")
        )
    passed = tuple(
        _play_slowly(entry, f"exchange.passed[{i}]", players)
        for i, entry in enumerate(value["passed"])
    )
    discard = tuple(
        _card(card, f"exchange.discard[{i}]") for i, card in enumerate(value["discard"])
    )
    return ReportedExchange(passed, discard)


def _tricks(value: object, players: int) -> list[list[Play]]:
    if not isinstance(value, list):
        raise MalformedRecord("tricks", "must be a list of tricks", given=value)
    entries = _PLAY_ENTRIES[:players]
    tricks = []
    last = len(value) - 1
    for t, trick in enumerate(value):
        if not isinstance(trick, list):
            raise MalformedRecord(f"tricks[{t}]", "must be a list of plays", given=trick)
        if not trick and t < last:
            raise MalformedRecord(f"tricks[{t}]", "only the last trick may be empty")
        plays: list[Play] = []
        add = plays.append
        for play in trick:
            # The fast path takes well-formed plays; anything else is explained by the slow one.
            try:
                seat = play["seat"]
                entry = entries[seat][play["card"]]
            except (TypeError, KeyError, IndexError):
                entry = None
            if entry is None or type(seat) is not int or seat < 0:
                add(_play_slowly(play, f"tricks[{t}][{len(plays)}]", players))
            else:
                add(entry)
        tricks.append(plays)
    return tricks


#: Each seat's plays by the card's exact spelling, one tuple for each: the record's plays are
#: read with a look-up each (seats are checked to be whole numbers apart: ``True`` is no seat).
_PLAY_ENTRIES: Final = tuple(
    {spelling: play_of(seat, card) for spelling, card in SPELLINGS.items()}
    for seat in range(MAX_SEATS)
)


def _play_slowly(play: object, name: str, players: int) -> Play:
    if not isinstance(play, dict):
        raise MalformedRecord(name, "must be an object with seat and card", given=play)
    if "seat" not in play:
        raise MalformedRecord(f"{name}.seat", "is required")
    if "card" not in play:
        raise MalformedRecord(f"{name}.card", "is required")
    return play_of(
        _seat(play["seat"], f"{name}.seat", players), _card(play["card"], f"{name}.card")
    )


def _claim(value: object, ruleset: Ruleset) -> dict[int, int]:
    if not isinstance(value, dict) or not isinstance(value.get("points"), dict):
        raise MalformedRecord("claim.points", "must be an object from team to points", given=value)
    points: dict[int, int] = {}
    raw: dict[Any, Any] = value["points"]
    for key, pts in raw.items():
        name = f"claim.points.{shown_key(key)}"
        team = _SEAT_KEYS.get(key) if isinstance(key, str) else None
        if team is None or not 0 <= team < ruleset.team_count:
            raise MalformedRecord(
                name,
                "{value} is not a team of this game (teams 0 to {last})",
                value=key,
                last=ruleset.team_count - 1,
            )
        if isinstance(pts, bool) or not isinstance(pts, int):
            raise MalformedRecord(name, "must be a whole number of points", given=pts)
        if pts < 0 and not ruleset.negative_scores:
            # (no hand here takes points away)
            raise MalformedRecord(name, "must not be negative", given=pts)
        points[team] = pts
    return points
