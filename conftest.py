"""pytest's options for the whole checkout (the tests' own fixtures are in ``tests/conftest.py``)."""

import os

import pytest


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        help="also run the tests marked slow (CI runs them: the CI variable set)",
    )


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "slow: takes over 15 s of a core; skipped unless --slow or CI is set")


def pytest_collection_modifyitems(config, items) -> None:
    if config.getoption("--slow") or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="slow: --slow runs it (CI does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
