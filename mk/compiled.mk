# The engine's hot modules compiled with mypyc: the same pure-Python source, built into
# build/compiled/ and never beside the sources, so an edit always reaches the
# interpreted package that everything else imports. `make test` runs the engine and bot
# tests against this build too; benchmarks/engine.py --engine compiled measures it.
COMPILED := build/compiled
COMPILED_MODULES := hearts_teach/cards.py hearts_teach/deal.py
COMPILED_STAMP := $(COMPILED)/.built
ENGINE_SOURCES := $(wildcard hearts_teach/*.py hearts_teach/*/*.py hearts_teach/lessons/*.json)

.PHONY: compiled test-compiled

compiled: $(COMPILED_STAMP)

$(COMPILED_STAMP): $(STAMP) $(ENGINE_SOURCES)
	rm -rf $(COMPILED)
	$(BIN)/python -c "import shutil; shutil.copytree('hearts_teach', '$(COMPILED)/hearts_teach', ignore=shutil.ignore_patterns('__pycache__', '*.so'))"
	cd $(COMPILED) && $(abspath $(BIN))/mypyc $(COMPILED_MODULES) > mypyc.log 2>&1 \
		|| { tail -40 mypyc.log; exit 1; }
	touch $@

# The run refuses to start unless the hot modules really import from the compiled build
# (never test the interpreted package under the compiled build's name).
test-compiled: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/python -P -c "import sys, hearts_teach.cards as c, \
		hearts_teach.deal as d; interpreted = [m.__file__ for m in (c, d) if m.__file__.endswith('.py')]; \
		sys.exit(f'not compiled: {interpreted}' if interpreted else 0)"
	PYTHONPATH=$(COMPILED) $(BIN)/pytest -q -p no:cacheprovider \
		tests/test_engine_*.py tests/test_bots*.py

TEST_STEPS += test-compiled
