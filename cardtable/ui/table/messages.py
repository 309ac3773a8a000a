"""What the table says: the answer to what the person just did, and a queue of announcements of what happened.

Each announcement stays long enough to be read; when several wait, each still gets a moment, and the oldest are
dropped if too many pile up.  Pure Python: the view draws `text`.
"""

from __future__ import annotations

MESSAGE_SECONDS = 4.0
MESSAGE_QUEUE = 3  # announcements waiting at most; older ones are dropped
MESSAGE_MIN_SECONDS = 1.3  # an announcement stays at least this long when others wait


class Messages:
    """The message on screen (with how long it has left) and the announcements waiting behind it."""

    def __init__(self) -> None:
        self.text = ""
        self.error = False
        self.time_left = 0.0
        self.queue: list[str] = []
        self._moments: list[int] = []  # the move each waiting announcement belongs to

    @property
    def showing(self) -> bool:
        return bool(self.text) and self.time_left > 0

    def say(self, text: str, error: bool = False) -> None:
        """Show `text` now (an answer to what the person just did), in place of any announcement."""
        self.text, self.error = text, error
        self.time_left = MESSAGE_SECONDS * (2 if error else 1)  # a problem is given time to be read
        self.queue.clear()
        self._moments.clear()

    def announce(self, text: str, moment: int = 0) -> None:
        """Show what happened at the table at `moment` (the move it belongs to); announcements queue up so each one
        is seen for a moment, but those of an earlier move that have not shown yet are dropped: the table has
        moved on, and they would contradict it ("Ada leads." after Ada has led)."""
        if not self.showing:
            self.say(text)
            self._moments.clear()
            return
        keep = [i for i, m in enumerate(self._moments) if m >= moment]
        self.queue = [self.queue[i] for i in keep] + [text]
        self._moments = [self._moments[i] for i in keep] + [moment]
        del self.queue[:-MESSAGE_QUEUE]
        del self._moments[:-MESSAGE_QUEUE]

    def keep(self, text: str) -> None:
        """Keep `text` on screen while nothing else has been said over it (a state that lasts, as "looking…")."""
        if self.text == text:
            self.time_left = max(self.time_left, MESSAGE_MIN_SECONDS)

    def clear_error(self) -> None:
        """A legal move was made: an error about an earlier attempt no longer applies."""
        if self.error:
            self.text, self.error, self.time_left = "", False, 0.0

    def all(self) -> list[str]:
        """The announcement on screen and those waiting."""
        return ([self.text] if self.showing else []) + self.queue

    def update(self, dt: float) -> None:
        if self.time_left <= 0:
            return
        self.time_left -= dt
        if self.queue and self.time_left < MESSAGE_SECONDS - MESSAGE_MIN_SECONDS:
            self.text, self.error = self.queue.pop(0), False
            self._moments.pop(0)
            self.time_left = MESSAGE_SECONDS
