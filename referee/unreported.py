"""Play judged when neither the bids nor the contract are reported: trump is unreported, not
unmade. What needs no trump is judged (the order within each trick, the first lead, the
cards each seat can hold, too many cards); following suit, the winners and the award wait
for the trump suit, and nothing is flagged for coming before trump was made.

Who sits out is not reported either: a seat that plays no card in the record may be the
partner of a lone player, where the rules allow one, so play may pass it by.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUITS, Card
from .discard import check_discard, flag_discard_in_auction
from .hand import PLAY, Hand
from .holdings import check_card, flag_out_of_turn, not_counted
from .outcome import Outcome
from .record import PlayEntry
from .verdict import Next, Phase, TrickResult


def play_trump_unreported(hand: Hand, reported: Sequence[Sequence[PlayEntry]]) -> Outcome:
    rules = hand.rules
    players = hand.players
    dealer = hand.dealer
    took: bool | None = None
    if hand.discard is not None and not flag_discard_in_auction(hand):
        # A discard says that the dealer took the upcard (there is one to take).
        took = hand.picked_up = True
        check_discard(hand)
    playing = {seat for trick in reported for seat, _ in trick}
    may_sit_out = (
        rules.going_alone
        or (rules.defend_alone and rules.defend_alone_vs_partnership)
        or (rules.auction and rules.lone_bids != "none")
    )
    # Seats certain to play, and those that may sit out (they play no card in the record).
    certain = [s for s in range(players) if s in playing or not may_sit_out]

    def clockwise(seat: int) -> list[int]:
        return [s for s in ((seat + i) % players for i in range(players)) if s in certain]

    def clockwise_all(seat: int) -> list[int]:
        return [(seat + i) % players for i in range(players)]

    def left_of(seat: int) -> int:
        return next((s for s in clockwise((seat + 1) % players)), seat)

    first_leaders = {left_of(dealer)}
    if rules.auction:  # (the maker leads, whoever won the auction)
        first_leaders = set(certain)
    elif rules.canadian_loner or rules.loner_lead == "left-of-loner":
        for out in set(range(players)) - set(certain):
            first_leaders.update(left_of(maker) for maker in rules.partners_of(out))
    upcard_suits = SUITS if hand.upcard is None and took is not False else ()
    played = 0
    cards_by_seat = dict.fromkeys(range(players), 0)
    results: list[TrickResult] = []
    position = 0
    last = len(reported) - 1
    seats: list[int] = []
    for t, trick in enumerate(reported):
        number = t + 1
        plays: list[PlayEntry] = []
        for seat, card in trick:
            order = (PLAY, position, 0)
            position += 1
            if not_counted(
                hand, order, seat, card, number, plays, len(certain), cards_by_seat[seat]
            ):
                continue
            done = [s for s, _ in plays]
            if not plays:
                seats = clockwise(seat)
                if number == 1 and seat not in first_leaders:
                    _wrong_first_lead(hand, order, seat, card, sorted(first_leaders))
            else:
                expected = next(s for s in seats if s not in done)
                if seat != expected:
                    flag_out_of_turn(hand, order, seat, card, number, expected)
            check_card(
                hand,
                order,
                seat,
                card,
                number,
                played,
                took=took,
                discard=hand.discard,
                upcard_suits=upcard_suits,
            )
            played |= card.bit
            cards_by_seat[seat] += 1
            plays.append((seat, card))
        if t < last and plays:
            done = [s for s, _ in plays]
            missing_seats = [s for s in seats if s not in done]
            if not missing_seats:
                # Every seat certain to play has played; the others may all sit out only as
                # the partners of lone players (at most one lone player a side).
                absent = [s for s in clockwise_all(plays[0][0]) if s not in done]
                must_play = _seat_that_must_play(hand, absent) if absent else None
                if must_play is not None:
                    missing_seats = [must_play]
            for missing in missing_seats:
                hand.flag(
                    (PLAY, position - 1, 1 + missing),
                    "out-of-turn",
                    "trick_closed_early",
                    seat=missing,
                    trick=number,
                )
        results.append(TrickResult(plays[0][0] if plays else None, None, plays))
    next_up = None
    current = results[-1].plays if results else []
    if current and len(current) < len(certain):
        done = [s for s, _ in current]
        seat = next(s for s in clockwise(current[0][0]) if s not in done)
        # Named only when no seat that may sit out comes between: it may yet play.
        if (seat - current[-1][0]) % players == 1 or not may_sit_out:
            next_up = Next(seat, Phase.PLAY, None)
    return Outcome(results, None, False, None, next_up)


def _seat_that_must_play(hand: Hand, absent: Sequence[int]) -> int | None:
    """Of these seats, none of which plays in the record (clockwise from the trick's leader),
    one that cannot be sitting out, or None when they may all be: on each side none sits
    out, or all but the one playing alone; a lone player on one side only, or on both when a
    lone defender may answer a lone maker."""
    rules = hand.rules
    lone_maker = rules.going_alone or (rules.auction and rules.lone_bids != "none")
    lone_defender = rules.defend_alone and (rules.going_alone or rules.defend_alone_vs_partnership)
    lone_sides = 0
    for team in rules.teams:
        out = [seat for seat in absent if seat in team]
        if out:
            if len(out) != len(team) - 1:
                return out[0]
            lone_sides += 1
    return absent[0] if lone_sides > int(lone_maker) + int(lone_defender) else None


def _wrong_first_lead(
    hand: Hand, order: tuple[int, int, int], seat: int, card: Card, leaders: list[int]
) -> None:
    if len(leaders) == 1:
        hand.flag(
            order,
            "wrong-lead",
            "wrong_lead",
            seat=seat,
            trick=1,
            card=card,
            leader=leaders[0],
            why="left_of_dealer",
        )
    else:
        hand.flag(order, "wrong-lead", "wrong_lead_loner_unknown", seat=seat, trick=1, card=card)
