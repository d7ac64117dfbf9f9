"""The lab's arcade View: mouse and keys edit a ``LabState``; each change re-runs the analysis."""

from __future__ import annotations

import arcade

from engine.collision import Circle, intersects

from .analysis import Analysis, analyse
from .draw import draw_lab, screen_to_world
from .state import LabState


class LabView(arcade.View):
    """Two shapes to drag and turn, and what GJK, EPA and pymunk make of them."""

    def __init__(self, state: LabState) -> None:
        super().__init__()
        self.state = state
        self.dragging: int | None = None
        self._analysis: Analysis | None = None
        self._key: tuple | None = None
        self._joints: arcade.View | None = None

    def joints_page(self) -> arcade.View:
        """The joints page (made once, on first use), whose J comes back here."""
        if self._joints is None:
            from .joint_page import JointLab  # deferred: the page builds a world only when shown
            from .joint_view import JointsView  # deferred: with its page

            self._joints = JointsView(JointLab(), back=self)
        return self._joints

    @property
    def analysis(self) -> Analysis:
        margin = self.state.margin if self.state.manifold else None  # the manifold only while it is shown
        key = (tuple(self.state.pick), tuple(self.state.xfs), margin)
        if self._analysis is None or key != self._key:
            self._analysis, self._key = (
                analyse(
                    self.state.shape(0), self.state.xfs[0], self.state.shape(1), self.state.xfs[1], margin
                ),
                key,
            )
        return self._analysis

    def on_draw(self) -> None:
        self.clear()
        draw_lab(self.state, self.analysis, self.window.width, self.window.height)

    def shape_under(self, x: float, y: float) -> int | None:
        """Which shape the world point (x, y) is on (B first: it is drawn last), if any."""
        for which in (1, 0):
            if intersects(Circle(0.5), (x, y, 0.0), self.state.shape(which), self.state.xfs[which]):
                return which
        return None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        wx, wy = screen_to_world(x, y, self.window.width, self.window.height)
        self.dragging = self.shape_under(wx, wy)
        if self.dragging is not None:
            self.state.selected = self.dragging

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.dragging is not None:
            xf = self.state.xfs[self.dragging]
            self.state.move_to(self.dragging, xf.x + dx, xf.y + dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.dragging = None

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.state.rotate(1.0 if scroll_y > 0 else -1.0)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        count = len(self.analysis.trace.steps)
        actions = {
            arcade.key.Q: lambda: self.state.rotate(1.0),
            arcade.key.E: lambda: self.state.rotate(-1.0),
            arcade.key.TAB: lambda: setattr(self.state, "selected", 1 - self.state.selected),
            arcade.key.N: lambda: self.state.cycle_shape(1),
            arcade.key.P: lambda: self.state.cycle_shape(-1),
            arcade.key.H: lambda: self.state.cycle_source(
                "actor", -1 if modifiers & arcade.key.MOD_SHIFT else 1
            ),
            arcade.key.O: lambda: self.state.cycle_source(
                "prop", -1 if modifiers & arcade.key.MOD_SHIFT else 1
            ),
            arcade.key.W: lambda: self.state.cycle_source(
                "wall", -1 if modifiers & arcade.key.MOD_SHIFT else 1
            ),
            arcade.key.SPACE: lambda: self.state.advance(1, count),
            arcade.key.B: lambda: self.state.advance(-1, count),
            arcade.key.KEY_0: lambda: setattr(self.state, "step", None),
            arcade.key.M: self.state.toggle_manifold,
            arcade.key.C: lambda: self.state.advance_clip(-1 if modifiers & arcade.key.MOD_SHIFT else 1),
            arcade.key.MINUS: lambda: self.state.change_margin(-1.0),
            arcade.key.NUM_SUBTRACT: lambda: self.state.change_margin(-1.0),
            arcade.key.EQUAL: lambda: self.state.change_margin(1.0),
            arcade.key.PLUS: lambda: self.state.change_margin(1.0),
            arcade.key.NUM_ADD: lambda: self.state.change_margin(1.0),
            arcade.key.J: lambda: self.window.show_view(self.joints_page()),
            arcade.key.ESCAPE: arcade.exit,
        }
        action = actions.get(symbol)
        if action is not None:
            action()
