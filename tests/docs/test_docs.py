"""The docs site builds with no warning, and every code block in it (and in README.md) runs.

- ``python`` blocks run as they stand, each file's blocks in order in one fresh process (a page
  reads as one session), in a temporary folder; examples shown by ``literalinclude`` are run by
  ``tests/examples``.
- ``sh`` blocks: every program they run (``python -m MODULE``, ``python FILE.py``) exists and
  answers ``--help`` with exit 0, so a renamed module or script fails here.
- The build (``docs/build.py``: Sphinx, ``-W --keep-going``) needs the ``docs`` extra; without it
  these build tests skip with one line, except under CI (``.ci/run`` installs it), where they fail.
"""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts and "_generated" not in p.parts)
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.S | re.M)


def blocks(path: Path, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(path.read_text()) if lang == language]


def sphinx_or_skip() -> None:
    try:
        import myst_parser  # noqa: F401
        import sphinx  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("the docs need the docs extra: .venv/bin/pip install -e '.[docs]'")


def test_every_page_is_found_and_has_code():
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"index.md", "getting-started.md", "limits.md", "benchmarks.md", "api/world.md"} <= names


@pytest.mark.parametrize("page", [*PAGES, ROOT / "README.md"], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_python_block_of_a_page_runs(page, tmp_path):
    code = blocks(page, "python")
    if not code:
        pytest.skip("no python block")
    if "matplotlib" in "".join(code) and not os.environ.get("CI"):
        pytest.importorskip("matplotlib", reason="the docs extra: .venv/bin/pip install -e '.[docs]'")
    script = "\n".join(f"# --- block {k + 1}\n{body}" for k, body in enumerate(code))
    env = {**os.environ, "ARCADE_HEADLESS": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{page.name}: {done.stderr[-3000:]}"


def programs() -> list[tuple[str, ...]]:
    """Each distinct program the sh blocks run: ("-m", module) or (script,)."""
    found: set[tuple[str, ...]] = set()
    for page in [*PAGES, ROOT / "README.md"]:
        for body in blocks(page, "sh"):
            for line in body.splitlines():
                for command in re.split(r"&&|;|\|", line.split("#")[0]):
                    words = shlex.split(command.replace("[", "").replace("]", ""))
                    while words and (
                        "=" in words[0] or words[0] in {"flock", "nice", "-n", "0", "10", "env"}
                    ):
                        words = words[1:]
                    if (words and words[0].endswith("python")) or (words and words[0].endswith("/python3")):
                        if words[1:2] == ["-m"]:
                            found.add(("-m", words[2]))
                        elif len(words) > 1 and words[1].endswith(".py"):
                            found.add((words[1],))
    return sorted(found)


def test_the_sh_blocks_run_known_programs():
    assert ("-m", "game") in programs() and ("-m", "pytest") in programs()


@pytest.mark.parametrize("program", programs(), ids=" ".join)
def test_every_program_the_docs_run_answers_help(program):
    if program[0] == "benchmarks/narrow_phase.py":
        pytest.importorskip("Box2D")
    env = {**os.environ, "ARCADE_HEADLESS": "1"}
    done = subprocess.run(
        [sys.executable, *program, "--help"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]


#: The API reference's page for each public module.
API_PAGES = {
    "engine.collision": "collision",
    "engine.world": "world",
    "engine.arcade": "arcade",
    "engine.draw": "drawing",
    "engine.plot": "drawing",
}


def test_the_docs_build_with_no_warnings(tmp_path):
    """Warnings are errors: a broken reference, a renamed function or a bad docstring fails here."""
    sphinx_or_skip()
    done = subprocess.run(
        [sys.executable, "docs/build.py", "--out", str(tmp_path / "html")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    for page in ("index", "getting-started", "gallery", "api/world", "benchmarks"):
        assert (tmp_path / "html" / f"{page}.html").is_file(), page
    gallery = (tmp_path / "html" / "gallery.html").read_text()
    assert gallery.count("<img") >= 8
    # Every public name (each module's __all__) has its entry in the API reference.
    import importlib

    for module, page in API_PAGES.items():
        names = importlib.import_module(module).__all__
        html = (tmp_path / "html" / "api" / f"{page}.html").read_text()
        ids = set(re.findall(r'id="([^"]+)"', html))
        assert [n for n in names if f"{module}.{n}" not in ids] == [], module
