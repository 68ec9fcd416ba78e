"""The designer's lab screen, ``#/<game>/lab``: set up a batch of AI games, run it on a pool of
engine workers, and read the numbers (:mod:`webtabletop.lab`) as they come in.

The flow: the form (``lab``) checks the set-up and answers ``fx.lab = {run, tasks, workers}``;
the page's pool (web/labpool.mjs) plays the tasks on its own engine workers (each answers
``lab_task`` through :mod:`~webtabletop.app.shell.dispatch`, never through this state) and sends the results back in
``lab_results`` actions, a few a second, which this screen adds to the run; while it runs, the
answer redraws only the live part of the screen (``fx.part``: the progress and the numbers), so
the main thread's work stays small and the form keeps what is typed in it; its end redraws the
screen. "Cancel" stops the pool (``fx.lab = {cancel}``); a run's results stay until the next run.

The set-up is shareable: ``#/<game>/lab?s=<base64url JSON>`` opens the form filled in (same
seeds, same results). Nothing here is stored: a lab run lasts as long as the page.
"""

from __future__ import annotations

import base64
import csv
import io
import json
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.app.game.newgame import form_values
from webtabletop.app.lab import page as labpage
from webtabletop.core import sharelink
from webtabletop.core.inputs import InputError, load_json, parse_int
from webtabletop.core.protocol import GameError, GameSpec, options_to_dict
from webtabletop.core.registry import get_game
from webtabletop.i18n import _, ngettext
from webtabletop.lab.batch import EVALS, Batch
from webtabletop.lab.play import record_of
from webtabletop.lab.run import report

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: the most games a run in the page plays per option set (the command line goes further)
PAGE_MAX_GAMES = 2000
WORKERS = ("auto", "1", "2", "3", "4", "6", "8")
#: the longest set-up text a link may carry
MAX_SETUP = 4000


def _lab(st: AppState, game: str) -> dict[str, Any]:
    if st.lab is None or st.lab.get("game") != game:
        st.lab = {
            "game": game,
            "batch": Batch(game),
            "results": {},
            "run": 0,
            "running": False,
            "workers": "auto",
            "seconds": None,
            "error": None,
            "form_error": None,
        }
    return st.lab


def open_lab(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    lab = _lab(st, spec.id)
    if "s" in query:
        try:
            lab["batch"] = setup_from_text(spec.id, query["s"])
            lab["form_error"] = None
        except GameError as exc:
            lab["form_error"] = _(
                "This lab link could not be read ({why}). The form shows the defaults."
            ).format(why=exc)
    st.route = ("lab", spec.id)


# ---------------------------------------------------------------------- the set-up
def setup_text(batch: Batch) -> str:
    raw = json.dumps(batch.to_json(), separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def setup_from_text(game: str, text: str) -> Batch:
    if len(text) > MAX_SETUP:
        raise GameError(_("the set-up is too long"))
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        raise GameError(_("the set-up is not valid base64")) from None
    data = load_json(raw, _("the set-up"))
    if not isinstance(data, dict) or data.get("game") != game:
        raise GameError(_("the set-up is for another game"))
    players = data.get("players")
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)):
        raise GameError(_("the set-up names no two players"))
    games, seed = data.get("games"), data.get("seed")
    if (
        not isinstance(games, int)
        or not isinstance(seed, int)
        or isinstance(games, bool)
        or isinstance(seed, bool)
    ):
        raise GameError(_("the set-up's games and seed must be whole numbers"))
    batch = Batch(
        game,
        data.get("options") or {},
        data.get("compare"),
        tuple(players),
        games,
        seed,
        str(data.get("eval", "normal")),
        data.get("skill") is True,
    )
    return checked(batch)


def checked(batch: Batch) -> Batch:
    if batch.games > PAGE_MAX_GAMES:
        raise GameError(
            ngettext(
                "the page plays at most {n} game per option set (the command line plays more)",
                "the page plays at most {n} games per option set (the command line plays more)",
                PAGE_MAX_GAMES,
            ).format(n=PAGE_MAX_GAMES)
        )
    return batch.check()


