"""What a player feels (issue 23, items 2, 4 and 5), through the real window and the real view.

Events reach the view by ``window.dispatch_event`` (the way pyglet hands real
input over) or by a scripted session; the frames run the view's own fixed
update, update and draw.
"""

import math

import arcade
import pytest
from arcade.clock import GLOBAL_CLOCK

from game.app import App
from game.headless.session import Session
from game.render import hud
from game.sim import DT
from game.sim.rules import CHASER
from game.views import bridge
from game.views.play import KNOCK_SECONDS, PERF_BAND, PlayView

from .helpers import run_steps
from .test_script_session import button, move, script

W, H = 1280, 720


@pytest.fixture
def app(window, isolated_storage):
    made = App(window, seed=3)
    made.audio.volume = 0.0
    return made


def audible(app):
    """Sounds on but played at volume ~0: ``Audio.played`` lists what a player would hear."""
    app.audio.volume = 1e-6
    return app


def send(window, name, *args):
    """One input event the way pyglet delivers it: queued on the window, then dispatched to the view."""
    window.dispatch_event(name, *args)
    window.dispatch_events()


def skip_get_ready(play):
    run_steps(play, round(bridge.ready_left(play.sim) / DT) + 1)


# --- a fair start ---------------------------------------------------------------------------


def test_a_run_counts_down_get_ready_on_screen_with_the_controls_and_the_pickups_explained(app, window):
    play = app.start_level("yard")
    run_steps(play, 1)
    assert play.hud.callout.text == "Get ready  3"
    assert "coins are ammo" in play.hud.callout_hint.text and "gems are health" in play.hud.callout_hint.text
    run_steps(play, 61)
    assert play.hud.callout.text == "Get ready  2" and len(play.sim.enemies) == 0
    skip_get_ready(play)
    assert play.hud.callout.text == "" and len(play.sim.enemies) >= 1


def test_the_get_ready_hint_sits_under_the_count_and_both_inside_their_backdrop(app, window):
    # Regression: the two-line hint was centred on a point, and its first line ran up into the count.
    play = app.start_level("yard")
    run_steps(play, 1, draw=True)
    count, hint = play.hud.callout, play.hud.callout_hint
    assert len(hint.text.splitlines()) == 2
    assert hint.top <= count.bottom
    left, bottom, width, height = play.hud.callout_box
    assert bottom + 12 <= hint.bottom and count.top <= bottom + height
    assert bottom >= play.window.height / 2 + 32  # clear of the player, whom the camera keeps mid-screen
    assert left <= min(count.left, hint.left) and max(count.right, hint.right) <= left + width


def test_a_run_that_starts_after_the_loading_bar_waits_for_a_key(app, window):
    from .warmups import finished_loading

    play = finished_loading(app, window)
    assert isinstance(play, PlayView) and play.waiting
    run_steps(play, 120, draw=True)
    assert play.sim.tick == 0 and play.hud.callout.text == "Ready?"
    send(window, "on_key_press", arcade.key.W, 0)
    run_steps(play, 3)
    assert not play.waiting and play.sim.tick == 3 and play.hud.callout.text.startswith("Get ready")


# --- lost shots -----------------------------------------------------------------------------


def test_a_click_pressed_and_released_within_one_frame_fires_once(window, isolated_storage):
    # Press and release land before the same frame's fixed update: the latch makes the step see it.
    events = script(move(5, 900, 360), button(10), button(10, down=False))
    with Session(events, window=window, level="yard", frames=14) as session:
        session.run(until=10)
        ammo = session.play.sim.player.ammo
        session.run()
        assert session.play.sim.player.ammo == ammo - 1
        assert session.play.stats.shots == 1


def test_the_hull_turns_to_a_cursor_already_over_the_window_before_the_mouse_moves(window, isolated_storage):
    # The cursor moves on the title screen, then Enter: play never gets a motion event.
    events = script(move(3, 240 + 150, H / 2 + 150), {"frame": 5, "event": "key_down", "key": "ENTER"})
    with Session(events, window=window, frames=40, seed=1) as session:
        session.run(until=4)
        session.app.last_level = None
        title = window.current_view
        title.selected = title.names.index("yard")
        session.run()
        play = session.play
        assert play is not None and play.level.name == "yard"
        x, y = play.sim.player.x, play.sim.player.y
        aim = play.camera.unproject((240 + 150, H / 2 + 150))
        wanted = math.degrees(math.atan2(aim[1] - y, aim[0] - x))
        got = math.degrees(play.sim.player.angle)
        assert abs((got - wanted + 180) % 360 - 180) < 3.0, (got, wanted)


