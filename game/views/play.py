"""The play view: input -> simulation step -> events -> sprites, sounds and HUD.

The simulation advances only in ``on_fixed_update`` (1/60 s, deterministic);
``on_update`` moves the camera and the cosmetic effects; ``on_draw`` mirrors
the simulation into sprites and draws the world under a ``Camera2D`` that
follows the player, then the HUD under a GUI camera.

Keys: WASD/arrows move, mouse aims, click/hold or Space fires, Esc pauses,
F1 debug overlay, F2 performance graph, F5 reloads the level from disk.
"""

from __future__ import annotations

import time

import arcade
import pyglet

from game import tiled
from game.render.camera import clamp_to_level, follow
from game.render.debug import draw_overlay
from game.render.effects import Effects
from game.render.hud import Hud
from game.render.sprites import SpriteMirror
from game.render.walls import VOID_COLOR, build_ground, build_walls

from . import bridge
from .controls import Controls

#: Seconds the death puff plays before the game-over screen.
DEATH_PAUSE = 1.2
#: The mouse's crosshair (RGBA).
CROSSHAIR = (255, 60, 60, 230)


class PlayView(arcade.View):
    """One run of one level."""

    def __init__(self, app, level, seed: int | None = 0, bot=None) -> None:
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
        self.over = False
        self.kills = 0
        #: Prop events seen in this run, by kind (a scripted session's summary reports them).
        self.prop_events: dict[str, int] = {}
        self.deaths = 0
        self._set_level(level)
        from game.sim import Simulation

        self.sim = Simulation(level, self.seed)
        #: ``game.replay.Recorder`` of the session (``--record``), told of every run, reload and tick.
        self.recorder = getattr(app, "recorder", None)
        if self.recorder is not None:
            self.recorder.start_run(level, self.seed, self.sim)
        self.best = app.best_score(level.name) if app is not None else 0
        self.camera.position = clamp_to_level(*bridge.player_xy(self.sim), self.view_size, self.level_size)

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
            self.hud.show_banner(f"Reload failed, still playing the old level: {first}", seconds=8.0)
            if self.app is not None:
                self.app.audio.play("error", self.window.time)
            return False
        self.sim = bridge.reload(self.sim, level, self.seed)
        if self.recorder is not None:
            self.recorder.reload(level, self.seed, self.sim)
        self._set_level(level)
        self.hud.show_banner(
            f"Reloaded {level.path.name}" + (f" ({len(findings)} warnings)" if findings else ""), seconds=3.0
        )
        return True

    # --- simulation ----------------------------------------------------------

    def on_fixed_update(self, delta_time: float) -> None:
        if self.over:
            return
        if self.bot is not None:
            inputs = self.bot.inputs(self.sim)
        else:
            inputs = bridge.to_inputs(self.controls.intent(bridge.player_xy(self.sim), self.camera))
        if self.recorder is not None:
            self.recorder.tick(self.sim, inputs)
        start = time.perf_counter()
        events = self.sim.step(inputs)
        self.sim_ms.append((time.perf_counter() - start) * 1000.0)
        self.steps += 1
        feedback = bridge.feedback(events)
        self.kills += feedback.kills
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
        self.camera.position = follow(
            self.camera.position, target, delta_time, self.view_size, self.level_size
        )
        self.hud.update(bridge.hud_state(self.sim, self.title, self.best), delta_time)
        if self.over:
            self.dead_for += delta_time
            if self.dead_for >= DEATH_PAUSE and self.app is not None and self.bot is None:
                self.app.game_over(self)

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
                draw_overlay(self.sim.world, self.visible_box())
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
        if self.perf is not None:
            for graph in self.perf:
                pyglet.clock.unschedule(graph.update_graph)  # PerfGraph schedules itself forever
            self.perf = None
            if arcade.timings_enabled():
                arcade.disable_timings()
            return
        arcade.enable_timings()
        self.perf = arcade.SpriteList()
        for i, data in enumerate(("FPS", "on_update", "on_draw")):
            graph = arcade.PerfGraph(200, 120, graph_data=data)
            graph.position = (110 + i * 210, 70)
            self.perf.append(graph)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE and not self.over:
            from .pause import PauseView

            self.controls.release_all()
            self.window.show_view(PauseView(self.app, self))
        elif symbol == arcade.key.F1:
            self.show_debug = not self.show_debug
        elif symbol == arcade.key.F2:
            self.toggle_perf()
        elif symbol == arcade.key.F5:
            self.reload_level()
        else:
            self.controls.key_down(symbol)

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        self.controls.key_up(symbol)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.controls.mouse_screen = (x, y)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        self.controls.mouse_screen = (x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.controls.mouse_screen = (x, y)
        self.controls.mouse_down = True

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.controls.mouse_screen = (x, y)
        self.controls.mouse_down = False

    def on_resize(self, width: int, height: int) -> None:
        self.camera.match_window()
        self.gui_camera.match_window()
        self.hud = Hud(width, height)
