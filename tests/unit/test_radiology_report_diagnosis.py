"""The diagnosis a radiology report states (issue #29): conditions an imaging impression names
that were read as something vaguer. Each line is quoted from a real MTSamples report (the
Scrapy cache terrah27/spider_mtsamples.com @ 7794f006f0; MTSamples states no licence, the
collection is also published as CC0), and each test fails on the code before.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes


def _codes(text: str) -> list[str]:
    return [r.code for r in diagnose([], 50, read_notes(None, [text])).ranked]


def test_a_fracture_of_a_named_facial_bone_is_that_bone_s_fracture() -> None:
    # Radiology / CT of Facial Wones w/o Contrast (dev case
    # mtr-ct-facial-bones-maxillary-frontal-process-fractures): was "Fracture NOS" (T14.8XXA).
    report = (
        "EXAM:  CT of the facial bones without contrast.\n\nREASON FOR EXAM:  Hit in nose.\n\n"
        "IMPRESSION:\n1.  Bilateral fractures of the frontal process of the maxilla and with "
        "displacement to the right.\n"
    )
    assert _codes(report)[0] == "S02.401A"
    # Surgery / Nasal Septoplasty: "PREOPERATIVE DIAGNOSES:  Nasal fracture and deviated nasal
    # septum with obstruction."
    note = "PREOPERATIVE DIAGNOSES:  Nasal fracture and deviated nasal septum with obstruction.\n"
    assert _codes(note)[0] == "S02.2XXA"


def test_oedema_of_the_brain_is_cerebral_oedema() -> None:
    # Radiology / CT Head - 3 (dev case mtr-ct-head-midline-shift-oedema-hyperdense-mass): the
    # oedema the impression names first was not read, and "concerning for hemorrhage" (R58,
    # haemorrhage NOS) was the diagnosis.
    report = (
        "REASON FOR EXAM:  Left arm and hand numbness.\n\n"
        "IMPRESSION:  A 5 mm midline shift to the left side secondary to severe edema of the "
        "white matter of the right frontal, parietal, and temporal lobes.  A 1.8 cm high "
        "attenuation mass in the right parietal lobe is concerning for hemorrhage given its "
        "high density.\n"
    )
    assert _codes(report)[0] == "G93.6"
    # Surgery / Ventricular Drain Catheter Insertion: "PREOPERATIVE DIAGNOSES:  Increased
    # intracranial pressure and cerebral edema due to severe brain injury."
    note = (
        "PREOPERATIVE DIAGNOSES:  Increased intracranial pressure and cerebral edema due to "
        "severe brain injury.\n"
    )
    assert "G93.6" in _codes(note)
    assert not any(c.startswith("J81") for c in _codes(note))


def test_a_doppler_velocity_is_no_lab_result() -> None:
    # Radiology / Ultrasound - Carotid - 2 (dev case
    # mtr-ultrasound-carotid-no-significant-stenosis-minimal-plaque): "ICA" (the internal
    # carotid artery) was read as ionised calcium, 0.595 "m/s".
    from tests.unit.test_lab_reading_case_reports import _read

    line = (
        "PARAMETRIC DATA:  Right CCA PSV 0.72 m/s.  Right ICA PSV is 0.595 m/s.  Right ICA EDV "
        "0.188 m/s.  Right vertebral 0.517 m/s. Right IC/CC is 0.826."
    )
    assert _read(line) == {}
    # The ionised calcium of a blood gas is still read.
    assert [v.value for v in _read("Ionized calcium 1.05 mmol/L.")["Ionised calcium"]] == [1.05]
