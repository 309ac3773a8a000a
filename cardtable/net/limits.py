"""How often a connection may speak: a token bucket on the host's own clock."""

from __future__ import annotations

from dataclasses import dataclass

#: Messages a connection may send at once, and a second on average after that.
BURST = 20
RATE = 10.0


@dataclass
class Bucket:
    """`take(now)` is True while the connection is within its rate; `warned` keeps the refusal to one per burst."""

    tokens: float = BURST
    last: float = 0.0
    warned: bool = False

    def take(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.warned = False
            return True
        return False


#: Wrong table codes one address may try in `CODE_WINDOW` seconds, over all its connections, before its hellos
#: are refused for `LOCKOUT` seconds; and how many addresses are remembered (the oldest forgotten first).
CODE_TRIES = 20
CODE_WINDOW = 60.0
LOCKOUT = 60.0
MAX_ADDRESSES = 4096


class FailedCodes:
    """Wrong codes per remote address across connections: guessing a code from many connections is as slow as
    from one.  Times are the caller's clock (seconds)."""

    def __init__(self, tries: int = CODE_TRIES, window: float = CODE_WINDOW, lockout: float = LOCKOUT) -> None:
        self.tries, self.window, self.lockout = tries, window, lockout
        self._failures: dict[str, list[float]] = {}
        self._locked: dict[str, float] = {}  # address: until when

    def locked(self, address: str, now: float) -> bool:
        """Whether hellos from `address` are refused now."""
        until = self._locked.get(address)
        if until is None:
            return False
        if now < until:
            return True
        del self._locked[address]
        return False

    def failed(self, address: str, now: float) -> bool:
        """Count a wrong code from `address`; True when this locks the address out."""
        recent = [t for t in self._failures.pop(address, []) if now - t < self.window]
        recent.append(now)
        if len(recent) >= self.tries:
            self._locked[address] = now + self.lockout
            recent = []
        if recent:
            self._failures[address] = recent  # re-inserted: the dict's order is the order of last use
        for book in (self._failures, self._locked):
            while len(book) > MAX_ADDRESSES:
                del book[next(iter(book))]
        return address in self._locked
