"""engine.arcade: arcade sprites in and out of a World with arcade.PymunkPhysicsEngine's names.

The conventions are converted in one place (clockwise degrees, pymunk's damping), a concave hit
box is a body of its convex parts (a self-crossing one its hull, with one warning), and what the
adapter cannot do is refused in one line.
"""

import math
import warnings

import arcade
import pytest
from arcade.hitbox import HitBox

from engine import PhysicsWarning
from engine.arcade import (
    PhysicsEngine,
    PhysicsEngineError,
    damping_rate,
    to_sprite_angle,
    to_world_angle,
)
from engine.collision import mass_properties


def box_sprite(x=0.0, y=0.0, size=32, angle=0.0) -> arcade.SpriteSolidColor:
    sprite = arcade.SpriteSolidColor(size, size, x, y, arcade.color.WHITE)
    sprite.angle = angle
    return sprite


def test_a_sprite_turned_90_degrees_clockwise_is_a_body_at_minus_half_pi_and_comes_back_so():
    assert to_world_angle(90.0) == pytest.approx(-math.pi / 2)
    assert to_sprite_angle(to_world_angle(33.0)) == pytest.approx(33.0)
    engine = PhysicsEngine()
    sprite = box_sprite(100, 50, angle=90.0)
    engine.add_sprite(sprite)
    body = engine.get_physics_object(sprite).body
    assert engine.world.transform(body.id).angle == pytest.approx(-math.pi / 2)
    engine.set_rotation(sprite, 45.0)
    engine.step()
    assert sprite.angle == pytest.approx(45.0) and sprite.position == pytest.approx((100, 50))


def test_damping_is_the_fraction_of_speed_kept_each_second():
    assert damping_rate(1.0, "d") == 0.0 and damping_rate(math.exp(-2.0), "d") == pytest.approx(2.0)
    engine = PhysicsEngine(damping=0.5)
    sprite = box_sprite()
    engine.add_sprite(sprite)
    engine.set_velocity(sprite, (100.0, 0.0))
    for _ in range(60):
        engine.step()
    assert engine.get_physics_object(sprite).body.velocity[0] == pytest.approx(50.0, rel=0.02)
    with pytest.raises(
        ValueError, match=r"PhysicsEngine damping is 1\.5: the fraction of speed kept each second, 0\.\.1"
    ):
        PhysicsEngine(damping=1.5)


def test_mass_is_the_bodys_mass_and_moment_inf_never_turns():
    engine = PhysicsEngine()
    sprite, player = box_sprite(), box_sprite(200)
    engine.add_sprite(sprite, mass=3.0)
    engine.add_sprite(player, moment_of_inertia=PhysicsEngine.MOMENT_INF)
    assert engine.get_physics_object(sprite).body.mass == pytest.approx(3.0)
    assert engine.world.has_fixed_rotation(engine.get_physics_object(player).body.id)
    with pytest.warns(PhysicsWarning, match="finite moment_of_inertia is not used"):
        engine.add_sprite(box_sprite(400), moment_of_inertia=5.0)


#: An L, 64 px: its notch is the square x, y in 0..32 (its hull's edge from (32, 0) to (0, 32) cuts it).
L_SHAPE = [(-32, -32), (32, -32), (32, 0), (0, 0), (0, 32), (-32, 32)]
L_AREA = 64 * 64 - 32 * 32


def l_sprite(x=0.0, y=0.0) -> arcade.SpriteSolidColor:
    sprite = box_sprite(x, y, 64)
    sprite.hit_box = HitBox(L_SHAPE, sprite.position)
    return sprite


