"""The bidding: each bid checked and applied, and the legal bids of the seat to bid.

A breach is recorded and the bid still applied, so that what follows can be judged, except
where docs/rules.md says otherwise (a stuck dealer's pass, a refused redeal or defend-alone,
and bids after trump or from the wrong seat under a joker upcard are not applied).
"""

from __future__ import annotations

from typing import Final

from .actions import AUCTION_WORDS, Bid, bid_of
from .cards import SUITS, Card, Suit
from .evidence import holds_suit, possible_trumps, proven_cards
from .hand import BIDDING, Hand, Order
from .verdict import Next, Phase


def bid(hand: Hand, index: int, said: Bid) -> None:
    """Check the ``index``-th bid of the hand and apply it (unless the rules say it is void)."""
    seat = said.seat
    hand.bids_made = index + 1
    if said.action == "pass" and pass_in_turn(hand, seat):
        return  # (the usual bid)
    order = (BIDDING, index, 0)
    if hand.thrown_in:
        if said.action == "pass" and seat == hand.dealer == hand.turn and hand.round >= 2:
            hand.turn = (seat + 1) % hand.players  # (a stuck dealer's pass: see _stuck_bare)
            return
        hand.flag(order, "out-of-turn", "bid_after_throw_in", seat=seat)
        return
    if said.action == "defend-alone":
        defend_alone(hand, order, seat)
        return
    if hand.maker is not None:
        late_bid(hand, order, seat)
        return
    if said.action == "redeal":
        redeal_request(hand, order, seat)
        return
    if hand.joker_call_due:
        _joker_call(hand, order, said)
        return
    if said.action in AUCTION_WORDS:
        _auction_action(hand, order, said)
        return
    if seat != hand.turn:
        hand.flag(order, "out-of-turn", "bid_turn", seat=seat, turn=hand.turn)
        hand.turn = seat
    if said.action == "pass":
        _pass(hand, order, seat)
    elif said.action == "order-up":
        _order_up(hand, order, said)
    else:
        _call(hand, order, said)


def passed(hand: Hand, seat: int, round_: int) -> bool:
    """Whether the seat passed in the round (its turn skipped by a bid out of turn: no).
    ``Hand.passes`` has a bit a seat and round: ``1 << (8 * round + seat)``."""
    return bool(hand.passes >> (8 * round_ + seat) & 1)


def pass_in_turn(hand: Hand, seat: int) -> bool:
    """The usual bid, a pass in turn that is not the stuck dealer's, applied: the turn moves
    on, and the dealer's pass ends the round. False, and nothing changed, for any other pass
    (``bid`` judges it); ``unpass`` takes this one back."""
    if (
        seat != hand.turn
        or hand.maker is not None
        or hand.joker_call_due
        or hand.thrown_in
        or (hand.round >= 2 and seat == hand.dealer)
    ):
        return False
    _passed_on(hand, seat)
    return True


def _passed_on(hand: Hand, seat: int) -> None:
    """A pass that moves the bidding on (in turn, or counted as the seat's bid out of turn):
    kept as the seat's in this round, the turn to the next seat, and the dealer's ends the
    round. ``unpass`` takes it back."""
    hand.passes |= 1 << (8 * hand.round + seat)
    if seat == hand.dealer:
        hand.round += 1
    hand.turn = (seat + 1) % hand.players
    _stuck_bare(hand)


def unpass(hand: Hand, seat: int) -> None:
    """Take back the pass ``pass_in_turn`` applied for the seat (and the throw-in it made, if
    it left a stuck dealer bare: the hand was not thrown in before it)."""
    if seat == hand.dealer:
        hand.round -= 1
    hand.passes &= ~(1 << (8 * hand.round + seat))
    hand.turn = seat
    hand.thrown_in = False


def _stuck_bare(hand: Hand) -> None:
    """Round 2 has come back to a dealer who must name a suit and, the dealer's whole hand
    known, holds none they may name: the deal is thrown in there and then, with no breach
    (docs/rules.md); the dealer's pass, where the record has it, is a formality."""
    if (
        hand.round >= 2
        and hand.turn == hand.dealer
        and hand.rules.stuck_dealer == "must-call"
        and not can_name_a_suit(hand, hand.dealer)
    ):
        hand.thrown_in = True


def make(
    hand: Hand, seat: int, trump: Suit | None, alone: bool, *, pickup: bool, round_one: bool
) -> None:
    """Trump is made. ``trump`` is None for an order-up of an upcard nobody reported: the
    makers are known, the suit is not."""
    hand.trump = trump
    hand.maker = seat
    # A lone call the rules don't have is flagged (check_alone) and played as a partnership.
    hand.alone = alone and hand.rules.going_alone
    hand.picked_up = pickup
    hand.round_one = round_one


