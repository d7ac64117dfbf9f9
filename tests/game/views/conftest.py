import pytest


@pytest.fixture
def isolated_storage(tmp_path, monkeypatch):
    """Scores and settings go to a temporary folder, never the user's."""
    monkeypatch.setenv("GJK_SHOOTER_DATA", str(tmp_path / "data"))
    return tmp_path / "data"
