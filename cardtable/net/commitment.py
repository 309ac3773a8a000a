"""The deal committed by hash: a hosted game's seed and a random nonce are published as a hash when the table is
made and revealed when the game ends, so every client can check that the cards were not changed on the way and
replay the game to see that it checks out."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Seeds of hosted games: far too many to search for the one that deals a hand a client holds.
SEED_SPACE = 2**63


def new_seed() -> int:
    """A seed for a hosted game, from the system's secure source."""
    return secrets.randbelow(SEED_SPACE)


def new_nonce() -> str:
    """A random nonce (128 bits, hex): it keeps the seed from being found by hashing candidates."""
    return secrets.token_hex(16)


def commitment(seed: int, nonce: str) -> str:
    """The published hash of a deal (hex SHA-256)."""
    return hashlib.sha256(f"cardtable-deal/{seed}/{nonce}".encode()).hexdigest()


def checks_out(published: str, seed: int, nonce: str) -> bool:
    """Whether a revealed seed and nonce are the ones committed to."""
    return hmac.compare_digest(published.encode(), commitment(seed, nonce).encode())