def _options(spec: GameSpec, data: dict[str, Any], prefix: str) -> dict[str, Any]:
    """The option fields of one option set (names ``<prefix><option>``), as the game reads them;
    only values that differ from the defaults are kept."""
    picked = {k[len(prefix) :]: v for k, v in data.items() if k.startswith(prefix)}
    options = spec.options_from_dict(form_values(spec, picked))
    default = options_to_dict(spec.default_options())
    chosen = options_to_dict(options)
    return {
        f.name: chosen[f.name] for f in attrs.fields(spec.options_class) if chosen[f.name] != default[f.name]
    }


def on_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """ "Run": check the set-up, start a run on the page's pool."""
    if action.get("name") != "lab":
        raise GameError(_("this form is not open"))
    spec = get_game(st.route[1])
    lab = _lab(st, spec.id)
    data = action.get("data") or {}
    if not isinstance(data, dict):
        raise GameError(_("the form sent no fields"))
    data = {str(k)[:60]: str(v)[:200] for k, v in data.items()}
    try:
        games = parse_int(data.get("games", ""), _("the number of games"), 1, PAGE_MAX_GAMES)
        seed = parse_int(data.get("seed", "") or "1", _("the seed"), 0, 2**32 - 1)
        a = _options(spec, data, "a.")
        b = _options(spec, data, "b.") if data.get("compare") == "true" else None
        budget = data.get("eval", "normal")
        players = (data.get("p0", "normal"), data.get("p1", "normal"))
        skill = data.get("skill") == "true"
        batch = checked(Batch(spec.id, a, b, players, games, seed, budget, skill))
    except (GameError, InputError, ValueError) as exc:
        lab["form_error"] = str(exc)
        return
    workers = data.get("workers", "auto")
    shown_error = lab.get("form_error")
    lab.update(
        batch=batch,
        results={},
        running=True,
        seconds=None,
        error=None,
        form_error=None,
        workers=workers if workers in WORKERS else "auto",
    )
    lab["run"] += 1
    fx.lab = {"run": lab["run"], "tasks": [t.as_tuple() for t in batch.tasks()], "workers": lab["workers"]}
    fx.hash = f"#/{spec.id}/lab?s={setup_text(batch)}"
    if not shown_error:
        # only the live part: the form stays as typed, and the page does not parse it again (its
        # selects made that task the run's longest, 51-82 ms of wall time on 2 cores)
        fx.part = {"id": labpage.LIVE, "html": live_html(lab)}


