"""The auction of Bid Euchre (spec v1.1, B.2): each bid checked and applied, the winning
bidder naming trump, and the legal bids of the seat to bid.

A bid the auction does not allow is recorded and counts as the seat's pass; a stuck dealer's
pass, or a bid refused to it, is not applied (it still has to bid). A declaration from a seat
other than the maker, or one the rules refuse, is ignored.
"""

from __future__ import annotations

from typing import Final

from .actions import NAMINGS, Bid, bid_of
from .bidding import defend_alone, redeal_request
from .hand import BIDDING, Hand, Order
from .rules import LONE_BIDS_TAKEN
from .verdict import Next, Phase

#: What each lone bid ranks above the hand size (a moon outbids every number, a loner a moon).
LONE_RANKS: Final = {"moon": 1, "loner": 2}


def rank_of(hand: Hand, action: str, tricks: int | None) -> int:
    """Where a bid stands among the others: its tricks, then a moon, then a loner."""
    if action == "bid":
        return tricks or 0
    return hand.hand_size + LONE_RANKS[action]


def lone_bid_allowed(hand: Hand, lone_bid: str) -> bool:
    return lone_bid in LONE_BIDS_TAKEN[hand.rules.lone_bids]


def no_trump_allowed(hand: Hand, kind: str | None) -> bool:
    allowed = hand.rules.no_trump
    return kind is None or allowed == "high-low" or (allowed == "high" and kind == "high")


def bid(hand: Hand, index: int, said: Bid) -> None:
    """Check the ``index``-th bid of an auction and apply it (unless the rules say it is void)."""
    order = (BIDDING, index, 0)
    seat = said.seat
    action = said.action
    hand.bids_made = index + 1
    if hand.thrown_in:
        hand.flag(order, "out-of-turn", "bid_after_throw_in", seat=seat)
        return
    if action == "defend-alone":
        defend_alone(hand, order, seat)
        return
    if action == "declare":
        _declare(hand, order, said)
        return
    if hand.maker is not None:
        # Any seat, the moon's partner too: it sits out of the play only (variants.md B.7).
        hand.flag(order, "out-of-turn", "bid_after_auction", seat=seat)
        return
    if action == "redeal":
        redeal_request(hand, order, seat)
        return
    if seat != hand.turn:
        hand.flag(order, "out-of-turn", "bid_turn", seat=seat, turn=hand.turn)
        hand.turn = seat
    stuck = is_stuck(hand, seat)
    if action == "pass":
        if not stuck:
            _pass(hand, seat)
        elif hand.rules.stuck_dealer == "redeal":
            hand.thrown_in = True
        else:
            hand.flag(
                order, "dealer-must-call", "dealer_must_bid", seat=seat, least=hand.rules.min_bid
            )
        return
    if said.alone and action == "bid":
        hand.flag(order, "alone-not-allowed", "alone_on_bid", seat=seat, rule="lone_bids")
    refused = _refusal(hand, said)
    if refused is not None:
        key, rule = refused
        hand.flag(
            order,
            "bid-not-allowed",
            key,
            seat=seat,
            rule=rule,
            action=said.action,
            bid=bid_facts(said.action, said.tricks, said.suit, said.no_trump),
            high=_high_facts(hand),
            least=hand.rules.min_bid,
            size=hand.hand_size,
        )
        if not stuck:
            _pass(hand, seat)
        return
    auction = hand.auction
    assert auction is not None
    rank = rank_of(hand, action, said.tricks)
    hand.auction = auction._replace(high=rank, bidder=seat, suit=said.suit, no_trump=said.no_trump)
    if rank == _top_rank(hand) or (hand.rules.bid_rounds == "once" and seat == hand.dealer):
        _end(hand)
    else:
        _next_turn(hand, seat)


def bid_facts(
    action: str, tricks: int | None, suit: object = None, no_trump: str | None = None
) -> dict[str, object]:
    """A bid as its message tells it: what it bid and the trump it named."""
    return {"action": action, "tricks": tricks, "suit": suit, "no_trump": no_trump}


def _high_facts(hand: Hand) -> dict[str, object]:
    """The highest bid so far, as its message tells it."""
    auction = hand.auction
    assert auction is not None
    lone = next((b for b, r in LONE_RANKS.items() if hand.hand_size + r == auction.high), None)
    return bid_facts("bid", auction.high) if lone is None else bid_facts(lone, None)


def _refusal(hand: Hand, said: Bid) -> tuple[str, str] | None:
    """Why the auction does not allow a bid (its message key and rule), or None."""
    rules = hand.rules
    action = said.action
    if action in ("order-up", "call"):
        return "bid_turn_up_in_auction", "bidding"
    if action == "bid":
        tricks = said.tricks or 0
        if tricks < rules.min_bid:
            return "bid_below_min", "min_bid"
        if tricks > hand.hand_size:
            return "bid_above_hand", "auction"
    elif not lone_bid_allowed(hand, action):
        return "lone_bid_off", "lone_bids"
    if not no_trump_allowed(hand, said.no_trump):
        return "bid_no_trump_off", "no_trump"
    auction = hand.auction
    assert auction is not None
    if rank_of(hand, action, said.tricks) <= auction.high:
        return "bid_not_higher", "auction"
    return None


def _top_rank(hand: Hand) -> int:
    """The rank of a bid nothing can outbid: the loner, the moon, or every trick."""
    lone = hand.rules.lone_bids
    if lone == "none":
        return hand.hand_size
    return rank_of(hand, "loner" if lone == "moon-loner" else "moon", None)


