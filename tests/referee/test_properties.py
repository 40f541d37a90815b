"""Properties of the referee, with hypothesis.

Random legal hands, played through ``HandState`` under every preset and a few option
combinations, always check clean, and an independent reading of the rules (following suit,
who leads, who wins each trick, what the hand scores) agrees with the verdict. One illegal
change to a clean hand is always caught first, with the right code, seat and trick. A game's
score is the sum of its hands' awards. ``apply`` then ``undo`` changes nothing, and ``apply``
refuses every action that ``legal_actions`` does not offer.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import referee
from referee import (
    ALL_CARDS,
    JOKER,
    SUITS,
    Action,
    Bid,
    Card,
    Discard,
    HandState,
    IllegalAction,
    Phase,
    Play,
    Ruleset,
    Suit,
    Verdict,
    bid_of,
    random_hand,
)
from referee.egn import game_to_egn, read_game, replay

RULESETS: dict[str, object] = {
    "standard": "standard",
    "uka": "uka",
    "two-handed": "two-handed",
    "three-handed": "three-handed",
    "british": "british",
    "openspiel": "openspiel",
    "defend-alone": {"preset": "standard", "defend_alone": True},
    "canadian-loner": {"preset": "standard", "canadian_loner": True},
    "left-of-loner": {"preset": "british", "loner_lead": "left-of-loner", "defend_alone": True},
    "stuck-dealer-redeal": {"preset": "standard", "stuck_dealer": "redeal"},
    "poor-hand-redeal": {"preset": "standard", "poor_hand_redeal": "no-ace-no-face"},
    "poor-hand-redeal-no-trump": {"preset": "uka", "poor_hand_redeal": "no-ace-no-face-no-trump"},
    "partner-must-go-alone": {"preset": "standard", "partner_must_go_alone": True},
    "openspiel-defend-alone-redeal": {
        "preset": "openspiel",
        "defend_alone": True,
        "stuck_dealer": "redeal",
    },
}
PARSED = {name: Ruleset.parse(value) for name, value in RULESETS.items()}

VIOLATION_CODES = frozenset(
    {
        "card-not-in-deck",
        "card-reused",
        "card-not-held",
        "out-of-turn",
        "bid-not-allowed",
        "wrong-lead",
        "sitting-out",
        "renege",
        "turned-down-suit",
        "must-hold-suit",
        "dealer-must-call",
        "alone-not-allowed",
        "partner-must-go-alone",
        "discard-not-allowed",
        "bad-redeal",
        "too-many-cards",
        "contract-mismatch",
        "claim-mismatch",
    }
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
ruleset_names = st.sampled_from(sorted(RULESETS))


def one_fault(
    examples: int, names: st.SearchStrategy[str] = ruleset_names, **more: st.SearchStrategy[Any]
) -> Callable[[Callable[..., None]], Any]:
    """Run a test that breaks one thing in a random clean hand `examples` times: it is given
    the ruleset's name, the deal's seed, a seeded pick of what to break, whether the record
    keeps the hands, and `more`."""
    return lambda test: settings(max_examples=examples, deadline=None)(
        given(
            name=names,
            seed=seeds,
            pick=st.randoms(use_true_random=False),
            hands_known=st.booleans(),
            **more,
        )(test)
    )


# -- the rules, read independently of the referee --------------------------------------------

RANKS_LOW_TO_HIGH = "789TJQKA"
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def suit_in_play(card: Card, trump: Suit) -> Suit:
    """The suit a card follows: the joker and the left bower are trumps."""
    if card.suit is None:
        return trump
    if card.rank == "J" and card.suit.value == SAME_COLOUR[trump.value]:
        return trump
    return card.suit


def trick_power(card: Card, trump: Suit, led: Suit) -> int:
    if card.suit is None:
        return 300
    if card.rank == "J" and card.suit is trump:
        return 200
    if card.rank == "J" and card.suit.value == SAME_COLOUR[trump.value]:
        return 199
    if card.suit is trump:
        return 100 + RANKS_LOW_TO_HIGH.index(card.rank)
    if card.suit is led:
        return RANKS_LOW_TO_HIGH.index(card.rank)
    return -1


def team_of(ruleset: Ruleset, seat: int) -> int:
    return seat % 2 if ruleset.players == 4 else seat


def sitting_out(ruleset: Ruleset, maker: int, alone: bool, defender_alone: int | None) -> set[int]:
    out = set()
    if ruleset.players == 4:
        if alone:
            out.add((maker + 2) % 4)
        if defender_alone is not None:
            out.add((defender_alone + 2) % 4)
    return out


def expected_award(
    ruleset: Ruleset, maker: int, maker_tricks: int, alone: bool, defender_alone: int | None
) -> tuple[str, dict[int, int]]:
    """The award the spec gives a finished hand with no renege."""
    points = ruleset.points
    makers = team_of(ruleset, maker)
    teams = 2 if ruleset.players == 4 else ruleset.players
    defenders = [t for t in range(teams) if t != makers]
    if maker_tricks == 5:
        if alone:
            return "lone-march", {makers: points.lone_march}
        return "march", {makers: points.march}
    if maker_tricks >= 3 and not (alone and points.lone_short_is_euchre):
        if alone:
            return "lone-make", {makers: points.lone_make}
        return "make", {makers: points.make}
    if defender_alone is not None:
        return "defend-alone-euchre", dict.fromkeys(defenders, points.defend_alone_euchre)
    if alone:
        return "lone-euchre", dict.fromkeys(defenders, points.lone_euchre)
    return "euchre", dict.fromkeys(defenders, points.euchre)


def making_bid(record: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
    """The bid that made trump and its bidding round (1 or 2), from the record's bids."""
    players = Ruleset.parse(record["ruleset"]).players
    turns = 0
    for bid in record["bids"]:
        if bid["action"] in ("order-up", "call"):
            return (1 if turns < players else 2), bid
        if bid["action"] == "pass":
            turns += 1
    return None


