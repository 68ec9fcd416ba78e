"""HTML of the lab screen (:mod:`~webtabletop.app.lab.flow`): the set-up form, the run's progress, and the numbers
with their intervals, drawn as SVG (bars with 95% whiskers, the length histogram, the skill
trace). The progress and the numbers sit in one element (:data:`LIVE`), which a run's results
redraw alone."""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.modules import game_view
from webtabletop.app.widgets.forms import options_fields
from webtabletop.app.widgets.pages import btn, link
from webtabletop.core.protocol import GameSpec
from webtabletop.core.view import attrs_html, esc
from webtabletop.i18n import N_, _, ngettext, pgettext
from webtabletop.i18n.text import number, percent
from webtabletop.lab.batch import SKILL_STEPS
from webtabletop.lab.items import label as item_label

PLAYERS = {
    "random": N_("random moves"),
    "easy": N_("computer, easy"),
    "normal": N_("computer, normal"),
    "hard": N_("computer, hard"),
}
#: the id of the live part of the screen: the run's progress and numbers
LIVE = "lab-live"
MEASURES = {
    "first_player_win_rate": N_("First player's score"),
    "draw_rate": N_("Draws"),
    "mean_plies": N_("Game length (moves)"),
    "decisiveness": N_("Decisiveness"),
    "lead_changes": N_("Lead changes per move"),
}


def _pct(x: float) -> str:
    return percent(x, 1)


def _ci(lo: float, hi: float, pct: bool = True, places: int = 2) -> str:
    f = _pct if pct else (lambda v: number(v, places))
    return _("95%: {low}–{high}").format(low=f(lo), high=f(hi))


def _select(name: str, choices: list[tuple[str, str]], value: str, label: str) -> str:
    opts = "".join(
        f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(t)}</option>' for v, t in choices
    )
    return f'<div class="field"><label for="lab-{name}">{esc(label)}</label><select id="lab-{name}" name="{name}">{opts}</select></div>'


def _number(name: str, value: Any, label: str, help_text: str = "") -> str:
    small = f"<small>{esc(help_text)}</small>" if help_text else ""
    return f'<div class="field"><label for="lab-{name}">{esc(label)}</label><input {attrs_html(type="number", id=f"lab-{name}", name=name, value=value, min=0)}>{small}</div>'


def form(spec: GameSpec, lab: dict[str, Any], evals, workers) -> str:
    batch = lab["batch"]
    view = game_view(spec.id)
    players = [(k, _(v)) for k, v in PLAYERS.items()]
    compare = batch.b is not None
    a = options_fields(spec, spec.options_from_dict(batch.a), view, prefix="a.")
    b = options_fields(spec, spec.options_from_dict(batch.b or {}), view, prefix="b.")
    err = f'<p class="error" role="alert">{esc(lab["form_error"])}</p>' if lab.get("form_error") else ""
    eval_names = {
        "none": pgettext("evaluation", "none"),
        "easy": pgettext("AI level", "easy"),
        "normal": pgettext("AI level", "normal"),
        "hard": pgettext("AI level", "hard"),
    }
    worker_names = {"auto": _("as many as this device has cores")}
    return (
        f"<form class='lab-form' data-form='lab'>{err}"
        f"<fieldset><legend>{esc(_('Options (set A)'))}</legend>{a}</fieldset>"
        f"<div class='field check'><input type='checkbox' id='lab-compare' name='compare'{' checked' if compare else ''}>"
        f"<label for='lab-compare'>{esc(_('Compare with a second set of options (set B)'))}</label></div>"
        f"<fieldset class='lab-b'><legend>{esc(_('Options (set B)'))}</legend>{b}</fieldset>"
        f"<fieldset><legend>{esc(_('Players and games'))}</legend>"
        f"{_select('p0', players, batch.players[0], _('Player A'))}{_select('p1', players, batch.players[1], _('Player B'))}"
        f"{_number('games', batch.games, _('Games per set of options'), _('Players A and B swap seats every other game, on the same deal.'))}"
        f"{_number('seed', batch.seed, _('Seed'), _('The same seed plays the same games, here and on the command line.'))}"
        f"{_select('eval', [(e, eval_names[e]) for e in evals], batch.eval_budget, _('Evaluation along each game'))}"
        f"{_select('workers', [(w, worker_names.get(w, w)) for w in workers], lab['workers'], _('Workers'))}"
        f"<div class='field check lab-wide'><input type='checkbox' id='lab-skill' name='skill'{' checked' if batch.skill else ''}>"
        f"<label for='lab-skill'>{esc(_('Skill trace: also play easy against random, normal against easy and hard against normal'))}</label>"
        f"<small>{esc(_('As many games per step as per set of options, with set A. Hard games are slow.'))}</small></div></fieldset>"
        f"<p class='actions'><button type='submit' class='btn primary' data-key='lab-run'>{esc(_('Run'))}</button>"
        f"{btn(esc(_('Copy a link to this set-up')), 'lab-share', cls='btn ghost')}</p></form>"
    )


