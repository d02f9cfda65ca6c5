"""Balance answers as text, HTML (charts with error bars), XLSX and JSON: a registry of small formats."""

from __future__ import annotations

import html
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from playproof.balance.stats import Rate, Summary
from playproof.errors import PlayproofError
from playproof.insights.names import name_key
from playproof.atomic import atomic_path, write_text_atomic

TOP_COMPONENTS = 25
TAKES = "takes"
"""A component's takers' win rate counts takes (a seat taking it in a game), so its advice is in takes."""


@dataclass
class Run:
    """One variant at one number of players, and what its games showed."""

    game: str
    variant: str
    players: int
    bots: str
    summary: Summary
    varied: tuple[str, ...] = ()
    """The row keys a balance sweep changed (`Royal Guard`): their components are shown in every comparison."""

    def varied_components(self) -> list[tuple[str, int, Rate, Rate]]:
        """Return (component, taken, take rate, takers' win rate) of each component the sweep varied."""
        keys = {name_key(k) for k in self.varied}
        s = self.summary
        return [(name, taken, s.take_rate(name), rate) for name, taken, rate in s.component_rates()
                if keys & ({name_key(name)} | {name_key(word) for word in name.split(" ", 1)[1:]})]

    def to_dict(self) -> dict[str, Any]:
        """Return the run as JSON-ready data."""
        even = self.summary.even()
        varied = [{"component": c, "taken": n, "take_rate": take.to_dict(), "takers_win_rate": rate.to_dict(even, TAKES)}
                  for c, n, take, rate in self.varied_components()]
        return {"game": self.game, "variant": self.variant, "players": self.players, "bots": self.bots,
                "varied": list(self.varied), "varied_components": varied, **self.summary.to_dict()}


def random_note(bots: str) -> str:
    """Return a note when every seat plays at random: such play tests the rules, not the balance."""
    if {b.strip().split(":")[0] for b in bots.split(",") if b.strip()} == {"random"}:
        return ("note: random bots test the rules, not the balance (every variant tends to read as no clear "
                "advantage); use --bots greedy or mcts to compare variants")
    return ""


def text_lines(run: Run) -> list[str]:
    """Return a run's answers as lines for the terminal."""
    s = run.summary
    rate, even = s.first_player_advantage()
    head = (f"{run.game}, {run.variant}, {run.players} players, bots {run.bots}: {s.games} games in "
            f"{s.seconds:.1f} s ({s.games / s.seconds if s.seconds else 0:.1f} games/s)")
    if not s.games:
        return [head, "  no game finished: nothing to measure"] + unfinished_lines(s)
    seats = [f"  the players won together (95 % interval): {s.together_rate().text()} (a cooperative game: they "
             "win or lose together, so no seat wins more than another)"] if s.cooperative else [
        "  win rate by seat (95 % interval): "
        + "; ".join(f"{i + 1}: {r.text()}" for i, r in enumerate(s.seat_rates())),
        f"  first player: {rate.text()} against an even {100 * even:.1f} %"
        + _verdict(rate, even) + _advice(rate, even) + _mixed_bots(run.bots)]
    lines = [head, *seats,
             "  mean score by seat: " + ", ".join(f"{i + 1}: {m.mean:.1f} (sd {m.sd:.1f})"
                                                  for i, m in enumerate(s.scores)),
             f"  length: {s.moves.mean:.0f} moves (sd {s.moves.sd:.0f}, {s.moves.low:.0f}-{s.moves.high:.0f}), "
             f"{s.rounds.mean:.1f} rounds"]
    if s.arc.games and not s.cooperative:  # who leads means nothing when the players win together
        arc = s.arc
        lines.append(f"  arc: {arc.lead_changes.mean:.1f} lead changes a game, decided after "
                     f"{100 * arc.decided_share.mean:.0f} % of the rounds on average, runaway leader in "
                     f"{arc.runaway_rate().text()} of games")
    for name, _, take, rate in run.varied_components():
        lines.append(f"  varied {name}: taken in {100 * take.value:.0f} % of seat-games, takers win {rate.text()} "
                     f"({rate.advice(s.even(), TAKES).text()})")
    return lines + unfinished_lines(s)