def assert_plays_follow_the_rules(record: dict[str, Any], verdict: Verdict) -> None:
    """Who leads, following suit, trick winners, maker tricks and the award, from the record."""
    ruleset = Ruleset.parse(record["ruleset"])
    contract = verdict.contract
    assert contract is not None
    made = making_bid(record)
    assert made is not None
    round_made, bid = made
    upcard = referee.card_of(record["upcard"])
    if bid["action"] == "call" and upcard is not JOKER:
        assert round_made == 2
    assert contract.trump is (upcard.suit if bid["action"] == "order-up" else Suit(bid["suit"]))
    assert contract.maker == bid["seat"]
    assert contract.alone == bid.get("alone", False)
    trump, maker = contract.trump, contract.maker
    out = sitting_out(ruleset, maker, contract.alone, contract.defender_alone)
    dealer = record["dealer"]
    held = {int(s): [referee.card_of(c) for c in cs] for s, cs in record["hands"].items()}
    took_upcard = bid["action"] == "order-up" or upcard is JOKER
    if took_upcard and dealer not in out:
        discard = referee.card_of(record["discard"])
        held[dealer] = [c for c in held[dealer] if c is not discard]
        if upcard is not discard:
            held[dealer].append(upcard)
    else:
        assert "discard" not in record
    active = [s for s in range(ruleset.players) if s not in out]

    def left_of(seat: int) -> int:
        return (
            next(
                s
                for s in range(seat + 1, seat + 1 + ruleset.players)
                if s % ruleset.players in active
            )
            % ruleset.players
        )

    loner_leads = contract.alone and (
        ruleset.loner_lead == "left-of-loner"
        or (ruleset.canadian_loner and bid["action"] == "order-up" and round_made == 1)
    )
    leader = left_of(maker if loner_leads else dealer)
    maker_tricks = 0
    assert len(record["tricks"]) == 5
    for number, (trick, result) in enumerate(zip(record["tricks"], verdict.tricks, strict=True)):
        seats = [p["seat"] for p in trick]
        order = [s % ruleset.players for s in range(leader, leader + ruleset.players)]
        assert seats == [s for s in order if s in active], f"trick {number + 1} order"
        plays = [(p["seat"], referee.card_of(p["card"])) for p in trick]
        led = suit_in_play(plays[0][1], trump)
        for seat, card in plays:
            assert card in held[seat], f"{seat} played {card} it does not hold"
            if suit_in_play(card, trump) is not led:
                assert all(suit_in_play(c, trump) is not led for c in held[seat]), "renege"
            held[seat].remove(card)
        leader = max(plays, key=lambda p: trick_power(p[1], trump, led))[0]
        assert result.winner == leader
        maker_tricks += team_of(ruleset, leader) == team_of(ruleset, maker)
    assert verdict.maker_tricks == maker_tricks
    reason, points = expected_award(
        ruleset, maker, maker_tricks, contract.alone, contract.defender_alone
    )
    assert verdict.award is not None
    assert (verdict.award.reason, verdict.award.points) == (reason, points)