def progress(lab: dict[str, Any], total: int) -> str:
    done = len(lab["results"])
    if lab["run"] == 0:
        return ""
    if lab["running"]:
        text = ngettext("{done} of {total} game played…", "{done} of {total} games played…", total).format(
            done=done, total=total
        )
        cancel = btn(esc(_("Cancel")), "lab-cancel", cls="btn small")
        return f"<div class='lab-progress' data-running='1'><progress max='{total}' value='{done}'></progress><p role='status'>{esc(text)} {cancel}</p></div>"
    if lab.get("error"):
        text = ngettext(
            "Stopped after {done} of {total} game: {why}",
            "Stopped after {done} of {total} games: {why}",
            total,
        ).format(done=done, total=total, why=lab["error"])
        return f"<div class='lab-progress' data-done='{done}'><p role='status'>{esc(text)}</p></div>"
    secs = lab.get("seconds") or 0.0
    rate = number(done / secs, 2) if secs else "–"
    text = ngettext(
        "Done: {done} game in {seconds} s ({rate} games a second).",
        "Done: {done} games in {seconds} s ({rate} games a second).",
        done,
    ).format(done=done, seconds=number(secs, 1), rate=rate)
    return f"<div class='lab-progress' data-done='{done}'><p role='status'>{esc(text)}</p></div>"


