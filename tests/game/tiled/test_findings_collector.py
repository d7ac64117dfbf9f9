"""The loader's one findings collector (``game.tiled.findings``), as the map and tileset readers use it."""

from types import SimpleNamespace

from game.level import Finding
from game.tiled.findings import Findings


def test_a_finding_names_the_file_the_object_and_where_to_mark_it():
    report = Findings("a.tmj")
    report.warning("too thin", SimpleNamespace(id=7, name="ledge"), (1.0, 2.0), "thin")
    assert report.findings == [Finding("warning", "a.tmj", 7, "ledge", "too thin", (1.0, 2.0), "thin")]


def test_a_place_that_is_not_finite_is_dropped_and_an_id_that_is_not_an_int_is_none():
    report = Findings("a.tmj")
    report.error("bad", SimpleNamespace(id=True, name=None), (float("nan"), 0.0))
    assert report.findings == [Finding("error", "a.tmj", None, "", "bad")]


def test_a_tileset_writing_into_a_maps_list_counts_the_errors_it_holds():
    report = Findings("map.tmj")
    report.error("first")
    tileset = Findings("walls.tsj", report.findings)
    before = tileset.errors
    tileset.warning("odd")
    assert tileset.errors == before == 1
    tileset.error("broken")
    assert tileset.errors == 2 and report.has_errors
    assert [f.file for f in report.findings] == ["map.tmj", "walls.tsj", "walls.tsj"]


def test_notes_and_warnings_are_not_errors():
    report = Findings("a.tmj")
    report.info("merged 4 tiles")
    report.warning("odd")
    assert not report.has_errors and report.errors == 0