def is_stuck(hand: Hand, seat: int) -> bool:
    """Whether the seat is the dealer reached with no bid made (and, bidding until passed,
    every other seat passed): under stick the dealer it must bid."""
    auction = hand.auction
    if auction is None or seat != hand.dealer or auction.bidder is not None:
        return False
    if hand.rules.bid_rounds == "once":
        return True
    others = sum(1 << s for s in range(hand.players) if s != seat)
    return auction.passed & others == others


def _pass(hand: Hand, seat: int) -> None:
    auction = hand.auction
    assert auction is not None
    hand.auction = auction = auction._replace(passed=auction.passed | 1 << seat)
    if hand.rules.bid_rounds == "once":
        if seat == hand.dealer:
            if auction.bidder is None:
                hand.thrown_in = True  # (only a dealer who may pass gets here)
            else:
                _end(hand)
            return
        hand.turn = (seat + 1) % hand.players
        return
    _next_turn(hand, seat)


def _next_turn(hand: Hand, seat: int) -> None:
    """The next seat to bid after ``seat``; the auction ends once every other seat has passed
    the highest bid."""
    auction = hand.auction
    assert auction is not None
    if hand.rules.bid_rounds == "once":
        hand.turn = (seat + 1) % hand.players
        return
    bidder = auction.bidder
    waiting = [s for s in range(hand.players) if not auction.passed >> s & 1 and s != bidder]
    if bidder is not None and not waiting:
        _end(hand)
        return
    for step in range(1, hand.players + 1):
        following = (seat + step) % hand.players
        if not auction.passed >> following & 1:
            hand.turn = following
            return


def _end(hand: Hand) -> None:
    """The auction is over: its highest bidder is the maker, on the terms it bid."""
    auction = hand.auction
    assert auction is not None and auction.bidder is not None
    size = hand.hand_size
    hand.maker = auction.bidder
    hand.lone_bid = next((b for b, r in LONE_RANKS.items() if size + r == auction.high), None)
    hand.contract_bid = min(auction.high, size)
    hand.alone = hand.lone_bid is not None
    hand.trump = auction.suit
    hand.no_trump = auction.no_trump


def _declare(hand: Hand, order: Order, said: Bid) -> None:
    """The maker names trump after an auction whose winning bid named none."""
    seat = said.seat
    auction = hand.auction
    assert auction is not None
    if hand.maker is None:
        if seat == auction.bidder:
            hand.flag(order, "bid-not-allowed", "declare_early", seat=seat, rule="auction")
        else:
            hand.flag(order, "out-of-turn", "declare_early_other", seat=seat)
        return
    if seat != hand.maker:
        hand.flag(order, "out-of-turn", "declare_not_maker", seat=seat, maker=hand.maker)
    elif hand.trump_named:
        hand.flag(order, "bid-not-allowed", "declare_named", seat=seat, rule="auction")
    elif not no_trump_allowed(hand, said.no_trump):
        hand.flag(
            order,
            "bid-not-allowed",
            "declare_no_trump_off",
            seat=seat,
            rule="no_trump",
            no_trump=said.no_trump,
        )
    else:
        hand.trump = said.suit
        hand.no_trump = said.no_trump


# -- who bids next, and what they may bid ------------------------------------------------------


def next_bid(hand: Hand) -> Next:
    """The auction's next bid: who bids, or (once it has ended) the maker naming trump."""
    if hand.declare_due:
        assert hand.maker is not None
        return Next(hand.maker, Phase.DECLARE, [b.word for b in legal_declares(hand)])
    words = []
    for action in legal_bids(hand, hand.turn):
        if action.word not in words:
            words.append(action.word)
    return Next(hand.turn, Phase.BIDDING, words)


def _namings(hand: Hand) -> list[Bid]:
    """Every trump a bid may name (or none), as bids of seat 0 to be read back."""
    return [
        bid_of(0, "declare", suit, no_trump=kind)
        for suit, kind in NAMINGS
        if (suit is not None or kind is not None) and no_trump_allowed(hand, kind)
    ]


def legal_declares(hand: Hand) -> tuple[Bid, ...]:
    """The maker's ways of naming trump: each suit, and the no-trumps the rules allow."""
    maker = hand.maker
    assert maker is not None
    return tuple(bid_of(maker, "declare", b.suit, no_trump=b.no_trump) for b in _namings(hand))


def legal_bids(hand: Hand, seat: int) -> tuple[Bid, ...]:
    """The seat's bids now, in the verdict's order (a pass, then the numbers, then the lone
    bids), each naming any trump the rules allow or none. (Kept per ruleset for the situation:
    the seat, the highest bid, whether the seat is a stuck dealer.)"""
    auction = hand.auction
    assert auction is not None
    stuck = is_stuck(hand, seat) and hand.rules.stuck_dealer != "redeal"
    key = ("auction", seat, auction.high, stuck)
    cache = hand.tables.legal_bids
    legal = cache.get(key)
    if legal is None:
        namings = [(None, None)] + [(b.suit, b.no_trump) for b in _namings(hand)]
        found = [] if stuck else [bid_of(seat, "pass")]
        lowest = max(hand.rules.min_bid, auction.high + 1)
        for tricks in range(lowest, hand.hand_size + 1):
            found += [bid_of(seat, "bid", s, False, tricks, k) for s, k in namings]
        for lone in LONE_RANKS:
            if lone_bid_allowed(hand, lone) and rank_of(hand, lone, None) > auction.high:
                found += [bid_of(seat, lone, s, False, None, k) for s, k in namings]
        legal = cache[key] = tuple(found)
    return legal
