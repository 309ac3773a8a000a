"""What the table says: the answer to what the person just did, and the announcements of what happened.

The announcements of one move queue up so each is seen for a short beat; the first announcement of a newer move
takes the place of an older move's at once (with those still waiting), so the words never lag the cards: the toast
always tells the move the table shows.  An answer to the person (`say`) is given its time before news replaces it.
A lasting announcement (a key moment of the game, such as a teammate revealed) is never dropped nor replaced and
stays its whole time.  Pure Python: the view draws `text`.
"""

from __future__ import annotations

from collections.abc import Callable

MESSAGE_SECONDS = 4.0
MESSAGE_QUEUE = 3  # announcements waiting at most; older ones are dropped
MESSAGE_MIN_SECONDS = 1.3  # an announcement (or an answer) stays at least this long when others wait
LASTING_SECONDS = 6.0  # a lasting announcement stays this long, whatever waits behind it


class Messages:
    """The message on screen (with how long it has left) and the announcements waiting behind it."""

    def __init__(self) -> None:
        self.text = ""
        self.error = False
        self.time_left = 0.0
        self.moment: int | None = None  # the move the announcement on screen belongs to (None: an answer)
        self.queue: list[str] = []
        self._moments: list[int] = []  # the move each waiting announcement belongs to
        self.lasting = False  # the announcement on screen stays its whole time
        self._lasting: set[str] = set()  # waiting announcements that will last

    @property
    def showing(self) -> bool:
        return bool(self.text) and self.time_left > 0

    def say(self, text: str, error: bool = False) -> None:
        """Show `text` now (an answer to what the person just did), in place of any announcement."""
        self.text, self.error, self.moment = text, error, None
        self.time_left = MESSAGE_SECONDS * (2 if error else 1)  # a problem is given time to be read
        self.lasting = False
        self._keep(lambda i: self.queue[i] in self._lasting)  # a key moment still waits its turn

    def announce(self, text: str, moment: int = 0, lasting: bool = False) -> None:
        """Show what happened at the table at `moment` (the move it belongs to).  A newer move's news replaces an
        older move's on screen at once; news of the same move queues for a beat each; and those of an earlier move
        that have not shown yet are dropped: the table has moved on, and they would contradict it ("Ada leads."
        after Ada has led).  A `lasting` one is never dropped and, once shown, stays `LASTING_SECONDS`."""
        waiting_key = any(t in self._lasting for t in self.queue)
        newer = self.moment is not None and self.moment < moment and not self.lasting
        if not waiting_key and (not self.showing or newer):
            self._show(text, moment, lasting)
            self._keep(lambda i: self._moments[i] >= moment or self.queue[i] in self._lasting)
            return
        self._keep(lambda i: self._moments[i] >= moment or self.queue[i] in self._lasting)
        self.queue.append(text)
        self._moments.append(moment)
        if lasting:
            self._lasting.add(text)
        while len(self.queue) > MESSAGE_QUEUE:
            drop = next((i for i, t in enumerate(self.queue) if t not in self._lasting), 0)
            self.queue.pop(drop)
            self._moments.pop(drop)

    def taken_back(self, moves: int) -> None:
        """Only `moves` moves are left in the game (undo): the news of any later move goes, shown or waiting."""
        if self.moment is not None and self.moment > moves:
            self.text, self.time_left, self.moment, self.lasting = "", 0.0, None, False
        self._keep(lambda i: self._moments[i] <= moves)

    def _keep(self, wanted: Callable[[int], bool]) -> None:
        """Keep only the waiting announcements at the indexes `wanted` accepts."""
        keep = [i for i in range(len(self.queue)) if wanted(i)]
        self.queue = [self.queue[i] for i in keep]
        self._moments = [self._moments[i] for i in keep]

    def _show(self, text: str, moment: int, lasting: bool) -> None:
        self.text, self.error, self.moment, self.lasting = text, False, moment, lasting
        self.time_left = LASTING_SECONDS if lasting else MESSAGE_SECONDS
        self._lasting.discard(text)

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

    def next_change(self) -> float | None:
        """Seconds until the message on screen changes by itself: it goes, or the next announcement takes its
        place (None: nothing is shown nor waits)."""
        if self.time_left <= 0:
            return 0.0 if self.queue else None
        if self.queue and not self.lasting:
            return max(0.0, self.time_left - (MESSAGE_SECONDS - MESSAGE_MIN_SECONDS))
        return self.time_left

    def update(self, dt: float) -> None:
        if self.time_left <= 0 and not self.queue:
            return
        self.time_left -= dt
        hurried = self.time_left < MESSAGE_SECONDS - MESSAGE_MIN_SECONDS and not self.lasting
        if self.queue and (hurried or self.time_left <= 0):
            text, moment = self.queue.pop(0), self._moments.pop(0)
            self._show(text, moment, text in self._lasting)
