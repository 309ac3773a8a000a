"""What the table says: the answer to what the person just did, and the announcements of what happened.

The announcements of one move queue up so each is seen for a short beat; the first announcement of a newer move
takes the place of an older move's at once (with those still waiting), so the words never lag the cards: the toast
always tells the move the table shows.  An answer to the person (`say`) is given its time before news replaces it.
Pure Python: the view draws `text`.
"""

from __future__ import annotations

MESSAGE_SECONDS = 4.0
MESSAGE_QUEUE = 3  # announcements waiting at most; older ones are dropped
MESSAGE_MIN_SECONDS = 1.3  # an announcement (or an answer) stays at least this long when others wait


class Messages:
    """The message on screen (with how long it has left) and the announcements waiting behind it."""

    def __init__(self) -> None:
        self.text = ""
        self.error = False
        self.time_left = 0.0
        self.moment: int | None = None  # the move the announcement on screen belongs to (None: an answer)
        self.queue: list[str] = []
        self._moments: list[int] = []  # the move each waiting announcement belongs to

    @property
    def showing(self) -> bool:
        return bool(self.text) and self.time_left > 0

    def say(self, text: str, error: bool = False) -> None:
        """Show `text` now (an answer to what the person just did), in place of any announcement."""
        self.text, self.error, self.moment = text, error, None
        self.time_left = MESSAGE_SECONDS * (2 if error else 1)  # a problem is given time to be read
        self.queue.clear()
        self._moments.clear()

    def announce(self, text: str, moment: int = 0) -> None:
        """Show what happened at the table at `moment` (the move it belongs to).  A newer move's news replaces an
        older move's on screen at once; news of the same move queues for a beat each; and those of an earlier move
        that have not shown yet are dropped: the table has moved on, and they would contradict it ("Ada leads."
        after Ada has led)."""
        if not self.showing or (self.moment is not None and self.moment < moment):
            self.text, self.error, self.moment = text, False, moment
            self.time_left = MESSAGE_SECONDS
            keep = [i for i, m in enumerate(self._moments) if m >= moment]
            self.queue = [self.queue[i] for i in keep]
            self._moments = [self._moments[i] for i in keep]
            return
        keep = [i for i, m in enumerate(self._moments) if m >= moment]
        self.queue = [self.queue[i] for i in keep] + [text]
        self._moments = [self._moments[i] for i in keep] + [moment]
        del self.queue[:-MESSAGE_QUEUE]
        del self._moments[:-MESSAGE_QUEUE]

    def clear_error(self) -> None:
        """A legal move was made: an error about an earlier attempt no longer applies."""
        if self.error:
            self.text, self.error, self.time_left = "", False, 0.0

    def all(self) -> list[str]:
        """The announcement on screen and those waiting."""
        return ([self.text] if self.showing else []) + self.queue

    def next_change(self) -> float | None:
        """Seconds until the message on screen changes by itself: it goes, or the next announcement takes its
        place (None: nothing is shown)."""
        if self.time_left <= 0:
            return None
        if self.queue:
            return max(0.0, self.time_left - (MESSAGE_SECONDS - MESSAGE_MIN_SECONDS))
        return self.time_left

    def update(self, dt: float) -> None:
        if self.time_left <= 0:
            return
        self.time_left -= dt
        if self.queue and self.time_left < MESSAGE_SECONDS - MESSAGE_MIN_SECONDS:
            self.text, self.error = self.queue.pop(0), False
            self.moment = self._moments.pop(0)
            self.time_left = MESSAGE_SECONDS