def assert_in_play_order(verdict: Verdict) -> None:
    """Bidding breaches (no trick) come first, then the plays' breaches trick by trick."""
    tricks = [v.trick for v in verdict.violations if v.code != "claim-mismatch"]
    numbers = [0 if t is None else t for t in tricks]
    assert numbers == sorted(numbers), [(v.code, v.trick) for v in verdict.violations]


# -- playing hands ---------------------------------------------------------------------------

Chooser = Callable[[list[Action]], Action]


def play_out(state: HandState, choose: Chooser, defend_alone: Callable[[], bool]) -> HandState:
    while not state.is_over:
        assert_legal_cards_are_the_rules(state)
        options = state.defend_alone_options()
        if not options or not defend_alone():
            options = state.legal_actions()
        assert options, "an unfinished hand always has a legal action"
        state.apply(choose(options))
    return state


def assert_legal_cards_are_the_rules(state: HandState) -> None:
    """The discards and plays offered are exactly what the rules allow, no more, no fewer."""
    upcoming = state.verdict.next
    assert upcoming is not None
    if upcoming.phase == "bidding":
        return
    legal = state.legal_actions()
    seat, upcard, dealer = upcoming.seat, state.upcard, state.dealer
    if upcoming.phase == "discard":
        assert seat == dealer
        allowed = [*state.hands[dealer]]
        if state.ruleset.dealer_may_discard_upcard:
            allowed.append(upcard)
        assert {a.card for a in legal if isinstance(a, Discard)} == set(allowed)
        assert len(legal) == len(allowed)
        return
    contract = state.verdict.contract
    assert contract is not None
    trump = contract.trump
    held = list(state.hands[seat])
    discard = next((a.card for a in state.actions if isinstance(a, Discard)), None)
    if seat == dealer and discard is not None:
        held = [c for c in held if c is not discard] + ([upcard] if upcard is not discard else [])
    plays = [a for a in state.actions if isinstance(a, Play)]
    held = [c for c in held if c not in {p.card for p in plays if p.seat == seat}]
    out = sitting_out(state.ruleset, contract.maker, contract.alone, contract.defender_alone)
    in_trick = len(plays) % (state.ruleset.players - len(out))
    if in_trick:
        led = suit_in_play(plays[-in_trick].card, trump)
        following = [c for c in held if suit_in_play(c, trump) is led]
        held = following or held
    assert all(isinstance(a, Play) and a.seat == seat for a in legal)
    assert sorted(a.card.code for a in legal if isinstance(a, Play)) == sorted(c.code for c in held)


def check_clean(state: HandState) -> Verdict:
    record = state.to_json()
    verdict = referee.check(json.loads(json.dumps(record)))
    assert verdict.ok, [(v.code, v.message) for v in verdict.violations]
    assert verdict.complete
    assert verdict.next is None
    assert verdict.award == state.award
    assert verdict.to_json() == state.verdict.to_json()
    if verdict.award == referee.THROWN_IN:
        assert verdict.contract is None or verdict.tricks == []
    else:
        assert_plays_follow_the_rules(record, verdict)
        contract = verdict.contract
        assert contract is not None and verdict.maker_tricks is not None
        quick = referee.score(
            state.ruleset,
            maker=contract.maker,
            maker_tricks=verdict.maker_tricks,
            alone=contract.alone,
            defender_alone=contract.defender_alone,
        )
        assert quick == verdict.award
    plays_only = referee.check(without_hands(record))
    assert plays_only.ok, [(v.code, v.message) for v in plays_only.violations]
    assert plays_only.award == verdict.award
    assert [t.winner for t in plays_only.tricks] == [t.winner for t in verdict.tricks]
    return verdict


def without_hands(record: dict[str, Any]) -> dict[str, Any]:
    """The record of a table that wrote down the bidding and the plays but not the deal."""
    return {key: value for key, value in record.items() if key != "hands"}


# -- random legal hands check clean ----------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(name=ruleset_names, seed=seeds)
def test_a_random_legal_hand_checks_clean(name: str, seed: int) -> None:
    check_clean(random_hand(PARSED[name], random.Random(seed)))