def _auction_action(hand: Hand, order: Order, said: Bid) -> None:
    """A bid of an auction (a number, a moon, naming trump) in a turn-up game: not a bid this
    game has. It counts as the seat's pass, except for a stuck dealer, who still has to bid."""
    seat = said.seat
    hand.flag(
        order,
        "bid-not-allowed",
        "auction_bid_in_turn_up",
        seat=seat,
        rule="bidding",
        action=said.action,
    )
    if seat != hand.turn:
        hand.flag(order, "out-of-turn", "bid_turn", seat=seat, turn=hand.turn)
        hand.turn = seat
    if hand.round >= 2 and seat == hand.dealer and hand.rules.stuck_dealer != "redeal":
        return
    _pass(hand, order, seat)


def _pass(hand: Hand, order: Order, seat: int) -> None:
    if hand.round >= 2 and seat == hand.dealer:
        stuck = hand.rules.stuck_dealer
        if stuck == "redeal" or (stuck == "must-call" and not can_name_a_suit(hand, seat)):
            hand.thrown_in = True
            return
        key = "dealer_must_take" if stuck == "takes-upcard" else "dealer_must_call"
        hand.flag(order, "dealer-must-call", key, seat=seat, upcard=hand.upcard)
        return
    _passed_on(hand, seat)


def callable_suits(hand: Hand) -> list[Suit]:
    """The suits round 2 lets a seat name (the turned-down one only where the rules allow)."""
    upcard = hand.upcard
    if upcard is None or upcard.suit is None or hand.rules.turned_down_suit_callable:
        return list(SUITS)
    return [suit for suit in SUITS if suit is not upcard.suit]


def can_name_a_suit(hand: Hand, seat: int) -> bool:
    """Whether a stuck dealer under stick the dealer has a suit to name: always, unless the
    rules make a bidder hold the suit and the dealer's whole hand is proven to hold none."""
    if not hand.rules.must_hold_suit:
        return True
    proven = proven_cards(hand, seat)
    return proven is None or any(holds_suit(proven, suit) for suit in callable_suits(hand))


def check_alone(hand: Hand, order: Order, seat: int, alone: bool | None) -> None:
    if alone and not hand.rules.going_alone:
        hand.flag(order, "alone-not-allowed", "no_going_alone", seat=seat)


def check_holds(hand: Hand, order: Order, seat: int, trump: Suit, action: str) -> None:
    if not hand.rules.must_hold_suit:
        return
    proven = proven_cards(hand, seat)
    if proven is not None and not holds_suit(proven, trump):
        hand.flag(order, "must-hold-suit", f"must_hold_{action}", seat=seat, suit=trump)


def check_partner_alone(hand: Hand, order: Order, seat: int, alone: bool | None) -> None:
    """Under partner_must_go_alone, a round-1 order-up by the dealer's partner must be alone."""
    rules = hand.rules
    if rules.partner_must_go_alone and seat in rules.partners_of(hand.dealer) and not alone:
        hand.flag(order, "partner-must-go-alone", "partner_must_go_alone", seat=seat)


def upcard_suit(hand: Hand) -> Suit | None:
    """The upcard's suit, as far as the record tells it (a contract given with the bids names
    it when the upcard is not reported)."""
    upcard = hand.upcard
    if upcard is not None and upcard.suit is not None:
        return upcard.suit
    if hand.given_trump is not None:
        return hand.given_trump
    if upcard is None:
        possible = possible_trumps(hand)
        if len(possible) == 1:
            return possible[0]
    return None


def _order_up(hand: Hand, order: Order, said: Bid) -> None:
    seat = said.seat
    takes_upcard = (
        hand.round == 2 and seat == hand.dealer and hand.rules.stuck_dealer == "takes-upcard"
    )
    if hand.round != 1 and not takes_upcard:
        hand.flag(order, "bid-not-allowed", "order_in_round_two", seat=seat)
    check_alone(hand, order, seat, said.alone)
    # With the upcard unreported the order-up still makes trump, of a suit not yet known
    # unless the record leaves only one.
    trump = upcard_suit(hand)
    if seat != hand.dealer:
        if trump is not None:
            check_holds(hand, order, seat, trump, "order")
        else:
            _check_holds_unseen(hand, order, seat)
    if hand.round == 1 and hand.rules.partner_must_go_alone:
        check_partner_alone(hand, order, seat, said.alone)
    make(hand, seat, trump, said.alone, pickup=True, round_one=hand.round == 1)


