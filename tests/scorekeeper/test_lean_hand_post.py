"""A lean hand post: four statements for a quick hand (its game read under its lock, the hand,
the game's row, the log), where the game stands kept on its row (and always equal to what its
hands add up to), and an Idempotency-Key spent for good."""

from __future__ import annotations

import random
import uuid

import pytest
from api_tables import Table, is_problem
from django.db import connection
from django.test.utils import CaptureQueriesContext

import referee
from scorekeeper import selectors, services
from scorekeeper.errors import Conflict
from scorekeeper.models import Game
from scorekeeper.services import QuickEntry, ThrownInEntry

pytestmark = pytest.mark.django_db

TRANSACTION = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")


def statements(captured: CaptureQueriesContext) -> list[str]:
    """The SQL a request ran, transaction control left out."""
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith(TRANSACTION)]


def test_a_quick_hand_takes_four_statements(table: Table):
    table.quick(maker=0, tricks=3)  # a game with hands already: none of them is read again
    table.quick(maker=1, tricks=4)
    version = table.read()["version"]
    with CaptureQueriesContext(connection) as captured:
        response = table.post_hand(
            {"maker": 2, "trump": "S", "maker_tricks": 3},
            HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
            HTTP_IF_MATCH=f'"{version}"',
        )
    assert response.status_code == 201, response.content
    ran = statements(captured)
    assert len(ran) <= 4, "\n".join(ran)
    assert not [sql for sql in ran if 'FROM "scorekeeper_hand"' in sql and "SELECT" in sql]


def test_a_wrong_token_is_refused_in_the_locked_read(table: Table, new_table):
    other = new_table()
    response = table.client.post(
        table.url + "hands/",
        {"maker": 0, "trump": "H", "maker_tricks": 3},
        format="json",
        HTTP_AUTHORIZATION=f"Bearer {other.token}",
    )
    assert is_problem(response, 403, "Authorization")
    assert table.read()["hands"] == []


def test_a_key_whose_hand_was_undone_is_answered_as_before_and_never_records_again(
    table: Table,
):
    key = str(uuid.uuid4())
    body = {"maker": 0, "trump": "H", "maker_tricks": 3}
    first = table.post_hand(body, HTTP_IDEMPOTENCY_KEY=key)
    assert first.status_code == 201
    undo = table.client.delete(table.url + "hands/1/", **table.auth)
    assert undo.status_code == 200
    replay = table.post_hand(body, HTTP_IDEMPOTENCY_KEY=key)
    assert replay.status_code == 200
    assert replay.json() == first.json() and replay["ETag"] == first["ETag"]
    assert table.read()["hands"] == []
    assert is_problem(table.post_hand({**body, "maker_tricks": 4}, HTTP_IDEMPOTENCY_KEY=key), 422)
    assert table.post_hand(body, HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4())).status_code == 201


def kept(game: Game) -> tuple[list[int], int, int, int, int | None]:
    game.refresh_from_db()
    return game.score, game.dealer, game.last_hand, game.hands_dealt, game.winner


def derived(game: Game) -> tuple[list[int], int, int, int, int | None]:
    state = selectors.game_state(game=game)
    hands = state.hands
    dealt = sum(hand.kind != "redeal" for hand in hands)
    winner = referee.game_winner(state.ruleset, state.score)
    return state.score, state.dealer, hands[-1].number if hands else 0, dealt, winner


@pytest.mark.parametrize("seed", range(12))
def test_where_a_game_stands_is_always_what_its_hands_add_up_to(seed: int):
    """Random records, amends and undos: the row's score, dealer, last hand and winner are
    what the hands say, after every write."""
    rng = random.Random(seed)
    rules = {"preset": "standard", "stuck_dealer": "redeal"}
    game, _token = services.game_create(
        ruleset=rules, players=["A", "B", "C", "D"], dealer=seed % 4
    )
    for _ in range(25):
        roll = rng.random()
        try:
            if roll < 0.55 or game.last_hand == 0:
                entry = (
                    ThrownInEntry()
                    if roll < 0.05
                    else QuickEntry(
                        maker=rng.randrange(4),
                        trump=rng.choice("CDHS"),
                        maker_tricks=rng.choice([0, 1, 2, 3, 3, 4, 5]),
                        alone=rng.random() < 0.1,
                    )
                )
                services.hand_record(game_id=game.id, entry=entry)
            elif roll < 0.8:
                number = rng.randint(1, game.last_hand)
                entry = QuickEntry(
                    maker=rng.randrange(4), trump="H", maker_tricks=rng.randint(0, 5)
                )
                services.hand_amend(game_id=game.id, number=number, entry=entry, reason="typo")
            else:
                services.hand_undo(game_id=game.id, number=game.last_hand)
        except Conflict:
            pass  # a finished game takes no new hand (tested elsewhere); nothing changed
        assert kept(game) == derived(game)


def test_a_retry_with_the_version_it_was_entered_against_is_a_replay(table: Table):
    """The phone did not hear the answer: it sends the same hand, key and If-Match again."""
    version = table.read()["version"]
    key = str(uuid.uuid4())
    body = {"maker": 0, "trump": "H", "maker_tricks": 3}
    first = table.post_hand(body, HTTP_IDEMPOTENCY_KEY=key, HTTP_IF_MATCH=f'"{version}"')
    again = table.post_hand(body, HTTP_IDEMPOTENCY_KEY=key, HTTP_IF_MATCH=f'"{version}"')
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["number"] == first.json()["number"] == 1
    assert len(table.read()["hands"]) == 1


def test_a_retry_of_the_hand_that_won_the_game_is_a_replay(table: Table):
    for _ in range(4):
        table.quick(maker=0, tricks=5)  # two points a march: 8
    key = str(uuid.uuid4())
    body = {"maker": 0, "trump": "H", "maker_tricks": 5}
    assert table.post_hand(body, HTTP_IDEMPOTENCY_KEY=key).status_code == 201
    assert table.read()["status"] == "finished"
    again = table.post_hand(body, HTTP_IDEMPOTENCY_KEY=key)
    assert again.status_code == 200 and again.json()["number"] == 5
