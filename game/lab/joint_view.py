"""The joints page's arcade View: the mouse drags bodies with a mouse joint, each frame steps the
world at its fixed rate (``JointLab.update``), J goes back to the hitbox page."""

from __future__ import annotations

import arcade

from .joint_draw import draw_joints_page
from .joint_geometry import to_world
from .joint_page import JointLab


class JointsView(arcade.View):
    """The joints page; ``back`` is the View J returns to (the hitbox page), or None."""

    def __init__(self, lab: JointLab, back: arcade.View | None = None) -> None:
        super().__init__()
        self.lab = lab
        self.back = back

    def on_update(self, delta_time: float) -> None:
        self.lab.update(delta_time)

    def on_draw(self) -> None:
        self.clear()
        draw_joints_page(self.lab, self.window.width, self.window.height)

    def _world(self, x: float, y: float) -> tuple[float, float]:
        return to_world(x, y, self.window.width, self.window.height)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.lab.press(*self._world(x, y))

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.lab.drag(*self._world(x, y))

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.lab.release()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.R:
            self.lab.reset()
        elif symbol == arcade.key.SPACE:
            self.lab.paused = not self.lab.paused
        elif symbol == arcade.key.J and self.back is not None:
            self.lab.release()
            self.window.show_view(self.back)
        elif symbol == arcade.key.ESCAPE:
            arcade.exit()


__all__ = ["JointsView"]
