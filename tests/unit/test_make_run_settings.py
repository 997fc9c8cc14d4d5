"""`make run` starts Streamlit with the clinic's production settings (issue #25).

The command is read from `make -n run`, parsed by Streamlit's own `streamlit run` command
line, and the effective options read through its config API with the project's
.streamlit/config.toml, in a fresh process (loading them changes Streamlit's global
config, which the AppTests of this process use).
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

from tests.unit.test_make_targets import ROOT, dry_run

PRODUCTION = {
    "server.fileWatcherType": "none",
    "server.runOnSave": False,
    "runner.postScriptGC": False,
    "server.headless": True,
}

_EFFECTIVE = """
import json, sys
from streamlit import config
from streamlit.web.bootstrap import load_config_options
from streamlit.web.cli import main_run
context = main_run.make_context("run", sys.argv[1:])
flags = {k: v for k, v in context.params.items() if k not in ("target", "args")}
load_config_options(flags)
print(json.dumps({"target": context.params["target"],
                  **{name: config.get_option(name) for name in json.loads(input())}}))
"""


def streamlit_command(recipe: str) -> list[str]:
    """The arguments after `streamlit run` in the recipe's shell commands."""
    for line in recipe.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=False)
        for position, word in enumerate(words):
            if word.endswith("/streamlit") and words[position + 1 : position + 2] == ["run"]:
                command = words[position + 2 :]
                # Stop at the shell's next command, if the line goes on.
                ends = [i for i, w in enumerate(command) if w in (";", "&&", "&", "|")]
                return command[: ends[0]] if ends else command
    raise AssertionError(f"no `streamlit run` in the recipe:\n{recipe}")


def worker_command(recipe: str) -> list[str]:
    """The analyzer worker's command in the recipe's loop, its variables first
    (``MEDCASE_ANALYZER=separate .venv/bin/python worker.py``)."""
    words = shlex.split(recipe.replace("\\\n", " "), comments=False)
    end = words.index("worker.py") + 1
    start = end
    while start > 0 and words[start - 1] not in (";", "do", "&", "&&"):
        start -= 1
    return ["env", *words[start:end]]


def effective_options(arguments: list[str]) -> dict[str, object]:
    answer = subprocess.run(
        [sys.executable, "-c", _EFFECTIVE, *arguments],
        input=json.dumps(list(PRODUCTION)),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return dict(json.loads(answer.stdout.strip().splitlines()[-1]))


def test_make_run_starts_streamlit_with_the_production_settings() -> None:
    options = effective_options(streamlit_command(dry_run("run")))
    assert options.pop("target") == "serve.py"
    assert options == PRODUCTION


def test_streamlits_own_defaults_are_not_the_production_ones() -> None:
    # The check above can fail: without the recipe's flags the watcher is on ("auto")
    # and every run ends with a full collection.
    options = effective_options(["serve.py"])
    assert options["server.fileWatcherType"] == "auto"
    assert options["runner.postScriptGC"] is True


def test_make_run_starts_the_analyzer_workers_beside_the_dashboard() -> None:
    recipe = dry_run("run", "ANALYZER_PROCESSES=2").replace("\\\n", " ")
    assert "for n in $(seq 2); do MEDCASE_ANALYZER=separate .venv/bin/python worker.py & done" in (
        recipe
    )
    # The dashboard is told too, so it leaves the cases to them.
    assert "MEDCASE_ANALYZER=separate .venv/bin/streamlit run serve.py" in recipe


def test_make_run_in_process_starts_no_worker() -> None:
    recipe = dry_run("run", "MEDCASE_ANALYZER=in-process")
    assert "worker.py" not in recipe
    assert "MEDCASE_ANALYZER=in-process .venv/bin/streamlit run serve.py" in recipe


def test_make_run_leaves_the_workers_priority_to_the_worker() -> None:
    # worker.py lowers its own priority (MEDCASE_ANALYZER_NICE, tests/contract/
    # test_worker_priority.py); the recipe starts it plainly, with the setting passed through.
    command = worker_command(dry_run("run"))
    assert command == ["env", "MEDCASE_ANALYZER=separate", ".venv/bin/python", "worker.py"]