def _check_holds_unseen(hand: Hand, order: Order, seat: int) -> None:
    """``must_hold_suit`` for an order-up of an unreported upcard: a breach when the bidder is
    proven to hold no card of any suit the upcard may have."""
    if not hand.rules.must_hold_suit:
        return
    proven = proven_cards(hand, seat)
    if proven is None or any(holds_suit(proven, suit) for suit in possible_trumps(hand)):
        return
    hand.flag(order, "must-hold-suit", "must_hold_unseen", seat=seat)


def _call(hand: Hand, order: Order, said: Bid) -> None:
    seat = said.seat
    suit = said.suit
    assert suit is not None
    upcard = hand.upcard
    if hand.round == 1:
        hand.flag(order, "bid-not-allowed", "call_in_round_one", seat=seat, suit=suit)
    elif seat == hand.dealer and hand.rules.stuck_dealer == "takes-upcard":
        # Whether or not the table wrote the upcard down, the stuck dealer must take it.
        hand.flag(
            order,
            "bid-not-allowed",
            "dealer_must_take_not_call" if upcard is not None else "dealer_must_take_unseen_upcard",
            seat=seat,
            suit=suit,
            upcard=upcard,
        )
    elif upcard is not None and suit is upcard.suit and not hand.rules.turned_down_suit_callable:
        hand.flag(order, "turned-down-suit", "turned_down_suit", seat=seat, suit=suit)
    check_alone(hand, order, seat, said.alone)
    check_holds(hand, order, seat, suit, "call")
    make(hand, seat, suit, said.alone, pickup=False, round_one=False)


def _joker_call(hand: Hand, order: Order, said: Bid) -> None:
    seat = said.seat
    if seat != hand.dealer:
        hand.flag(order, "out-of-turn", "joker_dealer_first", seat=seat, turn=hand.dealer)
        hand.turn = hand.dealer
        return
    if said.action != "call":
        code = "dealer-must-call" if said.action == "pass" else "bid-not-allowed"
        hand.flag(order, code, "joker_dealer_names", seat=seat)
        return
    assert said.suit is not None
    check_alone(hand, order, seat, said.alone)
    hand.joker_call_due = False
    make(hand, seat, said.suit, said.alone, pickup=True, round_one=True)


def late_bid(hand: Hand, order: Order, seat: int) -> None:
    """A bid once trump is made: from a seat sitting out, ``sitting-out``; from any other,
    ``out-of-turn``. (Bid Euchre's auction has its own: variants.md B.7.)"""
    if seat in hand.sitting_out():
        hand.flag_sitting_out(order, seat, "bid_sitting_out")
    else:
        hand.flag(order, "out-of-turn", "bid_after_trump", seat=seat)


#: The words of each refusal of a declaration to defend alone (below): a contract repeating
#: a refused declaration is not ruled on again (`contract`).
DEFEND_REFUSALS: Final = frozenset(
    {
        "defend_before_trump",
        "no_defend_alone",
        "defend_by_maker",
        "defend_needs_loner",
        "defend_again",
        "defend_twice",
    }
)


def defend_alone(hand: Hand, order: Order, seat: int, *, by_contract: bool = False) -> None:
    """A seat defends alone: by its bid, or as the contract names it (``by_contract``: the
    ruling then says the contract named them, since they bid nothing)."""
    rules = hand.rules
    if hand.maker is None:
        hand.flag(order, "alone-not-allowed", "defend_before_trump", seat=seat)
        return
    if seat in hand.sitting_out():
        key = "contract_defender_sitting_out" if by_contract else "bid_sitting_out"
        hand.flag_sitting_out(order, seat, key)
        return
    if not rules.defend_alone:
        hand.flag(order, "alone-not-allowed", "no_defend_alone", seat=seat, rule="defend_alone")
        return
    if rules.team_of(seat) == rules.team_of(hand.maker):
        hand.flag(order, "alone-not-allowed", "defend_by_maker", seat=seat)
        return
    if not hand.alone and not rules.defend_alone_vs_partnership:
        hand.flag(
            order,
            "alone-not-allowed",
            "defend_needs_loner",
            seat=seat,
            rule="defend_alone_vs_partnership",
        )
        return
    if hand.defender_alone is not None:
        key = "defend_again" if seat == hand.defender_alone else "defend_twice"
        hand.flag(order, "alone-not-allowed", key, seat=seat, other=hand.defender_alone)
        return
    hand.defender_alone = seat