def any_dealer(ruleset: Ruleset, rng: random.Random) -> HandState:
    """A fresh deal by a dealer `rng` picks."""
    return HandState.deal(ruleset, dealer=rng.randrange(ruleset.players), rng=rng)


def played_by_hypothesis(examples: int) -> Callable[[Callable[..., None]], Any]:
    """Run a test `examples` times on a hand Hypothesis plays: it is given the ruleset's name,
    the deal's seed and Hypothesis's data to draw each action from."""
    return lambda test: settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )(given(name=ruleset_names, seed=seeds, data=st.data())(test))


@played_by_hypothesis(200)
def test_a_hand_played_by_hypothesis_checks_clean(
    name: str, seed: int, data: st.DataObject
) -> None:
    state = any_dealer(PARSED[name], random.Random(seed))
    play_out(
        state,
        lambda options: options[data.draw(st.integers(0, len(options) - 1))],
        lambda: data.draw(st.booleans()),
    )
    check_clean(state)


def poor_deal(ruleset: Ruleset, rng: random.Random) -> HandState:
    """A deal where the seat left of the dealer holds no ace, face card, joker or upcard suit."""
    cards = sorted(referee.deck(ruleset.deck), key=lambda c: c.index)
    rng.shuffle(cards)
    dealer = rng.randrange(ruleset.players)
    upcard = next(c for c in cards if c.suit is not None)
    poor = [c for c in cards if not c.is_face and c.suit is not upcard.suit][:5]
    rest = [c for c in cards if c not in poor and c is not upcard]
    hands = {(dealer + 1) % ruleset.players: poor}
    for seat in range(ruleset.players):
        if seat not in hands:
            hands[seat], rest = rest[:5], rest[5:]
    return HandState(ruleset, dealer=dealer, hands=hands, upcard=upcard)


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(["poor-hand-redeal", "poor-hand-redeal-no-trump"]), seed=seeds)
def test_a_poor_hand_may_ask_for_a_redeal_and_the_hand_is_thrown_in(name: str, seed: int) -> None:
    state = poor_deal(PARSED[name], random.Random(seed))
    first = (state.dealer + 1) % state.ruleset.players
    assert Bid(first, "redeal") in state.legal_actions()
    state.apply(Bid(first, "redeal"))
    verdict = check_clean(state)
    assert verdict.award == referee.THROWN_IN
    assert state.legal_actions() == []


# -- one injected fault is caught first, at the right place ----------------------------------


def clean_hand(
    ruleset: Ruleset, rng: random.Random, policy: Callable[[HandState, list[Action]], Action]
) -> dict[str, Any]:
    state = any_dealer(ruleset, rng)
    while not state.is_over:
        state.apply(policy(state, state.legal_actions()))
    record = state.to_json()
    assert referee.check(record).ok
    return record


def seat_holdings(record: dict[str, Any]) -> dict[int, list[Card]]:
    """The cards each seat holds when play starts (the dealer's after the pick-up)."""
    held = {int(s): [referee.card_of(c) for c in cs] for s, cs in record["hands"].items()}
    if "discard" in record:
        dealer = record["dealer"]
        discard = referee.card_of(record["discard"])
        held[dealer] = [c for c in held[dealer] if c is not discard]
        upcard = referee.card_of(record["upcard"])
        if upcard is not discard:
            held[dealer].append(upcard)
    return held


def first_violation(record: dict[str, Any]) -> tuple[str, int | None, int | None, str | None]:
    verdict = referee.check(record)
    assert not verdict.ok
    assert_in_play_order(verdict)
    first = verdict.violations[0]
    return first.code, first.seat, first.trick, None if first.card is None else first.card.code


def any_legal(rng: random.Random) -> Callable[[HandState, list[Action]], Action]:
    return lambda _state, options: options[rng.randrange(len(options))]