def test_a_concave_hit_box_is_a_body_of_its_parts_with_the_ls_mass_and_a_box_lands_in_its_notch():
    engine = PhysicsEngine(gravity=(0, -900))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no hull, no warning
        floor, ell = l_sprite(), l_sprite(300)
        engine.add_sprite(floor, body_type=PhysicsEngine.STATIC)
        engine.add_sprite(ell, mass=6.0)
    obj = engine.get_physics_object(ell)
    assert len(obj.shapes) == 2 and obj.shape is obj.shapes[0]
    assert engine.world.shapes(obj.body.id).tolist() == [s.id for s in obj.shapes]
    assert sum(mass_properties(s.geometry, 1.0).mass for s in obj.shapes) == pytest.approx(L_AREA)
    assert obj.body.mass == pytest.approx(6.0)
    assert engine.world.density(obj.body.id) * L_AREA == pytest.approx(6.0)
    # A 16 px box dropped over the notch lands on its floor (y = 8): the hull would hold it at y >= 24.
    crate = box_sprite(16, 60, 16)
    engine.add_sprite(crate, moment_of_inertia=PhysicsEngine.MOMENT_INF)
    for _ in range(90):
        engine.step()
    assert crate.center_x == pytest.approx(16, abs=0.5) and crate.center_y == pytest.approx(8, abs=1.0)
    grounded = engine.check_grounding(crate)  # on the L's second part: the floor's body
    assert grounded["body"].id == engine.get_physics_object(floor).body.id


def test_a_hit_on_any_part_is_the_sprites_and_handlers_run_once_per_pair_of_sprites():
    engine = PhysicsEngine(gravity=(0, -900))
    ground = box_sprite(0, -100, 400)
    engine.add_sprite(ground, body_type=PhysicsEngine.STATIC, collision_type="ground")
    ell = l_sprite(0, 150)
    engine.add_sprite(ell, collision_type="ell", moment_of_inertia=PhysicsEngine.MOMENT_INF)
    calls = []

    def record(what):
        def handler(a, b, arbiter, world, data):
            calls.append(
                (what, a is ell, b is ground, engine.get_sprites_from_arbiter(arbiter) == (ell, ground))
            )
            return True

        return handler

    engine.add_collision_handler("ell", "ground", record("begin"), separate_handler=record("separate"))
    for _ in range(60):
        engine.step()
    assert engine.is_on_ground(ell)
    assert [c[0] for c in calls] == ["begin"] and all(c[1:] == (True, True, True) for c in calls)
    # Both parts stand on the ground (the L's bottom bar and its post are one flat foot): one pair.
    assert {engine.get_sprite_for_shape(s) for s in engine.get_physics_object(ell).shapes} == {ell}
    engine.set_velocity(ell, (0.0, 600.0))
    for _ in range(3):
        engine.step()
    assert [c[0] for c in calls] == ["begin", "separate"]
    engine.set_friction(ell, 0.9)
    assert [engine.world.friction(s.id) for s in engine.get_physics_object(ell).shapes] == [0.9, 0.9]
    shapes = engine.world.shapes(engine.get_physics_object(ell).body.id).tolist()
    engine.remove_sprite(ell)
    assert not any(s in engine.world for s in shapes) and not engine._sprite_of.keys() & set(shapes)


def test_a_self_crossing_hit_box_collides_as_its_hull_with_one_warning_per_engine():
    engine = PhysicsEngine()
    bows = [[(-16, -16), (16, 16), (16, -16), (-16, 16)], [(-20, -16), (16, 16), (16, -16), (-16, 16)]]
    sprites = [box_sprite(80 * k) for k in range(2)]
    for sprite, bow in zip(sprites, bows, strict=True):
        sprite.hit_box = HitBox(bow, sprite.position)
    with pytest.warns(
        PhysicsWarning, match=r"self-crossing hit box collides as its convex hull.*cross at"
    ) as said:
        for sprite in sprites:
            engine.add_sprite(sprite)
    assert len(said) == 1
    (hull,) = engine.get_physics_object(sprites[0]).shapes
    assert len(hull.geometry.points) == 4


