"""The constrained dealer: every slot within its masks and caps, sizes kept, the pool conserved, impossible
constraints detected, and the draw uniform where the module says it is."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import dealing
from cardtable.core.dealing import deal, feasible, masks_from, shuffle


@st.composite
def constrained(draw: st.DrawFn) -> tuple[list[int], list[int], list[int], int]:
    """A pool (cards 0..n-1), slot sizes, one mask per card built from a true deal (so a deal exists), a seed."""
    sizes = draw(st.lists(st.integers(0, 6), min_size=1, max_size=6))
    n = sum(sizes)
    seed = draw(st.integers(0, 2**32))
    truth = [k for k, size in enumerate(sizes) for _ in range(size)]
    random.Random(seed).shuffle(truth)
    masks = [(1 << t) | draw(st.integers(0, (1 << len(sizes)) - 1)) for t in truth]
    return list(range(n)), sizes, masks, seed


def check(pool: list[int], sizes: list[int], masks: list[int] | None, out: list[list[int]] | None) -> None:
    assert out is not None
    assert [len(slot) for slot in out] == sizes
    assert sorted(c for slot in out for c in slot) == sorted(pool)
    if masks is not None:
        for k, slot in enumerate(out):
            for c in slot:
                assert masks[c] >> k & 1, (c, k)


@settings(max_examples=300, deadline=None)
@given(constrained())
def test_a_deal_respects_every_mask_keeps_sizes_and_conserves_the_pool(case: tuple) -> None:
    pool, sizes, masks, seed = case
    assert feasible(sizes, masks)
    check(pool, sizes, masks, deal(pool, sizes, random.Random(seed), masks))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=6), st.integers(0, 2**32))
def test_without_constraints_it_is_a_shuffle_cut_into_the_sizes(sizes: list[int], seed: int) -> None:
    pool = list(range(sum(sizes)))
    out = deal(pool, sizes, random.Random(seed))
    check(pool, sizes, None, out)
    cards = pool[:]
    shuffle(cards, random.Random(seed))
    assert [c for slot in out or [] for c in slot] == cards


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=5), st.data())
def test_feasible_agrees_with_brute_force_and_deal_finds_a_deal_exactly_when_one_exists(
        sizes: list[int], data: st.DataObject) -> None:
    n = sum(sizes)
    if n > 7:
        sizes = sizes[:1]
        n = sizes[0]
    masks = data.draw(st.lists(st.integers(0, (1 << len(sizes)) - 1), min_size=n, max_size=n))
    slots = [k for k, size in enumerate(sizes) for _ in range(size)]
    exists = any(all(masks[c] >> k & 1 for c, k in enumerate(p)) for p in set(itertools.permutations(slots)))
    assert feasible(sizes, masks) == exists
    out = deal(list(range(n)), sizes, random.Random(n), masks)
    if exists:
        check(list(range(n)), sizes, masks, out)
    else:
        assert out is None


def test_impossible_constraints_are_detected() -> None:
    # Three cards may only go into a slot of two.
    masks = [0b001, 0b001, 0b001, 0b010, 0b110, 0b110]
    assert not feasible([2, 2, 2], masks)
    assert deal(list(range(6)), [2, 2, 2], random.Random(0), masks) is None
    with pytest.raises(ValueError):
        deal(list(range(5)), [2, 2, 2], random.Random(0))


def test_a_tight_deal_is_always_found() -> None:
    # Only one deal exists: the quick draws nearly always dead-end, the careful one never does.
    sizes = [3, 3, 3, 3]
    masks = [0b0011] * 3 + [0b0110] * 3 + [0b1100] * 3 + [0b1001] * 3
    masks[0] = 0b0001
    rng = random.Random(7)
    for _ in range(200):
        check(list(range(12)), sizes, masks, deal(list(range(12)), sizes, rng, masks))


@settings(max_examples=100, deadline=None)
@given(constrained(), st.integers(1, 2))
def test_caps_are_kept(case: tuple, most: int) -> None:
    pool, sizes, _, seed = case
    group = pool[: len(pool) // 2]
    slots = 0b101
    capped = sum(size for k, size in enumerate(sizes) if slots >> k & 1)
    if len(group) - most > sum(sizes) - capped:
        return  # the cap cannot be met: nothing to check
    out = deal(pool, sizes, random.Random(seed), None, [(group, slots, most)])
    if out is None:  # allowed with caps (the careful draw does not see them), rare
        return
    check(pool, sizes, None, out)
    assert sum(1 for k, slot in enumerate(out) if slots >> k & 1 for c in slot if c in group) <= most


def test_the_draw_is_uniform_with_one_bound_kind() -> None:
    # Cards 0 and 1 may not go into slot 0 (a void); every other card goes anywhere.  Each of the deals that keep
    # that is equally likely: a chi-square bound with a fixed seed.
    pool = list(range(6))
    sizes = [2, 2, 2]
    masks = masks_from(pool, [lambda c: c > 1, None, None])
    rng = random.Random(2024)
    draws = 30000
    seen = Counter(tuple(frozenset(slot) for slot in deal(pool, sizes, rng, masks) or []) for _ in range(draws))
    every = [p for p in itertools.permutations(pool)
             if 0 not in p[:2] and 1 not in p[:2]]
    deals = {(frozenset(p[:2]), frozenset(p[2:4]), frozenset(p[4:])) for p in every}
    assert set(seen) == deals
    expected = draws / len(deals)
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in deals)
    assert chi2 < len(deals) * 2  # df = 35: its 99.9% point is about 66


def test_every_consistent_deal_can_come_out_when_several_kinds_are_bound() -> None:
    pool = list(range(6))
    sizes = [2, 2, 2]
    masks = masks_from(pool, [lambda c: c > 1, lambda c: c != 2, None])
    rng = random.Random(5)
    seen = Counter(tuple(frozenset(slot) for slot in deal(pool, sizes, rng, masks) or []) for _ in range(20000))
    every = {(frozenset(p[:2]), frozenset(p[2:4]), frozenset(p[4:])) for p in itertools.permutations(pool)
             if {0, 1}.isdisjoint(p[:2]) and 2 not in p[2:4]}
    assert set(seen) == every
    # Close to uniform, not exactly (see the module): no deal is drawn at half or twice its share.
    share = 20000 / len(every)
    assert all(share / 2 < seen[d] < share * 2 for d in every)


def test_the_same_generator_gives_the_same_deal() -> None:
    pool = list(range(20))
    masks = [0b111 if c % 3 else 0b110 for c in pool]
    first = deal(pool, [5, 5, 10], random.Random(3), masks)
    assert first == deal(pool, [5, 5, 10], random.Random(3), masks)


def test_shuffle_makes_the_draws_of_random_shuffle() -> None:
    for n in (0, 1, 2, 7, 52, 130):
        mine, theirs = list(range(n)), list(range(n))
        shuffle(mine, random.Random(n))
        random.Random(n).shuffle(theirs)
        assert mine == theirs


def test_the_careful_draw_alone_never_fails_when_a_deal_exists(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dealing, "QUICK_TRIES", 0)
    monkeypatch.setattr(dealing, "CAREFUL_TRIES", 1)
    monkeypatch.setattr(dealing, "_quick", lambda *args: None)
    rng = random.Random(11)
    for _ in range(300):
        sizes = [rng.randrange(5) for _ in range(rng.randrange(1, 6))]
        truth = [k for k, size in enumerate(sizes) for _ in range(size)]
        rng.shuffle(truth)
        masks = [(1 << t) | (rng.getrandbits(len(sizes)) & rng.getrandbits(len(sizes))) for t in truth]
        pool = list(range(len(truth)))
        check(pool, sizes, masks, deal(pool, sizes, rng, masks))
