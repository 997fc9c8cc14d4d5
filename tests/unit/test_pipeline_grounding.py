"""analyze_case with a language model (the local fake server): the parsed lab table goes to
the model as facts, its numbers are checked against the files, and a scanned page the
vision model read loses its "no text layer" warning."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from core.analysis.engines.language_model import OpenAIEngine
from core.analysis.rules.engine import RulesEngine
from tests.fake_openai import CANNED_ANSWERS, FakeOpenAI
from tests.samples import pdf_bytes, scanned_pdf_bytes
from tests.unit.test_pipeline import Run


@pytest.fixture
def model(fake_openai: FakeOpenAI) -> Iterator[OpenAIEngine]:
    engine = OpenAIEngine(
        api_key="k", base_url=fake_openai.base_url, text_model="t", vision_model="v", max_retries=0
    )
    yield engine
    engine.close()


def _facts_sent(fake_openai: FakeOpenAI) -> list[dict]:
    [request] = fake_openai.answered("soap_note_and_diagnosis")
    text = next(m["content"] for m in request.body["messages"] if m["role"] == "user")
    start = text.index("(structured facts, JSON):\n") + len("(structured facts, JSON):\n")
    return json.loads(text[start : text.index("\nText:\n", start)])


def test_facts_reach_the_model_and_an_invented_number_is_recorded(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    answer = CANNED_ANSWERS["soap_note_and_diagnosis"]
    soap = {**answer["soap_note"], "plan": "Potassium 7.9 mmol/L: repeat HbA1c in 3 months."}
    fake_openai.behave(
        answers={"soap_note_and_diagnosis": {**answer, "soap_note": soap}},
    )
    insights = Run([("labs.pdf", "lab", pdf_bytes())]).analyze(model)

    facts = {fact["analyte"]: fact for fact in _facts_sent(fake_openai)}
    assert facts["Glucose"]["value"] == 182
    assert facts["Glucose"]["flag"] == "high"
    assert facts["Glucose"]["source"]["file"] == "Lab file 1"
    assert facts["Hemoglobin"]["unit"] == "g/dL"
    # 7.9 is nowhere in the file; every other number of the canned answers is.
    assert insights.ungrounded_numbers == {"soap_note": ["7.9"]}


def test_a_fully_grounded_answer_records_an_empty_check(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    insights = Run([("labs.pdf", "lab", pdf_bytes())]).analyze(model)
    assert insights.ungrounded_numbers == {}
    assert insights.provenance.prompt_version == "medcase-prompts-5"


def test_the_rules_engine_is_not_checked() -> None:
    insights = Run([("labs.pdf", "lab", pdf_bytes())]).analyze(RulesEngine())
    assert insights.ungrounded_numbers is None


def test_a_page_the_vision_model_read_has_no_text_layer_warning(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    read = Run([("scan.pdf", "lab", scanned_pdf_bytes())]).analyze(model)
    assert not any("text layer" in warning for warning in read.provenance.warnings)
    assert {"Ferritin", "Hemoglobin"} <= {value.analyte for value in read.lab_values}

    unread = Run([("scan.pdf", "lab", scanned_pdf_bytes())]).analyze(RulesEngine())
    assert "Lab file 1: page 1 has no text layer (a scanned page?)" in unread.provenance.warnings