def bars(rows: list[tuple[str, float, float, float]], mark: float | None = 0.5) -> str:
    """Horizontal bars 0..1, each with its 95% whisker; ``mark``: a dashed line (an even game)."""
    w, left, h = 420, 150, 22
    height = h * len(rows) + 8
    scale = w - left - 10
    parts = [
        f'<svg class="lab-chart" viewBox="0 0 {w} {height}" role="img" aria-label="{esc(_("Rates with their 95% intervals"))}">'
    ]
    for i, (label, value, lo, hi) in enumerate(rows):
        y = 4 + i * h
        parts.append(
            f'<text x="{left - 6}" y="{y + 15}" text-anchor="end" class="lab-label">{esc(label)}</text>'
        )
        parts.append(
            f'<rect x="{left}" y="{y + 4}" width="{scale * value:.1f}" height="{h - 8}" class="lab-bar"/>'
        )
        parts.append(
            f'<line x1="{left + scale * lo:.1f}" x2="{left + scale * hi:.1f}" y1="{y + h / 2}" y2="{y + h / 2}" class="lab-whisker"/>'
        )
    if mark is not None:
        x = left + scale * mark
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{height}" class="lab-even"/>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_svg(hist: dict[str, list[int]]) -> str:
    counts, edges = hist["counts"], hist["edges"]
    if not counts:
        return ""
    w, h, pad = 420, 120, 18
    top = max(counts)
    bw = (w - 2 * pad) / len(counts)
    parts = [
        f'<svg class="lab-chart" viewBox="0 0 {w} {h + pad}" role="img" aria-label="{esc(_("How long the games were"))}">'
    ]
    for i, c in enumerate(counts):
        bh = (h - pad) * c / top
        parts.append(
            f'<rect x="{pad + i * bw + 1:.1f}" y="{h - bh:.1f}" width="{bw - 2:.1f}" height="{bh:.1f}" class="lab-bar"><title>{edges[i]}–{edges[i + 1] - 1}: {c}</title></rect>'
        )
    parts.append(f'<text x="{pad}" y="{h + 14}" class="lab-label">{edges[0]}</text>')
    parts.append(
        f'<text x="{w - pad}" y="{h + 14}" text-anchor="end" class="lab-label">{edges[-1] - 1}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def numbers(s: dict[str, Any], title: str) -> str:
    players = {k: _(v) for k, v in PLAYERS.items()}
    rows = [
        (_("First player"), s["first_player_win_rate"], *s["ci95"]),
        (_("Draws"), s["draw_rate"], *s["draw_ci95"]),
    ]
    rows += [(players.get(k, k), v["score"], *v["ci95"]) for k, v in s["score_by_player"].items()]
    table = [
        (_("Games"), str(s["games"])),
        (_("Wins by seat (first seat, second seat)"), f"{s['wins'][0]} · {s['wins'][1]}"),
        (_("First player's score"), f"{_pct(s['first_player_win_rate'])} ({_ci(*s['ci95'])})"),
        (_("Draws"), f"{s['draws']} ({_ci(*s['draw_ci95'])})"),
        (_("Balance (1 = even)"), f"{number(s['balance'], 2)} ({_ci(*s['balance_ci95'], pct=False)})"),
        (_("Game length (moves)"), f"{number(s['mean_plies'], 1)} ({_ci(*s['plies_ci95'], pct=False, places=1)})"),
    ]
    if s["decisiveness"] is not None:
        table.append(
            (_("Decisiveness"), f"{number(s['decisiveness'], 2)} ({_ci(*s['decisiveness_ci95'], pct=False)})")
        )
        table.append(
            (
                _("Lead changes per move"),
                f"{number(s['lead_changes'], 2)} ({_ci(*s['lead_changes_ci95'], pct=False)})",
            )
        )
    body = "".join(f"<tr><th scope='row'>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in table)
    items = "".join(
        f"<tr><th scope='row'>{esc(item_label(k))}</th><td>{v['uses']}</td><td>{v['sides']}</td>"
        f"<td>{esc(_pct(v['score']))} <small>({esc(_ci(*v['ci95']))})</small></td></tr>"
        for k, v in s["per_item"].items()
    )
    item_table = (
        f"<h3>{esc(_('What the players used'))}</h3><table class='lab-items'><thead><tr><th>{esc(_('Item'))}</th>"
        f"<th>{esc(_('Times used'))}</th><th>{esc(_('Sides that used it'))}</th><th>{esc(_('Their score'))}</th></tr></thead><tbody>{items}</tbody></table>"
        if items
        else ""
    )
    return (
        f"<section class='lab-numbers'><h2>{esc(title)}</h2><table class='lab-table'><tbody>{body}</tbody></table>"
        f"{bars(rows)}<h3>{esc(_('Game length'))}</h3>{histogram_svg(s['plies_histogram'])}{item_table}</section>"
    )


def _level(kind: str) -> str:
    return pgettext("lab player", "random") if kind == "random" else pgettext("AI level", kind)


def skill_svg(steps: list[dict[str, Any]]) -> str:
    """The skill trace: the stronger player's score at each step (a point with its 95% whisker),
    steps from left to right, a dashed line at an even score."""
    w, h, left, top, bottom = 420, 150, 44, 10, 118
    slot = (w - left - 10) / len(SKILL_STEPS)
    y = lambda v: bottom - (bottom - top) * v  # noqa: E731
    title = _("Skill trace: the stronger player's score at each step, with its 95% interval")
    parts = [f'<svg class="lab-chart lab-skill" viewBox="0 0 {w} {h}" role="img" aria-label="{esc(title)}">']
    for v in (0.0, 0.5, 1.0):
        cls = "lab-even" if v == 0.5 else "lab-grid"
        parts.append(f'<line x1="{left}" x2="{w - 10}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="{cls}"/>')
        parts.append(
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end" class="lab-label">{esc(percent(v))}</text>'
        )
    by_step = {(s["stronger"], s["weaker"]): s for s in steps}
    points, marks = [], []
    for k, (strong, weak) in enumerate(SKILL_STEPS):
        x = left + slot * (k + 0.5)
        name = _("{stronger} against {weaker}").format(stronger=_level(strong), weaker=_level(weak))
        parts.append(
            f'<text x="{x:.1f}" y="{h - 12}" text-anchor="middle" class="lab-label lab-small">{esc(name)}</text>'
        )
        s = by_step.get((strong, weak))
        if s is None:
            continue
        lo, hi = s["ci95"]
        points.append(f"{x:.1f},{y(s['score']):.1f}")
        marks.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y(lo):.1f}" y2="{y(hi):.1f}" class="lab-whisker"/>'
        )
        marks.append(
            f'<circle cx="{x:.1f}" cy="{y(s["score"]):.1f}" r="5" class="lab-point"><title>{esc(name)}: {esc(_pct(s["score"]))} ({esc(_ci(lo, hi))})</title></circle>'
        )
    if len(points) > 1:  # the trace under its points
        parts.append(f'<polyline points="{" ".join(points)}" class="lab-trace"/>')
    parts += marks
    parts.append("</svg>")
    return "".join(parts)


