"""What the table says: the answer to what the person just did, and a queue of announcements of what happened.

Each announcement stays long enough to be read; when several wait, each still gets a moment, and the oldest are
dropped if too many pile up.  A lasting announcement (a key moment of the game) is never dropped and stays its
whole time however many wait.  Pure Python: the view draws `text`.
"""

from __future__ import annotations

MESSAGE_SECONDS = 4.0
MESSAGE_QUEUE = 3  # announcements waiting at most; older ones are dropped
MESSAGE_MIN_SECONDS = 1.3  # an announcement stays at least this long when others wait
LASTING_SECONDS = 6.0  # a lasting announcement stays this long, whatever waits behind it


class Messages:
    """The message on screen (with how long it has left) and the announcements waiting behind it."""

    def __init__(self) -> None:
        self.text = ""
        self.error = False
        self.time_left = 0.0
        self.queue: list[str] = []
        self._moments: list[int] = []  # the move each waiting announcement belongs to
        self.lasting = False  # the announcement on screen stays its whole time
        self._lasting: set[str] = set()  # waiting announcements that will last

    @property
    def showing(self) -> bool:
        return bool(self.text) and self.time_left > 0

    def say(self, text: str, error: bool = False) -> None:
        """Show `text` now (an answer to what the person just did), in place of any announcement."""
        self.text, self.error = text, error
        self.time_left = MESSAGE_SECONDS * (2 if error else 1)  # a problem is given time to be read
        self.lasting = False
        keep = [i for i, t in enumerate(self.queue) if t in self._lasting]  # a key moment still waits its turn
        self.queue = [self.queue[i] for i in keep]
        self._moments = [self._moments[i] for i in keep]

    def announce(self, text: str, moment: int = 0, lasting: bool = False) -> None:
        """Show what happened at the table at `moment` (the move it belongs to); announcements queue up so each one
        is seen for a moment, but those of an earlier move that have not shown yet are dropped: the table has
        moved on, and they would contradict it ("Ada leads." after Ada has led).  A `lasting` one is never dropped
        and, once shown, stays `LASTING_SECONDS`."""
        if not self.showing and not self.queue:
            self._show(text, lasting)
            return
        keep = [i for i, m in enumerate(self._moments) if m >= moment or self.queue[i] in self._lasting]
        self.queue = [self.queue[i] for i in keep] + [text]
        self._moments = [self._moments[i] for i in keep] + [moment]
        if lasting:
            self._lasting.add(text)
        while len(self.queue) > MESSAGE_QUEUE:
            drop = next((i for i, t in enumerate(self.queue) if t not in self._lasting), 0)
            self.queue.pop(drop)
            self._moments.pop(drop)

    def _show(self, text: str, lasting: bool) -> None:
        self.text, self.error, self.lasting = text, False, lasting
        self.time_left = LASTING_SECONDS if lasting else MESSAGE_SECONDS
        self._lasting.discard(text)

    def clear_error(self) -> None:
        """A legal move was made: an error about an earlier attempt no longer applies."""
        if self.error:
            self.text, self.error, self.time_left = "", False, 0.0

    def all(self) -> list[str]:
        """The announcement on screen and those waiting."""
        return ([self.text] if self.showing else []) + self.queue

    def update(self, dt: float) -> None:
        if self.time_left <= 0 and not self.queue:
            return
        self.time_left -= dt
        hurried = self.time_left < MESSAGE_SECONDS - MESSAGE_MIN_SECONDS and not self.lasting
        if self.queue and (hurried or self.time_left <= 0):
            text = self.queue.pop(0)
            self._moments.pop(0)
            self._show(text, text in self._lasting)
