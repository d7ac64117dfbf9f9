"""Small drivers shared by the view tests."""

DT = 1.0 / 60.0


def run_steps(view, n: int, draw: bool = False) -> None:
    """What arcade's loop does for ``n`` frames: fixed update, update, and optionally draw."""
    for _ in range(n):
        if view.window.current_view is not view:
            return
        view.on_fixed_update(DT)
        view.on_update(DT)
        if draw:
            view.on_draw()


def kill_player(sim) -> None:
    from game.views.bridge import kill_player

    kill_player(sim)