@one_fault(200)
def test_a_renege_is_caught_at_its_trick(
    name: str, seed: int, pick: random.Random, hands_known: bool
) -> None:
    """Known hands prove the renege; without them, the seat's later play of the suit does."""
    ruleset = PARSED[name]
    rng = random.Random(seed)
    while True:
        record = clean_hand(ruleset, rng, any_legal(rng))
        if not record["tricks"]:
            continue
        trump = referee.check(record).contract.trump  # type: ignore[union-attr]
        held = seat_holdings(record)
        chances = []  # (trick, position, off-suit card, its trick, its position)
        where = {
            (play["seat"], play["card"]): (t, p)
            for t, trick in enumerate(record["tricks"])
            for p, play in enumerate(trick)
        }
        for t, trick in enumerate(record["tricks"]):
            led = suit_in_play(referee.card_of(trick[0]["card"]), trump)
            for p, play in enumerate(trick):
                seat = play["seat"]
                if p > 0 and suit_in_play(referee.card_of(play["card"]), trump) is led:
                    for other in held[seat]:
                        later = where.get((seat, other.code))
                        if later and later[0] > t and suit_in_play(other, trump) is not led:
                            chances.append((t, p, other.code, *later))
                held[seat].remove(referee.card_of(play["card"]))
        if chances:
            break
    t, p, off_suit, later_t, later_p = pick.choice(chances)
    seat = record["tricks"][t][p]["seat"]
    followed = record["tricks"][t][p]["card"]
    faulty = copy.deepcopy(record)
    faulty["tricks"][t][p]["card"] = off_suit
    faulty["tricks"][later_t][later_p]["card"] = followed
    if not hands_known:
        faulty = without_hands(faulty)
    assert first_violation(faulty) == ("renege", seat, t + 1, off_suit)
    verdict = referee.check(faulty)
    contract = verdict.contract
    assert contract is not None and verdict.complete
    anyone_alone = contract.alone or contract.defender_alone is not None
    value = ruleset.points.renege_alone if anyone_alone else ruleset.points.renege
    offenders = team_of(ruleset, seat)
    makers = team_of(ruleset, contract.maker)
    teams = 2 if ruleset.players == 4 else ruleset.players
    # The side that did not renege: the makers, or every defending team.
    side = [makers] if offenders != makers else [t for t in range(teams) if t != makers]
    assert verdict.award == referee.Award("renege", dict.fromkeys(side, value))


def hand_with_tricks(ruleset: Ruleset, rng: random.Random, count: int) -> dict[str, Any]:
    record = clean_hand(ruleset, rng, any_legal(rng))
    while len(record["tricks"]) < count:
        record = clean_hand(ruleset, rng, any_legal(rng))
    return record


@one_fault(200)
def test_a_card_played_twice_is_caught(
    name: str, seed: int, pick: random.Random, hands_known: bool
) -> None:
    ruleset = PARSED[name]
    record = hand_with_tricks(ruleset, random.Random(seed), 2)
    t = pick.randrange(1, len(record["tricks"]))
    p = pick.randrange(len(record["tricks"][t]))
    seat = record["tricks"][t][p]["seat"]
    # A seat replaying its own card with no hands reported: see the test after this one.
    earlier = [
        play["card"]
        for trick in record["tricks"][:t]
        for play in trick
        if hands_known or play["seat"] != seat
    ]
    again = pick.choice(earlier)
    faulty = copy.deepcopy(record)
    faulty["tricks"][t][p]["card"] = again
    if not hands_known:
        faulty = without_hands(faulty)
    assert first_violation(faulty) == ("card-reused", seat, t + 1, again)


@settings(max_examples=40, deadline=None)
@given(name=ruleset_names, seed=seeds)
def test_a_card_played_again_proves_no_earlier_renege(name: str, seed: int) -> None:
    """A seat plays X, later shows out of X's suit, then plays X again: only the reuse is a
    breach; X was gone when the seat showed out, so no renege is proven."""
    ruleset = PARSED[name]
    rng = random.Random(seed)
    while True:
        record = hand_with_tricks(ruleset, rng, 3)
        trump = referee.check(record).contract.trump  # type: ignore[union-attr]
        tricks = record["tricks"]
        chances = []  # (trick of the reuse, position, card) after a show-out of its suit
        for first, trick in enumerate(tricks):
            for play in trick:
                seat, card = play["seat"], referee.card_of(play["card"])
                suit = suit_in_play(card, trump)
                shown_out = False
                for later in range(first + 1, len(tricks)):
                    led = suit_in_play(referee.card_of(tricks[later][0]["card"]), trump)
                    for p, other in enumerate(tricks[later]):
                        if other["seat"] != seat:
                            continue
                        if shown_out:
                            chances.append((later, p, card.code))
                        elif p > 0 and led is suit:
                            played = referee.card_of(other["card"])
                            shown_out = suit_in_play(played, trump) is not suit
        if chances:
            break
    t, p, again = chances[0]
    seat = tricks[t][p]["seat"]
    faulty = without_hands(copy.deepcopy(record))
    faulty["tricks"][t][p]["card"] = again
    assert first_violation(faulty) == ("card-reused", seat, t + 1, again)


