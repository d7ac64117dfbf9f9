"""The title highlights the level last played; game over never calls a score of 0 a new best."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import arcade
import pytest
from PIL import Image

from game.app import App
from game.views.game_over import GameOverView
from game.views.title import ROW_H, TitleView

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def app(window, isolated_storage):
    app = App(window, seed=3)
    app.audio.volume = 0.0
    return app


def highlighted_rows(png: Path, count: int) -> list[int]:
    """Which level rows of a title screenshot wear the blue highlight (sampled left of the names)."""
    with Image.open(png) as image:
        rgb = image.convert("RGB")
        w, h = rgb.size
        rows = []
        for i in range(count):
            y = h - (h - 240 - i * ROW_H)  # arcade's y up -> the image's y down
            r, _, b = rgb.getpixel((w // 2 - 275, y))
            if b > 120 and b > r + 60:
                rows.append(i)
        return rows


def test_playing_a_level_named_on_the_command_line_then_going_to_the_title_highlights_it(tmp_path):
    script = tmp_path / "to_title.txt"
    script.write_text(
        '{"frame": 5, "event": "key_down", "key": "ESCAPE"}\n'
        '{"frame": 6, "event": "key_up", "key": "ESCAPE"}\n'
        '{"frame": 10, "event": "key_down", "key": "Q"}\n'
        '{"frame": 11, "event": "key_up", "key": "Q"}\n'
    )
    shot = tmp_path / "title.png"
    done = subprocess.run(
        [sys.executable, "-m", "game", "--play-script", str(script), "--level", "yard", "--frames", "20",
         "--screenshot", str(shot)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert " view=title " in done.stdout
    names = sorted(p.stem for p in (ROOT / "levels").glob("*.tmj"))
    assert highlighted_rows(shot, len(names)) == [names.index("yard")]


def test_the_title_preselects_the_level_it_is_given_by_name_or_path(app, window):
    names = TitleView(app).names
    last = names[-1]
    assert TitleView(app, selected=last).selected == len(names) - 1
    assert TitleView(app, selected=f"levels/{last}.tmj").selected == len(names) - 1
    assert TitleView(app, selected="no_such_level").selected == 0


def test_escape_from_game_over_returns_to_the_title_on_the_level_just_played(app, window):
    names = TitleView(app).names
    play = app.start_level(names[-1])
    app.game_over(play)
    window.current_view.on_key_press(arcade.key.ESCAPE, 0)
    title = window.current_view
    assert isinstance(title, TitleView) and title.selected == len(names) - 1


def test_a_score_of_zero_is_never_shown_as_a_new_best(app, window):
    view = GameOverView(app, "yard", 0, 0, new_best=True)
    window.show_view(view)
    view.on_draw()
    assert not any("New best" in text.text for text in view.texts)
    assert GameOverView(app, "yard", 40, 40, new_best=True).new_best


def test_the_first_game_on_a_level_ending_at_zero_shows_no_new_best(app, window):
    play = app.start_level(TitleView(app).names[0])
    assert play.score == 0
    app.game_over(play)
    over = window.current_view
    assert isinstance(over, GameOverView)
    assert not any("New best" in text.text for text in over.texts)


def test_the_level_list_names_each_level_once_by_its_title(app, window, tmp_path):
    """Issue 23, item 6: rows read "The Bunker", not "The Bunker  (bunker)". A scripted session's screenshot."""
    from game.headless.session import Session

    with Session([], window=window, frames=3) as session:
        session.run()
        title = window.current_view
        names = [name.text for name, _ in title.rows]
        assert names == [row.title for row in title.levels]
        assert "The Bunker" in names and not any("(" in text for text in names)
        session.finish(str(tmp_path / "title.png"))
    assert (tmp_path / "title.png").stat().st_size > 1000