def on_results(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Results from the pool: ``{run, results: [[task number, result], …], done, seconds, error}``."""
    lab = st.lab
    if lab is None or action.get("run") != lab["run"] or st.route[0] != "lab":
        fx.quiet = True  # an old run's late answer: nothing to draw
        return
    total = len(lab["batch"].tasks())
    for item in action.get("results") or []:
        if (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and 0 <= item[0] < total
            and isinstance(item[1], dict)
        ):
            lab["results"][item[0]] = item[1]
    if isinstance(action.get("seconds"), (int, float)):
        lab["seconds"] = float(action["seconds"])
    if action.get("error"):
        lab["error"] = str(action["error"])[:300]
        lab["running"] = False
    elif action.get("done"):
        lab["running"] = False
    if lab["running"]:  # only the live part changes: the form (and what is typed in it) stays
        fx.part = {"id": labpage.LIVE, "html": live_html(lab)}


def results_in_order(lab: dict[str, Any]) -> list[dict[str, Any]]:
    return [lab["results"][i] for i in sorted(lab["results"])]


def current_report(lab: dict[str, Any]) -> dict[str, Any] | None:
    """The numbers of the results so far (B's once B has a game), or None before the first."""
    results = results_in_order(lab)
    if not any(r["variant"] == 0 for r in results):
        return None
    batch = lab["batch"]
    if batch.b is not None and not any(r["variant"] == 1 for r in results):
        batch = attrs.evolve(batch, b=None)
    return report(batch, results)


def csv_text(out: dict[str, Any]) -> str:
    """The numbers as CSV: one row per measure (and per item), with its interval."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["set", "measure", "value", "ci95_low", "ci95_high"])
    sets = [("A", out)] + ([("B", out["compare"]["b"])] if out.get("compare") else [])
    for name, s in sets:
        w.writerow([name, "games", s["games"], "", ""])
        w.writerow([name, "wins_seat_0", s["wins"][0], "", ""])
        w.writerow([name, "wins_seat_1", s["wins"][1], "", ""])
        w.writerow([name, "draws", s["draws"], *s["draw_ci95"]])
        w.writerow([name, "first_player_win_rate", s["first_player_win_rate"], *s["ci95"]])
        w.writerow([name, "mean_plies", s["mean_plies"], *s["plies_ci95"]])
        w.writerow([name, "balance", s["balance"], *s["balance_ci95"]])
        for key in ("decisiveness", "lead_changes"):
            if s[key] is not None:
                w.writerow([name, key, s[key], *s[f"{key}_ci95"]])
        for item, v in s["per_item"].items():
            w.writerow([name, f"score_when_used:{item}", v["score"], *v["ci95"]])
            w.writerow([name, f"uses:{item}", v["uses"], "", ""])
    if out.get("compare"):
        for key, d in out["compare"]["diff"].items():
            if d is not None:
                w.writerow(["B-A", key, d["diff"], *d["ci95"]])
    return buf.getvalue()


def cancel(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Stop the run on the page's pool."""
    lab = _lab(st, st.route[1])
    if lab["running"]:
        fx.lab = {"cancel": lab["run"]}
        lab["running"] = False
        lab["error"] = _("Cancelled.")


def copy_setup(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The set-up as a link: it plays the same games."""
    lab = _lab(st, st.route[1])
    fx.clipboard = f"{st.base}#/{lab['game']}/lab?s={setup_text(lab['batch'])}"
    fx.say(_("Link to this set-up copied: it plays the same games."))


def _results(st: AppState) -> tuple[dict[str, Any], str]:
    """The numbers of the last run and the stem of their file's name (none yet: a message)."""
    lab = _lab(st, st.route[1])
    out = current_report(lab)
    if out is None:
        raise GameError(_("No results yet: run the lab first."))
    return out, f"webtabletop-lab-{lab['game']}-{lab['batch'].seed}"


def export_json(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    out, stem = _results(st)
    fx.download = {"name": f"{stem}.json", "text": json.dumps(out, ensure_ascii=False, indent=1)}


def export_csv(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    out, stem = _results(st)
    fx.download = {"name": f"{stem}.csv", "text": csv_text(out)}


#: the lab screen's commands
COMMANDS = {"lab-cancel": cancel, "lab-share": copy_setup, "lab-json": export_json, "lab-csv": export_csv}


def game_link(lab: dict[str, Any], result: dict[str, Any]) -> str:
    """The fragment that opens one lab game in the review (app/review/flow.py): its chances move by
    move, the marked moves, and the board to step through."""
    batch = lab["batch"]
    record = record_of(batch.game, batch.options_of(result["variant"]), result)
    return f"#/{batch.game}/review?r={sharelink.encode(record)}"


def live_html(lab: dict[str, Any]) -> str:
    """The run's progress and numbers (the part of the screen a run's results change); a game's
    review link is listed once the run has ended."""
    links = [] if lab["running"] else [game_link(lab, r) for r in results_in_order(lab)[:200]]
    return labpage.live(lab, current_report(lab), links)


def render(st: AppState, fx: Effects) -> tuple[str, str]:
    spec = get_game(st.route[1])
    lab = _lab(st, spec.id)
    html = labpage.page(spec, lab, EVALS, WORKERS, live_html(lab))
    return html, _("{game}: lab · webtabletop").format(game=_(spec.title))
