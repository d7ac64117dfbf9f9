"""Sounds: which simulation events make which noise, and playing them without a flood.

The mapping from events to sounds is plain data (``SOUND_FILES``,
``sound_for``) so it is testable without a window or a sound card. Samples
are arcade's built-in Kenney sounds (CC0, see ``assets/CREDITS.md``). In
headless runs pyglet falls back to its silent driver, so nothing here needs
a guard.
"""

from __future__ import annotations

from collections.abc import Iterable

import arcade

#: Sound name -> arcade resource. All exist in arcade 3.3's bundled resources.
SOUND_FILES: dict[str, str] = {
    "fire": ":resources:sounds/laser1.wav",
    "enemy_fire": ":resources:sounds/laser4.wav",
    "hit": ":resources:sounds/hit3.wav",
    "hurt": ":resources:sounds/hurt2.wav",
    "pickup": ":resources:sounds/coin1.wav",
    "death": ":resources:sounds/explosion1.wav",
    "game_over": ":resources:sounds/gameover3.wav",
    "wave": ":resources:sounds/upgrade1.wav",
    "error": ":resources:sounds/error3.wav",
    "warning": ":resources:sounds/error4.wav",
    "blast": ":resources:sounds/explosion2.wav",
    "knock": ":resources:sounds/rockHit2.wav",
    "break": ":resources:sounds/hit5.wav",
}

#: The same sound is not restarted more often than this (seconds): twenty bullets in a
#: frame make one shot's noise, not twenty stacked.
MIN_REPEAT = 0.06


def sound_for(kind: str) -> str | None:
    """The sound name for a simulation event kind, or None for silent events.

    >>> sound_for("player_fired"), sound_for("enemy_killed"), sound_for("step")
    ('fire', 'death', None)
    """
    return EVENT_SOUNDS.get(kind)


#: Simulation event kind -> sound name.
EVENT_SOUNDS: dict[str, str] = {
    "player_fired": "fire",
    "fired": "fire",
    "enemy_fired": "enemy_fire",
    "enemy_hit": "hit",
    "hit": "hit",
    "wall_hit": "hit",
    "player_hit": "hurt",
    "player_hurt": "hurt",
    "pickup": "pickup",
    "picked_up": "pickup",
    "enemy_killed": "death",
    "enemy_died": "death",
    "kill": "death",
    "player_died": "game_over",
    "wave_started": "wave",
    "wave": "wave",
    "prop_hit": "hit",
    "explosion": "blast",
    "prop_broke": "break",
    "joint_broke": "break",
}


class Audio:
    """Plays named sounds at a master volume, each at most once per ``MIN_REPEAT`` seconds."""

    def __init__(self, volume: float = 0.5) -> None:
        self.volume = volume
        self._sounds: dict[str, arcade.Sound] = {}
        self._last: dict[str, float] = {}
        self.played: list[str] = []  # what was asked for and actually played, newest last

    def play(self, name: str, now: float, loudness: float = 1.0) -> bool:
        """Play sound ``name`` (at ``loudness`` 0..1 of the master volume) unless muted or played
        within ``MIN_REPEAT``; say whether it played."""
        if self.volume <= 0.0 or now - self._last.get(name, -1e9) < MIN_REPEAT:
            return False
        sound = self._sounds.get(name)
        if sound is None:
            sound = self._sounds[name] = arcade.load_sound(SOUND_FILES[name])
        self._last[name] = now
        sound.play(volume=self.volume * max(0.0, min(1.0, loudness)))
        self.played.append(name)
        del self.played[:-64]
        return True

    def play_impacts(self, events, now: float) -> None:
        """A knock for each ``prop_impact`` event, as loud as its value says (the contact's impulse
        scaled to 0..1 by ``game.sim.props.PropRules``)."""
        for ev in events:
            if ev.kind == "prop_impact":
                self.play("knock", now, ev.value)

    def play_events(self, kinds: Iterable[str], now: float) -> None:
        for kind in kinds:
            name = sound_for(kind)
            if name is not None:
                self.play(name, now)
