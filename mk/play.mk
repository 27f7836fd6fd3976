# The playground: `make play` sets everything up and serves book/playground.ipynb with
# Voilà (through hearts_teach_widgets.serve) on http://127.0.0.1:8866; the banner gives the address it
# really listens on (the next free port if 8866 is taken). Only the command line can
# change where it listens (a HOST or PORT left in the environment by a shell is ignored):
#   make play HOST=0.0.0.0 PORT=8870   # a classroom on the local network
# Settings for a class, each from the command line only (defaults in widgets/serve.py):
#   VISITORS=40   visitors at the table at once; past it a page says the table is full
#   POOL=10       kernels kept ready for arriving visitors
#   CULL=600      seconds after which the kernel of a visitor who vanished ends
#   NAMES=a,b     host names to answer to, besides IP addresses, localhost and this
#                 machine's own name (the Host check against DNS rebinding)
# Visitors get the notebook's widgets only: Voilà runs the notebook and never shows
# its code, offers no other file, no terminal and no code execution.
PLAY_NOTEBOOK := book/playground.ipynb
play_given = $(filter command line,$(origin $(1)))
PLAY_HOST := $(if $(call play_given,HOST),$(HOST),127.0.0.1)
PLAY_PORT := $(if $(call play_given,PORT),$(PORT),8866)
comma := ,
PLAY_SETTINGS := \
	$(if $(call play_given,VISITORS),--PlaygroundServer.max_visitors=$(VISITORS)) \
	$(if $(call play_given,POOL),--VoilaConfiguration.default_pool_size=$(POOL)) \
	$(if $(call play_given,CULL),--MappingKernelManager.cull_idle_timeout=$(CULL)) \
	$(if $(call play_given,NAMES),$(foreach name,$(subst $(comma), ,$(NAMES)),--PlaygroundServer.host_names=$(name)))
PLAY_OPTIONS := --Voila.ip=$(PLAY_HOST) --Voila.port=$(PLAY_PORT) $(strip $(PLAY_SETTINGS))

.PHONY: play

play: venv
	JUPYTER_PATH=$(CURDIR)/widgets$${JUPYTER_PATH:+:$$JUPYTER_PATH} $(BIN)/python -m hearts_teach_widgets.serve $(PLAY_NOTEBOOK) $(PLAY_OPTIONS)
