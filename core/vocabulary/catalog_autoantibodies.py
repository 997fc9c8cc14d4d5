"""Autoantibodies that case reports print with a number beside the thyroid and rheumatology
panels (issue #29, sixteenth round): the TSH receptor antibody of Graves disease, the
acetylcholine receptor antibody of myasthenia gravis and the two ANCA antigens of the
vasculitides.

Each was written with a value and unit in two or more of the 2024 PMC case reports of the
round's pool (MedRBench) and read by no catalogue name: "TSH receptor antibodies (TRab) > 40
IU/L" (PMC11372783), "Acetylcholine receptor (AchR) binding antibodies 4.97 nmol/L"
(PMC11520170), "PR3-ANCA levels (≥ 350 U/mL; normal, < 3.5 U/mL)" (PMC11426170). Same
conventions as core.vocabulary.catalog: ranges are broad adult defaults used only when a
report gives none; a report's own cut-off comes first. A bare "MPO" or "PR3" is left out:
it also names a stain on a biopsy or a smear ("myeloperoxidase (MPO) staining").
"""

from __future__ import annotations

from core.vocabulary.analytes import IMMUNOLOGY, THYROID, Analyte
from core.vocabulary.analytes import unit_range as _u

# fmt: off
AUTOANTIBODY_ANALYTES: tuple[Analyte, ...] = (
    # TBII assays report IU/L with cut-offs of 1.0 to 1.75 IU/L (PMC11509281: "upper normal
    # value 1.75 IU/L"); the longest name wins over "TSH" where it opens one.
    Analyte("TSH receptor antibody", THYROID, (
        "trab", "tsh receptor antibody", "tsh receptor antibodies", "tsh-receptor antibody",
        "tsh-receptor antibodies", "anti-tsh receptor antibody", "anti-tsh receptor antibodies",
        "tsh receptor ab", "thyrotropin receptor antibody", "thyrotropin receptor antibodies",
        "thyroid-stimulating hormone receptor antibody",
        "thyroid-stimulating hormone receptor antibodies"),
            (_u("u/l", None, 1.75, 0, 1000),)),
    # Binding antibodies in nmol/L; laboratories call < 0.25 to < 0.40 negative
    # (PMC11508943: "<0.40 nmol/L—negative, ≥0.40 to <0.50 nmol/L—borderline").
    Analyte("Acetylcholine receptor antibody", IMMUNOLOGY, (
        "acetylcholine receptor antibody", "acetylcholine receptor antibodies",
        "acetylcholine receptor binding antibody", "acetylcholine receptor binding antibodies",
        "anti-acetylcholine receptor antibody", "anti-acetylcholine receptor antibodies",
        "achr antibody", "achr antibodies", "achr binding antibodies", "anti-achr antibody",
        "anti-achr antibodies", "achr-ab"),
            (_u("nmol/l", None, 0.4, 0, 1000),)),
    Analyte("PR3 antibody", IMMUNOLOGY, (
        "pr3-anca", "anti-pr3", "anti-pr3 antibody", "anti-pr3 antibodies", "pr3 antibody",
        "pr3 antibodies", "proteinase 3 antibody", "proteinase 3 antibodies",
        "anti-proteinase 3 antibody", "anti-proteinase 3 antibodies"),
            (_u("u/ml", None, 3.5, 0, 10_000),)),
    Analyte("MPO antibody", IMMUNOLOGY, (
        "mpo-anca", "anti-mpo", "anti-mpo antibody", "anti-mpo antibodies", "mpo antibody",
        "mpo antibodies", "myeloperoxidase antibody", "myeloperoxidase antibodies",
        "anti-myeloperoxidase antibody", "anti-myeloperoxidase antibodies"),
            (_u("u/ml", None, 3.5, 0, 10_000),)),
)
# fmt: on
