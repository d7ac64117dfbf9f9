"""Sphinx configuration: MyST Markdown pages, autodoc for the API reference, furo's theme.

``docs/build.py`` builds it (warnings are errors); before Sphinx reads a page, the gallery's
pictures and the benchmark plot are drawn into ``docs/_generated/`` (``generate.py``), so a
clean clone builds the whole site and nothing generated is committed.
"""

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))  # engine, game: the checkout's, not an installed copy
sys.path.insert(0, str(DOCS))

project = "gjk-shooter"
author = "the gjk-shooter developers"
copyright = "2026, the gjk-shooter developers"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.viewcode"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_generated/*.md", "README.md"]
myst_enable_extensions = ["colon_fence", "dollarmath"]
myst_heading_anchors = 3
html_theme = "furo"
html_title = "gjk-shooter"
html_static_path: list[str] = []
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "member-order": "bysource",
    "show-inheritance": True,
    "exclude-members": "__new__",  # a NamedTuple's or an Enum's: their fields say it all
}
autodoc_typehints = "description"
autodoc_class_signature = "separated"
# engine.arcade imports arcade: headless, so the docs build needs no display.
import os  # noqa: E402

os.environ.setdefault("ARCADE_HEADLESS", "1")


def setup(app):
    from generate import generate

    app.connect("builder-inited", lambda app: generate())
