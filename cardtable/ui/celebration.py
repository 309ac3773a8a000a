"""The win celebration: cards cascade off their piles, bouncing and leaving trails."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pygame

GRAVITY = 1800.0  # px/s^2 at 800 px of height; scaled with the window
LAUNCH_GAP = 0.09  # seconds between cards


@dataclass
class _Bouncer:
    image: pygame.Surface
    x: float
    y: float
    vx: float
    vy: float


class Celebration:
    """Launches the given card images one after another; `done` when all have left the screen."""

    def __init__(
        self, size: tuple[int, int], launches: list[tuple[Hashable, pygame.Surface, tuple[int, int]]], seed: int = 0
    ) -> None:
        self.size = size
        self.launched: set[Hashable] = set()  # cards that have left their pile
        self.trail = pygame.Surface(size, pygame.SRCALPHA)
        self.pending = list(launches)
        self.active: list[_Bouncer] = []
        self.clock = 0.0
        self.rng = random.Random(seed)
        self.scale = size[1] / 800

    @classmethod
    def cascade(cls, layout: Any, look: Any, size: tuple[int, int], seed: int) -> Celebration:
        """The cards on top of each pile leave first, round-robin over the piles, as the classic cascade does."""
        launches = []
        columns = [list(z.spots) for z in layout.zones if z.spots and z.spots[-1].card is not None]
        while any(columns):
            for col in columns:
                if col:
                    spot = col.pop()
                    image = look.image(spot.card, True, layout.card_size)
                    launches.append((spot.card, image, (spot.rect[0], spot.rect[1])))
        return cls(size, launches, seed=seed)

    @property
    def done(self) -> bool:
        return not self.pending and not self.active

    def update(self, dt: float) -> None:
        self.clock += dt
        while self.pending and self.clock >= LAUNCH_GAP:
            self.clock -= LAUNCH_GAP
            key, image, (x, y) = self.pending.pop(0)
            self.launched.add(key)
            speed = self.rng.uniform(180, 420) * self.scale
            vx = speed if self.rng.random() < 0.5 else -speed
            self.active.append(_Bouncer(image, x, y, vx, -self.rng.uniform(0, 500) * self.scale))
        width, height = self.size
        still: list[_Bouncer] = []
        # Sub-steps keep the trail continuous even at low frame rates.
        steps = max(1, int(dt / 0.008))
        for b in self.active:
            h = b.image.get_height()
            w = b.image.get_width()
            for _ in range(steps):
                sub = dt / steps
                b.vy += GRAVITY * self.scale * sub
                b.x += b.vx * sub
                b.y += b.vy * sub
                if b.y + h > height:
                    b.y = height - h
                    b.vy = -b.vy * 0.72
                self.trail.blit(b.image, (int(b.x), int(b.y)))
            if -w < b.x < width:
                still.append(b)
        self.active = still

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.trail, (0, 0))
