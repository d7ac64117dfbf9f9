"""Script files a person writes: what is accepted, what is refused (one line: file, line, problem), the limits."""

import json
import os

import arcade
import pytest
from arcade.clock import GLOBAL_CLOCK

from game.files.safe_read import FileRefused
from game.headless.script import (
    MAX_FRAME,
    MAX_SCRIPT_BYTES,
    MAX_SCRIPT_LINES,
    ScriptError,
    ScriptEvent,
    parse_script,
    read_script,
)
from game.headless.session import Session, play_script


def refused(text: str) -> str:
    with pytest.raises(ScriptError) as caught:
        parse_script(text.encode(), "my.jsonl")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("my.jsonl:")
    return message


def test_every_event_kind_reads_back_with_its_fields():
    text = "\n".join(
        [
            "# aim, shoot, walk",
            '{"frame": 0, "event": "mouse_move", "x": 1200, "y": 650.5}',
            "",
            '{"frame": 0, "event": "mouse_down", "button": "left"}',
            '{"frame": 3, "event": "mouse_up", "button": "right", "x": 10, "y": 20}',
            '{"frame": 3, "event": "key_down", "key": "F5"}',
            '{"frame": 9, "event": "key_up", "key": "ESCAPE"}',
        ]
    )
    assert parse_script(text.encode()) == [
        ScriptEvent(2, 0, "mouse_move", 1200.0, 650.5),
        ScriptEvent(4, 0, "mouse_down", button="left"),
        ScriptEvent(5, 3, "mouse_up", 10.0, 20.0, button="right"),
        ScriptEvent(6, 3, "key_down", key="F5"),
        ScriptEvent(7, 9, "key_up", key="ESCAPE"),
    ]


@pytest.mark.parametrize(
    "line, problem",
    [
        ("{frame: 1}", "not JSON"),
        ("[1, 2]", "each line must be a JSON object"),
        ('{"frame": 1}', "missing field 'event'"),
        ('{"event": "key_up", "key": "W"}', "missing field 'frame'"),
        ('{"frame": 1, "event": "fly"}', "unknown event 'fly'"),
        ('{"frame": 1, "event": "key_down"}', "key_down needs field 'key'"),
        ('{"frame": 1, "event": "key_down", "key": "w"}', "unknown key name 'w'"),
        ('{"frame": 1, "event": "key_down", "key": "MOD_SHIFT"}', "unknown key name 'MOD_SHIFT'"),
        ('{"frame": 1, "event": "key_down", "key": 87}', "unknown key name 87"),
        ('{"frame": 1, "event": "mouse_down", "button": "left", "key": "W"}', "unknown field 'key'"),
        ('{"frame": 1, "event": "mouse_down", "button": "thumb"}', "unknown button 'thumb'"),
        (
            '{"frame": 1, "event": "mouse_down", "button": "left", "x": 3}',
            "mouse_down needs both 'x' and 'y'",
        ),
        ('{"frame": 1, "event": "mouse_move", "x": 10}', "mouse_move needs field 'y'"),
        (
            '{"frame": 1, "event": "mouse_move", "x": -1, "y": 10}',
            "'x' must be a window pixel from 0 to 1279",
        ),
        (
            '{"frame": 1, "event": "mouse_move", "x": 10, "y": 720}',
            "'y' must be a window pixel from 0 to 719",
        ),
        ('{"frame": 1, "event": "mouse_move", "x": 10, "y": NaN}', "'y' must be a window pixel"),
        ('{"frame": 1, "event": "mouse_move", "x": true, "y": 3}', "'x' must be a window pixel"),
        ('{"frame": -1, "event": "key_up", "key": "W"}', "'frame' must be a whole number"),
        ('{"frame": 2.5, "event": "key_up", "key": "W"}', "'frame' must be a whole number"),
        (
            f'{{"frame": {MAX_FRAME + 1}, "event": "key_up", "key": "W"}}',
            f"'frame' must be a whole number from 0 to {MAX_FRAME}",
        ),
        ("[" * 600, "line longer than"),
    ],
)
def test_a_bad_line_is_refused_naming_the_file_the_line_and_the_problem(line, problem):
    text = '{"frame": 0, "event": "key_down", "key": "W"}\n' + line + "\n"
    assert refused(text).startswith(f"my.jsonl:2: {problem}")


def test_frames_never_go_back():
    text = '{"frame": 5, "event": "key_down", "key": "W"}\n{"frame": 4, "event": "key_up", "key": "W"}\n'
    assert refused(text) == "my.jsonl:2: frame 4 comes after frame 5 (frames never go back)"


def test_too_many_lines_are_refused_at_the_first_line_past_the_limit():
    text = "\n".join(['{"frame": 0, "event": "key_down", "key": "W"}'] * (MAX_SCRIPT_LINES + 1))
    assert refused(text) == f"my.jsonl:{MAX_SCRIPT_LINES + 1}: more than {MAX_SCRIPT_LINES} lines"


def test_text_that_is_not_utf8_is_refused():
    with pytest.raises(ScriptError, match=r"^x.jsonl: is not UTF-8"):
        parse_script(b'{"frame": 0}\xff\n', "x.jsonl")


def test_a_file_over_the_size_limit_is_refused_by_its_size_before_it_is_read(tmp_path):
    big = tmp_path / "big.jsonl"
    big.write_bytes(b" " * (MAX_SCRIPT_BYTES + 1))
    with pytest.raises(FileRefused, match=r"big\.jsonl"):
        read_script(big)


def test_a_fifo_as_the_script_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused, match="pipe"):
        read_script(fifo)


@pytest.mark.parametrize("earlier", [0.0, 4.0], ids=["fresh", "after-a-clock-ticked-by-hand"])
def test_play_script_runs_a_file_through_the_window_to_the_simulation(
    window, isolated_storage, tmp_path, earlier
):
    """Also after something else ticked arcade's process-wide clock and not its fixed clock (the views'
    sound test ticks it 4 s): the session replays none of that (it walked the player to y 1550)."""
    GLOBAL_CLOCK.tick(earlier)
    script = tmp_path / "walk.jsonl"
    script.write_text(
        "\n".join(
            json.dumps(e)
            for e in [
                {"frame": 0, "event": "key_down", "key": "W"},
                {"frame": 60, "event": "key_up", "key": "W"},
            ]
        )
    )
    summary = play_script(script, level="yard", frames=61, window=window)
    assert summary.view == "play" and summary.frames == 61
    x, y, deg = summary.player
    assert (x, y) == pytest.approx((240.0, 800.0 + 220.0)) and deg == pytest.approx(90.0)


def test_a_key_dispatched_to_the_window_reaches_the_simulation(window, isolated_storage):
    """The same path the script takes, by hand: ``window.dispatch_event`` -> view -> controls -> sim."""
    with Session([], level="yard", frames=10, window=window) as session:
        window.dispatch_event("on_key_press", arcade.key.D, 0)
        session.run()
        assert session.play.sim.player.x == pytest.approx(240.0 + 220.0 * 10 / 60)
        window.dispatch_event("on_key_release", arcade.key.D, 0)
        # the camera is clamped at the left edge here, so a window x is a world x: straight below the player
        window.dispatch_event("on_mouse_motion", session.play.sim.player.x, 100.0, 0.0, 0.0)
        session.frames = 40  # the turret turns at its motor's pace (issue 40): a quarter turn takes ~10
        session.run()
        assert session.play.sim.player.angle == pytest.approx(-1.5707963, abs=1e-3)
