"""The first run: nothing compiles before play, a background child fills the cache and says what it
compiles, the title shows a loading bar, and Enter pressed early waits on a loading view."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import arcade
import numpy as np
import pytest

from game.app import App
from game.headless.warmup import Progress, Warmup, report_compiles
from game.render.progress import BAR_FRONT
from game.views.loading import LoadingView
from game.views.title import TitleView

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def app(window, tmp_path, monkeypatch):
    monkeypatch.setenv("GJK_SHOOTER_DATA", str(tmp_path / "data"))
    app = App(window, seed=3)
    app.audio.volume = 0.0
    return app


def scripted_child(records, exit_code: int = 0, pause: float = 0.05) -> list[str]:
    """A stand-in for ``python -m game.headless.warmup`` that prints ``records`` as JSON lines."""
    script = textwrap.dedent(
        f"""
        import json, sys, time
        for record in {records!r}:
            print(json.dumps(record), flush=True)
            time.sleep({pause})
        print("a stray line that is not JSON", flush=True)
        sys.exit({exit_code})
        """
    )
    return [sys.executable, "-c", script]


def run_python(code: str, env_extra: dict, timeout: float = 900) -> subprocess.CompletedProcess:
    env = {**os.environ, "ARCADE_HEADLESS": "1", **env_extra}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


# --- nothing compiles before play ---------------------------------------------------------------

COUNT_COMPILES = """
import json
from engine.collision.jit import watch_compiles
names = []
with watch_compiles(lambda name, depth: names.append(name), lambda *a: None):
{body}
print("COMPILED", json.dumps(names))
"""


def compiled_names(result: subprocess.CompletedProcess) -> list[str]:
    assert result.returncode == 0, result.stderr[-2000:]
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("COMPILED "))
    return json.loads(line.removeprefix("COMPILED "))


def test_importing_the_game_compiles_nothing_on_an_empty_cache(tmp_path):
    body = "    import engine, engine.world, game.app, game.sim, game.views.play, game.views.title, game.headless.warmup\n"
    cache = tmp_path / "numba"
    result = run_python(COUNT_COMPILES.format(body=body), {"NUMBA_CACHE_DIR": str(cache)}, timeout=300)
    assert compiled_names(result) == []
    assert not any(p.is_file() for p in cache.rglob("*")), "nothing may be written to the cache either"


def test_the_title_compiles_no_engine_or_simulation_kernel_on_an_empty_cache(tmp_path):
    """The title reads every level (the level reader's own kernels, and the outline splitter it
    calls, may compile); the engine's and the simulation's kernels are the warm-up's business."""
    body = textwrap.indent(
        textwrap.dedent(
            """
            from game.app import App, make_window
            window = make_window(visible=False)
            app = App(window, seed=1)
            app.show_title()
            window.current_view.on_draw()
            """
        ),
        "    ",
    )
    result = run_python(
        COUNT_COMPILES.format(body=body),
        {"NUMBA_CACHE_DIR": str(tmp_path / "numba"), "GJK_SHOOTER_DATA": str(tmp_path / "data")},
        timeout=600,
    )
    # The level reader splits concave outlines with engine.collision.concave: its kernels are the reader's.
    readers = ("game.tiled.", "engine.collision.concave.")
    assert [name for name in compiled_names(result) if not name.startswith(readers)] == []


def test_report_compiles_names_each_kernel_as_it_compiles_and_is_silent_on_a_second_call():
    from numba import njit

    @njit(cache=False)
    def triple_sum(values):
        return 3.0 * values.sum()

    out = io.StringIO()
    with report_compiles(stream=out) as compiled:
        assert triple_sum(np.ones(4)) == 12.0
        first = out.getvalue()
        triple_sum(np.ones(5))  # same signature: no compile, no line
    assert "compiling tests.game.headless.test_warmup." in first and "triple_sum" in first
    assert "compiled" in first.splitlines()[-1] and first.splitlines()[-1].endswith(" s")
    assert out.getvalue() == first
    assert len(compiled) == 1 and compiled[0].endswith("triple_sum")


# --- the background child, as the parent sees it ------------------------------------------------


