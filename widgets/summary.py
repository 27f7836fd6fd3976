"""The end of a game: who won, the score sheet, and a chart of the totals deal by deal."""

from __future__ import annotations

import io
from html import escape

from hearts_teach import Game
from hearts_teach.i18n import text
from widgets.render import name_of, score_sheet_html, winners_text

# Colour-blind-safe line colours (Okabe–Ito); each line also has its own marker and dash.
_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
_MARKERS = ("o", "s", "^", "D")
_DASHES = ("-", "--", "-.", ":")


def score_chart_svg(game: Game, lang: str) -> str:
    """An SVG line chart of each player's total after each deal, labelled in ``lang``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    results = game.results
    rules = game.rules
    deals = list(range(0, len(results) + 1))
    figure, axes = plt.subplots(figsize=(6.4, 3.4), dpi=100)
    try:
        for player in range(rules.players):
            totals = [0] + [result.totals[player] for result in results]
            axes.plot(
                deals,
                totals,
                label=name_of(player, rules, lang),
                color=_COLOURS[player],
                marker=_MARKERS[player],
                linestyle=_DASHES[player],
                linewidth=2,
            )
        axes.axhline(rules.target, color="#555555", linewidth=1, linestyle=(0, (4, 4)))
        axes.annotate(
            text("ui.option.target", lang) + f" {rules.target}",
            xy=(0, rules.target),
            xytext=(2, 3),
            textcoords="offset points",
            fontsize=8,
            color="#333333",
        )
        axes.set_xlabel(text("ui.summary.axis_deal", lang))
        axes.set_ylabel(text("ui.summary.axis_total", lang))
        axes.set_title(text("ui.summary.chart", lang))
        axes.set_xticks(deals)
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        axes.grid(alpha=0.3)
        axes.legend(loc="upper left", fontsize=8, frameon=False)
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    finally:
        plt.close(figure)
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]


def summary_html(game: Game, lang: str) -> str:
    """Heading, winner sentence, deals played, score sheet and chart."""
    rules = game.rules
    winners = game.winners
    verdict = winners_text(rules, winners, lang) if winners else text("ui.turn.over", lang)
    chart = score_chart_svg(game, lang)
    # The chart's text alternative: what its lines end at, for who cannot see them.
    final = ", ".join(
        f"{name_of(player, rules, lang)} {total}" for player, total in enumerate(game.totals)
    )
    chart_label = f"{text('ui.summary.chart', lang)}. {final}"
    return (
        f'<div class="ht-summary"><h2>{escape(text("ui.summary.title", lang))}</h2>'
        f'<p class="ht-summary-win" role="status">★ {escape(verdict)}</p>'
        f"<p>{escape(text('ui.summary.deals', lang, count=len(game.results)))}</p>"
        f"{score_sheet_html(rules, game.results, lang)}"
        f'<figure role="img" aria-label="{escape(chart_label)}" '
        f'style="margin:10px 0;max-width:660px">{chart}</figure></div>'
    )