def redeal_request(hand: Hand, order: Order, seat: int) -> None:
    """A poor-hand redeal: at the seat's turn in round 1, or, under a joker upcard, by any
    seat until the dealer names trump."""
    if hand.rules.poor_hand_redeal == "off":
        hand.flag(order, "bad-redeal", "redeal_off", seat=seat)
        return
    if hand.round != 1:
        hand.flag(order, "bad-redeal", "redeal_late", seat=seat)
        return
    if seat != hand.turn and not hand.joker_call_due:
        hand.flag(order, "out-of-turn", "bid_turn", seat=seat, turn=hand.turn)
        return
    spoiler = redeal_spoiler(hand, seat)
    if spoiler is not None:
        card, why = spoiler
        hand.flag(order, "bad-redeal", f"redeal_{why}", seat=seat, spoiler=card)
        return
    hand.thrown_in = True


def redeal_spoiler(hand: Hand, seat: int) -> tuple[Card, str] | None:
    """A known card that makes the seat's hand too good for a poor-hand redeal."""
    upcard = hand.upcard
    for card in hand.dealt.get(seat, ()):
        if card.is_face:
            return card, "face"
        if (
            hand.rules.poor_hand_redeal == "no-ace-no-face-no-trump"
            and upcard is not None
            and upcard.suit is not None
            and card.suit is upcard.suit
        ):
            return card, "trump"
    return None


def may_ask_redeal(hand: Hand, seat: int) -> bool:
    """Whether the seat may ask for a poor-hand redeal now, its five cards known."""
    return (
        hand.rules.poor_hand_redeal != "off"
        and hand.maker is None
        and not hand.thrown_in
        and hand.round == 1
        and hand.known_full_hand(seat) is not None
        and redeal_spoiler(hand, seat) is None
    )


# -- who bids next, and what they may bid ------------------------------------------------------


def next_bid(hand: Hand) -> Next:
    seat = hand.dealer if hand.joker_call_due else hand.turn
    return Next(seat, Phase.BIDDING, [b.word for b in legal_bids(hand, seat)])


def legal_bids(hand: Hand, seat: int) -> tuple[Bid, ...]:
    """The bids the seat may make now, sorted by their words; the cards it must hold to make
    a suit trump are checked only when all of its cards are known. (Kept per ruleset for the
    situation: the seat, the round, the upcard and, where they matter, the seat's cards.)"""
    rules = hand.rules
    cards_matter = rules.must_hold_suit or rules.poor_hand_redeal != "off"
    key = (
        seat,
        hand.dealer,
        hand.round,
        hand.joker_call_due,
        hand.upcard,
        tuple(hand.dealt.get(seat, ())) if cards_matter else None,
    )
    cache = hand.tables.legal_bids
    legal = cache.get(key)
    if legal is None:
        if len(cache) >= 1 << 14:
            cache.clear()
        legal = cache[key] = tuple(sorted(_legal_bids(hand, seat), key=_WORD))
    return legal


def _legal_bids(hand: Hand, seat: int) -> list[Bid]:
    rules = hand.rules
    upcard = hand.upcard
    cards = hand.known_full_hand(seat)

    def holds(suit: Suit) -> bool:
        return not rules.must_hold_suit or cards is None or holds_suit(cards, suit)

    def making(action: str, suit: Suit | None = None) -> list[Bid]:
        made = [bid_of(seat, action, suit)]
        if rules.going_alone:
            made.append(bid_of(seat, action, suit, alone=True))
        return made

    legal: list[Bid] = []
    if hand.joker_call_due:
        for suit in SUITS:
            legal += making("call", suit)
    elif hand.round == 1:
        legal.append(bid_of(seat, "pass"))
        if seat == hand.dealer or upcard is None or upcard.suit is None or holds(upcard.suit):
            if rules.partner_must_go_alone and seat in rules.partners_of(hand.dealer):
                legal.append(bid_of(seat, "order-up", alone=True))
            else:
                legal += making("order-up")
    else:
        stuck = seat == hand.dealer
        if stuck and rules.stuck_dealer == "takes-upcard":
            return making("order-up")
        names = [suit for suit in callable_suits(hand) if holds(suit)]
        if not stuck or rules.stuck_dealer == "redeal" or not names:
            legal.append(bid_of(seat, "pass"))
        for suit in names:
            legal += making("call", suit)
    if may_ask_redeal(hand, seat):
        legal.append(bid_of(seat, "redeal"))
    return legal


def _word(bid: Bid) -> str:
    return bid.word


_WORD: Final = _word