def test_the_warmup_follows_its_child_stage_by_stage_and_echoes_what_compiles():
    records = [
        {"stage": 0, "stages": 2, "name": "reading the level"},
        {"compiling": "engine.collision.batch.collide_batch_kernel", "depth": 0},
        {"compiling": "engine.collision.epa.epa", "depth": 1},
        {"compiled": "engine.collision.epa.epa", "depth": 1, "seconds": 1.0},
        {"compiled": "engine.collision.batch.collide_batch_kernel", "depth": 0, "seconds": 2.0},
        {"stage": 1, "stages": 2, "name": "bullets flying"},
        {"compiling": "engine.world.sweep.cast_ids", "depth": 0},
    ]
    echo = io.StringIO()
    warmup = Warmup.start(echo=echo, command=scripted_child(records, exit_code=0, pause=0.3))
    seen = []
    while not warmup.ready:
        seen.append(warmup.progress())
        warmup.wait(0.05)
    labels = {p.label for p in seen}
    details = {p.detail for p in seen}
    assert "Preparing the engine, 1/6: reading the level" in labels
    assert "compiling engine.collision.batch.collide_batch_kernel" in details
    assert "compiling engine.world.sweep.cast_ids" in details
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions) and fractions[-1] < 1.0
    # The child exited without saying "ready": play will compile in-process, and says why.
    final = warmup.progress()
    assert final.done and final.fraction == 1.0 and "exit 0" in final.error
    lines = echo.getvalue().splitlines()
    assert lines[0].startswith("gjk-shooter: preparing the engine in the background")
    assert "gjk-shooter: compiling engine.collision.batch.collide_batch_kernel (reading the level)" in lines
    assert not any("engine.collision.epa" in line for line in lines), (
        "kernels compiled inside others are not echoed"
    )


def test_a_child_that_says_ready_ends_the_warmup_without_an_error():
    records = [
        {"stage": 0, "stages": 1, "name": "reading the level"},
        {"compiling": "engine.world.slide.advance", "depth": 0},
        {"compiled": "engine.world.slide.advance", "depth": 0, "seconds": 0.5},
        {"ready": True, "kernels": 1, "seconds": 0.6},
    ]
    echo = io.StringIO()
    warmup = Warmup.start(echo=echo, command=scripted_child(records))
    assert warmup.wait(30)
    assert warmup.progress() == Progress(1.0, "engine ready", True, "")
    assert echo.getvalue().splitlines()[-1] == "gjk-shooter: engine ready: 1 kernels compiled in 1 s"


def test_a_child_that_reports_an_error_leaves_one_line_and_lets_play_go_on():
    records = [{"stage": 0, "stages": 1, "name": "reading the level"}, {"error": "NameError: name 'x'"}]
    echo = io.StringIO()
    warmup = Warmup.start(echo=echo, command=scripted_child(records, exit_code=1))
    assert warmup.wait(30)
    progress = warmup.progress()
    assert progress.done and "warm-up failed: NameError: name 'x'" in progress.error
    assert echo.getvalue().splitlines()[-1].startswith("gjk-shooter: warm-up failed: NameError")


def test_a_child_that_cannot_start_is_a_finished_warmup_with_the_reason():
    warmup = Warmup.start(command=[str(ROOT / "no-such-program")])
    assert warmup.ready and "could not start the warm-up" in warmup.progress().error


def test_stopping_the_game_ends_a_child_that_still_runs():
    warmup = Warmup.start(command=[sys.executable, "-c", "import time; time.sleep(60)"])
    assert not warmup.ready
    warmup.stop()
    assert warmup.process.poll() is not None
    assert warmup.wait(5)


def test_a_finished_warmup_leaves_a_mark_and_the_next_start_starts_no_child(tmp_path, monkeypatch):
    from game.headless import warmup as wu

    mark = tmp_path / "engine-x" / wu.DONE_MARK
    monkeypatch.setattr(wu, "done_mark", lambda: mark)
    monkeypatch.setattr(wu, "start_ahead", lambda level=None: pytest.fail("no second process when done"))
    assert not wu.is_done()
    wu._mark_done({"ready": True, "kernels": 12, "seconds": 80.0})
    assert wu.is_done() and not list(mark.parent.glob(".*.tmp"))
    started = Warmup.start(echo=io.StringIO())
    assert started.process is None and started.ready and started.progress().error == ""
    assert started.ended_at < 0, "long done: the title shows no bar"


