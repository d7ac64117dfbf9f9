"""game.files.safe_read: outside files are refused before reading when they could hang or flood."""

from __future__ import annotations

import os
import socket

import pytest

from game.files.safe_read import FileRefused, json_depth, read_bytes, read_json


def refusal(path, limit=1 << 20) -> str:
    with pytest.raises(FileRefused) as caught:
        read_json(path, limit)
    return str(caught.value)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "scores.json"
    os.mkfifo(fifo)
    assert refusal(fifo) == f"{fifo}: is a pipe (FIFO), not a file"


def test_a_socket_is_named_as_a_socket(tmp_path):
    path = tmp_path / "s.json"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        assert refusal(path) == f"{path}: is a socket, not a file"


def test_an_endless_device_is_refused_before_any_byte_is_read():
    assert refusal("/dev/zero") == "/dev/zero: is a device, not a file"


def test_a_folder_is_refused(tmp_path):
    folder = tmp_path / "x.tmj"
    folder.mkdir()
    assert refusal(folder) == f"{folder}: is a folder, not a file"


def test_a_file_over_the_limit_is_refused_by_its_size(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("[" + "1," * 600 + "1]")
    assert refusal(path, limit=1000) == f"{path}: is 1,203 bytes; the limit is 1,000"
    assert read_bytes(path, limit=1203) == path.read_bytes()


def test_deep_nesting_is_refused_before_the_parser_recurses(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert refusal(path) == f"{path}: nests 100000 levels deep; the limit is 64"


@pytest.mark.parametrize("number", ["1e400", "-1e400", "NaN", "Infinity"])
def test_numbers_that_are_not_finite_are_refused(tmp_path, number):
    path = tmp_path / "n.json"
    path.write_text(f'{{"score": {number}}}')
    assert "not finite" in refusal(path)


def test_broken_json_names_line_and_column(tmp_path):
    path = tmp_path / "b.json"
    path.write_text('{\n  "a": [1,\n}')
    assert refusal(path).startswith(f"{path}: is not valid JSON: ")
    assert "line 3 column 1" in refusal(path)


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert json_depth(b'["[[[[", "\\"[[", {"k": "}}}]]]"}]') == 2
