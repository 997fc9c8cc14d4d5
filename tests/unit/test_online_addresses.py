"""Web addresses go; lab text that PDF extraction ran together stays as it was."""

from __future__ import annotations

import socket

import pytest

from core.privacy import online
from core.privacy.identifiers import IDENTIFIER_PLACEHOLDER, redact_identifiers

ID = IDENTIFIER_PLACEHOLDER


@pytest.mark.parametrize(
    "text",
    [
        "Mononuclear cells 93%ii.Neutrophils 3%",  # tests/clinical pleural-fluid case
        "Lymphocytes 30%ii.Monocytes 5%",
        "MCV 88fl.MCH 29 pg",
        "Hb 13.2g/dl.Platelets 250",
        "Ferritin 1.5mg.Ferritin 20",
        "Creatinine 1.2 mg/dL.Ca 9.1",
        "Potassium 4.1 mmol/L.Na 140",
        "an exudate.Computation:4.2 g/dl / 7.0 g/dL",
    ],
)
def test_lab_values_run_together_are_not_web_addresses(text: str) -> None:
    assert redact_identifiers(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "e.g. metformin 500 mg b.i.d.",
        "amoxicillin 500 mg q.i.d. for 7 days",
        "i.v. fluids, p.o. intake poor",
        "ii.Neutrophils 3%",
        "Hb.WBC 7.2",
        "HB.CA 9.1",
        "1.Anterior small right upper lobe infiltrate",
    ],
)
def test_dotted_abbreviations_are_not_web_addresses(text: str) -> None:
    assert redact_identifiers(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Sodium 140 mg/dL.Sodium 139",
        "Albumin 4.0 g/dL.Calcium 9.5",
        "Glucose 95 mg/dL.Na 140",
        "assay method used.Iron 80 ug/dL",
    ],
)
def test_units_and_words_followed_by_a_name_are_not_web_addresses(text: str) -> None:
    assert redact_identifiers(text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see portal.clinic.org/p/4471.", f"see {ID}."),
        ("Portal: NHS.UK/record/77", f"Portal: {ID}"),
        ("telehealth.clinic.com:8443/join/8823", ID),
        ("results at mychart.stmarys.nhs.uk today", f"results at {ID} today"),
        ("Link: www.myhealth.com/p/jdoe", f"Link: {ID}"),
        ("https://x.ai/p/1", ID),
    ],
)
def test_web_addresses_are_still_removed(text: str, expected: str) -> None:
    assert redact_identifiers(text) == expected


def test_the_top_level_domains_are_read_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the domain list must not be fetched")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    online.top_level_domains.cache_clear()
    domains = online.top_level_domains()

    assert {"com", "org", "uk", "in", "health"} <= domains
    assert "neutrophils" not in domains and "computation" not in domains