def unfinished_lines(summary: Summary) -> list[str]:
    """Return the games that could not go on, each with its seed and why (they count in no rate)."""
    if not summary.unfinished:
        return []
    lines = [f"  {len(summary.unfinished)} game(s) could not go on and count in no rate:"]
    for game in summary.unfinished:
        last = game["last_moves"][-1] if game["last_moves"] else "no move"
        lines.append(f"    seed {game['seed']}: {game['reason']} (last move: {last})")
    return lines


def _verdict(rate: Rate, even: float) -> str:
    """Say whether the interval excludes an even share."""
    low, high = rate.interval
    if low > even:
        return ": an advantage (the interval is above an even share)"
    if high < even:
        return ": a disadvantage (the interval is below an even share)"
    return ": no clear advantage"


def _advice(rate: Rate, even: float) -> str:
    """Return how many more games would tell the first seat from even, when it cannot be told yet."""
    advice = rate.advice(even)
    return f" ({advice.text()})" if not advice.told and advice.more else ""


def _mixed_bots(bots: str) -> str:
    """Warn that seat differences include bot strength when the seats play different bots."""
    if len({b.strip() for b in bots.split(",")}) > 1:
        return " (the seats play different bots: this compares the bots as much as the seats)"
    return ""


class BalanceFormat(ABC):
    """One file format for balance answers."""

    name: ClassVar[str]

    @abstractmethod
    def write(self, runs: list[Run], path: Path) -> None:
        """Write the runs to a file (atomically)."""


class JsonBalance(BalanceFormat):
    """Every number, for other tools."""

    name = "json"

    def write(self, runs: list[Run], path: Path) -> None:
        """Write the runs as one JSON document."""
        write_text_atomic(path, json.dumps({"runs": [r.to_dict() for r in runs]}, indent=2) + "\n")


class XlsxBalance(BalanceFormat):
    """One sheet of runs by seat, one of components."""

    name = "xlsx"

    def write(self, runs: list[Run], path: Path) -> None:
        """Write the runs' seats and components as two sheets."""
        from openpyxl import Workbook

        book = Workbook()
        seats = book.active
        seats.title = "Seats"
        seats.append(["game", "variant", "players", "bots", "games", "seat", "win rate", "low", "high",
                      "mean score", "sd score", "mean moves", "told from even?"])
        components = book.create_sheet("Components")
        components.append(["game", "variant", "players", "component", "taken", "by winners", "takers' win rate",
                           "low", "high", "small sample", "take rate", "told from even?", "varied"])
        for run in runs:
            _xlsx_rows(run, seats, components)
        if any(run.summary.held for run in runs):
            _holders_sheet(book.create_sheet("Holders"), runs)
        if any(run.summary.unfinished for run in runs):
            stuck = book.create_sheet("Unfinished games")
            stuck.append(["game", "variant", "players", "seed", "reason", "last moves", "state"])
            for run in runs:
                for g in run.summary.unfinished:
                    stuck.append([run.game, run.variant, run.players, g["seed"], g["reason"],
                                  " / ".join(g["last_moves"]), g["state"]])
        with atomic_path(path) as temporary:
            book.save(temporary)


def _xlsx_rows(run: Run, seats: Any, components: Any) -> None:
    """Append one run's rows to the two sheets."""
    s = run.summary
    for seat, (rate, score) in enumerate(zip(s.seat_rates(), s.scores), start=1):
        low, high = rate.interval
        seats.append([run.game, run.variant, run.players, run.bots, s.games, seat, rate.value, low, high,
                      score.mean, score.sd, s.moves.mean, rate.advice(s.even()).text()])
    varied = {name for name, *_ in run.varied_components()}
    for name, taken, rate in s.component_rates():  # every component: no table is cut in the workbook
        low, high = rate.interval
        components.append([run.game, run.variant, run.players, name, taken, rate.successes, rate.value, low,
                           high, rate.small, s.take_rate(name).value, rate.advice(s.even(), TAKES).text(),
                           name in varied])


