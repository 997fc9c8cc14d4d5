# Two commands: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501
# Only this machine can reach the dashboard unless HOST says otherwise (behind a proxy:
# keep 127.0.0.1 and let the proxy connect locally; see docs/operations.md, "Exposing MedCase").
HOST ?= 127.0.0.1
MEDCASE_MAX_FILE_MB ?= 50
export MEDCASE_MAX_FILE_MB
# pytest-xdist workers for `make test`: one per core (TEST_WORKERS=0 runs in one process).
TEST_WORKERS ?= auto
# Python keeps its compiled modules (__pycache__, git-ignored) even where the environment
# says not to: otherwise every test worker and every server start compiles the app again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test typecheck test-suite lint format bench clean unit contract app api-tests e2e clinical schema

# uv installs the requirements (the same packages pip would choose, several at a time,
# compiled on both cores): about 17 s on a fresh clone here, where pip took 41 s.
UV_INSTALL = $(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Its own step, so a virtualenv made before uv was used gets it too.
$(BIN)/uv: $(BIN)/python
	$(BIN)/python -m pip install --quiet 'uv~=0.13'

$(VENV)/.runtime: $(BIN)/uv requirements.txt
	$(UV_INSTALL) -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(UV_INSTALL) -r requirements.txt -r requirements-dev.txt
	touch $@

# The server as a clinic runs it. No file watcher and no run on save: watching the tree
# (.venv included) kept a core busy while nobody clicked. No collection after every script
# run: core/warm_up.py freezes the long-lived objects, and what a full collection still
# walks is every session's state, about 40 ms a click with 50,000 objects (Python's own
# collector still runs). Measured in docs/performance.md.
STREAMLIT_SERVER_FLAGS = --server.headless=true --server.fileWatcherType=none \
	--server.runOnSave=false --runner.postScriptGC=false

# Analyses run in worker processes of their own (worker.py), beside the dashboard, sharing
# the queue through the database: no analysis competes with page runs. ANALYZER_PROCESSES
# of them (each with MEDCASE_ANALYZER_WORKERS analyses at once); MEDCASE_ANALYZER=in-process
# runs them in the dashboard instead (and Supabase always does: docs/operations.md).
MEDCASE_ANALYZER ?= separate
ANALYZER_PROCESSES ?= 1

run: $(VENV)/.runtime
	trap 'kill $$(jobs -p) 2>/dev/null' EXIT INT TERM; \
	$(if $(filter separate,$(MEDCASE_ANALYZER)),for n in $$(seq $(ANALYZER_PROCESSES)); do \
		MEDCASE_ANALYZER=separate $(BIN)/python worker.py & done;) \
	MEDCASE_ANALYZER=$(MEDCASE_ANALYZER) $(BIN)/streamlit run serve.py \
		--server.address=$(HOST) --server.port=$(PORT) \
		--server.maxUploadSize=$(MEDCASE_MAX_FILE_MB) $(STREAMLIT_SERVER_FLAGS)

# Lint first (a second), then the type check beside the tests: the browser journeys
# leave a core waiting on the browser, and mypy uses it. Either failing fails `make test`.
test: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MAKE) --no-print-directory -j 2 typecheck test-suite

typecheck: $(VENV)/.dev
	$(BIN)/mypy

test-suite: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist load $(PYTEST_ARGS)

# One target per test layer, so the fast layer runs alone (`make unit` in seconds).
unit: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/unit tests/deid $(PYTEST_ARGS)

contract: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/contract $(PYTEST_ARGS)

app: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/app $(PYTEST_ARGS)

api-tests: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/api $(PYTEST_ARGS)

e2e: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/e2e $(PYTEST_ARGS)

clinical: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/clinical $(PYTEST_ARGS)

# The schema in one view: supabase/schema.sql and core/backends/schema.sqlite.sql rebuilt
# from the migrations (tests/unit/test_schema_snapshot.py fails while they are stale).
schema: $(VENV)/.dev
	$(BIN)/python -m tests.schema_snapshot --write

lint: $(VENV)/.dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(VENV)/.dev
	$(BIN)/python -m benchmarks.analysis
	$(BIN)/python -m benchmarks.case_list
	$(BIN)/python -m benchmarks.page_runs
	$(BIN)/python -m benchmarks.deid
	$(BIN)/python -m benchmarks.hostile
	$(BIN)/python -m benchmarks.restart
	$(BIN)/python -m benchmarks.pilot
	$(BIN)/python -m benchmarks.clinical
	$(BIN)/python -m benchmarks.ocr
	$(BIN)/python -m benchmarks.replicas
	$(BIN)/python -m benchmarks.clinic_load
	$(BIN)/python -m benchmarks.structured_results
	$(BIN)/python -m benchmarks.patient_page

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache

API_PORT ?= 8000
.PHONY: api
api: $(VENV)/.runtime
	$(BIN)/uvicorn api.main:app --host $(HOST) --port $(if $(filter command line,$(origin PORT)),$(PORT),$(API_PORT))