# -- an order-up whose upcard is not reported ------------------------------------------------


def ordered_up_hand(ruleset: Ruleset, rng: random.Random) -> dict[str, Any]:
    """A clean hand whose trump was made by an order-up, with at least one play."""
    while True:
        record = clean_hand(ruleset, rng, any_legal(rng))
        made = making_bid(record) if record.get("tricks") else None
        if made is not None and made[1]["action"] == "order-up":
            return record


def violations_of(verdict: Verdict) -> list[tuple[str, int | None, int | None, str | None]]:
    return [
        (v.code, v.seat, v.trick, None if v.card is None else v.card.code)
        for v in verdict.violations
    ]


@one_fault(300, changes=st.integers(min_value=0, max_value=3))
def test_with_the_upcard_unreported_only_what_the_upcard_would_rule_is_ruled(
    name: str, seed: int, pick: random.Random, changes: int, hands_known: bool
) -> None:
    """Soundness: a hand, clean or with cards changed, checked again without its upcard. Every
    breach ruled then is ruled with the upcard too, and every winner, award, next seat and
    legal card list reported is the one the upcard gives. (Not when a seat other than the
    dealer plays the upcard: without it, the record gives that card to that seat.)"""
    ruleset = PARSED[name]
    record = ordered_up_hand(ruleset, random.Random(seed))
    faulty = copy.deepcopy(record)
    plays = [play for trick in faulty["tricks"] for play in trick]
    cards = sorted(referee.deck(ruleset.deck), key=lambda c: c.index)
    for _ in range(changes):
        pick.choice(plays)["card"] = pick.choice(cards).code
    if pick.random() < 0.5:  # a hand stopped after some play
        keep = pick.randrange(1, len(plays) + 1)
        cut, count = [], 0
        for trick in faulty["tricks"]:
            if count < keep:
                cut.append(trick[: keep - count])
            count += len(trick)
        faulty["tricks"] = cut
    if not hands_known:
        faulty = without_hands(faulty)
    upcard, dealer = faulty["upcard"], faulty["dealer"]
    assume(not any(p["card"] == upcard and p["seat"] != dealer for p in plays))
    known = referee.check(faulty)
    unseen = referee.check({key: value for key, value in faulty.items() if key != "upcard"})
    ruled = violations_of(known)
    for violation in violations_of(unseen):
        assert violation in ruled, (violation, ruled)
        ruled.remove(violation)
    assert len(unseen.tricks) == len(known.tricks)
    for without, with_ in zip(unseen.tricks, known.tricks, strict=True):
        assert without.winner in (None, with_.winner)
        assert without.leader in (None, with_.leader)
    assert unseen.maker_tricks in (None, known.maker_tricks)
    if unseen.award is not None:
        assert unseen.award == known.award and unseen.complete
    if unseen.next is not None and not known.complete:  # (a renege ends the hand: no next)
        assert known.next is not None
        assert (unseen.next.seat, unseen.next.phase) == (known.next.seat, known.next.phase)
        if unseen.next.legal is not None and unseen.next.phase is referee.Phase.PLAY:
            assert sorted(unseen.next.legal) == sorted(known.next.legal or [])


def passes_until(stop: Callable[[HandState], bool], rng: random.Random) -> Callable[..., Action]:
    """Pass in the bidding until ``stop`` says so, then play any legal action."""

    def policy(state: HandState, options: list[Action]) -> Action:
        passes = [a for a in options if isinstance(a, Bid) and a.action == "pass"]
        if passes and not stop(state):
            return passes[0]
        makes = [a for a in options if not isinstance(a, Bid) or a.action != "pass"]
        return rng.choice(makes or options)

    return policy


def in_round_two(state: HandState) -> bool:
    passes = sum(1 for a in state.actions if isinstance(a, Bid) and a.action == "pass")
    return passes >= state.ruleset.players


