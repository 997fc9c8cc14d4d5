"""One compact summary (issue #26): on a completed case with 14 lab values, each value is
drawn once by the page, in the lab table near the top (values outside their range first);
nothing the page adds around the draft lists them again. The draft's own sections (what
the doctor signs) are shown as they were written."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from core.analysis.rules.engine import RulesEngine
from core.bootstrap import Clinic
from core.models import Upload
from tests.app.case_states import complete
from tests.app.conftest import in_page_order, open_case, seed_case, sign_in, sign_up
from tests.unit.test_pipeline import Run

# A lab report published as a picture (dev case img-drlogy-cbc-flag-words-between-columns-png:
# Sakshi-Khutwad/MediBot blood_report.png): 14 values, haemoglobin 12.5 low, PCV 57.5 high.
PHOTO_REPORT = (
    Path(__file__).parents[1]
    / "clinical/dev/img-drlogy-cbc-flag-words-between-columns-png/blood_report.png"
)
SECTIONS = ("Case summary", "SOAP note", "Primary diagnosis")


def test_each_lab_value_is_drawn_once_by_the_page_in_the_table_near_the_top(
    app: AppTest, clinic: Clinic
) -> None:
    auth = sign_up(clinic, "compact@example.com")
    sign_in(app, "compact@example.com")
    report = PHOTO_REPORT.read_bytes()
    case = seed_case(clinic, auth, uploads=[Upload("cbc.png", report, "lab")])
    insights = Run([("cbc.png", "lab", report)]).analyze(RulesEngine())
    for value in insights.lab_values:
        value.source_file_id = case.files[0].file_id
    complete(clinic, auth, case.case.case_id, insights)
    open_case(app, case.case.case_id)
    assert not app.exception

    table = app.dataframe[0].value
    assert len(table) == len(insights.lab_values) == 14
    assert list(table["Flag"][:2]) == ["Low", "High"]  # outside the range first
    assert set(table["Flag"][2:]) == {""}
    page = in_page_order(app.main)
    kinds = [kind for kind, _ in page]
    first_section = page.index(("subheader", SECTIONS[0]))
    assert kinds.index("dataframe") < first_section  # the table above the draft
    # The draft's sections, as written, run from the summary to the confidence chart;
    # around them the page says how many values were read, never the values again.
    end = page.index(("subheader", "Confidence"))
    around = [text for _, text in page[:first_section] + page[end:]]
    for number in ("12.5", "57.5"):
        assert not [text for text in around if number in text], number
    drafted = "\n".join(text for _, text in page[first_section:end])
    assert insights.case_summary.comprehensive_summary[:60] in drafted
    assert insights.soap_note.objective[:60] in drafted
