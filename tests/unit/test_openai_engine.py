"""The OpenAI engine against a real local OpenAI-compatible server (tests/fake_openai.py)."""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from core.analysis.engines import build_engine, engine_label
from core.analysis.engines.language_model import OpenAIEngine
from core.analysis.engines.model_schemas import SCHEMA_NAMES, response_format
from core.analysis.engines.prompts import PROMPT_VERSION
from core.analysis.failures import InvalidModelAnswer, ModelUnavailable
from core.config import Settings
from core.insights import LabDocument, LabValue, PatientContext, RadiologyImage
from tests.fake_openai import CANNED_ANSWERS, FakeOpenAI
from tests.samples import png_bytes

CONTEXT = PatientContext(age=61, gender="female", doctor_notes="[PATIENT] reports thirst")
IMAGE = RadiologyImage(
    file_id="f1",
    label="Radiology image 1",
    png=png_bytes(),
    width=64,
    height=48,
    metadata={"modality": "CT", "body_part": "CHEST"},
)
LAB = LabDocument(
    file_id="f2",
    label="Lab file 1",
    text="Glucose 182 mg/dL (70-99) H",
    lab_values=[
        LabValue(
            analyte="Glucose",
            value=182,
            unit="mg/dL",
            reference_low=70,
            reference_high=99,
            flag="high",
        )
    ],
)


def _engine(fake_openai: FakeOpenAI, timeout_seconds: float = 0.5) -> OpenAIEngine:
    return OpenAIEngine(
        api_key="test-key",
        base_url=fake_openai.base_url,
        text_model="text-model",
        vision_model="vision-model",
        timeout_seconds=timeout_seconds,
        max_retries=1,
    )


@pytest.fixture
def engine(fake_openai: FakeOpenAI) -> Iterator[OpenAIEngine]:
    engine = _engine(fake_openai)
    yield engine
    engine.close()


