"""Delta checks in the analysis: the pipeline compares the current values with the
patient's earlier results; the rules engine ranks and plans from them; the language model
receives them as structured facts beside the lab tables, without the patient's name."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from core.analysis.delta import delta_checks
from core.analysis.engines.language_model import OpenAIEngine
from core.analysis.history import CaseResults
from core.analysis.pipeline import analyze_case
from core.analysis.rules.engine import RulesEngine
from core.insights import Insights, LabDocument, LabValue, PatientContext
from core.models import Case, CaseFile, utc_now
from tests.fake_openai import FakeOpenAI
from tests.samples import pdf_bytes

NOW = utc_now()
LINES = ("Chemistry", "Creatinine 1.2 mg/dL (0.6-1.3)", "Sodium 139 mmol/L (135-145)")
ENGINE = RulesEngine()


def _earlier(hours: float, *values: LabValue) -> CaseResults:
    return CaseResults("march-case", NOW - timedelta(hours=hours), list(values))


def _context(current: list[LabValue], earlier: list[CaseResults]) -> PatientContext:
    return PatientContext(age=70, gender="female", delta_checks=delta_checks(current, NOW, earlier))


def _creatinine(value: float) -> LabValue:
    return LabValue(
        analyte="Creatinine", value=value, unit="mg/dL", reference_low=0.6, reference_high=1.3
    )


def test_the_rules_engine_ranks_acute_kidney_injury_from_a_rise_within_range() -> None:
    current = [_creatinine(1.2)]
    labs = [LabDocument(file_id="l", label="Lab file 1", text="", lab_values=current)]
    plain = PatientContext(age=70, gender="female")
    _, before = ENGINE.write_soap_and_diagnosis(plain, labs, [])
    assert before.icd_code != "N17.9"  # one creatinine within its range says nothing
    context = _context(current, [_earlier(30, _creatinine(0.7))])
    soap, diagnosis = ENGINE.write_soap_and_diagnosis(context, labs, [])
    summary = ENGINE.summarize_case(context, labs, [])
    assert diagnosis.icd_code == "N17.9"
    assert "0.7 mg/dL" in diagnosis.description
    assert "Compared with earlier results: Creatinine 1.2 mg/dL" in soap.plan
    assert "earlier results" in summary.comprehensive_summary
    assert any("0.7 mg/dL" in finding for finding in summary.key_findings)


def test_a_haemoglobin_fall_is_ranked_and_planned() -> None:
    now = LabValue(analyte="Hemoglobin", value=10.5, unit="g/dL", reference_low=12,
                   reference_high=16, flag="low")  # fmt: skip
    then = LabValue(analyte="Hemoglobin", value=13.1, unit="g/dL")
    labs = [LabDocument(file_id="l", label="Lab file 1", text="", lab_values=[now])]
    soap, diagnosis = ENGINE.write_soap_and_diagnosis(
        _context([now], [_earlier(24 * 120, then)]), labs, []
    )
    assert diagnosis.icd_code == "R71.0"
    assert "13.1 g/dL" in soap.plan


class _Run:
    def __init__(self) -> None:
        self.case = Case("case-2", "dr", "Jane Doe", 70, "female", None, "analyzing", NOW, NOW)
        self.files = [CaseFile("f0", "case-2", "dr", "labs.pdf", "x", 1, "key/0", "lab", NOW)]

    def analyze(self, engine: object, earlier: list[CaseResults]) -> Insights:
        with ThreadPoolExecutor(4) as pool:
            return analyze_case(
                self.case,
                self.files,
                lambda _: pdf_bytes(LINES),
                engine,  # type: ignore[arg-type]
                lambda _: None,
                lambda *_: None,
                pool,
                earlier=earlier,
            )


def test_the_pipeline_keeps_the_delta_checks_in_the_insights() -> None:
    insights = _Run().analyze(ENGINE, [_earlier(24, _creatinine(0.8))])
    rules = [check.rule for check in insights.delta_checks]
    assert rules == ["creatinine_rise_48h", "creatinine_1_5x_7d"]
    assert insights.delta_checks[0].earlier_case_id == "march-case"
    assert insights.primary_diagnosis.icd_code == "N17.9"
    assert _Run().analyze(ENGINE, []).delta_checks == []


@pytest.fixture
def model(fake_openai: FakeOpenAI) -> Iterator[OpenAIEngine]:
    engine = OpenAIEngine(
        api_key="k", base_url=fake_openai.base_url, text_model="t", vision_model="v", max_retries=0
    )
    yield engine
    engine.close()


def test_the_model_gets_the_delta_checks_as_facts_and_never_the_name(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    insights = _Run().analyze(model, [_earlier(24, _creatinine(0.8))])
    assert [c.rule for c in insights.delta_checks][:1] == ["creatinine_rise_48h"]
    texts = " ".join(fake_openai.texts())
    assert "Compared with this patient's earlier results (delta checks" in texts
    assert "creatinine_rise_48h" in texts and "earlier_value" in texts
    assert "march-case" not in texts and "Jane" not in texts and "Doe" not in texts
