"""The side-by-side difference (ui.side_by_side) and the editor's height (issue #26)."""

from __future__ import annotations

from ui.section_review import height_for
from ui.side_by_side import DiffRow, rows, table


def test_rows_pair_changed_lines_and_mark_the_words_that_differ() -> None:
    left = ["Plan:", "  Ferritin, iron studies.", "  Review in 2 weeks."]
    right = ["Plan:", "  Ferritin, iron studies, oral iron.", "  Review in 2 weeks.", "  New"]
    diff = rows(left, right)
    assert [row.kind for row in diff] == ["Same", "Changed", "Same", "Added"]
    changed = diff[1]
    assert "<del>studies.</del>" in changed.left
    assert "<ins>studies, oral iron.</ins>" in changed.right
    assert diff[3] == DiffRow("Added", "", "<ins>  New</ins>")


def test_removed_lines_and_html_in_the_text_are_escaped() -> None:
    diff = rows(["<b>bold</b> & more", "gone"], ["<b>bold</b> & more"])
    assert diff[0] == DiffRow(
        "Same", "&lt;b&gt;bold&lt;/b&gt; &amp; more", "&lt;b&gt;bold&lt;/b&gt; &amp; more"
    )
    assert diff[1] == DiffRow("Removed", "<del>gone</del>", "")


def test_the_table_names_its_columns_and_says_each_change_in_words() -> None:
    html = table("SOAP note", "AI draft", "Your version", rows(["a"], ["b"]))
    assert "<caption>SOAP note</caption>" in html
    assert '<th scope="col">AI draft</th><th scope="col">Your version</th>' in html
    assert '<td class="medcase-diff-kind">Changed</td>' in html


def test_an_editor_is_as_tall_as_its_text() -> None:
    assert height_for("") == 68  # Streamlit's smallest text area
    short, long = height_for("one line"), height_for("word " * 200)
    assert short == 68
    assert long > 400  # about 17 wrapped lines, all in view
    assert height_for("a\nb\nc\nd\ne") > short
