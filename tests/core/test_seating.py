"""Seat geometry: the viewer's hand in one row while it reads, in two rows when it would not."""

from __future__ import annotations

from cardtable.core.seating import hand_row, hand_rows


def test_a_small_hand_is_one_row_like_hand_row():
    assert hand_rows(7, 1280, 600, (80, 112), 200) == hand_row(7, 1280, 600, (80, 112), 200)


def test_a_big_hand_takes_two_rows_the_first_cards_above():
    rects = hand_rows(28, 1000, 600, (80, 112), 200)
    assert len(rects) == 28
    tops = sorted({r[1] for r in rects})
    assert len(tops) == 2 and tops[1] == 600 and tops[0] < 600
    assert [r[1] for r in rects[:14]] == [tops[0]] * 14 and [r[1] for r in rects[14:]] == [600] * 14
    step = rects[1][0] - rects[0][0]
    one_row_step = hand_row(28, 1000, 600, (80, 112), 200)[1][0] - hand_row(28, 1000, 600, (80, 112), 200)[0][0]
    assert step > one_row_step, "two rows show more of each card"


def test_max_rows_one_keeps_a_single_row():
    assert {r[1] for r in hand_rows(28, 1280, 600, (80, 112), 200, max_rows=1)} == {600}
