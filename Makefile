# Two commands do everything on a fresh clone: `make play` and `make test`.
# Each part of the project adds its own targets in mk/*.mk and may append to
# TEST_PREREQS (what must be built before pytest runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_PREREQS :=
# What `make test` runs, in order; mk/*.mk may append steps.
TEST_STEPS := lint lessons pytest

.PHONY: venv test lint lessons pytest clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

-include mk/*.mk

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

lessons: venv
	$(BIN)/python -m hearts_teach.lessons.validate

pytest: venv $(TEST_PREREQS)
	$(BIN)/pytest

test: $(TEST_STEPS)

clean:
	rm -rf $(VENV) _build build
