"""Results at collection time (round sixteen): a structured result's trend point and delta
windows are placed by when its specimen was collected (HL7 v2 OBR-7 / OBX-14 / SPM-17, FHIR
effective[x] / Specimen.collection), a text-read value by its case's time as before; an
untrusted collection time (after the analysis, before birth) is kept, marked, and drives
no delta check."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from core.analysis.delta import delta_checks
from core.analysis.history import CaseResults, lab_history
from core.analysis.pipeline import analyze_case
from core.analysis.reading.collection_time import (
    AFTER_ANALYSIS,
    BEFORE_BIRTH,
    checked_times,
    hl7_collection_time,
    in_clinic_zone,
)
from core.analysis.reading.messages_common import lab_values
from core.analysis.reading.messages_fhir import read_fhir
from core.analysis.reading.messages_hl7 import read_hl7
from core.analysis.rules.engine import RulesEngine
from core.config import Settings, SettingsError
from core.insights import LabValue
from core.models import Case, CaseFile

STRUCTURED = Path(__file__).resolve().parents[1] / "structured"
GHH = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()
GHP = (STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes()
NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
PID = "PID|1||MRN-1||Doe^Jane||19560101|F"


def oru(
    *orders: tuple[str, str],
    control: str = "MSG-16",
    obx_time: str = "",
    sent: str = "20261127080000",
) -> bytes:
    """An ORU^R01 sent at ``sent`` (MSH-7) with one OBR per (OBR-7, creatinine in mg/dL), each
    with its OBX (OBX-14 ``obx_time``)."""
    segments = [f"MSH|^~\\&|LAB|HOSP|MEDCASE|CLINIC|{sent}||ORU^R01|{control}|P|2.5.1", PID]
    for number, (when, value) in enumerate(orders, start=1):
        segments.append(f"OBR|{number}|||2160-0^Creatinine^LN|||{when}")
        segments.append(f"OBX|1|NM|2160-0^Creatinine^LN||{value}|mg/dL|0.6-1.3||||F|||{obx_time}")
    return "\r".join(segments).encode()


def values_of(content: bytes) -> list[LabValue]:
    return lab_values(read_hl7(content).results, "file-1")


def text_creatinine(value: float) -> LabValue:
    return LabValue(analyte="Creatinine", value=value, unit="mg/dL")


# --- reading the time ----------------------------------------------------------------------


def test_the_hl7_specification_example_obr_7_is_a_minute_sent_without_its_zone() -> None:
    [glucose] = values_of(GHH)
    assert glucose.timing == "collected 2002-02-15 07:30"  # the text as before
    assert glucose.collected is not None
    assert glucose.collected.at == datetime(2002, 2, 15, 7, 30, tzinfo=UTC)
    assert (glucose.collected.precision, glucose.collected.zone_given) == ("minute", False)


def test_obx_14_with_its_offset_is_read_when_obr_7_is_empty() -> None:
    [value] = values_of(oru(("", "1.1"), obx_time="202611250730-0500"))
    assert value.collected is not None
    assert value.collected.at == datetime(2026, 11, 25, 12, 30, tzinfo=UTC)
    assert value.collected.zone_given and value.timing == "collected 2026-11-25 07:30"


def test_a_time_without_its_offset_is_in_the_senders_zone_from_msh_7() -> None:
    # HL7 v2: a TS without its offset is the sender's local time; MSH-7 gives the zone.
    [value] = values_of(oru(("202611250730", "1.1"), sent="20261127080000-0500"))
    assert value.collected is not None
    assert value.collected.at == datetime(2026, 11, 25, 12, 30, tzinfo=UTC)
    assert value.collected.zone_given
    assert value.timing == "collected 2026-11-25 07:30"  # the text as the sender wrote it


def test_a_results_own_offset_wins_over_the_messages() -> None:
    [value] = values_of(oru(("202611250730+0100", "1.1"), sent="20261127080000-0500"))
    assert value.collected is not None
    assert value.collected.at == datetime(2026, 11, 25, 6, 30, tzinfo=UTC)


def test_spm_17_and_obx_14_are_read_in_the_senders_zone_too() -> None:
    [by_obx] = values_of(oru(("", "1.1"), obx_time="202611250730", sent="202611270800+0930"))
    assert by_obx.collected is not None
    assert by_obx.collected.at == datetime(2026, 11, 24, 22, 0, tzinfo=UTC)
    message = oru(("", "1.1"), sent="202611270800-0300").decode()
    message += "\rSPM|1|||SER^Serum^HL70487|||||||||||||202611250645"
    [by_spm] = values_of(message.encode())
    assert by_spm.collected is not None
    assert by_spm.collected.at == datetime(2026, 11, 25, 9, 45, tzinfo=UTC)


def test_a_time_in_the_senders_zone_gets_no_any_zone_slack() -> None:
    # 10:00 in UTC-5 is 15:00 UTC, three hours after the analysis: not a time to trust,
    # where the same digits without any zone could be some zone's past.
    eastern = values_of(oru(("202611271000", "1.0"), sent="20261127080000-0500"))
    assert checked_times("Lab file 1", eastern, NOW, None)[0][0].collected.doubt == AFTER_ANALYSIS  # type: ignore[union-attr]
    unzoned = values_of(oru(("202611271000", "1.0")))
    assert checked_times("Lab file 1", unzoned, NOW, None)[1] == []


def test_a_date_alone_is_a_day_and_a_month_is_no_collection_time() -> None:
    day = hl7_collection_time("20261125")
    assert day is not None and day.precision == "day"
    assert day.end - day.at == timedelta(days=1)
    hour = hl7_collection_time("2026112507+0100")
    assert hour is not None and hour.precision == "hour" and hour.zone_given
    assert hl7_collection_time("202611") is None
    assert hl7_collection_time("20261399") is None  # no day of the calendar
    assert hl7_collection_time("202611250730+2500") == hl7_collection_time("202611250730")


def test_a_fhir_effective_date_time_keeps_its_offset() -> None:
    value = lab_values(read_fhir(GHP).results, "f")[0]
    # "effectiveDateTime": "2015-08-16T06:40:17Z"
    assert value.collected is not None
    assert value.collected.at == datetime(2015, 8, 16, 6, 40, 17, tzinfo=UTC)
    assert value.collected.zone_given and value.collected.precision == "minute"


def test_a_fhir_effective_period_and_a_date_alone() -> None:
    def observation(**effective: object) -> bytes:
        return json.dumps(
            {
                "resourceType": "Observation",
                "id": "cr-1",
                "status": "final",
                "code": {"coding": [{"system": "http://loinc.org", "code": "2160-0"}]},
                "valueQuantity": {"value": 1.1, "unit": "mg/dL"},
                **effective,
            }
        ).encode()

    span = {"start": "2026-11-24T22:15:00+01:00", "end": "2026-11-24T22:20:00+01:00"}
    [period] = lab_values(read_fhir(observation(effectivePeriod=span)).results, "f")
    assert period.collected is not None
    assert period.collected.at == datetime(2026, 11, 24, 21, 15, tzinfo=UTC)
    [dated] = lab_values(read_fhir(observation(effectiveDateTime="2026-11-24")).results, "f")
    assert dated.collected is not None and dated.collected.precision == "day"
    [month] = lab_values(read_fhir(observation(effectiveDateTime="2026-11")).results, "f")
    assert month.collected is None and month.timing == "collected 2026-11"


def test_a_record_stored_before_round_sixteen_still_loads() -> None:
    [value] = values_of(GHH)
    stored = value.model_dump(mode="json")
    stored.pop("collected")
    old = LabValue.model_validate(stored)
    assert old.collected is None and old.timing == value.timing
    again = LabValue.model_validate(value.model_dump(mode="json"))
    assert again.collected == value.collected


# --- trends -------------------------------------------------------------------------------


def test_three_days_in_one_case_are_three_points_at_their_collection_times() -> None:
    message = oru(("202611240800", "1.0"), ("202611250800", "1.2"), ("202611260800", "1.5"))
    [series] = lab_history([CaseResults("case-1", NOW, values_of(message))])
    assert [p.value for p in series.points] == [1.0, 1.2, 1.5]
    assert [p.at.day for p in series.points] == [24, 25, 26]
    assert all(p.collected and p.case_id == "case-1" for p in series.points)
    assert series.previous is not None and series.previous.at.day == 25


def test_a_result_collected_before_an_earlier_cases_is_older_on_the_axis() -> None:
    earlier = CaseResults("seen-first", NOW - timedelta(days=3), [text_creatinine(0.9)])
    later = CaseResults("seen-later", NOW, values_of(oru(("202611200800", "1.4"))))
    [series] = lab_history([later, earlier])
    assert [p.case_id for p in series.points] == ["seen-later", "seen-first"]
    assert series.latest.value == 0.9


def test_a_text_read_value_stays_at_its_cases_time() -> None:
    [series] = lab_history([CaseResults("c", NOW, [text_creatinine(1.0)])])
    [point] = series.points
    assert point.at == point.seen_at == NOW
    assert point.precision is None and not point.collected and point.time_doubt is None


def test_a_replay_of_a_result_stored_before_round_sixteen_counts_once() -> None:
    message = oru(("202611240800", "1.0"))
    stored = values_of(message)[0].model_dump(mode="json")
    stored.pop("collected")
    first = CaseResults("first", NOW - timedelta(days=2), [LabValue.model_validate(stored)])
    again = CaseResults("again", NOW, values_of(message))
    [series] = lab_history([first, again])
    assert [p.case_id for p in series.points] == ["first"]
    assert delta_checks(values_of(message), NOW, [first], "again") == []


# --- delta checks -------------------------------------------------------------------------


def test_kdigo_48_hours_by_collection_time_within_one_case() -> None:
    message = oru(("202611240800", "1.0"), ("202611250800", "1.4"))
    checks = delta_checks(values_of(message), NOW, [], "case-1")
    rise = [c for c in checks if c.rule == "creatinine_rise_48h"]
    assert len(rise) == 1
    assert rise[0].hours_between == 24 and rise[0].earlier_case_id == "case-1"
    assert rise[0].earlier_at == "2026-11-24T08:00:00+00:00"


def test_kdigo_48_hours_measured_from_collection_not_from_the_cases() -> None:
    # The cases were seen 24 h apart, but the earlier creatinine was drawn 72 h before.
    earlier = CaseResults("earlier", NOW - timedelta(hours=24), values_of(
        oru(("202611240800", "1.0"), control="MSG-A")))  # fmt: skip
    current = values_of(oru(("202611270800", "1.4"), control="MSG-B"))
    rules = [c.rule for c in delta_checks(current, NOW, [earlier])]
    assert "creatinine_rise_48h" not in rules  # today's code: flagged, by the cases' times
    assert "creatinine_1_5x_7d" not in rules  # 1.4 is not 1.5 times 1.0
    [ratio] = delta_checks(values_of(oru(("202611270800", "1.6"))), NOW, [earlier])
    assert ratio.rule == "creatinine_1_5x_7d" and ratio.hours_between == 72


def test_dates_alone_compare_only_when_surely_before_and_say_days() -> None:
    same_day = oru(("20261125", "1.0"), ("20261125", "1.5"))
    assert delta_checks(values_of(same_day), NOW, [], "c") == []  # which came first?
    next_day = oru(("20261124", "1.0"), ("20261125", "1.4"))
    [rise] = [c for c in delta_checks(values_of(next_day), NOW, [], "c")
              if c.rule == "creatinine_rise_48h"]  # fmt: skip
    assert "1 day (by collection date) before" in rise.statement
    two_days = oru(("20261123", "1.0"), ("20261125", "1.4"))
    rules = [c.rule for c in delta_checks(values_of(two_days), NOW, [], "c")]
    assert "creatinine_rise_48h" not in rules  # up to 72 h apart: not surely within 48 h


# --- untrusted times ----------------------------------------------------------------------


def test_a_collection_time_in_the_future_is_doubted_past_the_clock_skew() -> None:
    near = values_of(oru(("", "1.0"), obx_time="202611271203+0000"))
    assert checked_times("Lab file 1", near, NOW, None)[1] == []  # 3 min: the clocks
    far = values_of(oru(("", "1.0"), ("", "1.1"), obx_time="202611271230+0000"))
    marked, warnings = checked_times("Lab file 1", far, NOW, None)
    assert [v.collected.doubt for v in marked if v.collected] == [AFTER_ANALYSIS] * 2
    assert warnings == [
        "Lab file 1: COLLECTION TIME? The message gives 2 results a collection time after "
        "the time of this analysis; the values are shown, marked, at the case's time, and "
        "are not compared with earlier results until the doctor has checked the message"
    ]


def test_a_time_without_its_zone_may_be_any_zones_local_time() -> None:
    ahead = values_of(oru(("202611272130", "1.0")))  # 21:30 in UTC+10 is 11:30 UTC
    assert checked_times("Lab file 1", ahead, NOW, None)[1] == []
    beyond = values_of(oru(("202611290800", "1.0")))
    assert checked_times("Lab file 1", beyond, NOW, None)[0][0].collected.doubt  # type: ignore[union-attr]


def test_a_collection_before_the_patients_birth_is_doubted() -> None:
    values = values_of(oru(("19551231", "1.0"), ("19560101", "1.1")))
    marked, warnings = checked_times("Lab file 1", values, NOW, date(1956, 1, 1))
    assert [v.collected.doubt for v in marked if v.collected] == [BEFORE_BIRTH, None]
    assert "a result a collection time before the patient's date of birth" in warnings[0]


def test_an_untrusted_time_is_drawn_at_its_case_marked_and_drives_no_delta_check() -> None:
    values = values_of(oru(("202612010800", "3.0")))
    [future], _ = checked_times("Lab file 1", values, NOW, None)
    [series] = lab_history([CaseResults("c", NOW, [future])])
    assert series.latest.at == NOW and series.latest.time_doubt == AFTER_ANALYSIS
    earlier = CaseResults("e", NOW - timedelta(hours=24), [text_creatinine(1.0)])
    assert delta_checks([future], NOW, [earlier], "c") == []
    # nor is it compared with, as an earlier result
    held = CaseResults("held", NOW - timedelta(hours=24), [future])
    assert delta_checks([text_creatinine(3.0)], NOW, [held], "c") == []


def test_the_analysis_warns_and_compares_by_collection_time() -> None:
    created = datetime.now(UTC)
    case = Case("case-9", "dr", "Jane Doe", 70, "female", None, "analyzing", created, created)
    files = [
        CaseFile("f0", "case-9", "dr", "creatinine.hl7", "x", 1, "key/0", "lab", created),
        CaseFile("f1", "case-9", "dr", "later.hl7", "x", 1, "key/1", "lab", created),
    ]
    yesterday = (created - timedelta(days=1)).astimezone(UTC)
    days = [f"{(yesterday - timedelta(days=d)):%Y%m%d%H%M}+0000" for d in (1, 0)]
    contents = {
        "key/0": oru((days[0], "1.0"), (days[1], "1.4"), control="MSG-1"),
        "key/1": oru(("209901010800+0000", "1.1"), control="MSG-2"),
    }
    with ThreadPoolExecutor(4) as pool:
        insights = analyze_case(
            case,
            files,
            lambda record: contents[record.file_url],
            RulesEngine(),
            lambda _: None,
            lambda *_: None,
            pool,
        )
    assert [c.rule for c in insights.delta_checks][:1] == ["creatinine_rise_48h"]
    assert insights.delta_checks[0].hours_between == 24
    assert any(w.startswith("Lab file 2: COLLECTION TIME?") for w in insights.provenance.warnings)
    doubted = [v for v in insights.lab_values if v.collected and v.collected.doubt]
    assert [v.value for v in doubted] == [1.1]


# --- the clinic's zone (MEDCASE_CLINIC_TIMEZONE) -----------------------------------------


def test_a_time_with_no_zone_at_all_is_the_clinics_local_time_when_the_clinic_set_one() -> None:
    # Neither the result nor MSH-7 carries an offset (most HL7 v2 feeds): 07:30 in Paris in
    # November is 06:30 UTC, in July 05:30 UTC (the day's own offset).
    paris = ZoneInfo("Europe/Paris")
    [winter] = in_clinic_zone(values_of(oru(("202611250730", "1.1"))), paris)
    assert winter.collected is not None and winter.collected.zone_given
    assert winter.collected.at == datetime(2026, 11, 25, 6, 30, tzinfo=UTC)
    assert winter.timing == "collected 2026-11-25 07:30"  # the text as the lab wrote it
    [summer] = in_clinic_zone(values_of(oru(("202607250730", "1.1"))), paris)
    assert summer.collected is not None
    assert summer.collected.at == datetime(2026, 7, 25, 5, 30, tzinfo=UTC)
    # Stored and read back, the same instant.
    again = LabValue.model_validate_json(summer.model_dump_json())
    assert again.collected == summer.collected


def test_the_clinics_zone_leaves_sent_zones_dates_and_no_setting_alone() -> None:
    chicago = ZoneInfo("America/Chicago")
    sent = values_of(oru(("202611250730", "1.1"), sent="20261127080000-0500"))
    assert in_clinic_zone(sent, chicago) == sent  # MSH-7's zone stands
    own = values_of(oru(("202611250730+0100", "1.1")))
    assert in_clinic_zone(own, chicago) == own
    day = values_of(oru(("20261125", "1.1")))
    assert in_clinic_zone(day, chicago) == day  # a date alone stays a day
    unzoned = values_of(oru(("202611250730", "1.1")))
    assert in_clinic_zone(unzoned, None) is unzoned
    assert unzoned[0].collected is not None and not unzoned[0].collected.zone_given


def test_the_analysis_places_unzoned_times_in_the_clinics_zone_before_its_checks() -> None:
    # 10:00 without any zone, read as UTC, is two hours *before* an analysis at 12:00 UTC;
    # in Chicago (UTC-6 in November) it is 16:00 UTC, after it: doubted as sent from there.
    created = datetime.now(UTC)
    case = Case("case-8", "dr", "Jane Doe", 70, "female", None, "analyzing", created, created)
    files = [CaseFile("f0", "case-8", "dr", "creatinine.hl7", "x", 1, "key/0", "lab", created)]
    local = created.astimezone(ZoneInfo("America/Chicago")) + timedelta(hours=1)
    content = oru((f"{local:%Y%m%d%H%M}", "1.0"), control="MSG-8")

    def analysed(zone: ZoneInfo | None) -> LabValue:
        with ThreadPoolExecutor(4) as pool:
            insights = analyze_case(
                case,
                files,
                lambda record: content,
                RulesEngine(),
                lambda _: None,
                lambda *_: None,
                pool,
                clinic_zone=zone,
            )
        [value] = insights.lab_values
        return value

    placed = analysed(ZoneInfo("America/Chicago"))
    assert placed.collected is not None and placed.collected.zone_given
    assert placed.collected.doubt == AFTER_ANALYSIS  # an hour ahead of the clinic's clock
    as_utc = analysed(None)
    assert as_utc.collected is not None and not as_utc.collected.zone_given
    assert as_utc.collected.doubt is None  # some zone's past: the any-zone slack


def test_the_clinics_zone_setting_must_name_a_zone() -> None:
    settings = Settings.from_sources({"MEDCASE_CLINIC_TIMEZONE": "Europe/Paris"})
    assert settings.clinic_zone == ZoneInfo("Europe/Paris")
    assert Settings.from_sources({}).clinic_zone is None
    with pytest.raises(SettingsError, match="MEDCASE_CLINIC_TIMEZONE"):
        Settings.from_sources({"MEDCASE_CLINIC_TIMEZONE": "Mars/Olympus"})