def _holders_sheet(sheet: Any, runs: list[Run]) -> None:
    """Write every component held at the games' end, with its holders' win rate, run by run."""
    sheet.append(["game", "variant", "players", "component", "held", "by winners", "holders' win rate", "low",
                  "high", "small sample", "hold rate", "told from even?", "games with holdings"])
    for run in runs:
        s = run.summary
        for name, held, rate in s.holder_rates():
            low, high = rate.interval
            sheet.append([run.game, run.variant, run.players, name, held, rate.successes, rate.value, low, high,
                          rate.small, s.hold_rate(name).value, rate.advice(s.even(), "holders").text(),
                          s.holding_games])


class HtmlBalance(BalanceFormat):
    """A page a designer reads: win rates by seat as bars with error bars, then components."""

    name = "html"

    def write(self, runs: list[Run], path: Path) -> None:
        """Write the runs as one self-contained HTML page (several runs open with a comparison)."""
        body = "\n".join(([_comparison(runs)] if len(runs) > 1 else []) + [_html_run(r) for r in runs])
        write_text_atomic(path, _PAGE.format(body=body))


def _comparison(runs: list[Run]) -> str:
    """Return one table comparing every run: win rate by seat, first-player verdict, length."""
    rows = "".join(
        f"<tr><td>{html.escape(r.variant)}</td><td>{r.players}</td><td>{r.summary.games}</td>"
        f"<td>{'<br>'.join(html.escape(f'{i + 1}: {rate.text()}') for i, rate in enumerate(r.summary.seat_rates()))}"
        f"</td><td>{html.escape(_verdict(*r.summary.first_player_advantage()).lstrip(': '))}</td>"
        f"<td>{_varied_cell(r)}</td><td>{r.summary.moves.mean:.0f}</td></tr>" for r in runs)
    return ("<h2>Compared</h2><div class=\"scroll\"><table><tr><th>variant</th><th>players</th><th>games</th>"
            "<th>win rate by seat [95 %]</th><th>first player</th><th>varied component: take rate, takers' win rate"
            f"</th><th>moves</th></tr>{rows}</table></div>")


def _varied_cell(run: Run) -> str:
    """Return the varied components' take and win rates of a run as HTML (a dash when nothing was varied)."""
    found = run.varied_components()
    if not found:
        return "-" if not run.varied else "never taken"
    return "<br>".join(html.escape(f"{name}: {100 * take.value:.0f} %, {rate.text()}")
                       for name, _, take, rate in found)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>playproof balance</title>
