"""Build the docs site: ``python docs/build.py [--open] [--out DIR]``.

Sphinx with warnings as errors (``-W --keep-going``: every warning is listed, then the build
fails), HTML into ``docs/_build/html`` (or ``--out``). The gallery's pictures are drawn by running
each example headless first (``docs/generate.py``). Needs the ``docs`` extra:
``.venv/bin/pip install -e '.[docs]'``. Exit status: Sphinx's (0 when the site built clean).
"""

import argparse
import os
import subprocess
import sys
import webbrowser
from pathlib import Path

DOCS = Path(__file__).resolve().parent


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the docs site (warnings are errors).")
    parser.add_argument("--out", type=Path, default=DOCS / "_build" / "html", help="HTML folder")
    parser.add_argument("--open", action="store_true", help="open the built site in a browser")
    args = parser.parse_args(argv)
    try:
        import myst_parser  # noqa: F401
        import sphinx  # noqa: F401
    except ImportError:
        parser.exit(2, "docs/build.py: Sphinx is missing: .venv/bin/pip install -e '.[docs]'\n")
    env = {**os.environ, "ARCADE_HEADLESS": "1"}
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-W",
        "--keep-going",
        "-q",
        "-b",
        "html",
        str(DOCS),
        str(args.out),
    ]
    done = subprocess.run(command, env=env)
    if done.returncode == 0:
        print(f"docs: {args.out / 'index.html'}")
        if args.open:
            webbrowser.open((args.out / "index.html").as_uri())
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
