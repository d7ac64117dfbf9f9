import os

# Before anything imports arcade: the game's tests render offscreen (Mesa llvmpipe).
os.environ.setdefault("ARCADE_HEADLESS", "1")

from hypothesis import settings

# CI replays the same examples every run; locally hypothesis keeps exploring.
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True, print_blob=True)
settings.register_profile("dev", max_examples=150, deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_report_header(config) -> str | None:
    """Say why a first run sits on its first tests: numba is compiling the engine."""
    from game.headless.warmup import cache_is_empty

    if cache_is_empty():
        return (
            "numba's cache is empty: the first tests compile the engine once "
            "(a minute or two before the first dot on 2 cores; about 8 minutes in all)"
        )
    return None