<style>
body {{ font-family: "DejaVu Sans", system-ui, sans-serif; margin: 1.5rem; color: #222; max-width: 60rem; }}
h2 {{ margin-top: 2.5rem; border-bottom: 1px solid #ccc; }}
table {{ border-collapse: collapse; margin: 0.5rem 0 1rem; }}
td, th {{ padding: 0.2rem 0.6rem; border-bottom: 1px solid #eee; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; }}
.small {{ color: #a33; }}
figure {{ margin: 0.5rem 0; }}
.scroll {{ overflow-x: auto; max-width: 100%; }}
.scroll td, .scroll th {{ white-space: nowrap; }}
@media (max-width: 600px) {{ body {{ margin: 0.6rem; }} h1 {{ font-size: 1.5rem; }} h2 {{ font-size: 1.15rem; }} }}
svg {{ max-width: 100%; height: auto; }}
</style></head><body>
<h1>Balance</h1>
<p>Win rates with 95 % Wilson intervals (the bars' whiskers); the dashed line is an even share.</p>
{body}
</body></html>
"""


def _html_run(run: Run) -> str:
    """Return one run as HTML: heading, chart, seat table, components."""
    s = run.summary
    title = html.escape(f"{run.game}: {run.variant}, {run.players} players, bots {run.bots} ({s.games} games)")
    if not s.games:
        return f"<h2>{title}</h2><p>No game finished: nothing to measure.</p>{_unfinished_html(s)}"
    seats = "".join(f"<tr><td>seat {i + 1}</td><td>{html.escape(r.text())}</td><td>{m.mean:.1f}</td>"
                    f"<td>{m.sd:.1f}</td><td>{html.escape(r.advice(s.even()).text())}</td></tr>"
                    for i, (r, m) in enumerate(zip(s.seat_rates(), s.scores)))
    if s.cooperative:
        return (f"<h2>{title}</h2><p>A cooperative game: the players won together in "
                f"{html.escape(s.together_rate().text())} of the games (95 % interval). Length: "
                f"{s.moves.mean:.0f} moves on average ({s.moves.low:.0f}-{s.moves.high:.0f}), {s.rounds.mean:.1f} "
                f"rounds.</p>{_random_html(run.bots)}{_unfinished_html(s)}{_components_table(s)}{_holders_table(s)}")
    rate, even = s.first_player_advantage()
    return (f"<h2>{title}</h2><figure>{_chart(s.seat_rates(), 1 / run.players)}</figure>"
            f"<div class=\"scroll\"><table><tr><th>seat</th><th>win rate [95 %]</th><th>mean score</th><th>sd</th>"
            f"<th>told from even?</th></tr>{seats}</table></div>"
            f"<p>First player: {html.escape(rate.text())}{html.escape(_verdict(rate, even))}. Length: "
            f"{s.moves.mean:.0f} moves on average ({s.moves.low:.0f}-{s.moves.high:.0f}), "
            f"{s.rounds.mean:.1f} rounds.</p>{_arc_html(s)}{_random_html(run.bots)}{_unfinished_html(s)}"
            f"{_components_table(s)}{_holders_table(s)}")


def _arc_html(summary: Summary) -> str:
    """Return the arc of the games as a table (nothing when the engine gives no rounds)."""
    rows = "".join(f"<tr><td>{html.escape(m)}</td><td>{html.escape(v)}</td><td>{html.escape(how)}</td></tr>"
                   for m, v, how in summary.arc.lines(summary.players))
    return (f'<div class="scroll"><table><tr><th>arc of the game</th><th>value</th><th>how to read it</th></tr>{rows}'
            "</table></div>") if rows else ""


def _random_html(bots: str) -> str:
    """Return the note on random bots as a paragraph (nothing for other bots)."""
    note = random_note(bots)
    return f'<p class="small">{html.escape(note)}</p>' if note else ""


def _unfinished_html(summary: Summary) -> str:
    """Return the games that could not go on, each with its seed, why, and the last moves."""
    if not summary.unfinished:
        return ""
    items = "".join(f"<li>seed {g['seed']}: {html.escape(g['reason'])}; last moves: "
                    f"{html.escape(' / '.join(g['last_moves']))}</li>" for g in summary.unfinished)
    return f"<p>{len(summary.unfinished)} game(s) could not go on and count in no rate:</p><ul>{items}</ul>"


def _components_table(summary: Summary) -> str:
    """Return the most taken components with their takers' win rates."""
    rows = "".join(
        f"<tr><td>{html.escape(name)}</td><td>{taken}</td><td>{_count(rate.successes)}</td>"
        f"<td class=\"{'small' if rate.small else ''}\">{html.escape(rate.text())}</td>"
        f"<td>{html.escape(rate.advice(summary.even(), TAKES).text())}</td></tr>"
        for name, taken, rate in summary.component_rates()[:TOP_COMPONENTS])
    every = len(summary.taken)
    label = (f"<p>Top {TOP_COMPONENTS} of {every} components or moves, most taken first (every one in the XLSX and "
             "JSON reports).</p>" if every > TOP_COMPONENTS else "")
    return (f"{label}<div class=\"scroll\"><table><tr><th>component or move</th><th>taken</th><th>by winners</th>"
            f"<th>win rate of takers [95 %]</th><th>told from even?</th></tr>{rows}</table></div>") if rows else ""


def _holders_table(summary: Summary) -> str:
    """Return the components most held at the games' end with their holders' win rates (nothing when the engine
    cannot say what players hold)."""
    rows = "".join(
        f"<tr><td>{html.escape(name)}</td><td>{held}</td><td>{100 * summary.hold_rate(name).value:.0f} %</td>"
        f"<td class=\"{'small' if rate.small else ''}\">{html.escape(rate.text())}</td>"
        f"<td>{html.escape(rate.advice(summary.even(), 'holders').text())}</td></tr>"
        for name, held, rate in summary.holder_rates()[:TOP_COMPONENTS])
    every = len(summary.held)
    label = (f"Top {TOP_COMPONENTS} of {every} components, most held first (every one in the XLSX and JSON reports). "
             if every > TOP_COMPONENTS else "")
    return (f"<p>{label}Held at the end of {summary.holding_games} game(s): a holder kept the component to the end."
            f"</p><div class=\"scroll\"><table><tr><th>component held</th><th>held</th><th>hold rate</th>"
            f"<th>win rate of holders [95 %]</th><th>told from even?</th></tr>{rows}</table></div>") if rows else ""


def _count(value: float) -> str:
    """Return a count that may hold shares of shared wins: whole when it is whole."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _chart(rates: list[Rate], even: float, width: int = 480, bar: int = 28) -> str:
    """Return an inline SVG bar chart of win rates with their intervals as error bars."""
    height = 40 + len(rates) * (bar + 10)
    scale = (width - 90) / 1.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="win rate by seat">']
    for i, r in enumerate(rates):
        y = 10 + i * (bar + 10)
        low, high = r.interval
        parts.append(f'<text x="0" y="{y + bar * 0.7:.0f}" font-size="13">seat {i + 1}</text>'
                     f'<rect x="60" y="{y}" width="{r.value * scale:.1f}" height="{bar}" fill="#4a7ab0"/>'
                     f'<line x1="{60 + low * scale:.1f}" x2="{60 + high * scale:.1f}" y1="{y + bar / 2}" '
                     f'y2="{y + bar / 2}" stroke="#111" stroke-width="2"/>'
                     f'<line x1="{60 + low * scale:.1f}" x2="{60 + low * scale:.1f}" y1="{y + 6}" y2="{y + bar - 6}" '
                     f'stroke="#111" stroke-width="2"/>'
                     f'<line x1="{60 + high * scale:.1f}" x2="{60 + high * scale:.1f}" y1="{y + 6}" '
                     f'y2="{y + bar - 6}" stroke="#111" stroke-width="2"/>')
    x = 60 + even * scale
    parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="4" y2="{height - 26}" stroke="#c33" stroke-dasharray="5 4"/>')
    for tick in (0, 25, 50, 75, 100):  # the axis: win rate in per cent
        tx = 60 + tick / 100 * scale
        parts.append(f'<line x1="{tx:.1f}" x2="{tx:.1f}" y1="{height - 26}" y2="{height - 20}" stroke="#555"/>'
                     f'<text x="{tx:.1f}" y="{height - 6}" font-size="11" text-anchor="middle">{tick} %</text>')
    return "".join(parts) + "</svg>"


class PdfBalance(BalanceFormat):
    """An A4 PDF: the seat, component and arc tables of the session reports' insights, for each run."""

    name = "pdf"

    def write(self, runs: list[Run], path: Path) -> None:
        """Write the runs as a PDF."""
        from playproof.balance.pdf_balance import write_pdf

        write_pdf([(run, text_lines(run)[0], random_note(run.bots)) for run in runs], path)


FORMATS: dict[str, type[BalanceFormat]] = {f.name: f for f in (HtmlBalance, PdfBalance, XlsxBalance, JsonBalance)}


def write_balance(runs: list[Run], path: Path, name: str | None = None) -> Path:
    """Write balance runs in a format (by name, else by the file's extension)."""
    fmt = (name or path.suffix.lstrip(".") or "html").lower()
    if fmt not in FORMATS:
        raise PlayproofError(f'unknown balance report format "{fmt}" (formats: {", ".join(FORMATS)})')
    FORMATS[fmt]().write(runs, path)
    return path
