"""Which cells a box covers (``game.cells``): checked against a walk over every cell of the grid."""

from hypothesis import given
from hypothesis import strategies as st

from game.cells import cell_spans, cells_under

coord = st.floats(-200.0, 400.0, allow_nan=False)


@st.composite
def boxes(draw):
    out = []
    for _ in range(draw(st.integers(0, 6))):
        x0, y0 = draw(coord), draw(coord)
        out.append((x0, y0, x0 + draw(st.floats(0.0, 150.0)), y0 + draw(st.floats(0.0, 150.0))))
    return out


@given(boxes(), st.floats(0.0, 30.0), st.floats(3.0, 60.0), st.integers(1, 12), st.integers(1, 12))
def test_every_cell_a_grown_box_covers_is_listed_once_with_its_box(found, grow, cell, ni, nj):
    ij, owner = cells_under(cell_spans(found, grow, cell, ni, nj))
    expected = [
        (i, j, k)
        for k, (x0, y0, x1, y1) in enumerate(found)
        for j in range(nj)
        for i in range(ni)
        if (x0 - grow) // cell <= i <= (x1 + grow) // cell and (y0 - grow) // cell <= j <= (y1 + grow) // cell
    ]
    assert [(int(i), int(j), int(k)) for (i, j), k in zip(ij.tolist(), owner.tolist())] == expected


def test_the_count_a_limit_is_checked_on_is_the_number_of_pairs_listed():
    spans = cell_spans([(0.0, 0.0, 95.0, 45.0), (500.0, 500.0, 510.0, 510.0)], 5.0, 10.0, 20, 20)
    ij, _ = cells_under(spans)
    assert int((spans[2] * spans[3]).sum()) == len(ij) == 11 * 6
