# The bilingual Jupyter Book (issue 6): `make book` builds it from clean into _build/html.
# Every notebook is first run by nbval in strict mode (book/conftest.py): a cell that
# fails, or whose output differs from the stored one, fails the build. The pages then
# show those stored outputs (with their widget state). Warnings fail the build (-W -n);
# jupyter-book may still exit 0 on some failures, so its log and reports are checked.
BOOK_LOG := _build/book-build.log
# What the site serves from npm (pinned in package-lock.json): the ipywidgets HTML
# manager of its pages and the Pyodide runtime of its playable ones.
NODE_STAMP := node_modules/.installed

.PHONY: book book-notebooks pdf

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

book: venv $(NODE_STAMP) lite
	rm -rf _build/html _build/.doctrees _build/jupyter_execute
	mkdir -p _build
	$(BIN)/pytest book -q -p no:cacheprovider -x \
		|| { echo "book: a notebook fails or its stored outputs are stale (make book-notebooks)"; exit 1; }
	$(BIN)/jupyter-book build . -W -n --keep-going > $(BOOK_LOG) 2>&1 \
		|| { tail -n 60 $(BOOK_LOG); echo "book: the build failed (log: $(BOOK_LOG))"; exit 1; }
	@if grep -E "Executing notebook failed|Execution Failed|Traceback \(most recent|CellExecutionError|^(.*: )?(WARNING|ERROR)" $(BOOK_LOG) | grep -v "Kernel is running over TCP"; then \
		echo "book: warnings or a failing notebook (log: $(BOOK_LOG))"; exit 1; fi
	@if [ -d _build/html/reports ] && [ -n "$$(ls -A _build/html/reports)" ]; then \
		cat _build/html/reports/*; echo "book: a notebook failed"; exit 1; fi
	cp -r $(LITE) _build/html/lite
	rm -f _build/html/lite/.built
	$(BIN)/python book/_ext/print/make_pdf.py _build/html
	$(BIN)/python book/_ext/offline/offline.py _build/html
	@echo "book: built in _build/html (playable pages in _build/html/lite)"

# The printed edition (book/_ext/print/make_pdf.py): a PDF per language, printed by
# chromium from the built site into _build/html/pdf, linked from the home pages. `make
# book` makes it before the service worker's list; `make pdf` prints it again alone.
pdf: venv
	@test -f _build/html/book/fr/index.html || { echo "pdf: build the book first (make book)"; exit 1; }
	$(BIN)/python book/_ext/print/make_pdf.py _build/html

# Regenerate the chapters' notebooks from book/_src and store fresh outputs.
book-notebooks: venv
	$(BIN)/python book/_ext/make_notebooks.py

TEST_PREREQS += book