def test_pymunks_body_type_ints_work_and_anything_else_is_one_line():
    engine = PhysicsEngine()
    wall = box_sprite()
    engine.add_sprite(wall, body_type=2)  # pymunk.Body.STATIC
    assert engine.world.is_static(engine.get_physics_object(wall).body.id)
    assert wall not in engine.non_static_sprite_list
    with pytest.raises(
        ValueError, match=r"body_type is 'solid': PhysicsEngine\.DYNAMIC, STATIC or KINEMATIC"
    ):
        engine.add_sprite(box_sprite(), body_type="solid")
    with pytest.raises(ValueError, match=r"elasticity is 2: 0\.\.1"):
        engine.add_sprite(box_sprite(), elasticity=2)
    with pytest.raises(PhysicsEngineError, match="is not in this physics engine"):
        engine.apply_force(box_sprite(), (1, 0))


def test_handlers_run_on_begin_after_each_step_and_on_separate_in_the_handlers_order():
    engine = PhysicsEngine()
    wall, ball = box_sprite(0, 0, 64), box_sprite(100, 0)
    engine.add_sprite(wall, body_type=PhysicsEngine.STATIC, collision_type="wall")
    engine.add_sprite(ball, collision_type="ball")
    calls = []

    def record(what):
        def handler(a, b, arbiter, world, data):
            calls.append((what, a is ball, b is wall, engine.get_sprite_for_shape(arbiter.shapes[0]) is ball))
            return True

        return handler

    engine.add_collision_handler(
        "ball", "wall", record("begin"), post_handler=record("post"), separate_handler=record("separate")
    )
    engine.set_velocity(ball, (-600.0, 0.0))
    for _ in range(12):
        engine.step()
    engine.set_velocity(ball, (600.0, 0.0))
    for _ in range(12):
        engine.step()
    kinds = [c[0] for c in calls]
    assert kinds[0] == "begin" and kinds[1] == "post" and kinds[-1] == "separate"
    assert all(c[1:] == (True, True, True) for c in calls)
    with pytest.raises(ValueError, match="pre_handler: not supported"):
        engine.add_collision_handler("ball", "wall", pre_handler=record("pre"))


def test_a_begin_handler_that_returns_nothing_warns_once_that_the_pair_still_collides():
    engine = PhysicsEngine()
    wall, ball = box_sprite(0, 0, 64), box_sprite(100, 0)
    engine.add_sprite(wall, body_type=PhysicsEngine.STATIC, collision_type="wall")
    engine.add_sprite(ball, collision_type="ball")
    engine.add_collision_handler("ball", "wall", begin_handler=lambda *args: None)
    engine.set_velocity(ball, (-600.0, 0.0))
    with pytest.warns(PhysicsWarning, match="still collides"):
        for _ in range(12):
            engine.step()
    assert ball.center_x > 40  # stopped by the wall


def test_removing_a_sprite_from_its_lists_removes_its_body():
    engine = PhysicsEngine()
    sprites = arcade.SpriteList()
    sprite = box_sprite()
    sprites.append(sprite)
    engine.add_sprite_list(sprites)
    body = engine.get_physics_object(sprite).body.id
    sprite.remove_from_sprite_lists()
    assert body not in engine.world and sprite not in engine.sprites and len(sprites) == 0


def test_a_sprite_on_the_ground_under_gravity_is_on_the_ground():
    engine = PhysicsEngine(gravity=(0, -900))
    ground, player = box_sprite(0, 0, 200), box_sprite(0, 200)
    engine.add_sprite(ground, body_type=PhysicsEngine.STATIC)
    engine.add_sprite(player, moment_of_inertia=PhysicsEngine.MOMENT_INF)
    assert not engine.is_on_ground(player)
    for _ in range(90):
        engine.step()
    assert engine.is_on_ground(player)
    assert engine.check_grounding(player)["normal"] == pytest.approx((0.0, -1.0), abs=1e-6)


def test_max_velocity_and_own_gravity_hold():
    engine = PhysicsEngine(gravity=(0, -900))
    capped, floating = box_sprite(), box_sprite(300)
    engine.add_sprite(capped, max_velocity=100)
    engine.add_sprite(floating, gravity=(0, 0))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(30):
            engine.step()
    assert math.hypot(*engine.get_physics_object(capped).body.velocity) == pytest.approx(100.0)
    assert floating.center_y == pytest.approx(0.0)
