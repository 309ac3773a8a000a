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
