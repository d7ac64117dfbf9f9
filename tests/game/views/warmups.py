"""A warm-up that finishes while the loading view waits (shared by view tests)."""

import arcade


def finished_loading(app, window):
    """Title -> Enter while the engine compiles -> the loading view -> the warm-up finishes: the play view."""
    from tests.game.headless.test_warmup import running_warmup

    app.warmup = running_warmup()
    app.show_title()
    window.current_view.on_key_press(arcade.key.ENTER, 0)
    loading = window.current_view
    app.warmup.feed({"ready": True, "kernels": 3, "seconds": 90})
    loading.on_update(1 / 60)
    return window.current_view
