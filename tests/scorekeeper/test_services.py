"""The services: score is the sum of the referee's awards, whatever the order of hands."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee
from scorekeeper import selectors
from scorekeeper.errors import Conflict
from scorekeeper.models import ChangeLogEntry
from scorekeeper.services import QuickEntry, ThrownInEntry, game_create, hand_record, hand_undo

quick_hands = st.builds(
    QuickEntry,
    maker=st.integers(0, 3),
    trump=st.sampled_from("CDHS"),
    maker_tricks=st.integers(0, 5),
    alone=st.booleans(),
)
hands = st.lists(st.one_of(quick_hands, st.just(ThrownInEntry())), max_size=25)


@pytest.mark.django_db
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(entries=hands, preset=st.sampled_from(["standard", "uka"]))
def test_the_score_is_the_sum_of_the_referees_awards(entries, preset):
    # Where the dealer may pass, so that thrown-in hands are allowed among the entries.
    ruleset = {"preset": preset, "stuck_dealer": "redeal"}
    rules = referee.Ruleset.parse(ruleset)
    game, _ = game_create(ruleset=ruleset, players=["A", "B", "C", "D"], dealer=0)
    expected = [0, 0]
    for entry in entries:
        if game.status == "finished":
            with pytest.raises(Conflict):
                hand_record(game_id=game.id, entry=entry)
            break
        game = hand_record(game_id=game.id, entry=entry).game
        if isinstance(entry, QuickEntry):
            award = referee.score(
                rules, maker=entry.maker, maker_tricks=entry.maker_tricks, alone=entry.alone
            )
            for team, points in award.points.items():
                expected[team] += points
    state = selectors.game_state(game=game)
    assert state.score == expected
    reached = max(expected) >= rules.target
    assert (game.status == "finished") == reached
    if reached:
        assert expected[game.winner] == max(expected)


@pytest.mark.django_db
def test_undo_all_the_way_back_leaves_an_empty_game():
    game, _ = game_create(ruleset="standard", players=["A", "B", "C", "D"], dealer=1)
    for maker in (0, 1, 2):
        hand_record(game_id=game.id, entry=QuickEntry(maker=maker, trump="H", maker_tricks=3))
    for number in (3, 2, 1):
        game, _ = hand_undo(game_id=game.id, number=number)
    state = selectors.game_state(game=game)
    assert (state.score, state.dealer, state.hands) == ([0, 0], 1, [])
    assert game.version == 7


@pytest.mark.django_db
def test_the_change_log_cannot_be_rewritten():
    game, _ = game_create(ruleset="standard", players=["A", "B", "C", "D"], dealer=0)
    entry = ChangeLogEntry.objects.get(game=game)
    entry.reason = "rewritten"
    with pytest.raises(ValueError, match="append-only"):
        entry.save()


def test_a_hand_sent_before_outcomes_existed_keeps_its_fingerprint():
    # An outbox entry queued by the app before `outcome` was a field, retried after the
    # upgrade, is the same hand: its fingerprint is what the server kept then.
    import hashlib
    import json

    from scorekeeper.services.rulings import entry_digest

    entry = QuickEntry(maker=2, trump="H", maker_tricks=3)
    before = {
        "type": "QuickEntry",
        "maker": 2,
        "trump": "H",
        "maker_tricks": 3,
        "alone": False,
        "defender_alone": None,
    }
    text = json.dumps(before, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert entry_digest(entry) == hashlib.sha256(text.encode()).hexdigest()
    assert entry_digest(QuickEntry(maker=2, outcome="made")) != entry_digest(entry)
