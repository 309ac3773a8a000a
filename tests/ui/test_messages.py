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
    assert m.all() == ["Ada plays the 7."], "the newer move's news shows at once; the stale ones go"


def test_news_never_lags_the_moves_however_fast_they_come():
    """Moves landing faster than a beat apart: each one's news is on screen as it lands, none waits behind another
    move's."""
    m = Messages()
    for move in range(1, 30):
        m.announce(f"Seat {move % 10 + 1} plays.", move)
        m.announce("Play goes anticlockwise.", move)
        assert m.text == f"Seat {move % 10 + 1} plays." and m.moment == move
        m.update(0.4)
        assert set(m._moments) <= {move}


def test_an_answer_to_the_person_is_not_replaced_by_news_at_once():
    m = Messages()
    m.say("Time is up: red 7 was played for you.")
    m.announce("You play red 7.", 3)
    assert m.text.startswith("Time is up") and m.queue == ["You play red 7."]
    m.update(MESSAGE_MIN_SECONDS + 0.01)
    assert m.text == "You play red 7." and m.moment == 3


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


def test_undo_takes_the_news_of_the_moves_taken_back_with_them_and_keeps_the_rest():
    m = Messages()
    m.announce("Ann bids 2.", 1)
    m.announce("Bob bids 1.", 1)
    m.taken_back(1)
    assert m.all() == ["Ann bids 2.", "Bob bids 1."], "move 1 stays: its news stays"
    m.announce("Bob wins the hand.", 2, lasting=True)
    m.announce("Cy deals.", 2)
    m.taken_back(1)
    assert m.all() == [] and not m.showing, "move 2 taken back: its news goes, a key moment too"
