"""An auction's contract given with the record (spec v1.1, B.6): compared with the bids, or,
where the bids (if any) have not ended the auction, read as the bid that wins it from there.

After an auction that ended, the contract must agree with it (maker, tricks, lone bid, and the
trump the bids named); a trump the maker has not yet declared is taken from the contract. Before
that, the contract must be a bid still possible: the highest bid so far, by its bidder, or a
higher one by a seat with a turn to come (the highest bidder's own only over another seat's
bid in between). A contract no rule allows gets the code a bid would
(``bid-not-allowed``) when no bids are reported, and ``contract-mismatch`` otherwise; either
way it is applied as it stands.
"""

from __future__ import annotations

from typing import Final

from .auction import LONE_RANKS, lone_bid_allowed, no_trump_allowed, rank_of
from .bidding import check_alone, defend_alone
from .contract import settled_by_bids
from .hand import BIDDING, Hand
from .record import GivenContract
from .seating import contract_of
from .verdict import Contract

_ORDER: Final = (BIDDING, 1 << 20, 0)


def settle_auction_contract(hand: Hand, given: GivenContract | None) -> None:
    if given is None or settled_by_bids(hand, given, _compare):
        return
    refusal = _rule_refusal(hand, given)
    if refusal is None and hand.bids_reported:
        refusal = _unreachable(hand, given)
    if refusal is not None:
        key, rule = refusal
        code = "contract-mismatch" if hand.bids_reported else "bid-not-allowed"
        hand.flag(
            _ORDER,
            code,
            key,
            seat=None if hand.bids_reported else given.maker,
            rule=None if hand.bids_reported else rule,
            maker=given.maker,
        )
    if given.alone and given.lone_bid is None:
        check_alone(hand, _ORDER, given.maker, True)
    hand.maker = given.maker
    hand.contract_bid = given.bid
    hand.lone_bid = given.lone_bid
    hand.alone = given.lone_bid is not None
    hand.trump = given.trump
    hand.no_trump = given.no_trump
    if given.defender_alone is not None:
        defend_alone(hand, _ORDER, given.defender_alone, by_contract=True)


def _rank(hand: Hand, given: GivenContract) -> int:
    if given.lone_bid is not None:
        return rank_of(hand, given.lone_bid, None)
    return rank_of(hand, "bid", given.bid)


def _rule_refusal(hand: Hand, given: GivenContract) -> tuple[str, str] | None:
    """A contract no bid of these rules makes: too few or too many tricks, a lone bid or a
    no-trump the rules do not have (its message key and rule)."""
    rules = hand.rules
    if given.lone_bid is not None:
        if not lone_bid_allowed(hand, given.lone_bid):
            return "contract_lone_bid_off", "lone_bids"
    elif given.bid is None or given.bid > hand.hand_size:
        return "contract_bid_range", "auction"  # (as a bid above the hand size is)
    elif given.bid < rules.min_bid:
        return "contract_bid_range", "min_bid"
    if not no_trump_allowed(hand, given.no_trump):
        return "contract_no_trump_off", "no_trump"
    return None


def _unreachable(hand: Hand, given: GivenContract) -> tuple[str, str] | None:
    """Why the reported bids cannot end in this contract, if they cannot."""
    auction = hand.auction
    assert auction is not None
    rank = _rank(hand, given)
    if given.maker == auction.bidder and rank == auction.high:
        named = auction.suit is not None or auction.no_trump is not None
        if named and (given.trump, given.no_trump) != (auction.suit, auction.no_trump):
            return "contract_other_trump", "auction"
        return None
    if rank <= auction.high:
        return "contract_not_higher", "auction"
    if not _may_bid(hand, given.maker):
        return "contract_auction_passed", "auction"
    if given.maker == auction.bidder and not _outbid_between(hand, rank):
        return "contract_own_raise", "auction"
    return None


def _outbid_between(hand: Hand, rank: int) -> bool:
    """Whether the highest bidder can still come to bid ``rank`` (``until-passed``; another
    seat is still in, or the auction would have ended): only over that seat's higher bid, so
    at least two steps above its own."""
    auction = hand.auction
    assert auction is not None
    return rank > auction.high + 1


def _may_bid(hand: Hand, seat: int) -> bool:
    """Whether the seat has a turn to come in the auction."""
    auction = hand.auction
    assert auction is not None
    if hand.rules.bid_rounds == "until-passed":
        return not auction.passed >> seat & 1
    turn = hand.turn
    while True:
        if turn == seat:
            return True
        if turn == hand.dealer:
            return False
        turn = (turn + 1) % hand.players


def _compare(hand: Hand, given: GivenContract) -> None:
    """An auction that ended, and a contract: they must agree; the bids are what counts. A
    trump the maker has not declared yet is the contract's."""
    if hand.declare_due and no_trump_allowed(hand, given.no_trump):
        hand.trump, hand.no_trump = given.trump, given.no_trump
    lone = next((b for b in LONE_RANKS if b == given.lone_bid), None)
    differs = (
        given.maker != hand.maker
        or lone != hand.lone_bid
        or (lone is None and given.bid != hand.contract_bid)
        or (given.trump, given.no_trump) != (hand.trump, hand.no_trump)
        or (given.alone is not None and given.alone != hand.alone)
        or (given.defender_alone_given and given.defender_alone != hand.defender_alone)
    )
    if differs:
        derived = auction_contract(hand)
        hand.flag(_ORDER, "contract-mismatch", "contract_mismatch", given=given, derived=derived)


def auction_contract(hand: Hand) -> Contract:
    """The contract an auction's hand stands at (its maker known)."""
    assert hand.maker is not None
    return contract_of(
        hand.trump,
        hand.maker,
        hand.alone,
        hand.defender_alone,
        hand.no_trump,
        hand.contract_bid,
        hand.lone_bid,
        auction=True,
    )
