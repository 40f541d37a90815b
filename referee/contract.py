"""A contract given with the record: compared with the bids, or, where the bids (if any) made
no trump, read as the bid that would have made it, and held to every rule that bid meets.

The reported bids leave the hand in a round with some seats still to bid. A contract follows
from them only as a bid one of those seats could still make: in round 1 an order-up of the
upcard's suit by a seat that has not passed (the dealer then takes the upcard), or a round-2
call of another suit by anyone; in round 2 a call by a seat that has not passed, never of
the turned-down suit (unless the rules allow it). Under a joker upcard the dealer names trump
for the dealer's team; a stuck dealer under ``takes-upcard`` can only take the upcard. A
contract that cannot follow is ``contract-mismatch`` when bids were reported; with no bids at
all, the code a full bidding record would get.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Final

from .bidding import (
    DEFEND_REFUSALS,
    check_alone,
    check_holds,
    check_partner_alone,
    defend_alone,
    make,
    passed,
)
from .cards import Suit
from .hand import BIDDING, Hand
from .record import GivenContract
from .seating import contract_of

#: Where a contract given with the record stands among the bids: after every one.
_ORDER: Final = (BIDDING, 1 << 20, 0)


def settled_by_bids(
    hand: Hand, given: GivenContract, compare: Callable[[Hand, GivenContract], None]
) -> bool:
    """Whether the bids leave a contract given with them nothing more to do: a hand thrown in
    has none (``contract-mismatch``); makers the bids made are compared with it (``compare``)."""
    if hand.thrown_in:
        hand.flag(_ORDER, "contract-mismatch", "contract_after_throw_in")
        return True
    if hand.maker is not None:
        compare(hand, given)
        return True
    return False


class Making(Enum):
    """The bid a contract given without it is read as."""

    ORDER_UP = "order-up"  # round 1: the upcard's suit, the dealer takes the upcard
    CALL = "call"  # round 2: another suit, the upcard stays down
    JOKER = "joker"  # the dealer names trump under a joker upcard and takes the joker
    STUCK_TAKE = "stuck-take"  # the stuck dealer under takes-upcard takes the upcard


def settle_contract(hand: Hand, given: GivenContract | None) -> None:
    if given is None or settled_by_bids(hand, given, _compare):
        return
    trump = given.trump
    assert trump is not None  # (a turn-up contract names its trump)
    making, refusal = _making(hand, given.maker, trump)
    if refusal in _SKIPPED and not passed(hand, given.maker, hand.round):
        refusal = _SKIPPED[refusal]  # (its turn went by: it did not pass)
    if refusal is not None:
        _refuse(hand, given, refusal)
    maker, alone = given.maker, given.alone
    if making is Making.ORDER_UP:
        if maker != hand.dealer:
            check_holds(hand, _ORDER, maker, trump, "order")
        check_partner_alone(hand, _ORDER, maker, alone)
    elif making is Making.CALL:
        check_holds(hand, _ORDER, maker, trump, "call")
    check_alone(hand, _ORDER, maker, alone)
    joker = hand.joker_call_due
    hand.joker_call_due = False
    pickup = making in (Making.ORDER_UP, Making.JOKER, Making.STUCK_TAKE) or (
        making is None and joker
    )
    make(
        hand,
        maker,
        trump,
        bool(alone),
        pickup=pickup,
        round_one=pickup and making is not Making.STUCK_TAKE,
    )
    if given.defender_alone is not None:
        defend_alone(hand, _ORDER, given.defender_alone, by_contract=True)


def _compare(hand: Hand, given: GivenContract) -> None:
    """Bids that made trump and a contract: they must agree; the bids are what counts. A lone
    defender the contract names where the bids report none is the declaration still to come
    after the lone call: held to the rules of defending alone, not a mismatch."""
    assert hand.maker is not None
    derived = contract_of(hand.trump, hand.maker, hand.alone, hand.defender_alone)
    differs = given.trump is not hand.trump or given.maker != hand.maker
    if given.alone is not None and given.alone != hand.alone:
        differs = True
    # A declaration the bids made and the rules refused is the contract's too, ruled on once.
    refused = given.defender_alone is not None and _declaration_refused(hand, given.defender_alone)
    still_to_declare = hand.defender_alone is None and given.defender_alone is not None
    still_to_declare = still_to_declare and not refused
    if given.defender_alone_given and given.defender_alone != hand.defender_alone:
        differs = differs or not (still_to_declare or refused)
    if differs:
        hand.flag(_ORDER, "contract-mismatch", "contract_mismatch", given=given, derived=derived)
    elif still_to_declare:
        assert given.defender_alone is not None
        defend_alone(hand, _ORDER, given.defender_alone, by_contract=True)


def _declaration_refused(hand: Hand, seat: int) -> bool:
    """Whether the bids have the seat declare to defend alone, refused as not allowed."""
    return any(
        breach.code == "alone-not-allowed" and breach.seat == seat and breach.key in DEFEND_REFUSALS
        for breach in hand.pending
    )


def _still_to_bid(hand: Hand) -> list[int]:
    """The seats still to bid in the current round: from the one to bid up to the dealer."""
    seats = [hand.turn]
    while seats[-1] != hand.dealer:
        seats.append((seats[-1] + 1) % hand.players)
    return seats


def _making(hand: Hand, maker: int, trump: Suit) -> tuple[Making | None, str | None]:
    """The bid that makes this contract from where the bidding stands, or why none can."""
    rules = hand.rules
    if hand.joker_call_due:
        if rules.team_of(maker) == rules.team_of(hand.dealer):
            return Making.JOKER, None
        return None, "contract_joker_makers"
    upcard = hand.upcard
    turned = upcard.suit if upcard is not None else None
    stuck_takes = maker == hand.dealer and rules.stuck_dealer == "takes-upcard"
    may_bid = maker in _still_to_bid(hand)
    if turned is None:
        # The upcard's suit is not known: a reported discard says the dealer took it.
        if hand.round == 2 and not may_bid:
            return None, "contract_after_pass"
        took = hand.discard is not None
        if hand.round == 2 and stuck_takes:
            return Making.STUCK_TAKE, None
        if took and (hand.round == 1 and may_bid):
            return Making.ORDER_UP, None
        return Making.CALL, None
    callable_turned = rules.turned_down_suit_callable
    if hand.round == 1:
        if trump is turned:
            if may_bid:
                return Making.ORDER_UP, None
            return (Making.CALL, None) if callable_turned else (None, "contract_passed_upcard")
        if stuck_takes:
            return None, "contract_stuck_takes"
        return Making.CALL, None
    if not may_bid:
        return None, "contract_after_pass"
    if stuck_takes:
        return (Making.STUCK_TAKE, None) if trump is turned else (None, "contract_stuck_takes")
    if trump is turned and not callable_turned:
        return None, "contract_turned_down"
    return Making.CALL, None


#: A maker whose turn went by in the round without a pass (a later seat bid out of turn).
_SKIPPED: Final = {
    "contract_after_pass": "contract_after_skip",
    "contract_passed_upcard": "contract_skipped_upcard",
}


#: With no bids reported, a contract that no bidding allows gets the code the bid would.
_CODE_WITHOUT_BIDS: Final = {
    "contract_joker_makers": "out-of-turn",
    "contract_stuck_takes": "bid-not-allowed",
}


def _refuse(hand: Hand, given: GivenContract, why: str) -> None:
    code = "contract-mismatch"
    if not hand.bids_reported:
        code = _CODE_WITHOUT_BIDS[why]
    hand.flag(
        _ORDER,
        code,
        why,
        seat=None if code == "contract-mismatch" else given.maker,
        maker=given.maker,
        suit=given.trump,
        dealer=hand.dealer,
        upcard=hand.upcard,
        round=hand.round,
    )
