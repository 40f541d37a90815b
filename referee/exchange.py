"""A lone player's exchange (spec v1.1, 0.4): its partners pass it cards face down and it lays
as many away, chosen before it sees them. It exists for a lone maker calling for its partners'
best cards (``call_for_best``) and for a moon (``moon_exchange``).

An exchange the rules do not give, or one that breaks who may pass what, is ``bad-exchange``
and is not applied; a card passed or laid away that its seat does not hold is
``card-not-held``, and the exchange still applies. Once applied, the passed cards are the lone
player's (its dealt cards, as the referee keeps them, change) and the laid-away cards are out
of play. The legal exchanges of a hand played action by action are listed here too.
"""

from __future__ import annotations

from itertools import combinations, product

from .actions import Exchange
from .cards import Card, cards_of_bits
from .hand import EXCHANGE, Hand
from .record import PlayEntry, ReportedExchange

_ORDER = (EXCHANGE, 0, 0)


def exchange_given(hand: Hand) -> bool:
    """Whether the contract gives its lone player an exchange."""
    rules = hand.rules
    if hand.maker is None or not hand.alone:
        return False
    if rules.auction:
        return hand.lone_bid == "moon" and rules.moon_exchange > 0
    return rules.call_for_best != "off"


def most_passed(hand: Hand) -> int:
    """How many cards the lone player's exchange brings it at most: a moon's
    ``moon_exchange``; calling for best, one (``one``) or one a partner (``each``)."""
    rules = hand.rules
    if rules.auction:
        return rules.moon_exchange
    if rules.call_for_best == "one" or hand.maker is None:
        return 1
    return len(rules.partners_of(hand.maker))


def exchange_due(hand: Hand) -> bool:
    """Whether the lone player's exchange comes next: given, not yet made, trump named."""
    return hand.exchange is None and hand.trump_named and exchange_given(hand)


def _rule(hand: Hand) -> str:
    return "moon_exchange" if hand.rules.auction else "call_for_best"


def check_exchange(hand: Hand, reported: ReportedExchange | None, *, played: bool) -> None:
    """The exchange a record reports (``played``: whether it goes on to report play). With
    none reported where the rules give one and play follows, the lone player's dealt cards
    prove nothing: any of them may have been laid away."""
    if reported is None:
        hand.exchange_unreported = played and exchange_given(hand)
        return
    hand.exchange = reported
    lone = hand.maker if hand.maker is not None and hand.alone else None
    breach = _breach(hand, reported)
    if breach is not None:
        key, card = breach
        hand.flag(
            _ORDER,
            "bad-exchange",
            key,
            seat=lone,
            card=card,
            rule=_rule(hand),
            count=len(reported.passed),
            laid=len(reported.discard),
            wanted=hand.rules.moon_exchange,
        )
        return
    assert lone is not None
    _check_cards(hand, lone, reported)
    _apply(hand, lone, reported)


def _breach(hand: Hand, reported: ReportedExchange) -> tuple[str, Card | None] | None:
    """The first of the exchange's breaches of who may pass what (its message key and the
    passed card laid away, if that is the breach), or None."""
    if not exchange_given(hand):
        if hand.lone_bid == "moon" and hand.rules.auction:  # (moon_exchange is 0)
            return "exchange_no_moon_pass", None
        return "exchange_not_given", None
    rules = hand.rules
    assert hand.maker is not None
    partners = rules.partners_of(hand.maker)
    passers = [seat for seat, _ in reported.passed]
    if any(seat not in partners for seat in passers):
        return "exchange_not_partner", None
    if rules.auction:
        if len(passers) != rules.moon_exchange:
            return "exchange_moon_count", None
    elif rules.call_for_best == "one":
        if len(passers) > 1:
            return "exchange_one_card", None
    elif len(set(passers)) != len(passers):
        return "exchange_each_card", None
    if len(reported.discard) != len(passers):
        return "exchange_discard_count", None
    for _, card in reported.passed:
        if card in reported.discard:
            return "exchange_passed_laid_away", card
    return None


