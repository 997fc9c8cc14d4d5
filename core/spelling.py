"""British and American spellings of clinical words folded together, for searching.

"anaemia" and "anemia", "oedema" and "edema", "haemoglobin" and "hemoglobin", "tumour"
and "tumor" fold to the same text, so a search typed either way finds a diagnosis written
either way. The query and the stored text are folded by the same rules: in Python here
(the embedded backend registers ``fold_spelling`` as its SQL function ``medcase_spelling``)
and, rule for rule and in the same order, by ``public.fold_spelling`` in
``supabase/migrations/20261125193000_case_list_signed_order.sql``
(``tests/contract/test_spelling_fold_pg.py`` holds the two to the same answers).
"""

from __future__ import annotations

# Applied in this order after lower-casing; each is a plain (non-overlapping,
# left-to-right) replacement, as PostgreSQL's replace() does it.
SPELLING_FOLDS: tuple[tuple[str, str], ...] = (
    ("tumour", "tumor"),
    ("æ", "e"),  # anæmia
    ("œ", "e"),  # œdema
    ("ae", "e"),  # anaemia, haem-, leukaemia, ischaemia, paediatric, aetiology
    ("oe", "e"),  # oedema, oesophagus, diarrhoea, coeliac, oestrogen
)


def fold_spelling(text: str) -> str:
    """``text`` lower-cased with British spellings folded to American ones."""
    folded = text.lower()
    for british, american in SPELLING_FOLDS:
        folded = folded.replace(british, american)
    return folded


def fold_spelling_or_none(text: object) -> str | None:
    """The SQL function's form: a non-text value (NULL, a number) folds to NULL."""
    return fold_spelling(text) if isinstance(text, str) else None
