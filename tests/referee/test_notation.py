"""Trick notation: ``"1:JH 2:9D 3:9S 0:9H"`` read leniently, written as the hand record's JSON."""

from __future__ import annotations

import pytest

from referee import card_of
from referee.notation import read_trick, trick, tricks


def test_a_trick_is_seat_colon_card_in_play_order() -> None:
    assert read_trick("1:JH 2:9D 3:9S 0:9H") == [
        (1, card_of("JH")),
        (2, card_of("9D")),
        (3, card_of("9S")),
        (0, card_of("9H")),
    ]


def test_cards_are_read_leniently_and_written_canonically() -> None:
    assert trick("1:10♥ 2:jd 3:B") == [
        {"seat": 1, "card": "TH"},
        {"seat": 2, "card": "JD"},
        {"seat": 3, "card": "JOKER"},
    ]


def test_tricks_make_a_hand_records_tricks() -> None:
    assert tricks("1:AD 2:KD", "") == [
        [{"seat": 1, "card": "AD"}, {"seat": 2, "card": "KD"}],
        [],
    ]


@pytest.mark.parametrize("text", ["1:JX", "JH", "x:JH", "-1:JH", "1JH", "1:"])
def test_a_word_that_is_no_play_is_refused_by_name(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text)):
        read_trick(f"0:9H {text}")
