# The static book's playable half (issue 15): a JupyterLite site whose pages (Voici) run
# the book's notebooks in the reader's browser on Pyodide. book/lite/build_site.py says
# what goes in and from where; `make book` copies the result into _build/html/lite.
LITE := _build/lite
LITE_STAMP := $(LITE)/.built
LITE_SOURCES := $(wildcard book/lite/* hearts_teach/*.py hearts_teach/*/*.py hearts_teach/*/*/*.py \
	hearts_teach/teaching/lessons/*.json widgets/*.py widgets/*/*.py widgets/server/voila/templates/hearts/*) \
	pyproject.toml

.PHONY: lite

lite: $(LITE_STAMP)

$(LITE_STAMP): $(STAMP) $(NODE_STAMP) $(LITE_SOURCES)
	$(BIN)/python book/lite/build_site.py --out $(LITE)
	touch $@