def test_a_mark_left_by_other_game_code_or_damaged_does_not_count(tmp_path, monkeypatch):
    from game.headless import warmup as wu

    mark = tmp_path / wu.DONE_MARK
    monkeypatch.setattr(wu, "done_mark", lambda: mark)
    mark.write_text(json.dumps({"ready": True, "game": "0123456789abcdef"}))
    assert not wu.is_done()
    mark.write_text('{"ready": tr')
    assert not wu.is_done()
    mark.write_bytes(b"x" * 100_000)
    assert not wu.is_done()


# --- what the player sees -----------------------------------------------------------------------


def running_warmup(fraction_stage: int = 2) -> Warmup:
    """A warm-up in its third stage, compiling, fed by hand (no child)."""
    warmup = Warmup(None)
    warmup.feed({"stage": fraction_stage, "stages": 5, "name": "enemies walking and looking"})
    warmup.feed({"compiling": "engine.world.sweep.sweep_grids", "depth": 0})
    return warmup


def bar_pixels(window, view) -> int:
    """Pixels of the bar's fill colour in the title's loading-bar strip."""
    view.on_draw()
    image = np.asarray(arcade.get_image().convert("RGB"))
    strip = image[window.height - 145 : window.height - 125]  # the bar: 130..140 px above the bottom
    return int(np.all(strip == BAR_FRONT, axis=-1).sum())


def test_the_title_draws_the_loading_bar_naming_what_compiles_while_the_warmup_runs(app, window):
    app.show_title()
    title = window.current_view
    assert bar_pixels(window, title) == 0, "no warm-up, no bar"
    app.warmup = running_warmup()
    app.warmup._stage_started -= 20.0  # 20 s into the stage: the bar has grown into it
    assert bar_pixels(window, title) > 100
    assert title.loading.detail.text == "compiling engine.world.sweep.sweep_grids"
    assert title.loading.label.text == "Preparing the engine, 3/6: enemies walking and looking"
    app.warmup.feed({"ready": True, "kernels": 3, "seconds": 90})
    app.warmup._ended_at -= 10.0  # long after it finished the bar is gone
    assert bar_pixels(window, title) == 0


def test_enter_before_the_engine_is_ready_waits_on_the_loading_view_then_plays(app, window):
    from game.views.play import PlayView

    app.warmup = running_warmup()
    app.show_title()
    title = window.current_view
    title.on_key_press(arcade.key.ENTER, 0)
    loading = window.current_view
    assert isinstance(loading, LoadingView) and loading.name == title.names[0]
    loading.on_update(1 / 60)
    loading.on_draw()
    assert window.current_view is loading and loading.bar.detail.text.startswith("compiling ")
    app.warmup.feed({"ready": True, "kernels": 3, "seconds": 90})
    loading.on_update(1 / 60)
    play = window.current_view
    assert isinstance(play, PlayView) and play.level.name == title.names[0]


def test_escape_on_the_loading_view_goes_back_to_the_title(app, window):
    app.warmup = running_warmup()
    app.start_level("yard")
    assert isinstance(window.current_view, LoadingView)
    window.current_view.on_key_press(arcade.key.ESCAPE, 0)
    assert isinstance(window.current_view, TitleView)


# --- the real child ------------------------------------------------------------------------------


