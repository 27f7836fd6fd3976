# The playground: `make play` sets everything up and serves book/playground.ipynb with
# Voilà on http://127.0.0.1:8866. Only the command line can change where it listens
# (a HOST or PORT left in the environment by a shell is ignored):
#   make play HOST=0.0.0.0 PORT=8870   # a classroom on the local network
# Visitors get the notebook's widgets only: Voilà runs the notebook and never shows
# its code, offers no other file, no terminal and no code execution.
PLAY_NOTEBOOK := book/playground.ipynb
PLAY_HOST := $(if $(filter command line,$(origin HOST)),$(HOST),127.0.0.1)
PLAY_PORT := $(if $(filter command line,$(origin PORT)),$(PORT),8866)
# The jupytext lab extension throws inside Voilà's page when it is installed. The
# "hearts" template (widgets/voila/templates) is Voilà's lab template without its CDN
# links, so the page asks nothing of any outside host. widgets.serve is the voila
# command without a slow import that Voilà never needs (see its docstring).
PLAY_OPTIONS := --no-browser --Voila.ip=$(PLAY_HOST) --Voila.port=$(PLAY_PORT) \
	--template=hearts --VoilaConfiguration.show_tracebacks=False \
	--VoilaConfiguration.extension_denylist=jupytext \
	--VoilaConfiguration.extension_denylist=jupyterlab-jupytext

.PHONY: play

play: venv
	@echo "Hearts playground: http://$(PLAY_HOST):$(PLAY_PORT)/  (Ctrl-C to stop)"
	JUPYTER_PATH=$(CURDIR)/widgets$${JUPYTER_PATH:+:$$JUPYTER_PATH} $(BIN)/python -m widgets.serve $(PLAY_NOTEBOOK) $(PLAY_OPTIONS)