def skill(steps: list[dict[str, Any]]) -> str:
    rows = "".join(
        f"<tr><th scope='row'>{esc(_('{stronger} against {weaker}').format(stronger=_level(s['stronger']), weaker=_level(s['weaker'])))}</th>"
        f"<td>{esc(_pct(s['score']))} <small>({esc(_ci(*s['ci95']))})</small></td>"
        f"<td>{esc(ngettext('{n} game', '{n} games', s['games']).format(n=s['games']))}</td></tr>"
        for s in steps
    )
    return (
        f"<section class='lab-skill-trace'><h2>{esc(_('Skill trace'))}</h2>"
        f"<p>{esc(_('The stronger player’s score at each step: near 50%, luck decides; near 100%, the deeper search wins.'))}</p>"
        f"{skill_svg(steps)}<table class='lab-table'><tbody>{rows}</tbody></table></section>"
    )


def comparison(diff: dict[str, Any]) -> str:
    rows = []
    for key, d in diff.items():
        if d is None:
            continue
        name = _(MEASURES[key])
        pct = key in ("first_player_win_rate", "draw_rate")
        scale, places = (100, 1) if pct else (1, 1 if key == "mean_plies" else 2)
        lo, hi = d["ci95"]
        diff = number(scale * d["diff"], places, signed=True)
        value = _("{number} points").format(number=diff) if pct else diff
        ci = _("95%: {low} to {high}").format(
            low=number(scale * lo, places, signed=True), high=number(scale * hi, places, signed=True)
        )
        verdict = (
            _("A real difference: B changes this.")
            if d["significant"]
            else _("No clear difference: more games could tell.")
        )
        rows.append(
            f"<tr><th scope='row'>{esc(name)}</th><td>{esc(value)}</td><td>{esc(ci)}</td><td>{esc(verdict)}</td></tr>"
        )
    return f"<section class='lab-compare'><h2>{esc(_('B compared with A (B − A)'))}</h2><table class='lab-table'><tbody>{''.join(rows)}</tbody></table></section>"


def live(lab: dict[str, Any], out: dict[str, Any] | None, games: list[str]) -> str:
    """The live part (:data:`LIVE`): the progress, the numbers, and (once the run has ended) the
    exports and the games to open."""
    html = progress(lab, len(lab["batch"].tasks()))
    if out is None:
        return html
    html += numbers(out, _("Set A") if out.get("compare") else _("Results"))
    if out.get("compare"):
        html += numbers(out["compare"]["b"], _("Set B")) + comparison(out["compare"]["diff"])
    if out.get("skill_trace"):
        html += skill(out["skill_trace"])
    export = btn(esc(_("Export JSON")), "lab-json", cls="btn small") + btn(
        esc(_("Export CSV")), "lab-csv", cls="btn small"
    )
    html += f"<p class='actions'>{export}</p>"
    if games:
        listed = "".join(
            f"<li>{link(esc(_('Game {n}').format(n=i + 1)), href, 'btn small ghost')}</li>"
            for i, href in enumerate(games)
        )
        html += f"<details class='lab-games'><summary>{esc(_('Open a game'))}</summary><ul>{listed}</ul></details>"
    return html


def page(spec: GameSpec, lab: dict[str, Any], evals, workers, live_html: str) -> str:
    head = (
        f"<div class='game-head'><h1>{esc(_('{game}: lab').format(game=_(spec.title)))}</h1>"
        f"<nav class='game-nav' aria-label='{esc(_(spec.title))}'>{link(esc(_('Play')), f'#/{spec.id}', 'btn small')}"
        f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav></div>"
        f"<p class='lead'>{esc(_('Let the computer play many games and see what the rules do: who wins more often, how long games last, how often the lead changes, which cards or moves win. Every number comes with its 95% interval.'))}</p>"
    )
    return f"<section class='lab' data-game='{esc(spec.id)}'>{head}{form(spec, lab, evals, workers)}<div id='{LIVE}'>{live_html}</div></section>"