def test_after_the_warmup_child_a_minute_of_play_compiles_nothing(tmp_path):
    """The child runs the signatures play needs: a fresh process playing yard with the bot then
    loads every kernel from the cache. (Shares the session's cache: cheap once it is warm.)"""
    env = {"GJK_SHOOTER_DATA": str(tmp_path / "data")}
    child = subprocess.run(
        [sys.executable, "-m", "game.headless.warmup", "--no-nice", "--level", "yard"],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert child.returncode == 0, child.stdout[-2000:] + child.stderr[-2000:]
    assert json.loads(child.stdout.splitlines()[-1])["ready"] is True
    body = textwrap.indent(
        textwrap.dedent(
            """
            from game.app import App, make_window
            from game.tiled import level_path, load_level
            from game.sim import Bot
            from game.views.play import PlayView
            window = make_window(visible=False)
            app = App(window, seed=5)
            view = PlayView(app, load_level(level_path("yard")), seed=5, bot=Bot(5))
            window.show_view(view)
            view.show_debug = True
            for _ in range(3600):
                view.on_fixed_update(1 / 60)
                view.on_update(1 / 60)
                if view.steps % 60 == 0:
                    view.on_draw()
            """
        ),
        "    ",
    )
    assert compiled_names(run_python(COUNT_COMPILES.format(body=body), env)) == []


# --- two processes filling one cache -------------------------------------------------------------

CACHED_MODULE = """
from numba import njit

import engine.collision.jit  # noqa: F401  (the engine's cache folder and its locked saves)


@njit(cache=True)
def plus_one(x):
    return x + 1
"""


def test_a_cache_save_waits_for_another_process_holding_the_kernels_index(tmp_path):
    """Two processes saving two signatures of one kernel take turns on its index."""
    import fcntl
    import time

    (tmp_path / "cached_kernel.py").write_text(CACHED_MODULE)
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}",
    }

    def call(value: str) -> subprocess.Popen:
        code = f"from cached_kernel import plus_one; print(plus_one({value}))"
        return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)

    assert call("1").communicate(timeout=120)[0].strip() == "2"
    began = time.monotonic()
    assert call("True").communicate(timeout=120)[0].strip() == "2"  # a compile and a save, unhindered
    unhindered = time.monotonic() - began
    (lock_path,) = (tmp_path / "cache").rglob("*plus_one*.nbi.lock")
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        other = call("1.5")  # another signature: compiles, then must wait to save
        time.sleep(max(3.0, 3 * unhindered))
        assert other.poll() is None, "the save went ahead while another process held the index"
        fcntl.flock(lock, fcntl.LOCK_UN)
    assert other.communicate(timeout=120)[0].strip() == "2.5"
    assert len(list((tmp_path / "cache").rglob("*plus_one*.nbc"))) == 3  # every signature kept
    for value, expected in (("1", "2"), ("1.5", "2.5"), ("True", "2")):
        assert call(value).communicate(timeout=120)[0].strip() == expected


#: Runs in a fresh process: the warm-up's stages (both children's) in process, then a bot's few
#: seconds on another level; prints every engine/game numba kernel with its compiled signatures.
SIGNATURES_SCRIPT = """
import json, sys
from numba.core.registry import CPUDispatcher
from game.headless.warmup import AHEAD, STAGES, run_stages
from game.sim import Bot, Simulation
from game.tiled import level_path, load_level
run_stages(lambda record: None, "yard", STAGES + AHEAD)
sim, bot = Simulation(load_level(level_path("bunker")), 7), Bot(7)
for _ in range(600):
    sim.step(bot.inputs(sim))
seen = {}
for name, module in list(sys.modules.items()):
    if name.split(".")[0] not in ("engine", "game") or module is None:
        continue
    for value in vars(module).values():
        if isinstance(value, CPUDispatcher):
            seen[f"{value.py_func.__module__}.{value.py_func.__qualname__}"] = [str(s) for s in value.signatures]
print(json.dumps(seen))
"""


