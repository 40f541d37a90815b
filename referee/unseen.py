"""Play judged when the trump suit is not reported: under each suit it may be, and ruled only
where every one of them agrees.

An order-up of an upcard nobody reported makes trump of a suit the record does not name: the
tricks are judged once under each suit the upcard may have, and a breach is ruled when it is
one under every suit (docs/rules.md, "An order-up with the upcard unreported").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import TRUMP_ORDERS
from .evidence import possible_trumps
from .hand import Hand, Pending
from .holdings import unseen_renege_possible
from .outcome import Outcome, results, words_of
from .play import Tricks, next_action
from .record import PlayEntry
from .verdict import Next, TrickResult


@dataclass(frozen=True, slots=True)
class _Run:
    """The tricks judged under one suit the unreported upcard may have."""

    play: Tricks
    tricks: list[TrickResult]
    pending: list[Pending]


def _same(values: list[Any]) -> Any:
    """The value every possible trump gives, or None when they differ."""
    return values[0] if all(v == values[0] for v in values) else None


def _breach(pending: Pending) -> tuple[object, ...]:
    """A breach as the same one found under another trump."""
    return (pending.order, pending.code, pending.seat, pending.trick, pending.card)


def play_every_trump(hand: Hand, reported: Sequence[Sequence[PlayEntry]]) -> Outcome:
    """The tricks when an order-up's upcard was not reported: judged once under each suit the
    upcard may have. What holds under every one of them is ruled: a breach found in every run,
    a trick's winner, the makers' tricks, who acts next and what that seat may play. A renege
    so ruled fixes the award when every run gives the same one; otherwise the award waits for
    the trump suit."""
    before = hand.pending
    runs: list[_Run] = []
    for suit in possible_trumps(hand):
        hand.pending = []
        play = Tricks(hand, TRUMP_ORDERS[suit])
        play.play_tricks(reported)
        runs.append(_Run(play, results(play), hand.pending))
    hand.pending = before
    first, others = runs[0], runs[1:]
    tricks = [
        TrickResult(
            _same([run.tricks[t].leader for run in runs]),
            _same([run.tricks[t].winner for run in runs]),
            trick.plays,
        )
        for t, trick in enumerate(first.tricks)
    ]
    breaches = [{_breach(p): p for p in run.pending} for run in others]
    renege_ruled = False
    for pending in first.pending:
        key = _breach(pending)
        if all(key in found for found in breaches):
            variants = [pending] + [found[key] for found in breaches]
            hand.pending.append(_ruled_under_every_trump(variants, tricks))
            renege_ruled = renege_ruled or pending.code == "renege"
    maker_tricks = _same([run.play.maker_tricks for run in runs])
    award = None
    if renege_ruled and not any(unseen_renege_possible(run.play) for run in runs):
        award = _same([run.play.renege for run in runs])
    if award is not None or first.play.finished:
        return Outcome(tricks, maker_tricks, award is not None, award, None)
    nexts = [words_of(next_action(run.play)) for run in runs]
    next_up = None
    if _same([(n.seat, n.phase) for n in nexts]) is not None:
        next_up = Next(nexts[0].seat, nexts[0].phase, _same([n.legal for n in nexts]))
    return Outcome(tricks, maker_tricks, False, None, next_up)


def _ruled_under_every_trump(variants: list[Pending], tricks: list[TrickResult]) -> Pending:
    """One breach found under every possible trump, told in words true under each: a renege
    names the card led and every card that proves it; a wrong lead whose rightful leader
    depends on trump does not name one."""
    first = variants[0]
    if first.code == "renege":
        trick = first.trick
        assert trick is not None
        held: list[tuple[Any, int | None]] = []
        for variant in variants:
            evidence = (variant.params["held"], variant.params["shown_in"])
            if evidence not in held:
                held.append(evidence)
        params = dict(first.params, lead=tricks[trick - 1].plays[0][1], held=held)
        return Pending(
            first.order,
            first.code,
            first.seat,
            trick,
            first.card,
            "renege_any_trump",
            params,
            first.rule,
        )
    if first.code == "wrong-lead" and any(
        v.params["leader"] != first.params["leader"] for v in variants
    ):
        return Pending(
            first.order,
            first.code,
            first.seat,
            first.trick,
            first.card,
            "wrong_lead_any_trump",
            first.params,
            first.rule,
        )
    return first
