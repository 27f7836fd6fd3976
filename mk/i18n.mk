# The message catalogs (docs/architecture.md, "Adding a language"): every text shown to
# people is in hearts_teach/locale/<lang>/LC_MESSAGES/hearts_teach.po, written by hand and
# compiled here to the .mo files the engine reads with the standard library's gettext
# (Babel, a development requirement, does the compiling; setup.py does the same when it
# builds a wheel). The .mo files are not committed: `make venv` builds them, and rebuilds
# any whose .po changed.
PO_FILES := $(wildcard hearts_teach/locale/*/LC_MESSAGES/*.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: i18n

i18n: $(MO_FILES)

$(MO_FILES): %.mo: %.po $(STAMP)
	$(BIN)/python hearts_teach/_catalogs.py

venv: $(MO_FILES)

