"""F2's perf graphs across runs, through the real window (a scripted session).

Issue 23, item 1: F2 in one run, Esc, Q, Enter for another, F2 again ended the
game with ``Timings already enabled`` (arcade's timings are process-wide).
"""

import arcade
import pyglet

from game.headless.session import Session

from .test_script_session import key, script


def press(frame, name):
    return [key(frame, name), key(frame + 1, name, down=False)]


def scheduled(graph) -> bool:
    return any(
        getattr(item, "func", None) == graph.update_graph
        for item in pyglet.clock._default._schedule_interval_items
    )


def test_f2_in_a_second_run_after_quitting_a_first_with_graphs_on_shows_the_graphs(window, isolated_storage):
    events = script(*press(5, "ENTER"), *press(20, "F2"), *press(30, "ESCAPE"), *press(40, "Q"),
                    *press(50, "ENTER"), *press(60, "F2"))  # fmt: skip
    with Session(events, window=window, frames=80) as session:
        session.run(until=45)
        first = session.play
        assert first.perf is None  # quitting to the title took the first run's graphs down
        session.run()
        second = session.play
        assert second is not first and type(window.current_view).__name__ == "PlayView"
        assert second.perf is not None and len(second.perf) == 3 and arcade.timings_enabled()
        assert all(scheduled(graph) for graph in second.perf)
        second.on_key_press(arcade.key.F2, 0)
        assert second.perf is None and not arcade.timings_enabled()


def test_a_run_that_ends_with_graphs_on_leaves_no_graph_ticking(window, isolated_storage):
    events = script(*press(5, "F2"))
    with Session(events, window=window, level="yard", frames=10) as session:
        session.run()
        play = session.play
        graphs = list(play.perf)
        assert all(scheduled(graph) for graph in graphs)
        session.app.show_title()
        assert play.perf is None and not arcade.timings_enabled()
        assert not any(scheduled(graph) for graph in graphs)