def held_before(hand: Hand, seat: int) -> tuple[int, bool]:
    """The cards the seat holds before the exchange, as bits (its dealt cards of the deck
    that no other seat was dealt; the dealer who took the upcard with it, less its discard),
    and whether that is all of them."""
    bits = hand.owned[seat]
    whole = hand.known_full_hand(seat) is not None
    if seat == hand.dealer and hand.pickup_happens():
        upcard, discard = hand.upcard, hand.discard
        if upcard is not None:
            bits |= upcard.bit
        if discard is None:
            whole = False
        else:
            bits &= ~discard.bit
    return bits, whole


def _holds(hand: Hand, seat: int, card: Card) -> bool:
    """Unless the record proves otherwise: dealt to another seat, the upcard or the discard
    that is not the seat's, or missing from its whole reported hand."""
    bits, whole = held_before(hand, seat)
    if bits & card.bit:
        return True
    owner = hand.owner_of(card)
    if owner is not None and owner != seat:
        return False
    if card is hand.upcard or card is hand.discard:
        return False
    return not whole


def _check_cards(hand: Hand, lone: int, reported: ReportedExchange) -> None:
    seen: set[Card] = set()
    moves: list[tuple[int, Card, str]] = [(s, c, "passed_not_held") for s, c in reported.passed]
    moves += [(lone, c, "laid_away_not_held") for c in reported.discard]
    for seat, card, key in moves:
        if card not in hand.deck:
            hand.flag(
                _ORDER,
                "card-not-in-deck",
                "not_in_deck",
                seat=seat,
                card=card,
                size=hand.rules.deck,
            )
        if card in seen:
            hand.flag(_ORDER, "card-reused", "exchanged_twice", seat=seat, card=card)
            continue
        seen.add(card)
        if not _holds(hand, seat, card):
            hand.flag(_ORDER, "card-not-held", key, seat=seat, card=card)


def _apply(hand: Hand, lone: int, reported: ReportedExchange) -> None:
    """The passed cards become the lone player's; the laid-away cards leave play."""
    passed = sum(card.bit for _, card in reported.passed) & hand.tables.deck_bits
    laid = sum(card.bit for card in reported.discard)
    hand.passed_in = passed
    hand.laid_away = laid
    owned = list(hand.owned)
    for seat, card in reported.passed:
        owned[seat] &= ~card.bit
    owned[lone] = (owned[lone] & ~laid) | passed
    hand.owned = owned
    if hand.dealt_to is not None:
        dealt_to = dict(hand.dealt_to)
        for _, card in reported.passed:
            dealt_to[card] = lone
        hand.dealt_to = dealt_to
    dealt = dict(hand.dealt)
    for seat, card in reported.passed:
        if card in dealt.get(seat, ()):
            dealt[seat] = [c for c in dealt[seat] if c is not card]
    kept = [c for c in dealt.get(lone, ()) if c not in reported.discard]
    dealt[lone] = kept + [card for _, card in reported.passed if card not in kept]
    hand.dealt = dealt


# -- the legal exchanges (every card known) ----------------------------------------------------


def legal_exchanges(hand: Hand) -> list[Exchange]:
    """Every exchange the lone player may make now, every seat's cards known: which partner
    passes which card (none, under ``one`` and ``each``) and which cards the player lays
    away in return."""
    maker = hand.maker
    assert maker is not None
    rules = hand.rules
    partners = rules.partners_of(maker)
    own = cards_of_bits(held_before(hand, maker)[0])
    if rules.auction:
        (partner,) = partners
        offers = [
            tuple((partner, c) for c in cards)
            for cards in combinations(
                cards_of_bits(held_before(hand, partner)[0]), rules.moon_exchange
            )
        ]
    elif rules.call_for_best == "one":
        offers = [()] + [
            ((partner, card),)
            for partner in partners
            for card in cards_of_bits(held_before(hand, partner)[0])
        ]
    else:
        choices = [
            [None, *((partner, c) for c in cards_of_bits(held_before(hand, partner)[0]))]
            for partner in partners
        ]
        offers = [tuple(p for p in picked if p is not None) for picked in product(*choices)]
    exchanges = []
    for passed in offers:
        entries: tuple[PlayEntry, ...] = tuple(passed)
        for laid in combinations(own, len(entries)):
            exchanges.append(Exchange(maker, entries, laid))
    return exchanges
