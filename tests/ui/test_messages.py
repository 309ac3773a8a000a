"""The table's messages: an answer shows at once, announcements queue, and stale ones never show."""

from __future__ import annotations

from cardtable.ui.table.messages import LASTING_SECONDS, MESSAGE_MIN_SECONDS, MESSAGE_QUEUE, Messages


def test_announcements_queue_and_each_is_seen_for_a_moment():
    m = Messages()
    m.announce("Ann bids 2.", 1)
    m.announce("Bob bids 1.", 1)
    assert m.all() == ["Ann bids 2.", "Bob bids 1."]
    m.update(MESSAGE_MIN_SECONDS + 0.01)
    assert m.text == "Bob bids 1."


def test_what_an_earlier_move_said_and_has_not_shown_is_dropped_when_the_table_moves_on():
    """No "Ada leads." after Ada has led, no "Play goes clockwise." after play turned back."""
    m = Messages()
    m.announce("Ann wins the trick.", 4)
    m.announce("Bids total 3. Ada leads.", 4)
    m.announce("Play goes clockwise.", 4)
    m.announce("Ada plays the 7.", 5)
    assert m.all() == ["Ann wins the trick.", "Ada plays the 7."], "the one on screen stays; the stale ones go"


def test_the_queue_is_short_and_an_answer_replaces_it():
    m = Messages()
    for k in range(MESSAGE_QUEUE + 3):
        m.announce(f"news {k}", 1)
    assert len(m.queue) == MESSAGE_QUEUE
    m.say("That card has nowhere to go.", error=True)
    assert m.all() == ["That card has nowhere to go."] and m.error


def test_an_error_clears_after_a_legal_move():
    m = Messages()
    m.say("Not your turn.", error=True)
    m.clear_error()
    assert not m.showing


def test_a_key_moment_stays_its_whole_time_and_is_never_dropped():
    """King of the Hill's teammate revealed: it waits its turn behind what shows, is not dropped when the table
    moves on or the queue fills, and once shown stays LASTING_SECONDS whatever waits behind it."""
    m = Messages()
    m.announce("Ann plays A\u2660.", 3)
    m.announce("Ann plays the called A\u2660: Ann is the King of the Hill's teammate.", 3, lasting=True)
    for k in range(MESSAGE_QUEUE + 2):
        m.announce(f"Seat {k} plays.", 4)
    assert "Ann plays the called A\u2660: Ann is the King of the Hill's teammate." in m.queue
    m.update(MESSAGE_MIN_SECONDS + 0.01)
    assert m.text.startswith("Ann plays the called")
    m.update(LASTING_SECONDS - 0.1)
    assert m.text.startswith("Ann plays the called"), "it stays although others wait"
    m.update(0.2)
    assert not m.text.startswith("Ann plays the called")