def _objects(schema: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if schema.get("type") == "object":
        yield schema
        for child in schema["properties"].values():
            yield from _objects(child)
    if "items" in schema:
        yield from _objects(schema["items"])
    for option in schema.get("anyOf", []):
        yield from _objects(option)


@pytest.mark.parametrize("answer_type", list(SCHEMA_NAMES), ids=list(SCHEMA_NAMES.values()))
def test_every_answer_schema_is_strict(answer_type: Any) -> None:
    fmt = response_format(answer_type)
    spec = fmt["json_schema"]
    assert fmt["type"] == "json_schema" and spec["strict"] is True
    assert "$ref" not in str(spec["schema"])
    objects = list(_objects(spec["schema"]))
    assert objects
    for node in objects:
        assert node["additionalProperties"] is False
        assert sorted(node["required"]) == sorted(node["properties"])


def test_image_is_read_by_the_vision_model_as_a_png_data_url(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    reading = engine.read_image(IMAGE, CONTEXT)
    assert reading.findings.startswith("A rounded opacity")
    assert reading.key_abnormalities == ["rounded central opacity"]
    assert reading.confidence_score == pytest.approx(0.72)
    (request,) = fake_openai.requests
    assert request.model == "vision-model" and request.schema_name == "radiology_image_reading"
    (sent,) = fake_openai.images()
    assert sent == IMAGE.png and Image.open(io.BytesIO(sent)).format == "PNG"
    question = request.body["messages"][1]["content"][0]["text"]
    assert "Radiology image 1" in question and '"modality": "CT"' in question
    assert "age 61, gender female" in question


def test_text_answers_use_the_text_model_and_soap_confidence_defaults_to_0_8(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    summary = engine.summarize_case(CONTEXT, [LAB], [])
    soap, diagnosis = engine.write_soap_and_diagnosis(CONTEXT, [LAB], [])
    assert summary.confidence_score == pytest.approx(0.81)
    assert soap.confidence_score == pytest.approx(0.8)  # the server answered null
    assert diagnosis.icd_code == "E11.65"
    assert [r.model for r in fake_openai.requests] == ["text-model", "text-model"]
    assert [r.schema_name for r in fake_openai.requests] == [
        "case_summary",
        "soap_note_and_diagnosis",
    ]
    [glucose] = lab_facts(fake_openai.requests[1].body)
    assert (glucose["analyte"], glucose["value"], glucose["flag"]) == ("Glucose", 182, "high")
    # Both are written side by side from the same facts: the SOAP request is the summary's
    # case file, and never waits for (or quotes) the summary.
    assert user_text(fake_openai.requests[1].body) == user_text(fake_openai.requests[0].body)
    assert "Hyperglycaemia with raised HbA1c" not in fake_openai.texts()[1]


def user_text(body: dict[str, Any]) -> str:
    return next(m["content"] for m in body["messages"] if m["role"] == "user")


def lab_facts(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The parsed lab table as the model received it: the JSON beside the file's text."""
    text = user_text(body)
    start = text.index("Parsed lab table (structured facts, JSON):\n") + len(
        "Parsed lab table (structured facts, JSON):\n"
    )
    facts: list[dict[str, Any]] = json.loads(text[start : text.index("\nText:\n", start)])
    return facts


def test_the_parsed_lab_table_reaches_the_model_as_structured_facts_with_sources(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    potassium = LabValue(
        analyte="Potassium",
        value=6.9,
        unit="mmol/L",
        reference_low=3.5,
        reference_high=5.1,
        flag="high",
        critical=True,
        source_page=2,
        source_line="K 6.9 mmol/L (3.5-5.1) H",
        timing="admission",
    )
    lab = LAB.model_copy(update={"lab_values": [*LAB.lab_values, potassium]})
    engine.summarize_case(CONTEXT, [lab], [])

    facts = lab_facts(fake_openai.requests[0].body)
    assert facts[1] == {
        "analyte": "Potassium",
        "result": "6.9",
        "value": 6.9,
        "comparator": None,
        "unit": "mmol/L",
        "reference_low": 3.5,
        "reference_high": 5.1,
        "flag": "high",
        "critical": True,
        "specimen": "blood",
        "timing": "admission",
        "source": {"file": "Lab file 1", "page": 2, "line": "K 6.9 mmol/L (3.5-5.1) H"},
    }
    assert facts[0]["critical"] is False
    assert "Glucose 182 mg/dL (70-99) H" in user_text(fake_openai.requests[0].body)  # the text


def test_a_value_from_a_report_headed_for_another_patient_reaches_the_model_with_a_caution(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    from core.analysis.engines.prompts import OTHER_PATIENT_CAUTION

    marked = [v.model_copy(update={"other_patient": True}) for v in LAB.lab_values]
    engine.summarize_case(CONTEXT, [LAB.model_copy(update={"lab_values": marked})], [])
    facts = lab_facts(fake_openai.requests[0].body)
    assert facts and all(fact["caution"] == OTHER_PATIENT_CAUTION for fact in facts)


def test_the_diagnosis_carries_a_ranked_differential_and_a_confidence_reason(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(
        answers={
            "soap_note_and_diagnosis": {
                **CANNED_ANSWERS["soap_note_and_diagnosis"],
                "primary_diagnosis": {
                    **CANNED_ANSWERS["soap_note_and_diagnosis"]["primary_diagnosis"],
                    "differential": [
                        {
                            "diagnosis": f"Other {rank}",
                            "icd_code": " r73.9 ",
                            "confidence_score": 0.1 * rank,
                            "supporting_evidence": [f"evidence {rank}"],
                        }
                        for rank in range(1, 6)
                    ],
                    "confidence_reason": "Two values agree.",
                },
            }
        }
    )
    engine.summarize_case(CONTEXT, [LAB], [])
    _, diagnosis = engine.write_soap_and_diagnosis(CONTEXT, [LAB], [])

    assert [other.diagnosis for other in diagnosis.differential] == [
        "Other 1",
        "Other 2",
        "Other 3",
    ]
    assert diagnosis.differential[0].icd_code == "R73.9"
    assert diagnosis.differential[1].supporting_evidence == ["evidence 2"]
    assert diagnosis.confidence_reason == "Two values agree."
    schema = response_format(type(_soap_answer()))["json_schema"]["schema"]
    wanted = schema["properties"]["primary_diagnosis"]["required"]
    assert "differential" in wanted and "confidence_reason" in wanted


def _soap_answer() -> Any:
    from core.analysis.engines.model_schemas import SoapAndDiagnosisAnswer

    return SoapAndDiagnosisAnswer.model_validate(CANNED_ANSWERS["soap_note_and_diagnosis"])


def test_scores_outside_0_1_are_clamped_and_codes_normalised(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(
        answers={
            "radiology_image_reading": {
                "findings": "f",
                "impression": "i",
                "key_abnormalities": [],
                "confidence_score": 7.5,
            },
            "soap_note_and_diagnosis": {
                "soap_note": {
                    "subjective": "s",
                    "objective": "o",
                    "assessment": "Iron deficiency anaemia",
                    "plan": "p",
                    "confidence_score": 0.55,
                },
                "primary_diagnosis": {
                    "primary_diagnosis": "Iron deficiency anaemia",
                    "icd_code": " d50.9 ",
                    "description": "d",
                    "confidence_score": -2,
                    "supporting_evidence": [],
                    "differential": [],
                    "confidence_reason": "",
                },
            },
        }
    )
    assert engine.read_image(IMAGE, CONTEXT).confidence_score == 1.0
    engine.summarize_case(CONTEXT, [], [])
    soap, diagnosis = engine.write_soap_and_diagnosis(CONTEXT, [], [])
    assert soap.confidence_score == pytest.approx(0.55)
    assert diagnosis.confidence_score == 0.0
    assert diagnosis.icd_code == "D50.9"


def test_scanned_page_is_transcribed_by_the_vision_model(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    page = png_bytes(200, 100)
    assert engine.read_scanned_page(page, CONTEXT).startswith("Ferritin 8 ng/mL")
    assert fake_openai.requests[0].model == "vision-model"
    assert fake_openai.images() == [page]


def test_an_invalid_answer_is_asked_for_once_more(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(invalid_first=1)
    assert engine.summarize_case(CONTEXT, [], []).confidence_score == pytest.approx(0.81)
    assert len(fake_openai.requests) == 2


@pytest.mark.parametrize("mode", ["invalid_json", "wrong_schema"])
def test_answers_that_never_fit_the_schema_fail_clearly(
    engine: OpenAIEngine, fake_openai: FakeOpenAI, mode: str
) -> None:
    fake_openai.behave(mode=mode)
    with pytest.raises(InvalidModelAnswer, match="answer for the case summary did not fit"):
        engine.summarize_case(CONTEXT, [], [])
    assert len(fake_openai.requests) == 2


def test_server_errors_are_retried_then_fail_with_the_status(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(mode="error")
    with pytest.raises(ModelUnavailable) as raised:
        engine.summarize_case(CONTEXT, [LAB], [])
    assert str(raised.value) == "The language model did not answer after 2 attempts (HTTP 500)"
    assert raised.value.__cause__ is None  # nothing of the request rides along
    assert [r.status for r in fake_openai.requests] == [500, 500]


def test_a_rate_limit_is_retried_and_then_answered(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(fail_first=1, fail_status=429)
    assert engine.summarize_case(CONTEXT, [], []).comprehensive_summary
    assert [r.status for r in fake_openai.requests] == [429, 200]


def test_a_server_that_never_answers_times_out(fake_openai: FakeOpenAI) -> None:
    fake_openai.behave(mode="hang", hang_seconds=5)
    # A shorter timeout than the other tests' engine: both attempts wait it out in full.
    engine = _engine(fake_openai, timeout_seconds=0.2)
    try:
        with pytest.raises(ModelUnavailable, match=r"did not answer within 0\.2 s \(2 attempts\)"):
            engine.summarize_case(CONTEXT, [], [])
    finally:
        engine.close()


def test_an_unreachable_server_fails_clearly() -> None:
    with FakeOpenAI() as server:
        base_url = server.base_url  # closed when the block ends: nothing listens there
    engine = OpenAIEngine(
        api_key="k", base_url=base_url, text_model="m", vision_model="m", max_retries=0
    )
    with pytest.raises(ModelUnavailable, match="could not be reached"):
        engine.summarize_case(CONTEXT, [], [])


def test_the_engine_says_which_models_wrote_the_insights(engine: OpenAIEngine) -> None:
    assert engine.name == "openai" and engine.prompt_version == PROMPT_VERSION
    assert engine.model == "text-model (text), vision-model (images)"
    assert "text-model" in engine.written_by and "vision-model" in engine_label(engine)


def test_a_key_chooses_the_openai_engine_and_no_key_the_rules_engine(tmp_path) -> None:
    with_key = build_engine(
        Settings(data_dir=tmp_path, openai_api_key="k", openai_base_url="http://127.0.0.1:9/v1")
    )
    assert isinstance(with_key, OpenAIEngine) and with_key.model == "gpt-4o-mini"
    without = build_engine(Settings(data_dir=tmp_path))
    assert without.name == "rules"
    assert engine_label(without) == "Offline rules engine (no language model)"


def test_data_url_is_base64_png() -> None:
    # Guard the wire format the vision models accept: data:image/png;base64,<payload>.
    from core.analysis.engines.language_model import _with_picture

    content = _with_picture("look", b"\x89PNG-bytes")["content"]
    url = content[1]["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    assert base64.b64decode(url.split(",", 1)[1]) == b"\x89PNG-bytes"


def test_direction_and_control_characters_in_the_models_answer_never_reach_the_draft(
    engine: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    # A right-to-left override shows "5 mg" of a plan reordered; a terminal escape hides what
    # follows it in an exported file. A doctor accepting the section would sign either.
    answer = CANNED_ANSWERS["soap_note_and_diagnosis"]
    fake_openai.behave(
        answers={
            "soap_note_and_diagnosis": {
                **answer,
                "soap_note": {
                    **answer["soap_note"],
                    "plan": "Give\u202e gm 05\u202c insulin.\nRecheck\x1b[8m hidden glucose.",
                },
                "primary_diagnosis": {
                    **answer["primary_diagnosis"],
                    "supporting_evidence": ["Glucose\u2067 182\u2069 mg/dL"],
                },
            }
        }
    )
    engine.summarize_case(CONTEXT, [LAB], [])
    soap, diagnosis = engine.write_soap_and_diagnosis(CONTEXT, [LAB], [])

    assert soap.plan == "Give gm 05 insulin.\nRecheck[8m hidden glucose."
    assert diagnosis.supporting_evidence == ["Glucose 182 mg/dL"]
