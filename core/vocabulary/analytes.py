"""An analyte of the lab catalog: its names, units, reference ranges and plausible spans."""

from __future__ import annotations

from dataclasses import dataclass

from core.vocabulary.units import unit_key


@dataclass(frozen=True)
class UnitRange:
    unit: str  # a unit_key
    low: float | None
    high: float | None
    floor: float = 0.0  # smallest plausible value in this unit
    limit: float = float("inf")  # largest plausible value in this unit
    # A unit never guessed for a number written without one: a hemoglobin of 5.7 is
    # 5.7 g/dL (critical), not 5.7 mmol/L, unless the report says mmol/L.
    written_only: bool = False
    # The largest value published for a patient, above ``limit``: a number this high is read
    # only with this unit written beside it (a sodium of 226 mmol/L after hypertonic saline, a
    # bilirubin of 66.7 mg/dL in haemolysis with liver failure). Written without a unit it is
    # not guessed in this unit: "bilirubin 60" is µmol/L, never 60 mg/dL.
    extreme: float | None = None

    def fits(self, value: float) -> bool:
        """Within what a number written without its unit may be guessed as, in this unit."""
        return self.floor <= value <= self.limit

    def fits_written(self, value: float) -> bool:
        """Within what a body can hold, the unit written: the published extreme included."""
        return self.floor <= value <= max(self.limit, self.extreme or self.limit)

    def near_normal(self, value: float) -> bool:
        low = self.low / 2 if self.low is not None else 0.0
        high = self.high * 2 if self.high is not None else float("inf")
        return low <= value <= high


@dataclass(frozen=True)
class Analyte:
    name: str
    panel: str
    aliases: tuple[str, ...]
    ranges: tuple[UnitRange, ...] = ()
    qualitative: bool = False  # a dipstick result: negative / trace / positive
    urine_aliases: tuple[str, ...] = ()  # aliases that mean this test only in a urine section
    urine_form: str | None = None  # what this analyte is when reported in urine
    specimen: str | None = None  # the specimen the test's own name says ("urine"); None: blood

    def range_for(self, unit: str | None, value: float) -> UnitRange | None:
        """The default range for ``unit`` (or, with no unit, for the unit ``value`` fits)."""
        key = unit_key(unit)
        if unit is not None and key:
            return next((r for r in self.ranges if r.unit == key and r.fits_written(value)), None)
        candidates = [r for r in self.ranges if r.fits(value) and not r.written_only]
        if len(candidates) > 1:
            candidates = [r for r in candidates if r.near_normal(value)] or candidates
        return candidates[0] if candidates else None

    def plausible(self, value: float) -> bool:
        """A number written without its unit fits one of the units it may be guessed in (a
        unit only ever written, such as a 24-hour urine's mmol/24h, is never guessed)."""
        guessed = [r for r in self.ranges if not r.written_only] or list(self.ranges)
        return not self.ranges or any(r.fits(value) for r in guessed)

    @property
    def signed(self) -> bool:
        """True for a test whose results may be negative (base excess)."""
        return any(r.floor < 0 for r in self.ranges)

    def can_be(self, value: float) -> bool:
        """Whether any result of this test can be ``value``: a negative only for a signed
        test (a difference: base excess, the gaps); a concentration, count or activity never."""
        return value >= 0 or self.signed


def unit_range(
    unit: str,
    low: float | None,
    high: float | None,
    floor: float = 0.0,
    limit: float = 1e9,
    *,
    written_only: bool = False,
    extreme: float | None = None,
) -> UnitRange:
    return UnitRange(unit, low, high, floor, limit, written_only, extreme)


# Panels: how the case page groups the values.
BLOOD_COUNT = "Blood count"
CHEMISTRY = "Metabolic panel"
LIPIDS = "Lipids"
DIABETES = "Diabetes"
THYROID = "Thyroid"
LIVER = "Liver"
KIDNEY = "Kidney"
INFLAMMATION = "Inflammation"
CARDIAC = "Cardiac"
COAGULATION = "Coagulation"
IRON_VITAMINS = "Iron and vitamins"
URINE = "Urinalysis"
HORMONES = "Hormones"
DRUG_LEVELS = "Drug levels"
IMMUNOLOGY = "Immunology"
TUMOUR_MARKERS = "Tumour markers"
