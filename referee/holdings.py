"""What a seat holds in play: the checks on each card played (in the deck, not played
before, held by the seat), the renege rule, and the cards a seat is proven to hold.

A renege is ruled only when the holding is proven: by the seat's reported cards, or by an
undisputed card of the led suit that the seat plays later in the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card, Suit
from .evidence import played_by_another, shown_by_play
from .exchange import most_passed
from .hand import PLAY
from .scoring import renege_award

if TYPE_CHECKING:
    from .hand import Hand
    from .play import Tricks


def shows(tricks: Tricks, seat: int, card: Card) -> bool:
    """Whether the seat's play of this card proves that it held it: nothing in the record
    disputes it (``shown_by_play``), and it is not a card the dealer plays beyond its
    fully reported hand other than the upcard (the unreported upcard may be among them,
    or one of them is not held)."""
    hand = tricks.hand
    if not shown_by_play(hand, seat, card):
        return False
    if seat != hand.dealer:
        return True
    if tricks.beyond_hand is None:
        dealt = hand.dealt.get(hand.dealer, ())
        tricks.beyond_hand = 0
        if len(dealt) == tricks.hand_size:
            for _, played in hand.evidence.plays_by_seat().get(hand.dealer, ()):
                if played not in dealt and played is not tricks.upcard:
                    tricks.beyond_hand |= played.bit
    return not card.bit & tricks.beyond_hand


def holding(tricks: Tricks, seat: int) -> list[Card] | None:
    """The cards the seat is proven to hold when play starts, in the record's order (None:
    not even partly known)."""
    hand = tricks.hand
    if hand.exchange_unreported and seat == hand.maker:
        return None  # (any of its cards may have been laid away)
    if seat != hand.dealer or not tricks.took:
        return hand.dealt.get(seat)
    # The dealer's cards after taking the upcard: dealt cards and upcard, less the
    # discard. None with no discard reported: any of them could have been it.
    if tricks.discard is None:
        return None
    kept = [c for c in hand.dealt.get(hand.dealer, ()) if c is not tricks.discard]
    upcard = tricks.upcard
    if upcard is not None and upcard is not tricks.discard and not upcard.bit & hand.laid_away:
        kept.append(upcard)
    return kept


def known_hand(tricks: Tricks, seat: int) -> list[Card] | None:
    """The seat's cards when play began, when the record shows every one of them.

    They are its reported dealt cards (for the dealer who took the upcard: with the
    upcard, less the reported discard) and the cards it plays. A card the record disputes
    counts for nothing: one another seat plays or was dealt, the upcard or the discard
    where they are not this seat's to hold, a card played twice."""
    hand = tricks.hand
    takes_upcard = seat == hand.dealer and tricks.took
    known: list[Card] = []
    # With no discard reported the dealer's holding is None: any of its cards could
    # have been the discard.
    for card in holding(tricks, seat) or ():
        if (
            card not in known
            and hand.owner_of(card) in (None, seat)
            and not played_by_another(hand, seat, card)
            and (card is not tricks.upcard or takes_upcard)
            and card is not hand.discard
            and not card.bit & hand.laid_away
        ):
            known.append(card)
    if not tricks.complete[seat]:
        # (A seat whose cards are all reported learns nothing from its plays: a card
        # beyond them is not held.)
        for _, card in hand.evidence.plays_by_seat().get(seat, ()):
            if card not in known and shows(tricks, seat, card):
                known.append(card)
    return known if len(known) == tricks.hand_size else None


# -- the cards checked ----------------------------------------------------------------


def not_counted(
    hand: Hand,
    order: tuple[int, int, int],
    seat: int,
    card: Card,
    trick: int,
    plays: list[tuple[int, Card]],
    in_play: int,
    cards_so_far: int,
) -> bool:
    """Flag a card that cannot count in the trick (the trick full with ``in_play`` cards, the
    seat's second card in it, a card beyond the seat's hand); True when so."""
    if len(plays) >= in_play:
        hand.flag(order, "too-many-cards", "trick_too_long", seat=seat, trick=trick, card=card)
    elif any(s == seat for s, _ in plays):
        hand.flag(order, "out-of-turn", "play_twice", seat=seat, trick=trick, card=card)
    elif cards_so_far >= hand.hand_size:
        size = hand.hand_size
        hand.flag(
            order, "too-many-cards", "hand_too_long", seat=seat, trick=trick, card=card, size=size
        )
    else:
        return False
    return True


def flag_out_of_turn(
    hand: Hand, order: tuple[int, int, int], seat: int, card: Card, trick: int, turn: int
) -> None:
    hand.flag(order, "out-of-turn", "play_turn", seat=seat, trick=trick, card=card, turn=turn)