@settings(max_examples=100, deadline=None)
@given(name=ruleset_names, seed=seeds)
def test_calling_the_turned_down_suit_is_caught(name: str, seed: int) -> None:
    rng = random.Random(seed)
    ruleset = PARSED[name]
    while True:
        record = clean_hand(ruleset, rng, passes_until(in_round_two, rng))
        calls = [(i, b) for i, b in enumerate(record["bids"]) if b["action"] == "call"]
        if calls and record["upcard"] != "JOKER":
            break
    index, call = calls[0]
    faulty = copy.deepcopy(record)
    faulty["bids"][index]["suit"] = record["upcard"][-1]
    assert first_violation(faulty) == ("turned-down-suit", call["seat"], None, None)


def dealer_is_stuck(state: HandState) -> bool:
    passes = sum(1 for a in state.actions if isinstance(a, Bid) and a.action == "pass")
    return passes == 2 * state.ruleset.players - 1


STUCK = sorted(n for n, r in PARSED.items() if r.stuck_dealer != "redeal")


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(STUCK), seed=seeds)
def test_a_stuck_dealers_pass_is_caught(name: str, seed: int) -> None:
    rng = random.Random(seed)
    ruleset = PARSED[name]
    record = clean_hand(ruleset, rng, passes_until(dealer_is_stuck, rng))
    while record["upcard"] == "JOKER":
        record = clean_hand(ruleset, rng, passes_until(dealer_is_stuck, rng))
    index = 2 * ruleset.players - 1
    stuck_bid = record["bids"][index]
    assert stuck_bid["seat"] == record["dealer"]
    assert stuck_bid["action"] in ("call", "order-up")
    faulty = copy.deepcopy(record)
    faulty["bids"][index] = {"seat": record["dealer"], "action": "pass"}
    assert first_violation(faulty) == ("dealer-must-call", record["dealer"], None, None)


def goes_alone(rng: random.Random) -> Callable[[HandState, list[Action]], Action]:
    """The first seat that can go alone does; a defender may then defend alone."""

    def policy(state: HandState, options: list[Action]) -> Action:
        lone = [a for a in options if isinstance(a, Bid) and a.alone]
        if lone:
            return rng.choice(lone)
        defend = state.defend_alone_options()
        if defend and rng.random() < 0.5:
            return rng.choice(defend)
        passes = [a for a in options if isinstance(a, Bid) and a.action == "pass"]
        return passes[0] if passes else rng.choice(options)

    return policy


LONE = sorted(n for n, r in PARSED.items() if r.going_alone)


@one_fault(120, st.sampled_from(LONE))
def test_a_sitting_out_partners_play_is_caught(
    name: str, seed: int, pick: random.Random, hands_known: bool
) -> None:
    rng = random.Random(seed)
    ruleset = PARSED[name]
    while True:
        record = clean_hand(ruleset, rng, goes_alone(rng))
        contract = referee.check(record).contract
        if contract is not None and contract.alone and record["tricks"]:
            break
    out = sorted(sitting_out(ruleset, contract.maker, contract.alone, contract.defender_alone))
    seat = pick.choice(out)
    card = pick.choice([c for c in record["hands"][str(seat)] if c != record.get("discard")])
    t = pick.randrange(len(record["tricks"]))
    p = pick.randrange(len(record["tricks"][t]) + 1)
    faulty = copy.deepcopy(record)
    faulty["tricks"][t].insert(p, {"seat": seat, "card": card})
    if not hands_known:
        faulty = without_hands(faulty)
    assert first_violation(faulty) == ("sitting-out", seat, t + 1, card)


@one_fault(200)
def test_a_wrong_leader_is_caught(
    name: str, seed: int, pick: random.Random, hands_known: bool
) -> None:
    rng = random.Random(seed)
    record = clean_hand(PARSED[name], rng, any_legal(rng))
    while not record["tricks"]:
        record = clean_hand(PARSED[name], rng, any_legal(rng))
    t = pick.randrange(len(record["tricks"]))
    trick = record["tricks"][t]
    turn = pick.randrange(1, len(trick))
    faulty = copy.deepcopy(record)
    faulty["tricks"][t] = trick[turn:] + trick[:turn]
    if not hands_known:
        faulty = without_hands(faulty)
    first = faulty["tricks"][t][0]
    assert first_violation(faulty) == ("wrong-lead", first["seat"], t + 1, first["card"])


# -- score = sum of awards -------------------------------------------------------------------

