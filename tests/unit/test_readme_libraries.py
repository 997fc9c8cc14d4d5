"""The README says what each library is for: every requirement has a row in its table."""

from __future__ import annotations

import re
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def requirements() -> set[str]:
    names = set()
    for file in ("requirements.txt", "requirements-dev.txt"):
        for line in (REPOSITORY / file).read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line and not line.startswith("-"):
                names.add(re.split(r"[\[~=<>!; ]", line, maxsplit=1)[0].lower())
    return names


def libraries_in_the_readme() -> set[str]:
    readme = (REPOSITORY / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Libraries\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return {name.lower() for row in rows for name in re.findall(r"`([^`]+)`", row)}


def test_every_requirement_has_a_row_saying_what_it_is_for() -> None:
    missing = requirements() - libraries_in_the_readme()
    assert not missing, f"add to the README's table of libraries: {sorted(missing)}"
    assert {"streamlit", "pytest", "fhir.resources"} <= requirements()
