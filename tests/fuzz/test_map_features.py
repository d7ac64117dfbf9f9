"""Issue 22 §5: fuzzing the map features real maps bring: object templates, infinite maps' chunks,
sub-rectangle tiles, tile objects and custom properties of every Tiled type, each value sensible or
hostile (wrong types, huge, negative, NaN, missing). Every case must end in a level or one-line
findings within the fuzz budget, never a loader or checker failure (``test_level_files.ends_well``)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.tiled import read_level
from tests.game.tiled import maps
from tests.game.tiled.tilemaps import png, shape, tile, tileset

from .test_level_files import ends_well

ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=8),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.lists(st.integers(0, 3), max_size=3),
    st.just(10**30),
)
SMALL = st.integers(-40, 80)
PROPERTY_TYPES = {
    "string": st.text(max_size=12),
    "int": st.integers(-(10**6), 10**6),
    "float": st.floats(-1e6, 1e6),
    "bool": st.booleans(),
    "color": st.sampled_from(["#ff00ff00", "#123456", ""]),
    "file": st.sampled_from(["a.png", ""]),
    "object": st.integers(0, 99),
    "class": st.just({"hp": 3}),
}


def old_style(draw, holder: dict) -> dict:
    """``holder`` with its properties list, half the time, in Tiled's pre-1.2 JSON form (a dict and a
    ``propertytypes`` dict, sometimes without the types, as before Tiled 0.16)."""
    props = holder.get("properties")
    if isinstance(props, list) and draw(st.booleans()):
        holder["properties"] = {p["name"]: p["value"] for p in props}
        if draw(st.booleans()):
            holder["propertytypes"] = {p["name"]: p["type"] for p in props}
    return holder


def rarely(draw) -> bool:
    """True one time in twenty: most values sensible, so many cases (about one in six) get past every
    check and load, with some twenty places a case can be hostile."""
    # Not ``integers(0, 19) == 0``: hypothesis favours the ends of a range, which made it true far more
    # often than one time in twenty; it does not favour an element in the middle of a list.
    return draw(st.sampled_from(range(20))) == 10


@st.composite
def properties(draw) -> list[dict]:
    found = []
    for k in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(sorted(PROPERTY_TYPES)))
        name = draw(st.sampled_from(["collides", "solid", "collision", "title", "hp", f"p{k}"]))
        value = draw(ODD) if rarely(draw) else draw(PROPERTY_TYPES[kind])
        found.append({"name": name, "type": kind, "value": value})
    return found


@st.composite
def feature_map(draw, folder: Path) -> dict:
    png(folder, "sheet.png", 96, 64)
    sub = {
        k: draw(st.one_of(st.integers(0, 64), ODD)) if rarely(draw) else v
        for k, v in {"x": 32, "y": 32, "width": 32, "height": 32}.items()
    }
    entry = tile(0, shape(1, x=0, y=0, w=32, h=32), image=("sheet.png", 96, 64))
    entry.update(sub)
    entry["properties"] = draw(properties())
    fits = {
        "objectalignment": ["unspecified", "center", "topright", "bottom", "middle", 3],
        "tilerendersize": ["tile", "grid", "huge"],
        "fillmode": ["stretch", "preserve-aspect-fit", None],
    }
    sheet = {
        "firstgid": 1,
        **tileset("parts", [entry], columns=0, count=1, image=None),
        "properties": draw(properties()),
        **{key: draw(st.sampled_from(values)) for key, values in fits.items() if draw(st.booleans())},
    }
    old_style(draw, sheet)
    external = {k: v for k, v in sheet.items() if k != "firstgid"}  # its fit fields, a sane sub-rectangle
    external["tiles"] = [{**entry, "x": 32, "y": 32, "width": 32, "height": 32}]
    (folder / "ext.tsj").write_text(json.dumps(external, allow_nan=True))
    (folder / "tt.tj").write_text(
        json.dumps(
            {
                "type": "template",
                "tileset": {
                    "firstgid": draw(st.sampled_from([1, 5, 0, "1"])) if rarely(draw) else 1,
                    "source": draw(st.sampled_from(["ext.tsj", "gone.tsj"])) if rarely(draw) else "ext.tsj",
                },
                "object": {
                    "gid": draw(st.sampled_from([1, 0x80000001, 2, 0, -1, 2**40])) if rarely(draw) else 1,
                    "width": draw(st.integers(0, 96)),
                    "height": draw(st.integers(0, 96)),
                },
            }
        )
    )
    template = {
        "type": "template",
        "object": {
            "name": "t",
            "width": draw(ODD) if rarely(draw) else draw(st.integers(1, 64)),
            "height": 20,
            "properties": draw(properties()),
        },
    }
    if draw(st.booleans()):
        template["object"]["polygon"] = [
            {"x": draw(SMALL), "y": draw(SMALL)} for _ in range(draw(st.integers(0, 6)))
        ]
    (folder / "t.tj").write_text(json.dumps(template))
    chunks = []
    for _ in range(draw(st.integers(0, 3))):
        size = draw(st.sampled_from([16, 8, 0, -4])) if rarely(draw) else 16
        cells = max(size, 0) ** 2
        data = [draw(st.sampled_from([0, 1, 2, 0x80000001])) for _ in range(min(cells, 4))] + [0] * max(
            cells - 4, 0
        )
        far = (
            draw(st.sampled_from([10**9, 5000])) if rarely(draw) else draw(st.sampled_from([-32, -16, 0, 16]))
        )
        chunks.append(
            {
                "x": far,
                "y": draw(st.sampled_from([-16, 0, 16])),
                "width": size,
                "height": size,
                "data": draw(ODD) if rarely(draw) else data,
            }
        )
    tiles = {
        "id": 1,
        "name": draw(st.sampled_from(["Collision", "Coins", "ground"])),
        "type": "tilelayer",
        "opacity": 1,
        "visible": draw(st.booleans()),
        "x": 0,
        "y": 0,
        "properties": draw(properties()),
    }
    if chunks:
        tiles.update(width=32, height=32, chunks=chunks)
    else:
        tiles.update(width=10, height=8, data=[1 if k in (11, 12) else 0 for k in range(80)])
    objects = [
        {"id": 5, "template": "missing.tj" if rarely(draw) else "t.tj", "x": draw(SMALL), "y": draw(SMALL)},
        {"id": 7, "template": "tt.tj", "x": draw(SMALL), "y": draw(SMALL), "rotation": draw(SMALL)},
        maps.obj(
            6,
            "prop",
            x=draw(SMALL),
            y=draw(SMALL),
            width=draw(ODD) if rarely(draw) else draw(st.integers(0, 64)),
            height=32,
            rotation=draw(st.sampled_from([0, 45, 90, -30])),
            gid=draw(st.sampled_from([1, 0x80000001, 0x40000001, 7, 0])),
            properties=draw(properties()),
        ),
    ]
    data = maps.tiled_map(
        [
            tiles,
            maps.layer(
                2,
                draw(st.sampled_from(["Triggers", "walls", "Collision"])),
                objects,
                visible=draw(st.booleans()),
            ),
        ]
    )
    data["tilesets"] = [sheet, {"firstgid": 2, "source": "ext.tsj"}]
    data["infinite"] = bool(chunks)
    data["properties"] = draw(properties())
    for holder in (data, tiles, objects[2]):
        old_style(draw, holder)
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_templates_chunks_sub_rectangles_tile_objects_and_properties_end_well(data):
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        level = data.draw(feature_map(folder))
        path = folder / "case.tmj"
        text = json.dumps(level, allow_nan=True)
        path.write_text(text)
        ends_well(path)
        loaded, findings = read_level(path)
        first = next((f.problem for f in findings if f.severity == "error"), "")
        event("loaded" if loaded is not None else f"refused: {first[:40]}")
