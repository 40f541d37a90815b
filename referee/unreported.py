"""Play judged when neither the bids nor the contract are reported: trump is unreported, not
unmade. What needs no trump is judged (the order within each trick, the first lead, the
cards each seat can hold, too many cards); following suit, the winners and the award wait
for the trump suit, and nothing is flagged for coming before trump was made.

Who sits out is not reported either: a seat that plays no card in the record may be the
partner of a lone player, where the rules allow one, so play may pass it by.
"""

from __future__ import annotations

import itertools
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

    # Who sits out, each way the rules allow and the record leaves open; narrowed as play
    # shows who was passed by. A play no way allows is flagged, and narrows nothing.
    ways = _ways_to_sit_out(hand, playing)
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
                if number == 1:
                    fits = [out for out in ways if seat in _first_leaders(hand, out)]
                    if fits:
                        ways = fits
                    else:
                        leaders = set().union(*(_first_leaders(hand, out) for out in ways))
                        _wrong_first_lead(hand, order, seat, card, sorted(leaders))
            else:
                expected = next(s for s in seats if s not in done)
                passed = _between(plays[0][0], seat, players) - set(done)
                fits = [out for out in ways if passed <= out]
                if seat != expected or not fits:
                    if seat == expected:  # (the seats passed by cannot all be sitting out)
                        expected = min(passed, key=lambda s: (s - plays[0][0]) % players)
                    flag_out_of_turn(hand, order, seat, card, number, expected)
                else:
                    ways = fits
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
            fits = [out for out in ways if out >= set(range(players)) - set(done)]
            ways = fits or ways
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
    if not reported:  # (a discard and no play: the first lead, if only one seat may make it)
        leaders = set().union(*(_first_leaders(hand, out) for out in ways))
        if len(leaders) == 1:
            next_up = Next(leaders.pop(), Phase.PLAY, None)
    current = results[-1].plays if results else []
    if current and len(current) < len(certain):
        done = [s for s, _ in current]
        seat = next(s for s in clockwise(current[0][0]) if s not in done)
        # Named only when no seat that may sit out comes between: it may yet play.
        if (seat - current[-1][0]) % players == 1 or not may_sit_out:
            next_up = Next(seat, Phase.PLAY, None)
    return Outcome(results, None, False, None, next_up)


def _lone_sides(hand: Hand) -> int:
    """On how many sides a player may be alone, the others of the side sitting out: one for a
    lone maker, and one more where a lone defender may answer it."""
    rules = hand.rules
    lone_maker = rules.going_alone or (rules.auction and rules.lone_bids != "none")
    lone_defender = rules.defend_alone and (rules.going_alone or rules.defend_alone_vs_partnership)
    return int(lone_maker) + int(lone_defender)


def _seat_that_must_play(hand: Hand, absent: Sequence[int]) -> int | None:
    """Of these seats, none of which plays in the record (clockwise from the trick's leader),
    one that cannot be sitting out, or None when they may all be: on each side none sits
    out, or all but the one playing alone; a lone player on one side only, or on both when a
    lone defender may answer a lone maker."""
    lone_sides = 0
    for team in hand.rules.teams:
        out = [seat for seat in absent if seat in team]
        if out:
            if len(out) != len(team) - 1:
                return out[0]
            lone_sides += 1
    return absent[0] if lone_sides > _lone_sides(hand) else None


def _ways_to_sit_out(hand: Hand, playing: set[int]) -> list[frozenset[int]]:
    """Each set of seats that may be sitting out (none playing a card in the record): on each
    side none, or all but the one playing alone, on no more sides than may have a lone
    player. Nobody sitting out comes first."""
    choices = []
    for team in hand.rules.teams:
        outs = [frozenset(team) - {alone} for alone in team if len(team) > 1]
        choices.append([frozenset(), *(out for out in outs if not out & playing)])
    return [
        frozenset().union(*way)
        for way in itertools.product(*choices)
        if sum(1 for out in way if out) <= _lone_sides(hand)
    ]


def _next_playing(seat: int, out: frozenset[int], players: int) -> int:
    """The seat after ``seat``, clockwise, that is not sitting out."""
    return next(s for s in ((seat + i) % players for i in range(1, players + 1)) if s not in out)


def _between(before: int, after: int, players: int) -> set[int]:
    """The seats strictly between two, clockwise (from a trick's leader to a seat playing to
    it: those of them that have not played are passed by)."""
    return {(before + i) % players for i in range(1, (after - before) % players)}


def _first_leaders(hand: Hand, out: frozenset[int]) -> set[int]:
    """Who may lead the first trick with these seats sitting out: the first seat playing left
    of the dealer; where the rules have it, left of a lone player; under an auction, the
    maker, who may be anyone playing."""
    rules = hand.rules
    players = hand.players
    if rules.auction:
        return set(range(players)) - out
    leaders = {_next_playing(hand.dealer, out, players)}
    if rules.canadian_loner or rules.loner_lead == "left-of-loner":
        lone = [next(iter(set(team) - out)) for team in rules.teams if out & set(team)]
        after_lone = {_next_playing(alone, out, players) for alone in lone}
        if lone and rules.loner_lead == "left-of-loner" and not rules.defend_alone:
            return after_lone  # (the one playing alone made trump: left of them leads)
        leaders |= after_lone
    return leaders


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
