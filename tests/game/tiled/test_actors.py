"""The actors' hitboxes as the designer draws them in assets/actors.tsj, and the simulation moving them."""

import dataclasses
import json
import math
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.collision import Circle, Polygon, Transform, intersects
from game.check.doors import door_findings
from game.level import Level, LevelError, Marker, Wall
from game.sim import Inputs, Rules, Simulation
from game.sim.rules import WALL
from game.tiled import actors
from game.tiled.actors import ACTOR_NAMES, ActorHitbox, actor_hitboxes, read_actors

SHIPPED = actors.ACTORS_FILE

#: Today's hitboxes, written out here (not read from the code under test): what the replays were recorded with.
TODAY = {
    "player": Polygon([(16, 0), (4, 11), (-11, 9), (-11, -9), (4, -11)], radius=2.0),
    "chaser": Circle(11.0),
    "shooter": Polygon([(13, 0), (6.5, 11.3), (-6.5, 11.3), (-13, 0), (-6.5, -11.3), (6.5, -11.3)]),
    "brute": Polygon([(-26, -16), (26, -16), (26, 16), (-26, 16)], radius=4.0),  # 52 x 32 core, rounded by 4
    "player_bullet": Circle(3.0),
    "enemy_bullet": Circle(3.0),
}
DIRECTIONS = [(math.cos(2 * math.pi * k / 720), math.sin(2 * math.pi * k / 720)) for k in range(720)]


def _tileset() -> dict:
    return json.loads(SHIPPED.read_text())


def _write(tmp_path: Path, raw: dict) -> Path:
    """An edited copy of the shipped tileset beside a copy of its images."""
    shutil.copytree(SHIPPED.parent / "actors", tmp_path / "actors", dirs_exist_ok=True)
    path = tmp_path / "actors.tsj"
    path.write_text(json.dumps(raw))
    return path


def _tile(raw: dict, name: str) -> dict:
    return next(t for t in raw["tiles"] if t["type"] == name)


def _errors(findings) -> list:
    return [f for f in findings if f.severity == "error"]


# --- the shipped file ------------------------------------------------------------------------------


def test_the_shipped_file_gives_exactly_todays_hitboxes_in_every_direction():
    hitboxes, findings = read_actors(SHIPPED)
    assert findings == []
    assert tuple(hitboxes) == ACTOR_NAMES
    for name, want in TODAY.items():
        (part,) = hitboxes[name].parts
        assert type(part) is type(want)
        for d in DIRECTIONS:
            assert part.support(*d) == want.support(*d), (name, d)  # bit for bit: replays hash positions
        assert part.packed.tobytes() == want.packed.tobytes(), name
        assert hitboxes[name].notes == ()


def test_every_shipped_tile_has_its_image_centred_on_the_actor_and_the_image_is_the_drawn_size():
    raw = _tileset()
    assert raw["version"] == "1.8" and raw["columns"] == 0  # a Tiled 1.8 image collection
    hitboxes = actor_hitboxes()
    for tile in raw["tiles"]:
        image = SHIPPED.parent / tile["image"]
        assert image.is_file(), image
        from PIL import Image

        with Image.open(image) as img:
            assert img.size == (tile["imagewidth"], tile["imageheight"])
        # Even sizes put the centre on a whole pixel, so whole-pixel shapes stay exact.
        assert tile["imagewidth"] % 2 == 0 and tile["imageheight"] % 2 == 0
        assert hitboxes[tile["type"]].tile_id == tile["id"]
        assert hitboxes[tile["type"]].image == image.resolve()


def _right_edge(alpha, rows) -> int:
    """The rightmost clearly inked column in these rows."""
    return max(x for x in range(alpha.width) for y in rows if alpha.getpixel((x, y)) > 128)


def _glow(rgba, columns) -> int:
    """How much light (colour times opacity) these columns hold."""
    return sum(
        sum(rgba.getpixel((x, y))[:3]) * rgba.getpixel((x, y))[3] for x in columns for y in range(rgba.height)
    )


