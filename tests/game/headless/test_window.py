"""The one hidden, muted App every headless run (demo, snapshots, script sessions) drives."""

from game.headless.replay import Recorder
from game.headless.window import hidden_app


def test_a_hidden_app_is_muted_on_the_window_it_is_given_and_records_only_when_asked(
    window, isolated_storage, tmp_path
):
    app = hidden_app(3, window)
    assert app.window is window and app.seed == 3
    assert app.audio.volume == 0.0 and app.recorder is None
    recorded = hidden_app(4, window, tmp_path / "run.replay")
    assert isinstance(recorded.recorder, Recorder) and recorded.recorder.path == tmp_path / "run.replay"
    assert recorded.recorder.finish() is None  # nothing played: no file (game.headless.replay)
    assert not (tmp_path / "run.replay").exists()