EGN_RULESETS = ["standard", "british", "defend-alone", "stuck-dealer-redeal", "left-of-loner"]


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(EGN_RULESETS), seed=seeds)
def test_a_games_score_is_the_sum_of_its_hands_awards(name: str, seed: int) -> None:
    ruleset = PARSED[name]
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    score = [0, 0]
    running: list[list[int]] = []
    hands: list[tuple[dict[str, Any], Verdict]] = []
    winner = None
    while winner is None:
        state = random_hand(ruleset, rng, dealer=dealer)
        verdict = check_clean(state)
        assert verdict.award is not None
        for team, points in verdict.award.points.items():
            score[team] += points
        running.append(list(score))
        hands.append((state.to_json(), verdict))
        if max(score) >= ruleset.target:
            winner = score.index(max(score))
        dealer = (dealer + 1) % 4
    assert sum(score) == sum(sum(v.award.points.values()) for _, v in hands)  # type: ignore[union-attr]
    game = json.loads(json.dumps(game_to_egn(hands)))
    result = replay(read_game(game))
    assert result.ok
    assert [list(deal.score) for deal in result.deals] == running
    assert list(result.final_score) == score
    assert result.winner == winner


# -- apply and undo --------------------------------------------------------------------------


def any_action(ruleset: Ruleset) -> st.SearchStrategy[Action]:
    """Any action of a turn-up game, each as its game writes it: a bid's fields other than
    its seat and action given here (left to Hypothesis, a pass could be drawn `alone`, which
    is a pass: see test_a_pass_said_alone_is_a_pass)."""
    seat = st.integers(0, ruleset.players - 1)
    card = st.sampled_from(ALL_CARDS)
    suit = st.sampled_from(SUITS)

    def bids(action: str, suit: Any = None, alone: Any = None) -> Any:
        named = st.none() if suit is None else suit
        lone = st.just(False) if alone is None else alone
        return st.builds(Bid, seat, st.just(action), named, lone, st.none(), st.none())

    return st.one_of(
        bids("pass"),
        bids("order-up", alone=st.booleans()),
        bids("call", suit, st.booleans()),
        bids("redeal"),
        bids("defend-alone"),
        st.builds(Discard, card),
        st.builds(Play, seat, card),
    )


ANY_ACTION = {name: any_action(ruleset) for name, ruleset in PARSED.items()}


def snapshot(state: HandState) -> tuple[object, ...]:
    """What the state says of itself (its verdict too is read from the state, not replayed)."""
    return (
        list(state.legal_actions()),
        state.defend_alone_options(),
        state.to_json(),
        state.verdict.to_json(),
        list(state.actions),
    )


@pytest.mark.parametrize("name", sorted(PARSED))
def test_a_pass_said_alone_is_a_pass(name: str) -> None:
    """Going alone is declared with a making bid: a seat that passes "alone" has passed, in a
    state as in a record (docs/rules.md)."""
    said, plain = (any_dealer(PARSED[name], random.Random(7)) for _ in range(2))
    passes = 0
    while said.phase is Phase.BIDDING and said.to_act is not None:
        passing = bid_of(said.to_act, "pass")
        if passing not in plain.legal_actions():
            break  # (a stuck dealer)
        said.apply(passing._replace(alone=True))
        plain.apply(passing)
        passes += 1
        assert said.legal_actions() == plain.legal_actions()
        assert said.verdict.to_json() == plain.verdict.to_json()
    assert passes >= PARSED[name].players - 1
    assert referee.check(said.to_json()).to_json() == referee.check(plain.to_json()).to_json()


@played_by_hypothesis(100)
def test_apply_then_undo_restores_the_state_and_illegal_actions_are_refused(
    name: str, seed: int, data: st.DataObject
) -> None:
    state = any_dealer(PARSED[name], random.Random(seed))
    while True:
        before = snapshot(state)
        legal = state.legal_actions() + state.defend_alone_options()
        wild = data.draw(ANY_ACTION[name], label="any action")
        if wild not in legal:
            with pytest.raises(IllegalAction) as refused:
                state.apply(wild)
            assert refused.value.code in VIOLATION_CODES
            assert snapshot(state) == before
        if state.is_over:
            assert legal == []
            break
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="legal action")]
        state.apply(action)
        after = snapshot(state)
        assert state.undo() == action
        assert snapshot(state) == before
        state.apply(action)
        assert snapshot(state) == after
    assert referee.check(state.to_json()).ok
    with pytest.raises(IndexError):
        while True:
            state.undo()
    assert state.actions == []
