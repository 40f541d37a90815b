"""The dealer's discard after taking the upcard: its check and the legal discards."""

from __future__ import annotations

from .actions import Discard, discards_of
from .hand import DISCARD, Hand


def flag_discard_without_pickup(hand: Hand) -> None:
    """A discard where the reported bids show that nobody ordered the upcard up: the bidding
    is still open, or the hand was thrown in. A record without bids shows nothing either way,
    so its discard is not judged, except under an auction, which turns no card up."""
    discard = hand.discard
    if discard is None or flag_discard_in_auction(hand) or not hand.bids_reported:
        return
    key = "discard_after_throw_in" if hand.thrown_in else "discard_before_trump"
    hand.flag((DISCARD, 0, 0), "discard-not-allowed", key, seat=hand.dealer, card=discard)


def flag_discard_in_auction(hand: Hand) -> bool:
    """Under an auction (Bid Euchre), which turns no card up, any discard is flagged, whatever
    the record reports of the bidding. Whether the hand is an auction's."""
    if hand.auction is None:
        return False
    if hand.discard is not None:
        hand.flag(
            (DISCARD, 0, 0),
            "discard-not-allowed",
            "discard_no_upcard",
            seat=hand.dealer,
            card=hand.discard,
            rule="bidding",
        )
    return True


def check_discard(hand: Hand) -> None:
    """The discard (``hand.discard``, if any) once trump is made, and a pick-up left undone."""
    if flag_discard_in_auction(hand):
        return
    rules = hand.rules
    dealer = hand.dealer
    order = (DISCARD, 0, 0)
    if hand.pickup_reported is False and hand.picked_up and not rules.dealer_pickup_optional:
        hand.flag(
            order,
            "discard-not-allowed",
            "pickup_required",
            seat=dealer,
            rule="dealer_pickup_optional",
        )
    discard = hand.discard
    if discard is None:
        return
    if not hand.pickup_happens():
        hand.flag(order, "discard-not-allowed", "discard_without_pickup", seat=dealer, card=discard)
        return
    upcard = hand.upcard
    if discard is upcard:
        if not rules.dealer_may_discard_upcard:
            hand.flag(order, "discard-not-allowed", "discard_upcard", seat=dealer, card=discard)
        return
    if discard not in hand.deck:
        hand.flag(
            order, "card-not-in-deck", "not_in_deck", seat=dealer, card=discard, size=rules.deck
        )
    owner = hand.owner_of(discard)
    if owner is not None and owner != dealer:
        hand.flag(
            order,
            "card-not-held",
            "discard_dealt_elsewhere",
            seat=dealer,
            card=discard,
            other=owner,
        )
    elif (
        owner is None
        and hand.known_full_hand(dealer) is not None
        # Else the discard may be the unreported upcard, a card of the trump suit.
        and (upcard is not None or (hand.trump is not None and discard.suit is not hand.trump))
    ):
        hand.flag(order, "card-not-held", "discard_not_in_hand", seat=dealer, card=discard)


def discard_due(hand: Hand) -> bool:
    """Whether the dealer owes a discard: it took the upcard, plays, and has not discarded."""
    return hand.discard is None and hand.pickup_happens() and hand.dealer not in hand.sitting_out()


def legal_discards(hand: Hand) -> list[Discard] | None:
    """The dealer's legal discards, when the dealt hand and the upcard are known."""
    bits = discard_bits(hand)
    return None if bits is None else list(discards_of(bits))


def discard_bits(hand: Hand) -> int | None:
    """``legal_discards`` as bits: none of them breaks a rule ``check_discard`` applies."""
    cards = hand.known_full_hand(hand.dealer)
    upcard = hand.upcard
    if cards is None or upcard is None:
        return None
    held = hand.owned[hand.dealer]  # (the cards dealt to the dealer and no one else)
    if held.bit_count() != len(cards):
        return None  # a card the record also gives to another seat, or the upcard
    if hand.rules.dealer_may_discard_upcard:
        held |= upcard.bit
    return held
