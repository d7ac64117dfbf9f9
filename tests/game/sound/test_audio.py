"""Simulation events make sounds, each bundled with arcade, never stacked within MIN_REPEAT."""

from pathlib import Path

import arcade

from game.sound.audio import EVENT_SOUNDS, MIN_REPEAT, SOUND_FILES, Audio


def test_every_sound_file_exists_in_the_installed_arcade():
    for handle in SOUND_FILES.values():
        assert Path(arcade.resources.resolve(handle)).is_file(), handle


def test_every_event_maps_to_a_known_sound():
    assert set(EVENT_SOUNDS.values()) <= set(SOUND_FILES)


def test_a_burst_of_the_same_event_plays_once_per_repeat_window(window):
    audio = Audio(volume=0.1)
    audio.play_events(["enemy_killed"] * 5, now=10.0)
    audio.play_events(["enemy_killed"], now=10.0 + MIN_REPEAT / 2)
    audio.play_events(["enemy_killed", "pickup", "no such event"], now=10.0 + MIN_REPEAT * 1.5)
    assert audio.played == ["death", "death", "pickup"]


def test_volume_zero_is_silent(window):
    audio = Audio(volume=0.0)
    assert not audio.play("fire", 1.0) and audio.played == []


def test_a_prop_impact_knocks_as_loud_as_its_impulse_says_and_nothing_else_knocks(monkeypatch):
    from types import SimpleNamespace

    import game.sound.audio

    volumes = []
    sound = SimpleNamespace(play=lambda volume: volumes.append(volume))
    monkeypatch.setattr(game.sound.audio.arcade, "load_sound", lambda handle: sound)
    audio = Audio(volume=0.5)
    Event = SimpleNamespace
    audio.play_impacts([Event(kind="prop_hit", value=1.0), Event(kind="prop_impact", value=0.3)], now=1.0)
    audio.play_impacts([Event(kind="prop_impact", value=0.9)], now=1.0 + MIN_REPEAT * 1.5)
    assert audio.played == ["knock", "knock"]
    assert volumes == [0.5 * 0.3, 0.5 * 0.9]