def test_the_actor_images_face_plus_x():
    """Engine angle 0 is +x, and the sprite is drawn turned by the actor's angle alone."""
    from PIL import Image

    for name in ("player", "chaser", "shooter", "brute"):
        with Image.open(SHIPPED.parent / "actors" / f"{name}.png") as img:
            alpha = img.convert("RGBA").getchannel("A")
            h = alpha.height
            # The barrel pokes out ahead of the hull: the row through the centre reaches farther right
            # than the rows along the hull's sides.
            centre = _right_edge(alpha, range(h // 2 - 1, h // 2 + 2))
            side = _right_edge(alpha, range(h // 6, h // 6 + 3))
            assert centre > side, (name, centre, side)
    for name in ("player_bullet", "enemy_bullet"):
        with Image.open(SHIPPED.parent / "actors" / f"{name}.png") as img:
            rgba = img.convert("RGBA")
            w, h = rgba.size
            assert w > h, name  # lies along x, the way it flies

            assert _glow(rgba, range(w - w // 4, w)) > _glow(rgba, range(w // 4)), (
                name
            )  # the bright head leads


def test_the_shipped_hitboxes_fit_through_every_shipped_levels_narrowest_door():
    assert door_findings(actor_hitboxes()) == []


# --- an edited copy changes the game ----------------------------------------------------------------


def _corridor() -> Level:
    """A room with a wall at x = 300 (its face at x = 292); the player starts at (200, 200) facing +x."""
    walls = [((Polygon.box(8, 200), Transform(300, 200, 0)))]
    border = [
        (Polygon.box(8, 200), Transform(8, 200, 0)),
        (Polygon.box(200, 8), Transform(200, 8, 0)),
        (Polygon.box(200, 8), Transform(200, 392, 0)),
    ]
    parts = tuple(Wall(k, f"w{k}", "rectangle", (part,)) for k, part in enumerate([*walls, *border]))
    return Level(
        "corridor",
        Path("corridor.tmj"),
        400.0,
        400.0,
        parts,
        Marker(1, "start", "player", 200.0, 200.0),
        (),
        (),
    )


def _walk_right(hitboxes) -> float:
    sim = Simulation(_corridor(), 0, rules=Rules(first_wave=0, wave_growth=0), hitboxes=hitboxes)
    for _ in range(60):
        sim.step(Inputs(1.0, 0.0, sim.player.x + 100.0, sim.player.y, False))
    return sim.player.x


def test_a_bigger_player_hitbox_in_an_edited_file_stops_the_player_farther_from_a_wall(tmp_path):
    raw = _tileset()
    hull = _tile(raw, "player")["objectgroup"]["objects"][0]
    hull["polygon"] = [
        {"x": 2 * p["x"], "y": 2 * p["y"]} for p in hull["polygon"]
    ]  # twice as long: nose at 32
    bigger, findings = read_actors(_write(tmp_path, raw))
    assert _errors(findings) == []
    shipped_x, bigger_x = _walk_right(None), _walk_right(bigger)
    # Facing +x, the nose (core 16 or 32, plus the radius 2) touches the wall's face at x = 292.
    assert shipped_x == pytest.approx(292 - 18, abs=0.1)
    assert bigger_x == pytest.approx(292 - 34, abs=0.1)


def test_a_bigger_chaser_in_an_edited_file_touches_the_player_from_farther(tmp_path):
    raw = _tileset()
    ring = _tile(raw, "chaser")["objectgroup"]["objects"][0]
    ring.update(x=ring["x"] - 19, y=ring["y"] - 19, width=60, height=60)  # radius 11 -> 30, same centre
    bigger, _ = read_actors(_write(tmp_path, raw))
    assert bigger["chaser"].parts == (Circle(30.0),)

    def hurt(hitboxes) -> bool:
        sim = Simulation(_corridor(), 0, rules=Rules(first_wave=0, wave_growth=0), hitboxes=hitboxes)
        sim.spawn_enemy(
            0, 200.0, 240.0
        )  # 40 px above: the shipped chaser (11) misses the hull (13), 30 touches
        sim.enemies.speed[:] = 0.0
        health = sim.player.health
        sim.step(Inputs(0.0, 0.0, 300.0, 200.0, False))
        return sim.player.health < health

    assert not hurt(None)
    assert hurt(bigger)


# --- concave hitboxes -----------------------------------------------------------------------------


#: An L in the tile's frame (y down), about the player tile's centre (19, 17).
L_SHAPE = [(-10, -10), (10, -10), (10, -2), (-2, -2), (-2, 10), (-10, 10)]


def _concave_player(tmp_path) -> Path:
    raw = _tileset()
    hull = _tile(raw, "player")["objectgroup"]["objects"][0]
    hull["polygon"] = [{"x": x, "y": y} for x, y in L_SHAPE]
    hull["properties"] = []
    return _write(tmp_path, raw)


def _inside_l(x: float, y: float) -> bool:
    """Is the actor-frame point (y up) inside the L? (The L flipped to y up, by hand.)"""
    return (-10 < x < 10 and 2 < y < 10) or (-10 < x < -2 and -10 < y < 10)


def test_a_concave_hitbox_is_split_into_convex_parts_with_a_note(tmp_path):
    hitboxes, findings = read_actors(_concave_player(tmp_path))
    assert _errors(findings) == []
    player = hitboxes["player"]
    assert len(player.parts) == 2 and all(isinstance(p, Polygon) for p in player.parts)
    assert any("split into 2 convex parts" in note for note in player.notes)


@settings(max_examples=200, deadline=None)
@given(st.floats(-14, 14), st.floats(-14, 14))
def test_a_split_hitbox_collides_exactly_where_the_concave_shape_does(x, y):
    hitboxes = _split_hitboxes()
    probe = Circle(1e-3)
    hit = any(intersects(part, (0.0, 0.0, 0.0), probe, (x, y, 0.0)) for part in hitboxes["player"].parts)
    near_edge = min(abs(x - e) for e in (-10, -2, 10)) < 0.01 or min(abs(y - e) for e in (-10, 2, 10)) < 0.01
    if not near_edge:
        assert hit == _inside_l(x, y), (x, y)


_SPLIT: dict = {}


def _split_hitboxes():
    if "h" not in _SPLIT:
        import tempfile

        folder = Path(tempfile.mkdtemp())
        _SPLIT["h"] = read_actors(_concave_player(folder))[0]
        shutil.rmtree(folder)
    return _SPLIT["h"]


def _ledge() -> Level:
    """``_corridor`` without its wall at x = 300, and a ledge x 292..392, y 192..196 instead: at the
    player's start (y = 200) facing +x, the ledge is level with the L's notch (y -10..2 about it)."""
    level = _corridor()
    ledge = Wall(9, "ledge", "rectangle", ((Polygon.box(50, 2), Transform(342, 194, 0)),))
    return dataclasses.replace(level, walls=(*level.walls[1:], ledge))


def test_the_simulation_plays_a_split_hitbox_as_one_body_of_its_parts(tmp_path):
    hitboxes, _ = read_actors(_concave_player(tmp_path))
    sim = Simulation(_ledge(), 0, rules=Rules(first_wave=0, wave_growth=0), hitboxes=hitboxes)
    assert len(sim.world.shapes(sim.player.body)) == 2
    for _ in range(60):
        sim.step(Inputs(1.0, 0.0, sim.player.x + 100.0, sim.player.y, False))
    # The ledge slides into the notch: the post (x <= -2) stops the player, 2 px past the ledge's tip
    # at x = 292. Its hull (whose edge crosses the notch, x = 0..4 at the ledge's height) would
    # stop it at 288, its top bar alone never.
    assert sim.player.x == pytest.approx(294.0, abs=0.1) and sim.player.y == pytest.approx(200.0)
    for part in sim.world.shapes(sim.player.body).tolist():
        touching = sim.world.query_shape(sim.world.shape(part), sim.world.shape_transform(part), WALL)
        assert not len(touching)


# --- shapes placed off centre and turned -----------------------------------------------------------


def test_a_turned_rectangle_and_an_offset_circle_land_in_the_actor_frame(tmp_path):
    raw = _tileset()
    tile = _tile(raw, "brute")  # 70 x 60: centre (35, 30)
    tile["objectgroup"]["objects"] = [
        # a 20 x 10 box with its top-left at the centre, turned 90° clockwise (y down) about it
        {"id": 1, "name": "", "x": 35, "y": 30, "width": 20, "height": 10, "rotation": 90, "visible": True},
    ]
    tile = _tile(raw, "chaser")  # 28 x 22: centre (14, 11)
    tile["objectgroup"]["objects"] = [
        {
            "id": 1,
            "name": "",
            "x": 14,
            "y": 1,
            "width": 10,
            "height": 10,
            "rotation": 0,
            "ellipse": True,
            "visible": True,
        },
    ]
    hitboxes, findings = read_actors(_write(tmp_path, raw))
    assert _errors(findings) == []
    (box,) = hitboxes["brute"].parts
    # Turned clockwise on screen, the box runs down (y down) from the centre: x in [-10, 0], y in [-20, 0] (y up).
    xs, ys = zip(*box.points, strict=True)
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((-10, 0, -20, 0), abs=1e-9)
    (circle,) = hitboxes["chaser"].parts
    assert circle.radius == 5.0 and circle.center == pytest.approx((5.0, 5.0))  # centre (19, 6): right, up


# --- bad files: one line each ------------------------------------------------------------------------


def _edit_player(objects) -> dict:
    raw = _tileset()
    _tile(raw, "player")["objectgroup"]["objects"] = objects
    return raw


BAD = {
    "no shapes": (_edit_player([]), "tile 0 (player): no collision shapes"),
    "self-intersecting": (
        _edit_player(
            [
                {
                    "id": 1,
                    "name": "",
                    "x": 19,
                    "y": 17,
                    "visible": True,
                    "polygon": [{"x": -8, "y": -8}, {"x": 8, "y": 8}, {"x": 8, "y": -8}, {"x": -8, "y": 8}],
                }
            ]
        ),
        "tile 0 (player): collision object 1: polygon self-intersects: two of its edges cross near (19, 17)",
    ),
    "negative radius": (
        _edit_player(
            [
                {
                    "id": 3,
                    "name": "",
                    "x": 9,
                    "y": 7,
                    "width": 20,
                    "height": 20,
                    "visible": True,
                    "properties": [{"name": "radius", "type": "float", "value": -1.0}],
                }
            ]
        ),
        "tile 0 (player): collision object 3: property 'radius' must be a number >= 0",
    ),
    "radius on an ellipse": (
        _edit_player(
            [
                {
                    "id": 2,
                    "name": "",
                    "x": 9,
                    "y": 7,
                    "width": 20,
                    "height": 20,
                    "ellipse": True,
                    "visible": True,
                    "properties": [{"name": "radius", "type": "float", "value": 2.0}],
                }
            ]
        ),
        "tile 0 (player): collision object 2: property 'radius' rounds rectangles and polygons only",
    ),
    "an ellipse off centre": (
        _edit_player(
            [
                {
                    "id": 2,
                    "name": "",
                    "x": 0,
                    "y": 0,
                    "width": 20,
                    "height": 10,
                    "ellipse": True,
                    "visible": True,
                }
            ]
        ),
        "tile 0 (player): collision object 2: an ellipse that is not a circle must be centred",
    ),
    "zero size": (
        _edit_player([{"id": 4, "name": "", "x": 9, "y": 7, "width": 0, "height": 20, "visible": True}]),
        "tile 0 (player): collision object 4: rectangle has zero size",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_hitbox_is_one_error_line_naming_the_file_and_tile(tmp_path, case):
    raw, expected = BAD[case]
    hitboxes, findings = read_actors(_write(tmp_path, raw))
    assert hitboxes is None
    (error,) = _errors(findings)
    line = str(error)
    assert "\n" not in line
    assert (
        line.startswith(str(tmp_path / "actors.tsj") + ": ") or line.startswith("/") or "actors.tsj: " in line
    )
    assert expected in line, line


def test_a_missing_actor_an_unknown_class_and_a_doubled_actor_are_each_one_line(tmp_path):
    raw = _tileset()
    raw["tiles"] = [t for t in raw["tiles"] if t["type"] != "brute"]
    _tile(raw, "chaser")["type"] = "ghost"
    raw["tiles"].append({**_tile(raw, "player"), "id": 9})
    _, findings = read_actors(_write(tmp_path, raw))
    lines = sorted(str(f) for f in _errors(findings))
    assert len(lines) == 4, lines
    assert any("tile 1 (ghost): its class 'ghost' is not an actor" in line for line in lines)
    assert any(
        "tile 9 (player): a second tile of class 'player' (the first is tile 0)" in line for line in lines
    )
    assert any("no tile of class 'brute'" in line for line in lines)
    assert any("no tile of class 'chaser'" in line for line in lines)


def test_a_missing_file_and_a_file_that_is_not_json_are_one_line_each(tmp_path):
    for path, content in ((tmp_path / "none.tsj", None), (tmp_path / "junk.tsj", "{not json")):
        if content is not None:
            path.write_text(content)
        hitboxes, findings = read_actors(path)
        assert hitboxes is None
        assert len(_errors(findings)) == 1 and "\n" not in str(findings[0])
        assert path.name in str(findings[0])


def test_a_missing_image_is_one_warning_and_the_hitboxes_still_read(tmp_path):
    path = _write(tmp_path, _tileset())
    (tmp_path / "actors" / "brute.png").unlink()
    hitboxes, findings = read_actors(path)
    assert hitboxes["brute"].parts == (TODAY["brute"],)
    (warning,) = findings
    assert (
        warning.severity == "warning" and "\n" not in str(warning) and "brute.png' not found" in str(warning)
    )


def test_a_point_object_is_a_warning_and_the_hitbox_keeps_its_shapes(tmp_path):
    raw = _tileset()
    _tile(raw, "player")["objectgroup"]["objects"].append(
        {"id": 7, "name": "muzzle", "x": 31, "y": 17, "point": True, "visible": True}
    )
    hitboxes, findings = read_actors(_write(tmp_path, raw))
    assert hitboxes["player"].parts == (TODAY["player"],)
    assert [str(f).split(": ", 1)[1] for f in findings] == [
        "tile 0 (player): collision object 7 is a point: it has no area; ignored"
    ]


def test_a_hitbox_wider_than_the_narrowest_door_is_an_error_naming_the_tile(tmp_path):
    raw = _tileset()
    box = _tile(raw, "brute")["objectgroup"]["objects"][0]
    box.update(x=35 - 80, y=30 - 80, width=160, height=160)  # 160 px across every way (+ radius 4)
    hitboxes, _ = read_actors(_write(tmp_path, raw))
    (finding,) = door_findings(hitboxes, "actors.tsj", doors={"yard": 187.4, "bunker": 135.0})
    assert str(finding).startswith(
        "actors.tsj: tile 3 (brute): hitbox is 168.0 px across at its narrowest, "
        "wider than the narrowest door of a shipped level (bunker: 135.0 px)"
    )


def test_a_broken_shipped_file_is_one_levelerror_line(tmp_path, monkeypatch):
    path = _write(tmp_path, _edit_player([]))
    monkeypatch.setattr(actors, "ACTORS_FILE", path)
    actor_hitboxes.cache_clear()
    try:
        with pytest.raises(LevelError) as err:
            actor_hitboxes()
        assert "\n" not in str(err.value) and "tile 0 (player): no collision shapes" in str(err.value)
    finally:
        actor_hitboxes.cache_clear()


def test_an_actor_hitbox_is_plain_frozen_data():
    box = ActorHitbox("chaser", 1, None, (Circle(11.0),))
    with pytest.raises(AttributeError):
        box.name = "x"  # type: ignore[misc]
