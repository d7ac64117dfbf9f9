"""Short-lived visual feedback: impact sparks, muzzle flashes, death puffs.

Purely cosmetic and never read back by the simulation, so here the sprites
are the particles: each carries its velocity and remaining life, and
``update`` moves, fades and retires them. Velocities are world px/s, y up.
"""

from __future__ import annotations

import math
import random

import arcade

SPARK_COLOR = (255, 214, 90)
FLASH_COLOR = (255, 250, 220)
#: Sprites kept at most; the oldest make way (a wall of bullets must not stall a frame).
MAX_PARTICLES = 600
#: The particle textures, made once per process: a new run uploads nothing.
_TEXTURES: dict[str, arcade.Texture] = {}


def particle_textures() -> dict[str, arcade.Texture]:
    """Soft discs for sparks, flashes, smoke and fire (made on first use, then shared)."""
    if not _TEXTURES:
        _TEXTURES.update(
            spark=arcade.make_soft_circle_texture(12, SPARK_COLOR, outer_alpha=40),
            flash=arcade.make_soft_circle_texture(28, FLASH_COLOR, outer_alpha=0),
            smoke=arcade.make_soft_circle_texture(32, (200, 200, 200), outer_alpha=0),
            fire=arcade.make_soft_circle_texture(32, (255, 140, 40), outer_alpha=0),
        )
    return _TEXTURES


class Particle(arcade.Sprite):
    """A sprite that drifts, slows, fades and grows until its life runs out."""

    def __init__(self, texture, x, y, vx, vy, life, grow=0.0, drag=4.0, alpha=255) -> None:
        super().__init__(texture, center_x=x, center_y=y)
        self.vx, self.vy = vx, vy
        self.life = self.max_life = life
        self.grow, self.drag, self.alpha0 = grow, drag, alpha
        self.alpha = alpha

    def advance(self, dt: float) -> bool:
        """Move one ``dt``; return False once dead."""
        self.life -= dt
        if self.life <= 0.0:
            return False
        slow = math.exp(-self.drag * dt)
        self.vx *= slow
        self.vy *= slow
        self.center_x += self.vx * dt
        self.center_y += self.vy * dt
        if self.grow:
            self.scale = self.scale_x * (1.0 + self.grow * dt)
        self.alpha = max(0, int(self.alpha0 * self.life / self.max_life))
        return True


class Effects:
    """All live particles in one SpriteList (one draw call)."""

    def __init__(self, seed: int = 0) -> None:
        self.sprites: arcade.SpriteList = arcade.SpriteList()
        self._rng = random.Random(seed)
        textures = particle_textures()
        self._spark, self._flash = textures["spark"], textures["flash"]
        self._smoke, self._fire = textures["smoke"], textures["fire"]

    def __len__(self) -> int:
        return len(self.sprites)

    def _add(self, particle: Particle) -> None:
        if len(self.sprites) >= MAX_PARTICLES:
            self.sprites[0].remove_from_sprite_lists()
        self.sprites.append(particle)

    def sparks(self, x: float, y: float, nx: float = 0.0, ny: float = 0.0, count: int = 6) -> None:
        """Sparks thrown off an impact at (x, y), fanned around the surface normal (nx, ny)."""
        base = math.atan2(ny, nx) if (nx or ny) else None
        for _ in range(count):
            a = self._rng.uniform(-math.pi, math.pi) if base is None else base + self._rng.uniform(-1.1, 1.1)
            speed = self._rng.uniform(120.0, 320.0)
            life = self._rng.uniform(0.12, 0.3)
            self._add(Particle(self._spark, x, y, speed * math.cos(a), speed * math.sin(a), life, drag=6.0))
        self._add(Particle(self._flash, x, y, 0.0, 0.0, 0.06, alpha=200))

    def muzzle(self, x: float, y: float) -> None:
        self._add(Particle(self._flash, x, y, 0.0, 0.0, 0.05, alpha=220))

    def puff(self, x: float, y: float, size: float = 24.0) -> None:
        """A death puff: a flash of fire, then smoke rolling outwards."""
        scale = size / 32.0
        fire = Particle(self._fire, x, y, 0.0, 0.0, 0.25, grow=3.0, alpha=255)
        fire.scale = scale
        self._add(fire)
        for _ in range(10):
            a = self._rng.uniform(-math.pi, math.pi)
            speed = self._rng.uniform(30.0, 110.0) * scale
            smoke = Particle(
                self._smoke,
                x,
                y,
                speed * math.cos(a),
                speed * math.sin(a),
                self._rng.uniform(0.4, 0.8),
                grow=1.2,
                drag=2.0,
                alpha=170,
            )
            smoke.scale = scale * self._rng.uniform(0.5, 0.9)
            self._add(smoke)

    def update(self, dt: float) -> None:
        dead = [p for p in self.sprites if not p.advance(dt)]
        for p in dead:
            p.remove_from_sprite_lists()

    def clear(self) -> None:
        self.sprites.clear()

    def draw(self) -> None:
        self.sprites.draw()
