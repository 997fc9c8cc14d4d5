"""The sign-in page names the case list's chunks of the installed Streamlit (issue #25):
a Streamlit whose chunks are named otherwise must fail here, not load nothing quietly."""

from __future__ import annotations

from pathlib import Path

from ui.list_scripts import LIST_ELEMENTS, chunk_names


def test_every_list_element_has_one_chunk_in_the_installed_streamlit() -> None:
    scripts, styles = chunk_names()
    assert [name.split("/")[1].split(".")[0] for name in scripts] == list(LIST_ELEMENTS)
    assert all(name.startswith("js/") and name.endswith(".js") for name in scripts)
    assert [name.split("/")[1].split(".")[0] for name in styles] == ["DataFrame"]


def test_only_an_elements_own_hashed_chunk_is_named(tmp_path: Path) -> None:
    for kind, names in {
        "js": ["DataFrame.Ab-1_x.js", "DataFrameUtil.Zz9.js", "Metric.q.js", "Metric.q.js.map"],
        "css": ["DataFrame.Cc3.css"],
    }.items():
        (tmp_path / kind).mkdir()
        for name in names:
            (tmp_path / kind / name).write_text("")
    assert chunk_names(tmp_path) == (
        ["js/Metric.q.js", "js/DataFrame.Ab-1_x.js"],
        ["css/DataFrame.Cc3.css"],
    )
