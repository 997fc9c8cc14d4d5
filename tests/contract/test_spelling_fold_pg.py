"""public.fold_spelling (the Supabase migration) folds every word as core.spelling does,
so both backends' diagnosis searches find the same cases (real PostgreSQL 15)."""

from __future__ import annotations

import pytest

from core.spelling import SPELLING_FOLDS, fold_spelling
from tests.supabase_stack.postgres import PostgresCluster

pytestmark = pytest.mark.postgres

WORDS = [
    "Iron deficiency ANAEMIA",
    "anemia",
    "Haemorrhagic disorder",
    "Leukaemia, acute",
    "Œdema of the legs",
    "anæmia",
    "oesophagus",
    "Diarrhoea",
    "Tumour of the TUMOUR",
    "aeae oeoe aoe eoa",
    "Coeliac",
    "Aetiology unknown",
    "Émile's hypercholesterolaemia",
    "no fold here",
    "",
    *(british for british, _ in SPELLING_FOLDS),
    *(british.upper() for british, _ in SPELLING_FOLDS),
]


def test_postgres_folds_every_word_as_python_does(
    postgres_cluster: PostgresCluster, rls_database: str
) -> None:
    with postgres_cluster.connect(rls_database) as connection:
        folded = [
            connection.execute("select public.fold_spelling(%s)", (word,)).fetchone()[0]
            for word in WORDS
        ]
        nothing = connection.execute("select public.fold_spelling(null)").fetchone()[0]
    assert folded == [fold_spelling(word) for word in WORDS]
    assert nothing is None
