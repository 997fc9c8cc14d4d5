"""Every relative link in the repository's Markdown resolves: the file exists and, when the
link names a heading (``file.md#heading``), the heading is there, as GitHub spells anchors.

Links to web addresses and mail are not followed (no test reaches the internet).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
SKIPPED_FOLDERS = {".venv", ".git", "node_modules", "test-artifacts", ".pytest_cache"}

# [text](target) and ![alt](target); the target ends at a space (a title) or ")".
_INLINE = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
# [label]: target
_REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def markdown_files() -> list[Path]:
    return sorted(
        path
        for path in REPOSITORY.rglob("*.md")
        if not SKIPPED_FOLDERS.intersection(path.relative_to(REPOSITORY).parts)
    )


def prose(markdown: str) -> str:
    """The text without code blocks and code spans, where a "[x](y)" is no link."""
    return _CODE_SPAN.sub("", _FENCE.sub("", markdown))


def links(markdown: str) -> list[str]:
    text = prose(markdown)
    return _INLINE.findall(text) + _REFERENCE.findall(text)


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.replace("`", "").strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in {"L", "N", "M"})
    return kept.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in _HEADING.findall(_FENCE.sub("", markdown)):
        slug = anchor(heading)
        count = seen.get(slug, 0)
        found.add(slug if count == 0 else f"{slug}-{count}")
        seen[slug] = count + 1
    return found


def broken_links(path: Path) -> list[str]:
    problems = []
    for target in links(path.read_text(encoding="utf-8")):
        if _EXTERNAL.match(target):
            continue
        file_part, _, fragment = target.partition("#")
        destination = (path.parent / file_part).resolve() if file_part else path
        if not destination.exists():
            problems.append(f"{target}: no such file")
        elif (
            fragment
            and destination.suffix == ".md"
            and fragment.lower() not in anchors(destination.read_text(encoding="utf-8"))
        ):
            problems.append(f"{target}: no heading #{fragment} in {destination.name}")
    return problems


@pytest.mark.parametrize(
    "path",
    markdown_files(),
    ids=lambda path: str(path.relative_to(REPOSITORY)),
)
def test_every_relative_link_resolves(path: Path) -> None:
    assert broken_links(path) == []


def test_a_broken_file_or_heading_is_found_and_code_is_not_read_as_a_link(
    tmp_path: Path,
) -> None:
    (tmp_path / "there.md").write_text("# The offline engine's clinical safety\n\n## Step 2\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md) [ok](there.md#the-offline-engines-clinical-safety) [ok](#own)\n"
        "[gone](missing.md) [no heading](there.md#nowhere) [web](https://example.org/x)\n"
        "`[not a link](nowhere.md)`\n\n```\n[nor this](nowhere.md)\n```\n\n# Own\n"
    )
    assert broken_links(page) == [
        "missing.md: no such file",
        "there.md#nowhere: no heading #nowhere in there.md",
    ]


def test_the_documentation_is_found() -> None:
    found = {str(path.relative_to(REPOSITORY)) for path in markdown_files()}
    assert {"README.md", "docs/README.md", "docs/ARCHITECTURE.md"} <= found
