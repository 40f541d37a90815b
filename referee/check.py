"""``check(record) -> Verdict``: rule on everything a table reports about one hand.

The referee replays the hand in order through the phases of a ``Hand`` (the deal, the
bidding, the dealer's discard, the tricks), applies each reported action even when it breaks
a rule, so that what follows can still be judged, and records every breach with the place
it happened. A renege is only ruled when the holding is proven: by the seat's reported cards,
or by a card of the led suit that the seat plays later in the hand.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from . import auction, bidding
from .actions import Bid
from .auction_contract import auction_contract, settle_auction_contract
from .cards import TRUMP_ORDERS
from .contract import settle_contract
from .deal import check_deal
from .discard import check_discard, flag_discard_without_pickup
from .evidence import Evidence
from .exchange import check_exchange
from .hand import END, PLAY, Hand
from .messages import render
from .outcome import Outcome, results, words_of
from .play import Tricks, next_action
from .record import Record, parse_record
from .scoring import THROWN_IN
from .seating import contract_of
from .unreported import play_trump_unreported
from .unseen import play_every_trump
from .verdict import Next, Verdict, Violation


def bid(hand: Hand, index: int, said: Bid) -> None:
    """The ``index``-th bid, by the hand's way of bidding: turn-up, or an auction."""
    (auction.bid if hand.auction is not None else bidding.bid)(hand, index, said)


def next_bid(hand: Hand) -> Next:
    """Who bids next (or, after an auction, names trump), and the legal bids."""
    return (auction.next_bid if hand.auction is not None else bidding.next_bid)(hand)


def legal_bids(hand: Hand, seat: int) -> tuple[Bid, ...]:
    if hand.auction is None:
        return bidding.legal_bids(hand, seat)
    if hand.declare_due:
        return auction.legal_declares(hand)
    return auction.legal_bids(hand, seat)


def check(record: object, *, lang: str = "en") -> Verdict:
    """Rule on a hand record (parsed JSON). Raises ``MalformedRecord`` only for bad input."""
    return judge(parse_record(record), lang=lang)


def judge(record: Record, *, lang: str = "en") -> Verdict:
    contract = record.contract
    hand = Hand(
        record.ruleset,
        record.dealer,
        record.upcard,
        record.hands,
        Evidence(record.tricks),
        bids_reported=record.bids is not None,
        pickup_reported=record.pickup,
        given_trump=None if contract is None else contract.trump,
    )
    hand.discard = record.discard
    check_deal(hand)
    if record.bids is not None:
        take = bidding.bid if hand.auction is None else auction.bid
        for index, said in enumerate(record.bids):
            take(hand, index, said)
    if contract is not None:
        (settle_contract if hand.auction is None else settle_auction_contract)(hand, contract)
    outcome = _play(hand, record)
    award = outcome.award
    if award is not None and record.claim is not None:
        claimed = {t: p for t, p in record.claim.items() if p}
        if claimed != award.points:
            hand.flag((END, 1, 0), "claim-mismatch", "claim", claimed=claimed, award=award)
    return verdict_of(hand, outcome, lang)


def _play(hand: Hand, record: Record) -> Outcome:
    tricks = record.tricks
    if hand.thrown_in:
        flag_discard_without_pickup(hand)
        check_exchange(hand, record.exchange, played=any(tricks))
        _flag_first_play(hand, record, "play_after_throw_in")
        return Outcome([], None, True, THROWN_IN, None)
    if hand.maker is None:
        # Neither bids nor a contract: trump is unreported, not unmade, and an exchange is not
        # judged (nothing says who made trump, or alone).
        unreported = not hand.bids_reported and record.contract is None
        # (a discard says that trump was made with the upcard: play comes next, not bidding;
        # not under an auction, which has no upcard and refuses the discard)
        took = record.discard is not None and not hand.rules.auction
        if unreported and (any(tricks) or took):
            return play_trump_unreported(hand, tricks)
        flag_discard_without_pickup(hand)
        if not unreported:
            check_exchange(hand, record.exchange, played=any(tricks))
        _flag_first_play(hand, record, "play_before_trump")
        return Outcome([], None, False, None, next_bid(hand))
    check_discard(hand)
    if record.exchange is not None or (hand.alone and hand.tables.exchanges):
        check_exchange(hand, record.exchange, played=any(tricks))
    if hand.auction is not None and hand.declare_due:
        _flag_first_play(hand, record, "play_before_declare")
        return Outcome([], None, False, None, next_bid(hand))
    trump = hand.trump
    if trump is None and hand.no_trump is None:
        return play_every_trump(hand, tricks)
    play = hand.tricks = Tricks(hand, TRUMP_ORDERS[trump] if trump else hand.trump_order())
    play.play_tricks(tricks)
    return play_outcome(hand, play)


def _flag_first_play(hand: Hand, record: Record, key: str) -> None:
    """Cards played with no trump made, or after a throw-in: the first one is out of turn;
    the rest cannot be judged."""
    for t, trick in enumerate(record.tricks):
        if trick:
            seat, card = trick[0]
            if key == "play_before_declare" and seat == hand.maker:
                key = "play_before_own_declare"
            hand.flag(
                (PLAY, 0, 0),
                "out-of-turn",
                key,
                seat=seat,
                trick=t + 1,
                card=card,
                maker=hand.maker,
            )
            return


def play_outcome(hand: Hand, tricks: Tricks) -> Outcome:
    """Where the hand stands once trump is made and play has begun (or is about to)."""
    if tricks.renege is not None:
        return Outcome(results(tricks), tricks.maker_tricks, True, tricks.renege, None)
    if tricks.closed >= tricks.hand_size:
        assert hand.maker is not None
        award = hand.tables.award(
            hand.maker,
            tricks.maker_tricks,
            hand.alone,
            hand.defender_alone,
            hand.contract_bid,
            hand.lone_bid,
        )
        played = tricks.results if not tricks.trick_open else results(tricks)
        return Outcome(played, tricks.maker_tricks, True, award, None)
    next_up = words_of(next_action(tricks))
    return Outcome(results(tricks), tricks.maker_tricks, False, None, next_up)


def thrown_in_outcome() -> Outcome:
    return Outcome([], None, True, THROWN_IN, None)


def verdict_of(hand: Hand, outcome: Outcome, lang: str) -> Verdict:
    """The verdict on the hand as it stands."""
    contract = None
    if hand.maker is not None:
        if hand.auction is None:
            contract = contract_of(hand.trump, hand.maker, hand.alone, hand.defender_alone)
        else:
            contract = auction_contract(hand)
    pending = hand.pending
    violations = []
    if pending:
        pending.sort(key=_ORDER_OF)
        violations = [
            Violation(p.code, p.seat, p.trick, p.card, render(lang, p.key, p.params), p.rule)
            for p in pending
        ]
    tricks, maker_tricks, complete, award, upcoming = outcome
    return Verdict(
        violations, contract, tricks, maker_tricks, complete, award, None if complete else upcoming
    )


_ORDER_OF: Final = attrgetter("order")
