# Two commands do everything on a fresh clone: `make play` and `make test`.
# Each part of the project adds its own targets in mk/*.mk and may append to
# TEST_PREREQS (what must be built before pytest runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ENGINE_STAMP := build/mypyc/.built
TEST_PREREQS :=
# What `make test` runs: the checks and the prerequisites side by side (mk/*.mk may append
# to TEST_CHECKS and TEST_PREREQS), then the suite in its two lanes (test-lanes).
TEST_CHECKS := lint lessons
# Targets run after the rest of pytest, beside the browser tests (see test-lanes).
AFTER_PYTEST :=
# Browser tests that need only the built site, run in the front lane to even the lanes out.
FRONT_LANE_BROWSER := tests/browser/test_a11y.py::test_every_built_page_passes_axe
# The browser tests in two lanes of their own (the second: these files), beside the front
# lane: they mostly wait on chromium, Pyodide and the servers, and a whole run kept the
# two cores only about half busy with one browser lane.
SECOND_BROWSER_LANE := tests/browser/test_static_site.py tests/browser/test_whole_game.py \
	tests/browser/test_a11y.py tests/browser/test_puzzles_page.py tests/browser/test_lesson_table.py \
	tests/browser/test_projector.py tests/browser/test_summaries_print.py \
	tests/browser/test_class_static.py tests/browser/test_offline.py \
	tests/browser/test_teacher_downloads.py
LANES := _build/test-lanes

.PHONY: venv lock test lint lessons pytest test-lanes clean

# The venv holds the project installed in editable mode, with the engine compiled:
# mk/compiled.mk builds its hot modules in place and rebuilds them whenever a source
# changes, and the package runs the interpreted source (with a warning) if a compiled
# module is ever older than its source, so what runs is always what the tree says.
venv: $(STAMP) $(ENGINE_STAMP)

# The editable install itself compiles nothing (HEARTS_TEACH_PURE=1): the venv's own
# mypy, installed here, builds the engine in the next step. Every tool comes at the
# version constraints.txt pins (PIP_CONSTRAINT reaches the isolated build environment
# of the editable install too); `make lock` refreshes the file.
LOCK := $(CURDIR)/constraints.txt
$(STAMP): pyproject.toml setup.py constraints.txt
	$(PYTHON) -m venv $(VENV)
	PIP_CONSTRAINT=$(LOCK) $(BIN)/python -m pip install --quiet --upgrade pip
	HEARTS_TEACH_PURE=1 PIP_CONSTRAINT=$(LOCK) $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# constraints.txt anew: `.[test]` installed unconstrained in a fresh environment (the
# newest versions pyproject.toml allows), frozen, without the project itself. Then
# `make clean test` checks the new set before it is committed.
LOCK_VENV := build/lock-venv
lock:
	rm -rf $(LOCK_VENV)
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet --upgrade pip
	HEARTS_TEACH_PURE=1 $(LOCK_VENV)/bin/python -m pip install --quiet '.[test]'
	{ sed -n '/^#/p' constraints.txt; \
	  $(LOCK_VENV)/bin/python -m pip freeze --all | grep -v -i '^hearts[-_]teach[ =@]'; \
	} > $(LOCK_VENV)/constraints.txt
	mv $(LOCK_VENV)/constraints.txt constraints.txt
	rm -rf $(LOCK_VENV)
	@echo "lock: constraints.txt rewritten; run make clean test, then commit it"

-include mk/*.mk

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

lessons: venv
	$(BIN)/python -m hearts_teach.teaching.lessons.validate

# The chapters' notebooks are pytest's too (testpaths: tests, book); `make book`, which
# comes first, has just run them under nbval, so this pass runs the tests alone (CI's
# 20 minutes: the notebooks take two). A bare `.venv/bin/pytest` still runs both.
PYTEST_PATHS := $(if $(filter book,$(TEST_PREREQS)),tests,)

pytest: venv $(TEST_PREREQS)
	$(BIN)/pytest --durations=25 $(PYTEST_PATHS)

# The whole suite in three lanes side by side, for CI's 20 minutes on two cores: the
# browser tests (which mostly wait on chromium and the servers) in two background lanes,
# the rest of pytest (with FRONT_LANE_BROWSER) then AFTER_PYTEST in front. The browser
# lanes' reports are printed when all are done; any lane failing fails the step. Plain
# pytest processes rather than pytest-xdist: an xdist worker's servers inherit its
# channel as stdin. PYTEST_PATHS empty (no book built first): the notebooks run too.
test-lanes: venv $(TEST_PREREQS)
	@mkdir -p $(LANES)
	@$(BIN)/pytest -p no:cacheprovider --durations=15 tests/browser \
	    $(addprefix --deselect ,$(FRONT_LANE_BROWSER)) $(addprefix --ignore=,$(SECOND_BROWSER_LANE)) \
	    > $(LANES)/browser.log 2>&1 & browser=$$!; \
	$(BIN)/pytest -p no:cacheprovider --durations=15 $(SECOND_BROWSER_LANE) \
	    $(addprefix --deselect ,$(FRONT_LANE_BROWSER)) > $(LANES)/browser2.log 2>&1 & browser2=$$!; \
	$(BIN)/pytest --durations=25 $(wildcard tests/test_*.py) $(if $(PYTEST_PATHS),,book) \
	    $(FRONT_LANE_BROWSER); main=$$?; \
	for target in $(AFTER_PYTEST); do $(MAKE) --no-print-directory $$target || main=1; done; \
	wait $$browser; browser_status=$$?; wait $$browser2; browser2_status=$$?; \
	for lane in browser browser2; do \
	    echo "---- the browser tests, run beside the rest ($(LANES)/$$lane.log) ----"; \
	    cat $(LANES)/$$lane.log; \
	done; \
	echo "test-lanes: pytest and $(or $(AFTER_PYTEST),nothing else) $$main, browser tests $$browser_status and $$browser2_status (0 is a pass)"; \
	exit $$((main || browser_status || browser2_status))

# The checks (lint: mypy's minute on one core) run beside the book's build (the notebooks
# and Sphinx, each on one core), then the lanes, told the book is built.
test: venv
	$(MAKE) --no-print-directory -j2 --output-sync=target $(TEST_CHECKS) $(TEST_PREREQS)
	$(MAKE) --no-print-directory test-lanes TEST_PREREQS= PYTEST_PATHS="$(PYTEST_PATHS)"

clean:
	rm -rf $(VENV) _build build
	rm -f hearts_teach/*.so hearts_teach/_engine_sources.json
