"""Simulations: many seeded games between bots, per variant, as a table and a chart
(:mod:`hearts_teach.teaching.simulate`)."""

from __future__ import annotations

import base64
import io
import os
import sys
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.i18n import (
    join_words,
    message,
    text,
)
from hearts_teach.teaching.compare import variant_label
from hearts_teach.teaching.simulate import VARIANT_KEYS, Simulation, simulate

from ..charts import (
    download_link,
    figure_html,
    simulation_chart_svg,
    stacked_svg,
)
from ..shared import NATURAL_LABEL, name_control
from ..style import style_tag
from ..texts import Localized

# Python compiled to WebAssembly in the reader's browser (the static book): one worker.
IN_BROWSER = sys.platform == "emscripten"


class SimulationWidget(Localized, widgets.VBox):  # type: ignore[misc]
    """Choose variants, games, processes and bots; run; see a progress bar, a table and
    plots."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-root")
        self.add_class("ht-sim")
        self.lang = lang
        self.variants = widgets.SelectMultiple(
            options=[(variant_label(key, lang), key) for key in VARIANT_KEYS],
            value=("standard",),
            rows=10,
            style=NATURAL_LABEL,
            layout=widgets.Layout(width="640px", max_width="100%"),
        )
        self.games = widgets.BoundedIntText(value=20, min=1, max=10000, style=NATURAL_LABEL)
        self.jobs = widgets.BoundedIntText(
            value=1, min=1, max=max(1, os.cpu_count() or 1), style=NATURAL_LABEL
        )
        if IN_BROWSER:  # Python in a web page has one thread and no processes to share
            self.jobs.layout.display = "none"
        self.level = widgets.Dropdown(
            options=["random", "heuristic"], value="heuristic", style=NATURAL_LABEL
        )
        self.variants.observe(lambda _c: self._say_chosen(), names="value")
        # how to choose several, and which are chosen (some may be scrolled out of sight)
        self.variants_help = widgets.HTML()
        self.seed = widgets.IntText(value=0, style=NATURAL_LABEL)
        self.seed_help = widgets.HTML()
        self.run_button = widgets.Button(icon="play")
        self.run_button.on_click(lambda _b: self.run())
        self.progress = widgets.IntProgress(min=0, max=1, value=0, style=NATURAL_LABEL)
        self.progress_text = widgets.HTML()
        self.table = widgets.HTML()
        self.download = widgets.HTML()
        self.chart = widgets.HTML()
        self.result: Simulation | None = None
        self._done: tuple[int, int] | None = None  # the progress line's figures
        self.children = (
            widgets.HTML(style_tag()),
            self.variants,
            self.variants_help,
            widgets.HBox([self.games, self.jobs]),
            widgets.HBox([self.level, self.seed]),
            self.seed_help,
            self.run_button,
            self.progress,
            self.progress_text,
            self.table,
            self.download,
            self.chart,
        )
        self._render()
        self._relabel_on_lang(self._render)  # the choices and the last run's figures are kept

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        self._done = (done, total)
        self._say_progress()

    def _say_progress(self) -> None:
        """The games played so far, in the page's language (redrawn on a change)."""
        if self._done is None:
            self.progress_text.value = ""
            return
        done, total = self._done
        said = text("ui.teach.sim_done", self.lang, done=done, total=total)
        self.progress_text.value = f'<p role="status" lang="{self.lang}">{escape(said)}</p>'

    def _say_chosen(self) -> None:
        lang = self.lang
        chosen = [variant_label(key, lang) for key in self.variants.value]
        hint = escape(text("ui.teach.sim_variants_help", lang))
        said = escape(
            text("ui.teach.sim_chosen", lang, count=len(chosen), names=join_words(chosen, lang))
        )
        self.variants_help.value = (
            f'<p class="ht-sim-help">{hint}</p><p class="ht-sim-help" aria-live="polite">{said}</p>'
        )

    def csv_text(self) -> str:
        """The last run's games, one line each, as :meth:`Simulation.write_csv` writes
        them in the page's language (empty before a run)."""
        if self.result is None:
            return ""
        stream = io.StringIO()
        self.result.write_csv(stream, self.lang)
        return stream.getvalue()

    def run(self) -> Simulation:
        self.run_button.disabled = True
        self.result = None  # the last run's figures go: they are not this run's
        self._render()
        try:
            self.result = simulate(
                list(self.variants.value),
                int(self.games.value),
                levels=[str(self.level.value)],
                jobs=int(self.jobs.value),
                seed=int(self.seed.value),
                progress=self._progress,
            )
        finally:
            self.run_button.disabled = False
        self._render()
        return self.result

    def _render(self) -> None:
        lang = self.lang
        chosen = self.variants.value
        self.variants.options = [(variant_label(key, lang), key) for key in VARIANT_KEYS]
        self.variants.value = chosen
        name_control(self.variants, text("ui.teach.sim_variants", lang))
        name_control(self.games, text("ui.teach.sim_games", lang))
        name_control(self.jobs, text("ui.teach.sim_jobs", lang))
        name_control(self.level, text("ui.teach.sim_level", lang))
        level = self.level.value
        self.level.options = [
            (text(f"ui.bot.{name}", lang), name) for name in ("random", "heuristic")
        ]
        self.level.value = level
        name_control(
            self.seed, text("ui.teach.sim_seed", lang), text("ui.teach.sim_seed_help", lang)
        )
        self.seed_help.value = (
            f'<p class="ht-sim-help">{escape(text("ui.teach.sim_seed_help", lang))}</p>'
        )
        self._say_chosen()
        name_control(self.run_button, text("ui.teach.sim_run", lang))
        name_control(self.progress, text("ui.teach.sim_progress", lang))
        self._say_progress()
        if self.result is None:
            self.table.value = self.download.value = self.chart.value = ""
            return
        rows = self.result.table(lang)
        head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in rows[0])
        body = "".join(
            f'<tr><th scope="row">{escape(row[0])}</th>'
            + "".join(f"<td>{escape(cell)}</td>" for cell in row[1:])
            + "</tr>"
            for row in rows[1:]
        )
        # wide on a projector's page: the table scrolls sideways rather than losing columns
        self.table.value = (
            '<div style="overflow-x:auto">'
            f'<table class="ht-scores"><caption>{escape(text("ui.teach.sim_caption", lang))}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
            f'<p class="ht-sim-help">{escape(text("sim.margin_note", lang))}</p>'
        )
        # a link, not a button: the page itself saves the file (the static book has no
        # server to ask), as a spreadsheet of the page's language opens it
        data = base64.b64encode(("\ufeff" + self.csv_text()).encode("utf-8")).decode("ascii")
        name = message("ui.teach.sim_csv_file", lang)
        self.download.value = (
            f'<a class="ht-link ht-link-button" download="{escape(name)}" '
            f'href="data:text/csv;charset=utf-8;base64,{data}">'
            f"{escape(text('ui.teach.sim_csv', lang))}</a>"
        )
        panels = simulation_chart_svg(self.result, lang)
        # the four panels as one SVG file, as ``simulate --plot`` writes it
        name = message("ui.teach.sim_chart_file", lang).format(seed=self.seed.value)
        label = text("ui.teach.chart_download", lang)
        self.chart.value = (
            figure_html(panels) + f"<p>{download_link(stacked_svg(panels), name, label)}</p>"
        )
