"""The language-model engine: any OpenAI-compatible chat completions server.

Every answer is requested with a strict JSON schema and validated with pydantic before it
is used. The engine never sees the patient's name: the pipeline gives it a PatientContext
and redacted texts, and files are known by their labels only.
"""

from __future__ import annotations

import base64
import logging
from typing import Any, TypeVar, cast

import openai
from openai.types.chat import ChatCompletionMessageParam
from openai.types.chat.completion_create_params import ResponseFormat
from pydantic import ValidationError

from core.analysis.engines import prompts
from core.analysis.engines.model_schemas import (
    CaseSummaryAnswer,
    ImageReadingAnswer,
    ScannedPageAnswer,
    SoapAndDiagnosisAnswer,
    response_format,
)
from core.analysis.failures import InvalidModelAnswer, ModelUnavailable
from core.config import Settings
from core.insights import (
    CaseSummary,
    ImageAnalysis,
    LabDocument,
    PatientContext,
    PrimaryDiagnosis,
    RadiologyImage,
    SoapNote,
)
from core.plain_text import shown_as_read

log = logging.getLogger(__name__)

Answer = TypeVar(
    "Answer", ImageReadingAnswer, ScannedPageAnswer, CaseSummaryAnswer, SoapAndDiagnosisAnswer
)

# An answer that does not fit its schema is asked for once more, then the analysis fails.
ANSWER_ATTEMPTS = 2
MAX_DIFFERENTIAL = 3

_RETRIED_STATUSES = frozenset({408, 409, 429})