# --- feedback -------------------------------------------------------------------------------


def chaser_on_player(play):
    p = play.sim.player
    play.sim.spawn_enemy(CHASER, p.x + 20, p.y)


def test_taking_damage_flashes_the_screen_knocks_the_camera_and_plays_the_hurt_sound(app, window):
    play = audible(app).start_level("yard")
    skip_get_ready(play)
    play.sim.enemies.health[:] = 0.0
    run_steps(play, 1)
    health = play.sim.player.health
    chaser_on_player(play)
    for _ in range(10):
        run_steps(play, 1)
        if play.sim.player.health < health:
            break
    assert play.sim.player.health < health
    assert play.hud.flash_left > 0 and 0 < play.knock_left <= KNOCK_SECONDS
    assert tuple(play.camera.position) != tuple(play.look)
    assert "hurt" in app.audio.played
    play.on_draw()
    flashed = arcade.get_image().convert("RGB")
    r = [
        flashed.getpixel((x, H // 2 + 100))[0] - flashed.getpixel((x, H // 2 + 100))[2] for x in (50, W - 50)
    ]
    assert all(d > 30 for d in r), r  # red over the whole screen, corners included


def test_a_kill_plays_its_sound(app, window):
    play = audible(app).start_level("yard")
    skip_get_ready(play)
    play.sim.enemies.health[:] = 0.0
    run_steps(play, 1)
    assert "death" in app.audio.played and play.stats.kills >= 1


def test_low_ammo_and_low_health_are_warned_once_in_words_colour_and_sound(app, window):
    play = audible(app).start_level("yard")
    run_steps(play, 1)
    play.sim.player.ammo = hud.LOW_AMMO
    run_steps(play, 1)
    assert "Low ammo" in play.hud.banner.text and play.hud.texts["ammo"].text.endswith("LOW")
    assert tuple(play.hud.texts["ammo"].color[:3]) == hud.WARN and app.audio.played.count("warning") == 1
    GLOBAL_CLOCK.tick(1.0)  # the window's clock, which spaces out repeats of one sound
    play.sim.player.health = play.sim.player.max_health * hud.LOW_HEALTH
    run_steps(play, 1)
    assert "Low health" in play.hud.banner.text and play.hud.texts["health"].text.endswith("LOW")
    for _ in range(30):
        GLOBAL_CLOCK.tick(0.1)
        run_steps(play, 1)
    assert app.audio.played.count("warning") == 2  # once each, not every frame


def test_a_pickup_is_explained_on_screen_the_first_time_it_is_collected(app, window):
    play = app.start_level("yard")
    run_steps(play, 1)
    pk = play.sim.pickups
    ammo = next(k for k in range(len(pk)) if bridge.PICKUP_KINDS[int(pk.kind[k])] == "ammo")
    p = play.sim.player
    p.x, p.y = float(pk.x[ammo]), float(pk.y[ammo])
    play.sim.world.set_transform(p.body, (p.x, p.y, p.angle))
    run_steps(play, 1)
    assert play.hud.banner.text == f"Gold coin: +{play.sim.rules.ammo_amount} ammo" and play.hud.banner_calm


def test_the_level_top_edge_shows_below_the_hud_strip(app, window):
    play = app.start_level("yard")
    p = play.sim.player
    p.y = play.level.height - 5.0  # against the level's top edge
    run_steps(play, 240)
    top = play.camera.project((p.x, play.level.height))[1]
    assert top <= H - hud.STRIP + 0.5


def test_f2_graphs_keep_the_player_clear_of_them_near_the_bottom(app, window):
    play = app.start_level("yard")
    p = play.sim.player
    p.y = 30.0
    send(window, "on_key_press", arcade.key.F2, 0)
    run_steps(play, 240)
    assert play.camera.project((p.x, p.y))[1] >= PERF_BAND


def test_impulses_show_where_they_land_dust_for_a_prop_s_impact_sparks_for_a_shot_on_a_prop():
    from game.sim import Event

    fb = bridge.feedback(
        [
            Event("prop_impact", 100.0, 50.0, -1.0, 0.0, 0.2),
            Event("prop_impact", 300.0, 60.0, 0.0, 1.0, 1.0),
            Event("prop_hit", 200.0, 70.0, 0.0, -1.0, 160.0),
        ]
    )
    (x1, y1, soft), (x2, y2, loud) = fb.puffs
    assert (x1, y1, x2, y2) == (100.0, 50.0, 300.0, 60.0) and 0 < soft < loud  # dust as big as the knock
    assert fb.sparks == [(200.0, 70.0, 0.0, -1.0)]  # sparks off the prop, along its surface's normal
