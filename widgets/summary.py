"""The end of a game: who won, the score sheet, and a chart of the totals deal by deal."""

from __future__ import annotations

from html import escape

from hearts_teach import Game
from hearts_teach.describe import seat_words, winners_text
from hearts_teach.i18n import text

from .charts import Series, figure_html, line_chart, named, numbers, sentence
from .render import score_sheet_html


def score_chart_svg(game: Game, lang: str) -> str:
    """An SVG line chart of each player's total after each deal, with the target line
    (none with a fixed number of deals), labelled in ``lang``; its text alternative lists every total."""
    results = game.results
    rules = game.rules
    deals = [str(deal) for deal in range(len(results) + 1)]
    series = [
        Series(
            seat_words(player, rules, lang, 0), (0, *(result.totals[player] for result in results))
        )
        for player in range(rules.players)
    ]
    title = text("ui.summary.chart", lang)
    # With a fixed number of deals the target ends nothing (docs/rules.md §7.1): no line.
    target = f"{text('ui.option.target', lang)} {rules.target}" if rules.deals is None else ""
    alt = sentence(
        f"{title}. {target}" if target else title,
        [named(line.name, numbers(line.values, lang), lang) for line in series],
        lang,
    )
    return line_chart(
        title,
        deals,
        series,
        alt=alt,
        lang=lang,
        x_title=text("ui.summary.axis_deal", lang),
        y_title=text("ui.summary.axis_total", lang),
        reference=Series(target, (rules.target,) * len(deals)) if target else None,
    )


def summary_html(game: Game, lang: str) -> str:
    """Heading, winner sentence, deals played, score sheet and chart."""
    rules = game.rules
    winners = game.winners
    verdict = winners_text(rules, winners, lang, 0) if winners else text("ui.turn.over", lang)
    numbers = [played.deal.deal_number + 1 for played in game.history]
    return (
        f'<div class="ht-summary"><h2>{escape(text("ui.summary.title", lang))}</h2>'
        f'<p class="ht-summary-win" role="status">★ {escape(verdict)}</p>'
        f"<p>{escape(text('ui.summary.deals', lang, count=len(game.results)))}</p>"
        f"{score_sheet_html(rules, game.results, lang, numbers=numbers)}"
        f"{figure_html(score_chart_svg(game, lang))}</div>"
    )