def test_every_kernel_has_exactly_one_compiled_signature_after_the_warmup_and_play():
    """A kernel called with a literal True here and np.bool_ there compiles twice (docs/first-run.md, "The first
    run"): each used kernel must have one signature, so the trap fails here, not as a slower cold start.
    The cache is the session's (warm): numba then lists the kernels the game calls, not the ones they
    call inside, which only an empty cache would show (a minute and a half of compiling)."""
    child = subprocess.run(
        [sys.executable, "-c", SIGNATURES_SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=900,
        env={**os.environ, "ARCADE_HEADLESS": "1"},
    )  # fmt: skip
    assert child.returncode == 0, child.stderr[-3000:]
    kernels = json.loads(child.stdout.splitlines()[-1])
    used = {name: sigs for name, sigs in kernels.items() if sigs}
    assert len(used) >= 15, sorted(kernels)  # the warm-up reached the engine's top-level kernels
    twice = {name: sigs for name, sigs in used.items() if len(sigs) > 1}
    assert not twice, json.dumps(twice, indent=1)


def test_a_second_checkout_of_the_same_code_does_not_take_the_first_ones_warm_up_as_its_own(tmp_path):
    """Regression: a second clone of the same sources (another folder, one numba cache) read the first
    one's warm-up mark, skipped the warm-up, and compiled in play: numba files each kernel under its
    source's path, so none of the first checkout's kernels served the second (seen in a real window:
    the title froze on Enter while ``cast_bodies`` compiled)."""
    import shutil

    second = tmp_path / "second"
    for room in ("engine", "game"):
        shutil.copytree(ROOT / room, second / room, ignore=shutil.ignore_patterns("__pycache__"))
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    mark = "from game.headless.warmup import _mark_done, is_done; _mark_done({}); print(is_done())"
    first = run_python(mark, env)
    assert first.returncode == 0 and first.stdout.split() == ["True"], first.stderr[-2000:]
    ask = "import game; from game.headless.warmup import is_done; print(game.__file__, is_done())"
    there = subprocess.run(
        [sys.executable, "-c", ask], cwd=second, capture_output=True, text=True, timeout=120,
        env={**os.environ, **env, "PYTHONPATH": str(second)},
    )  # fmt: skip
    assert there.returncode == 0, there.stderr[-2000:]
    where, done = there.stdout.split()
    assert Path(where).is_relative_to(second)  # the copy's code, not the installed one
    assert done == "False"


#: On an empty cache: a rigid-body step's first call, each numba compile it makes named with the kernel
#: of ours it was compiled for.
STEP_COMPILES = """
import json
from numba.core import event
from engine import World
from engine.collision import Circle, Polygon
from engine.collision.jit import kernel_name
stack, inside = [], []
class Listener(event.Listener):
    def on_start(self, ev):
        name = kernel_name(ev.data["dispatcher"])
        ours = [n for n in stack if not n.startswith("numba.")]
        inside.append([name, ours[-1] if ours else ""])
        stack.append(name)
    def on_end(self, ev):
        stack.pop()
world = World(gravity=(0.0, -10.0))
world.add(Polygon.box(20.0, 1.0), (0.0, -1.0, 0.0), type="static")
for k in range(3):
    world.add(Polygon.box(0.5, 0.5), (0.1 * k, 0.5 + 1.2 * k, 0.0), type="dynamic")
world.add(Circle(0.5), (3.0, 1.0, 0.0), type="dynamic")
with event.install_listener("numba:compile", Listener()):
    world.step(1 / 60)
print(json.dumps(inside))
"""


@pytest.mark.slow  # (a cold compile of the step in a cache of its own: about a minute)
def test_the_rigid_body_step_compiles_none_of_numbas_shape_mismatch_messages(tmp_path):
    """A slice assigned from an array (``a[i:j] = b``) makes numba compile the message it raises when
    the shapes differ: its str, repr and concatenation, 3.7 s of CPU in ``solve_step``'s first compile
    (its colouring's ``plan``), paid on every cold start for a message no step can raise."""
    result = run_python(STEP_COMPILES, {"NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr[-3000:]
    compiled = json.loads(result.stdout.splitlines()[-1])
    assert any(name.endswith("solve_step") for name, _ in compiled)  # compiled here, not loaded
    messages = [
        (name, kernel)
        for name, kernel in compiled
        if "raise_with_shape_context" in name or "str_generic" in name or "repr_generic" in name
    ]
    assert not messages, messages


#: On an empty cache: kernels that other kernels call get each one signature, which a warm cache
#: cannot show (it loads the callers whole). Prints each such kernel's signatures.
NESTED_SIGNATURES = """
import json
import numpy as np
from engine import World
from engine.collision import Circle, Polygon, contact, distance
from engine.collision import epa, gjk
from engine.world import boxes
distance(Circle(1.0), (0.0, 0.0, 0.0), Polygon.box(1.0, 1.0), (5.0, 0.0, 0.0))
contact(Circle(1.0), (0.0, 0.0, 0.0), Polygon.box(1.0, 1.0), (1.0, 0.0, 0.0))
world = World()
body = world.add(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), type="kinematic")
world.query_shape(Circle(1.0), (50.0, 0.0, 0.0))  # nothing there: the box, not the narrow phase
world.set_transforms(np.array([body]), np.array([1.0]), np.array([0.0]), np.array([0.0]))  # store_transforms
world.query_aabb((-5.0, -5.0), (5.0, 5.0))
print(json.dumps({k.py_func.__name__: [str(s) for s in k.signatures]
                  for k in (gjk.gjk, epa.epa, epa._enclose_origin, epa._edge_witness, boxes.aabb_of)}))
"""


def test_the_kernels_called_inside_the_queries_and_the_boxes_compile_once(tmp_path):
    """The queries passed a literal 0 as the shapes' offsets down to ``gjk`` and ``epa`` (a second
    compile of each, and of EPA's helpers, beside the batch loops' int64); ``World.query_shape``
    passed a read-only buffer to ``aabb_of`` (another type to numba than the view the bodies' boxes
    pass); ``epa`` passed a literal 0 as the first edge to ``_edge_witness`` where the loop passes
    an int64 (two compiles of it on every cold start)."""
    result = run_python(NESTED_SIGNATURES, {"NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr[-3000:]
    signatures = json.loads(result.stdout.splitlines()[-1])
    assert all(signatures.values()), signatures  # the calls reached them
    twice = {name: sigs for name, sigs in signatures.items() if len(sigs) > 1}
    assert not twice, json.dumps(twice, indent=1)
    assert not [s for sigs in signatures.values() for s in sigs if "Literal" in s]


#: On an empty cache: a step with a joint, two pile-ups (over the walls' grid and hashed), slides and
#: casts; prints the signatures of every engine kernel compiled on the way (called inside others too).
STEP_SIGNATURES = """
import gc, json
import numpy as np
from numba.core.registry import CPUDispatcher
from engine import World
from engine.collision import Circle, Polygon

def crowd(world, x, count=80):
    return [world.add(Circle(0.05), (x + 0.001 * k, 0.2 + 0.001 * k, 0.0)) for k in range(count)]

walled = World(gravity=(0.0, -10.0))
walled.add(Polygon.box(20.0, 0.1), (0.0, -0.1, 0.0), type="static")
crowd(walled, 0.0)
a = walled.add(Polygon.box(0.5, 0.1), (5.0, 2.0, 0.0))
b = walled.add(Polygon.box(0.5, 0.1), (6.0, 2.0, 0.0))
walled.revolute(a, b, (5.5, 2.0))
mover = walled.add(Polygon.box(0.3, 0.3), (-5.0, 0.5, 0.0), type="kinematic")
for _ in range(3):
    walled.step(1 / 60)
walled.move_and_slide(mover, (1.0, -1.0))
walled.move_and_slide_bodies(np.array([mover]), np.array([[0.5, 0.0]]))
walled.cast_bodies(np.array([mover]), np.array([[3.0, 0.0]]))
open_sky = World(gravity=(0.0, 0.0))  # no walls: the crowd walk, and a crowd far from it hashed
crowd(open_sky, 0.0)
crowd(open_sky, 5000.0)
for _ in range(2):
    open_sky.step(1 / 60)
seen = {}
for obj in gc.get_objects():
    if isinstance(obj, CPUDispatcher) and obj.py_func.__module__.startswith("engine"):
        seen[f"{obj.py_func.__module__}.{obj.py_func.__qualname__}"] = [str(s) for s in obj.overloads]
print(json.dumps(seen))
"""


@pytest.mark.slow  # (a cold compile of the step, the slides and the casts: about a minute and a half)
def test_the_kernels_called_inside_the_step_the_slides_and_the_casts_compile_once(tmp_path):
    """Regression: a count started as a literal 0 (``n = 0``, ``first = 0``) reached the kernels it
    was passed to as ``Literal[int](0)`` while numba typed the loop, and as int64 after: the pile-up
    sweeps (``pileup.sweep_cell``, ``pileup.sweep``, ``pileup.nearest_contacts``,
    ``hashgrid._crowded_bucket``) and the casts' ``sweep.gather`` and ``sweep._walk`` each compiled
    twice; the solver passed literal True and False to ``solve_joints`` (two compiles of the joint
    solve, 4.9 s of CPU). In all, 11 s of CPU of every cold start (``benchmarks/compile_times.py``)."""
    result = run_python(STEP_SIGNATURES, {"NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr[-3000:]
    kernels = json.loads(result.stdout.splitlines()[-1])
    reached = [
        "engine.world.pileup.sweep_cell",
        "engine.world.pileup.sweep",
        "engine.world.pileup.nearest_contacts",
        "engine.world.joint_solver.solve_joints",
        "engine.world.sweep.gather",
        "engine.world.sweep._walk",
        "engine.world.solver.solve_step",
    ]
    assert all(kernels.get(name) for name in reached), {name: kernels.get(name) for name in reached}
    # (A literal that every caller passes alike, a module's constant, is one signature: no harm.)
    twice = {name: sigs for name, sigs in kernels.items() if len(sigs) > 1}
    assert not twice, json.dumps(twice, indent=1)
