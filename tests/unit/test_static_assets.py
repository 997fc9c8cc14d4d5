"""Streamlit's bundles go out gzip-compressed from memory (issue #25: a browser's first
case page made the server read and send 1.6 MB of Vega's chunks, 0.07 s of its CPU),
the same files with the same cache rule; anything else is Streamlit's to answer."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from streamlit import file_util
from streamlit.web.server.starlette.starlette_static_routes import (
    create_streamlit_static_handler,
)

from ui.static_assets import STATIC_DIR, CompressedBundles, CompressedStatic

ROOT = Path(__file__).resolve().parents[2]
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture(scope="module")
def streamlit_static() -> object:
    return create_streamlit_static_handler(directory=file_util.get_static_dir(), base_url=None)


@pytest.fixture(scope="module")
def largest_bundle() -> Path:
    return max((STATIC_DIR / "js").glob("*.js"), key=lambda path: path.stat().st_size)


def test_a_bundle_goes_out_compressed_and_is_the_same_file(
    streamlit_static: object, largest_bundle: Path
) -> None:
    client = TestClient(CompressedStatic(streamlit_static))  # type: ignore[arg-type]
    answer = client.get(f"/static/js/{largest_bundle.name}", headers=GZIP)
    assert answer.status_code == 200
    assert answer.headers["content-encoding"] == "gzip"
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "public, immutable, max-age=31536000"
    assert int(answer.headers["content-length"]) < largest_bundle.stat().st_size / 2
    assert answer.content == largest_bundle.read_bytes()  # decompressed by the client


def test_anything_else_is_streamlits_answer(streamlit_static: object, largest_bundle: Path) -> None:
    ours = TestClient(CompressedStatic(streamlit_static))  # type: ignore[arg-type]
    theirs = TestClient(streamlit_static)  # type: ignore[arg-type]
    bundle = f"/static/js/{largest_bundle.name}"
    for path, headers in [
        (bundle, {"Accept-Encoding": "identity"}),  # a client without gzip
        (bundle, GZIP | {"If-None-Match": '"x"'}),  # conditional: Streamlit's 304 rule
        (bundle, GZIP | {"Range": "bytes=0-9"}),  # partial
        ("/static/js/../../index.html", GZIP),  # not a bundle's name
        ("/static/js/no-such-bundle.js", GZIP),
        ("/static/media/" + next((STATIC_DIR / "media").iterdir()).name, GZIP),
    ]:
        mine, streamlits = ours.get(path, headers=headers), theirs.get(path, headers=headers)
        assert mine.headers.get("content-encoding") != "gzip", path
        assert (mine.status_code, mine.content) == (streamlits.status_code, streamlits.content)


def test_a_bundle_is_compressed_once_per_process(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("let a = 1;\n" * 1000)
    bundles = CompressedBundles(tmp_path)
    first = bundles.get("js/a.js")
    (tmp_path / "js" / "a.js").write_text("changed")  # a hashed bundle never changes
    assert first is not None and bundles.get("js/a.js") is first
    assert gzip.decompress(first) == b"let a = 1;\n" * 1000
    assert bundles.get("js/../js/a.js") is None


# The served app (`streamlit run serve.py`), in a fresh interpreter as the server starts it.
SERVED = """
import json, serve
from starlette.testclient import TestClient
from ui import static_assets
name = max(static_assets.BUNDLES.names, key=lambda n: (static_assets.STATIC_DIR / n).stat().st_size)
with TestClient(serve.app) as client:
    answer = client.get("/static/" + name, headers={"Accept-Encoding": "gzip"})
print(json.dumps({k: answer.headers.get(k) for k in
    ("content-encoding", "cache-control", "x-frame-options", "x-content-type-options")}))
"""


def test_the_served_app_sends_bundles_compressed_with_the_edges_headers() -> None:
    answer = subprocess.run(
        [sys.executable, "-c", SERVED], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert answer.returncode == 0, answer.stderr[-2000:]
    headers = json.loads(answer.stdout.strip().splitlines()[-1])
    assert headers == {
        "content-encoding": "gzip",
        "cache-control": "public, immutable, max-age=31536000",
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
    }