class OpenAIEngine:
    """Writes the insights with a language model; separate models for text and images."""

    name = "openai"
    prompt_version = prompts.PROMPT_VERSION

    def __init__(
        self,
        *,
        api_key: str,
        text_model: str,
        vision_model: str,
        base_url: str | None = None,
        timeout_seconds: float = 60.0,
        max_retries: int = 2,
    ) -> None:
        self.text_model = text_model
        self.vision_model = vision_model
        self.model = (
            text_model
            if text_model == vision_model
            else f"{text_model} (text), {vision_model} (images)"
        )
        self.written_by = f"Language model {self.model}: advisory, for the doctor to review"
        self._timeout_seconds = timeout_seconds
        self._attempts = max_retries + 1
        # The client retries 408/409/429/5xx and timeouts itself, with backoff (and it
        # honours the server's Retry-After); one client is shared by every analysis thread.
        self._client = openai.OpenAI(
            api_key=api_key, base_url=base_url, timeout=timeout_seconds, max_retries=max_retries
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAIEngine:
        if not settings.openai_api_key:
            raise ValueError("the OpenAI engine needs OPENAI_API_KEY")
        return cls(
            api_key=settings.openai_api_key,
            base_url=settings.openai_base_url,
            text_model=settings.openai_text_model,
            vision_model=settings.openai_vision_model,
            timeout_seconds=settings.openai_timeout_seconds,
            max_retries=settings.openai_max_retries,
        )

    def close(self) -> None:
        self._client.close()

    # --- the four questions -------------------------------------------------------

    def read_image(self, image: RadiologyImage, context: PatientContext) -> ImageAnalysis:
        question = f"{prompts.patient_context(context)}\n\nRead {prompts.image_description(image)}."
        answer = self._ask(
            self.vision_model,
            ImageReadingAnswer,
            [_system(prompts.IMAGE_READER), _with_picture(question, image.png)],
            "a radiology image reading",
        )
        return ImageAnalysis(**answer.model_dump())

    def read_scanned_page(self, page_png: bytes, context: PatientContext) -> str | None:
        question = f"{prompts.patient_context(context)}\n\nTranscribe this scanned lab page."
        answer = self._ask(
            self.vision_model,
            ScannedPageAnswer,
            [_system(prompts.PAGE_READER), _with_picture(question, page_png)],
            "a scanned lab page",
        )
        return answer.text.strip() or None

    def summarize_case(
        self,
        context: PatientContext,
        labs: list[LabDocument],
        images: list[tuple[RadiologyImage, ImageAnalysis]],
    ) -> CaseSummary:
        answer = self._ask(
            self.text_model,
            CaseSummaryAnswer,
            [_system(prompts.SUMMARIZER), _user(prompts.case_file(context, labs, images))],
            "the case summary",
        )
        return CaseSummary(**answer.model_dump())

    def write_soap_and_diagnosis(
        self,
        context: PatientContext,
        labs: list[LabDocument],
        images: list[tuple[RadiologyImage, ImageAnalysis]],
    ) -> tuple[SoapNote, PrimaryDiagnosis]:
        case_file = prompts.case_file(context, labs, images)
        answer = self._ask(
            self.text_model,
            SoapAndDiagnosisAnswer,
            [
                _system(prompts.SOAP_WRITER),
                _user(case_file),
            ],
            "the SOAP note and diagnosis",
        )
        diagnosis = answer.primary_diagnosis.model_dump()
        diagnosis["icd_code"] = diagnosis["icd_code"].strip().upper()
        diagnosis["differential"] = [
            {**other, "icd_code": other["icd_code"].strip().upper()}
            for other in diagnosis["differential"][:MAX_DIFFERENTIAL]
        ]
        return SoapNote(**answer.soap_note.model_dump()), PrimaryDiagnosis(**diagnosis)

    # --- one structured answer ----------------------------------------------------

    def _ask(
        self, model: str, answer_type: type[Answer], messages: list[dict[str, Any]], what: str
    ) -> Answer:
        for attempt in range(1, ANSWER_ATTEMPTS + 1):
            content = self._complete(model, answer_type, messages, what)
            try:
                answer = answer_type.model_validate_json(content)
                # A direction override in a plan shows a dose reordered, and accepting the
                # section signs what is stored: the model's words are kept as they read.
                return answer_type.model_validate(_as_read(answer.model_dump()))
            except ValidationError:
                # The answer itself is never logged: it may quote the patient's records.
                log.warning(
                    "the model's answer for %s did not fit its schema (try %d)", what, attempt
                )
        raise InvalidModelAnswer(
            f"The language model's answer for {what} did not fit the expected format"
            f" ({ANSWER_ATTEMPTS} tries)"
        )

    def _complete(
        self, model: str, answer_type: type[Answer], messages: list[dict[str, Any]], what: str
    ) -> str:
        try:
            # Our messages and schema are plain dicts of the shapes these types describe.
            completion = self._client.chat.completions.create(
                model=model,
                messages=cast("list[ChatCompletionMessageParam]", messages),
                response_format=cast("ResponseFormat", response_format(answer_type)),
            )
        except openai.APITimeoutError:
            raise ModelUnavailable(
                f"The language model did not answer within {self._timeout_seconds:g} s"
                f" ({self._attempts} attempts)"
            ) from None
        except openai.APIConnectionError:
            raise ModelUnavailable(
                f"The language model could not be reached ({self._attempts} attempts)"
            ) from None
        except openai.APIStatusError as error:
            # Only the status is kept: an error body may echo parts of the request.
            status = error.status_code
            if status in _RETRIED_STATUSES or status >= 500:
                message = f"The language model did not answer after {self._attempts} attempts"
            else:
                message = "The language model refused the request"
            raise ModelUnavailable(f"{message} (HTTP {status})") from None
        except openai.OpenAIError as error:
            raise ModelUnavailable(
                f"The language model call failed ({type(error).__name__})"
            ) from None
        if not completion.choices:
            raise InvalidModelAnswer(f"The language model gave no answer for {what}")
        answer = completion.choices[0].message
        if answer.refusal or not answer.content:
            raise InvalidModelAnswer(f"The language model declined to write {what}")
        return answer.content


def _system(text: str) -> dict[str, Any]:
    return {"role": "system", "content": text}


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def _with_picture(text: str, png: bytes) -> dict[str, Any]:
    url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    return {
        "role": "user",
        "content": [
            {"type": "text", "text": text},
            {"type": "image_url", "image_url": {"url": url, "detail": "high"}},
        ],
    }


def _as_read(node: Any) -> Any:
    """Every string of a model's answer without direction controls or control characters."""
    if isinstance(node, str):
        return shown_as_read(node)
    if isinstance(node, list):
        return [_as_read(item) for item in node]
    if isinstance(node, dict):
        return {key: _as_read(value) for key, value in node.items()}
    return node