def check_card(
    hand: Hand,
    order: tuple[int, int, int],
    seat: int,
    card: Card,
    trick: int,
    played: int,
    *,
    took: bool | None,
    discard: Card | None,
    upcard_suits: tuple[Suit, ...] = (),
) -> None:
    """A card played: in the deck, not played before, and one the seat can hold. ``took`` is
    whether the dealer took the upcard (None: not known), ``discard`` the dealer's discard
    after taking it, and ``upcard_suits`` the suits an unreported upcard the dealer took may
    have (a card of them beyond the dealer's reported hand may be that upcard)."""
    upcard = hand.upcard
    if card not in hand.deck and card is not upcard:
        hand.flag(
            order,
            "card-not-in-deck",
            "not_in_deck",
            seat=seat,
            trick=trick,
            card=card,
            size=hand.rules.deck,
        )
    if played & card.bit:
        hand.flag(order, "card-reused", "played_twice", seat=seat, trick=trick, card=card)
        return
    if card.bit & hand.laid_away:
        key = "laid_away_own" if seat == hand.maker else "laid_away"
        hand.flag(order, "card-not-held", key, seat=seat, trick=trick, card=card, maker=hand.maker)
        return
    dealer = hand.dealer
    if card is upcard and not card.bit & hand.passed_in:
        if took is False:
            key = "upcard_turned_down"
        elif seat != dealer:
            key = "upcard_taken" if took else "upcard_not_theirs"
        elif card is discard:
            key = "discarded"
        else:
            return
        hand.flag(order, "card-not-held", key, seat=seat, trick=trick, card=card, dealer=dealer)
        return
    if card is discard:
        hand.flag(
            order, "card-not-held", "discarded", seat=seat, trick=trick, card=card, dealer=dealer
        )
        return
    owner = hand.owner_of(card)
    unreported_exchange = hand.exchange_unreported and seat == hand.maker
    if owner is not None:
        if owner != seat and not (unreported_exchange and owner in hand.rules.partners_of(seat)):
            hand.flag(
                order,
                "card-not-held",
                "passed_elsewhere" if card.bit & hand.passed_in else "dealt_elsewhere",
                seat=seat,
                trick=trick,
                card=card,
                other=owner,
            )
            return
        if owner == seat:
            return
    more: dict[str, Any] = {}
    if unreported_exchange:
        # (A partner's card, or one dealt to no one reported: the exchange may have brought
        # it, as many as it brings.)
        if not beyond_exchange(hand, seat, card, played, took=took):
            return
        key = "beyond_exchange"
        more["count"] = most_passed(hand)
    elif hand.known_full_hand(seat) is None:
        return
    elif seat == dealer and card.suit in upcard_suits:
        # It may be the unreported upcard: which card of the suit that was, the record does
        # not say.
        return
    else:
        key = "not_in_hand"
    hand.flag(
        order,
        "card-not-held",
        key,
        seat=seat,
        trick=trick,
        card=card,
        hand=hand.dealt[seat],
        **more,
    )


def beyond_exchange(hand: Hand, seat: int, card: Card, played: int, *, took: bool | None) -> bool:
    """Whether the lone player, its dealt cards all reported and its exchange not, plays one
    card more from beyond them than its exchange (and, for the dealer who took an unreported
    upcard, that upcard) can have brought it."""
    dealt = hand.dealt.get(seat, ())
    if len(dealt) != hand.hand_size:
        return False
    upcard = hand.upcard
    room = most_passed(hand) + (1 if seat == hand.dealer and took and upcard is None else 0)
    beyond = 1 + sum(
        1
        for _, earlier in hand.evidence.plays_by_seat().get(seat, ())
        if earlier.bit & played and earlier not in dealt and earlier is not upcard
    )
    return beyond > room


def check_follow(
    tricks: Tricks,
    seat: int,
    card: Card,
    led: Suit,
    trick: int,
    position: int,
    played: int,
    led_card: Card,
) -> None:
    """Rule a renege when the seat is proven to hold a card of the led suit now: a
    proven card not yet played, or (for a seat whose hand is not fully reported) an
    undisputed card of that suit it plays later. `led_card`: the trick's first card (a
    left bower or the joker led is told as the trump it is)."""
    hand = tricks.hand
    trump_order = tricks.order
    suit_of = trump_order.suit_of
    evidence: tuple[Card, int | None] | None = None
    still_held = tricks.held[seat] & ~played
    if still_held & trump_order.members[led]:
        for held in holding(tricks, seat) or ():
            if held.bit & still_held and suit_of[held] is led:
                evidence = (held, None)
                break
    if evidence is None and not tricks.complete[seat]:
        for pos, later in hand.evidence.plays_by_seat().get(seat, ()):
            if (
                pos > position
                and suit_of[later] is led
                and later is not card
                and shows(tricks, seat, later)
            ):
                evidence = (later, hand.evidence.trick_of(pos))
                break
    if evidence is None:
        return
    held, shown_in = evidence
    hand.flag(
        (PLAY, position, 0),
        "renege",
        "renege",
        seat=seat,
        trick=trick,
        card=card,
        led=led,
        held=held,
        shown_in=shown_in,
        trump=tricks.trump,
        left_bower=held is trump_order.left_bower or card is trump_order.left_bower,
        played_left=card is trump_order.left_bower,
        played_joker=card.is_joker,
        held_joker=held.is_joker,
        led_card=led_card,
        led_left=led_card is trump_order.left_bower,
        led_joker=led_card.is_joker,
    )
    if tricks.renege is None:
        tricks.renege_at = position
        tricks.renege = renege_award(
            hand.rules,
            offender=seat,
            maker=tricks.maker,
            anyone_alone=hand.alone or hand.defender_alone is not None,
        )


def unseen_renege_possible(tricks: Tricks) -> bool:
    """Whether the dealer may have reneged before the first renege ruled, proven only by
    the unreported upcard (a trump it held): it played a card of another suit to a trump
    lead. Only a renege by the other side would change the award."""
    hand = tricks.hand
    if not tricks.upcard_unseen or tricks.renege is None:
        return False
    if tricks.renege == renege_award(
        hand.rules,
        offender=hand.dealer,
        maker=tricks.maker,
        anyone_alone=hand.alone or hand.defender_alone is not None,
    ):
        return False
    suit_of, trump = tricks.suit_of, tricks.trump
    position = 0
    for trick in hand.evidence.tricks:
        for seat, card in trick:
            if position >= tricks.renege_at:
                return False
            if seat == hand.dealer and suit_of[trick[0][1]] is trump and suit_of[card] is not trump:
                return True
            position += 1
    return False
