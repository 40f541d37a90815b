"""``HandState``: a hand played action by action, every card known."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import referee
from referee import (
    JOKER,
    PRESETS,
    Bid,
    Card,
    Discard,
    HandState,
    IllegalAction,
    Play,
    Ruleset,
    Suit,
    cards,
)

# Dealer 3 turns the 10 of hearts. Seat 0 holds the top hearts, the others one suit each.
HANDS = {
    0: cards("JH JD AH KH QH"),
    1: cards("9C TC JC QC KC"),
    2: cards("9S TS JS QS KS"),
    3: cards("9D TD QD KD AD"),
}
UPCARD = cards("TH")[0]


def table(preset: str = "standard", **changes: object) -> HandState:
    ruleset = Ruleset.parse({"preset": preset, **changes}) if changes else PRESETS[preset]
    return HandState(ruleset, dealer=3, hands=HANDS, upcard=UPCARD)


def codes(actions: list[referee.Action]) -> set[str]:
    return {str(a) for a in actions}


def refused(state: HandState, action: referee.Action) -> str:
    """Apply an action that must be refused; return its code, and check nothing changed."""
    before = (state.to_json(), list(state.legal_actions()))
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert error.value.message
    assert (state.to_json(), list(state.legal_actions())) == before
    return error.value.code


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_deal_gives_a_hand_of_different_cards_to_every_seat_and_turns_one_up(
    preset: str,
) -> None:
    ruleset = PRESETS[preset]
    state = HandState.deal(ruleset, dealer=0, rng=random.Random(7))
    assert sorted(state.hands) == list(range(ruleset.players))
    dealt = [card for hand in state.hands.values() for card in hand]
    assert all(len(hand) == ruleset.hand_size for hand in state.hands.values())
    if ruleset.auction:  # every card dealt, none turned up
        assert state.upcard is None and set(dealt) == referee.deck(ruleset.deck)
        assert len(dealt) == ruleset.deck
    else:
        assert len({*dealt, state.upcard}) == len(dealt) + 1
        assert {*dealt, state.upcard} <= referee.deck(ruleset.deck)
    assert state.actions == [] and not state.is_over and state.award is None


def test_deals_differ_with_the_shuffle_and_repeat_with_the_seed() -> None:
    deal = [HandState.deal(PRESETS["standard"], dealer=0, rng=random.Random(s)) for s in (1, 1, 2)]
    assert deal[0].hands == deal[1].hands and deal[0].upcard is deal[1].upcard
    assert deal[0].hands != deal[2].hands


def test_the_seat_left_of_the_dealer_bids_first() -> None:
    state = table()
    assert (state.phase, state.to_act) == ("bidding", 0)
    assert codes(state.legal_actions()) == {"pass", "order-up", "order-up-alone"}
    assert {a.seat for a in state.legal_actions() if isinstance(a, Bid)} == {0}
    assert state.verdict.next is not None and state.verdict.next.phase == "bidding"


def test_two_handed_bidding_has_no_alone_and_the_non_dealer_bids_first() -> None:
    ruleset = PRESETS["two-handed"]
    state = HandState(ruleset, dealer=0, hands={0: HANDS[0], 1: HANDS[1]}, upcard=UPCARD)
    assert set(state.legal_actions()) == {Bid(1, "pass"), Bid(1, "order-up")}


def test_uka_must_hold_suit_leaves_only_pass_to_a_seat_without_the_suit() -> None:
    state = HandState(PRESETS["uka"], dealer=0, hands=HANDS, upcard=UPCARD)
    assert state.legal_actions() == [Bid(1, "pass")]
    assert refused(state, Bid(1, "order-up")) == "must-hold-suit"


def test_a_joker_upcard_has_the_dealer_name_trump_first() -> None:
    state = HandState(PRESETS["british"], dealer=3, hands=HANDS, upcard=JOKER)
    legal = state.legal_actions()
    assert {a.seat for a in legal if isinstance(a, Bid)} == {3}
    assert codes(legal) == {f"call:{s}{a}" for s in "CDHS" for a in ("", "-alone")}
    state.apply(Bid(3, "call", Suit.SPADES))
    assert codes(state.legal_actions()) == {f"discard:{c}" for c in [*HANDS[3], JOKER]}


def test_the_dealer_discards_after_an_order_up() -> None:
    state = table()
    state.apply(Bid(0, "order-up"))
    assert state.verdict.next is not None and state.verdict.next.phase == "discard"
    assert set(state.legal_actions()) == {Discard(c) for c in [*HANDS[3], UPCARD]}
    assert refused(state, Play(0, cards("JH")[0])) == "out-of-turn"
    state.apply(Discard(cards("9D")[0]))
    assert set(state.legal_actions()) == {Play(0, c) for c in HANDS[0]}


def test_openspiel_dealer_may_not_discard_the_upcard() -> None:
    state = table("openspiel")
    state.apply(Bid(0, "order-up"))
    assert Discard(UPCARD) not in state.legal_actions()
    assert refused(state, Discard(UPCARD)) == "discard-not-allowed"


def test_a_seat_must_follow_suit() -> None:
    state = table()
    state.apply(Bid(0, "order-up"))
    state.apply(Discard(cards("9D")[0]))
    state.apply(Play(0, cards("AH")[0]))
    state.apply(Play(1, cards("9C")[0]))
    state.apply(Play(2, cards("9S")[0]))
    # The dealer picked up the 10 of hearts and must play it on a heart lead.
    assert state.legal_actions() == [Play(3, UPCARD)]
    assert refused(state, Play(3, cards("AD")[0])) == "renege"


def test_a_round_two_call_has_no_discard_and_the_seat_left_of_the_dealer_leads() -> None:
    state = table()
    for seat in (0, 1, 2, 3):
        state.apply(Bid(seat, "pass"))
    assert Bid(0, "call", Suit.HEARTS) not in state.legal_actions()
    assert refused(state, Bid(0, "call", Suit.HEARTS)) == "turned-down-suit"
    state.apply(Bid(0, "call", Suit.DIAMONDS))
    assert set(state.legal_actions()) == {Play(0, c) for c in HANDS[0]}


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Bid(1, "pass"), "out-of-turn"),
        (Bid(0, "call", Suit.SPADES), "bid-not-allowed"),
        (Bid(0, "redeal"), "bad-redeal"),
        (Bid(0, "defend-alone"), "alone-not-allowed"),
        (Play(0, cards("JH")[0]), "out-of-turn"),
        (Discard(cards("9D")[0]), "out-of-turn"),
    ],
    ids=[
        "pass-by-the-wrong-seat",
        "call-in-round-one",
        "redeal-when-the-rules-have-none",
        "defend-alone-before-trump",
        "play-during-the-bidding",
        "discard-during-the-bidding",
    ],
)
def test_a_bad_first_action_is_refused_with_its_code(action: referee.Action, code: str) -> None:
    assert refused(table(), action) == code


def test_a_stuck_dealer_may_not_pass() -> None:
    state = table()
    for seat in (0, 1, 2, 3, 0, 1, 2):
        state.apply(Bid(seat, "pass"))
    assert Bid(3, "pass") not in state.legal_actions()
    assert refused(state, Bid(3, "pass")) == "dealer-must-call"


def test_going_alone_where_the_rules_have_none_is_refused() -> None:
    three = {seat: HANDS[seat] for seat in (0, 1, 2)}
    state = HandState(PRESETS["three-handed"], dealer=2, hands=three, upcard=UPCARD)
    assert refused(state, Bid(0, "order-up", alone=True)) == "alone-not-allowed"


def test_a_card_not_held_and_a_card_played_twice_are_refused() -> None:
    state = table()
    state.apply(Bid(0, "order-up"))
    state.apply(Discard(cards("9D")[0]))
    assert refused(state, Play(0, cards("9C")[0])) == "card-not-held"
    for card in ("JH", "9C", "9S", "TH"):
        state.apply(next(a for a in state.legal_actions() if str(a).endswith(card)))
    assert refused(state, Play(0, cards("JH")[0])) == "card-reused"


def test_a_lone_makers_partner_sits_out_and_a_lone_defender_is_optional() -> None:
    state = table(defend_alone=True)
    state.apply(Bid(0, "order-up", alone=True))
    assert set(state.defend_alone_options()) == {Bid(1, "defend-alone"), Bid(3, "defend-alone")}
    state.apply(Bid(1, "defend-alone"))
    assert state.defend_alone_options() == []
    # The dealer (seat 3) sits out as the lone defender's partner: no discard, seat 0 leads.
    assert set(state.legal_actions()) == {Play(0, c) for c in HANDS[0]}
    state.apply(Play(0, cards("JH")[0]))
    assert refused(state, Play(2, cards("9S")[0])) == "sitting-out"


def test_a_whole_hand_to_the_award_then_nothing_is_legal() -> None:
    state = table("uka")
    # Uka's must-hold-suit: seat 0 holds hearts and orders up.
    state.apply(Bid(0, "order-up"))
    state.apply(Discard(cards("9D")[0]))
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.award == referee.Award("march", {0: 3})
    assert state.legal_actions() == []
    assert refused(state, Bid(0, "pass")) == "out-of-turn"
    verdict = referee.check(state.to_json())
    assert verdict.ok and verdict.award == state.award and verdict.maker_tricks == 5


def test_undo_takes_back_the_last_action() -> None:
    state = table()
    state.apply(Bid(0, "pass"))
    before = (state.to_json(), state.legal_actions())
    state.apply(Bid(1, "order-up"))
    assert state.undo() == Bid(1, "order-up")
    assert (state.to_json(), state.legal_actions()) == before
    assert state.undo() == Bid(0, "pass")
    with pytest.raises(IndexError):
        state.undo()


def test_a_pass_round_and_a_discard_undo_to_the_same_state() -> None:
    state = table()
    start = (state.to_json(), state.legal_actions(), state.to_act)
    for seat in (0, 1, 2, 3):
        state.apply(Bid(seat, "pass"))
    assert state.to_act == 0 and Bid(0, "call", Suit.SPADES) in state.legal_actions()
    state.apply(Bid(0, "pass"))
    state.undo()
    for _ in range(4):
        state.undo()
    assert (state.to_json(), state.legal_actions(), state.to_act) == start
    state.apply(Bid(0, "order-up"))
    before = (state.to_json(), state.legal_actions(), state.verdict.to_json())
    state.apply(Discard(cards("9D")[0]))
    assert state.phase is referee.Phase.PLAY
    assert state.undo() == Discard(cards("9D")[0])
    assert (state.to_json(), state.legal_actions(), state.verdict.to_json()) == before


def test_a_bid_with_fields_its_action_does_not_take_is_refused() -> None:
    state = table()
    for stray in (
        Bid(0, "pass", Suit.HEARTS),
        Bid(0, "order-up", tricks=3),
        Bid(0, "pass", no_trump=""),
    ):
        assert refused(state, stray) == "bid-not-allowed"
    assert state.actions == [] and state.to_act == 0


def test_only_a_seat_of_the_table_defends_alone() -> None:
    state = table(defend_alone=True)
    state.apply(Bid(0, "order-up", alone=True))
    assert state.defend_alone_options() == [Bid(1, "defend-alone"), Bid(3, "defend-alone")]
    for seat in (4, 5, 2):
        assert refused(state, Bid(seat, "defend-alone")) == "alone-not-allowed"
    state.apply(Bid(3, "defend-alone"))


def test_an_impossible_deal_is_refused() -> None:
    hands: dict[int, list[Card]] = {**HANDS, 1: cards("JH TC JC QC KC")}
    with pytest.raises(IllegalAction) as error:
        HandState(PRESETS["standard"], dealer=3, hands=hands, upcard=UPCARD)
    assert error.value.code == "card-reused"
    with pytest.raises(IllegalAction) as error:
        HandState(
            PRESETS["standard"],
            dealer=3,
            hands={**HANDS, 1: cards("7C TC JC QC KC")},
            upcard=UPCARD,
        )
    assert error.value.code == "card-not-in-deck"


def test_random_hand_is_complete_and_clean() -> None:
    rng = random.Random(3)
    for preset in sorted(PRESETS):
        state = referee.random_hand(PRESETS[preset], rng)
        assert state.is_over and state.award is not None
        assert referee.check(state.to_json()).ok


# -- one action at a time ----------------------------------------------------------------------


def play_randomly(state: HandState, rng: random.Random, *, undo_each: bool) -> None:
    while not state.is_over:
        options = state.legal_actions() + state.optional_actions()
        action = rng.choice(options)
        state.apply(action)
        if undo_each:
            assert state.undo() == action
            state.apply(action)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_hand_moves_one_action_at_a_time_and_never_replays(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Applying, taking back, listing the legal moves and reading the verdict work from the
    hand's state: nothing runs the hand's record through the referee again."""
    hand_module = importlib.import_module("referee.hand")
    made = hand_module.Hand.__init__
    hands_made = 0

    def counted(*args: Any, **kwargs: Any) -> None:
        nonlocal hands_made
        hands_made += 1
        made(*args, **kwargs)

    monkeypatch.setattr(hand_module.Hand, "__init__", counted)
    rng = random.Random(11)
    for _ in range(20):
        state = HandState.deal(
            PRESETS[preset], dealer=rng.randrange(4) % PRESETS[preset].players, rng=rng
        )
        before = hands_made
        play_randomly(state, rng, undo_each=True)
        assert state.verdict.complete and state.verdict.award is not None
        assert state.phase is None and state.to_act is None
        assert hands_made == before, "the hand was replayed"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_after_every_action_the_state_says_what_check_says_of_its_record(preset: str) -> None:
    rng = random.Random(12)
    for _ in range(10):
        ruleset = PRESETS[preset]
        state = HandState.deal(ruleset, dealer=rng.randrange(ruleset.players), rng=rng)
        while not state.is_over:
            assert state.verdict.to_json() == referee.check(state.to_json()).to_json()
            state.apply(rng.choice(state.legal_actions() + state.optional_actions()))
        assert state.verdict.to_json() == referee.check(state.to_json()).to_json()
