# The playground: `make play` sets everything up and runs `hearts-teach play`, the same
# command an installed package offers (hearts_teach_widgets.server.app): Voilà serves the
# notebook widgets/server/notebooks/playground.ipynb, found with its template inside the
# package, on http://127.0.0.1:8866; the banner gives the address it really listens on
# (the next free port if 8866 is taken). Only the command line can change where it
# listens (a HOST or PORT left in the environment by a shell is ignored):
#   make play HOST=0.0.0.0 PORT=8870   # a classroom on the local network
# The pages open in the terminal's language (LANG), unless their address says ?lang=;
# `.venv/bin/hearts-teach play --help` lists the command's options.
# Settings for a class, each from the command line only (defaults in widgets/serve.py):
#   VISITORS=40   visitors at the table at once; past it a page says the table is full
#   POOL=10       kernels kept ready for arriving visitors
#   CULL=600      seconds after which the kernel of a visitor who vanished ends
#   THINK=150     milliseconds a strong bot (or the hint) may think over a card
#   NAMES=a,b     host names to answer to, besides IP addresses, localhost and this
#                 machine's own name (the Host check against DNS rebinding)
# Visitors get the notebook's widgets only: Voilà runs the notebook and never shows
# its code, offers no other file, no terminal and no code execution.
play_given = $(filter command line,$(origin $(1)))
PLAY_HOST := $(if $(call play_given,HOST),$(HOST),127.0.0.1)
PLAY_PORT := $(if $(call play_given,PORT),$(PORT),8866)
PLAY_SETTINGS := \
	$(if $(call play_given,VISITORS),--visitors=$(VISITORS)) \
	$(if $(call play_given,POOL),--pool=$(POOL)) \
	$(if $(call play_given,CULL),--cull=$(CULL)) \
	$(if $(call play_given,THINK),--think=$(THINK)) \
	$(if $(call play_given,NAMES),--names=$(NAMES))
PLAY_OPTIONS := --host=$(PLAY_HOST) --port=$(PLAY_PORT) $(strip $(PLAY_SETTINGS))

.PHONY: play

play: venv
	$(BIN)/hearts-teach play $(PLAY_OPTIONS)
