"""The play view: input -> simulation step -> events -> sprites, sounds and HUD.

The simulation advances only in ``on_fixed_update`` (1/60 s, deterministic);
``on_update`` moves the camera and the cosmetic effects; ``on_draw`` mirrors
the simulation into sprites and draws the world under a ``Camera2D`` that
follows the player, then the HUD under a GUI camera.

Keys: WASD/arrows move, mouse aims, click/hold or Space fires, Esc pauses,
F1 debug overlay, F2 performance graph, F5 reloads the level from disk, F9 saves the game,
F10 loads it, holding R rewinds the last 5 s (``saving``; not in a recorded or bot's run).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import arcade
import pyglet

from game import tiled
from game.render.camera import clamp_to_level, follow
from game.render.debug import draw_overlay
from game.render.effects import Effects
from game.render.hud import STRIP, Hud, low_ammo, low_health
from game.render.sprites import SpriteMirror
from game.render.walls import VOID_COLOR, build_ground, build_walls
from game.sim import Simulation
from game.sim.heap import settle
from game.sim.reload import reload
from game.tiled.files import score_key

from . import bridge
from .controls import Controls
from .pause import PauseView
from .results import RunResult
from .saving import Saves

#: Seconds the death puff plays before the game-over screen (docs/game.md); a key or a click
#: in that pause brings the screen at once (``end_pause``).
DEATH_PAUSE = 1.2
#: Keys that, pressed during the death pause, also act on the game-over screen as soon as it comes (play
#: again, back to the title). Space is not one: it fires, and a player firing as they die must see
#: the screen, not skip it.
PANEL_KEYS = frozenset({arcade.key.ENTER, arcade.key.RETURN, arcade.key.R, arcade.key.ESCAPE, arcade.key.T})
#: Where F2's three perf graphs sit (window pixels: the first one's centre x, and their centre y).
PERF_LEFT, PERF_Y = 110, 70
#: The perf graphs' band at the bottom of the window (px): the camera keeps the level clear of it.
PERF_BAND = PERF_Y + 65
#: The mouse's crosshair (RGBA).
CROSSHAIR = (255, 60, 60, 230)
#: The camera's knock when the player is hurt: seconds it lasts and its largest offset (px).
KNOCK_SECONDS, KNOCK_PX = 0.18, 7.0
#: What the get-ready spell teaches (the pickups are explained here, once a run).
CONTROLS_HINT = "WASD / arrows move   ·   the mouse aims   ·   click or Space fires"
WAIT_HINT = "The engine is ready.   Press any key or click to start."


def pickups_hint(amounts: dict[str, float]) -> str:
    """What each pickup gives, in one line (the get-ready spell shows it).

    >>> pickups_hint({"health": 35.0, "ammo": 60})
    'Gold coins are ammo (+60)   ·   red gems are health (+35)'
    """
    return f"Gold coins are ammo (+{amounts['ammo']:g})   ·   red gems are health (+{amounts['health']:g})"


@dataclass
class RunStats:
    """What a run counts as it goes (its ``RunResult`` at the end): shots fired, hits on enemies, kills."""

    shots: int = 0
    hits: int = 0
    kills: int = 0


class PlayView(arcade.View):
    """One run of one level."""

    def __init__(self, app, level, seed: int | None = 0, bot=None, wait_for_key: bool = False) -> None:
        super().__init__(background_color=VOID_COLOR)
        self.app = app
        self.seed = 0 if seed is None else int(seed)
        self.bot = bot
        # One Controls per app: a gamepad is opened once, not once per run.
        self.controls = app.controls if app is not None else Controls()
        self.controls.release_all()
        self.camera = arcade.Camera2D()
        self.gui_camera = arcade.Camera2D()
        self.hud = Hud(self.window.width, self.window.height)
        self.effects = Effects(seed=self.seed)
        self.actors = SpriteMirror()
        self.show_debug = False
        self.perf: arcade.SpriteList | None = None
        self.sim_ms: list[float] = []
        self.steps = 0
        self.dead_for = 0.0
        #: Whether the game-over screen was asked for (``end_pause``): once per run.
        self.ended = False
        self.over = False
        self.kills = 0
        #: Prop events seen in this run, by kind (a scripted session's summary reports them).
        self.prop_events: dict[str, int] = {}
        self.deaths = 0
        self.stats = RunStats()
        #: The run waits for a key or a click before its first step (it started after a long load).
        self.waiting = bool(wait_for_key) and bot is None
        #: Seconds of the camera's knock left.
        self.knock_left = 0.0
        #: Low ammo / low health warned about (warned again only after recovering).
        self.warned: set[str] = set()
        #: Pickup kinds explained on screen this run (each once, when first collected).
        self.explained: set[str] = set()
        self._set_level(level)
        self.sim = Simulation(level, self.seed)
        settle()  # the loaded heap out of the collector's full collections (``game.sim.heap``)
        #: ``game.headless.replay.Recorder`` of the session (``--record``), told of every run, reload and tick.
        self.recorder = getattr(app, "recorder", None)
        if self.recorder is not None:
            self.recorder.start_run(level, self.seed, self.sim)
        #: What this run's scores are kept under: the level's name, or for a map opened by path its
        #: resolved path (a foreign ``yard.tmx`` has its own best, not the shipped ``yard``'s).
        self.score_key = score_key(level.name, level.path)
        #: F9's file, F10's, and R's ring; whether R is held.
        self.saves, self.rewinding = Saves(self.score_key), False
        self.best = app.best_score(self.score_key) if app is not None else 0
        #: Where the camera looks before its knock (the knock is added on top, never followed).
        self.look = clamp_to_level(*bridge.player_xy(self.sim), self.view_size, self.level_size, self.margins)
        self.camera.position = self.look

    # --- level ---------------------------------------------------------------

    def _set_level(self, level) -> None:
        self.level = level
        self.title = str(level.properties.get("title", level.name))
        self.level_size = (float(level.width), float(level.height))
        self.walls = build_walls(level)
        self.floor = build_ground(level)

    @property
    def view_size(self) -> tuple[float, float]:
        return float(self.window.width), float(self.window.height)

    @property
    def margins(self) -> tuple[float, float]:
        """Bands of the window something covers (bottom: F2's graphs, top: the HUD strip), px."""
        return (PERF_BAND if self.perf is not None else 0.0), float(STRIP)

    def result(self) -> RunResult:
        """The run's figures for the game-over screen and the score file."""
        return RunResult(
            int(self.sim.wave),
            self.stats.kills,
            round(bridge.survived(self.sim) * 1000),
            self.stats.shots,
            self.stats.hits,
        )

    @property
    def score(self) -> int:
        return bridge.score(self.sim)

    def reload_level(self) -> bool:
        """F5: read the level file again; swap it in if clean, else keep playing the old one.

        The player keeps its place, health, ammo and score; walls, spawns and
        pickups come from the new file. A broken edit shows its first finding.
        """
        level, findings = tiled.read_level(self.level.path)
        errors = [f for f in findings if getattr(f, "severity", "error") == "error"]
        if level is None or errors:
            first = (
                errors[0] if errors else findings[0] if findings else f"{self.level.path}: could not be read"
            )
            self.hud.show_banner(
                f"Reload failed, still playing the old level: {first}", seconds=8.0, calm=False
            )
            if self.app is not None:
                self.app.audio.play("error", self.window.time)
            return False
        self.sim = reload(self.sim, level, self.seed)
        if self.recorder is not None:
            self.recorder.reload(level, self.seed, self.sim)
        self._set_level(level)
        settle()
        # Warnings are worth a look, not an alarm: a calm banner (errors above keep the red one).
        self.hud.show_banner(
            f"Reloaded {level.path.name}" + (f" ({len(findings)} warnings)" if findings else ""),
            seconds=3.0,
            calm=True,
        )
        return True

    # --- simulation ----------------------------------------------------------

    def on_fixed_update(self, delta_time: float) -> None:
        if self.over or self.waiting:
            return
        if self.bot is not None:
            inputs = self.bot.inputs(self.sim)
        else:
            if self.recorder is None and self.rewinding and self.saves.rewind(self.sim):
                return  # a tick back instead of a step
            inputs = self.controls.inputs(bridge.player_xy(self.sim), self.camera)
            if self.recorder is None:
                self.saves.take(self.sim)
        if self.recorder is not None:
            self.recorder.tick(self.sim, inputs)
        start = time.perf_counter()
        events = self.sim.step(inputs)
        self.sim_ms.append((time.perf_counter() - start) * 1000.0)
        self.steps += 1
        feedback = bridge.feedback(events)
        self.kills += feedback.kills
        self.stats.shots += feedback.shots
        self.stats.hits += feedback.hits
        self.stats.kills += feedback.kills
        if feedback.hurt > 0.0:
            self.hud.flash()
            self.knock_left = KNOCK_SECONDS
        for kind in feedback.pickups:
            if kind not in self.explained:
                self.explained.add(kind)
                amount = bridge.pickup_amounts(self.sim)[kind]
                name = {"ammo": "Gold coin", "health": "Red gem"}.get(kind, kind)
                self.hud.show_banner(f"{name}: +{amount:g} {kind}", seconds=3.0, calm=True)
        for ev in events:
            if ev.kind in bridge.PROP_EVENTS:
                self.prop_events[ev.kind] = self.prop_events.get(ev.kind, 0) + 1
        for x, y, nx, ny in feedback.sparks:
            self.effects.sparks(x, y, nx, ny)
        for x, y, size in feedback.puffs:
            self.effects.puff(x, y, size)
        for x, y in feedback.muzzles:
            self.effects.muzzle(x, y)
        if self.app is not None:
            self.app.audio.play_events(feedback.sounds, self.window.time)
            self.app.audio.play_impacts(events, self.window.time)
        if bridge.player_dead(self.sim):
            self.deaths += 1
            self.over = True
            self.effects.puff(*bridge.player_xy(self.sim), 60.0)

    def on_update(self, delta_time: float) -> None:
        self.effects.update(delta_time)
        target = bridge.player_xy(self.sim)
        self.look = follow(
            self.look, target, delta_time, self.view_size, self.level_size, margins=self.margins
        )
        self.knock_left = max(0.0, self.knock_left - delta_time)
        self.camera.position = self.look
        if self.knock_left > 0.0:
            phase = self.knock_left / KNOCK_SECONDS
            t = self.window.time if self.window is not None else 0.0
            shake = KNOCK_PX * phase
            self.camera.position = (
                self.look[0] + shake * math.sin(t * 91.0),
                self.look[1] + shake * math.cos(t * 73.0),
            )
        state = bridge.hud_state(self.sim, self.title, self.best)
        self.hud.update(state, delta_time)
        self.warn(state)
        self.hud.show_callout(*self.callout())
        if self.over:
            self.dead_for += delta_time
            if self.dead_for >= DEATH_PAUSE:
                self.end_pause()

    def end_pause(self, key: int | None = None) -> None:
        """The death pause is over (its time ran out, or a key or a click): the game-over screen, once;
        a ``PANEL_KEYS`` key pressed in the pause acts on it at once (it is not lost)."""
        if self.app is None or self.bot is not None or self.ended:
            return
        self.ended = True
        self.app.game_over(self)
        if key in PANEL_KEYS:
            self.window.current_view.on_key_press(key, 0)

    def warn(self, state) -> None:
        """Low ammo and low health: a banner and a sound when each first runs low (again after recovering)."""
        amounts = bridge.pickup_amounts(self.sim)
        for key, low, message in (
            ("ammo", low_ammo(state), f"Low ammo: gold coins give +{amounts['ammo']:g}"),
            ("health", low_health(state), f"Low health: red gems heal +{amounts['health']:g}"),
        ):
            if low and key not in self.warned:
                self.warned.add(key)
                self.hud.show_banner(message, seconds=3.0)
                if self.app is not None:
                    self.app.audio.play("warning", self.window.time)
            elif not low:
                self.warned.discard(key)

    def callout(self) -> tuple[str, str]:
        """The centre lines: waiting for a key, the get-ready count, or nothing."""
        if self.waiting:
            return "Ready?", WAIT_HINT
        left = bridge.ready_left(self.sim)
        if left > 0.0 and self.bot is None:
            return f"Get ready  {math.ceil(left)}", CONTROLS_HINT + "\n" + pickups_hint(
                bridge.pickup_amounts(self.sim)
            )
        return "", ""

    # --- drawing -------------------------------------------------------------

    def draw_world(self) -> None:
        """Everything under the world camera (also drawn, frozen, under the pause screen)."""
        self.actors.sync(bridge.actors(self.sim))
        with self.camera.activate():
            self.floor.draw()
            self.walls.draw()
            self.actors.draw()
            self.effects.draw()
            if self.show_debug:
                draw_overlay(self.sim.world, self.visible_box(), self.sim.joints)
        with self.gui_camera.activate():
            self.hud.draw()
            self.draw_crosshair()
            if self.perf is not None:
                self.perf.draw()

    def draw_crosshair(self) -> None:
        """A crosshair where the mouse is (window pixels), so the aim point shows in every frame and screenshot."""
        if self.controls.mouse_screen is None or self.bot is not None:
            return
        x, y = self.controls.mouse_screen
        arcade.draw_circle_outline(x, y, 11, CROSSHAIR, 2)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            arcade.draw_line(x + dx * 5, y + dy * 5, x + dx * 16, y + dy * 16, CROSSHAIR, 2)

    def visible_box(self) -> tuple[float, float, float, float]:
        """The world rectangle on screen: left, bottom, right, top."""
        (x, y), zoom = self.camera.position, self.camera.zoom
        half_w, half_h = self.window.width / 2 / zoom, self.window.height / 2 / zoom
        return x - half_w, y - half_h, x + half_w, y + half_h

    def on_draw(self) -> None:
        self.clear()
        self.draw_world()

    # --- input ---------------------------------------------------------------

    def toggle_perf(self) -> None:
        """F2: arcade's perf graphs on or off."""
        if self.perf is not None:
            self.stop_perf()
            return
        # arcade's timings are process-wide: an earlier run may have left them on
        # (enabling twice raises "Timings already enabled").
        if not arcade.timings_enabled():
            arcade.enable_timings()
        self.perf = arcade.SpriteList()
        for i, data in enumerate(("FPS", "on_update", "on_draw")):
            graph = arcade.PerfGraph(200, 120, graph_data=data)
            graph.position = (PERF_LEFT + i * 210, PERF_Y)
            self.perf.append(graph)

    def stop_perf(self) -> None:
        """Hide the perf graphs and stop their timers and arcade's timings (the run ends or F2)."""
        if self.perf is None:
            return
        for graph in self.perf:
            pyglet.clock.unschedule(graph.update_graph)  # PerfGraph schedules itself forever
        self.perf = None
        if arcade.timings_enabled():
            arcade.disable_timings()

    def on_show_view(self) -> None:
        # A cursor already over the window aims before it moves: pyglet learns where it is from
        # the window's enter event (``_mouse_x/_y``, no public getter), and the app from any view's motion.
        if (
            self.controls.mouse_screen is None
            and self.bot is None
            and getattr(self.window, "_mouse_in_window", False)
        ):
            self.controls.mouse_screen = (float(self.window._mouse_x), float(self.window._mouse_y))

    def start(self) -> None:
        """The key or click that ends the wait: the run's first step comes next."""
        self.waiting = False

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.over:  # the death pause: any key brings the game-over screen now
            self.end_pause(symbol)
            return
        if self.waiting and symbol != arcade.key.ESCAPE:
            self.start()
        if symbol == arcade.key.ESCAPE and not self.over:
            self.controls.release_all()
            self.window.show_view(PauseView(self.app, self))
        elif symbol == arcade.key.F1:
            self.show_debug = not self.show_debug
        elif symbol == arcade.key.F2:
            self.toggle_perf()
        elif symbol == arcade.key.F5:
            self.reload_level()
        elif symbol == arcade.key.F9 and self.bot is None:
            self.hud.show_banner(self.saves.save(self.sim), seconds=3.0, calm=True)
        elif symbol in (arcade.key.F10, arcade.key.R) and (self.bot is not None or self.recorder is not None):
            self.hud.show_banner(
                "Loading and rewinding are off in a recorded or bot run", seconds=3.0, calm=False
            )
        elif symbol == arcade.key.F10:
            loaded, said = self.saves.load(self.sim)
            self.hud.show_banner(said, seconds=3.0, calm=loaded)
        elif symbol == arcade.key.R:
            self.rewinding = True
        else:
            self.controls.key_down(symbol)

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.R:
            self.rewinding = False
        self.controls.key_up(symbol)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.controls.mouse_screen = (x, y)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        self.controls.mouse_screen = (x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.controls.mouse_screen = (x, y)
        if self.over:
            self.end_pause()
            return
        if self.waiting:
            self.start()
            return
        self.controls.press_mouse()

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.controls.mouse_screen = (x, y)
        self.controls.release_mouse()

    def on_resize(self, width: int, height: int) -> None:
        self.camera.match_window()
        self.gui_camera.match_window()
        self.hud = Hud(width, height)
