# The engine as `make venv` installs it: compiled by mypyc (setup.py), from the same
# source, in place. The editable install keeps the sources where they are, so the
# compiled modules sit beside them (hearts_teach/*.so, with _engine_sources.json, the
# SHA-256 of the sources they were built from): this rule rebuilds them whenever a hot
# module or setup.py changes, and hearts_teach/_build.py runs the interpreted source,
# with a warning, if one is ever stale. `make test` runs the whole suite on the compiled
# engine (test-built checks that it is), then the engine and bot tests again on the
# interpreted source (test-pure, HEARTS_TEACH_PURE=1). Without a C compiler the build is
# pure Python and test-built says why the run cannot test both.
# The hot modules, and the modules whose types they are compiled against.
ENGINE_SOURCES := setup.py $(addprefix hearts_teach/,cards.py deal.py errors.py i18n.py rules.py \
	scoring.py bots/solver.py)
ENGINE_TESTS := tests/test_engine_*.py tests/test_bots*.py tests/test_hints.py
# Two bot properties of a minute each interpreted (the strong bot over many seeded deals):
# the compiled pass runs them; here the solver's and the engine's own tests hold the
# interpreted build to the same answers, and CI keeps within its 20 minutes.
PURE_DESELECT := tests/test_bots_infoset.py::test_hidden_cards_never_change_the_choice \
	tests/test_bots_solver.py::test_the_strong_bot_plays_only_legal_cards_and_repeats_itself

.PHONY: compiled test-built test-pure

compiled: $(ENGINE_STAMP)

$(ENGINE_STAMP): $(STAMP) $(ENGINE_SOURCES)
	mkdir -p $(dir $@)
	$(BIN)/python setup.py --quiet build_ext --inplace > build/mypyc/build.log 2>&1 \
		|| { tail -40 build/mypyc/build.log; exit 1; }
	touch $@

test-built: venv
	$(BIN)/python -c "import sys, hearts_teach; sys.exit(0 if hearts_teach.COMPILED else \
		'the engine in .venv is not compiled (a C compiler and Python headers are needed: \
		see build/mypyc/build.log); make test tests both builds')"

test-pure: venv
	HEARTS_TEACH_PURE=1 $(BIN)/python -c "import sys, hearts_teach; \
		sys.exit('HEARTS_TEACH_PURE=1 still runs the compiled engine' if hearts_teach.COMPILED else 0)"
	HEARTS_TEACH_PURE=1 $(BIN)/pytest -q -p no:cacheprovider $(ENGINE_TESTS) \
		$(addprefix --deselect ,$(PURE_DESELECT))

TEST_CHECKS += test-built
AFTER_PYTEST += test-pure
