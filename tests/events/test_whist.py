"""The whist designs shipped as data, each checked: every pair partners once, opposes twice."""

from __future__ import annotations

import pytest

from scorekeeper.events.planning import whist


@pytest.mark.parametrize("count", whist.counts(), ids=lambda n: f"Wh({n})")
def test_each_shipped_design_is_a_whist_design(count):
    design = whist.rounds(count)
    assert design is not None
    assert whist.defects(count, design) == []


def test_a_design_is_shipped_for_every_count_a_night_can_rotate_fully():
    # Every count that has a design and whose full rotation fits in 30 rounds, and more.
    wanted = [n for n in range(4, 32) if whist.exists(n) and whist.length(n) <= 30]
    assert set(wanted) <= set(whist.counts())
    assert whist.rounds(10) is None and not whist.exists(10)


@pytest.mark.parametrize("prime", [5, 13, 17, 29, 37, 41, 53, 61])
def test_the_construction_for_primes_of_the_form_4m_plus_1(prime):
    assert whist.defects(prime, whist.develop(prime, whist.prime_base(prime))) == []


@pytest.mark.parametrize("prime", [3, 7])
def test_the_construction_over_a_field_of_p_squared_elements(prime):
    count = prime * prime
    assert whist.defects(count, whist.gaussian_field_rounds(prime)) == []


@pytest.mark.parametrize("count", [4, 8, 12, 16, 17, 20])
def test_the_search_finds_cyclic_designs(count):
    base = whist.cyclic_search(count, seed=1)
    assert whist.defects(count, whist.develop(count, base)) == []


def test_the_check_catches_a_broken_design():
    design = list(whist.rounds(8) or ())
    (a, b, c, d), other = design[0]
    design[0] = ((a, c, b, d), other)  # two seats traded: partners become opponents
    problems = whist.defects(8, design)
    assert any("partner 2 times" in p for p in problems)
    assert whist.defects(8, design[:-1])[0] == "6 rounds, not 7"
    assert whist.defects(10, design) == ["no whist design exists for 10 players"]
